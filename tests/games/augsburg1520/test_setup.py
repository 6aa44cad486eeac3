"""Preparation and the first purchase of cards."""

from __future__ import annotations

from collections import Counter

import pytest

from games import RuleError, registry
from games.augsburg1520 import SPEC, data
from games.augsburg1520.cards import CARD_COST, CARD_ID, CARD_NOBLE, JOKER_IDS, NOTE_COUNT, is_joker
from games.core import Rng
from tests.games.playout import strings_in

from .states import after_first_purchase, card, kinds, play, set_offer


def test_registered_with_title_and_seats():
    spec = registry.get("augsburg1520")
    assert spec is SPEC
    assert (spec.title, spec.min_seats, spec.max_seats) == ("Augsburg 1520", 2, 5)
    with pytest.raises(RuleError):
        SPEC.setup(6, 1)


def test_start_player_is_drawn_from_the_seed():
    """'A neutral marker is placed in front of the wealthiest player': all start with 1500,
    so the start player is drawn; the same seed gives the same start player."""
    starts = Counter(SPEC.setup(4, seed).start_player for seed in range(200))
    assert set(starts) == {0, 1, 2, 3}
    assert min(starts.values()) > 30
    assert SPEC.setup(4, 77).start_player == SPEC.setup(4, 77).start_player


@pytest.mark.parametrize("seats,tiles", [(2, [2, 1, 1]), (3, [3, 1, 1]), (4, [4, 2, 1]), (5, [5, 3, 1])])
def test_level_tiles_by_player_count(seats, tiles):
    """'2 players: 1 large, 1 middle, 2 small ... 5 players: 1 large, 3 middle, 5 small'."""
    state = SPEC.setup(seats, 3)
    assert state.pool == [tiles, tiles, tiles]
    assert all(levels == [1, 1, 1] for levels in state.levels)


def test_rights_stacks_highest_on_top():
    """'sorted and stacked in numerical order with the highest number at the top'."""
    state = SPEC.setup(3, 3)
    assert state.stacks["church"] == [700, 600, 500, 400, 300]
    assert state.stacks["cathedral"] == [1300, 1200, 1100, 1000, 900]
    assert state.stacks["weapon"] == sorted(state.stacks["weapon"], reverse=True)
    assert state.stacks["patent"] == sorted(state.stacks["patent"], reverse=True)
    assert sum(len(stack) for stack in state.stacks.values()) == 30


def test_five_privilege_cards_face_up_five_aside():
    """'The Privilege cards are shuffled and 5 cards placed face up ... The other 5 are set aside.'"""
    state = SPEC.setup(4, 9)
    assert len(state.display) == 5 and len(state.reserve) == 5
    assert sorted(state.display + state.reserve) == list(range(1, 11))
    assert SPEC.view(state, None).reserve == 5


def test_money_jokers_and_seven_cards_each():
    """'1500 Guilders', '2 Joker cards', '7 Cards from this deck'."""
    state = SPEC.setup(5, 4)
    assert state.money == [1500] * 5
    for seat in range(5):
        assert len(state.hands[seat]) == 2 and all(is_joker(c) for c in state.hands[seat])
        assert len(state.offers[seat]) == 7
    assert len(state.draw) == 80 - 5 * 9
    assert state.round == 0 and state.phase == "buy"


def deal(deck: list[int], order: list[int], one_at_a_time: bool) -> tuple[dict[int, list[int]], list[int]]:
    """Seven cards each from the top (the end) of `deck`, in seat `order`: one card per player in
    turn, or seven to a player at once. Returns the cards dealt and what is left of the deck."""
    pile, dealt = list(deck), {seat: [] for seat in order}
    turns = [seat for _ in range(data.START_CARDS) for seat in order] if one_at_a_time else \
        [seat for seat in order for _ in range(data.START_CARDS)]
    for seat in turns:
        dealt[seat].append(pile.pop())
    return dealt, pile


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_cards_dealt_one_at_a_time_from_the_start_player(seats):
    """'7 Cards from this deck (beginning with the Start player are the cards dealt one at a time
    until everybody has received 7 cards).'"""
    state = SPEC.setup(seats, 12)
    # The deck as setup shuffled it: the seeded generator first draws the start player, then
    # shuffles the notes with the jokers left after two went to each player.
    rng = Rng(seed=12)
    assert rng.below(seats) == state.start_player
    deck = list(range(NOTE_COUNT)) + list(JOKER_IDS)[data.START_JOKERS * seats:]
    rng.shuffle(deck)
    order = [(state.start_player + i) % seats for i in range(seats)]
    one_by_one, rest = deal(deck, order, one_at_a_time=True)
    assert {seat: state.offers[seat] for seat in order} == one_by_one
    assert state.draw == rest
    # Seven at a time (or any other start player) would have dealt other cards.
    seven_at_once, _ = deal(deck, order, one_at_a_time=False)
    assert all(set(seven_at_once[seat]) != set(one_by_one[seat]) for seat in order)
    other_start, _ = deal(deck, order[1:] + order[:1], one_at_a_time=True)
    assert all(set(other_start[seat]) != set(one_by_one[seat]) for seat in order)


def test_first_purchase_is_secret_and_simultaneous():
    """'Each player may now "buy" any of these 7 cards by paying their cost'; unwanted cards
    are 'discarded simultaneously by all players after everybody are done'."""
    state = SPEC.setup(3, 5)
    assert SPEC.to_act(state) == frozenset({0, 1, 2})
    first = state.offers[0][0]
    state, events = play(state, 0, {"kind": "buy_card", "card": CARD_ID[first]})
    assert state.money[0] == 1500, "nothing is paid before everybody has chosen"
    assert not [e for e in events if e.seats is None]
    state, _ = play(state, 0, {"kind": "finish_buying"})
    assert SPEC.to_act(state) == frozenset({1, 2})
    assert SPEC.view(state, 1).players[0].picked == 1
    assert SPEC.legal_actions(state, 0) == []
    state, _ = play(state, 1, {"kind": "finish_buying"})
    state, events = play(state, 2, {"kind": "finish_buying"})
    assert state.money[0] == 1500 - CARD_COST[first]
    assert first in state.hands[0]
    assert len(state.discard) == 20
    assert state.round == 1 and state.phase == "bid" and state.bidder == state.start_player
    assert any(e.kind == "bought" and e.data["seat"] == 0 and e.data["count"] == 1 for e in events)


def test_purchase_limited_by_money():
    """Cards 'a player cannot afford' are not bought: the running total must stay within the purse."""
    state = SPEC.setup(2, 5)
    set_offer(state, 0, ["leo-1", "leo-2", "leo-13"])
    state.money[0], state.bank = 450, state.bank + 1050
    offered = {a.card for a in SPEC.legal_actions(state, 0) if a.kind == "buy_card"}
    assert offered == {"leo-1", "leo-2", "leo-13"}
    state, _ = play(state, 0, {"kind": "buy_card", "card": "leo-1"})
    assert {a.card for a in SPEC.legal_actions(state, 0) if a.kind == "buy_card"} == {"leo-2"}
    with pytest.raises(RuleError, match="costs 400"):
        play(state, 0, {"kind": "buy_card", "card": "leo-13"})
    state, _ = play(state, 0, {"kind": "buy_card", "card": "leo-2"})
    assert kinds(SPEC.legal_actions(state, 0)) == ["finish_buying", "put_back_card", "put_back_card"]


def test_a_card_chosen_to_buy_can_be_put_back_until_done():
    """'Each player will decide which Promissory Notes he will "buy" and place them face down in front
    of himself.' Nothing is paid until 'all players have made their choices', so a card chosen by
    mistake goes back among those dealt, and another can be chosen with the money it frees."""
    state = SPEC.setup(2, 5)
    set_offer(state, 0, ["leo-1", "leo-2", "leo-13"])
    state.money[0], state.bank = 450, state.bank + 1050
    state, _ = play(state, 0, {"kind": "buy_card", "card": "leo-1"})
    state, _ = play(state, 1, {"kind": "finish_buying"})  # another player's choice comes between
    assert {a.card for a in SPEC.legal_actions(state, 0) if a.kind == "put_back_card"} == {"leo-1"}
    state, events = play(state, 0, {"kind": "put_back_card", "card": "leo-1"})
    assert state.picks[0] == [] and state.money[0] == 450
    assert not [e for e in events if e.seats is None], "what a player chooses stays secret"
    assert {a.card for a in SPEC.legal_actions(state, 0) if a.kind == "buy_card"} == {"leo-1", "leo-2", "leo-13"}
    with pytest.raises(RuleError, match="You have not chosen Leo 1 to buy; the cards you have chosen: none"):
        play(state, 0, {"kind": "put_back_card", "card": "leo-1"})
    state, _ = play(state, 0, {"kind": "buy_card", "card": "leo-13"})
    state, _ = play(state, 0, {"kind": "finish_buying"})
    assert state.money[0] == 50 and card("leo-13") in state.hands[0] and card("leo-1") not in state.hands[0]


def test_no_card_is_put_back_after_done():
    state = SPEC.setup(2, 5)
    set_offer(state, 0, ["leo-1", "leo-2"])
    state, _ = play(state, 0, {"kind": "buy_card", "card": "leo-1"})
    state, _ = play(state, 0, {"kind": "finish_buying"})
    assert SPEC.legal_actions(state, 0) == []
    with pytest.raises(RuleError):
        play(state, 0, {"kind": "put_back_card", "card": "leo-1"})


def test_chosen_jokers_are_put_back_as_one_option():
    """Jokers are alike: like the purchase, putting one back is one option however many are chosen."""
    state = SPEC.setup(2, 5)
    set_offer(state, 0, ["joker-1", "joker-2", "leo-2"])
    state.money[0], state.bank = 1500, state.bank
    for _ in range(2):
        joker = next(a for a in SPEC.legal_actions(state, 0) if a.kind == "buy_card" and a.card.startswith("joker"))
        state, _ = play(state, 0, joker)
    backs = [a.card for a in SPEC.legal_actions(state, 0) if a.kind == "put_back_card"]
    assert len(backs) == 1 and backs[0].startswith("joker")
    state, _ = play(state, 0, {"kind": "put_back_card", "card": backs[0]})
    assert sum(is_joker(c) for c in state.picks[0]) == 1


def test_card_costs_by_value():
    """Chosen costs: 1-6 cost 200, 7-12 cost 300, 13-17 cost 400; jokers 400 (rulebook)."""
    assert [CARD_COST[card(f"leo-{v}")] for v in (1, 6, 7, 12, 13, 17)] == [200, 200, 300, 300, 400, 400]
    assert CARD_COST[card("joker-5")] == data.JOKER_COST == 400


def test_unbought_cards_face_up_only_top_visible():
    """'The cards must be discarded face up with only the top card showing.'"""
    state = after_first_purchase(4, 2)
    view = SPEC.view(state, None)
    assert view.discard_size == 28
    top = state.discard[-1]
    assert view.discard_top is not None and view.discard_top.cost == CARD_COST[top]
    assert CARD_ID[top] not in strings_in(view.model_dump(mode="json"))
    assert view.discard_top.noble == CARD_NOBLE[top]
