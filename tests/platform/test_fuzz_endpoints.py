"""Every URL of the site, asked by every kind of visitor, with garbage: never a 500, a
refusal in words, no seed and nobody else's daily run in any answer, and a POST that is
refused changes nothing.

The URL patterns are walked from the resolver, so a new page is fuzzed the day it
is added (its URL arguments need values in ``real_values``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta
from urllib.parse import quote

import pytest
from django.conf import settings
from django.contrib.auth.tokens import default_token_generator
from django.core import signing
from django.test import Client
from django.urls import URLResolver, get_resolver
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from config.csrf import SENTENCE
from games.catacombs import runs
from games.models import Game, Holiday, NotificationPrefs, Seat
from games.notifications.unsubscribe import SALT, make_token
from games.play import services
from groups import services as group_services
from groups.models import GameNight, GroupSheet, Membership
from scoresheets.models import ScoreSheet

pytestmark = pytest.mark.django_db

SKIPPED = ("admin/", "dev/")
ROLES = ("anonymous", "outsider", "seated", "host")
ARGUMENT = re.compile(r"<(?:(?P<converter>\w+):)?(?P<name>\w+)>")

FIELDS = (
    "move",
    "turn",
    "as",
    "version",
    "code",
    "display_name",
    "email",
    "password",
    "password1",
    "password2",
    "old_password",
    "new_password1",
    "new_password2",
    "username",
    "next",
    "kind",
    "names",
    "action",
    "paper",
    "scope",
    "copies",
    "players",
    "muted",
    "back",
    "mode",
    "always",
    "start",
    "end",
    "pile",
    "slot",
    "row",
    "value",
    "die",
    "dice",
    "count",
    "faces",
    "seat",
    "card",
    "category",
    "book",
    "max_seats",
    "seat_order",
    "host_plays",
    "turn_deadline",
    "flip_mode",
    "turn_length",
    "turn_unit",
    "target",
    "amen_bonus",
    "negative",
    "winners",
    "foundations_0",
    "store_0",
    "trophy_0",
    "member",
    "sheet",
    "zone",
)
JUNK = (
    "9" * 5000,  # more digits than int() converts
    "²",  # a digit to str.isdigit, not to int()
    "--5",
    "-1",
    "ünï\u202ecødé \U0001f3b2",
    '{"type": "flip", "pile": NaN}',
    "[" * 3000,
)
PARSING_MOVE = '{"type": "write"}'  # a move that parses, so the form fields beside it are read too


def junk(value: str, move: str | None = None) -> dict[str, str]:
    return {field: value for field in FIELDS} | ({"move": move} if move else {})


Request = tuple[str, dict]
# Everyone asks about a page's main object plainly and with the worst junk; the host and
# the seated player, who may change things, also post every other kind of junk.
EVERYONE: list[Request] = [
    ("get", {}),
    ("post", {}),
    ("get", junk(JUNK[0])),
    ("post", junk(JUNK[0])),
    ("post", junk(JUNK[1], PARSING_MOVE)),
]
PLAYERS: list[Request] = (
    [("get", junk(JUNK[1]))]
    + [("post", junk(value)) for value in JUNK[1:]]
    + [("post", junk(value, PARSING_MOVE)) for value in (JUNK[0], JUNK[2])]
)
# Other real objects, and URL arguments naming nothing.
OTHERS: list[Request] = [("get", {}), ("post", {}), ("post", junk(JUNK[0]))]
NOTHING: list[Request] = [("get", {}), ("post", {})]
BAD_ARGUMENTS = {
    "str": ["ZZZZZZ", "ünïcødé", "x" * 300, "\x00"],
    "code": ["ZZZZZZ", "ünïcødé", "x" * 300, "\x00", "---"],
    "slug": ["nope", "x" * 300],
    "id": ["0", "9" * 19, "9" * 30],
}
HUGE_IDS = ("9" * 19, "99999999999999999999999", "1" + "0" * 40)  # past 2**63, where SQLite overflows


def routes(resolver=None, prefix: str = "") -> list[tuple[str, str]]:
    """(route, name) of every URL pattern but the admin's and DEBUG's."""
    found = []
    for entry in (resolver or get_resolver()).url_patterns:
        route = prefix + str(entry.pattern)
        if route.startswith(SKIPPED):
            continue
        if isinstance(entry, URLResolver):
            found += routes(entry, route)
        else:
            found.append((route, entry.name))
    return found


ROUTES = {name: route for route, name in routes()}


@dataclass
class World:
    users: dict[str, object]
    games: dict[str, Game]
    sheet: ScoreSheet
    holiday: Holiday
    group_sheet: GroupSheet

    def secrets(self) -> list[str]:
        """What no response may hold: the seeds every deal comes from."""
        return [g.seed for g in self.games.values()] + [self.games["daily"].options["deck_seed"]]

    def private(self) -> str:
        """What only the daily run's player may see today: how its first cards came up."""
        return self.games["daily"].moves.get(number=0).summary


@pytest.fixture
def world(make_user) -> World:
    host, player, outsider, other = (make_user(n) for n in ("Hostia", "Paula", "Otto", "Bea"))
    poker = services.create_game(host, "poker", {}, 2, "seated")
    services.join_game(poker.pk, player)
    services.start_game(poker.pk, host)
    lobby = services.create_game(host, "poker", {}, 3, "seated")
    services.join_game(lobby.pk, player)
    catacombs = services.create_game(host, "catacombs", {"flip_mode": "host"}, 2, "seated", host_plays=False)
    for user in (player, other):
        services.join_game(catacombs.pk, user)
    services.start_game(catacombs.pk, host)
    catacombs.refresh_from_db()
    services.submit_move(catacombs.pk, host, {"type": "flip"}, catacombs.tokens["host"], as_host=True)
    catacombs.refresh_from_db()
    services.submit_move(catacombs.pk, other, {"type": "pass"}, catacombs.tokens["1"])
    games = {
        "poker": poker,
        "lobby": lobby,
        "catacombs": catacombs,
        "solo": runs.start_solo(player),
        "daily": runs.start_daily(player).game,
    }
    today = timezone.now().date()
    sheet = ScoreSheet.objects.create(kind="poker", names=["Hostia", "Paula"], owner=host)
    group = group_services.create_group(host, "Fuzzers")
    group_services.join_group(group, player)
    member = Membership.objects.get(group=group, user=host)
    group_sheet = group_services.attach_sheet(member, sheet.token, {host.pk: "Hostia", player.pk: "Paula"})
    return World(
        users={"anonymous": None, "outsider": outsider, "seated": player, "host": host},
        games={key: Game.objects.get(pk=game.pk) for key, game in games.items()},
        sheet=sheet,
        holiday=Holiday.objects.create(user=host, start=today, end=today + timedelta(days=3)),
        group_sheet=group_sheet,
    )


CATACOMBS_PAGES = {"tv", "tv_poll"}
LOBBY_PAGES = {"start", "leave", "add_bot", "remove_seat", "join"}


def real_values(world: World, url_name: str, argument: str) -> list[str]:
    """Values of a URL argument that name real objects, the page's main object first."""
    games = world.games
    player = world.users["seated"]
    if argument == "code":
        first = "lobby" if url_name in LOBBY_PAGES else "poker"
        first = "catacombs" if url_name in CATACOMBS_PAGES else first
        return [games[first].code] + [g.code for key, g in games.items() if key != first]
    if argument == "token" and url_name.startswith("sheet"):
        return [world.sheet.token]
    if argument == "token" and url_name == "notify_unsubscribe":
        return [make_token(player.pk, games["poker"].pk), make_token(player.pk)]
    lobby_seats = games["lobby"].seats.order_by("-position")  # the player's, then the host's
    values = {
        "slug": ["poker", "catacombs"],
        # The lobby's seats, then seats of another game (not the lobby's to remove).
        "seat_id": [str(s.pk) for s in lobby_seats] + [str(s.pk) for s in games["poker"].seats.all()],
        "tool": ["resume", "pause"],  # refused at every table here: none is paused or on a clock
        "holiday_id": [str(world.holiday.pk)],
        "group_id": [str(world.group_sheet.group_id)],
        "key": [world.group_sheet.group.tv_token],  # a group's TV link
        "attached_id": [str(world.group_sheet.pk)],
        "user_id": [str(player.pk), str(world.users["host"].pk)],
        "moves": ["0", "1"],  # a page back from sleep: the moves it had shown
        "day": [runs.today().isoformat(), "2024-02-29"],
        "uidb64": [urlsafe_base64_encode(force_bytes(player.pk))],
        "token": [default_token_generator.make_token(player)],
    }
    return values[argument]


def url_for(route: str, values: dict[str, str]) -> str:
    return "/" + ARGUMENT.sub(lambda m: quote(values[m["name"]], safe=""), route)


def cases(world: World, url_name: str) -> list[tuple[str, list[Request], tuple[str, ...]]]:
    """(url, requests, roles) for one URL pattern: its main object first, then the others
    and arguments that name nothing."""
    route = ROUTES[url_name]
    arguments = {m["name"]: m["converter"] or "str" for m in ARGUMENT.finditer(route)}
    real = {name: real_values(world, url_name, name) for name in arguments}
    main = {name: values[0] for name, values in real.items()}
    players = ("seated", "host")
    found = [(url_for(route, main), EVERYONE, ROLES), (url_for(route, main), PLAYERS, players)]
    for name, converter in arguments.items():
        for value in real[name][1:]:
            found.append((url_for(route, {**main, name: value}), OTHERS, players))
        for value in BAD_ARGUMENTS[converter]:
            found.append((url_for(route, {**main, name: value}), NOTHING, ("seated",)))
    return found


def snapshot() -> list:
    """Everything a refused request must leave as it was."""
    games = Game.objects.order_by("pk")
    seats = Seat.objects.order_by("pk")
    return [
        list(games.values_list("pk", "status", "version", "move_count", "state", "tokens")),
        list(seats.values_list("pk", "game_id", "user_id", "position", "left", "muted")),
        list(ScoreSheet.objects.order_by("pk").values_list("pk", "entries", "version")),
        list(Holiday.objects.order_by("pk").values_list("pk", "start", "end")),
        list(NotificationPrefs.objects.order_by("pk").values_list("user_id", "mode", "always")),
        list(GroupSheet.objects.order_by("pk").values_list("pk", "members")),
        list(GameNight.objects.order_by("pk").values_list("pk", "started_at", "ended_at")),
    ]


class Visitors:
    """A browser per role, signed in once; the anonymous visitor's is new for each request
    (a guest account made on the way would sign it in)."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.clients: dict[str, Client] = {}
        self.seen = snapshot()
        self.secrets = world.secrets()
        self.private = world.private()

    def client(self, role: str) -> Client:
        user = self.world.users[role]
        client = self.clients.get(role) if user else None
        session = client and client.cookies.get(settings.SESSION_COOKIE_NAME)
        if not (session and session.value):  # a new visitor, or one the logout page signed out
            client = Client(raise_request_exception=False)
            if user:
                client.force_login(user)
                self.clients[role] = client
        return client

    def check(self, role: str, method: str, url: str, data: dict, htmx: bool) -> None:
        headers = {"HX-Request": "true"} if htmx else {}
        response = getattr(self.client(role), method)(url, data, headers=headers)
        where = f"{method.upper()} {url[:80]} as {role} with {str(data)[:60]}"
        assert response.status_code < 500, where
        body = response.content.decode(errors="replace")
        if response.status_code >= 400:
            assert body.strip(), f"{where}: a refusal without a word"
            assert "matches the given query" not in body, f"{where}: a refusal in Django's words"
        self.check_hidden(role, body, where)
        if method == "get":
            return
        now = snapshot()
        if response.status_code >= 400:
            assert now == self.seen, f"{where}: refused with {response.status_code}, yet something changed"
        self.seen = now

    def check_hidden(self, role: str, body: str, where: str) -> None:
        assert not any(secret in body for secret in self.secrets), f"{where}: a seed left the server"
        if role != "seated":
            assert self.private not in body, f"{where}: someone else's daily run showed"


def test_every_url_is_fuzzed():
    assert len(ROUTES) > 40 and "move" in ROUTES and "sheet" in ROUTES


@pytest.mark.parametrize("url_name", sorted(ROUTES))
def test_garbage_never_breaks_a_page(world, url_name):
    visitors = Visitors(world)
    for url, requests, roles in cases(world, url_name):
        for role in roles:
            for number, (method, data) in enumerate(requests):
                visitors.check(role, method, url, data, htmx=number % 2 == 1)


ID_ROUTES = sorted(name for name, route in ROUTES.items() if re.search(r"<(?:int|id):", route))


def test_every_id_in_a_url_is_a_database_id():
    assert len(ID_ROUTES) >= 10 and "group" in ID_ROUTES and "player" in ID_ROUTES
    assert not [route for route in ROUTES.values() if "<int:" in route], "use <id:...>: at most 18 digits"


@pytest.mark.parametrize("url_name", ID_ROUTES)
def test_a_huge_id_is_the_sites_own_not_found(world, url_name):
    route = ROUTES[url_name]
    arguments = {m["name"]: m["converter"] for m in ARGUMENT.finditer(route)}
    main = {name: real_values(world, url_name, name)[0] for name in arguments}
    before = snapshot()
    for name in (name for name, converter in arguments.items() if converter in ("int", "id")):
        for huge in HUGE_IDS:
            url = url_for(route, {**main, name: huge})
            for role in ("anonymous", "host"):
                client = Client(raise_request_exception=False)
                if world.users[role]:
                    client.force_login(world.users[role])
                for method in ("get", "post"):
                    response = getattr(client, method)(url)
                    assert response.status_code == 404, f"{method.upper()} {url} as {role}"
                    assert "There is no page at this address" in response.content.decode(), url
    assert snapshot() == before


CSRF_EXEMPT = {"notify_unsubscribe"}  # the signed token is the credential (one-click unsubscribe)


def test_csrf_guards_every_post(world):
    client = Client(enforce_csrf_checks=True, raise_request_exception=False)
    client.force_login(world.users["host"])
    before = snapshot()
    for url_name in sorted(set(ROUTES) - CSRF_EXEMPT):
        url = cases(world, url_name)[0][0]
        response = client.post(url, junk("1", '{"type": "flip"}'))
        assert response.status_code == 403 and SENTENCE in response.content.decode(), url_name
    assert snapshot() == before


@pytest.mark.parametrize(
    "method, url, data",
    [
        ("get", "/g/%00/", {}),
        ("get", "/pads/sheets/a%00b/", {}),
        ("get", "/join/", {"code": "AB\x00CD"}),
        ("post", "/catacombs/solo/", {"display_name": "Nul\x00"}),
        ("post", "/pads/sheets/new/", {"kind": "poker", "names": "A\x00, B"}),
    ],
)
def test_a_nul_character_is_refused_before_any_view(client, method, url, data):
    response = getattr(client, method)(url, data)
    assert response.status_code == 400
    assert "holds a character no page of this site accepts" in response.content.decode()
    assert not Game.objects.exists() and not ScoreSheet.objects.exists()


def test_a_post_only_address_opened_as_a_page_says_why(client, make_table, toy_games):
    game, _ = make_table("nim")
    response = client.get(f"/g/{game.code}/move/")
    assert response.status_code == 405 and response["Allow"] == "POST"
    assert "answers only to a button" in response.content.decode()
    response = client.post(f"/g/{game.code}/log/")
    assert response.status_code == 405 and "can only be opened" in response.content.decode()


OWN_PAGES = (
    "my_games",
    "new_game",
    "catacombs_history",
    "profile",
    "password_change",
    "notify_prefs",
    "notify_add_holiday",
    "notify_delete_holiday",
    "notify_mute",
)


@pytest.mark.parametrize("url_name", OWN_PAGES)
def test_pages_of_ones_own_send_a_visitor_to_sign_in(world, url_name):
    url = cases(world, url_name)[0][0]
    before = snapshot()
    for method in ("get", "post"):
        response = getattr(Client(), method)(url, {"mode": "none", "muted": "1", "start": "2030-01-01"})
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert snapshot() == before


@pytest.mark.parametrize("salt, key", [("games.live.presence", None), (None, "another-secret-" + "y" * 40)])
def test_an_unsubscribe_token_signed_any_other_way_is_refused(client, world, salt, key):
    player = world.users["seated"]
    forged = signing.TimestampSigner(key=key, salt=salt or SALT).sign_object({"u": player.pk, "g": None})
    response = client.post(f"/notifications/unsubscribe/{forged}/")
    assert response.status_code == 400 and not NotificationPrefs.objects.exists()
