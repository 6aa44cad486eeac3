"""Sea actions: selling, upgrading, splitting, luxury goods, production, votes, swapping."""

from __future__ import annotations

from games.aelderman import SPEC
from games.aelderman.trading import SPLITS, can_sell, sale_reward
from tests.games.aelderman.helpers import act, clear_player, kinds, new_game, start_turn


def at_card(card: int, city: str = "Aalborg", coins: int = 0, **goods: int):
    state = new_game(2, seed=9)
    clear_player(state, 0, coins)
    state.cards[city] = card
    state.players[0].goods.update(goods)
    neighbour = {"Aalborg": "Ribe", "Hamburg": "Lübeck", "Lübeck": "Hamburg"}.get(city, "Hamburg")
    start_turn(state, 0, neighbour, ap=5)
    state, _ = act(state, 0, "move", city=city)
    return state


def test_selling_needs_the_demand_left_to_right():
    """'With a sale for one action point, you must sell the first four goods.' 'You must always
    fulfill the demand from left to right.'"""
    demand = ("wood", "wheat", "wheat", "meat", "luxury", "stone", "beer", "any")
    state = new_game(2, seed=9)
    player = state.players[0]
    clear_player(state, 0)
    player.goods.update(wood=1, wheat=2, meat=0, stone=1, beer=1)
    assert not can_sell(player, demand, 4)
    player.goods["meat"] = 1
    assert can_sell(player, demand, 4) and not can_sell(player, demand, 6)


def test_selling_six_needs_a_luxury_good_and_places_a_marker():
    """'When you sell six goods, you receive 15 coins, two influence markers in your active supply,
    and you may perform the placing influence marker action once.' 'When selling six or eight goods
    you always need a luxury good.'"""
    state = at_card(8, city="Ribe", stone=1, fish=1, wheat=1, tools=1, pelt=1, spices=1, beer=1)
    state, _ = act(state, 0, "card_action", action="sell2")
    assert {a.count for a in SPEC.legal_actions(state, 0)} == {4, 6}
    influence = state.players[0].influence
    state, _ = act(state, 0, "sell_count", count=6)
    state, _ = act(state, 0, "pay", good="spices")  # which luxury good pays the luxury place
    state, _ = act(state, 0, "pay", good="wheat")  # then the two "any" places
    state, _ = act(state, 0, "pay", good="tools")
    player = state.players[0]
    assert player.coins == 15 and player.influence == influence + 2
    assert player.goods["pelt"] == 1 and player.goods["spices"] == 0 and player.goods["beer"] == 0
    assert state.pending[-1].kind == "place"
    state, _ = act(state, 0, "place", where="banner")
    assert state.banners["Ribe"] == [0] and state.players[0].coins == 15


def test_selling_eight_gives_council_votes_and_two_placements():
    """'When you sell eight goods, you receive 20 coins, three council votes, and you may use the
    action placing influence marker twice.'"""
    state = at_card(8, city="Ribe", stone=2, fish=1, wheat=1, beer=1, pelt=1, meat=1, wood=1)
    state, _ = act(state, 0, "card_action", action="sell2")
    state, _ = act(state, 0, "sell_count", count=8)
    for good in ("stone", "wheat"):  # the last "any" place is then forced (wood)
        state, _ = act(state, 0, "pay", good=good)
    player = state.players[0]
    assert player.coins == 20 and player.votes == 3 and sum(player.goods.values()) == 0
    assert [p.kind for p in state.pending] == ["place", "place"]


def test_upgrading_goods():
    """'The level can be increased by one ... it is up to you which of the two higher types of goods
    you upgrade a resource to. However, goods of level IV (meat and glass) cannot be upgraded to
    luxury goods.' 'If you use the action 2x upgrading goods or 3x upgrading goods, you will
    additionally receive one or two coins respectively.'"""
    state = at_card(1, city="Lübeck", wood=1, glass=1)
    state, _ = act(state, 0, "card_action", action="upgrade3")
    assert state.players[0].coins == 2
    options = {(a.good, a.to) for a in SPEC.legal_actions(state, 0) if a.kind == "upgrade"}
    assert options == {("wood", "stone"), ("wood", "fish")}
    state, _ = act(state, 0, "upgrade", good="wood", to="fish")
    state, _ = act(state, 0, "upgrade", good="fish", to="beer")
    state, _ = act(state, 0, "upgrade", good="beer", to="meat")
    assert state.players[0].goods["meat"] == 1 and state.players[0].goods["glass"] == 1
    assert not state.pending


def test_splitting_goods():
    """'The sum of the level values of the goods before and after splitting must always be the same!
    The luxury goods spices and pelt cannot be split. Furthermore, resources cannot be exchanged for
    goods of the same level.' 'you can split a level IV resource of glass into 4x level I wheat, or
    into 1x fish and 1x stone'."""
    assert ("wheat", "wheat", "wheat", "wheat") in SPLITS[4]
    assert ("fish", "stone") in SPLITS[4]
    assert all(len(parts) >= 2 for parts in SPLITS[4])
    state = at_card(28, glass=1, pelt=1)
    state, _ = act(state, 0, "card_action", action="split2")
    assert {a.good for a in SPEC.legal_actions(state, 0) if a.kind == "split"} == {"glass"}
    state, _ = act(state, 0, "split", good="glass")
    state, _ = act(state, 0, "split_into", goods=["fish", "stone"])
    goods = state.players[0].goods
    assert (goods["glass"], goods["fish"], goods["stone"], goods["pelt"]) == (0, 1, 1, 1)


def test_split_two_goods_may_split_a_part_of_the_first_split():
    """'Split 2 goods' (card 28): the second split may take a good the first one gave, as 'If
    multiple upgrades are possible through the action upgrading goods, it is up to you whether you
    upgrade several goods once or one good several times.' A glass split into fish and stone
    leaves the fish or the stone to split next, with no other good in storage."""
    state = at_card(28, glass=1)
    state, _ = act(state, 0, "card_action", action="split2")
    state, _ = act(state, 0, "split", good="glass")
    state, _ = act(state, 0, "split_into", goods=["fish", "stone"])
    assert {a.good for a in SPEC.legal_actions(state, 0) if a.kind == "split"} == {"fish", "stone"}
    state, _ = act(state, 0, "split", good="stone")
    state, _ = act(state, 0, "split_into", goods=["wood", "wood"])
    goods = state.players[0].goods
    assert (goods["glass"], goods["fish"], goods["stone"], goods["wood"]) == (0, 1, 0, 2)
    assert not state.pending  # two splits: the action is done


def test_buying_luxury_goods_council_votes_and_production():
    """'For seven coins, you will receive the depicted luxury good.' 'Pay 18 coins to receive 10
    council votes.' 'For six or eight coins, you will receive one or two additional influence
    markers per turn ... starting with the next production phase.'"""
    state = at_card(18, coins=25)
    state, _ = act(state, 0, "card_action", action="votes")
    assert state.players[0].votes == 10 and state.players[0].coins == 7
    state = at_card(34, coins=7)
    state, _ = act(state, 0, "card_action", action="pelt")
    assert state.players[0].goods["pelt"] == 1 and state.players[0].coins == 0
    state = at_card(16, coins=8)
    state, _ = act(state, 0, "card_action", action="prod_influence2")
    assert state.players[0].production["influence"] == 2 and state.players[0].coins == 0


def test_swapping_action_cards():
    """'For three coins, you may swap any two action cards on the sea map. If you swap the action
    card to the city in which your ship is currently located, you may not perform any action there
    until you have moved back to the city. The action cards in Lübeck, Levantehandel and
    Fernosthandel are excluded.'"""
    state = at_card(12, coins=3)
    state, _ = act(state, 0, "card_action", action="swap")
    cities = {a.city for a in SPEC.legal_actions(state, 0)}
    assert "Lübeck" not in cities and "Levantehandel" not in cities and len(cities) == 17
    london = state.cards["London"]
    state, _ = act(state, 0, "pick_city", city="Aalborg")
    state, _ = act(state, 0, "pick_city", city="London")
    assert state.cards["Aalborg"] == london and state.cards["London"] == 12
    assert "card_action" not in kinds(state, 0)


def test_turning_the_wheel():
    """'Turn the resource wheel clockwise by one or up to two positions. You will also get the
    indicated number of coins.'"""
    state = at_card(19)
    state, _ = act(state, 0, "card_action", action="wheel2")
    state, _ = act(state, 0, "wheel_steps", steps=2)
    assert state.players[0].rotation == 2 and state.players[0].coins == 2


def test_full_storage_makes_the_player_remove_goods():
    """'At the beginning of the game, 12 storage spaces are available.' 'Goods can be removed from
    the storage at any time to make room for new goods.'"""
    state = at_card(7, wood=12)
    state, _ = act(state, 0, "card_action", action="buy2")
    assert SPEC.to_act(state) == {0} and state.pending[-1].kind == "discard"
    while state.pending and state.pending[-1].kind == "discard":
        state, _ = act(state, 0, "discard", good="wood")
    assert sum(state.players[0].goods.values()) == 12


def test_a_discard_step_goes_when_the_goods_fit_again():
    """'Goods can be removed from the storage at any time to make room for new goods': a removal is
    owed only while they do not fit. Goods that leave the storage otherwise (a building taking
    them) end the discard step unasked."""
    from games.aelderman.rules import capacity, stored
    from games.aelderman.steps import settle_forced

    state = at_card(7, wood=12)
    state, _ = act(state, 0, "card_action", action="buy2")
    assert state.pending[-1].kind == "discard"
    player = state.players[0]
    player.goods["wood"] -= stored(player) - capacity(player)  # taken by something else: it fits now
    assert settle_forced(state, []) and not any(p.kind == "discard" for p in state.pending)


def test_a_sales_log_line_names_everything_the_sale_gives():
    """'When you sell six goods, you receive 15 coins, two influence markers in your active supply,
    and you may perform the placing influence marker action once. When you sell eight goods, you
    receive 20 coins, three council votes, and you may use the action placing influence marker
    twice.' The line says all of it, so each change on the board has its reason in the log."""
    for count, said in ((6, "for 15 coins, 2 influence and 1 influence marker to place."),
                        (8, "for 20 coins, 3 council votes and 2 influence markers to place.")):
        state = new_game(3, seed=2)
        state.players[0].location = "Riga"  # a city of a zone: "Placing influence markers is not possible in Lübeck"
        before = state.players[0].model_copy(deep=True)
        events: list = []
        sale_reward(state, 0, count, events)
        (line,) = [e.text for e in events if e.kind == "goods_sold"]
        assert line == "{p0} sells %d goods %s" % (count, said)
        player = state.players[0]
        assert player.coins - before.coins == (15 if count == 6 else 20)
        assert (player.influence - before.influence, player.votes - before.votes) == ((2, 0) if count == 6 else (0, 3))
