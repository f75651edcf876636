"""A game's knobs are declared on its GameKind, read from the settings, else the environment."""

from __future__ import annotations

from games.contract.kinds import GameKind


class Knobbed(GameKind):
    tunables = {"TOY_WAIT_SECONDS": 7.0}


def test_a_knob_is_its_default_when_nothing_sets_it(monkeypatch):
    monkeypatch.delenv("TOY_WAIT_SECONDS", raising=False)
    assert Knobbed.tunable("TOY_WAIT_SECONDS") == 7.0


def test_the_environment_sets_a_knob(monkeypatch):
    monkeypatch.setenv("TOY_WAIT_SECONDS", "2.5")
    assert Knobbed.tunable("TOY_WAIT_SECONDS") == 2.5


def test_a_setting_wins_over_the_environment(monkeypatch, settings):
    monkeypatch.setenv("TOY_WAIT_SECONDS", "2.5")
    settings.TOY_WAIT_SECONDS = 1
    assert Knobbed.tunable("TOY_WAIT_SECONDS") == 1.0


def test_no_game_knob_is_in_the_sites_settings():
    from django.conf import settings as site

    from games.contract import kinds

    for kind in kinds.all_kinds():
        for name in kind.tunables:
            assert not hasattr(site, name), name
