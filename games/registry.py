"""Which games exist. `get(name)` returns the game's spec (see games/core.py)."""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache

from games.core import GameSpec

# name -> module that defines `SPEC`
_MODULES: dict[str, str] = {
    "augsburg1520": "games.augsburg1520",
    "baumeister": "games.baumeister",
    "aelderman": "games.aelderman",
}


@cache
def get(name: str) -> GameSpec:
    try:
        module = _MODULES[name]
    except KeyError:
        raise KeyError(f"Unknown game {name!r}; known games: {', '.join(names())}") from None
    return importlib.import_module(module).SPEC


def names() -> list[str]:
    """Games whose engine is installed, in a stable order."""
    available = []
    for name, module in _MODULES.items():
        if importlib.util.find_spec(module) is not None:
            available.append(name)
    return available


def all_specs() -> list[GameSpec]:
    return [get(name) for name in names()]
