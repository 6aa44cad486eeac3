"""Aelderman's worked examples, "e.g." situations and tables, every number they state, replayed
through the engine: the Council orders, missions, setups, round indicators, the Council Hall and
the solo dummy. Each test quotes the rulebook."""

from __future__ import annotations

import pytest

from games.aelderman import SPEC
from games.aelderman import data as D
from games.aelderman.council import start_council
from games.aelderman.election import score_pad
from games.aelderman.orders import order_met
from tests.games.aelderman.helpers import (act, clear_player, empty_map, finish_setup, give_building, kinds, new_game,
                                           new_main, sell_six_in_ribe, start_turn)


# -- Council orders: every requirement of the table --------------------------------------------------
def _order_state():
    state = empty_map(new_main(3, 4))
    clear_player(state, 0, coins=0)
    return state


def test_order_303_two_tools_production_rewards():
    """303 | Min. 2x tools production | Receive 3 influence markers into your active supply immediately
    and 2x wood into your storage."""
    state = _order_state()
    state.orders = [303, 0, 0, 0]
    state.players[0].production["tools"] = 1
    assert not order_met(state, 0, 303)
    state.players[0].production["tools"] = 2
    influence = state.players[0].influence
    start_turn(state, 0, "Malmö", ap=3)
    state, _ = act(state, 0, "move", city="Lübeck")
    state, _ = act(state, 0, "fulfil", order=303)
    player = state.players[0]
    assert player.influence == influence + 3 and player.goods["wood"] == 2


@pytest.mark.parametrize("number,district", [(304, "St. Jakobi"), (309, "St. Marien")])
def test_orders_304_309_three_buildings_in_a_district(number, district):
    """304 | Min. 3 buildings constructed in the district St. Jakobi | Receive 1x glass and 2x fish.
    309 | Min. 3 buildings constructed in the district St. Marien | Receive 1 influence marker into
    your active supply immediately. In the final scoring you get another 3 council votes."""
    state = _order_state()
    sites = D.DISTRICT_SITES[district]
    for site in sites[:2]:
        give_building(state, 0, "Fountain", site)
    give_building(state, 0, "Fountain", D.DISTRICT_SITES["Lohberg" if district != "Lohberg" else "St. Johannis"][0])
    assert not order_met(state, 0, number)
    give_building(state, 0, "Storage", sites[2])
    assert order_met(state, 0, number)
    state.orders = [number, 0, 0, 0]
    influence = state.players[0].influence
    start_turn(state, 0, "Malmö", ap=3)
    state, _ = act(state, 0, "move", city="Lübeck")
    state, _ = act(state, 0, "fulfil", order=number)
    player = state.players[0]
    if number == 304:
        assert (player.goods["glass"], player.goods["fish"]) == (1, 2)
    else:
        assert player.influence == influence + 1 and score_pad(state)[0]["orders"] == 3


@pytest.mark.parametrize("number,cities", [(305, ("Brügge", "Reval")), (306, ("Stockholm", "Köln"))])
def test_orders_305_306_a_marker_in_two_cities_subsidiaries_included(number, cities):
    """305 | Min. 1 influence marker placed in Brügge and Reval (including subsidiaries) ...
    306 | Min. 1 influence marker placed in Stockholm and Köln (including subsidiaries)."""
    state = _order_state()
    state.subsidiary[cities[0]] = 0
    assert not order_met(state, 0, number)
    state.banners[cities[1]] = [1, 0]
    assert order_met(state, 0, number)


@pytest.mark.parametrize("number,city", [(307, "Aalborg"), (308, "Danzig")])
def test_orders_307_308_three_markers_in_one_city_subsidiary_included(number, city):
    """307 | Min. 3 influence markers placed in Aalborg (including subsidiaries) | Receive 4 coins and
    1x spices immediately. 308 | ... Danzig ... | Receive 4 coins and 1x pelt immediately."""
    state = _order_state()
    state.banners[city] = [0, 1, 0]
    assert not order_met(state, 0, number)
    state.subsidiary[city] = 0
    assert order_met(state, 0, number)


def test_order_311_three_influence_production():
    """311 | Min. 3x influence production | Receive 12 coins immediately."""
    state = _order_state()
    state.players[0].production["influence"] = 2
    assert not order_met(state, 0, 311)
    state.players[0].production["influence"] = 3
    assert order_met(state, 0, 311)


@pytest.mark.parametrize("number,zone", [(312, "purple"), (313, "yellow"), (314, "green"), (315, "red"),
                                         (316, "blue")])
def test_orders_312_to_316_a_marker_in_every_city_of_a_zone(number, zone):
    """312-316 | Min. 1 influence marker placed in every city of the <zone> zone (including
    subsidiaries)."""
    assert D.COUNCIL_ORDERS[number].subject == (zone,)
    state = _order_state()
    cities = [c for c, z in D.CITY_ZONE.items() if z == zone]
    state.subsidiary[cities[0]] = 0
    for city in cities[1:-1]:
        state.banners[city] = [0]
    assert not order_met(state, 0, number)
    state.banners[cities[-1]] = [1, 0]
    assert order_met(state, 0, number)


# -- Missions: the whole table ---------------------------------------------------------------------
MISSIONS_TEXT = {
    "mission-rinck": [
        {("influence", ""): 6, ("placed", ""): 3, ("placed_in", "London"): 1, ("subsidiary", ""): 1,
         ("building", "Brewery"): 1, ("building", "Gabled House"): 1, ("coins", ""): 10,
         ("goods", "meat"): 1, ("goods", "beer"): 1, ("votes", ""): 12},
        {("goods", "spices"): 1, ("coins", ""): 5},
        {("building", "Trade Guild"): 1, ("placed", ""): 1, ("placed_extra_in", "Edinburgh"): 1},
    ],
    "mission-mulich": [
        {("influence", ""): 6, ("placed", ""): 2, ("subsidiary", ""): 1, ("building", "Merchant House"): 1,
         ("building", "Fountain"): 1, ("small_feast", ""): 1, ("goods", "beer"): 1, ("goods", "tools"): 1,
         ("goods", "wood"): 1, ("goods", "glass"): 2, ("votes", ""): 12},
        {("building", "Gabled House"): 1},
        {("building", "Fountain"): 1},
    ],
    "mission-veckinchusen": [
        {("influence", ""): 9, ("placed", ""): 4, ("placed_zone", "purple"): 2, ("subsidiary", ""): 1,
         ("building", "Harbour Master"): 1, ("luxury", ""): 1, ("goods", "meat"): 1, ("goods", "glass"): 1,
         ("votes", ""): 18},
        {("building", "Harbour Master"): 1},
        {("placed", ""): 2},
    ],
    "mission-pal": [
        {("influence", ""): 6, ("placed", ""): 2, ("subsidiary", ""): 1, ("building", "Deli Market"): 2,
         ("luxury", ""): 3, ("votes", ""): 21},
        {("placed", ""): 2},
        {("luxury", ""): 1, ("coins", ""): 10},
    ],
}


@pytest.mark.parametrize("mission", sorted(MISSIONS_TEXT))
def test_mission_table_level_by_level(mission):
    """'Overview to the Different Missions': every basic / advanced (additional) / expert (additional)
    item as printed."""
    levels = D.MISSIONS[mission].levels
    for level, expected in enumerate(MISSIONS_TEXT[mission]):
        assert {(k, s): n for k, s, n in levels[level]} == expected, (mission, level)


# -- 2-player setup options, literally ---------------------------------------------------------------
def test_two_player_setup_options_as_printed():
    """'Option 1: ... one influence marker in Edinburgh, one influence marker in Köln, one influence
    marker in Brügge, two influence markers in Hamburg, one ... Aalborg, one ... Stavanger, one ...
    Visby, two ... Malmö, one ... Memel, one ... Riga' (options 2 and 3 likewise)."""
    printed = {
        1: {"Edinburgh": 1, "Köln": 1, "Brügge": 1, "Hamburg": 2, "Aalborg": 1, "Stavanger": 1, "Visby": 1,
            "Malmö": 2, "Memel": 1, "Riga": 1},
        2: {"Edinburgh": 1, "London": 2, "Ribe": 1, "Stavanger": 1, "Oslo": 1, "Bergen": 1, "Visby": 1,
            "Memel": 1},
        3: {"Edinburgh": 1, "London": 1, "Ribe": 1, "Hamburg": 2, "Stavanger": 1, "Oslo": 2, "Bergen": 1,
            "Visby": 1, "Stockholm": 2, "Reval": 1},
    }
    for option, cities in printed.items():
        state = finish_setup(SPEC.setup(2, 3, {"version": "main", "setup": option}))
        assert {c: b.count(2) for c, b in state.banners.items() if b} == cities, option


# -- Round indicators ---------------------------------------------------------------------------------
def _value(goods: dict[str, int]) -> int:
    return sum(D.LEVEL[g] * n for g, n in goods.items())


def test_property_and_big_feast_costs_increase_as_the_game_progresses():
    """'Reveal the new round indicator: This shows the costs for property tiles and the costs for feasts
    in the coming round. These continue to increase as the game progresses.'"""
    rounds = [D.ROUNDS[r] for r in range(1, D.ROUNDS_MAIN + 1)]
    property_costs = [r.property_cost for r in rounds]
    big = [_value(r.big_feast[0]) for r in rounds[1:]]
    assert all(a < b for a, b in zip(property_costs, property_costs[1:])), property_costs
    assert all(a < b for a, b in zip(big, big[1:])), big


def test_small_feast_costs_increase_every_round():
    """'Reveal the new round indicator: This shows the costs for property tiles and the costs for feasts
    in the coming round. These continue to increase as the game progresses.' The chosen round
    indicators must keep this rule (components.md: "Choose them so that every rule and example in the
    text still holds"). Rounds 4 and 5 ask the same small feast (1 beer, 1 meat for 3 influence)."""
    rounds = [D.ROUNDS[r] for r in range(1, D.ROUNDS_MAIN + 1)]
    small = [r.small_feast[0] for r in rounds]
    values = [_value(goods) for goods in small]
    assert all(a < b for a, b in zip(values, values[1:])), list(zip(values, small))


# -- Buying goods: "for wood, for example, that would be the yellow zone" -----------------------------
def test_yellow_gives_wood_more_often_than_any_other_zone():
    """'If you need certain low-level resources in large quantities, it makes sense to stay in the zone
    that offers the desired resource more frequently than other zones - for wood, for example, that
    would be the yellow zone.'"""
    def wood(zone):
        return sum(D.yield_goods(zone, o).count("wood") for r in range(D.WHEEL_SIZE) for ring in range(3)
                   for o in D.ring_options(zone, r, ring))
    counts = {zone: wood(zone) for zone in D.ZONES}
    assert max(counts, key=counts.get) == "yellow" and sorted(counts.values())[-2] < counts["yellow"]


# -- Final score: goods and coins do not count ----------------------------------------------------------
def test_goods_and_coins_give_no_council_votes():
    """'Note: Goods (I - IV) are only included in the final scoring via special Council Hall cards!
    Coins can only be converted into council votes through sea trading actions.'"""
    state = empty_map(new_main(3, 4))
    player = state.players[0]
    clear_player(state, 0, coins=99)
    player.influence = 0
    player.goods.update(wood=2, stone=2, tools=2, glass=2)
    assert sum(score_pad(state)[0].values()) == 0


# -- Council Hall phase: the whole example through the engine --------------------------------------
def test_council_hall_example_through_both_auctions():
    """'1st auction round: Marc first places six influence markers and is the first to choose ... the
    ten council votes. Anna ... with her five influence markers and must now settle for the monopoly on
    goods. Eric and Sarah have both placed one influence marker. If the bids are equal, the number of
    coins ... decides, but there is also a tie. Therefore, the player order decides, and Sarah gets to
    choose a Council Hall card first. In the 2nd auction round, Marc, Anna and Eric additionally receive
    the bonuses ... The sum of the bidden influence markers of every player settles the new player
    order for the next round: Marc, Anna, Eric, Sarah. ... Eric received one coin as bonus during the
    second auction and now has more coins than Sarah.'"""
    eric, sarah, anna, marc = 0, 1, 2, 3
    state = new_main(4, 4)
    state.turn, state.pending, state.phase, state.period = None, [], "council", 3
    state.order = [sarah, eric, anna, marc]
    ten = state.votes10_pile.pop() if D.COUNCIL_CARDS[state.council_rows[0][0]].kind != "votes10" \
        else state.council_rows[0][0]
    state.council_rows = [[ten, D.IMPROVE_CARD, 131, 154, 152], [101, 110, 118, 122, 115]]
    for pile in (state.council_pile, state.council_discard, state.votes3_pile, state.votes10_pile):
        pile[:] = [c for c in pile if c not in (ten, 131, 154, 152, 101, 110, 118, 122, 115)]
    for seat in range(4):
        clear_player(state, seat, coins=5)
        state.players[seat].influence = 8
        state.players[seat].general = 35 - 8
    start_council(state, [])
    for seat, amount in ((eric, 1), (sarah, 1), (anna, 5), (marc, 6)):
        state, _ = act(state, seat, "bid", amount=amount)
    assert SPEC.to_act(state) == {marc}
    state, _ = act(state, marc, "take_card", card=ten)
    assert ten not in [a.card for a in SPEC.legal_actions(state, anna)]
    state, _ = act(state, anna, "take_card", card=154)
    assert SPEC.to_act(state) == {sarah}, "Sarah chooses before Eric"
    state, _ = act(state, sarah, "take_card", card=131)
    state, _ = act(state, eric, "take_card", card=152)
    for seat in (eric, sarah, anna, marc):
        state, _ = act(state, seat, "bid", amount=1)
    # All bid 1 with equal coins: the player order (Sarah, Eric, Anna, Marc) chooses.
    state, _ = act(state, sarah, "take_card", card=110)  # no bonus marking
    state, _ = act(state, eric, "take_card", card=101)  # bonus: one coin
    assert state.players[eric].coins == state.players[sarah].coins + 1
    state, _ = act(state, anna, "take_card", card=118)
    state, _ = act(state, marc, "take_card", card=122)
    assert state.players[marc].votes == 10 and 154 in state.players[anna].cards
    assert state.round == 2 and state.order == [marc, anna, eric, sarah]


# -- Solo: the dummy's markers ----------------------------------------------------------------------------
def test_the_dummy_skips_zones_where_it_holds_the_majority():
    """'If the dummy player already owns the majority in a city district or in a trading zone, do not
    perform that action, but draw a new placement card! ... If the dummy player has the majority in all
    city districts or trading zones, the action is still performed.' (round 1: four markers)"""
    from games.aelderman.dummy import dummy_markers

    for seed in range(8):
        state = empty_map(new_main(1, seed, difficulty="medium"))
        dummy = 1
        state.banners["Aalborg"] = [dummy]
        state.banners["Danzig"] = [dummy]
        state.round = 1
        events: list = []
        dummy_markers(state, events)
        cities = [e.data["city"] for e in events if e.kind == "dummy_marker"]
        assert len(cities) == 4 and len(set(cities)) == 4
        first_three = [D.CITY_ZONE[c] for c in cities[:3]]
        assert sorted(first_three) == ["green", "purple", "yellow"], (seed, cities)


def test_the_dummys_markers_exchange_action_cards():
    """'The dummy player's influence markers may also trigger the exchange of action cards.'"""
    from games.aelderman.dummy import dummy_markers

    state = empty_map(new_main(1, 3, difficulty="hard"))
    for city in D.CITIES:
        state.banners[city] = [0]
    before = dict(state.cards)
    state.round = 1
    events: list = []
    dummy_markers(state, events)
    cities = [e.data["city"] for e in events if e.kind == "dummy_marker"]
    assert len(cities) == 4
    assert all(state.cards[c] != before[c] for c in cities)
    assert [e.data["city"] for e in events if e.kind == "card_exchanged"] == cities


@pytest.mark.parametrize("sheet", ["easy", "medium", "hard"])
def test_round_one_of_every_sheet_is_the_rulebooks_example(sheet):
    """'During the round preparation in the first round, a building of strength 2 is placed for the
    dummy player according to the dummy description.' 'In the first round, the dummy player places
    four influence markers according to the dummy description. This happens before the third period
    indicator tile is revealed.'"""
    state = finish_setup(SPEC.setup(1, 7, {"version": "main", "difficulty": sheet}))
    setup_strengths = sorted([s for _, s in D.SETUP_BUILDINGS[1]] + [2])
    assert sorted(s for _, s in state.spare.lots) == setup_strengths
    policy = SPEC.policy("heuristic", seed=0)
    before = {c: b.count(1) for c, b in state.banners.items()}
    while not (state.phase == "trade" and state.period == 2):
        state, _ = SPEC.apply(state, 0, policy.choose(state, 0))
    added = {c: b.count(1) - before.get(c, 0) for c, b in state.banners.items() if b.count(1) > before.get(c, 0)}
    assert sum(added.values()) == 4 and set(added.values()) == {1}


# -- "e.g. with the action selling goods": a card exchanged by the sale's marker ends the city's actions --
def test_a_sale_whose_marker_exchanges_the_card_stops_a_second_action():
    """'You cannot perform a second action in a city, if the action card is exchanged after you placed an
    influence marker with your first action, e.g. with the action selling goods.'"""
    state = empty_map(new_game(3, seed=9))
    clear_player(state, 0, coins=0)
    state.cards["Ribe"] = 8  # buy1 - buy3 / influence1 sell2 -
    state.banners["Ribe"] = [1]
    state.players[0].goods.update(stone=1, fish=1, wheat=1, tools=1, pelt=1, spices=1, beer=1)
    start_turn(state, 0, "Hamburg", ap=6)
    state = sell_six_in_ribe(state)
    state, events = act(state, 0, "place", where="banner")
    assert state.banners["Ribe"] == [1, 0] and state.cards["Ribe"] != 8
    assert state.turn.base_left == 4
    assert "card_action" not in kinds(state, 0) and "alt_trade" not in kinds(state, 0)


# -- Turning the resource wheel: the bonus marker may exchange the card ------------------------------
def test_the_wheel_actions_bonus_marker_is_placed_at_once_and_may_exchange_the_card():
    """Turning the Resource Wheel: 'Turn the resource wheel clockwise by one or up to two positions. You
    will also get the indicated number of coins. If the marking on the resource wheel allows you to place
    an influence marker, do so immediately. Note that placing an influence marker may lead to an exchange
    of the action card.'"""
    state = empty_map(new_game(3, seed=9))
    clear_player(state, 0, coins=0)
    state.cards["Aalborg"] = 11  # sell1 buy2 - / wheel1 - buy3
    state.banners["Aalborg"] = [1]
    state.players[0].wheel_turns = 4
    start_turn(state, 0, "Ribe", ap=3)
    state, _ = act(state, 0, "move", city="Aalborg")
    state, _ = act(state, 0, "card_action", action="wheel1")
    assert state.players[0].coins == 1 and state.players[0].wheel_turns == 5
    assert state.pending and state.pending[-1].kind == "place"
    state, events = act(state, 0, "place", where="banner")
    assert state.banners["Aalborg"] == [1, 0] and state.cards["Aalborg"] != 11
    assert state.players[0].coins == 1  # free


def test_the_dummy_holding_every_zone_still_places_its_markers():
    """'If the dummy player has the majority in all city districts or trading zones, the action is still
    performed.'"""
    from games.aelderman.dummy import dummy_markers

    state = empty_map(new_main(1, 2, difficulty="hard"))
    for zone in D.ZONES:
        city = next(c for c, z in D.CITY_ZONE.items() if z == zone)
        state.banners[city] = [1]
    state.round = 1
    events: list = []
    dummy_markers(state, events)
    assert [e.kind for e in events].count("dummy_marker") == D.DUMMY_SHEETS["hard"].markers[0] == 4


def test_component_counts_of_the_list():
    """Components: '28x improvements', '30x building tiles (I)', '30x start boosters', '30x building tiles
    (II)', '140x influence markers', '32x property tiles', '4x player markers', '17x placement cards for
    influence markers (solo mode)', '5x placement cards for buildings (solo mode)', '4x draw cards (solo
    mode)', '3x dummy overview (solo mode)', and setup 'shuffle all action cards (007–056)'."""
    assert sum(i.copies for i in D.IMPROVEMENTS.values()) == 28
    assert sum(b.stock for b in D.BUILDINGS.values() if b.strength == 1) == 30
    assert sum(b.stock for b in D.BUILDINGS.values() if b.strength == 2) == 30
    assert len(D.START_BOOSTERS) + len(D.MAIN_BOOSTERS) == 30
    assert 4 * D.INFLUENCE_MARKERS == 140 and 4 * D.PROPERTY_TILES == 32
    assert len(D.CITIES) == 17 and len(D.DISTRICTS) == 5 and D.SELECTION_CARDS == 4 and len(D.DUMMY_SHEETS) == 3
    assert D.MAIN_DRAW_CARDS == tuple(range(7, 57))
