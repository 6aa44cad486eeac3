"""The engine's fast state handling: copies share the generator until it draws, a stored state
loads back equal and validated, and the building-type shortcuts agree with the plain rules."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.baumeister import SPEC
from games.baumeister.build import _hand_types, type_count
from games.baumeister.city import GAP, fitting_types, slots_for
from games.baumeister.common import roll_die
from games.baumeister.data import TYPE, TYPE_KEYS
from games.baumeister.state import State
from games.core import copy_state
from tests.games.baumeister.helpers import card, new_game


def test_a_rolled_die_leaves_the_older_state_s_generator_alone():
    state = SPEC.setup(3, 1)
    copy = copy_state(state)
    assert copy.rng is state.rng  # shared until one of them draws
    roll_die(copy)
    assert copy.rng is not state.rng and copy.rng.counter == state.rng.counter + 1


def test_a_stored_state_loads_back_equal_and_validated():
    state = new_game()
    state.update(bank=7, turn=42)
    loaded = SPEC.load_state(SPEC.dump_state(state))
    assert loaded == state and type(loaded) is State
    assert isinstance(loaded.money, tuple) and isinstance(loaded.hands[0], tuple)
    broken = SPEC.dump_state(state).replace('"bank":7', '"bank":"seven"')
    with pytest.raises(ValueError):
        SPEC.load_state(broken)


def test_type_counts_cap_each_type():
    hand = (card("church-5a"), card("church-5b"), card("church-6a"), card("gate-3a"))
    count = type_count(hand)
    assert len(_hand_types(count, 1)) == 2  # one church, one gate
    assert len(_hand_types(count, 2)) == 3  # two churches, one gate
    assert len(_hand_types(count, 5)) == 4


@st.composite
def _cities(draw):
    """Rows of distinct cards with gaps only between cards, and any closed-end bits."""
    cards = draw(st.lists(st.integers(0, 39), unique=True, max_size=10))
    row = list(cards)
    for i in sorted(draw(st.sets(st.integers(1, max(len(row) - 1, 1)), max_size=3)), reverse=True):
        if 0 < i < len(row):
            row.insert(i, GAP)
    return tuple(row), draw(st.integers(0, 3)) if row else 0


@given(_cities(), st.booleans())
def test_fitting_types_agrees_with_asking_slots_for_each_type(city_and_closed, final):
    city, closed = city_and_closed
    expected = 0
    for kind in range(len(TYPE_KEYS)):
        if slots_for(city, closed, TYPE.index(kind), final):
            expected |= 1 << kind
    assert fitting_types(city, closed, final) == expected
