"""A table read at a glance from across the room (a night's TV): what it waits for, its players, who
is away and the scores so far, from the spectator's view only, in the game's own words."""

from __future__ import annotations

from dataclasses import dataclass

from games.contract.protocol import awaits_table, name_list, round_number
from games.models import Game, Seat
from games.web.presenter import away_for, here_positions, seat_names


@dataclass(frozen=True)
class Player:
    name: str
    score: int | None  # None: the game shows no score before its end
    awaited: bool  # the table waits for this seat's move
    away: str  # "away 3 min" for a person with no page at the table; "" for one here
    left: bool


@dataclass(frozen=True)
class Glance:
    game: Game
    awaits: str  # "Ann's turn", "hand 3 · playing: Ann and Bo", "waiting for the host"
    players: list[Player]


def awaits_line(game: Game, names: list[str]) -> str:
    """What the table waits for: one seat's turn, the seats still choosing in a round (or in a game
    all play at once), or the table's own step. Which seats are awaited is public (``Seat.awaiting``)."""
    engine, state, kind = game.engine, game.state, game.game_kind
    if engine.is_over(state):
        return "game over"
    if game.paused_at is not None:
        return "paused"
    number = round_number(engine, state)
    if awaits_table(engine, state):
        first = number == 0
        host = ("host_first_screen" if first else "host_waits_screen") if kind.host_acts(game) else None
        return kind.notice(host or ("table_first" if first else "table_waits"), round=number)
    awaited = name_list([names[p] for p in engine.to_act(state) if p < len(names)])
    if number is None and not kind.realtime and len(engine.to_act(state)) == 1:
        return kind.notice("turn", names=awaited)
    line = kind.notice("choosing", names=awaited) if awaited else ""
    prefix = kind.notice("round_label", round=number) if number is not None else ""
    return " · ".join(part for part in (prefix, line) if part) or "in play"


def glance(game: Game, seats: list[Seat]) -> Glance:
    """``game`` in play, with its seats (``position`` order)."""
    view = game.engine.view(game.state, None)
    names = seat_names(seats, game.players)
    scores = game.game_kind.scores_so_far(view) or []
    awaited = set(game.engine.to_act(game.state))
    here = here_positions(seats)
    by_position = {s.position: s for s in seats}
    players = []
    for position, name in enumerate(names):
        seat = by_position.get(position)
        person = seat is not None and seat.user_id is not None and not seat.is_bot and not seat.left
        players.append(
            Player(
                name=name,
                score=scores[position] if position < len(scores) else None,
                awaited=position in awaited,
                away=away_for(seat.last_seen) if person and position not in here else "",
                left=seat is not None and seat.left,
            )
        )
    return Glance(game, awaits_line(game, names), players)
