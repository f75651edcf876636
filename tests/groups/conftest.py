"""The group every group test starts from."""

from __future__ import annotations

import pytest

from groups import services


@pytest.fixture
def family(make_user):
    """The Romans: Anna (its host), Ben and Clara."""
    anna, ben, clara = make_user("Anna"), make_user("Ben"), make_user("Clara")
    group = services.create_group(anna, "The Romans")
    for person in (ben, clara):
        services.join_group(group, person)
    return group, anna, ben, clara
