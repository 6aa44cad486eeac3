"""Step 3 of a turn: building, and the building rules."""

from __future__ import annotations

import pytest

from games import RuleError
from games.baumeister import SPEC
from games.baumeister.flow import begin_build
from tests.games.baumeister.helpers import give, ids, kinds, new_game, play


def at_build(hand, city=None, built=None, final=False, **options):
    state = new_game(**options)
    give(state, 0, hand=hand, city=city, built=built)
    if final:
        state.last_turn = True
    begin_build(state, 0, final, [])
    return state


def pick(card_id):
    return {"kind": "pick", "card": card_id}


def put(slot):
    return {"kind": "place", "slot": slot}


def picks(state, seat=0):
    return [a.card for a in SPEC.legal_actions(state, seat) if a.kind == "pick"]


def slots(state, seat=0):
    return [a.slot for a in SPEC.legal_actions(state, seat) if a.kind == "place"]


DONE = {"kind": "done"}


def test_first_build_is_exactly_three_cards():
    """rulebook: "The player who would like to build for the first time must lay out three of
    his/her acquired building cards face up. ... Note - in this case exactly 3 cards must be
    played."""
    state = at_build(("church-5a", "gate-3a", "tower-2a", "hall-6a"))
    assert "done" in kinds(SPEC.legal_actions(state, 0))  # building is optional
    state, _ = play(state, 0, pick("church-5a"), put(0))
    assert "done" not in kinds(SPEC.legal_actions(state, 0))
    with pytest.raises(RuleError, match="first build is 3 cards: lay out 2 more"):
        SPEC.apply(state, 0, DONE)
    state, _ = play(state, 0, pick("gate-3a"), put(1), pick("tower-2a"), put(-1))
    assert ids(state.cities[0]) == ["tower-2a", "church-5a", "gate-3a"]
    assert state.phase == "income" and state.actor == 1  # three cards end the build step
    assert ids(state.hands[0]) == ["hall-6a"]


def test_first_build_offers_only_cards_that_can_make_three():
    """Two buildings of the same type may not stand side by side, so three churches cannot be
    a first build; a church with two gates can (gate, church, gate)."""
    assert picks(at_build(("church-5a", "church-6a", "church-7a"))) == []
    state = at_build(("church-5a", "gate-3a", "gate-4a"))
    assert picks(state) == ["gate-3a", "gate-4a", "church-5a"]
    state, _ = play(state, 0, pick("gate-3a"), put(0))
    assert picks(state) == ["church-5a"]  # a second gate now would strand the church


def test_first_build_at_least_three_is_a_table_option():
    """The original rules: the first build is at least three cards."""
    state = at_build(("church-5a", "gate-3a", "tower-2a", "hall-6a", "gate-4a"), first_build="at_least")
    state, _ = play(state, 0, pick("church-5a"), put(0), pick("gate-3a"), put(1), pick("tower-2a"), put(-1))
    assert state.phase == "build" and "done" in kinds(SPEC.legal_actions(state, 0))
    state, _ = play(state, 0, pick("hall-6a"), put(3), pick("gate-4a"), put(-1))
    assert len(state.cities[0]) == 5
    assert state.phase == "income"  # the hand is empty


def test_later_builds_at_most_three():
    """rulebook: "If he/she wants to develop his/her city further later on ... Note - in this
    case at MOST 3 cards must be played." and "you may only lay out three cards per game turn"."""
    state = at_build(("church-5a", "gate-3a", "tower-2a", "church-6a"), city=("hall-6a",))
    state, _ = play(state, 0, pick("church-5a"), put(1))
    assert "done" in kinds(SPEC.legal_actions(state, 0))
    state, _ = play(state, 0, pick("gate-3a"), put(2), pick("tower-2a"), put(3))
    assert state.phase == "income" and state.hands[0] != ()


def test_no_two_buildings_of_the_same_type_side_by_side():
    """rulebook: "Two buildings of same type may never stand side by side. Tower and Corner
    Tower are regarded as buildings of same type."""
    state = at_build(("church-5a", "corner-2a", "gate-3a"), city=("tower-1a", "church-6a", "tower-2a"))
    assert "corner-2a" not in picks(state)  # both ends are towers
    state, _ = play(state, 0, pick("gate-3a"))
    assert slots(state) == [-1, 3]
    state = at_build(("church-5a", "gate-3a"), city=("church-6a", "tower-1a"))
    state, _ = play(state, 0, pick("church-5a"))
    assert slots(state) == [2]  # not beside the other church
    with pytest.raises(RuleError, match="one of the positions offered"):
        SPEC.apply(state, 0, put(-1))


def test_one_town_hall_per_city():
    """rulebook: "Each city may contain only one town hall."""
    state = at_build(("hall-5a", "church-5a"), city=("hall-6a", "gate-2a"))
    assert picks(state) == ["church-5a"]
    with pytest.raises(RuleError, match="one town hall"):
        SPEC.apply(state, 0, pick("hall-5a"))


def test_corner_tower_closes_an_end():
    """A corner tower stands at an end of the city; nothing is built beyond it. A first corner
    tower may start the city: "He/she can begin with a Corner Tower"."""
    state = at_build(("corner-1a", "church-5a", "gate-3a"))
    state, _ = play(state, 0, pick("corner-1a"))
    assert slots(state) == [-1, 0]  # as the left end or as the right end
    state, _ = play(state, 0, put(-1))
    state, _ = play(state, 0, pick("church-5a"))
    assert slots(state) == [1]  # only to the right of the left corner tower
    state, _ = play(state, 0, put(1), pick("gate-3a"), put(2))
    assert ids(state.cities[0]) == ["corner-1a", "church-5a", "gate-3a"]
    assert SPEC.view(state, None).players[0].closed_left


def test_second_corner_tower_only_in_the_final_round():
    """rulebook: "The city may be completed only in the final round (when the auctions have
    finished), i.e. only then may the second Corner Tower or both Corner Towers be placed."
    and "Only now may a city be completed, i.e. the final corner tower played."""
    city = ("corner-2a", "church-5a", "gate-3a")
    state = at_build(("corner-2b", "church-6a"), city=city)
    assert picks(state) == ["church-6a"]
    state = at_build(("corner-2b", "church-6a"), city=city, final=True)
    assert picks(state) == ["corner-2b", "church-6a"]
    state, _ = play(state, 0, pick("corner-2b"))
    assert slots(state) == [3]
    state, _ = play(state, 0, put(3))
    assert SPEC.view(state, None).players[0].complete


def test_both_corner_towers_in_the_final_round():
    state = at_build(("corner-3a", "corner-3b"), city=("church-5a", "gate-3a", "hall-5a"), final=True)
    state, _ = play(state, 0, pick("corner-3a"), put(-1), pick("corner-3b"), put(4))
    assert ids(state.cities[0]) == ["corner-3a", "church-5a", "gate-3a", "hall-5a", "corner-3b"]


def test_gap_left_by_a_saboteur_may_be_filled():
    """rulebook: "Once put down, cards may not be repositioned or exchanged. Exception: The
    saboteur can sweep away a gap into a cityscape. This may be filled in again during the
    building phase by a new card of course."""
    state = at_build(("gate-4a", "church-7a"), city=("church-5a", None, "church-6a"))
    state, _ = play(state, 0, pick("gate-4a"))
    assert slots(state) == [-1, 1, 3]
    state, _ = play(state, 0, put(1))
    assert ids(state.cities[0]) == ["church-5a", "gate-4a", "church-6a"]
    assert "church-7a" not in picks(state)  # no end or gap beside a non-church is left


def test_a_gap_between_two_towers_takes_no_corner_tower():
    state = at_build(("corner-1a", "gate-2a"), city=("tower-1a", None, "tower-2a"))
    assert picks(state) == ["gate-2a"]


def test_build_or_sabotage_not_both():
    """rulebook: "Instead of building a player can play a saboteur"."""
    state = at_build(("gate-4a", "church-7a"), city=("church-5a",))
    give(state, 0, saboteurs=1)
    give(state, 1, city=("church-6a",))
    assert "sabotage" in kinds(SPEC.legal_actions(state, 0))
    state, _ = play(state, 0, pick("gate-4a"), put(1))
    assert "sabotage" not in kinds(SPEC.legal_actions(state, 0))
    with pytest.raises(RuleError, match="instead of building"):
        SPEC.apply(state, 0, {"kind": "sabotage", "seat": 1, "target": "city"})


def test_unpick_returns_to_the_choice():
    state = at_build(("gate-4a", "church-7a"), city=("church-5a",))
    state, _ = play(state, 0, pick("gate-4a"), {"kind": "unpick"})
    assert state.phase == "build" and state.picked == -1 and state.placed == 0


def test_picked_card_is_private():
    state = at_build(("gate-4a", "church-7a"), city=("church-5a",))
    state, _ = play(state, 0, pick("gate-4a"))
    assert SPEC.view(state, 0).picked.id == "gate-4a"
    assert SPEC.view(state, 1).picked is None and SPEC.view(state, None).picked is None


def test_card_not_in_hand_is_refused():
    state = at_build(("gate-4a",), city=("church-5a",))
    with pytest.raises(RuleError, match="not in your hand"):
        SPEC.apply(state, 0, pick("church-9a"))
    with pytest.raises(RuleError, match="no building card"):
        SPEC.apply(state, 0, pick("castle-1"))


def test_equal_cards_offer_the_one_everybody_knows():
    """Building the card the others saw keeps the unseen twin a secret."""
    state = at_build(("church-5a", "church-5b"), city=("gate-3a",))
    state.public_cards |= 1 << state.hands[0][1]
    assert picks(state) == ["church-5b"]
