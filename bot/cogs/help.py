"""Slash command /help: how a game goes here, and every command with what it does."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.ui.requests import reply
from games import registry

HOW_TO_PLAY = [
    "1. `/table create game:<game>` in a channel opens a table in a new thread, with a lobby.",
    "2. Players press **Join**; the creator may add computer players, set options and a pace, then press **Start**.",
    "3. The board in the thread shows the game. Your hand and your choices come by DM; if your DMs are "
    "closed, press **My hand** on the board (only you see it).",
    "4. Secret bids and choices stay secret until the rules reveal them. `/table undo` takes back your last "
    "action while nobody has acted since, unless it revealed something hidden or drew something at random; "
    "`/table log` shows what happened.",
]
COLOUR = discord.Colour.blurple()


class HelpCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="How to play here, and every command (only you see it)")
    async def help(self, interaction: discord.Interaction) -> None:
        specs = [registry.get(name) for name in registry.names()]
        games = ", ".join(f"{spec.title} ({spec.min_seats}-{spec.max_seats} players)" for spec in specs)
        # In a DM there is no "this server": the tables are played in the servers the bot is in.
        title = "Board games on this server" if interaction.guild_id else "Board games in a Discord server"
        embed = discord.Embed(title=title, colour=COLOUR,
                              description="\n".join([f"Games: {games}. `/rules game:<game>` sums up "
                                                     "a game's rules.", "", *HOW_TO_PLAY]))
        for group, lines in command_lines(self.bot.tree).items():
            embed.add_field(name=group, value="\n".join(lines)[:1024], inline=False)
        await reply(interaction, embed=embed)


def command_lines(tree: app_commands.CommandTree) -> dict[str, list[str]]:
    """Every slash command with its description, by its group (commands without one together)."""
    groups: dict[str, list[str]] = {}
    for command in tree.walk_commands():
        if isinstance(command, app_commands.Command):
            group = f"/{command.parent.name}" if command.parent is not None else "Other commands"
            groups.setdefault(group, []).append(f"`/{command.qualified_name}`: {command.description}")
    return groups
