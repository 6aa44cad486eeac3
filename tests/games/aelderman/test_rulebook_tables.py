"""Rulebook examples and tables of Aelderman: production and operating costs, player order,
Council Hall cards, buildings, council orders, missions and period indicators."""
from __future__ import annotations

from games.aelderman import data as D
from games.aelderman.city import construct
from games.aelderman.council import apply_card, new_order
from games.aelderman.election import score_pad
from games.aelderman.production import pay_operating_costs, produce
from games.aelderman.rules import building_cost, capacity, operating_costs, property_cost
from games.aelderman.orders import order_met
from tests.games.aelderman.helpers import act, clear_player, give_building, new_game, new_main, start_turn


def test_production_example_glass_and_two_coins_operating_costs():
    """'Some buildings produce resources directly. Example: 1x glass is produced. In addition, two
    coins must be paid as operating costs.'"""
    state = new_main(2, 4)
    clear_player(state, 0, coins=5)
    give_building(state, 0, "Glassblower", 0)
    glass = state.players[0].goods["glass"]
    produce(state, [])
    state.pending = []
    pay_operating_costs(state, [])
    assert state.players[0].goods["glass"] == glass + 1
    assert state.players[0].coins == 3 and state.players[0].penalty == 0


def test_operating_costs_offset_by_gabled_house_income():
    """'After production, the operating costs for buildings are paid. These can be offset against your
    income - e.g. from Gabled Houses or Merchant Houses.'"""
    state = new_main(2, 4)
    clear_player(state, 0, coins=0)
    give_building(state, 0, "Gabled House", 0)
    produce(state, [])
    state.pending = []
    pay_operating_costs(state, [])
    assert state.players[0].coins == 3 and state.players[0].penalty == 0


def test_partly_unpaid_operating_costs_two_votes_per_coin():
    """'If the operating costs cannot be settled, you lose two council votes for each coin you cannot
    pay.'"""
    state = new_main(2, 4)
    clear_player(state, 0, coins=1)
    give_building(state, 0, "Glassblower", 0)
    give_building(state, 0, "Glassblower", 1)
    pay_operating_costs(state, [])
    assert state.players[0].coins == 0 and state.players[0].penalty == 6


def test_new_order_tie_more_coins_then_unchanged():
    """'In case of a tie, the player who currently has the most coins wins. If there is still a tie,
    player order does not change.'"""
    state = new_game(4, seed=3)
    state.order = [2, 0, 3, 1]
    for s in range(4):
        state.players[s].bid_total = 2
        state.players[s].coins = 5
    state.players[1].bid_total = 4
    state.players[0].coins = 9
    assert new_order(state) == [1, 0, 2, 3]


def test_card_122_cheap_property():
    """122: 'Cheap property: This Council Hall card reduces the cost of all future property purchases
    by two coins each.'"""
    state = new_game(2, seed=3)
    player = state.players[0]
    base = property_cost(state, player)
    apply_card(state, 0, 122, [])
    assert property_cost(state, player) == max(0, base - 2)


def test_card_101_four_storage_spaces():
    """101: 'Additional storage: You will receive four additional storage spaces.' ('At the
    beginning of the game, 12 storage spaces are available.')"""
    state = new_game(2, seed=3)
    player = state.players[0]
    assert capacity(player) == 12
    apply_card(state, 0, 101, [])
    assert capacity(player) == 16


def test_storage_building_nine_spaces():
    """Storage: 'The Storage adds nine additional storage spaces for goods.'"""
    state = new_main(2, 4)
    give_building(state, 0, "Storage", 0)
    assert capacity(state.players[0]) == 21


def test_cards_118_119_120_building_discounts():
    """118: 'reduces the construction costs for buildings of strength I by 1x stone.' 119: '... strength
    II by 2x wood.' 120: '... strength II by 1x stone.'"""
    state = new_game(2, seed=3)
    player = state.players[0]
    player.cards = [118]
    assert building_cost(player, "Fountain")[0] == {"stone": 1, "tools": 1}
    assert building_cost(player, "Glassblower")[0] == {"wood": 2, "stone": 2, "tools": 1}
    player.cards = [119]
    assert building_cost(player, "Glassblower")[0] == {"stone": 2, "tools": 1}
    assert building_cost(player, "Gabled House")[0] == {"wood": 4, "stone": 1, "glass": 1}
    player.cards = [120]
    assert building_cost(player, "Glassblower")[0] == {"wood": 2, "stone": 1, "tools": 1}


def test_cards_121_123_127_production_and_one_more_operating_cost():
    """121/123/127: 'From the next production phase onwards, you will permanently produce 1x action
    point / 1x influence marker / 1x stone per round ... Your operating costs are also increased by
    one coin.'"""
    state = new_game(2, seed=3)
    player = state.players[0]
    before = dict(player.production)
    for number in (121, 123, 127):
        apply_card(state, 0, number, [])
    assert player.production["ap"] == before["ap"] + 1
    assert player.production["influence"] == before["influence"] + 1
    assert player.production["stone"] == before["stone"] + 1
    assert operating_costs(player) == 3


def test_buildings_table_strength_one():
    """Buildings table: 'Gabled House | 4x wood, 1x stone, 1x glass, 1x coin | 1' ... 'Trade Guild | 4x
    wood, 1x stone, 1x tools, 2x coin | 1'."""
    expected = {
        "Gabled House": ({"wood": 4, "stone": 1, "glass": 1}, 1),
        "Fountain": ({"stone": 2, "tools": 1}, 1),
        "Tavern": ({"wood": 2, "stone": 2, "tools": 1}, 0),
        "Guild House": ({"wood": 5, "stone": 1}, 3),
        "Storage": ({"wood": 4}, 3),
        "Carpentry": ({"wood": 2, "stone": 2}, 2),
        "Lighthouse": ({"stone": 3}, 0),
        "Trade Guild": ({"wood": 4, "stone": 1, "tools": 1}, 2),
    }
    for name, (goods, coins) in expected.items():
        b = D.BUILDINGS[name]
        assert (b.goods, b.coins, b.strength) == (goods, coins, 1), name


def test_council_orders_table():
    """Council orders 301-316 as in the table, e.g. '302 | Min. 2x glass production | Receive 1x
    stone immediately. In the final scoring you get another 5 council votes.'"""
    expected = {
        301: {"coins": 3, "votes": 4}, 302: {"stone": 1, "votes": 5}, 303: {"influence": 3, "wood": 2},
        304: {"glass": 1, "fish": 2}, 305: {"glass": 1, "meat": 1}, 306: {"coins": 3, "pelt": 1},
        307: {"coins": 4, "spices": 1}, 308: {"coins": 4, "pelt": 1}, 309: {"influence": 1, "votes": 3},
        310: {"coins": 12}, 311: {"coins": 12}, 312: {"coins": 13}, 313: {"coins": 13},
        314: {"coins": 11}, 315: {"coins": 12}, 316: {"coins": 13},
    }
    for number, reward in expected.items():
        assert D.COUNCIL_ORDERS[number].reward == reward, number


def test_order_302_two_glassblowers():
    """302: 'Min. 2x glass production': 'Receive 1x stone immediately. In the final scoring you get
    another 5 council votes.'"""
    state = new_main(2, 4)
    state.orders = [302, 0, 0, 0]
    give_building(state, 0, "Glassblower", 0)
    assert not order_met(state, 0, 302)
    give_building(state, 0, "Glassblower", 1)
    clear_player(state, 0, coins=0)
    start_turn(state, 0, "Malmö", ap=3)
    state, _ = act(state, 0, "move", city="Lübeck")
    state, _ = act(state, 0, "fulfil", order=302)
    assert state.players[0].goods["stone"] == 1
    assert score_pad(state)[0]["orders"] == 5


def test_missions_tables_cumulative():
    """Missions, e.g. Rinck 'Basic: ... collect 10 coins ...; Advanced (additional): 1x spices; collect
    5 coins'; Veckinchusen 'Advanced (additional): 1x construct a building: Harbour Master'; Pal
    'Expert (additional): 1x pelt or spices; collect 10 coins'."""
    rinck = dict(((k, s), n) for k, s, n in D.cumulative(D.MISSIONS["mission-rinck"], 2))
    assert rinck[("coins", "")] == 15 and rinck[("goods", "spices")] == 1
    assert rinck[("placed", "")] == 4 and rinck[("placed_extra_in", "Edinburgh")] == 1
    assert rinck[("building", "Trade Guild")] == 1 and rinck[("votes", "")] == 12
    veck = dict(((k, s), n) for k, s, n in D.cumulative(D.MISSIONS["mission-veckinchusen"], 2))
    assert veck[("building", "Harbour Master")] == 2 and veck[("placed", "")] == 6
    assert veck[("influence", "")] == 9 and veck[("votes", "")] == 18 and veck[("placed_zone", "purple")] == 2
    pal = dict(((k, s), n) for k, s, n in D.cumulative(D.MISSIONS["mission-pal"], 2))
    assert pal[("luxury", "")] == 4 and pal[("coins", "")] == 10 and pal[("placed", "")] == 4
    assert pal[("building", "Deli Market")] == 2 and pal[("votes", "")] == 21
    mulich = dict(((k, s), n) for k, s, n in D.cumulative(D.MISSIONS["mission-mulich"], 2))
    assert mulich[("building", "Fountain")] == 2 and mulich[("building", "Gabled House")] == 1


def test_period_indicators():
    """'The six period indicators contain the numbers 2, 3, 3, 4, 4, 5.' 'In the short version, the
    period indicator showing two action points is removed.'"""
    assert sorted(D.PERIOD_TILES_MAIN) == [2, 3, 3, 4, 4, 5]
    assert sorted(D.PERIOD_TILES_SHORT) == [3, 3, 4, 4, 5]


def test_lighthouse_and_tavern_act_immediately_on_construction():
    """Lighthouse: 'Increase the strength of the Lighthouse by 1 by paying 2x stone: once immediately
    during construction'. Tavern: 'allows you to immediately draw two Council Hall cards from the draw
    pile and select one of them.'"""
    state = new_game(2, seed=3)
    clear_player(state, 0, coins=5)
    player = state.players[0]
    player.goods["stone"] = 5
    player.property = 1
    construct(state, 0, "Lighthouse", [])
    assert player.goods["stone"] == 2
    assert any(p.kind == "ability" and p.seat == 0 for p in state.pending)
    state.pending = []
    player.goods.update(wood=2, stone=2, tools=1)
    player.property = 1
    construct(state, 0, "Tavern", [])
    tavern = [p for p in state.pending if p.kind == "tavern"]
    assert tavern and len(tavern[0].data["cards"]) == 2


def test_a_deli_market_is_offered_with_the_coins_of_the_same_production_whatever_was_built_first():
    """'All buildings with a production symbol generate income immediately ... and afterwards in each
    production phase ... This can include the production of goods as well as special abilities
    (Lighthouse, Carpentry, Deli Market).' A Deli Market (1 meat and 2 coins) built before the
    Merchant House that pays its coins is offered in that production as one built after it."""
    for order in (("Merchant House", "Deli Market"), ("Deli Market", "Merchant House")):
        state = new_main(2, 4)
        clear_player(state, 0, coins=0)
        state.players[0].goods["meat"] = 1
        for site, name in enumerate(order):
            give_building(state, 0, name, site)
        state.pending = []
        produce(state, [])
        offered = [p.data["index"] for p in state.pending if p.kind == "ability" and p.seat == 0]
        assert offered == [order.index("Deli Market")], order
