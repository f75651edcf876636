"""The hook point between the move path and the work that follows a commit.

``services`` sends these after a change commits; ``games.tasks`` (computer
players, clocks, e-mail) and ``games.live`` (pushes to open pages) connect
to them at start-up. The move path thus never imports the modules that import
it, and a new follower is one ``connect`` away.
"""

from __future__ import annotations

from django.dispatch import Signal

# A game's state changed and the change committed. Sent with ``game`` (the saved
# row) and ``seats`` (its seats as the move path saw them).
game_changed = Signal()

# Outbox rows were written and committed. Sent with ``ids``.
outbox_written = Signal()

# The last open page of a seat closed (its socket went). Sent with ``game_id`` and ``user_id``.
seat_left_page = Signal()

# The first page of a seat opened (its socket connected while none was). Sent with ``game_id``.
seat_came_to_page = Signal()

# A table went away (the host cancelled it) or a seat was taken from its player; sent on commit
# with ``game_id`` and ``message`` (and ``user_id`` for a seat): open pages are told.
table_closed = Signal()
seat_removed = Signal()

# A finished table's rematch was made, or cancelled by its host; sent on commit with ``game_id`` (the
# finished game) and ``user_ids`` (its players): its open end screens and their "My games" redraw
# the invitation (or its going).
rematch_offered = Signal()
