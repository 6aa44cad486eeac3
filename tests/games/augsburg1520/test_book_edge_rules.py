"""Edge rules of the rulebook: one tile of each kind, stacks taken from the top, losing one level at
a time, a pass that withdraws from the auction, and the score cap of a Cathedral without a Church."""

from __future__ import annotations

import pytest

from games import RuleError
from games.augsburg1520 import SPEC, data
from games.augsburg1520.cards import CARD_ID

from .states import (
    END, PASS, after_first_purchase, bid, give_right, play, set_hand, set_level, set_money, start_auction,
    to_privileges, use,
)

# Card contents (data.PRIVILEGE_CARDS): 2 O O M | 3 N N P7 | 7 A N C | 8 O C P7


def uses_of_slot(state, seat, slot):
    return {a.use for a in SPEC.legal_actions(state, seat) if a.kind == "use_privilege" and a.slot == slot}


def builder_buildings(state, seat):
    return [a.building for a in SPEC.legal_actions(state, seat) if a.kind == "builder_build"]


def test_a_church_holder_is_offered_only_the_cathedral_by_an_office_privilege():
    """'A player can only have one of each tile on his board (no-one can build two Churches etc.).'"""
    state = after_first_purchase(3, 1)
    give_right(state, 0, "church")
    set_money(state, 0, 5000)
    state = to_privileges(state, 0, 2)
    assert uses_of_slot(state, 0, 0) == {"level", "cathedral"}
    with pytest.raises(RuleError):
        play(state, 0, use(0, "church"))
    state, _ = play(state, 0, use(0, "cathedral"))
    assert state.rights[0]["church"] == 700 and state.rights[0]["cathedral"] == 1300
    assert uses_of_slot(state, 0, 1) == {"level"}, "neither building a second time"


def test_a_church_holder_as_builder_may_build_only_the_cathedral():
    """'A player can only have one of each tile on his board (no-one can build two Churches etc.).'"""
    state = after_first_purchase(3, 1)
    set_level(state, 0, "office", 4)
    give_right(state, 0, "builder")
    give_right(state, 0, "church")
    set_money(state, 0, 5000)
    state = to_privileges(state, 0, 1)
    assert builder_buildings(state, 0) == ["cathedral"]
    with pytest.raises(RuleError):
        play(state, 0, {"kind": "builder_build", "building": "church"})
    assert state.stacks["church"] == [600, 500, 400, 300]


def test_weapons_are_taken_highest_first():
    """'as they must be taken in order (highest/most expensive first) the lower values will not come
    into play.'"""
    state = after_first_purchase(3, 1)
    assert state.stacks["weapon"] == list(data.WEAPONS) == [4, 3, 2, 2, 1]
    set_level(state, 0, "peerage", 3)
    set_level(state, 1, "peerage", 4)
    state = to_privileges(state, 0, 3)
    state, _ = play(state, 0, use(0, "weapon"))
    assert state.rights[0]["weapon"] == 4
    state, _ = play(state, 0, END)
    state = to_privileges(state, 1, 7)
    state, _ = play(state, 1, use(1, "weapon"))
    assert state.rights[1]["weapon"] == 3
    assert state.stacks["weapon"] == [2, 2, 1]


def test_a_lost_third_level_tile_is_replaced_by_the_takers_second_level_tile():
    """'A player will only lose one level at a time, so if he loses the 4th Level tile will he
    receive the 3rd Level tile from the player who took it.' Losing the 3rd Level tile, he receives
    the 2nd; 'can "Rights" tiles never be lost – not even when a player loses the corresponding Level
    tile.'"""
    state = after_first_purchase(2, 3)
    set_level(state, 1, "office", 3)
    give_right(state, 1, "mintmaster")
    set_level(state, 0, "office", 2)
    assert state.pool[2] == [0, 0, 1], "no 3rd Level office tile left in the pool"
    pool_before = [list(p) for p in state.pool]
    state = to_privileges(state, 0, 2)
    state, _ = play(state, 0, use(0, "level"))
    assert state.levels[0][2] == 3 and state.levels[1][2] == 2
    assert state.pool == pool_before
    assert state.rights[1]["mintmaster"] == 1
    assert state.phase == "consolation" and SPEC.to_act(state) == frozenset({1})
    state, _ = play(state, 1, {"kind": "consolation", "choice": "money"})
    state, _ = play(state, 0, use(1, "level"))
    assert state.levels[0][2] == 4 and state.levels[1][2] == 2
    assert state.pool[2] == [0, 1, 0], "the 4th from the pool, the 3rd back to it"


def passed_seat_one_then_bidding_goes_on():
    """Philipp: seat 0 bids 1, seat 1 (holding the highest note) passes, seat 2 raises to 2, seat 0
    raises to 3."""
    state = after_first_purchase(3, 1)
    set_hand(state, 0, ["philipp-1", "philipp-2", "philipp-3"])
    set_hand(state, 1, ["philipp-17", "philipp-5", "philipp-6"])
    set_hand(state, 2, ["philipp-7", "philipp-8", "philipp-9"])
    start_auction(state, 0, 0)
    state, _ = play(state, 0, bid(1))
    state, _ = play(state, 1, PASS)
    state, _ = play(state, 2, bid(2))
    state, _ = play(state, 0, bid(3))
    return state


def test_a_passed_player_is_not_asked_again_nor_shows_cards():
    """'Pass means that the player withdraws himself from the current auction. He will naturally keep
    his cards, but will gain nothing from this auction.'"""
    state = passed_seat_one_then_bidding_goes_on()
    assert SPEC.to_act(state) == frozenset({2}), "seat 1 is skipped"
    assert SPEC.legal_actions(state, 1) == []
    with pytest.raises(RuleError):
        play(state, 1, bid(3))
    state, _ = play(state, 2, bid(3))
    assert state.phase == "reveal" and SPEC.to_act(state) == frozenset({0, 2})
    money = list(state.money)
    for seat, values in ((0, (1, 2, 3)), (2, (7, 8, 9))):
        for value in values:
            state, _ = play(state, seat, {"kind": "reveal_card", "card": f"philipp-{value}"})
    assert state.winner == 2 and state.phase == "privilege_card"
    assert sorted(CARD_ID[c] for c in state.hands[1]) == ["philipp-17", "philipp-5", "philipp-6"]
    assert state.money[1] == money[1], "no prize for the passed player"
    assert state.money[0] == money[0] + data.SECOND_PRIZE


@pytest.mark.parametrize("church,score", [(False, 25), (True, 31)])
def test_a_cathedral_without_a_church_leaves_the_score_at_25(church, score):
    """The project's rule (data.CATHEDRAL_RULE): 'A cathedral may be built without a church, but the
    score still stops at 25 until a church is built.' From the rulebook: 'A player cannot pass space
    25 unless he has built a Church'."""
    assert data.CATHEDRAL_RULE == ("A cathedral may be built without a church, but the score still stops "
                                   "at 25 until a church is built.")
    state = after_first_purchase(3, 1)
    set_money(state, 0, 5000)
    if church:
        give_right(state, 0, "church")
    state.score[0] = 24
    state = to_privileges(state, 0, 8)
    state, _ = play(state, 0, use(0, "cathedral"))
    assert state.rights[0]["cathedral"] == 1300 and state.money[0] == 3700
    state, _ = play(state, 0, use(2, "prestige"))
    assert state.score[0] == score
