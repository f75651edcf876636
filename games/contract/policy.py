"""What sort of table a game's table is, declared as data: the platform's rules for its people.

Who may sit down once play has begun, who plays a seat its player left, what the end offers,
whether the table is one person's sitting. A ``GameKind`` declares its ``table`` policy; a game
whose tables differ (a solo run, a daily run) answers ``GameKind.policy(game)`` per table.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class SeatWords:
    """A clause about a seat, in the log's words (``they``) and in its own player's (``you``)."""

    they: str
    you: str


@dataclass(frozen=True)
class TablePolicy:
    # One person in one sitting (a solo run): no e-mail, and its page shows no mute, no host tools
    # and no holidays.
    one_sitting: bool = False
    # A latecomer may take a free seat once play has begun (the engine's ``join`` makes the seat).
    latecomers: bool = False
    # Who plays a seat whose player left or was removed: a computer player, or (False) nobody, the
    # engine's ``leave`` and the table's own moves keeping the seat in step (a pass every turn).
    computer_takes_left_seats: bool = True
    left_seat: SeatWords = SeatWords(
        "a computer player plays their seat", "a computer player plays your seat"
    )
    joined_seat: SeatWords = SeatWords("they play from the next turn on", "you play from the next turn on")
    # Move types the host may make while players are still choosing (the host flips on past a
    # sleeping phone); any other move of the host's waits for the players.
    host_moves_over_players: frozenset[str] = field(default_factory=frozenset)
    # Why a finished table may not be played again (its end screen offers no rematch), or None.
    rematch_refusal: str | None = None
    play_again_label: str = "Play again with the same table"
