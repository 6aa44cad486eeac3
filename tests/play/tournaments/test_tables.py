"""Table planning: legal sizes, as close to the chosen size as possible, byes only when needed."""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest
from hypothesis import given
from hypothesis import strategies as st

from play.tournaments import PairingError, plan_tables


@st.composite
def table_rules(draw):
    min_seats = draw(st.integers(2, 5))
    max_seats = draw(st.integers(min_seats, 6))
    table_size = draw(st.integers(min_seats, max_seats))
    return table_size, min_seats, max_seats


def legal_mixes(players: int, min_seats: int, max_seats: int):
    """Every multiset of legal table sizes seating exactly `players` (brute force)."""
    if players == 0:
        yield ()
        return
    for count in range(1, players // min_seats + 1):
        for sizes in combinations_with_replacement(range(min_seats, max_seats + 1), count):
            if sum(sizes) == players:
                yield sizes


def test_ten_players_at_four_seat_tables_sit_four_three_three():
    assert plan_tables(10, 4, 2, 5).sizes == (4, 3, 3)
    assert plan_tables(10, 4, 3, 4).sizes == (4, 3, 3)


def test_exact_multiples_use_only_the_chosen_size():
    assert plan_tables(12, 4, 2, 5).sizes == (4, 4, 4)
    assert plan_tables(9, 3, 3, 4).sizes == (3, 3, 3)


def test_one_larger_table_beats_three_smaller_ones():
    """13 at size 4: 5+4+4 deviates by 1 seat in total, 4+3+3+3 by 3."""
    assert plan_tables(13, 4, 3, 5).sizes == (5, 4, 4)
    assert plan_tables(13, 4, 3, 4).sizes == (4, 3, 3, 3)


def test_bye_only_when_no_mix_of_legal_sizes_fits():
    """5 players for a 3-4 seat game cannot all sit: one table of 4 and one bye."""
    plan = plan_tables(5, 4, 3, 4)
    assert plan.sizes == (4,) and plan.byes == 1
    plan = plan_tables(2, 3, 3, 4)
    assert plan.sizes == () and plan.byes == 2


def test_table_size_outside_the_game_limits_is_refused():
    with pytest.raises(PairingError):
        plan_tables(10, 6, 2, 5)
    with pytest.raises(PairingError):
        plan_tables(10, 1, 1, 4)


@given(players=st.integers(0, 60), rules=table_rules())
def test_plan_seats_everyone_at_legal_tables(players, rules):
    table_size, min_seats, max_seats = rules
    plan = plan_tables(players, table_size, min_seats, max_seats)
    assert sum(plan.sizes) + plan.byes == players
    assert all(min_seats <= size <= max_seats for size in plan.sizes)
    assert list(plan.sizes) == sorted(plan.sizes, reverse=True)


@given(players=st.integers(0, 24), rules=table_rules())
def test_plan_is_the_best_legal_mix(players, rules):
    """Fewest byes, then smallest largest deviation, then smallest total deviation,
    then most tables of the chosen size, checked against every legal mix."""
    table_size, min_seats, max_seats = rules
    plan = plan_tables(players, table_size, min_seats, max_seats)
    fewest_byes = next(
        b for b in range(players + 1) if next(legal_mixes(players - b, min_seats, max_seats), None) is not None
    )
    assert plan.byes == fewest_byes

    def quality(sizes):
        deviations = [abs(size - table_size) for size in sizes]
        return (max(deviations, default=0), sum(deviations), -sizes.count(table_size))

    best = min(quality(mix) for mix in legal_mixes(players - fewest_byes, min_seats, max_seats))
    assert quality(plan.sizes) == best
