"""Random playouts shared by the engine tests, the benchmarks and the simulator."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from games.core import GameSpec


@dataclass
class Playout:
    state: Any
    log: list[tuple[int, Any]] = field(default_factory=list)
    steps: int = 0


def random_playout(spec: GameSpec, seats: int, seed: int, options: Any = None, *, check=None,
                   untouched: bool = False, max_steps: int = 200_000, start=None) -> Playout:
    """Play random legal actions until the game ends. `check(before, seat, action, after, events)`
    runs after every step when given. With `untouched`, every step also asserts that `apply` left
    the state it was given as it was (its dump is the same before and after). `start(state)`, when
    given, changes the state dealt before the first move (a position random play rarely reaches)."""
    rng = random.Random(seed)
    state = spec.setup(seats, seed, options)
    if start is not None:
        start(state)
    result = Playout(state)
    while spec.outcome(state) is None:
        acting = sorted(spec.to_act(state))
        assert acting, f"the game is not over but nobody is to act (step {result.steps})"
        seat = rng.choice(acting)
        actions = spec.legal_actions(state, seat)
        assert actions, f"seat {seat} is to act but has no legal action (step {result.steps})"
        action = rng.choice(actions)
        before = state
        text = spec.dump_state(before) if untouched else ""
        state, events = spec.apply(state, seat, action)
        if untouched:
            assert spec.dump_state(before) == text, f"{spec.name}: apply changed the state it was given ({action!r})"
        if check is not None:
            check(before, seat, action, state, events)
        result.log.append((seat, action))
        result.steps += 1
        assert result.steps < max_steps, "the game did not end"
    assert not spec.to_act(state), "the game is over but seats are still asked to act"
    result.state = state
    return result


def replay(spec: GameSpec, seats: int, seed: int, options: Any, log: list[tuple[int, Any]]) -> Any:
    """Rebuild a game from its seed and action log, each action passed as stored JSON."""
    state = spec.setup(seats, seed, options)
    for seat, action in log:
        state, _ = spec.apply(state, seat, json.loads(spec.dump_action(action)))
    return state


def strings_in(data) -> set[str]:
    """Every string value (not key) anywhere in a JSON-like structure."""
    found: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            stack.extend(item)
    return found
