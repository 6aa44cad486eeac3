"""The engine's fast state handling: copies share nothing mutable, the field view writes
through, and `apply` leaves the given state as it was."""

from __future__ import annotations

import random

from games.baumeister import SPEC
from games.baumeister.build import _hand_types, fitting_slots, pickable_cards, type_count
from games.baumeister.models import State, clone, fields_of
from tests.games.baumeister.helpers import card, give, new_game


def test_apply_leaves_the_given_state_as_it_was():
    """Every step of random games: the state passed to apply dumps the same afterwards,
    and applying the same action twice to it gives equal results (dice included)."""
    rng = random.Random(3)
    for seed in range(4):
        state = SPEC.setup(4, seed)
        while SPEC.outcome(state) is None:
            (seat,) = SPEC.to_act(state)
            action = rng.choice(SPEC.legal_actions(state, seat))
            before = SPEC.dump_state(state)
            first, _ = SPEC.apply(state, seat, action)
            second, _ = SPEC.apply(state, seat, action)
            assert SPEC.dump_state(state) == before
            assert SPEC.dump_state(first) == SPEC.dump_state(second)
            state = first


def test_a_copy_is_equal_and_independent():
    state = new_game()
    copy = SPEC.copy_state(state)
    assert copy == state and type(copy) is State
    assert SPEC.dump_state(copy) == SPEC.dump_state(state)
    copy.bank += 5
    copy.money = (1, 2, 3, 4)
    assert state.bank == copy.bank - 5 and state.money != copy.money


def test_clone_gives_the_copy_its_own_set_of_given_fields():
    rng = SPEC.setup(3, 1).rng
    copy = clone(rng)
    copy.below(6)  # advances the copy's counter through pydantic
    assert copy.counter > rng.counter
    assert copy.model_fields_set is not rng.model_fields_set


def test_the_field_view_reads_and_writes_the_state():
    state = new_game()
    fields = fields_of(state)
    assert fields.phase == state.phase and fields.money == state.money
    fields.bank = 7
    fields.update(turn=42)
    assert (state.bank, state.turn) == (7, 42)
    assert SPEC.load_state(SPEC.dump_state(state)) == state


def test_type_counts_cap_each_type():
    hand = (card("church-5a"), card("church-5b"), card("church-6a"), card("gate-3a"))
    count = type_count(hand)
    assert len(_hand_types(count, 1)) == 2  # one church, one gate
    assert len(_hand_types(count, 2)) == 3  # two churches, one gate
    assert len(_hand_types(count, 5)) == 4


def test_legal_builds_are_the_same_for_the_state_and_its_field_view():
    state = new_game()
    give(state, 0, hand=("church-5a", "gate-3a", "hall-6a", "tower-1a"), built=False)
    from games.baumeister.flow import begin_build

    begin_build(state, 0, False, [])
    fields = fields_of(state)
    assert pickable_cards(state, 0) == pickable_cards(fields, 0)
    assert fitting_slots(state, 0, card("gate-3a")) == fitting_slots(fields, 0, card("gate-3a"))
