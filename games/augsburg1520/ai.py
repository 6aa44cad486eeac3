"""Computer players for Augsburg 1520."""

from __future__ import annotations

from typing import Any

from games.core import Policy, RandomPolicy


def make_policy(spec: Any, kind: str, seed: int) -> Policy:
    if kind == "random":
        return RandomPolicy(spec, seed)
    raise KeyError(f"augsburg1520 has no computer player called {kind!r}")
