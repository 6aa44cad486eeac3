"""The sea trade phase: movement, action points, card rows, alternative trade, the wheel."""

from __future__ import annotations

import pytest

from games import RuleError
from games.aelderman import SPEC
from games.aelderman import data as D
from games.aelderman.actions import EndTurn, Move
from tests.games.aelderman.helpers import act, clear_player, kinds, new_game, new_main, start_turn


def board(seat: int = 0):
    state = new_game(2, seed=3)
    state.cards["Aalborg"], state.cards["Ribe"], state.cards["Hamburg"] = 7, 8, 9
    clear_player(state, 0)
    clear_player(state, 1)
    return state


def test_no_action_in_the_starting_city():
    """'At the beginning of a new turn, the actions of the action card on which your player marker
    is located cannot be used again. You must always move to a new city before you can perform an
    action in that city.' City actions: 'not ... at the beginning of a turn'."""
    state = board()
    state.players[0].coins = 20
    start_turn(state, 0, "Lübeck", ap=4)
    assert kinds(state, 0) == {"move", "end_turn"}


def test_one_action_point_in_every_city_passed():
    """'The movement itself does not cost any action points. However, you must spend at least one
    action point in each city you pass.'"""
    state = board()
    start_turn(state, 0, "Lübeck", ap=3)
    state, _ = act(state, 0, "move", city="Hamburg")
    assert "move" not in kinds(state, 0)
    with pytest.raises(RuleError):
        SPEC.apply(state, 0, Move(city="Ribe"))
    state, _ = act(state, 0, "card_action", action="buy1")
    assert "move" in kinds(state, 0)


def test_without_action_points_the_ship_sails_on_only_to_a_city_it_may_enter():
    """'The movement itself does not cost any action points. However, you must spend at least one
    action point in each city you pass.' and 'If you have no remaining action points, you cannot
    enter Lübeck or any of your subsidiaries in this turn.' Other cities stay open: the ship may end
    its turn there, and it cannot sail on from a city where it spent nothing."""
    state = board()
    state.subsidiary["Köln"] = 0
    start_turn(state, 0, "Lübeck", ap=1)
    state, _ = act(state, 0, "move", city="Hamburg")
    state, _ = act(state, 0, "card_action", action="buy1")  # the last action point, spent in Hamburg
    moves = {a.city for a in SPEC.legal_actions(state, 0) if a.kind == "move"}
    assert moves == {"Brügge", "London", "Ribe"}  # not Lübeck, not the own subsidiary in Köln
    for closed in ("Lübeck", "Köln"):
        with pytest.raises(RuleError):
            SPEC.apply(state, 0, Move(city=closed))
    state, _ = act(state, 0, "move", city="Ribe")
    assert kinds(state, 0) == {"end_turn"}
    state, _ = act(state, 0, "end_turn")
    assert state.players[0].location == "Ribe"


def test_one_action_per_row_and_costs_by_column():
    """'You can use a maximum of one action from each row. The actions in the left column always
    cost one action point each, the actions in the middle column cost two and the actions in the
    right column cost three.'"""
    state = board()
    start_turn(state, 0, "Ribe", ap=5)
    state, _ = act(state, 0, "move", city="Aalborg")
    costs = {(a.row, a.col): a.cost for a in SPEC.legal_actions(state, 0) if a.kind == "card_action"}
    assert costs[(0, 0)] == 1 and costs[(0, 1)] == 2 and costs[(0, 2)] == 3
    state, _ = act(state, 0, "card_action", action="buy3")
    rows = {a.row for a in SPEC.legal_actions(state, 0) if a.kind == "card_action"}
    assert rows <= {1}


def test_additional_action_points_up_to_six():
    """'You can use them any time during your turn to increase the basic action points from the
    period indicator up to six.'"""
    state = board()
    state.players[0].ap = 5
    start_turn(state, 0, "Ribe", ap=4)
    view = SPEC.view(state, 0)
    assert view.turn.ap_available == 6 and view.turn.ap_extra_usable == 2
    state, _ = act(state, 0, "move", city="Aalborg")
    state, _ = act(state, 0, "card_action", action="buy3")
    assert state.players[0].ap == 5 and state.turn.base_left == 1
    state, _ = act(state, 0, "move", city="Ribe")
    state, _ = act(state, 0, "card_action", action="buy3")
    assert state.players[0].ap == 3 and state.turn.tokens_used == 2
    assert SPEC.view(state, 0).turn.ap_available == 0


def test_wheel_turns_each_period_with_a_bonus_every_fifth_turn():
    """'You start by turning your resource wheel one position clockwise ... unnecessary for the first
    period in the first round.' 'Whenever you have turned your resource wheel five times, a bonus
    is activated and you may place an influence marker from the general supply at your current
    location for free.'"""
    state = board()
    state.players[0].wheel_turns = 4
    state.players[0].location = "Aalborg"
    state.players[1].location = "Lübeck"
    state.players[1].wheel_turns = 4
    state.turn_index = 1
    state.turn = None
    state.pending = []
    from games.aelderman.flow import advance
    for seat in (0, 1):
        state.players[seat].rotation = 0
    state.turn_index = len(state.order)
    events = []
    advance(state, events)
    assert state.period == 1
    assert [p.rotation for p in state.players] == [1, 1]
    assert state.pending and state.pending[-1].kind == "place" and state.pending[-1].seat == 0
    general, banner = state.players[0].general, list(state.banners["Aalborg"])
    state, _ = act(state, 0, "place", where="banner")
    assert state.banners["Aalborg"] == [*banner, 0] and state.players[0].general == general - 1
    assert state.players[0].coins == 0  # free
    # Seat 1 sits in Lübeck, where no marker can be placed: its bonus is lost. 'Placing influence
    # markers is not possible in Lübeck, Levantehandel or Fernosthandel.' The log says so, rather
    # than that the wheel gives a marker.
    assert state.turn is not None and not state.pending
    said = [e.text for e in events if "{p1}" in e.text and "wheel" in e.text]
    assert said == ["{p1}'s resource wheel bonus is lost: no influence marker can be placed in Lübeck."]
    # With no marker left in the general supply, the log gives that reason instead.
    from games.aelderman.sea import turn_wheel
    state.players[0].general, state.players[0].wheel_turns, events = 0, 9, []
    turn_wheel(state, 0, 1, events)
    assert [e.text for e in events] == ["{p0}'s resource wheel bonus is lost: no influence marker is left in the "
                                        "general supply."]


def test_alternative_trade_excludes_card_actions():
    """'Using the alternative trade means that only this action can be performed in this city -
    a combination with an action of the action card is not possible.'"""
    state = board()
    state.players[0].coins = 5
    start_turn(state, 0, "Ribe", ap=4)
    state, _ = act(state, 0, "move", city="Aalborg")
    state, _ = act(state, 0, "card_action", action="buy1")
    assert "alt_trade" not in kinds(state, 0)


def test_card_exchange_stops_further_actions_in_that_city():
    """'You cannot perform a second action in a city, if the action card is exchanged after you
    placed an influence marker with your first action.'"""
    state = board()
    state.players[0].coins = 20
    state.banners["Aalborg"] = [1]
    start_turn(state, 0, "Ribe", ap=4)
    state, _ = act(state, 0, "move", city="Aalborg")
    state, _ = act(state, 0, "card_action", action="place2")
    state, _ = act(state, 0, "place", where="banner")
    state, _ = act(state, 0, "place", where="banner")
    assert state.cards["Aalborg"] != 7
    assert "card_action" not in kinds(state, 0) and "alt_trade" not in kinds(state, 0)


def test_banner_full_after_ten_markers():
    """'If all ten spaces on a city's banner are filled with influence markers, no more influence
    markers can be added.'"""
    from games.aelderman.placement import place_options

    state = board()
    state.banners["Aalborg"] = [1] * 10
    options = {o.where for o in place_options(state, 0, "Aalborg", optional=True)}
    assert options == {"skip"}
    state.players[0].coins = 5
    options = {o.where for o in place_options(state, 0, "Aalborg", optional=True)}
    assert options == {"subsidiary", "skip"}


def test_no_influence_in_lubeck():
    """'Placing influence markers is not possible in Lübeck, Levantehandel or Fernosthandel.'"""
    from games.aelderman.placement import can_place

    state = board()
    state.players[0].coins = 50
    assert not can_place(state, 0, "Lübeck") and not can_place(state, 0, "Levantehandel")


def test_illegal_moves_are_refused_with_a_reason():
    state = board()
    start_turn(state, 0, "Lübeck", ap=3)
    with pytest.raises(RuleError, match="Allowed now"):
        SPEC.apply(state, 0, Move(city="London"))
    with pytest.raises(RuleError, match="not your turn"):
        SPEC.apply(state, 1, EndTurn())


def test_alternative_trade_deals_in_goods_of_the_price_list_only():
    """'Unlike all other goods, luxury goods cannot be produced and can only be purchased under
    difficult conditions ... All other goods are categorized into four different price levels
    according to their value (see price list on the player board).' The alternative trade 'allows
    you to buy or sell one good at the most favorable conditions (see the price list on the player
    board)': pelt and spices are neither bought nor sold by it."""
    state = board()
    state.players[0].coins = 30
    state.players[0].goods.update(pelt=1, spices=1, wood=1)
    start_turn(state, 0, "Ribe", ap=4)
    state, _ = act(state, 0, "move", city="Aalborg")
    state, _ = act(state, 0, "alt_trade")
    offered = {(a.side, a.good) for a in SPEC.legal_actions(state, 0) if a.kind == "trade"}
    assert ("buy", "beer") in offered and ("sell", "wood") in offered
    assert not {good for _, good in offered} & {"pelt", "spices"}
    with pytest.raises(RuleError):
        SPEC.apply(state, 0, next(a for a in SPEC.legal_actions(state, 0) if a.kind == "trade")
                   .model_copy(update={"side": "buy", "good": "pelt", "coins": 9}))


def test_no_alternative_trade_with_only_luxury_goods_and_no_coins():
    """A player with only luxury goods and no coins has nothing the alternative trade can sell or
    buy, so it is not offered (it would open an empty choice)."""
    state = board()
    state.players[0].goods.update(pelt=2)
    start_turn(state, 0, "Ribe", ap=4)
    state, _ = act(state, 0, "move", city="Aalborg")
    assert "alt_trade" not in kinds(state, 0)


def test_a_move_that_turns_up_a_hidden_card_or_period_cannot_be_taken_back():
    """Take-backs are refused for an action that 'revealed hidden cards': the face-down action
    card pile, Council Hall cards and period indicators are shuffled at setup, so turning one up
    moves no random generator, yet shows what was hidden."""
    from games.core import copy_state

    state = board()
    state.players[0].coins = 5
    start_turn(state, 0, "Ribe", ap=4)
    moved, _ = act(state, 0, "move", city="Aalborg")
    traded, events = act(moved, 0, "card_action", action="buy1")
    assert SPEC.undo_refusal(moved, traded, events) is None  # an ordinary action
    drawn = copy_state(traded)
    drawn.cards["Aalborg"] = drawn.card_pile.pop()  # a row completed: the card is exchanged
    assert "revealed hidden cards" in SPEC.undo_refusal(traded, drawn, [])
    turned = copy_state(traded)
    turned.period += 1  # the turn order reaches the next period: its indicator is shown
    assert "revealed hidden cards" in SPEC.undo_refusal(traded, turned, [])


def test_alternative_trade_buys_into_a_full_storage_and_a_good_is_removed():
    """'Goods can be removed from the storage at any time to make room for new goods.' and the
    alternative trade 'allows you to buy or sell one good': a full storage does not stop the buy;
    the player then removes a good to make room."""
    state = board()
    clear_player(state, 0, coins=10)
    state.players[0].goods["wood"] = 12  # the player board's 12 storage spaces, all used
    start_turn(state, 0, "Ribe", ap=3)
    state, _ = act(state, 0, "move", city="Aalborg")
    state, _ = act(state, 0, "alt_trade")
    buy = next(a for a in SPEC.legal_actions(state, 0) if a.kind == "trade" and a.side == "buy" and a.good == "beer")
    state, _ = SPEC.apply(state, 0, buy)
    assert state.players[0].goods["beer"] == 1 and state.players[0].coins == 10 - buy.coins
    assert [p.kind for p in state.pending] == ["discard"]
    state, _ = act(state, 0, "discard", good="wood")
    assert state.players[0].goods["wood"] == 11 and not state.pending


def test_a_wheel_bonus_is_placed_before_the_next_period_indicator_is_revealed():
    """'Revealing the Period Indicator: You start by turning your resource wheel one position
    clockwise ... Whenever you have turned your resource wheel five times, a bonus is activated and
    you may place an influence marker ... The period indicator is then flipped over.' While a player
    decides on the wheel's free marker, the next indicator is still face down."""
    state = new_main(2, 5)
    last = state.order[-1]
    for seat in range(2):
        state.players[seat].wheel_turns = D.BONUS_EVERY - 1  # the next turn of the wheel gives the bonus
        state.players[seat].location = "Aalborg"
    start_turn(state, last, "Aalborg", state.periods[0], period=0)
    state, events = act(state, last, "end_turn")
    assert state.pending and state.pending[-1].kind == "place"
    assert SPEC.view(state, None).periods_revealed == state.periods[:1]
    assert not any(e.kind == "period" for e in events)
    while state.pending and state.pending[-1].kind == "place":
        seat = state.pending[-1].seat
        state, events = SPEC.apply(state, seat, SPEC.legal_actions(state, seat)[0])
    assert SPEC.view(state, None).periods_revealed == state.periods[:2]
    assert [e.data["period"] for e in events if e.kind == "period"] == [1]
