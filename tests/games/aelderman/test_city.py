"""City actions in Lübeck and own subsidiaries: property, buildings, feasts."""

from __future__ import annotations

import pytest

from games import RuleError
from games.aelderman import SPEC
from games.aelderman import data as D
from games.aelderman.actions import BuyProperty
from games.aelderman.placement import place_marker
from games.aelderman.production import prepare_round
from games.aelderman.rules import property_cost
from tests.games.aelderman.helpers import act, clear_player, kinds, new_game, new_main, start_turn


def in_lubeck(coins: int = 0, ap: int = 4, round_: int = 1, **goods: int):
    state = new_game(2, seed=21)
    state.round = round_
    clear_player(state, 0, coins)
    state.players[0].goods.update(goods)
    start_turn(state, 0, "Hamburg", ap=ap)
    state, _ = act(state, 0, "move", city="Lübeck")
    return state


def test_property_then_building_with_immediate_production():
    """'Before you can construct buildings, you must purchase property. The round indicator depicts
    the cost for property.' 'Buildings with the production symbol produce resources immediately
    when they are built.' Gabled House: 4x wood, 1x stone, 1x glass, 1x coin; produces four coins."""
    state = in_lubeck(coins=3, wood=4, stone=1, glass=1)
    assert "build_menu" not in kinds(state, 0)
    state, _ = act(state, 0, "property", coins=D.ROUNDS[1].property_cost)
    state, _ = act(state, 0, "build_menu")
    state, _ = act(state, 0, "build", building="Gabled House")
    player = state.players[0]
    assert player.buildings == ["Gabled House"] and player.property == 0
    assert player.coins == 3 - 2 - 1 + 4 and sum(player.goods.values()) == 0


def test_city_actions_need_a_sea_action_in_that_city():
    """'Even if you perform one or more city actions, you must spend at least one action point on a
    sea trading action.'"""
    state = in_lubeck(coins=10, wood=1)
    state, _ = act(state, 0, "property")
    assert "end_turn" not in kinds(state, 0) and "move" not in kinds(state, 0)
    state, _ = act(state, 0, "card_action", action="upgrade1")
    state, _ = act(state, 0, "upgrade", good="wood", to="stone")
    assert "end_turn" in kinds(state, 0)


def test_no_city_action_that_leaves_no_sea_action_possible():
    """'Even if you perform one or more city actions, you must spend at least one action point on a
    sea trading action.' A feast that would use up the only goods a sea action could trade (with no
    coins left to buy any) is not offered until a sea action has been made."""
    feast = dict(D.ROUNDS[1].small_feast[0])
    state = in_lubeck(coins=0, **feast)
    assert {"card_action", "alt_trade"} & kinds(state, 0) and "feast" not in kinds(state, 0)
    richer = in_lubeck(coins=1, **feast)  # one coin still buys a good by alternative trade
    assert "feast" in kinds(richer, 0)
    richer, _ = act(richer, 0, "feast", size="small")
    assert "end_turn" not in kinds(richer, 0) and "alt_trade" in kinds(richer, 0)


def _lubeck_from_malmo(state, coins, **goods):
    clear_player(state, 0, coins=coins)
    state.players[0].goods.update(goods)
    start_turn(state, 0, "Malmö", ap=3)
    state, _ = act(state, 0, "move", city="Lübeck")
    return state


def test_a_property_whose_site_is_a_further_choice_keeps_a_sea_action_too():
    """'Even if you perform one or more city actions, you must spend at least one action point on a
    sea trading action.' Main version, round 1: 2 coins, no goods, in Lübeck; the only sea action is
    an alternative trade for 1 coin. The property (2 coins, its site chosen next) would take the
    last coins: it is not offered, as in the short version, where it is bought in one step."""
    for state in (new_main(2, seed=21), new_game(2, seed=21)):
        state = _lubeck_from_malmo(state, coins=2)
        assert "alt_trade" in kinds(state, 0) and "property" not in kinds(state, 0)
        with pytest.raises(RuleError):
            SPEC.apply(state, 0, BuyProperty(coins=property_cost(state, state.players[0])))
    state = _lubeck_from_malmo(new_main(2, seed=21), coins=3)  # a coin to spare: offered
    state, _ = act(state, 0, "property")
    state, _ = SPEC.apply(state, 0, SPEC.legal_actions(state, 0)[0])  # any free site
    assert "end_turn" not in kinds(state, 0) and "alt_trade" in kinds(state, 0)


def test_a_building_that_draws_face_down_council_cards_is_offered_whatever_they_are():
    """The same rule through the build menu: exactly a Tavern's cost (2 wood, 2 stone, 1 tools) and
    no coins, in Lübeck, where an upgrade or an alternative sale still needs those goods. The Tavern
    "allows you to immediately draw two Council Hall cards from the draw pile and select one of
    them": what they give, the player cannot know, so it is offered even when the two on top (122,
    124) give nothing a sea action needs; once they are seen and chosen, the rule asks nothing more
    (tests/games/aelderman/test_face_down_piles.py has the same for cards that would give coins)."""
    state = _lubeck_from_malmo(new_game(2, seed=21), coins=0, wood=2, stone=2, tools=1)
    state.players[0].property = 1
    state.players[0].property_supply -= 1
    state.council_pile = [*state.council_pile, 122, 124]
    assert {"card_action", "alt_trade"} & kinds(state, 0)
    state, _ = act(state, 0, "build_menu")
    state, _ = act(state, 0, "build", building="Tavern")
    assert sorted(a.card for a in SPEC.legal_actions(state, 0) if hasattr(a, "card")) == [122, 124]
    state, _ = SPEC.apply(state, 0, SPEC.legal_actions(state, 0)[0])
    assert not {"card_action", "alt_trade"} & kinds(state, 0) and "end_turn" in kinds(state, 0)


def test_city_actions_only_in_lubeck_or_own_subsidiary():
    """'City actions ... can only be performed in Lübeck or in one of your subsidiaries.'"""
    state = new_game(2, seed=21)
    clear_player(state, 0, coins=10)
    start_turn(state, 0, "Lübeck", ap=4)
    state, _ = act(state, 0, "move", city="Hamburg")
    assert "property" not in kinds(state, 0)
    state.subsidiary["Hamburg"] = 0
    state.players[0].general -= 1
    assert "property" in kinds(state, 0)
    state.subsidiary["Hamburg"] = 1
    assert "property" not in kinds(state, 0)


def test_feasts_once_per_turn_and_limited_per_round():
    """'Once per turn (period) you can organize a small feast or, from the second round on, a big
    one.' 'The total number of feasts that may be held per round is equal to the number of
    players.'"""
    state = in_lubeck(coins=0, wheat=3, fish=3, beer=3, meat=3)
    assert {a.size for a in SPEC.legal_actions(state, 0) if a.kind == "feast"} == {"small"}
    influence = state.players[0].influence
    state, _ = act(state, 0, "feast", size="small")
    assert state.players[0].influence == influence + D.ROUNDS[1].small_feast[1]
    assert "feast" not in kinds(state, 0)
    state = in_lubeck(round_=2, wheat=3, fish=3, beer=3, meat=3)
    assert {a.size for a in SPEC.legal_actions(state, 0) if a.kind == "feast"} == {"small", "big"}
    state.feasts = 2  # two players: two feasts this round already
    assert "feast" not in kinds(state, 0)


def test_mathias_mulich_marks_his_small_feast_on_the_mission_card():
    """Mathias Mulich's basic task: "celebrate a small feast (mark that you celebrated a feast by
    placing one of your influence markers from your general supply on the icon on your mission
    card)". Besides the round indicator's marker, a second leaves the general supply, once, and it
    does not come back at the next round's preparation as the round indicator's does."""
    state = in_lubeck(coins=0, wheat=3, fish=3, beer=3, meat=3)
    state.players[0].mission = D.FEAST_MARK_MISSION
    gained = D.ROUNDS[1].small_feast[1]  # influence markers the feast moves to the active supply
    general = state.players[0].general
    state, events = act(state, 0, "feast", size="small")
    player = state.players[0]
    assert player.general == general - gained - 2 and player.feast_markers == 1 and player.mission_markers == 1
    assert [e.seats for e in events if e.kind == "mission_mark"] == [frozenset({0})]  # the mission stays secret
    SPEC.check_invariants(state)
    state.players[0].mission = "mission-rinck"  # another mission has nothing to mark
    state.turn.feasted = False
    state, _ = act(state, 0, "feast", size="small")
    assert state.players[0].general == general - 2 * gained - 3 and state.players[0].mission_markers == 1
    prepare_round(state, [])
    assert state.players[0].general == general - 2 * gained - 1 and state.players[0].mission_markers == 1


@pytest.mark.parametrize("mission", [D.FEAST_MARK_MISSION, "mission-rinck", "mission-pal"])
def test_others_cannot_tell_mathias_mulich_from_the_general_supply(mission):
    """Missions are secret until the end, yet Mathias Mulich's small feast takes a second marker
    from the general supply ("placing one of your influence markers from your general supply on the
    icon on your mission card"). Others see the general supply drop as for any feast; its owner,
    and everyone at the end, see the true count."""
    state = in_lubeck(coins=0, wheat=3, fish=3, beer=3, meat=3)
    state.players[0].mission = mission
    before = {viewer: SPEC.view(state, viewer).players[0].general for viewer in (1, None)}
    state, _ = act(state, 0, "feast", size="small")
    gained = D.ROUNDS[1].small_feast[1]
    for viewer in (1, None):
        assert before[viewer] - SPEC.view(state, viewer).players[0].general == gained + 1
    own = state.players[0].general
    assert SPEC.view(state, 0).players[0].general == own
    state.phase = "over"
    assert SPEC.view(state, 1).players[0].general == own


def test_trade_guild_places_anywhere_and_pays_a_coin_per_marker():
    """'When you build a Trade Guild, immediately place an influence marker ... in any city ... From
    now on, you will always receive an additional coin when you place an influence marker. This
    already applies to the influence marker you place when building the Trade Guild itself.'"""
    state = in_lubeck(coins=4, wood=4, stone=1, tools=1)
    state.players[0].property = 1
    state.players[0].property_supply -= 1
    state, _ = act(state, 0, "build_menu")
    state, _ = act(state, 0, "build", building="Trade Guild")
    assert state.pending[-1].kind == "pick_city"
    state, _ = act(state, 0, "pick_city", city="London")
    state, _ = act(state, 0, "place", where="banner")
    assert state.banners["London"] == [0] and state.players[0].coins == 4 - 2 + 1


def test_a_card_exchanged_by_a_city_actions_marker_leaves_the_first_sea_action_due():
    """'You cannot perform a second action in a city, if the action card is exchanged after you
    placed an influence marker with your first action' and 'Even if you perform one or more city
    actions, you must spend at least one action point on a sea trading action.' A Trade Guild's
    marker that exchanges the card of the own subsidiary the ship is in, before any sea action
    there, leaves the new card's actions open; after a sea action, an exchange ends them."""
    state = new_game(2, seed=3)
    clear_player(state, 0, coins=2)
    clear_player(state, 1)
    player = state.players[0]
    player.goods.update(wood=4, stone=1, tools=1)
    player.property, player.property_supply = 1, player.property_supply - 1
    state.subsidiary["Aalborg"], player.general = 0, player.general - 1
    state.cards["Aalborg"], state.banners["Aalborg"] = 7, [1]  # the next marker completes the first row
    start_turn(state, 0, "Ribe", ap=4)
    state, _ = act(state, 0, "move", city="Aalborg")
    state, _ = act(state, 0, "build_menu")
    state, _ = act(state, 0, "build", building="Trade Guild")
    state, _ = act(state, 0, "pick_city", city="Aalborg")
    state, _ = act(state, 0, "place", where="banner")
    assert state.cards["Aalborg"] != 7 and not state.turn.visit.blocked  # exchanged: a new card
    offered = kinds(state, 0)
    assert "card_action" in offered and "end_turn" not in offered and "move" not in offered
    action = next(a for a in SPEC.legal_actions(state, 0) if a.kind == "card_action")
    state, _ = SPEC.apply(state, 0, action)
    while state.pending:  # whatever the new card's action asks, answered with its first choice
        state, _ = SPEC.apply(state, 0, SPEC.legal_actions(state, 0)[0])
    assert "end_turn" in kinds(state, 0)
    state.banners["Aalborg"] = [1, 0, 1]
    place_marker(state, 0, "Aalborg", "banner", [])  # completes the second row after the sea action
    assert state.turn.visit.blocked and "card_action" not in kinds(state, 0)


def test_a_property_for_one_coin_is_logged_as_one_coin():
    """Card 122: 'This Council Hall card reduces the cost of all future property purchases by two
    coins each': in round 2 a property costs 1 coin, and the log says so in the singular."""
    state = new_main(2, seed=4)
    seat = state.order[0]
    clear_player(state, seat, coins=10)
    state.round = 2
    state.players[seat].goods.update(wood=1)  # a sea action stays possible (Lübeck's upgrade)
    state.players[seat].cards.append(122)
    start_turn(state, seat, "Malmö", ap=4)
    state, _ = act(state, seat, "move", city="Lübeck")
    state, _ = act(state, seat, "property")
    state, events = SPEC.apply(state, seat, SPEC.legal_actions(state, seat)[0])
    line = next(e.text for e in events if e.kind == "property")
    assert state.players[seat].coins == 9 and line.endswith(" for 1 coin."), line


def test_carpentry_ability_and_its_four_uses():
    """'The Carpentry converts 3x wood into three council votes: once immediately during
    construction and afterwards in each production phase. You can only use this benefit four
    times.' A coin left after building keeps a sea action possible (an alternative trade) once the
    wood is used: 'Even if you perform one or more city actions, you must spend at least one action
    point on a sea trading action.'"""
    state = in_lubeck(coins=3, wood=5, stone=2)
    state.players[0].property = 1
    state.players[0].property_supply -= 1
    state, _ = act(state, 0, "build_menu")
    state, _ = act(state, 0, "build", building="Carpentry")
    assert [a.choice for a in SPEC.legal_actions(state, 0)] == ["use", "skip"]
    state, _ = act(state, 0, "ability", choice="use")
    assert state.players[0].votes == 3 and state.players[0].goods["wood"] == 0
    assert "alt_trade" in kinds(state, 0) and "end_turn" not in kinds(state, 0)
    state.players[0].uses[0] = 4
    state.players[0].goods["wood"] = 3
    from games.aelderman.city import ability_choices
    assert ability_choices(state.players[0], 0) == []


def test_the_carpentry_wood_a_sea_action_needs_is_kept():
    """With no coin left after building, the 3 wood are the only goods a sea action (an upgrade)
    could use: 'Even if you perform one or more city actions, you must spend at least one action
    point on a sea trading action.' Using the Carpentry at once is not offered then."""
    state = in_lubeck(coins=2, wood=5, stone=2)
    state.players[0].property = 1
    state.players[0].property_supply -= 1
    state, _ = act(state, 0, "build_menu")
    state, _ = act(state, 0, "build", building="Carpentry")
    assert [a.choice for a in SPEC.legal_actions(state, 0)] == ["skip"]
    state, _ = act(state, 0, "ability", choice="skip")
    assert "card_action" in kinds(state, 0) and "end_turn" not in kinds(state, 0)


def test_council_card_discounts_and_storage_building():
    """117: 'permanently reduces the construction costs for buildings of strength I by 2x wood.'
    The Storage 'adds nine additional storage spaces'."""
    from games.aelderman.rules import building_cost, capacity

    state = new_game(2, seed=21)
    player = state.players[0]
    assert building_cost(player, "Gabled House")[0]["wood"] == 4
    player.cards.append(117)
    assert building_cost(player, "Gabled House")[0]["wood"] == 2
    assert building_cost(player, "Merchant House")[0]["wood"] == D.BUILDINGS["Merchant House"].goods["wood"]
    player.buildings.append("Storage")
    player.uses.append(0)
    player.cards.append(101)
    assert capacity(player) == 12 + 9 + 4
