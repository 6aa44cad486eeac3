"""The slash-command tree: a command that fails still answers its user (privately), so Discord
never shows "The application did not respond"."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.ui.requests import answer_fault, reply

UNREADABLE_MEMBER = ("That member could not be found in this server (they may have left it). "
                     "Pick a member from the list Discord offers.")
UNREADABLE = "One of the options could not be read. Pick it from the list Discord offers, then try again."


class BoardTree(app_commands.CommandTree):
    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        if isinstance(error, app_commands.TransformerError):
            # What was given is not echoed: it may be anything the user typed.
            member = error.type in (discord.AppCommandOptionType.user, discord.AppCommandOptionType.mentionable)
            await reply(interaction, UNREADABLE_MEMBER if member else UNREADABLE)
            return
        await answer_fault(interaction)
        await super().on_error(interaction, error)  # logged, with its traceback
