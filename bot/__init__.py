"""The Discord layer: commands, buttons, DMs, boards. `create_bot(settings)` builds the bot."""

from bot.app import BoardBot, create_bot

__all__ = ["BoardBot", "create_bot"]
