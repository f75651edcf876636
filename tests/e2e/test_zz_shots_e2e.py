import pytest

from games import services
from tests.e2e.test_accessibility_e2e import sign_up

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_shots(new_page):
    page = new_page(width=390, height=844)
    julius = sign_up(page, "Julius")
    g = services.create_game(julius, "romanroad", {}, 4, "seated")
    for _ in range(3):
        services.add_bot(g.pk, julius)
    services.start_game(g.pk, julius)
    page.goto(f"/g/{g.code}/")
    page.screenshot(path="/tmp/shots16/rr_phone.png", full_page=True)
    for sel in [".rr-store-place", ".rr-work-place", ".rr-search-place", ".rr-middle", ".rr-you"]:
        print(sel, [page.locator(sel).nth(i).bounding_box() for i in range(page.locator(sel).count())])
    page.set_viewport_size({"width": 1280, "height": 800})
    page.screenshot(path="/tmp/shots16/rr_laptop.png", full_page=True)
    for sel in [".rr-store-place", ".rr-work-place", ".rr-search-place", ".rr-middle", ".rr-you"]:
        print(sel, [page.locator(sel).nth(i).bounding_box() for i in range(page.locator(sel).count())])
    raise AssertionError("probe")
