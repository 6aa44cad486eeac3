"""Every move of the rule tests, accepted or refused, must leave the state it was given as it was:
a copy shares its fields with the original (State.SHARED_ON_COPY), so a field changed in place
without taking a copy first would change both."""

from __future__ import annotations

import pytest

from games.augsburg1520 import SPEC


@pytest.fixture(autouse=True)
def apply_leaves_its_input_alone(monkeypatch):
    apply = SPEC.apply

    def checked_apply(state, seat, action):
        before = SPEC.dump_state(state)
        try:
            return apply(state, seat, action)
        finally:
            assert SPEC.dump_state(state) == before, f"{action!r} changed the state it was given"

    monkeypatch.setattr(SPEC, "apply", checked_apply)
