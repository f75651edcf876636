"""In-person score sheets on the web: start, enter, refuse, undo, share read-only, print."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from scoresheets.models import ScoreSheet
from tests.scoresheets.pad_helpers import paper, pdf_text

pytestmark = pytest.mark.django_db


def start(client: Client, kind: str, names: str, **extra) -> ScoreSheet:
    response = client.post(reverse("sheet_new"), {"kind": kind, "names": names, **extra})
    assert response.status_code == 302, response.content.decode()
    return ScoreSheet.objects.get(token=response["Location"].rstrip("/").split("/")[-1])


def post_entry(client: Client, sheet: ScoreSheet, action: str, **fields):
    return client.post(reverse("sheet", args=[sheet.token]), {"action": action, **fields})


def test_the_pads_page_and_the_new_sheet_pages_render(client):
    assert "Blank pads to print" in client.get(reverse("pads")).content.decode()
    assert "Which game are you playing?" in client.get(reverse("sheet_new")).content.decode()
    page = client.get(reverse("sheet_new"), {"kind": "romirami"}).content.decode()
    assert "Most 2-card icons (5)" in page


def test_a_guest_starts_a_poker_sheet_and_keeps_score(client):
    sheet = start(client, "poker", "Julius, Agrippina\nGaius")
    assert sheet.names == ["Julius", "Agrippina", "Gaius"] and sheet.owner is None
    assert post_entry(client, sheet, "enter", seat=0, value=16, row=2).status_code == 302
    assert post_entry(client, sheet, "card", seat=0, card="reroll_i").status_code == 302
    page = client.get(sheet.get_absolute_url()).content.decode()
    assert "Undo the last entry" in page and "Julius used Reroll I" in page
    sheet.refresh_from_db()
    assert sheet.scorer.summary(sheet.state())["totals"] == [16 + 25, 30, 30]


def test_the_rules_refuse_bad_entries_and_say_why(client):
    sheet = start(client, "poker", "Julius, Agrippina")
    post_entry(client, sheet, "enter", seat=0, value=16, row=2)
    response = post_entry(client, sheet, "enter", seat=0, value=12, row=3)
    assert response.status_code == 400
    assert "Julius: Row 3 must be above 16." in response.content.decode()
    response = post_entry(client, sheet, "enter", seat=0, value=38, row=7)
    assert response.status_code == 400 and "38 cannot be made with six dice." in response.content.decode()
    response = post_entry(client, sheet, "enter", seat=0, value=16, row=5)
    assert "only the Duplicate card (or Wild) lets it in twice" in response.content.decode()
    response = post_entry(client, sheet, "enter", seat=0, value="many", row=5)
    assert response.status_code == 400 and "Enter a whole number." in response.content.decode()
    sheet.refresh_from_db()
    assert len(sheet.entries) == 1


def test_undo_drops_the_last_entry(client):
    sheet = start(client, "romanroad", "Julius, Agrippina", target=40)
    fields = {"foundations_0": 12, "store_0": 4, "foundations_1": 9, "store_1": 0}
    post_entry(client, sheet, "hand", **fields)
    post_entry(client, sheet, "hand", **fields)
    response = client.post(reverse("sheet_undo", args=[sheet.token]), follow=True)
    assert "Undone: Hand 2." in response.content.decode()
    sheet.refresh_from_db()
    assert len(sheet.entries) == 1 and sheet.version == 3


def test_roman_road_sheet_with_variants(client):
    sheet = start(client, "romanroad", "Julius, Agrippina", amen_bonus="on", negative="on", target=20)
    assert sheet.options == {"amen_bonus": True, "negative": True, "target": 20}
    post_entry(client, sheet, "hand", foundations_0=8, store_0=6, foundations_1=12, store_1=0)
    sheet.refresh_from_db()
    assert sheet.scorer.summary(sheet.state())["totals"] == [-4, 22]
    page = client.get(sheet.get_absolute_url()).content.decode()
    assert "Agrippina wins with 22." in page


def test_others_can_read_but_not_change_a_sheet(client, make_user):
    owner = make_user("Julius")
    client.force_login(owner)
    sheet = start(client, "roads", "Julius, Agrippina")
    assert sheet.owner == owner

    reader = Client()
    page = reader.get(sheet.get_absolute_url())
    assert page.status_code == 200 and "You are reading this sheet" in page.content.decode()
    response = post_entry(reader, sheet, "game", winners=[1])
    assert response.status_code == 403
    assert "Only the person who started this sheet" in response.content.decode()
    assert reader.post(reverse("sheet_undo", args=[sheet.token])).status_code == 403

    other = Client()
    other.force_login(make_user("Agrippina"))
    assert post_entry(other, sheet, "game", winners=[1]).status_code == 403

    again = Client()
    again.force_login(owner)  # the owner, signed in from another browser
    assert post_entry(again, sheet, "game", winners=[0]).status_code == 302


def test_changes_need_the_csrf_token():
    client = Client(enforce_csrf_checks=True)
    response = client.post(reverse("sheet_new"), {"kind": "roads", "names": "Julius, Agrippina"})
    assert response.status_code == 403


def test_bad_sheet_requests_get_a_clear_answer(client):
    response = client.post(reverse("sheet_new"), {"kind": "poker", "names": "Julius"})
    assert response.status_code == 400 and "Roman Poker is for 2 to 6 players." in response.content.decode()
    response = client.post(reverse("sheet_new"), {"kind": "poker", "names": "Julius, Julius"})
    assert "Give each player a different name." in response.content.decode()
    assert client.get(reverse("sheet_new"), {"kind": "chess"}).status_code == 404
    assert client.get(reverse("sheet", args=["no-such-sheet"])).status_code == 404
    sheet = start(client, "roads", "Julius, Agrippina")
    response = post_entry(client, sheet, "teleport")
    assert response.status_code == 400 and "not an entry this sheet understands" in response.content.decode()


def test_catacombs_sheet_entries(client):
    sheet = start(client, "catacombs", "Julius, Agrippina")
    assert post_entry(client, sheet, "write", seat=0, book="Luke", slot=1).status_code == 302
    response = post_entry(client, sheet, "write", seat=0, book="John", slot=0)
    assert response.status_code == 400 and "John cannot go left of Luke" in response.content.decode()
    assert post_entry(client, sheet, "write", seat=1, category=0, slot=0).status_code == 302
    assert post_entry(client, sheet, "complete", seat=1, category=0, rank="first").status_code == 302
    response = post_entry(client, sheet, "write", seat=1, slot=0)
    assert response.status_code == 400 and "Choose a book, or a category" in response.content.decode()


def test_romi_rami_sheet_entries(client):
    sheet = start(
        client,
        "romirami",
        "Julius, Agrippina",
        trophy_0="combo",
        trophy_1="suit",
        trophy_2="suit",
        trophy_3="suit",
    )
    assert sheet.options == {"trophies": ["combo", "suit", "suit", "suit"]}
    assert post_entry(client, sheet, "contract", seat=0, contract="run5-heart").status_code == 302
    response = post_entry(client, sheet, "contract", seat=1, contract="run5-heart")
    assert response.status_code == 400 and "is already with Julius" in response.content.decode()
    assert post_entry(client, sheet, "bonus", seat=1, count=3).status_code == 302
    assert post_entry(client, sheet, "star", seat=1, used="1").status_code == 302
    sheet.refresh_from_db()
    assert sheet.scorer.summary(sheet.state())["totals"] == [3 + 3 + 1, 3]


def test_a_sheet_prints_as_the_filled_pad(client, keep_picture):
    sheet = start(client, "poker", "Julius, Agrippina, Gaius")
    for seat, value, row in ((0, 16, 2), (1, 27, 5), (2, 33, 6)):
        post_entry(client, sheet, "enter", seat=seat, value=value, row=row)
    post_entry(client, sheet, "enter", seat=2, value=33, row=5, card="duplicate")
    response = client.get(reverse("sheet_pdf", args=[sheet.token]), {"paper": "letter"})
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert paper(response.content) == "letter"
    text = pdf_text(response.content)
    for expected in ("Julius", "Agrippina", "Gaius", "16", "27", "33", "46", "57", "91", "Score sheet of"):
        assert expected in text
    keep_picture("poker-sheet-letter", response.content)
    assert Client().get(reverse("sheet_pdf", args=[sheet.token])).status_code == 200  # anyone with the link


def test_a_sheet_s_pdf_is_a_304_for_its_etag_until_an_entry_changes_it(client):
    sheet = start(client, "poker", "Julius, Agrippina")
    url = reverse("sheet_pdf", args=[sheet.token])
    etag = client.get(url)["ETag"]
    assert client.get(url, headers={"if-none-match": etag}).status_code == 304
    post_entry(client, sheet, "enter", seat=0, value=16, row=2)
    changed = client.get(url, headers={"if-none-match": etag})
    assert changed.status_code == 200 and changed["ETag"] != etag


def selected_players(client: Client, sheet: ScoreSheet) -> list[str]:
    """The player each entry form of the sheet page has selected, form by form."""
    page = client.get(sheet.get_absolute_url()).content.decode()
    return re.findall(r'name="seat"[^>]*>.*?<option value="\d+" selected>([^<]+)<', page, re.S)


def test_the_next_player_in_seat_order_is_selected_after_each_entry(client):
    sheet = start(client, "poker", "Mum, Dad, Lucia")
    assert selected_players(client, sheet) == ["Mum", "Mum"]
    post_entry(client, sheet, "enter", seat=0, value=15, row=1)
    assert selected_players(client, sheet) == ["Dad", "Dad"]
    post_entry(client, sheet, "card", seat=1, card="reroll_i")  # during Dad's turn: still his
    assert selected_players(client, sheet) == ["Dad", "Dad"]
    post_entry(client, sheet, "enter", seat=1, value=15, row=1)
    post_entry(client, sheet, "enter", seat=2, value=12, row=1)
    assert selected_players(client, sheet) == ["Mum", "Mum"]  # round the table again
    client.post(reverse("sheet_undo", args=[sheet.token]))
    assert selected_players(client, sheet) == ["Lucia", "Lucia"]


def test_a_romi_rami_sheet_selects_the_next_player_too(client):
    sheet = start(client, "romirami", "Julius, Agrippina", **{f"trophy_{n}": "suit" for n in range(4)})
    post_entry(client, sheet, "bonus", seat=0, count=3)
    assert selected_players(client, sheet) == ["Agrippina"] * 3


def test_a_catacombs_sheet_leaves_the_player_to_tap(client):
    sheet = start(client, "catacombs", "Julius, Agrippina")
    post_entry(client, sheet, "write", seat=0, book="Luke", slot=1)
    page = client.get(sheet.get_absolute_url()).content.decode()
    assert not re.search(r'name="seat"[^>]*checked', page)


def selected_row(client: Client, sheet: ScoreSheet) -> str | None:
    """The row the number's form has selected, if any."""
    page = client.get(sheet.get_absolute_url()).content.decode()
    found = re.search(r'name="row"[^>]*>.*?<option value="(\d+)" selected>', page, re.S)
    return found and found.group(1)


def test_a_poker_sheet_selects_the_next_players_first_empty_row(client):
    sheet = start(client, "poker", "Mum, Dad")
    assert selected_row(client, sheet) == "1"
    post_entry(client, sheet, "enter", seat=0, value=15, row=1)
    assert selected_row(client, sheet) == "1"  # Dad's column is still empty
    post_entry(client, sheet, "enter", seat=1, value=4, row=3)
    assert selected_row(client, sheet) == "2"  # Mum's next
    post_entry(client, sheet, "enter", seat=0, value=20, row=2)
    assert selected_row(client, sheet) == "1"  # Dad left rows 1 and 2 empty under his 4
