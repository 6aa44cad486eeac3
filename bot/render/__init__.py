"""Per-game renderers (bot/render/<game>.py), looked up by game name."""

from __future__ import annotations

import importlib
from functools import cache

from bot.render.base import Renderer, TableInfo
from games import registry


@cache
def get_renderer(game: str) -> Renderer:
    if game not in registry.names():  # a name from outside is never taken for a module to import
        raise KeyError(f"no game called {game!r}")
    return importlib.import_module(f"bot.render.{game}").RENDERER


__all__ = ["Renderer", "TableInfo", "get_renderer"]
