"""Rulebook numbers of Wettstreit der Baumeister: the hidden stack's payment and a city's bonuses."""
from __future__ import annotations

from games.baumeister.city import score
from tests.games.baumeister.helpers import card, cards, new_game, play, take_out


def at_lot(seats=4, **options):
    state = new_game(seats, **options)
    state.phase = "lot"
    return state


def test_hidden_lot_payment_split_like_open_lot_odd_amount():
    """'Then the top bidder pays the offered amount to the cash supply and the auctioneer as with
    the auction of the open stack.' / 'One-half goes into the cash supply, the other half goes to the
    auctioneer. (With odd amounts the half to the auctioneer is rounded _down_.)'"""
    state = at_lot()
    take_out(state, card("gate-2a"))
    state.hidden_stack = state.hidden_stack + (card("gate-2a"),)
    bank = state.bank
    state, _ = play(state, 0, {"kind": "auction", "stack": "hidden"}, {"kind": "bid", "amount": 1})
    state, _ = play(state, 1, {"kind": "bid", "amount": 5})
    state, _ = play(state, 2, {"kind": "pass"})
    state, _ = play(state, 3, {"kind": "pass"})
    state, _ = play(state, 0, {"kind": "pass"})
    assert card("gate-2a") in state.hands[1]
    assert state.money[0] == 10 + 2 and state.money[1] == 10 - 5
    assert state.bank == bank + 3


def test_smallest_complete_city_hall_in_middle_and_equal_corners():
    """'If the city is complete and there is a Town Hall exactly in the middle, the city scores 10
    extra points.' '... zero churches doesn't count ...' 'Corner Towers on both the left and right
    ends are the same value, the city scores 5 extra points.'"""
    points, _ = score(cards("corner-1a", "hall-5a", "corner-1b"), ())
    assert points == 1 + 5 + 1 + 10 + 5


def test_unequal_corner_towers_no_corner_bonus_and_hand_minus():
    """'Each building card that is still in a player's hand counts as a minus value.' and the corner
    bonus needs 'the same value'."""
    points, _ = score(cards("corner-1a", "gate-2a", "hall-5a", "church-4a", "corner-3a"), cards("church-9a"))
    # hall is in the middle (index 2 of 5): +10; churches 0 left / 1 right: no +5; corners 1 != 3
    assert points == 1 + 2 + 5 + 4 + 3 + 10 - 9
