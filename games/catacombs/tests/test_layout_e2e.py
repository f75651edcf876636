"""Roman Catacombs on a 390x844 phone and a 1280x800 laptop: the three cards and the whole library
are on one screen; picking a card lights the slots it may take; a book is written by keyboard
alone; the final table is ranked and each verse shows once; every state passes the scan. Books' and
players' names stay whole words on a phone and on a 1920x1080 TV, at a table and in a solo run."""

from __future__ import annotations

import pytest
from django.test import Client

from games.catacombs import engine, runs
from games.models import Game
from games.play import services
from tests.e2e.accessibility import LAPTOP, PHONE, assert_accessible
from tests.e2e.layout import (
    inside,
    no_sideways_scroll,
    table_with_computers,
    text_inside,
    wait_for_redraw,
    words_whole,
)
from tests.e2e.test_accessibility_e2e import sign_up
from tests.paths import ARTIFACTS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


TV = {"width": 1920, "height": 1080}


def table(user) -> Game:
    return table_with_computers(user, "catacombs", {"flip_mode": "auto", "deck_seed": "w2"})


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_the_cards_and_the_whole_library_share_one_screen(new_page, size):
    page = new_page(**size)
    game = table(sign_up(page, "Julius"))
    page.goto(f"/g/{game.code}/")
    board = page.locator("#board")
    no_sideways_scroll(page)
    cards = board.locator(".cc-pickable")
    assert cards.count() == 3
    for card in cards.all():
        inside(page, card)
    rows = board.locator(".cc-play .cc-row")
    assert rows.count() == 7
    for row in rows.all():
        inside(page, row)
    inside(page, board.get_by_role("button", name="Pass (write nothing this turn)"))
    assert board.locator(".cc-write:visible").count() == 0  # nothing lit before a card is picked
    assert_accessible(page)
    card = board.locator(".cc-pickable.playable").first
    card.click()
    lit = board.locator(".cc-write:visible")
    assert lit.count() >= 1
    book = card.locator(".cc-book").inner_text().strip()
    for button in lit.all():
        inside(page, button)
        assert book in button.inner_text()
    assert_accessible(page)


def test_a_book_is_written_by_keyboard_alone(new_page):
    page = new_page(**PHONE)
    game = table(sign_up(page, "Julius"))
    page.goto(f"/g/{game.code}/")
    version = page.locator("#board").get_attribute("data-version")
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.name") == "cc-pick":
            break
    else:
        raise AssertionError("Tab never reached the cards")
    page.keyboard.press("Space")
    picked = page.evaluate("document.activeElement.value")
    book = page.locator(f"label[for=cc-pick-{picked}] .cc-book").inner_text().strip()
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('cc-write')"):
            break
    else:
        raise AssertionError("Tab never reached a lit slot")
    risky = page.evaluate("document.activeElement.classList.contains('risky')")
    if risky:
        page.once("dialog", lambda dialog: dialog.accept())
    page.keyboard.press("Enter")
    wait_for_redraw(page, version)
    assert f"You wrote {book}" in page.locator("#board").inner_text()


def test_the_end_ranks_the_table_and_shows_each_verse_once(new_page):
    page = new_page(**PHONE)
    game = table(sign_up(page, "Julius"))
    # Both completed the Law with Genesis in turn 3; the computer (seat 1) also History: it wins.
    game.state["completions"] = [
        {"seat": 0, "category": 0, "turn": 3, "card": 0, "points": 8},
        {"seat": 1, "category": 0, "turn": 3, "card": 0, "points": 8},
        {"seat": 1, "category": 1, "turn": 5, "card": 10, "points": 7},
    ]
    game.state["phase"] = "over"
    game.status = Game.Status.FINISHED
    game.save()
    page.goto(f"/g/{game.code}/")
    final = page.locator(".cc-final li")
    assert final.count() == 2
    assert "1st" in final.nth(0).inner_text() and "Computer" in final.nth(0).inner_text()
    assert "2nd" in final.nth(1).inner_text() and "Julius" in final.nth(1).inner_text()
    verses = page.locator(".cc-end .cc-verse")
    assert verses.count() == 2  # Genesis once, for both players, then Joshua
    assert "Julius and Computer 1: Law" in verses.nth(0).inner_text()
    assert page.get_by_text("In the beginning God created").count() == 1
    assert_accessible(page)


def card_of(book: str) -> int:
    return next(i for i, card in enumerate(engine.edition()["cards"]) if card["book"] == book)


def named_table(make_user) -> Game:
    """Three players with two-word names, and the longest books face up."""
    ann, jo, tom = (
        make_user(name, email=f"{name.split()[1].lower()}@example.com")
        for name in ("Sister Ann", "Pastor Jo", "Brother Tom")
    )
    game = services.create_game(ann, "catacombs", {"flip_mode": "auto", "deck_seed": "w2"}, 3, "seated")
    services.join_game(game.pk, jo)
    services.join_game(game.pk, tom)
    services.start_game(game.pk, ann)
    game = Game.objects.get(pk=game.pk)
    game.state["face_up"] = [card_of("1 Thessalonians"), card_of("Lamentations"), card_of("Habakkuk")]
    for seat in range(3):  # long names written: Ecclesiastes (III), Philippians (VII)
        game.state["sheets"][seat][2][0] = card_of("Ecclesiastes")
        game.state["sheets"][seat][6][0] = card_of("Philippians")
    game.save()
    return game


@pytest.mark.parametrize("where", ["phone", "tv"])
def test_books_and_players_names_are_never_split_inside_a_word(new_page, make_user, live_server, where):
    game = named_table(make_user)
    if where == "phone":
        page = new_page(**PHONE)
        client = Client()
        client.force_login(game.seats.get(position=0).user)
        page.context.add_cookies(
            [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
        )
        page.goto(f"/g/{game.code}/")
        names = page.locator(".cc-players .cc-pname")
    else:
        page = new_page(**TV)
        page.goto(f"/g/{game.code}/tv/")
        names = page.locator(".cc-tv-players .cc-pname")
    books = page.locator(".cc-card .cc-book")
    assert [b.strip() for b in books.all_inner_texts()] == ["1 Thessalonians", "Lamentations", "Habakkuk"]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"e2e_catacombs_long_names_{where}.png"))
    words_whole(books)
    text_inside(books)
    if where == "phone":
        written = page.locator(".cc-play .cc-written")
        assert written.count() == 2
        words_whole(written)
        text_inside(written)
        page.locator("label[for=cc-pick-0]").click()  # 1 Thessalonians: its slots light up
        lit = page.locator(".cc-write:visible .cc-write-label")
        assert lit.count() >= 1
        page.screenshot(path=str(ARTIFACTS / "e2e_catacombs_long_names_phone_picked.png"))
        words_whole(lit)
        text_inside(lit)
    assert names.count() == 3
    words_whole(names)
    text_inside(names)
    no_sideways_scroll(page)


def test_a_solo_runs_books_stay_whole_words_on_a_phone(new_page, make_user, live_server):
    julius = make_user("Julius")
    game = runs.start_solo(julius)
    game.state["face_up"] = [card_of("1 Corinthians"), card_of("Deuteronomy"), card_of("1 Thessalonians")]
    game.state["sheets"][0][2][0] = card_of("Ecclesiastes")
    game.save()
    page = new_page(**PHONE)
    client = Client()
    client.force_login(julius)
    session = client.cookies["sessionid"].value
    page.context.add_cookies([{"name": "sessionid", "value": session, "url": live_server.url}])
    page.goto(f"/g/{game.code}/")
    books = page.locator(".cc-card .cc-book")
    assert [b.strip() for b in books.all_inner_texts()] == ["1 Corinthians", "Deuteronomy", "1 Thessalonians"]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "e2e_catacombs_solo_long_names_phone.png"), full_page=True)
    words_whole(books)
    text_inside(books)
    for box in (page.locator(".cc-play .cc-written"), page.locator(".cc-play .cc-slot")):
        words_whole(box)
        text_inside(box)
    no_sideways_scroll(page)
    assert_accessible(page)
