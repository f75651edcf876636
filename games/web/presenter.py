"""What a page needs to draw a game for one viewer, and nothing they may not see."""

from __future__ import annotations

import random

from django.http import HttpRequest
from django.utils import timezone

from config import heartbeat
from config.links import absolute, kept_reverse
from games.live import away, presence
from games.models import Game, Seat
from games.notifications.unconfirmed import unconfirmed_notes
from games.play import seat_moves
from games.play.services import PAUSED, seat_key, why_closed
from games.tables import rematch
from games.web import timewords

NO_TOKEN = "NOTPROVIDED"  # what Django's {% csrf_token %} draws as nothing


def viewer_seat(seats: list[Seat], user) -> Seat | None:
    if user is None or not user.is_authenticated:
        return None
    return next((s for s in seats if s.user_id == user.pk and not s.left), None)


def seat_names(seats: list[Seat], players: int) -> list[str]:
    """The name at each position of the table ("Seat 3" where nobody sits)."""
    names = {s.position: s.name for s in seats}
    return [names.get(i, f"Seat {i + 1}") for i in range(players)]


def here_positions(seats: list[Seat]) -> set[int]:
    """Positions of the seats with a page at the table right now: read with the seats
    (``presence.with_here``), else one query."""
    if all(hasattr(s, "here_now") for s in seats):
        return {s.position for s in seats if s.user_id is not None and s.here_now}
    present = presence.here(s.pk for s in seats if s.user_id is not None)
    return {s.position for s in seats if s.pk in present}


def who_is_here(seats: list[Seat], here: set[int], mine: Seat | None) -> list[dict]:
    """The strip of who is at the table, as plain rows (the board draws it as a part)."""
    rows = []
    for seat in seats:
        if seat.is_bot:
            state, when = "bot", "computer player"
        elif seat.left:
            state, when = "off", "removed by the host" if seat.removed else "left the table"
        elif seat.position in here:
            state, when = "on", "here now"
        else:
            state = "off"
            when = f"seen {timewords.ago(seat.last_seen)}" if seat.last_seen else "not seen yet"
        rows.append(
            {"position": seat.position, "name": seat.name, "you": seat == mine, "state": state, "when": when}
        )
    return rows


def here_context(request: HttpRequest, game: Game) -> dict:
    seats = list(game.seats.all())
    user = request.user if request.user.is_authenticated else None
    mine = viewer_seat(seats, user)
    return {"game": game, "here_rows": who_is_here(seats, here_positions(seats), mine)}


def tv_context(request: HttpRequest, game: Game) -> dict:
    """The shared screen sees the table's view (seat None), whoever holds the screen, drawn with
    the game's own board context."""
    seats = list(game.seats.all())
    kind = game.game_kind
    context = {
        "game": game,
        "seats": seats,
        "kind": kind,
        "invite_url": absolute(game.invite_url()),
    }
    if game.state is None:
        return context
    view = game.engine.view(game.state, None)
    context.update(view=view, names=seat_names(seats, game.players), join_open=join_open(game, seats))
    here = here_positions(seats)
    # Read from across the room: who is not at the table, and for how long ("away 3 min").
    context["away"] = {
        s.position: away_for(s.last_seen)
        for s in seats
        if s.user_id is not None and not s.is_bot and not s.left and s.position not in here
    }
    context.update(pause_context(game))
    context.update(kind.board_context(view, game))
    return context


def away_context(request: HttpRequest, game: Game, seats: list[Seat] | None = None) -> dict:
    """Whom the table waits on who is away (a phone asleep), since when, and, for someone at the
    table, whether they may move it on (``games.tables.tools.move_on``) or from when. ``seats``: the
    board's (``presence.board_seats``), else read here."""
    seats = presence.board_seats(game.pk) if seats is None else seats
    table = away.waiting(game, seats)
    user = request.user if request.user.is_authenticated else None
    mine = viewer_seat(seats, user)
    hosting = user is not None and game.host_id == user.pk
    # A host whose table lets them move over the players (Catacombs' Flip anyway) has that instead.
    own_tool = hosting and bool(game.game_kind.policy(game).host_moves_over_players)
    at_table = (hosting and not own_tool) or (mine is not None and not mine.is_bot)
    table = table.seen_by(mine.position if mine else None, is_host=hosting)
    offers = at_table and bool(table.away) and not table.others and game.game_kind.move_on(game) is not None
    stalled = table.stalled()
    left = (table.moves_on_at - timezone.now()).total_seconds() if offers and not stalled else 0
    return {
        "game": game,
        "away_rows": [
            {"name": a.name, "seen": f"seen {timewords.ago(a.last_seen)}" if a.last_seen else "not seen yet"}
            for a in table.away
        ],
        "away_names": " and ".join(a.name for a in table.away),
        "may_move_on": offers and stalled,
        "move_on_in": table.moves_on_in() if left > 0 else "",
        # Redrawn when the button comes due (and now and then as the "seen" times age).
        "away_refresh": max(2, min(30, round(left) + 1)) if left > 0 else 30,
    }


def away_for(last_seen) -> str:
    """ "away", "away 3 min", "away 2 h": short enough for a TV's line of a player."""
    if last_seen is None:
        return "away"
    minutes = int((timezone.now() - last_seen).total_seconds() // 60)
    if minutes < 1:
        return "away"
    return f"away {minutes} min" if minutes < 60 else f"away {minutes // 60} h"


def join_open(game: Game, seats: list[Seat]) -> bool:
    """Whether a latecomer may still take a seat at this game in play: its code stays in a corner."""
    return game.status == Game.Status.ACTIVE and why_closed(game, len(seats)) is None


def pause_context(game: Game) -> dict:
    """``paused`` while the host has the game in play paused, and the sentence that says so."""
    paused = game.status == Game.Status.ACTIVE and game.paused_at is not None
    return {"paused": paused, "paused_note": PAUSED if paused else ""}


def board_context(
    request: HttpRequest, game: Game, error: str | None = None, seats: list[Seat] | None = None
) -> dict:
    """``seats``: the game's seats ``with_away`` (and ``presence.with_here``), when the caller has
    them (``awaiting`` may be stale)."""
    seats = presence.board_seats(game.pk) if seats is None else seats
    user = request.user if request.user.is_authenticated else None
    mine = viewer_seat(seats, user)
    context = {
        "game": game,
        "seats": seats,
        "my_seat": mine,
        "is_host": user is not None and game.host_id == user.pk,
        "error": error,
        "invite_url": absolute(kept_reverse("join", game.code)),
        "here_rows": who_is_here(seats, here_positions(seats), mine),
        "move_url": kept_reverse("move", game.code),  # once, for every form of the board
    }
    kind = game.game_kind
    context["kind"] = kind
    # One person, no mail (a solo run): no mute, no host tools, no holidays to show.
    context["one_sitting"] = kind.policy(game).one_sitting
    if game.state is None:
        context["option_labels"] = kind.table_form.labels(game.options)
        context["free_seats"] = max(0, game.max_seats - len(seats))
        context["joins_in_play"] = kind.policy(game).latecomers
        return context
    position = mine.position if mine else None
    view = game.engine.view(game.state, position)
    context.update(
        view=view,
        names=seat_names(seats, game.players),
        turn=game.tokens.get(seat_key(position)),
        host_turn=game.tokens.get(seat_key(None)),
        log=game.log_tail,
        to_act=set(game.engine.to_act(game.state)) if game.status == Game.Status.ACTIVE else set(),
        join_open=join_open(game, seats),
        **pause_context(game),
        **away_context(request, game, seats),
    )
    # Realtime tables await everyone at once: "your turn" says nothing there; nor while paused.
    waits_for_me = mine is not None and mine.position in context["to_act"]
    context["my_turn"] = waits_for_me and not kind.realtime and not context["paused"]
    if game.status == Game.Status.FINISHED:
        context.update(rematch.offer_context(game, user, seats))
    context.update(kind.board_context(view, game))
    return context


def table_seats(seats: list[Seat]) -> list[dict]:
    """The seats as the table's part shows them, plain rows (and, with the version, its key)."""
    return [
        {"position": s.position, "name": s.name, "left": s.left, "removed": s.removed, "is_bot": s.is_bot}
        for s in seats
    ]


def table_part_context(game: Game, seats: list[Seat]) -> dict:
    """What the table's part of a board (``Pages.table``) is drawn from: the table's view (seat
    None), the seats as plain rows and the log; no game object, no seat's view, so one drawing
    serves every seat and watcher and nothing a seat alone may see can reach it."""
    view = game.engine.view(game.state, None)
    return {
        "code": game.code,
        "seats": table_seats(seats),
        "view": view,
        "names": seat_names(seats, game.players),
        "log": game.log_tail,
        **game.game_kind.table_context(view, game),
    }


def board_fragment(
    request: HttpRequest, game: Game, error: str | None = None, seats: list[Seat] | None = None
) -> dict:
    """``board_context`` for a board swapped into an open page (a poll, a move's answer, a push):
    it carries no CSRF token, so one drawing serves every page of its viewer. The page sends its
    own, from ``<body hx-headers>`` with each htmx request; site.js adds it to a plain form."""
    return {**board_context(request, game, error, seats), "csrf_token": NO_TOKEN}


def _ending(game: Game, kind: str, seat: Seat, seats: list[Seat]) -> str | None:
    """The result, worked out by the rules themselves, if ``seat`` going (leave, remove) ends the
    game; else None."""
    engine = game.engine
    after = seat_moves.apply(engine, game.state, seat_moves.make(kind, seat.position), random.Random(0))
    names = {s.position: s.name for s in seats}
    return seat_moves.result(engine, after, names) if engine.is_over(after) else None


def _leaving_means(game: Game, seat: Seat, seats: list[Seat]) -> str:
    """What leaving does at this table, in a sentence."""
    ending = _ending(game, seat_moves.LEAVE, seat, seats)
    if ending:
        return f"You resign and the game ends: {ending}."
    policy = game.game_kind.policy(game)
    takes = policy.computer_takes_left_seats
    if not takes and all(s.left and not s.is_bot for s in seats if s.position != seat.position):
        return "Nobody else plays here any more: the game ends as it stands."
    return f"You leave for good: {policy.left_seat.you}."


def _removing_means(game: Game, seat: Seat, seats: list[Seat]) -> str:
    """What the host's Remove does to this seat, in a sentence (the host is asked with it first)."""
    ending = _ending(game, seat_moves.REMOVE, seat, seats)
    if ending:
        return f"{seat.name} no longer plays and the game ends: {ending}."
    left_seat = game.game_kind.policy(game).left_seat
    return f"{seat.name} no longer plays at this game, for good: {left_seat.they}."


def tools_context(request: HttpRequest, game: Game, seats: list[Seat] | None = None) -> dict:
    """What the Leave button and the host's tools need (``games/table_tools.html``)."""
    seats = list(game.seats.all()) if seats is None else seats
    user = request.user if request.user.is_authenticated else None
    mine = viewer_seat(seats, user)
    in_play = game.status == Game.Status.ACTIVE
    kind = game.game_kind
    is_host = in_play and user is not None and game.host_id == user.pk and not kind.policy(game).one_sitting
    others = [s for s in seats if not s.left and (user is None or s.user_id != user.pk)]
    for seat in others if is_host else ():
        seat.removing_means = _removing_means(game, seat, seats)
    return {
        "game": game,
        "in_play": in_play,
        "my_seat": mine if in_play else None,
        "leaving_means": _leaving_means(game, mine, seats) if in_play and mine is not None else "",
        "host_tools": is_host,  # not "is_host": the page's board context has its own
        "clocked": in_play and kind.clocked(game),
        "others": others,
        "computer_takes": kind.policy(game).computer_takes_left_seats,
    }


def background_down(game: Game, seats: list[Seat], is_host: bool) -> str:
    """What the host of a table that waits on background work (computer players, a clock, mail)
    reads while that work is not running (config.heartbeat); "" otherwise."""
    if not is_host or game.status == Game.Status.FINISHED:
        return ""
    kind = game.game_kind
    waits = any(seat.is_bot for seat in seats) or kind.clocked(game) or not kind.policy(game).one_sitting
    return heartbeat.DOWN if waits and not heartbeat.running() else ""


def page_context(
    request: HttpRequest, game: Game, error: str | None = None, seats: list[Seat] | None = None
) -> dict:
    """A whole game page: the board and, beside it, leaving and the host's tools. ``page_url``: the
    page's own address, where a refused form's answer (drawn at the form's address) puts the browser."""
    context = board_context(request, game, error=error, seats=seats)
    context["unconfirmed"] = unconfirmed_notes(game, context["seats"], request.user)
    context["background_down"] = background_down(game, context["seats"], context["is_host"])
    return {**tools_context(request, game, context["seats"]), **context, "page_url": game.get_absolute_url()}
