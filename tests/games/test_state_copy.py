"""games.core.copy_state, the one way `apply` copies a state: equal, and independent of the
original except for values that cannot change and the fields a state declares shared."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import pytest
from pydantic import BaseModel, ConfigDict
from pydantic.dataclasses import dataclass

from games import registry
from games.core import Rng, copy_state


class Inner(BaseModel):
    items: list[int]
    data: dict[str, Any]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)
    flag: bool


@dataclass
class Counter:
    count: int
    seen: list[int]


class Sample(BaseModel):
    numbers: list[int]
    grid: list[list[int]]
    table: dict[str, list[int]]
    inner: Inner | None
    inners: list[Inner]
    fixed: tuple[int, ...]
    frozen: Frozen
    counter: Counter
    anything: Any
    shared: list[int]

    SHARED_ON_COPY: ClassVar[tuple[str, ...]] = ("shared",)


def sample() -> Sample:
    return Sample(
        numbers=[1, 2], grid=[[1], [2]], table={"a": [1]}, inner=Inner(items=[1], data={"x": [1]}),
        inners=[Inner(items=[2], data={})], fixed=(1, 2), frozen=Frozen(flag=True),
        counter=Counter(count=1, seen=[1]), anything={"list": [1]}, shared=[9],
    )


def test_a_copy_is_equal_and_copies_every_container_as_deep_as_it_goes():
    state = sample()
    copy = copy_state(state)
    assert copy == state and type(copy) is Sample and copy is not state
    assert copy.numbers is not state.numbers
    assert copy.grid[0] is not state.grid[0] and copy.table["a"] is not state.table["a"]
    assert copy.inner is not state.inner and copy.inner.data["x"] is not state.inner.data["x"]
    assert copy.inners[0].items is not state.inners[0].items
    assert copy.counter is not state.counter and copy.counter.seen is not state.counter.seen
    assert copy.anything["list"] is not state.anything["list"]


def test_values_that_cannot_change_and_declared_fields_are_shared():
    state = sample()
    copy = copy_state(state)
    assert copy.fixed is state.fixed and copy.frozen is state.frozen
    assert copy.shared is state.shared  # the engine replaces it before changing it
    assert copy_state(state.model_copy(update={"inner": None})).inner is None


def mutate_everything(value: Any, skip: tuple[str, ...] = ()) -> int:
    """Change every list, dict and mutable object reachable from `value` in place (except the
    fields named in `skip`); returns how many it changed."""
    changed = 0
    if isinstance(value, list):
        changed = sum(mutate_everything(item) for item in value)
        value.append(-12345)
    elif isinstance(value, dict):
        changed = sum(mutate_everything(item) for item in list(value.values()))
        value["mutated"] = -12345
    elif isinstance(value, Rng):
        value.counter += 1
    elif isinstance(value, BaseModel) and value.model_config.get("frozen"):
        return 0
    elif hasattr(value, "__dict__") and not isinstance(value, type):
        changed = sum(mutate_everything(item) for name, item in value.__dict__.items() if name not in skip)
    else:
        return 0
    return changed + 1


def test_changing_every_container_of_a_copy_leaves_the_original_alone():
    state = sample()
    copy = copy_state(state)
    assert mutate_everything(copy, skip=Sample.SHARED_ON_COPY) == 19  # every container
    assert state == sample() and copy.inner.data["x"] == [1, -12345]


@pytest.mark.parametrize("name", registry.names())
def test_changing_a_copy_of_any_game_leaves_the_original_alone(name):
    spec = registry.get(name)
    rng = random.Random(4)
    state = spec.setup(spec.max_seats, 4)
    for _ in range(60):  # into the game, where hands and boards are filled
        seat = rng.choice(sorted(spec.to_act(state)))
        state, _ = spec.apply(state, seat, rng.choice(spec.legal_actions(state, seat)))
    before = spec.dump_state(state)
    copy = copy_state(state)
    assert spec.dump_state(copy) == before
    mutate_everything(copy, skip=tuple(getattr(type(state), "SHARED_ON_COPY", ())))
    assert spec.dump_state(state) == before
