"""Starting in-person score sheets is limited per client."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.limits import SENTENCES
from scoresheets.models import ScoreSheet

pytestmark = pytest.mark.django_db


def test_new_sheets_are_limited_per_client(client, abuse_limits, make_user):
    abuse_limits.RATE_LIMITS = {**abuse_limits.RATE_LIMITS, "sheets": "2/h"}
    data = {"kind": "poker", "names": "Julius, Agrippina"}
    for _ in range(2):
        assert client.post(reverse("sheet_new"), data).status_code == 302
    response = client.post(reverse("sheet_new"), data)
    assert response.status_code == 429 and SENTENCES["sheets"] in response.content.decode()
    assert ScoreSheet.objects.count() == 2
    assert client.get(reverse("sheet_new"), {"kind": "poker"}).status_code == 200
    # A signed-in player is counted on their own, not with their address.
    client.force_login(make_user("Julius"))
    assert client.post(reverse("sheet_new"), data).status_code == 302
