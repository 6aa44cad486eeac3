"""The visits: bidding, ending the bidding, showing cards, prizes."""

from __future__ import annotations

import pytest

from games import RuleError
from games.augsburg1520 import SPEC, data
from games.augsburg1520.cards import CARD_ID
from games.augsburg1520.actions import Pass

from .states import PASS, after_first_purchase, bid, card, joker_ids, kinds, play, play_all, set_hand, start_auction

ADA, MATTHIAS, LORENZ, SIGURD = 0, 1, 2, 3


def bids_offered(state, seat):
    return [a.cards for a in SPEC.legal_actions(state, seat) if a.kind == "bid"]


def test_five_visits_in_order_first_bidder_then_previous_winner():
    """'Philipp, Louise, Leo, Maria and finally Maximillian'; 'The first auction in the game begins
    with the Start player ... in all further auctions will the first bidder be the winner of the
    previous auction.'"""
    state = after_first_purchase(3, 8)
    assert data.AUCTIONS == ("philipp", "louise", "leo", "maria", "maximilian")
    assert state.auction == 0 and state.bidder == state.start_player
    winner = (state.start_player + 1) % 3
    set_hand(state, winner, ["philipp-3", "louise-3"])
    for seat in range(3):
        if seat != winner:
            set_hand(state, seat, [])
    moves = [(s, PASS) for s in [(state.start_player + i) % 3 for i in range(3)] if s != winner]
    state, _ = play_all(state, [(state.start_player, PASS), (winner, bid(1))] + moves[1:])
    assert state.phase == "discard_bid" and state.winner == winner
    state, _ = play(state, winner, {"kind": "discard_bid_card", "card": "philipp-3"})
    state, _ = play(state, winner, {"kind": "take_privilege_card", "number": state.display[0]})
    state, _ = play(state, winner, {"kind": "end_privileges"})
    assert state.auction == 1 and data.AUCTIONS[state.auction] == "louise"
    assert state.bidder == winner


def test_nobody_wins_when_all_pass_and_the_opener_opens_again():
    """'If all players are passing during the same auction will the players proceed with the next
    auction without a Privilege card being taken.' The opener of that auction opens the next
    (data.NO_WINNER_RULE)."""
    state = after_first_purchase(4, 3)
    start_auction(state, 1, opener=2)
    display = list(state.display)
    state, events = play_all(state, [(2, PASS), (3, PASS), (0, PASS), (1, PASS)])
    assert any(e.kind == "no_winner" for e in events)
    assert state.auction == 2 and state.bidder == 2 and state.opener == 2
    assert state.display == display


def test_first_bid_pass_or_any_number_of_suitable_cards():
    """'The first player makes his first bid – or he may pass. If bidding he announces any number
    of suitable Promissory cards'."""
    state = after_first_purchase(4, 3)
    set_hand(state, 0, ["leo-2", "leo-9", "joker-1", "maria-4"])
    start_auction(state, 2, opener=0)
    actions = SPEC.legal_actions(state, 0)
    assert actions[0] == Pass()
    assert bids_offered(state, 0) == [1, 2, 3]


def test_hold_or_raise_after_a_bid_and_a_pass_is_final():
    """'He can either Pass, Hold or Raise the previous bid.' 'Pass means that the player
    withdraws himself from the current auction.'"""
    state = after_first_purchase(4, 3)
    set_hand(state, 0, ["leo-2", "leo-9"])
    set_hand(state, 1, ["leo-3", "leo-4", "leo-5", "joker-1"])
    set_hand(state, 2, ["leo-6"])
    set_hand(state, 3, ["leo-7", "leo-8"])
    start_auction(state, 2, opener=0)
    state, _ = play(state, 0, bid(2))
    assert bids_offered(state, 1) == [2, 3, 4]  # hold 2, raise to 3 or 4
    assert bids_offered(state, 2) == []
    state, _ = play(state, 1, bid(3))
    state, _ = play(state, 2, PASS)
    state, _ = play(state, 3, PASS)
    state, _ = play(state, 0, PASS)
    # Everybody else passed: the raise of seat 1 wins alone; seat 2 never acted again.
    assert state.phase == "discard_bid" and state.winner == 1


def test_no_raise_of_ones_own_bid():
    """'A player can never raise his own bid. If a bid has not been raised when it comes back to
    him (everybody else has either hold or passed) will the auction end.'"""
    state = after_first_purchase(3, 3)
    for seat in range(3):
        set_hand(state, seat, [f"maria-{seat + 1}", f"maria-{seat + 4}", f"maria-{seat + 7}"])
    start_auction(state, 3, opener=0)
    state, _ = play_all(state, [(0, bid(2)), (1, bid(2)), (2, bid(2))])
    assert state.phase == "reveal"
    assert SPEC.to_act(state) == frozenset({0, 1, 2})
    with pytest.raises(RuleError):
        play(state, 0, bid(3))


def test_no_bid_without_a_suitable_note():
    """'A bid consisting of Jokers only is not allowed.' 'Obviously a player cannot make a bid
    without suitable cards in his hand.'"""
    state = after_first_purchase(2, 3)
    set_hand(state, 0, ["joker-1", "joker-2", "maria-4"])
    start_auction(state, 0, opener=0)
    assert kinds(SPEC.legal_actions(state, 0)) == ["pass"]
    with pytest.raises(RuleError, match="no Philipp note"):
        play(state, 0, bid(1))


def test_cannot_bid_more_cards_than_held():
    """'he announces any number of suitable Promissory cards' – of those in his hand."""
    state = after_first_purchase(2, 3)
    set_hand(state, 0, ["louise-1", "joker-1", "maria-4"])
    start_auction(state, 1, opener=0)
    assert bids_offered(state, 0) == [1, 2]
    with pytest.raises(RuleError, match="only 2 cards"):
        play(state, 0, bid(3))


def test_maximilian_takes_any_notes_but_not_jokers_alone():
    """'There are no Promissory Notes for Maximillian. Instead may all Promissory Notes be used in
    any combination. Except it is still not allowed to make a bid of Joker cards only.'"""
    state = after_first_purchase(2, 3)
    set_hand(state, 0, ["philipp-1", "louise-2", "leo-3", "maria-4", "joker-1"])
    set_hand(state, 1, ["joker-2", "joker-3"])
    start_auction(state, 4, opener=0)
    assert bids_offered(state, 0) == [1, 2, 3, 4, 5]
    state, _ = play(state, 0, bid(5))
    assert kinds(SPEC.legal_actions(state, 1)) == ["pass"]


def test_every_bid_up_to_all_suitable_cards_can_be_made_also_beyond_the_menu():
    """'If bidding he announces any number of suitable Promissory cards': a menu holds Pass and 24
    bids, and every other bid up to all the bidder's suitable cards is an amount to type (the
    bot's "Other amount…")."""
    state = after_first_purchase(2, 3)
    set_hand(state, 0, [f"{n}-{v}" for n in data.NOBLES for v in range(1, 10)])  # 36 notes
    set_hand(state, 1, [f"{n}-{v}" for n in data.NOBLES for v in range(10, 18)] + joker_ids(3))  # 35
    start_auction(state, 4, opener=0)
    actions = SPEC.legal_actions(state, 0)
    assert len(actions) == 25 and bids_offered(state, 0) == list(range(1, 25))
    choice = SPEC.amount_choice(state, 0)
    assert (choice.low, choice.high) == (1, 36)
    for cards in range(1, 37):
        assert play(state, 0, choice.action(cards))[0].high == cards
    with pytest.raises(RuleError, match="from 1 to 36"):
        choice.action(37)
    state, _ = play(state, 0, choice.action(30))
    assert SPEC.amount_choice(state, 0) is None, "only the bidder to act has a bid to make"
    answer = SPEC.amount_choice(state, 1)
    assert (answer.low, answer.high) == (30, 35), "hold at 30 or raise with up to all 35 cards"
    assert bids_offered(state, 1) == list(range(30, 36))


def test_without_a_suitable_note_there_is_no_bid_to_type():
    """'A bid consisting of Jokers only is not allowed.'"""
    state = after_first_purchase(3, 3)
    set_hand(state, 0, joker_ids(2) + ["leo-4"])
    start_auction(state, 0, opener=0)
    assert SPEC.amount_choice(state, 0) is None and SPEC.legal_actions(state, 0) == [Pass()]


def example_one():
    """1st example of an auction (Maria): Ada opens after winning Leo."""
    state = after_first_purchase(4, 21)
    set_hand(state, ADA, ["maria-1", "maria-2", "maria-3"])
    set_hand(state, MATTHIAS, ["maria-14", "maria-15", "maria-5", *joker_ids(2, 1)])
    set_hand(state, LORENZ, ["maria-6"])
    set_hand(state, SIGURD, ["maria-4", "maria-8", "maria-9", "maria-12", *joker_ids(3, 3)])
    start_auction(state, 3, opener=ADA)
    state, _ = play_all(state, [(ADA, bid(3)), (MATTHIAS, bid(3)), (LORENZ, PASS), (SIGURD, bid(4)), (ADA, PASS)])
    assert state.bidder == MATTHIAS
    return state


def test_example_one_matthias_passes_sigurd_discards_four():
    """'If Matthias decides to pass must Sigurd show and discard 4 Maria Promissory Notes (or
    possibly include up to 3 Jokers).'"""
    state, _ = play(example_one(), MATTHIAS, PASS)
    assert state.phase == "discard_bid" and state.winner == SIGURD
    for joker in joker_ids(3, 3):
        state, _ = play(state, SIGURD, {"kind": "discard_bid_card", "card": joker})
    # Three jokers chosen: the fourth card must be a note.
    offered = {a.card for a in SPEC.legal_actions(state, SIGURD)}
    assert offered == {"maria-4", "maria-8", "maria-9", "maria-12"}
    with pytest.raises(RuleError):
        play(state, SIGURD, {"kind": "discard_bid_card", "card": "joker-6"})
    state, events = play(state, SIGURD, {"kind": "discard_bid_card", "card": "maria-4"})
    assert state.phase == "privilege_card"
    assert [card(c) for c in ["joker-3", "joker-4", "joker-5", "maria-4"]] == state.discard[-4:]
    assert sorted(CARD_ID[c] for c in state.hands[SIGURD]) == ["maria-12", "maria-8", "maria-9"]


def test_example_one_matthias_raises_sigurd_may_answer():
    """'If Matthias raises (to 5 cards or more) may Sigurd either pass, hold or raise'."""
    state, _ = play(example_one(), MATTHIAS, bid(5))
    assert state.bidder == SIGURD
    assert kinds(SPEC.legal_actions(state, SIGURD)) == ["pass", "bid", "bid", "bid"]
    assert bids_offered(state, SIGURD) == [5, 6, 7]


def test_example_one_matthias_holds_and_wins_the_showdown():
    """'both players will take 4 suitable Promissory Notes from their hand and show them
    simultaneously: Matthias played Maria 14 and 15 plus 2 Jokers. Sigurd played Maria 4, 8, 9
    and 12. Matthias wins ... Sigurd returns his 4 cards to his hand and receives 100 Guilders.
    No-one receives the 50 Guilders.'"""
    state, _ = play(example_one(), MATTHIAS, bid(4))
    assert state.phase == "reveal" and SPEC.to_act(state) == frozenset({MATTHIAS, SIGURD})
    money = list(state.money)
    for card_id in ["maria-14", "maria-15", "joker-1", "joker-2"]:
        state, events = play(state, MATTHIAS, {"kind": "reveal_card", "card": card_id})
    assert state.phase == "reveal" and SPEC.to_act(state) == frozenset({SIGURD})
    assert not any(e.kind == "reveal" for e in events), "nothing is shown before both have chosen"
    for card_id in ["maria-4", "maria-8", "maria-9", "maria-12"]:
        state, events = play(state, SIGURD, {"kind": "reveal_card", "card": card_id})
    assert state.phase == "privilege_card" and state.winner == MATTHIAS
    assert sorted(CARD_ID[c] for c in state.hands[MATTHIAS]) == ["maria-5"]
    assert len(state.hands[SIGURD]) == 7
    assert state.money[SIGURD] == money[SIGURD] + 100
    assert state.money[ADA] == money[ADA] and state.money[LORENZ] == money[LORENZ]
    shown = {e.data["seat"]: e.data["cards"] for e in events if e.kind == "reveal"}
    assert shown[MATTHIAS] == ["Maria 14", "Maria 15", "Joker", "Joker"]
    assert SPEC.view(state, None).shown[1].prize == 100


def test_a_finalist_puts_a_chosen_card_back_until_their_last_card():
    """'these players simultaneously reveal a number of cards corresponding to the number bid': the
    cards are shown together, so until a finalist has chosen all of theirs, a card chosen by mistake
    goes back to the hand, even after another finalist has chosen in between."""
    state, _ = play(example_one(), MATTHIAS, bid(4))
    state, _ = play(state, MATTHIAS, {"kind": "reveal_card", "card": "maria-5"})
    state, _ = play(state, SIGURD, {"kind": "reveal_card", "card": "maria-4"})
    others_saw = SPEC.view(state, SIGURD).players[MATTHIAS].model_dump()
    offered = [a for a in SPEC.legal_actions(state, MATTHIAS) if a.kind == "return_card"]
    assert [a.card for a in offered] == ["maria-5"]
    state, events = play(state, MATTHIAS, offered[0])
    assert CARD_ID[state.hands[MATTHIAS][-1]] == "maria-5" and state.picks[MATTHIAS] == []
    now_seen = SPEC.view(state, SIGURD).players[MATTHIAS].model_dump()
    assert events == [] and now_seen == {**others_saw, "picked": 0}, (
        "the others see how many cards are chosen, never which: the hand they see keeps its size")
    assert not [a for a in SPEC.legal_actions(state, MATTHIAS) if a.kind == "return_card"]
    with pytest.raises(RuleError, match="You have not chosen Maria 5 to show"):
        play(state, MATTHIAS, {"kind": "return_card", "card": "maria-5"})
    for card_id in ["maria-14", "maria-15", "joker-1", "joker-2"]:
        state, _ = play(state, MATTHIAS, {"kind": "reveal_card", "card": card_id})
    with pytest.raises(RuleError):  # chosen in full: the choice stands
        play(state, MATTHIAS, {"kind": "return_card", "card": "joker-1"})
    for card_id in ["maria-8", "maria-9", "maria-12"]:
        state, events = play(state, SIGURD, {"kind": "reveal_card", "card": card_id})
    assert state.winner == MATTHIAS and sorted(CARD_ID[c] for c in state.hands[MATTHIAS]) == ["maria-5"]


def test_jokers_chosen_to_show_go_back_as_one_option():
    state, _ = play(example_one(), MATTHIAS, bid(4))
    for card_id in ["joker-1", "maria-14", "joker-2"]:
        state, _ = play(state, MATTHIAS, {"kind": "reveal_card", "card": card_id})
    offered = [a.card for a in SPEC.legal_actions(state, MATTHIAS) if a.kind == "return_card"]
    assert offered == ["maria-14", "joker-1"]
    assert [a.kind for a in SPEC.legal_actions(state, MATTHIAS)][0] == "reveal_card", "the first choice moves on"


def test_example_two_maximilian_ties_go_to_the_noble_closest_to_him():
    """'Matthias has offered Leo 15, Maria 3 and Joker. Ada has Philipp 15 and 7 plus Leo 2.
    Matthias wins (since Leo 15 is better than Philipp 15).'"""
    state = after_first_purchase(2, 4)
    set_hand(state, ADA, ["philipp-15", "philipp-7", "leo-2"])
    set_hand(state, 1, ["leo-15", "maria-3", "joker-1"])
    start_auction(state, 4, opener=ADA)
    state, _ = play_all(state, [(ADA, bid(3)), (1, bid(3))])
    moves = [(ADA, {"kind": "reveal_card", "card": c}) for c in ["philipp-15", "philipp-7", "leo-2"]]
    moves += [(1, {"kind": "reveal_card", "card": c}) for c in ["leo-15", "maria-3", "joker-1"]]
    state, _ = play_all(state, moves)
    assert state.winner == 1
    assert state.money[ADA] == 1500 + 100


def test_second_and_third_highest_get_100_and_50():
    """'The player with the second highest bid receives 100 Guilders ... third highest 50.'"""
    state = after_first_purchase(4, 6)
    for seat, value in enumerate([5, 17, 9, 12]):
        set_hand(state, seat, [f"louise-{value}"])
    start_auction(state, 1, opener=0)
    state, _ = play_all(state, [(s, bid(1)) for s in range(4)])
    money = list(state.money)
    state, _ = play_all(state, [(s, {"kind": "reveal_card", "card": f"louise-{v}"})
                                for s, v in enumerate([5, 17, 9, 12])])
    assert state.winner == 1
    gains = [state.money[s] - money[s] for s in range(4)]
    assert gains == [0, 0, 50, 100]
    assert [b.seat for b in SPEC.view(state, None).shown] == [1, 3, 2, 0]


def test_showing_cards_needs_a_note_and_suitable_cards():
    """'Only cards showing the portrait of the noble in question or Jokers may be used' and 'A bid
    consisting of Jokers only is not allowed.'"""
    state = after_first_purchase(2, 6)
    set_hand(state, 0, ["leo-5", "joker-1", "maria-9"])
    set_hand(state, 1, ["leo-6", "leo-1"])
    start_auction(state, 2, opener=0)
    state, _ = play_all(state, [(0, bid(2)), (1, bid(2))])
    with pytest.raises(RuleError, match="Only Leo notes and jokers"):
        play(state, 0, {"kind": "reveal_card", "card": "maria-9"})
    state, _ = play(state, 0, {"kind": "reveal_card", "card": "joker-1"})
    assert {a.card for a in SPEC.legal_actions(state, 0) if a.kind == "reveal_card"} == {"leo-5"}


def test_long_card_choice_goes_through_the_noble_first():
    """At Maximilian 'may all Promissory Notes be used in any combination': a choice among more
    than 25 cards is split into steps, first the noble, then the card."""
    state = after_first_purchase(2, 6)
    hand = [f"{n}-{v}" for n in data.NOBLES for v in range(1, 9)] + ["joker-1"]
    set_hand(state, 0, hand)
    set_hand(state, 1, ["maria-17"])
    start_auction(state, 4, opener=0)
    state, _ = play_all(state, [(0, bid(1)), (1, PASS)])
    actions = SPEC.legal_actions(state, 0)
    # 32 notes: choose the noble first (a one-card bid must be a note, so no joker is offered).
    assert [(a.kind, a.noble) for a in actions] == [("pick_noble", n) for n in data.NOBLES]
    state, _ = play(state, 0, {"kind": "pick_noble", "noble": "leo"})
    actions = SPEC.legal_actions(state, 0)
    assert len(actions) <= 25
    assert {a.card for a in actions if a.kind == "discard_bid_card"} == {f"leo-{v}" for v in range(1, 9)}
    state, _ = play(state, 0, {"kind": "discard_bid_card", "card": "leo-3"})
    assert state.phase == "privilege_card"
