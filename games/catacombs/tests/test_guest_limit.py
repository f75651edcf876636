"""A solo run started by a visitor makes a guest: the platform's guest limit counts it."""

import pytest
from django.urls import reverse

from accounts.limits import SENTENCES
from accounts.models import User

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("start", ["catacombs_solo"])
def test_guests_made_by_starting_a_run_are_limited_per_address(client, abuse_limits, start):
    abuse_limits.RATE_LIMITS = {**abuse_limits.RATE_LIMITS, "guests": "1/h"}
    assert client.post(reverse(start), {"display_name": "Paula"}).status_code == 302
    client.logout()
    response = client.post(reverse(start), {"display_name": "Quintus"})
    assert response.status_code == 429 and SENTENCES["guests"] in response.content.decode()
    assert list(User.objects.filter(is_guest=True).values_list("display_name", flat=True)) == ["Paula"]
