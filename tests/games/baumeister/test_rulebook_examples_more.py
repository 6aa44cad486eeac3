"""Wettstreit der Baumeister: the rulebook's numbers (scoring, payments, sabotage odds, coins) in
cases the project's tests leave out, checked through the engine."""
from __future__ import annotations

import pytest

from games.baumeister import SPEC
from games.baumeister.city import score, shields
from games.baumeister.data import COIN_SUPPLY
from games.baumeister.flow import begin_build, end_turn
from tests.games.baumeister.helpers import card, cards, give, ids, new_game, play, rig_die


# -- scoring -------------------------------------------------------------------------------------
@pytest.mark.parametrize("city,hand,total,bonus_lines", [
    # complete, no town hall, equal corner towers: only the corner bonus
    (("corner-2a", "church-4a", "gate-2a", "church-5a", "corner-2b"), (), 2 + 4 + 2 + 5 + 2 + 5,
     ["Corner towers of equal value (2): +5"]),
    # complete, even length (no middle), one church on each side, unequal corners: churches only
    (("corner-1a", "church-4a", "hall-5a", "church-5a", "gate-2a", "corner-3a"), (), 1 + 4 + 5 + 5 + 2 + 3 + 5,
     ["1 church on each side of the town hall: +5"]),
    # complete, hall in the middle, 2 churches left and 1 right: middle only
    (("corner-1a", "church-4a", "gate-2a", "church-5a", "hall-6a", "church-6a", "gate-3a", "tower-2a",
      "corner-3a"), (), 1 + 4 + 2 + 5 + 6 + 6 + 3 + 2 + 3 + 10,
     ["Town hall exactly in the middle: +10"]),
    # not complete (no right corner tower): no extra points at all, and the hand counts minus
    (("corner-2a", "church-4a", "hall-5a", "church-5a", "gate-2a"), ("church-9a", "tower-1a"),
     2 + 4 + 5 + 5 + 2 - 9 - 1, []),
])
def test_extra_points_each_on_its_own(city, hand, total, bonus_lines):
    """'If the city is complete and there is a Town Hall exactly in the middle, the city scores 10
    extra points.' 'If the city is complete and there are an equal number of Churches on each side
    of the the Town Hall (zero churches doesn't count, of course), the city scores 5 extra points.'
    'If the city is complete and the Corner Towers on both the left and right ends are the same
    value, the city scores 5 extra points.' 'Each building card that is still in a player's hand
    counts as a minus value.'"""
    points, lines = score(cards(*city), cards(*hand))
    assert points == total
    assert [line for line in lines if line.endswith(("+10", "+5"))] == bonus_lines
    assert lines[-1] == f"Total: {total}"


def test_coins_in_the_box_and_start_money():
    """'20 golden coins in the value of 3 Thalers 30 silvery coins in the value of 1 Thalers';
    'gets each coins in the value of 10 Thalers'; 'The remaining coins forms a cash supply'."""
    assert COIN_SUPPLY == 20 * 3 + 30 * 1 == 90
    for seats in (3, 4):
        state = SPEC.setup(seats, 1)
        assert state.bank == 90 - 10 * seats and sum(state.money) == 10 * seats


# -- auction payment -------------------------------------------------------------------------
def at_lot(seats=4):
    state = new_game(seats)
    state.phase = "lot"
    return state


@pytest.mark.parametrize("price,share", [(6, 3), (1, 0), (9, 4), (0, 0)])
def test_payment_halves_for_even_odd_and_small_amounts(price, share):
    """'One-half goes into the cash supply, the other half goes to the auctioneer. (With odd amounts
    the half to the auctioneer is rounded _down_.)'"""
    state = at_lot()
    give(state, 1, money=10)
    bank = state.bank
    state, _ = play(state, 0, {"kind": "auction", "stack": "open"}, {"kind": "bid", "amount": 0})
    if price:
        state, _ = play(state, 1, {"kind": "bid", "amount": price})
        for seat in (2, 3, 0):
            state, _ = play(state, seat, {"kind": "pass"})
        winner = 1
    else:
        for seat in (1, 2, 3):
            state, _ = play(state, seat, {"kind": "pass"})
        winner = 0
    assert state.money[winner] == 10 - price + (share if winner == 0 else 0)
    assert state.money[0] == 10 + share
    assert state.bank == bank + price - share
    SPEC.check_invariants(state)


def test_auctioneer_winning_the_hidden_card_pays_all_to_the_supply():
    """'Then the top bidder pays the offered amount to the cash supply and the auctioneer as with the
    auction of the open stack.' / 'If the auctioneer makes the highest bid, he/she pays the full sum
    into the cash supply.'"""
    state = at_lot()
    bank = state.bank
    state, _ = play(state, 0, {"kind": "auction", "stack": "hidden"}, {"kind": "bid", "amount": 3})
    state, _ = play(state, 1, {"kind": "bid", "amount": 4})
    state, _ = play(state, 2, {"kind": "pass"})
    state, _ = play(state, 3, {"kind": "pass"})
    state, _ = play(state, 0, {"kind": "bid", "amount": 7})
    state, _ = play(state, 1, {"kind": "pass"})
    assert state.money[0] == 3 and state.money[1] == 10 and state.bank == bank + 7


# -- sabotage odds -------------------------------------------------------------------------------
STRONG_CITY = ("corner-1a", "church-7a", "tower-1a", "gate-2a", "tower-1b")  # 2 + 2 + 2 shields


@pytest.mark.parametrize("face,torn", [(5, False), (0, True)])
def test_the_saboteur_face_beats_any_number_of_shields(face, torn):
    """'To be successful either the dot must be rolled, or the number rolled must be strictly greater
    than the number of shields in the city being attacked.' A city of 6 shields stops every number
    but not the saboteur face."""
    state = new_game()
    give(state, 0, saboteurs=1)
    give(state, 2, city=STRONG_CITY)
    assert shields(state.cities[2]) == 6
    begin_build(state, 0, False, [])
    state, _ = play(state, 0, {"kind": "sabotage", "seat": 2, "target": "city"}, {"kind": "aim", "slot": 1})
    rig_die(state, face)
    state, _ = play(state, 2, {"kind": "no_offer"})
    assert (card("church-7a") in state.cities[2]) is not torn
    if torn:
        assert ids(state.cities[2]) == ["corner-1a", None, "tower-1a", "gate-2a", "tower-1b"]


def test_hand_attack_ignores_the_shields_of_the_city():
    """'If a player has five or more cards in his/her hand, a saboteur may be played against them,
    no matter how many shields they have in their city or hand. There is no defence against this
    sort of attack.'"""
    state = new_game()
    give(state, 0, saboteurs=1)
    give(state, 2, city=STRONG_CITY, hand=("tower-2a", "tower-2b", "corner-2a", "corner-2b", "tower-3a"))
    begin_build(state, 0, False, [])
    state, events = play(state, 0, {"kind": "sabotage", "seat": 2, "target": "hand"}, {"kind": "grab", "position": 0})
    assert len(state.hands[2]) == 4 and state.reserve == 5
    assert not any(e.kind == "attack" for e in events), "no die is rolled"


# -- a whole end: final round, scores and a shared first place --------------------------------
def test_final_round_completes_a_city_with_all_bonuses():
    """'Only now may a city be completed, i.e. the final corner tower played.' Then every bonus of a
    complete city counts and the hand counts minus."""
    state = new_game(3)
    give(state, 0, city=("corner-2a", "church-4a", "gate-2a", "hall-7a", "church-9a", "gate-3a"),
         hand=("corner-2b", "church-5a"))
    give(state, 1, city=("church-8a", "gate-4a", "church-6a", "gate-5a", "hall-6a", "gate-4b"), hand=())
    give(state, 2, city=("church-7a",), hand=())
    state.last_turn = True
    state.current = 2
    end_turn(state, [])
    assert state.phase == "final" and state.actor == 0
    state, _ = play(state, 0, {"kind": "pick", "card": "corner-2b"}, {"kind": "place", "slot": 6})
    state, _ = play(state, 0, {"kind": "done"})
    outcome = SPEC.outcome(state)
    assert outcome is not None
    first = 2 + 4 + 2 + 7 + 9 + 3 + 2 + 10 + 5 + 5 - 5
    assert first == 44
    assert outcome.scores[0] == first
    assert outcome.details[0][-2] == "Cards in hand: -5 (Church 5)"
