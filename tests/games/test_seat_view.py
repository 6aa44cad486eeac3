"""`GameSpec.seat_view(state, seat, public)` is `view(state, seat)`: an engine may take the parts
everyone sees from the public view of the same state (the board's), but the seat sees exactly
what its own view shows, over random games of every game, option and seat count."""

from __future__ import annotations

import pytest

from games import registry
from tests.games.playout import random_playout


def cases():
    for name in registry.names():
        spec = registry.get(name)
        for index, options in enumerate(spec.option_variants()):
            for seats in range(spec.min_seats, spec.max_seats + 1):
                yield pytest.param(name, seats, index, id=f"{name}-{seats}p-opt{index}",
                                   marks=() if seats == spec.min_seats else pytest.mark.slow)


@pytest.mark.parametrize("name,seats,index", list(cases()))
def test_a_seat_view_built_from_the_public_one_is_the_seats_own_view(name, seats, index):
    spec = registry.get(name)
    options = spec.option_variants()[index]
    steps = 0

    def check(before, seat, action, after, events):
        nonlocal steps
        if spec.outcome(after) is None and (steps := steps + 1) % 3:
            return  # every third state, and the last
        public = spec.view(after, None)
        for viewer in range(seats):
            shared = spec.seat_view(after, viewer, public)
            assert shared == spec.view(after, viewer), (name, viewer, action)
            assert spec.view(after, None) == public  # building a seat's view leaves the public one as it was

    random_playout(spec, seats, 11 + seats, options, check=check)
    assert steps > 20
