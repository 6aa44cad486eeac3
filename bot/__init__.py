"""The Discord layer: commands, buttons, DMs, boards. `create_bot(settings)` builds the bot."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.app import BoardBot
    from bot.settings import Settings


def create_bot(settings: "Settings") -> "BoardBot":
    # Imported here so that `bot.settings` and the tools load without discord.py's start-up cost.
    from bot.app import create_bot as build

    return build(settings)


__all__ = ["create_bot"]
