"""Per-game renderers (bot/render/<game>.py), looked up by game name."""

from __future__ import annotations

import importlib
from functools import cache

from bot.render.base import Renderer, TableInfo


@cache
def get_renderer(game: str) -> Renderer:
    return importlib.import_module(f"bot.render.{game}").RENDERER


__all__ = ["Renderer", "TableInfo", "get_renderer"]
