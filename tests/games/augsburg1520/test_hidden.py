"""Hidden information: secret hands with public backs, money face down, sealed choices."""

from __future__ import annotations

import random

import pytest

from games.augsburg1520 import SPEC
from games.augsburg1520.cards import CARD_COST, CARD_ID
from games.augsburg1520.state import Options
from tests.games.playout import strings_in

from .states import after_first_purchase, bid, play, play_all, set_hand, start_auction


def test_hands_secret_but_backs_show_costs():
    """'they can have the player on their left checking the value of the cards (by looking at the
    card backs)': others see each hand as counts of backs by cost, never the ids."""
    state = after_first_purchase(3, 7)
    set_hand(state, 0, ["maria-2", "maria-14", "leo-9", "joker-1"])
    own = SPEC.view(state, 0)
    other = SPEC.view(state, 1)
    public = SPEC.view(state, None)
    assert [c.id for c in own.hand] == ["leo-9", "maria-2", "maria-14", "joker-1"]
    assert public.hand == [] and [c.id for c in other.hand] == [CARD_ID[c] for c in sorted(state.hands[1])]
    assert other.players[0].hand_backs == {200: 1, 300: 1, 400: 2}
    assert public.players[0].hand_size == 4
    seen = strings_in(public.model_dump(mode="json")) | strings_in(other.model_dump(mode="json"))
    assert not {"maria-2", "maria-14", "leo-9", "joker-1"} & seen


def test_top_of_the_draw_pile_shows_its_back():
    state = after_first_purchase(3, 7)
    assert SPEC.view(state, None).draw_top_cost == CARD_COST[state.draw[-1]]
    assert SPEC.view(state, None).draw_size == len(state.draw)


def test_money_is_private_by_default():
    """'A player may keep his money face down.' By default only the owner sees their money."""
    assert Options().open_money is False
    state = after_first_purchase(3, 7)
    assert SPEC.view(state, 0).money == 1500
    assert SPEC.view(state, 0).players[0].money == 1500
    assert SPEC.view(state, 0).players[1].money is None
    assert all(p.money is None for p in SPEC.view(state, None).players)


def test_open_money_shows_everyones_money():
    state = SPEC.setup(3, 7, {"open_money": True})
    assert [p.money for p in SPEC.view(state, None).players] == [1500, 1500, 1500]
    assert SPEC.view(state, 2).players[0].money == 1500


@pytest.mark.slow  # over half a second
def test_private_money_never_appears_in_other_views_during_games():
    """With money face down, no other seat's view and no public view holds a player's purse.
    Each seat's money is made unique so that finding the number means it leaked."""
    spec = SPEC
    for seed in range(4):
        rng = random.Random(seed)
        state = spec.setup(3, seed)
        for seat in range(3):
            state.money[seat] += 7 + seat  # odd amounts no public number can match
            state.bank -= 7 + seat
        steps = 0
        while spec.outcome(state) is None and steps < 400:
            seat = rng.choice(sorted(spec.to_act(state)))
            state, _ = spec.apply(state, seat, rng.choice(spec.legal_actions(state, seat)))
            steps += 1
            for viewer in [None, 0, 1, 2]:
                dumped = spec.view(state, viewer).model_dump(mode="json")
                for owner in range(3):
                    if owner != viewer:
                        assert dumped["players"][owner]["money"] is None
                if viewer is None:
                    assert dumped["money"] is None


def test_revealed_choice_stays_sealed_until_all_have_chosen():
    """'these players will simultaneously reveal a number of cards'."""
    state = after_first_purchase(2, 7)
    set_hand(state, 0, ["leo-5", "leo-6"])
    set_hand(state, 1, ["leo-7", "leo-8"])
    start_auction(state, 2, 0)
    state, _ = play_all(state, [(0, bid(1)), (1, bid(1))])
    state, events = play(state, 0, {"kind": "reveal_card", "card": "leo-6"})
    public = SPEC.view(state, None)
    assert public.players[0].picked == 1 and public.players[0].to_act is False
    assert "leo-6" not in strings_in(public.model_dump(mode="json"))
    assert "leo-6" in SPEC.secret_tokens(state)[0]
    assert [c.id for c in SPEC.view(state, 0).picks] == ["leo-6"]
    assert all("Leo 6" not in e.text for e in events if e.seats is None)
    # The player's own log has their choice ("your own secret choices", README /table log).
    (own,) = [e for e in events if e.seats is not None]
    assert own.seats == {0} and "Leo 6" in own.text


def test_secret_tokens_cover_hands_offers_and_picks():
    state = SPEC.setup(2, 7)
    tokens = SPEC.secret_tokens(state)
    assert tokens[0] == {CARD_ID[c] for c in state.hands[0] + state.offers[0]}
    assert not tokens[0] & tokens[1]


def _finish_all_but_one(state):
    for seat in range(state.seats - 1):
        state, _ = SPEC.apply(state, seat, {"kind": "finish_buying"})
    return state


def test_the_purchase_settled_for_everyone_cannot_be_taken_back():
    """'Any cards the player do not want ... are discarded – simultaneously with the other players.
    When all players have made their choices are the total amount ... paid': the last choice
    settles every purchase in view of all, so it cannot be taken back; an earlier one can."""
    state = SPEC.setup(3, 11)
    first, events = SPEC.apply(state, 0, {"kind": "finish_buying"})
    assert SPEC.undo_refusal(state, first, events) is None
    before = _finish_all_but_one(state)
    after, events = SPEC.apply(before, 2, {"kind": "finish_buying"})
    assert "bought" in [e.kind for e in events]
    assert SPEC.undo_refusal(before, after, events) is not None


def test_a_deal_or_newly_turned_privilege_cards_cannot_be_taken_back():
    """'Each player is dealt – face down – as many cards from the draw pile' and the next round
    turns over the privilege cards that were 'set aside face down': the move that makes either
    happen showed cards nobody had seen, so it cannot be taken back."""
    for before, after, events in moves_with({"dealt", "round"}, random.Random(3), games=6):
        assert SPEC.undo_refusal(before, after, events) is not None


def moves_with(kinds: set[str], rng: random.Random, games: int):
    """(before, after, events) of random 3-seat moves making events of `kinds`, until each kind was met."""
    seen: set[str] = set()
    for seed in range(games):
        state = SPEC.setup(3, seed)
        while SPEC.outcome(state) is None and seen != kinds:
            seat = rng.choice(sorted(SPEC.to_act(state)))
            after, events = SPEC.apply(state, seat, rng.choice(SPEC.legal_actions(state, seat)))
            if {e.kind for e in events} & kinds:
                seen |= {e.kind for e in events} & kinds
                yield state, after, events
            state = after
    assert seen == kinds


def _showdown_after_first_pick(card: str):
    """Seats 0 and 1 both hold at 1 card on Leo; seat 0 has chosen `card`, seat 1 has not chosen."""
    state = after_first_purchase(2, 7)
    set_hand(state, 0, ["leo-2", "leo-15"])
    set_hand(state, 1, ["leo-7", "leo-8"])
    start_auction(state, 2, 0)
    state, _ = play_all(state, [(0, bid(1)), (1, bid(1))])
    state, _ = play(state, 0, {"kind": "reveal_card", "card": card})
    assert state.phase == "reveal" and SPEC.to_act(state) == frozenset({1})
    return state


def test_a_showdown_card_chosen_first_cannot_be_read_from_the_backs():
    """'Several players have the same high bid (by "holding"). In this case will these players
    simultaneously reveal a number of cards corresponding to the number bid.' Chosen one after the
    other here, the first choice must not show: the backs still count it in the hand until the reveal."""
    low, high = _showdown_after_first_pick("leo-2"), _showdown_after_first_pick("leo-15")
    for viewer in (1, None):
        assert SPEC.view(low, viewer).players[0] == SPEC.view(high, viewer).players[0]
        assert SPEC.view(low, viewer).players[0].hand_backs == {200: 1, 400: 1}
    assert [c.id for c in SPEC.view(high, 0).hand] == ["leo-2"]  # the chooser sees their own hand as it is


def test_a_card_from_a_hand_put_face_up_cannot_be_taken_back():
    """'This player wins the auction and places the cards he bid on the discard pile', and unwanted
    cards 'must be discarded face up': once everyone has seen the card, taking the move back would
    return it to a secret hand, so it is refused (the same random walk finds both discards)."""
    for before, after, events in moves_with({"discard", "discard_bid"}, random.Random(5), games=12):
        assert "face up on the discard pile" in SPEC.undo_refusal(before, after, events)
