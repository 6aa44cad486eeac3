"""Aelderman's worked examples, "e.g." situations and tables, every number they state, replayed
through the engine: the actions, buildings, Council Hall cards and improvements. Each test quotes the rulebook."""

from __future__ import annotations

import pytest

from games.aelderman import SPEC
from games.aelderman import data as D
from games.aelderman.council import apply_card
from games.aelderman.election import score_pad
from games.aelderman.production import pay_operating_costs, produce
from games.aelderman.rules import operating_costs
from tests.games.aelderman.helpers import (act, clear_player, empty_map, give_building, kinds, new_game,
                                           new_main, sell_six_in_ribe, start_turn)


def _with_improvements(state, seat, *numbers):
    player = state.players[seat]
    player.improvements = list(numbers)
    player.activated = [False] * len(numbers)
    return state


# -- Placing influence markers: the London / Edinburgh example ---------------------------------------
def test_zone_control_example_eric_in_london_completes_the_first_row():
    """'Eric uses the action placing influence markers in London to place an influence marker there.
    With the subsidiary in Edinburgh, he has occupied all cities in the green zone and immediately
    increases his influence production by one. This is marked on the production bar. In London, the
    action card is also replaced immediately, since Eric has completed the first row in the banner.'"""
    eric, other = 0, 1
    state = empty_map(new_main(3, 4))
    state.subsidiary["Edinburgh"] = eric
    state.banners["Brügge"] = [eric]
    state.banners["London"] = [other]  # the first row's first space: Eric's marker completes it
    state.players[eric].general -= 2
    state.players[other].general -= 1
    clear_player(state, eric, coins=5)
    state.cards["London"] = 13  # place1 place2 / buy1 - buy3
    start_turn(state, eric, "Brügge", ap=3)
    state, _ = act(state, eric, "move", city="London")
    before = state.players[eric].production["influence"]
    state, _ = act(state, eric, "card_action", action="place1")
    state, events = act(state, eric, "place", where="banner")
    assert state.banners["London"] == [other, eric]
    assert state.players[eric].production["influence"] == before + 1
    assert state.players[eric].zones == ["green"] and state.players[eric].coins == 0
    assert state.cards["London"] != 13 and any(e.kind == "card_exchanged" for e in events)


# -- Selling goods: "You can immediately use the coins you receive to establish a subsidiary." -------
def test_the_coins_of_a_sale_of_six_pay_for_a_subsidiary():
    """'When you sell six goods, you receive 15 coins, two influence markers in your active supply,
    and you may perform the placing influence marker action once.' 'Note: You can immediately use the
    coins you receive to establish a subsidiary.'"""
    state = new_game(3, seed=9)
    clear_player(state, 0, coins=0)
    state.cards["Ribe"] = 8
    state.players[0].goods.update(stone=1, fish=1, wheat=1, tools=1, pelt=1, spices=1, beer=1)
    start_turn(state, 0, "Hamburg", ap=5)
    state = sell_six_in_ribe(state)
    assert state.players[0].coins == 15
    state, _ = act(state, 0, "place", where="subsidiary")
    assert state.subsidiary["Ribe"] == 0 and state.players[0].coins == 10


# -- Upgrading goods: 2x upgrading gives one coin ------------------------------------------------------
def test_two_upgrades_give_one_coin():
    """'If you use the action 2x upgrading goods or 3x upgrading goods, you will additionally receive
    one or two coins respectively. For example, you can upgrade a level I good wood to a level II good
    stone or fish.'"""
    state = new_game(3, seed=9)
    clear_player(state, 0, coins=0)
    state.cards["Aalborg"] = 9  # prod_fish place2 prod_ap2 / buy1 upgrade2 -
    state.players[0].goods.update(wood=2)
    start_turn(state, 0, "Ribe", ap=5)
    state, _ = act(state, 0, "move", city="Aalborg")
    state, _ = act(state, 0, "card_action", action="upgrade2")
    assert state.players[0].coins == 1
    assert {(a.good, a.to) for a in SPEC.legal_actions(state, 0) if a.kind == "upgrade"} == {
        ("wood", "stone"), ("wood", "fish")}
    state, _ = act(state, 0, "upgrade", good="wood", to="stone")
    state, _ = act(state, 0, "upgrade", good="wood", to="fish")
    goods = state.players[0].goods
    assert (goods["wood"], goods["stone"], goods["fish"]) == (0, 1, 1)


# -- Splitting goods: glass into 4x wheat, done through the action ----------------------------------
def test_split_glass_into_four_wheat():
    """'For example, you can split a level IV resource of glass into 4x level I wheat'."""
    state = new_game(3, seed=9)
    clear_player(state, 0, coins=0)
    state.cards["Aalborg"] = 28
    state.players[0].goods.update(glass=1)
    start_turn(state, 0, "Ribe", ap=5)
    state, _ = act(state, 0, "move", city="Aalborg")
    state, _ = act(state, 0, "card_action", action="split2")
    state, _ = act(state, 0, "split", good="glass")
    state, _ = act(state, 0, "split_into", goods=["wheat", "wheat", "wheat", "wheat"])
    goods = state.players[0].goods
    assert (goods["glass"], goods["wheat"]) == (0, 4)


# -- Increasing production by one: 6 coins, and no operating costs -----------------------------------
@pytest.mark.parametrize("card,action,target", [(23, "prod_ap1", "ap"), (14, "prod_influence1", "influence")])
def test_one_more_production_for_six_coins_without_operating_costs(card, action, target):
    """'For six or eight coins, you will receive one or two additional action points per turn ...' /
    '... one or two additional influence markers ...' 'Production does not cause any operating
    costs'."""
    state = new_game(3, seed=9)
    clear_player(state, 0, coins=6)
    state.cards["Aalborg"] = card
    start_turn(state, 0, "Ribe", ap=5)
    state, _ = act(state, 0, "move", city="Aalborg")
    before = state.players[0].production[target]
    state, _ = act(state, 0, "card_action", action=action)
    player = state.players[0]
    assert player.production[target] == before + 1 and player.coins == 0
    assert operating_costs(player) == 0


def test_erics_fish_production_has_no_operating_costs():
    """'Eric spends the last action point in Hamburg to increase production of fish for five coins.'
    'Production does not cause any operating costs'."""
    state = new_game(3, seed=9)
    clear_player(state, 0, coins=5)
    state.cards["Hamburg"] = 9
    start_turn(state, 0, "Ribe", ap=1)
    state, _ = act(state, 0, "move", city="Hamburg")
    state, _ = act(state, 0, "card_action", action="prod_fish")
    assert state.players[0].coins == 0 and operating_costs(state.players[0]) == 0


# -- Production phase: Merchant House offsets operating costs; the penalty in the final score -------
def test_operating_costs_offset_by_a_merchant_house():
    """'After production, the operating costs for buildings are paid. These can be offset against your
    income - e.g. from Gabled Houses or Merchant Houses.'"""
    state = new_main(3, 4)
    clear_player(state, 0, coins=0)
    give_building(state, 0, "Merchant House", 0)
    produce(state, [])
    state.pending = []
    pay_operating_costs(state, [])
    player = state.players[0]
    assert player.penalty == 0 and player.coins == D.BUILDINGS["Merchant House"].produces["coins"] - 2


def test_erics_eight_lost_council_votes_count_in_the_final_score():
    """'He loses 8 council votes ... The tiles placed on one card (right) count as six minus points,
    and on the other (left) as two minus points in the final scoring.'"""
    state = new_main(3, 4)
    clear_player(state, 0, coins=0)
    give_building(state, 0, "Glassblower", 0)
    give_building(state, 0, "Glassblower", 1)
    pay_operating_costs(state, [])
    pad = score_pad(state)[0]
    assert pad["penalty"] == -8
    before = sum(pad.values())
    state.players[0].penalty = 0
    assert sum(score_pad(state)[0].values()) == before + 8


# -- Buildings table: Deli Market, Guild House and Trade Guild ---------------------------------------
def test_deli_market_ability_four_times_at_most():
    """'All buildings of this type can be used a maximum of four times (Carpentry, Lighthouse, Deli
    Market).' 'When you use the effect, place one of your influence markers from the general supply on
    the building'."""
    from games.aelderman.actions import Ability
    from games.aelderman.city import ability_choices, use_ability

    state = new_main(3, 4)
    clear_player(state, 0, coins=20)
    give_building(state, 0, "Deli Market", 0)
    player = state.players[0]
    player.goods["meat"] = 6
    general = player.general
    for _ in range(4):
        assert ability_choices(player, 0) == ["spices", "pelt"]
        use_ability(state, 0, Ability(building="Deli Market", index=0, choice="spices"), [])
    assert ability_choices(player, 0) == []
    assert player.goods["spices"] == 4 and player.general == general - 4


def test_two_guild_houses_give_two_coins_per_improvement():
    """Guild House: 'From now on you will receive one coin when you use an improvement. This effect is
    additive if you build several Guild Houses.'"""
    state = _with_improvements(new_main(3, 4), 0, 502)
    clear_player(state, 0, coins=5)
    give_building(state, 0, "Guild House", 0)
    give_building(state, 0, "Guild House", 1)
    start_turn(state, 0, "Lübeck", ap=3)
    state, _ = act(state, 0, "move", city="Hamburg")
    state, _ = act(state, 0, "activate", improvement=502)
    state, _ = act(state, 0, "place", where="banner")
    assert state.players[0].coins == 5 + 2 - 5


def test_a_guild_house_can_be_built_with_no_space_left_to_unlock():
    """'You can still build a Guild House even if there is no more improvement space to unlock.'"""
    from games.aelderman.city import can_build
    from games.aelderman.improvements import slots

    state = new_main(3, 4)
    clear_player(state, 0, coins=10)
    give_building(state, 0, "Guild House", 0)
    give_building(state, 0, "Guild House", 1)
    assert slots(state.players[0]) == 5
    state.players[0].goods.update(wood=5, stone=1)
    state.players[0].property = 1
    assert can_build(state, 0, "Guild House")


def test_two_trade_guilds_pay_two_coins_for_a_subsidiary():
    """Trade Guild: 'From now on, you will always receive an additional coin when you place an
    influence marker. ... The bonus also applies to subsidiaries. This effect can be multiplied if you
    build several Trade Guilds.'"""
    state = empty_map(new_main(3, 4))
    clear_player(state, 0, coins=10)
    give_building(state, 0, "Trade Guild", 0)
    give_building(state, 0, "Trade Guild", 1)
    state.cards["Malmö"] = 13  # place1 place2 / buy1 - buy3
    start_turn(state, 0, "Lübeck", ap=3)
    state, _ = act(state, 0, "move", city="Malmö")
    state, _ = act(state, 0, "card_action", action="place1")
    state, _ = act(state, 0, "place", where="subsidiary")
    assert state.subsidiary["Malmö"] == 0 and state.players[0].coins == 10 - 5 - 5 + 2


def test_a_guard_house_strengthens_another_players_adjacent_building():
    """'The Guard House increases the strength of all directly adjacent buildings by one.'"""
    from games.aelderman.majority import district_strengths

    state = new_main(3, 4)
    give_building(state, 0, "Guard House", 0)
    neighbour = D.ADJACENT[0][0]
    give_building(state, 1, "Fountain", neighbour)
    district = D.SITES[neighbour].district
    assert district_strengths(state)[district][1] == 2


# -- Council Hall cards 125/126 -------------------------------------------------------------------------
@pytest.mark.parametrize("card", [125, 126])
def test_placing_cards_any_city_exchange_and_subsidiary(card):
    """125-126: 'Immediately place one of your influence markers from the general supply in any city on
    the sea map. This may trigger action card change. You can also build a subsidiary instead if you
    pay five extra coins.'"""
    state = empty_map(new_main(3, 4))
    clear_player(state, 0, coins=5)
    state.pending, state.turn = [], None
    state.banners["Riga"] = [1]
    riga = state.cards["Riga"]
    apply_card(state, 0, card, [])
    state, _ = act(state, 0, "pick_city", city="Riga")
    offered = {a.where for a in SPEC.legal_actions(state, 0)}
    assert offered == {"banner", "subsidiary"}
    state, events = act(state, 0, "place", where="banner")
    assert state.banners["Riga"] == [1, 0] and state.cards["Riga"] != riga
    assert state.players[0].coins == 5  # placing itself is free
    state2 = empty_map(new_main(3, 4))
    clear_player(state2, 0, coins=5)
    state2.pending, state2.turn = [], None
    apply_card(state2, 0, card, [])
    state2, _ = act(state2, 0, "pick_city", city="London")
    state2, _ = act(state2, 0, "place", where="subsidiary")
    assert state2.subsidiary["London"] == 0 and state2.players[0].coins == 0


def test_developing_reveals_a_new_improvement_on_the_far_left():
    """'You may choose any improvement from the current display. Afterwards, all improvements to the
    left of the vacant spot are moved to the right. On the far left, a new improvement is revealed from
    the draw pile.'"""
    state = new_main(3, 4)
    clear_player(state, 0, coins=3)
    state.cards["Malmö"] = 39  # buy1 buy2 / swap improve
    start_turn(state, 0, "Lübeck", ap=4)
    state, _ = act(state, 0, "move", city="Malmö")
    display, top = list(state.display), state.improvement_pile[-1]
    state, _ = act(state, 0, "card_action", action="improve")
    state, _ = act(state, 0, "develop", slot=1)
    assert state.players[0].improvements == [display[1]] and state.players[0].coins == 0
    assert state.display == [top, display[0], display[2], display[3]]


# -- Improvements 503 and 508 ---------------------------------------------------------------------------
def test_503_places_a_marker_in_the_yellow_zone_for_one_action_point():
    """503: 'Whenever your ship is in the yellow trading zone, you may use the improvement to spend 1
    action point and perform the action placing influence marker in the city where you activate the
    improvement. You still need to perform a regular action there as well.'"""
    state = _with_improvements(empty_map(new_main(3, 4)), 0, 503)
    clear_player(state, 0, coins=5)
    start_turn(state, 0, "Aalborg", ap=3)
    state, _ = act(state, 0, "move", city="Oslo")
    state, _ = act(state, 0, "activate", improvement=503)
    state, _ = act(state, 0, "place", where="banner")
    assert state.banners["Oslo"] == [0] and state.players[0].coins == 0 and state.turn.base_left == 2
    assert "end_turn" not in kinds(state, 0) and "move" not in kinds(state, 0)
    state = _with_improvements(empty_map(new_main(3, 4)), 0, 503)
    clear_player(state, 0, coins=5)
    start_turn(state, 0, "Ribe", ap=3)
    state, _ = act(state, 0, "move", city="Aalborg")  # blue
    assert "activate" not in kinds(state, 0)


def test_508_buys_a_second_pelt_after_the_wheel_gave_one():
    """508: 'Whenever you receive 1x pelt through the resource wheel, you may use the improvement to pay
    four coins to get another token pelt.'"""
    state = _with_improvements(new_main(3, 4), 0, 508)
    clear_player(state, 0, coins=6)
    state.players[0].rotation = 3  # blue looks at sector 3: outer ring pelt + fish
    state.cards["Aalborg"] = 7  # buy1 buy2 buy3
    start_turn(state, 0, "Ribe", ap=3)
    state, _ = act(state, 0, "move", city="Aalborg")
    state, _ = act(state, 0, "card_action", action="buy3")
    state, _ = act(state, 0, "goods_option", option=0)
    state, _ = act(state, 0, "activate", improvement=508)
    assert state.players[0].goods["pelt"] == 2 and state.players[0].coins == 2


