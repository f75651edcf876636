"""A Roman Catacombs group table on phones (390x844) and a TV, on the embedded default's ASGI server
(in-memory channel layer), where everyone writes at once: a card picked on one phone stays picked,
its slots lit, while the others' moves are pushed in."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.notifications import deadlines
from games.play import services
from tests.e2e.accessibility import assert_accessible
from tests.e2e.test_presence_turn_e2e import phone, site  # noqa: F401 — fixtures
from tests.paths import ARTIFACTS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


TV = {"width": 1920, "height": 1080}


def accepting(*pages):
    """Pages that answer "leaves a slot dead: write it anyway?" with yes."""
    for page in pages:
        page.on("dialog", lambda dialog: dialog.accept())
    return pages if len(pages) > 1 else pages[0]


def table(make_user, names=("Sister Ann", "Brother Tom"), options=None, host=None, seats=None):
    """The players at a started table whose first cards are up; hosted by the first of them, or by
    ``host`` who does not play; ``seats``: how many (as many as players by default)."""
    people = [make_user(name) for name in names]
    host = host or people[0]
    game = services.create_game(
        host,
        "catacombs",
        {"flip_mode": "host", **(options or {})},
        seats or len(names),
        "seated",
        host_plays=host == people[0],
    )
    for user in people[1:] if host == people[0] else people:
        services.join_game(game.pk, user)
    services.start_game(game.pk, host)
    game.refresh_from_db()
    if game.state["phase"] == "flip":  # the host flips the first cards (a timed table deals them itself)
        services.submit_move(game.pk, host, {"type": "flip"}, game.tokens["host"], as_host=True)
        game.refresh_from_db()
    return game, people


def live(page) -> None:
    page.wait_for_function("() => document.documentElement.dataset.live === 'on'")


def version(page) -> str:
    return page.locator("#board").get_attribute("data-version")


def pick_a_card(page) -> str:
    """Tap the first card that fits a free slot; its pile."""
    pile = page.locator("#board .cc-pick .pick:not([disabled])").first.get_attribute("value")
    page.locator(f"label[for=cc-pick-{pile}]").click()
    return pile


def shot(page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"e2e_catacombs_table_{name}.png"), full_page=True)


def test_a_picked_card_stays_picked_while_another_player_writes(phone, make_user):  # noqa: F811
    game, (ann, tom) = table(make_user)
    url = f"/g/{game.code}/"
    hers, his = accepting(phone(ann), phone(tom))
    for page in (hers, his):
        page.goto(url)
        live(page)

    pile = pick_a_card(hers)
    lit = hers.locator(f"#board .cc-put-{pile} button.cc-write")
    assert lit.first.is_visible()
    slots = lit.count()

    # Tom writes a book on his phone; Ann's board is redrawn by the push.
    before = version(hers)
    his_pile = pick_a_card(his)
    his.locator(f"#board .cc-put-{his_pile} button.cc-write").first.click()
    his.get_by_text("The others see your choice when the turn is over.").wait_for()
    hers.wait_for_function("v => document.querySelector('#board').dataset.version !== v", arg=before)
    assert "Brother Tom" in hers.locator(".cc-players li.chosen").inner_text()

    assert hers.locator(f"#cc-pick-{pile}").is_checked()
    assert hers.locator(f"#board .cc-put-{pile} button.cc-write").count() == slots
    assert hers.locator(f"#board .cc-put-{pile} button.cc-write").first.is_visible()
    assert hers.evaluate("() => document.activeElement.id") == f"cc-pick-{pile}"  # the focus stayed
    shot(hers, "pick_kept")
    assert_accessible(hers)

    # She writes where she picked.
    hers.locator(f"#board .cc-put-{pile} button.cc-write").first.click()
    hers.get_by_role("button", name="Flip the next cards").wait_for()  # she hosts: everyone has chosen
    assert hers.locator(".log li").first.inner_text() == "Sister Ann has chosen. Turn 1 resolved."


def test_a_pick_is_dropped_when_the_turn_is_up(phone, make_user):  # noqa: F811
    game, (ann, tom) = table(make_user, options={"flip_mode": "timed", "turn_seconds": 60})
    hers = accepting(phone(ann))
    hers.goto(f"/g/{game.code}/")
    live(hers)
    pick_a_card(hers)
    before = version(hers)
    # The turn is up: Ann and Tom pass and the next cards come, a fresh choice.
    assert deadlines.run_clock(game.pk, timezone.now() + timedelta(seconds=61))
    hers.wait_for_function("v => document.querySelector('#board').dataset.version !== v", arg=before)
    hers.wait_for_function("() => document.querySelector('.cc-head').textContent.includes('Turn 2')")
    assert hers.locator("#board .cc-pick .pick").count()
    assert not hers.locator("#board .cc-pick .pick:checked").count()


def test_a_pause_is_said_at_the_top_of_the_phones_and_the_tv(phone, make_user):  # noqa: F811
    game, (ann, tom) = table(make_user, options={"flip_mode": "timed", "turn_seconds": 600})
    url = f"/g/{game.code}/"
    hers, his, tv = accepting(phone(ann), phone(tom), phone(ann, viewport=TV))
    for page, address in ((hers, url), (his, url), (tv, f"/g/{game.code}/tv/")):
        page.goto(address)
        live(page)
    assert "Time left" in tv.locator("#board").inner_text()

    # Ann hosts: she pauses from her host tools; Tom's phone and the TV hear it.
    hers.locator("#host-tools > summary").click()
    hers.get_by_role("button", name="Pause the game").click()
    for page in (hers, his, tv):
        page.locator("#board .pause-banner").wait_for()
    banner = his.locator("#board .pause-banner")
    assert banner.inner_text() == "Paused. The host paused the game: it goes on when they resume it."
    assert (
        banner.bounding_box()["y"] < his.locator(".cc-head").bounding_box()["y"]
    )  # the first thing on the board
    assert not his.get_by_text("Your turn: write one of the three books").is_visible()
    assert tv.locator(".cc-tv-paused").inner_text() == "Paused"
    assert "Time left" not in tv.locator("#board").inner_text()
    his.screenshot(path=str(ARTIFACTS / "e2e_catacombs_table_phone_paused.png"))
    tv.screenshot(path=str(ARTIFACTS / "e2e_catacombs_table_tv_paused.png"))
    assert_accessible(his)
    assert_accessible(tv)


def test_a_removed_player_is_gone_from_every_screen_and_an_early_end_is_said(phone, make_user):  # noqa: F811
    game, (ann, tom, jo) = table(make_user, names=("Sister Ann", "Brother Tom", "Pastor Jo"))
    hers, tv = accepting(phone(ann), phone(ann, viewport=TV))
    hers.goto(f"/g/{game.code}/")
    tv.goto(f"/g/{game.code}/tv/")
    live(tv)

    hers.locator("#host-tools > summary").click()
    hers.locator("#remove-seat-2 > summary").click()
    hers.get_by_role("button", name="Yes, remove Pastor Jo").click()
    removed = "The host removed Pastor Jo; their seat passes every turn from now on."
    hers.locator("ul.messages").wait_for()
    assert hers.locator("ul.messages").inner_text() == removed  # not the pass the table made for his seat
    jo_row = hers.locator(".cc-players li").filter(has_text="Pastor Jo")
    assert "their seat passes every turn" in jo_row.inner_text() and "chosen" not in jo_row.inner_text()
    tv_jo = tv.locator(".cc-tv-players li").filter(has_text="Pastor Jo")
    tv_jo.filter(has_text="removed").wait_for()  # the host removed Jo: the TV says so
    assert "chosen" not in tv_jo.inner_text()
    hers.screenshot(path=str(ARTIFACTS / "e2e_catacombs_table_host_after_remove.png"), full_page=True)
    tv.screenshot(path=str(ARTIFACTS / "e2e_catacombs_table_tv_after_remove.png"))
    assert_accessible(tv)

    if not hers.locator("#end-game").is_visible():
        hers.locator("#host-tools > summary").click()
    hers.locator("#end-game > summary").click()
    hers.get_by_role("button", name="Yes, end the game").click()
    hers.get_by_text("The host ended the game early, as it stood.").wait_for()
    tv.get_by_text("The host ended the game early, as it stood.").wait_for()
    hers.screenshot(path=str(ARTIFACTS / "e2e_catacombs_table_host_end.png"), full_page=True)
    tv.screenshot(path=str(ARTIFACTS / "e2e_catacombs_table_tv_end.png"))
    assert_accessible(hers)


def test_the_tables_part_fits_each_viewer_and_an_opened_library_stays_open(phone, make_user):  # noqa: F811
    """The table's part is one drawing for all: a player's page hides their own library there (theirs
    is drawn above, with this turn's write), the host who does not play sees every library open,
    and a library opened on a phone stays open when another player's write is pushed in."""
    host = make_user("Father Luke")
    game, (ann, tom) = table(make_user, host=host)
    url = f"/g/{game.code}/"
    hers, his, hosts = accepting(phone(ann), phone(tom), phone(host))
    for page in (hers, his, hosts):
        page.goto(url)
        live(page)

    libraries = "#board details.cc-other"
    assert hers.locator(f"{libraries}[data-seat='0']").is_hidden()  # her own
    toms = hers.locator(f"{libraries}[data-seat='1']")
    assert toms.is_visible() and toms.get_attribute("open") is None
    assert hosts.locator(libraries).count() == 2
    assert all(hosts.locator(libraries).nth(n).get_attribute("open") is not None for n in range(2))

    toms.locator("summary").click()  # she opens Tom's library; then Tom writes a book
    before = version(hers)
    his_pile = pick_a_card(his)
    his.locator(f"#board .cc-put-{his_pile} button.cc-write").first.click()
    hers.wait_for_function("v => document.querySelector('#board').dataset.version !== v", arg=before)
    assert hers.locator(f"{libraries}[data-seat='1']").get_attribute("open") is not None
    assert hers.locator(f"{libraries}[data-seat='0']").is_hidden()
    shot(hers, "table_part_fitted")
    assert_accessible(hers)
