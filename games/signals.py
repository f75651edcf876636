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
