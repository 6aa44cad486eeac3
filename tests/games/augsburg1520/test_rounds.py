"""The second phase of a round: money, prestige, promissory notes; the next round."""

from __future__ import annotations

import pytest

from games.augsburg1520 import SPEC
from games.augsburg1520.cards import CARD_COST, CARD_ID

from .states import (
    PASS, after_first_purchase, all_cards_placed, give_right, play, play_all, ruedigers_board, set_hand,
    set_level, set_money, start_auction, to_privileges, use,
)


def finish_round(state, opener):
    """Nobody bids at Maximilian: the round ends; `opener` opened that auction."""
    start_auction(state, 4, opener)
    order = [(opener + i) % state.seats for i in range(state.seats)]
    return play_all(state, [(seat, PASS) for seat in order])


def finish_buying(state):
    for seat in sorted(SPEC.to_act(state)):
        state, _ = play(state, seat, {"kind": "finish_buying"})
    return state


def test_rounds_are_players_plus_two():
    """'The game ends after 4 rounds with 2 players, 5 rounds with 3 players, 6 rounds with 4 players
    and 7 rounds with 5 players.'"""
    assert [SPEC.setup(n, 1).rounds for n in range(2, 6)] == [4, 5, 6, 7]


def test_income_by_agency_level():
    """'Each player is paid the amount of Guilders listed on his highest Agency Level tile (ie.
    either 600, 900, 1,200 or 1,600 Guilders)'."""
    state = after_first_purchase(4, 3)
    for seat, level in enumerate([1, 2, 3, 4]):
        set_level(state, seat, "agency", level)
    money = list(state.money)
    state, _ = finish_round(state, 0)
    assert [state.money[s] - money[s] for s in range(4)] == [600, 900, 1200, 1600]


def test_prestige_by_peerage_plus_weapon_and_patent():
    """'Each player score the number of Prestige points listed on his highest Peerage Level tile
    (ie. either 3, 5, 8 or 12 points) plus any additional points for a Weapon and/or Patent'."""
    state = after_first_purchase(4, 3)
    for seat, level in enumerate([1, 2, 3, 4]):
        set_level(state, seat, "peerage", level)
    give_right(state, 2, "weapon", 4)
    give_right(state, 3, "patent", 5)
    give_right(state, 3, "weapon", 3)
    state, _ = finish_round(state, 0)
    assert state.score == [3, 5, 12, 20]


def test_ada_is_stopped_at_25_without_a_church():
    """'Ada's score marker is on 21. She scores 14 points at the end of the round (Count, Weapon 2,
    Patent of Nobility 4), but since she has not built the Church yet can she only move her score
    marker up to space 25, even though she could have reached space 35.'"""
    state = after_first_purchase(4, 3)
    ada = 0
    set_level(state, ada, "peerage", 3)
    give_right(state, ada, "weapon", 2)
    give_right(state, ada, "patent", 4)
    state.score[ada] = 21
    state, events = finish_round(state, 0)
    assert state.score[ada] == 25
    assert any(e.kind == "income" and e.data["seat"] == ada and e.data["prestige"] == 4 for e in events)
    line = next(e.text for e in events if e.kind == "income" and e.data["seat"] == ada)
    assert line.endswith("scores 4 of 14 prestige (no more than 25 without a Church).")  # the log says why


def test_45_is_the_limit_without_a_cathedral_and_a_cathedral_lifts_it():
    """'he cannot pass space 45 unless he has built a Cathedral.'"""
    state = after_first_purchase(3, 3)
    give_right(state, 0, "church")
    give_right(state, 1, "church")
    give_right(state, 1, "cathedral")
    set_level(state, 0, "peerage", 4)
    set_level(state, 1, "peerage", 3)
    state.score[0] = state.score[1] = 40
    state, events = finish_round(state, 0)
    assert state.score[:2] == [45, 48]
    line = next(e.text for e in events if e.kind == "income" and e.data["seat"] == 0)
    assert "(no more than 45 without a Cathedral)" in line


def test_ruediger_end_of_round():
    """'He has an Agency in Insbruck, is a Count (with a Weapon and a Patent of Nobility) and is
    Mayor as well as Mintmaster: Rüdiger receives 900 Guilders, scores 13 (8+1+4) Prestige points
    and is first dealt 2 free Promissory Notes, which he adds to his hand, before he is dealt 6
    more Promissory Notes of which he may "buy" 0 to 6 cards.'"""
    state = after_first_purchase(3, 3)
    ruediger = 1
    ruedigers_board(state, ruediger)
    set_hand(state, ruediger, [])
    money = state.money[ruediger]
    top = list(reversed(state.draw[-8:]))
    state, _ = finish_round(state, ruediger)
    assert state.money[ruediger] == money + 900
    assert state.score[ruediger] == 13
    assert state.hands[ruediger] == top[:2]
    assert state.offers[ruediger] == top[2:8]
    assert state.phase == "buy" and SPEC.to_act(state) == frozenset({0, 1, 2})


def test_cards_dealt_from_the_maximilian_winner_then_in_seat_order_and_bought_secretly():
    """'The first player to receive cards is always the player who won the last auction (ie.
    Maximillian), then the other players in seating order.'"""
    state = after_first_purchase(3, 3)
    for seat in range(3):
        set_hand(state, seat, [])
    set_hand(state, 2, ["maria-5"])
    top = list(reversed(state.draw[-12:]))
    start_auction(state, 4, 0)
    state, _ = play_all(state, [(0, PASS), (1, PASS), (2, {"kind": "bid", "cards": 1})])
    state, _ = play(state, 2, {"kind": "discard_bid_card", "card": "maria-5"})
    state, _ = play(state, 2, {"kind": "take_privilege_card", "number": state.display[0]})
    state, _ = play(state, 2, {"kind": "end_privileges"})
    assert state.phase == "buy"
    assert state.offers[2] == top[:4] and state.offers[0] == top[4:8] and state.offers[1] == top[8:12]
    bought = state.offers[0][0]
    unbought = [c for offer in state.offers for c in offer if c != bought]
    state, _ = play(state, 0, {"kind": "buy_card", "card": CARD_ID[bought]})
    money = state.money[0]
    state = finish_buying(state)
    assert state.money[0] == money - CARD_COST[bought]
    assert state.hands[0] == [bought]
    assert set(unbought) <= set(state.discard), "cards not bought go on the discard pile"
    # 'The first bid in the first auction (= Philipp) of the new round is made by the player who
    # won the last auction (= Maximillian).'
    assert state.round == 2 and state.auction == 0 and state.bidder == 2


def test_discard_pile_is_reshuffled_when_the_draw_pile_runs_out():
    """'when the draw pile is exhausted is the discard pile thoroughly reshuffled to form a new
    draw pile'."""
    state = after_first_purchase(2, 3)
    state.discard.extend(state.draw[:-3])
    state.draw = state.draw[-3:]
    state, events = finish_round(state, 0)
    assert any(e.kind == "reshuffle" for e in events)
    assert len(state.offers[0]) == 4 and len(state.offers[1]) == 4
    assert all_cards_placed(state)


def test_too_few_cards_each_player_discards_one_first():
    """'In this case must each player make a discard before cards are dealt. Add the cards to the
    bottom of the deck. Do it again until there are sufficient cards in the deck. The top card is
    dealt to the winner of the Maximillian-auction whereafter the deck is reshuffled.'"""
    state = after_first_purchase(2, 3)
    set_hand(state, 0, list(CARD_ID[:40]))
    set_hand(state, 1, list(CARD_ID[40:77]))
    assert len(state.draw) + len(state.discard) == 3
    state, events = finish_round(state, 1)
    assert state.phase == "shortage" and SPEC.to_act(state) == frozenset({0, 1})
    first = [state.hands[0][0], state.hands[1][0]]
    state, _ = play(state, 0, {"kind": "discard_card", "card": CARD_ID[first[0]]})
    assert state.phase == "shortage", "the discards are secret until both have chosen"
    assert first[0] not in state.draw
    state, _ = play(state, 1, {"kind": "discard_card", "card": CARD_ID[first[1]]})
    assert state.phase == "shortage", "5 cards are still fewer than the 8 to deal"
    assert sorted(state.draw[:2]) == sorted(first), "the discards go under the draw pile"
    for _ in range(2):
        top = state.draw[-1]
        state, _ = play(state, 0, {"kind": "discard_card", "card": CARD_ID[state.hands[0][0]]})
        state, _ = play(state, 1, {"kind": "discard_card", "card": CARD_ID[state.hands[1][0]]})
    assert state.phase == "buy"
    assert state.offers[1][0] == top, "the top card goes to the player who opened Maximilian"
    assert len(state.offers[0]) == len(state.offers[1]) == 4
    assert all_cards_placed(state)


def test_last_round_scores_prestige_only():
    """'at the end of the last round will players only score Prestige points as Money and
    Promissory Notes have no significance anymore.'"""
    state = after_first_purchase(2, 3)
    state.round = state.rounds
    money = list(state.money)
    draw = len(state.draw)
    state, events = finish_round(state, 0)
    assert state.phase == "over" and SPEC.outcome(state) is not None
    assert state.money == money and len(state.draw) == draw
    assert state.score == [3, 3]


def test_shortage_discards_go_under_the_reshuffled_discard_pile_not_back_to_the_max_winner():
    """'when the draw pile is exhausted is the discard pile thoroughly reshuffled to form a new draw
    pile' and, for too few cards: 'each player must make a discard before cards are dealt. Add the
    cards to the bottom of the deck. ... The top card is dealt to the winner of the
    Maximillian-auction whereafter the deck is reshuffled before further distribution.'

    With an empty draw pile and cards on the discard pile, the discard pile is the deck: the cards
    the players just discarded go beneath it, so the first card dealt to the Maximilian winner comes
    from the old discard pile, never the card he has just discarded."""
    state = after_first_purchase(2, 3)
    set_hand(state, 0, list(CARD_ID[:40]))
    set_hand(state, 1, list(CARD_ID[40:77]))
    # the draw pile is exhausted; the three remaining cards lie on the discard pile
    state.discard = state.discard + state.draw
    state.draw = []
    old_discard = set(state.discard)
    state, _ = finish_round(state, 1)  # seat 1 opened Maximilian: it is dealt first
    assert state.phase == "shortage"
    discarded = {0: [], 1: []}
    while state.phase == "shortage":
        for seat in (0, 1):
            card = state.hands[seat][-1]
            discarded[seat].append(card)
            state, _ = play(state, seat, {"kind": "discard_card", "card": CARD_ID[card]})
    assert state.phase == "buy"
    first = state.offers[1][0]
    assert first not in discarded[1], (
        f"the Maximilian winner was dealt back his own discard {CARD_ID[first]} as the top card")
    assert first in old_discard, "the top card must come from the old discard pile, not from under the deck"


def test_top_card_back_is_known_when_the_draw_pile_ran_out():
    """'when the draw pile is exhausted is the discard pile thoroughly reshuffled to form a new draw
    pile' and, for the Cards privilege, 'the value of the top card is known'. Once the draw pile is
    used up, the next top card's back must be visible to a player deciding on the Cards
    privilege, not an empty pile until someone draws."""
    state = after_first_purchase(3, 1)
    set_hand(state, 0, ["leo-1"])
    # two cards left on the draw pile, the rest on the discard pile
    state.discard = state.discard + state.draw[:-2]
    state.draw = state.draw[-2:]
    state = to_privileges(state, 0, 1)  # card 1: Money, Prestige 6, Cards
    state, _ = play(state, 0, use(2, "cards"))  # the Cards privilege takes the last two cards
    state, _ = play(state, 0, {"kind": "discard_card", "card": "leo-1"})
    assert state.phase == "privileges"
    view = SPEC.view(state, 1)
    assert view.discard_size > 0
    assert view.draw_top_cost is not None, (
        "the draw pile is exhausted but not replaced by the reshuffled discard pile: no top card back to read")


def test_privilege_display_next_five_then_all_ten_reshuffled():
    """'Turn over the next 5 Privilege cards. When all 10 cards have been used (every other round)
    are all 10 cards reshuffled and 5 new cards are revealed.' 'Unclaimed Privilege cards are
    discarded at the end of the round.'"""
    state = after_first_purchase(2, 3)
    first, reserve = list(state.display), list(state.reserve)
    state, _ = finish_round(state, 0)
    assert state.display == [] and sorted(state.used_privileges) == sorted(first)
    state = finish_buying(state)
    assert state.round == 2 and state.display == reserve and state.reserve == []
    state, _ = finish_round(state, 0)
    state = finish_buying(state)
    assert state.round == 3
    assert len(state.display) == 5 and len(state.reserve) == 5 and state.used_privileges == []
    assert sorted(state.display + state.reserve) == list(range(1, 11))


def test_money_and_cards_are_conserved_over_a_round():
    state = after_first_purchase(4, 3)
    set_money(state, 0, 100)
    state, _ = finish_round(state, 0)
    SPEC.check_invariants(state)
    assert sum(state.money) + state.bank == 15100
    state.money[0] += 1
    with pytest.raises(AssertionError, match="money"):
        SPEC.check_invariants(state)
