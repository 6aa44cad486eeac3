"""Step 2 of a turn: the auction of one building card."""

from __future__ import annotations

import json

import pytest

from games import RuleError
from games.baumeister import SPEC
from games.baumeister.data import CARDS
from tests.games.baumeister.helpers import card, give, kinds, new_game, play, take_out


def at_lot(seats=4, **options):
    state = new_game(seats, **options)
    state.phase = "lot"
    return state


def put_on_top(state, open_id=None, hidden_id=None):
    if open_id:
        take_out(state, card(open_id))
        state.open_stack = state.open_stack + (card(open_id),)
    if hidden_id:
        take_out(state, card(hidden_id))
        state.hidden_stack = state.hidden_stack + (card(hidden_id),)


def bid(amount):
    return {"kind": "bid", "amount": amount}


PASS = {"kind": "pass"}


def test_choose_the_open_card_or_the_top_face_down_card():
    """rulebook: "the player auctions a building card - either the most upper card of the open
    deck or the most upper card of the concealed stack"."""
    state = at_lot()
    assert kinds(SPEC.legal_actions(state, 0)) == ["swap", "auction", "auction"]


def test_open_auction_in_seat_order_and_payment_halves():
    """rulebook: "The auctioneer selects the face-up card on top of the open deck and places an
    opening bid on it. The other players can increase the bid in turn or can pass. Whoever
    passes is eliminated from the auction." "One-half goes into the cash supply, the other half
    goes to the auctioneer. (With odd amounts the half to the auctioneer is rounded _down_.)"."""
    state = at_lot()
    put_on_top(state, open_id="church-9a")
    bank = state.bank
    state, _ = play(state, 0, {"kind": "auction", "stack": "open"})
    assert state.actor == 0 and state.phase == "opening"
    state, _ = play(state, 0, bid(2))
    assert state.actor == 1
    state, _ = play(state, 1, bid(5))
    state, _ = play(state, 2, PASS)
    state, _ = play(state, 3, bid(7))
    state, _ = play(state, 0, PASS)
    assert state.actor == 1  # seat 2 passed for good; seat 1 is next
    state, events = play(state, 1, PASS)
    assert state.money == (13, 10, 10, 3)
    assert state.bank == bank + 4
    assert card("church-9a") in state.hands[3]
    # seat 0 holds no card and no saboteur, so its build step is skipped
    assert state.phase == "income" and state.actor == 1
    won = [e for e in events if e.kind == "won"][0]
    assert "3 to {p0}, 4 to the cash supply" in won.text
    SPEC.check_invariants(state)


def test_auctioneer_winning_pays_everything_to_the_bank():
    """rulebook: "If the auctioneer makes the highest bid, he/she pays the full sum into the
    cash supply."""
    state = at_lot()
    bank = state.bank
    state, _ = play(state, 0, {"kind": "auction", "stack": "open"}, bid(5))
    for seat in (1, 2, 3):
        state, events = play(state, seat, PASS)
    assert state.money[0] == 5 and state.bank == bank + 5
    won = [e for e in events if e.kind == "won"][0]
    assert won.text.endswith("for 5 thalers (all to the cash supply).")  # the log says where the money went


def test_opening_bid_of_zero_is_allowed():
    """rulebook: "places an opening bid on it" - no minimum is given, so 0 is allowed (and a
    player without money can still auction)."""
    state = at_lot()
    give(state, 0, money=0)
    state, _ = play(state, 0, {"kind": "auction", "stack": "open"})
    assert SPEC.legal_actions(state, 0) == [SPEC.parse_action(bid(0))]
    state, _ = play(state, 0, bid(0))
    assert state.high_bid == 0 and state.high_bidder == 0


def test_nobody_may_bid_more_than_they_have():
    """rulebook: "It is illegal to bid more Thalers than you actually have."""
    state = at_lot()
    give(state, 1, money=4)
    state, _ = play(state, 0, {"kind": "auction", "stack": "open"}, bid(3))
    amounts = [a.amount for a in SPEC.legal_actions(state, 1) if a.kind == "bid"]
    assert amounts == [4]
    with pytest.raises(RuleError, match="between 4 and 4"):
        SPEC.apply(state, 1, bid(5))
    with pytest.raises(RuleError):
        SPEC.apply(state, 1, bid(3))  # not a raise
    state, _ = play(state, 1, bid(4))
    give(state, 2, money=4)
    assert kinds(SPEC.legal_actions(state, 2)) == ["pass"]


def test_raise_menu_fits_a_select_menu():
    state = at_lot()
    give(state, 0, money=60)
    give(state, 1, money=20)
    state, _ = play(state, 0, {"kind": "auction", "stack": "open"})
    opening = SPEC.legal_actions(state, 0)
    amounts = [a.amount for a in opening]
    assert len(opening) <= 25 and amounts[0] == 0 and amounts[-1] == 60
    assert amounts == sorted(set(amounts))
    state, _ = play(state, 0, bid(1))
    raises = SPEC.legal_actions(state, 1)
    assert len(raises) <= 25 and raises[-1].kind == "pass"
    assert [a.amount for a in raises[:-1]] == list(range(2, 21))


def test_any_amount_one_owns_can_be_bid_beyond_the_menu():
    """rulebook: "It is illegal to bid more Thalers than you actually have." Every amount up to
    that is a bid, even the ones a 25-entry menu leaves out; the bot lets players type them."""
    state = at_lot()
    give(state, 0, money=60)
    state, _ = play(state, 0, {"kind": "auction", "stack": "open"})
    opening = SPEC.amount_choice(state, 0)
    assert (opening.low, opening.high) == (0, 60)
    listed = {a.amount for a in SPEC.legal_actions(state, 0)}
    assert 37 not in listed, "the menu skips some amounts"
    assert SPEC.amount_choice(state, 1) is None, "only the bidder to act chooses an amount"
    state, _ = play(state, 0, opening.action(37))
    assert state.high_bid == 37
    give(state, 1, money=45)
    raise_range = SPEC.amount_choice(state, 1)
    assert (raise_range.low, raise_range.high) == (38, 45)
    for wrong in (37, 46):
        with pytest.raises(RuleError, match="from 38 to 45"):
            raise_range.action(wrong)
    give(state, 1, money=37)
    assert SPEC.amount_choice(state, 1) is None, "no raise is possible: only a pass"


def test_hidden_lot_is_seen_by_the_auctioneer_only():
    """rulebook: "Only the auctioneer looks at the top card and must do a first bid without
    saying or showing which building card it is."""
    state = at_lot()
    put_on_top(state, hidden_id="hall-7a")
    state, events = play(state, 0, {"kind": "auction", "stack": "hidden"})
    private = [e for e in events if e.seats is not None]
    assert private and private[0].seats == frozenset({0}) and "Town hall 7" in private[0].text
    assert all("hall-7a" not in json.dumps(e.data) for e in events if e.seats is None)
    assert SPEC.view(state, 0).auction.card.id == "hall-7a"
    for seat in (None, 1, 2, 3):
        auction = SPEC.view(state, seat).auction
        assert auction.card is None and auction.card_type is None
    assert "hall-7a" in SPEC.secret_tokens(state)[0]


def test_hidden_lot_nobody_outbids_type_stays_unknown():
    """rulebook: "If the auction doesn't go into a second bidding round, since nobody outbid
    the auctioneer, the card is handed over without the other players knowing anything about
    the type of the building."""
    state = at_lot()
    put_on_top(state, hidden_id="hall-7a")
    state, events = play(state, 0, {"kind": "auction", "stack": "hidden"}, bid(1))
    for seat in (1, 2, 3):
        state, more = play(state, seat, PASS)
        events += more
    assert card("hall-7a") in state.hands[0]
    public_text = " ".join(e.text + json.dumps(e.data) for e in events if e.seats is None)
    assert "hall" not in public_text.lower()
    for seat in (None, 1, 2, 3):
        other = SPEC.view(state, seat).players[0]
        assert other.hand_count == 1 and other.hand_known == [] and other.hand_types == []
    assert "hall-7a" in SPEC.secret_tokens(state)[0]


def test_hidden_lot_type_is_named_when_the_bidding_comes_back():
    """rulebook: "If the auction is still going when it gets back round to the auctioneer then
    he/she must name the building type for all players to hear, but not, however, the building
    value or number of shields / coins."""
    state = at_lot()
    put_on_top(state, hidden_id="gate-2a")
    state, _ = play(state, 0, {"kind": "auction", "stack": "hidden"}, bid(1))
    state, _ = play(state, 1, bid(2))
    state, _ = play(state, 2, PASS)
    state, events = play(state, 3, PASS)
    named = [e for e in events if e.kind == "type_named"]
    assert len(named) == 1 and named[0].seats is None
    assert "city gate" in named[0].text and "2" not in named[0].text.replace("{p0}", "")
    assert SPEC.view(state, 2).auction.card_type == "gate"
    assert SPEC.view(state, 2).auction.card is None
    assert state.actor == 0
    state, _ = play(state, 0, PASS)
    assert card("gate-2a") in state.hands[1]
    seen = SPEC.view(state, 2).players[1]
    assert seen.hand_types == ["gate"] and seen.hand_known == []
    assert "gate-2a" in SPEC.secret_tokens(state)[1]


def test_card_bought_from_the_open_stack_is_known_to_all():
    state = at_lot()
    put_on_top(state, open_id="tower-3a")
    state, _ = play(state, 0, {"kind": "auction", "stack": "open"}, bid(0))
    for seat in (1, 2, 3):
        state, _ = play(state, seat, PASS)
    assert card("tower-3a") in state.hands[0]
    assert [c.id for c in SPEC.view(state, 1).players[0].hand_known] == ["tower-3a"]
    assert "tower-3a" not in SPEC.secret_tokens(state)[0]


def test_swap_the_open_card_for_one_thaler():
    """rulebook (variant): "the current player may pay 1 Thaler to change it, placing it at
    the bottom of the _smallest_ stack. This may be done only once in a player's turn. Doing
    this does not commit a player to auctioning from the open stack."""
    state = at_lot()
    put_on_top(state, open_id="church-4a")
    while len(state.hidden_stack) >= len(state.open_stack) - 1:  # make the face-down stack smaller
        state.open_stack = state.hidden_stack[:1] + state.open_stack
        state.hidden_stack = state.hidden_stack[1:]
    small = len(state.hidden_stack)
    state, events = play(state, 0, {"kind": "swap"})
    assert state.money[0] == 9
    assert state.hidden_stack[0] == card("church-4a") and len(state.hidden_stack) == small + 1
    assert kinds(SPEC.legal_actions(state, 0)) == ["auction", "auction"]  # once per turn
    with pytest.raises(RuleError, match="already swapped"):
        SPEC.apply(state, 0, {"kind": "swap"})
    state, _ = play(state, 0, {"kind": "auction", "stack": "hidden"})
    assert state.lot_hidden


def test_swap_with_equal_stacks_goes_under_the_open_stack():
    """chosen: on equal stacks the card stays face up, under the open stack."""
    state = at_lot()
    state.hidden_stack = state.hidden_stack[1:]
    top = state.open_stack[-1]
    assert len(state.open_stack) - 1 == len(state.hidden_stack)
    state, _ = play(state, 0, {"kind": "swap"})
    assert state.open_stack[0] == top and state.open_stack[-1] != top


def test_swap_is_a_table_option_and_needs_a_thaler():
    assert "swap" not in kinds(SPEC.legal_actions(at_lot(swap_open_card=False), 0))
    state = at_lot()
    give(state, 0, money=0)
    assert "swap" not in kinds(SPEC.legal_actions(state, 0))
    with pytest.raises(RuleError, match="costs 1 thaler"):
        SPEC.apply(state, 0, {"kind": "swap"})


def test_the_last_open_card_cannot_be_swapped_for_itself():
    """rulebook (variant): "If the card visible on the open stack is not wanted then the current
    player may pay 1 Thaler to change it, placing it at the bottom of the _smallest_ stack." The
    last open card would go under an empty open stack and come straight back: nothing changes, so
    no thaler is asked for it."""
    state = at_lot()
    state.hidden_stack = state.open_stack[:-1] + state.hidden_stack
    state.open_stack = state.open_stack[-1:]
    assert "swap" not in kinds(SPEC.legal_actions(state, 0))
    with pytest.raises(RuleError, match="would come straight back"):
        SPEC.apply(state, 0, {"kind": "swap"})


def test_auctioning_the_last_card_of_a_stack_ends_the_auctions():
    """rulebook: "As soon as a player has auctioned the last card from one of the two stacks,
    then this player performs their build or sabotage as normal, but no further standard turns
    take place."""
    state = at_lot()
    give(state, 0, hand=("church-5a", "gate-3a", "tower-1a"))
    moved = state.open_stack[:-1]
    state.open_stack = state.open_stack[-1:]
    state.hidden_stack = moved + state.hidden_stack
    state, events = play(state, 0, {"kind": "auction", "stack": "open"}, bid(0))
    assert state.last_turn
    assert any(e.kind == "last_card" for e in events)
    for seat in (1, 2, 3):
        state, _ = play(state, seat, PASS)
    assert state.phase == "build" and state.actor == 0
    state, events = play(state, 0, {"kind": "done"})
    assert any(e.kind == "final_round" for e in events)
    assert state.phase in ("final", "over")


def test_pass_is_not_an_opening_bid():
    state = at_lot()
    state, _ = play(state, 0, {"kind": "auction", "stack": "open"})
    with pytest.raises(RuleError, match="opening bid"):
        SPEC.apply(state, 0, PASS)
    assert CARDS[state.lot].id == SPEC.view(state, 2).auction.card.id


def test_a_move_that_shows_a_hidden_card_or_type_cannot_be_taken_back():
    """'one stack is face up, the other is face down': auctioning the open card or paying to swap
    it shows the card beneath, and the auctioneer who 'must name the building type' tells everyone
    what the face-down lot is. None of these moves can be taken back; a plain bid can."""
    state = at_lot(4)
    for action in ({"kind": "auction", "stack": "open"}, {"kind": "swap"}):
        after, events = SPEC.apply(state, 0, action)
        assert after.open_stack[-1] != state.open_stack[-1]
        assert SPEC.undo_refusal(state, after, events) == "it turned up the next card of the open stack"
    state, _ = play(state, 0, {"kind": "auction", "stack": "hidden"}, {"kind": "bid", "amount": 0})
    before, _ = play(state, 1, {"kind": "bid", "amount": 1})
    assert SPEC.undo_refusal(state, before, []) is None  # a bid shows nothing
    before, _ = play(before, 2, {"kind": "pass"})
    after, events = SPEC.apply(before, 3, {"kind": "pass"})
    assert after.type_named and "type_named" in [e.kind for e in events]
    assert SPEC.undo_refusal(before, after, events) == "the type of the face-down card was named"
