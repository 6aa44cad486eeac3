"""The rulebook's worked examples, replayed on the chosen data."""

from __future__ import annotations

from games.aelderman import SPEC
from games.aelderman import data as D
from games.aelderman.trading import buy_options
from tests.games.aelderman.helpers import act, clear_player, new_game, start_turn

ERIC, SARAH, ANNA, MARC = 0, 1, 2, 3


def example_board():
    state = new_game(4, seed=5)
    state.cards["Aalborg"], state.cards["Ribe"], state.cards["Hamburg"] = 7, 8, 9
    for seat in range(4):
        clear_player(state, seat)
    state.players[ERIC].rotation = 5
    state.players[SARAH].rotation = 0
    return state


def test_eric_four_action_points():
    """'Eric first moves his ship to Aalborg and performs the action buying goods from the middle
    column for two action points. Then he moves to Ribe and uses the action gaining influence
    markers for one action point. Eric spends the last action point in Hamburg to increase
    production of fish for five coins.' ... 'Eric receives 1x fish and 1x beer for two action points.'"""
    state = example_board()
    state.players[ERIC].coins = 5
    start_turn(state, ERIC, "Malmö", ap=4)
    state, _ = act(state, ERIC, "move", city="Aalborg")
    state, _ = act(state, ERIC, "card_action", action="buy2", cost=2)
    eric = state.players[ERIC]
    assert (eric.goods["fish"], eric.goods["beer"]) == (1, 1)
    state, _ = act(state, ERIC, "move", city="Ribe")
    influence = state.players[ERIC].influence
    state, _ = act(state, ERIC, "card_action", action="influence1", cost=1)
    assert state.players[ERIC].influence == influence + 1
    state, _ = act(state, ERIC, "move", city="Hamburg")
    state, _ = act(state, ERIC, "card_action", action="prod_fish", cost=1)
    eric = state.players[ERIC]
    assert eric.production["fish"] == 1 and eric.coins == 0
    assert state.turn.base_left == 0


def test_sarah_buys_in_ribe_and_sells_in_aalborg():
    """'Sarah first moves to Ribe to use the buying goods action for three action points. She then
    moves to Aalborg to use the action selling goods for one action point.' 'Sarah receives one
    influence marker ... 1x meat and 2x wheat' (purple crate); 'She has 1x wood, 2x wheat and 1x
    meat ... she receives 10 coins and an influence marker in her active supply.'"""
    state = example_board()
    state.players[SARAH].goods["wood"] = 1
    start_turn(state, SARAH, "Hamburg", ap=4)
    state, _ = act(state, SARAH, "move", city="Ribe")
    influence = state.players[SARAH].influence
    state, events = act(state, SARAH, "card_action", action="buy3", cost=3)
    sarah = state.players[SARAH]
    assert sarah.influence == influence + 1
    assert (sarah.goods["meat"], sarah.goods["wheat"], sarah.goods["wood"]) == (1, 2, 1)
    (bought,) = [e.text for e in events if e.kind == "goods_bought"]  # counted, as the log says goods
    assert "1 meat" in bought and "2 wheat" in bought and "wheat, wheat" not in bought, bought
    state, _ = act(state, SARAH, "move", city="Aalborg")
    state, events = act(state, SARAH, "card_action", action="sell1", cost=1)
    sarah = state.players[SARAH]
    assert sarah.coins == 10 and sarah.influence == influence + 2
    (sold,) = [e.text for e in events if e.kind == "goods_sold"]  # which goods went, not only how many
    assert sold.startswith("{p%d} sells 4 goods (" % SARAH) and all(g in sold for g in ("wood", "wheat", "meat")), sold
    # "...and therefore receives 10 coins and an influence marker": the line names both
    assert sold.endswith(") for 10 coins and 1 influence."), sold
    assert sum(sarah.goods.values()) == 0


def test_anna_two_actions_in_hamburg():
    """'Anna moves to Hamburg and spends three action points to increase her action point production
    by two for eight coins. Then she performs buying goods for one action point as an additional
    action in Hamburg. This is possible because the two actions are in different rows.'"""
    state = example_board()
    state.players[ANNA].coins = 8
    start_turn(state, ANNA, "Lübeck", ap=4)
    state, _ = act(state, ANNA, "move", city="Hamburg")
    state, _ = act(state, ANNA, "card_action", action="prod_ap2", cost=3)
    assert state.players[ANNA].production["ap"] == 2 and state.players[ANNA].coins == 0
    offered = [a.action for a in SPEC.legal_actions(state, ANNA) if a.kind == "card_action"]
    assert offered == ["buy1"]  # the first row is used up
    state, _ = act(state, ANNA, "card_action", action="buy1", cost=1)
    assert sum(state.players[ANNA].goods.values()) > 0


def test_sarah_buying_options_in_aalborg():
    """'If Sarah performs the buying goods action for one action point in Aalborg, she receives 1x
    wheat and one coin. ... two action points, she receives the goods fish and wood. Additionally,
    she gets 1x stone for the wooden crate in the blue zone ... three action points, she receives
    three influence markers in her active supply and an additional coin.'"""
    state = example_board()
    state.players[SARAH].location = "Aalborg"
    inner, middle, outer = (buy_options(state, SARAH, ring) for ring in range(3))
    assert [(o.goods, o.coins) for o in inner] == [(["wheat"], 1)]
    assert sorted(middle[0].goods) == ["fish", "stone", "wood"] and len(middle) == 1
    assert (outer[0].goods, outer[0].influence, outer[0].coins) == ([], 3, 1)


def test_luxury_only_where_the_colours_match():
    """'In one case you have the choice between: 1x pelt & 1x fish OR 2x fish, 1x tools & 1x stone.
    In the other case you can only get 1x stone, 1x beer and 2x wood.'"""
    state = example_board()
    state.players[ERIC].location = "Riga"  # red zone, wheel at 5
    choice = buy_options(state, ERIC, 2)
    assert [sorted(o.goods) for o in choice] == [["fish", "pelt"], ["fish", "fish", "stone", "tools"]]
    state.players[SARAH].location = "Oslo"  # yellow zone, wheel at 0
    only = buy_options(state, SARAH, 2)
    assert [sorted(o.goods) for o in only] == [["beer", "stone", "wood", "wood"]]


def test_alternative_trade_in_malmo():
    """'Sarah moves her ship from Lübeck to Malmö. There ... she prefers to make an alternative trade
    for one action point. In this case she buys 1x beer for three coins.' 'Using the alternative
    trade means that only this action can be performed in this city.'"""
    state = example_board()
    state.players[SARAH].coins = 3
    start_turn(state, SARAH, "Lübeck", ap=3)
    state, _ = act(state, SARAH, "move", city="Malmö")
    state, _ = act(state, SARAH, "alt_trade")
    state, _ = act(state, SARAH, "trade", side="buy", good="beer")
    sarah = state.players[SARAH]
    assert sarah.goods["beer"] == 1 and sarah.coins == 0 and state.turn.base_left == 2
    offered = {a.kind for a in SPEC.legal_actions(state, SARAH)}
    assert "card_action" not in offered and "alt_trade" not in offered


def test_hamburg_placement_of_two_markers():
    """'Eric pays nine coins to place two influence markers in Hamburg for two action points. He can
    now decide to place both influence markers on the banner. In this case, the action card will be
    exchanged immediately. Or, for an additional payment of five coins, he can place one of the
    influence markers as a subsidiary.'"""
    base = example_board()
    base.players[ERIC].coins = 14
    start_turn(base, ERIC, "Lübeck", ap=4)
    base, _ = act(base, ERIC, "move", city="Hamburg")
    base, _ = act(base, ERIC, "card_action", action="place2", cost=2)
    assert base.players[ERIC].coins == 5
    both, _ = act(base, ERIC, "place", where="banner")
    both, events = act(both, ERIC, "place", where="banner")
    assert both.banners["Hamburg"] == [ERIC, ERIC]
    assert both.cards["Hamburg"] != 9 and any(e.kind == "card_exchanged" for e in events)
    assert both.turn.visit.blocked
    split, _ = act(base, ERIC, "place", where="banner")
    split, _ = act(split, ERIC, "place", where="subsidiary")
    assert split.subsidiary["Hamburg"] == ERIC and split.players[ERIC].coins == 0
    assert split.cards["Hamburg"] == 9


def test_eric_cannot_pay_for_two_glassblowers():
    """'Eric has to pay operating costs of four coins for his two buildings Glassblower. He cannot
    pay these costs because he does not have any coins at the moment. He loses 8 council votes.'"""
    from games.aelderman.production import pay_operating_costs

    state = example_board()
    eric = state.players[ERIC]
    eric.buildings = ["Glassblower", "Glassblower"]
    eric.uses = [0, 0]
    eric.property_supply -= 2
    events: list = []
    pay_operating_costs(state, events)
    assert eric.penalty == 8
    assert D.BUILDINGS["Glassblower"].produces == {"glass": 1}


def test_council_hall_tie_breaks_and_new_order():
    """'Eric and Sarah have both placed one influence marker. If the bids are equal, the number of
    coins ... decides, but there is also a tie. Therefore, the player order decides, and Sarah gets
    to choose a Council Hall card first.' ... 'Eric received one coin as bonus during the second
    auction and now has more coins than Sarah.' New order: Marc, Anna, Eric, Sarah."""
    from games.aelderman.council import choice_order, new_order

    state = example_board()
    state.order = [SARAH, ERIC, ANNA, MARC]
    bids = [1, 1, 5, 6]
    assert choice_order(state, bids) == [MARC, ANNA, SARAH, ERIC]
    for seat, total in zip(range(4), bids):
        state.players[seat].bid_total = total
    state.players[ERIC].coins = 1
    assert new_order(state) == [MARC, ANNA, ERIC, SARAH]
