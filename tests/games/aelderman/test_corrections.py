"""Two readings of the text that hold in every version: card 124 and the markers that count
feasts and building abilities."""

from __future__ import annotations

from games.aelderman import SPEC
from games.aelderman.council import apply_card
from games.aelderman.rules import operating_costs
from tests.games.aelderman.helpers import act, clear_player, kinds, new_game, start_turn


def test_card_124_takes_four_off_and_keeps_no_credit():
    """'Permanently reduce your operating costs by four coins. ... If your marker shows less than
    four operating costs when you purchase this Council Hall card, reset it to zero.'"""
    state = new_game(2, seed=3)
    player = state.players[0]
    player.buildings, player.uses = ["Fountain", "Storage"], [0, 0]
    assert operating_costs(player) == 2
    apply_card(state, 0, 124, [])
    assert operating_costs(player) == 0
    # Built later: the marker starts again from zero, the two unused coins are gone.
    player.buildings.append("Brewery")
    player.uses.append(0)
    assert operating_costs(player) == 2


def test_card_124_with_more_costs_than_four():
    state = new_game(2, seed=3)
    player = state.players[0]
    player.buildings = ["Fountain", "Brewery", "Merchant House"]
    player.uses = [0, 0, 0]
    apply_card(state, 0, 124, [])
    assert operating_costs(player) == 1


def _lubeck(state, **goods):
    clear_player(state, 0, coins=10)
    state.players[0].goods.update(goods)
    start_turn(state, 0, "Hamburg", ap=4)
    state, _ = act(state, 0, "move", city="Lübeck")
    return state


def test_a_feast_puts_a_marker_from_the_general_supply_on_the_round_indicator():
    """'To mark that you have celebrated a feast during your turn, place one of your influence
    markers from the general supply on the round indicator.'"""
    state = _lubeck(new_game(2, seed=5), wheat=1, fish=1)
    before = state.players[0]
    state, _ = act(state, 0, "feast", size="small")
    after = state.players[0]
    assert after.feast_markers == 1
    assert after.general + after.influence == before.general + before.influence - 1
    SPEC.check_invariants(state)


def test_no_feast_without_a_marker_in_the_general_supply():
    state = new_game(2, seed=5)
    state.players[0].influence += state.players[0].general
    state.players[0].general = 0
    state = _lubeck(state, wheat=1, fish=1)
    assert "feast" not in kinds(state, 0)


def test_a_building_ability_takes_a_marker_from_the_general_supply():
    """'When you use the effect, place one of your influence markers from the general supply on the
    building tile.' (Carpentry: 3x wood into three council votes)"""
    state = _lubeck(new_game(2, seed=5), wood=5, stone=2)
    state, _ = act(state, 0, "property")
    state, _ = act(state, 0, "build_menu")
    general = state.players[0].general
    state, _ = act(state, 0, "build", building="Carpentry")
    state, _ = act(state, 0, "ability", choice="use")
    player = state.players[0]
    assert player.general == general - 1 and player.uses == [1] and player.votes == 3
    SPEC.check_invariants(state)
