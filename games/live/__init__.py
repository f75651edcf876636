"""Pushes to open game pages: "version N is out" over the channel layer, never a view.

A page opens one WebSocket per table (``consumers.TableConsumer``); when a game
changes, ``push.announce_version`` tells the table's group (through the
process's ``sender``), and each socket's consumer draws the board its own
viewer may see (``boards``) and sends it, so the page redraws without a request
and no socket ever carries another seat's view. With Redis (``CHANNEL_LAYER_URL``) the group spans every
web process and the workers; the embedded default's in-memory layer does not
leave its process, so there each web process also watches the versions of the
tables it has sockets for (``watch``) and a move made by a worker reaches the
page within a fraction of a second all the same.
"""
