"""Hypothesis profiles: ``ci`` (the counts the tests ask for, derandomized so a run repeats) and
``quick`` (a tenth of them, for a fast local loop); ``dev`` is the default.

Chosen by ``HYPOTHESIS_PROFILE``, else ``ci`` when ``CI=true``. A test asks for its count through
``examples(n)``, so the profile scales the counts the tests state as well as the default.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

SCALES = {"ci": 1.0, "dev": 1.0, "quick": 0.1}

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None)
settings.register_profile("quick", max_examples=10, deadline=None)


def chosen() -> str:
    name = os.environ.get("HYPOTHESIS_PROFILE")
    if name in SCALES:
        return name
    return "ci" if os.environ.get("CI") == "true" else "dev"


PROFILE = chosen()
settings.load_profile(PROFILE)


def examples(count: int) -> int:
    """``count`` examples as the profile scales them (never fewer than two)."""
    return max(2, round(count * SCALES[PROFILE]))
