"""What the Building Roman Roads page draws from a view: each space's target button names it in
the rules' words."""

import pytest

from games.roads.engine import ROADS
from games.roads.presenter import drop_label
from games.roads.tests.helpers import c, run, table
from games.roads.tests.site import client_for, lobby_table, rig


@pytest.mark.parametrize(
    ("space", "road", "label"),
    [
        ("N", [], "Here"),
        ("N", ["mt 323 1"], "Onto this road"),
        ("NE", [], "Into this corner"),
        ("NE", ["mt 58 1", "mk 58 2"], "Onto this corner"),
    ],
)
def test_a_space_says_where_the_card_goes_in_the_rules_words(space, road, label):
    state = table([[c("jn 58 7")], [c("lk 323 7")]], {space: [c(card) for card in road]})
    view = next(s for s in ROADS.view(state, 0)["spaces"] if s["space"] == space)
    assert drop_label(view) == label


@pytest.mark.django_db
def test_a_corner_holding_a_road_is_never_called_a_road_on_the_page(make_user):
    julius, agrippina = make_user("Julius"), make_user("Agrippina")
    game = lobby_table(julius, [agrippina])
    hands = [[c("jn 58 7")], [c("mt 58 3"), c("lk 323 7")]]
    state = table(hands, {"NE": run("mk", "58", 1, 2)}, phase="play", turn=1)
    body = client_for(agrippina).get(rig(game, state).get_absolute_url()).content.decode()
    corner = body[body.index('data-space="NE"') :]
    corner = corner[: corner.index("</button>")]
    assert "Onto this corner" in corner and "Onto this road" not in corner
