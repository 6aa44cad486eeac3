"""Game preparation and components."""

from __future__ import annotations

from collections import Counter

import pytest

from games import RuleError, registry
from games.baumeister import SPEC
from games.baumeister.data import CARDS, COIN_SUPPLY, DIE_FACES, SABOTEUR_FACE, TYPE_KEYS
from games.baumeister.state import Options
from tests.games.baumeister.helpers import play


def test_registered_under_its_name():
    spec = registry.get("baumeister")
    assert spec is SPEC
    assert spec.title == "Wettstreit der Baumeister"
    assert (spec.min_seats, spec.max_seats) == (3, 4)


@pytest.mark.parametrize("seats", [2, 5])
def test_three_or_four_players(seats):
    """rulebook: "For 3 or 4 players"."""
    with pytest.raises(RuleError):
        SPEC.setup(seats, 1)


def test_forty_building_cards_as_printed():
    """rulebook: "Corner Tower - 5 pairs: 2x 1+VV, 2x 2+V, 1x 3+V Tower - 6: 2x 1+VV, 2x 2+V,
    2x 3+V City gate - 10: 2x 2+@@, 3x 3+@@, 3x 4+@, 2x 5+@ Town hall - 6: 5, 5, 6, 6, 7, 7
    Church - 8: 4, 5, 5, 6, 6, 7, 8, 9"."""
    assert len(CARDS) == 40
    assert len({c.id for c in CARDS}) == 40
    by_type = Counter(TYPE_KEYS[c.type] for c in CARDS)
    assert by_type == {"corner_tower": 10, "tower": 6, "gate": 10, "town_hall": 6, "church": 8}
    prints = Counter((TYPE_KEYS[c.type], c.value, c.shields, c.coins) for c in CARDS)
    assert prints[("corner_tower", 1, 2, 0)] == 4  # two pairs of 1+VV
    assert prints[("corner_tower", 3, 1, 0)] == 2  # one pair of 3+V
    assert prints[("gate", 3, 0, 2)] == 3
    assert prints[("gate", 5, 0, 1)] == 2
    churches = sorted(c.value for c in CARDS if c.type_key == "church")
    assert churches == [4, 5, 5, 6, 6, 7, 8, 9]


def test_die_has_five_numbers_and_a_saboteur():
    assert sorted(DIE_FACES) == [SABOTEUR_FACE, 1, 2, 3, 4, 5]


@pytest.mark.parametrize("seats", [3, 4])
def test_preparation(seats):
    """rulebook: "The 40 building cards are mixed thoroughly and placed in two stacks, with 20
    cards per stack ... one stack is face up, the other is face down." "Furthermore gets each
    coins in the value of 10 Thalers." "Here is also placed the five saboteur stones"."""
    state = SPEC.setup(seats, 3)
    assert len(state.open_stack) == 20 and len(state.hidden_stack) == 20
    assert len(set(state.open_stack) | set(state.hidden_stack)) == 40
    assert state.money == (10,) * seats
    assert state.bank == COIN_SUPPLY - 10 * seats
    assert state.reserve == 5 and state.saboteurs == (0,) * seats
    SPEC.check_invariants(state)


def test_shuffle_depends_on_seed():
    assert SPEC.setup(4, 1).open_stack != SPEC.setup(4, 2).open_stack
    assert SPEC.dump_state(SPEC.setup(4, 1)) == SPEC.dump_state(SPEC.setup(4, 1))


def test_start_player_by_die_roll_is_announced():
    """rulebook: "By a roll of the die, determine the starting player." The die names a seat;
    other faces are rolled again."""
    starts = set()
    for seed in range(40):
        state = SPEC.setup(4, seed)
        rolls = state.start_rolls
        assert 1 <= rolls[-1] <= 4 and all(r == 0 or r > 4 for r in rolls[:-1])
        assert state.start_player == rolls[-1] - 1 == state.actor
        starts.add(state.start_player)
        view = SPEC.view(state, None)
        assert view.start_player == state.start_player and view.start_rolls == list(rolls)
        _, events = play(state, state.actor, {"kind": "roll"})
        assert events[0].kind == "start_player" and events[0].seats is None
        assert "{p%d} begins" % state.start_player in events[0].text
    assert starts == {0, 1, 2, 3}


def test_money_is_secret():
    """rulebook: "During the entire game, everyone keeps secret his/her money supply"."""
    state = SPEC.setup(4, 5)
    assert SPEC.view(state, None).players[0].money is None
    view = SPEC.view(state, 2)
    assert [p.money for p in view.players] == [None, None, 10, None]


def test_options_default_to_the_text_and_variants_cover_each_value():
    assert Options() == Options(swap_open_card=True, take_three=True, first_build="exactly")
    variants = SPEC.option_variants()
    assert variants[0] == Options()
    assert {v.swap_open_card for v in variants} == {True, False}
    assert {v.take_three for v in variants} == {True, False}
    assert {v.first_build for v in variants} == {"exactly", "at_least"}
    with pytest.raises(RuleError):
        SPEC.setup(4, 1, {"first_build": "sometimes"})
