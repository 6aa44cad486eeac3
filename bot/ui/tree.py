"""The slash-command tree: a command that fails still answers its user (privately), so Discord
never shows "The application did not respond"."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.ui.requests import answer_fault, reply

UNREADABLE_MEMBER = ("That member could not be found in this server (they may have left it). "
                     "Pick a member from the list Discord offers.")
UNREADABLE = "One of the options could not be read. Pick it from the list Discord offers, then try again."


NUMBERS = (discord.AppCommandOptionType.integer, discord.AppCommandOptionType.number)
OUTDATED = " Discord may be showing an outdated list of commands: reload it (Ctrl+R), then pick from its list."


def option_refusal(command: app_commands.Command[Any, ..., Any], namespace: app_commands.Namespace) -> str | None:
    """What is wrong with an option Discord should have kept within its declared choices or range
    (a forged request, or a client holding an outdated command list); None when all fit. Discord
    checks them in its own client; discord.py does not check them again, so the bot does."""
    for param in command.parameters:
        value = getattr(namespace, param.display_name, None)
        if value is None:
            continue
        if param.choices and value not in {choice.value for choice in param.choices}:
            allowed = "; ".join(f"`{choice.name}`" for choice in param.choices)  # names may hold commas
            return f"**{param.display_name}** must be one of: {allowed}." + OUTDATED
        number = param.type in NUMBERS
        size = value if number else len(value) if isinstance(value, str) else None
        low, high = param.min_value, param.max_value
        if size is not None and ((low is not None and size < low) or (high is not None and size > high)):
            what = f"**{param.display_name}**" + ("" if number else "'s length")
            bounds = (f"from {low} to {high}" if low is not None and high is not None
                      else f"at least {low}" if low is not None else f"at most {high}")
            return f"{what} must be {bounds}." + OUTDATED
    return None


class BoardTree(app_commands.CommandTree):
    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Options out of their declared choices or range are refused before any command runs."""
        if interaction.type is not discord.InteractionType.application_command:
            return True
        command = interaction.command
        if not isinstance(command, app_commands.Command):
            return True
        refused = option_refusal(command, interaction.namespace)
        if refused is not None:
            await reply(interaction, refused)
            return False
        return True

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        if isinstance(error, app_commands.TransformerError):
            # What was given is not echoed: it may be anything the user typed.
            member = error.type in (discord.AppCommandOptionType.user, discord.AppCommandOptionType.mentionable)
            await reply(interaction, UNREADABLE_MEMBER if member else UNREADABLE)
            return
        await answer_fault(interaction)
        await super().on_error(interaction, error)  # logged, with its traceback
