"""Slash commands: /table create|list|hand|leave|abandon|cancel|handover|undo|log|export and /rules."""

from __future__ import annotations

import io
import json
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.render import get_renderer
from bot.ui.controller import TablesController
from bot.ui.listing import list_tables
from bot.ui.log import show_log
from bot.ui.requests import caller_of, embed_batches, name_of, refusal, reply
from play.common import TableError, not_seated, quote
from play.options import option_lines, read_pairs
from play.pace import PACES
from games import registry

TABLE_HELP = "Table number (default: this thread's table, else your only open table)"
RUNNING = ("running",)  # of a player's open tables, the games (not the lobbies) a command is for
COMMAND_ID_MAX = 2**53  # the largest whole number a slash command option carries exactly
TableNumber = app_commands.Range[int, 1, COMMAND_ID_MAX]
SEED_MAX = 2**53  # a seed a command carries exactly (drawn seeds are below 2**62)
OPTIONS_HOW = ("\nSet them with `/table create options:key=value,...`, or with the lobby's menus before the game "
               "starts.")


def game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=registry.get(n).title, value=n) for n in registry.names()]


def parse_options(game: str, text: str | None) -> dict[str, Any]:
    """`key=value, key=value` from a slash command into a dict; TableError says what is allowed."""
    # As README writes them: `key=value` in code marks, or after the field's own name ("options:").
    text = (text or "").strip().strip("`").strip()
    text = text[len("options:"):] if text.lower().startswith("options:") else text
    if not text.strip():
        return {}
    # Pairs apart by commas, semicolons or spaces, each maybe in code marks of its own; no value
    # holds a space, and spaces around "=" belong to their pair.
    text = re.sub(r"\s*=\s*", "=", text)
    pairs = [part.strip("`") for part in re.split(r"[,;\s]+", text) if part.strip("`")]
    try:
        return read_pairs(registry.get(game), pairs, mark="`")
    except ValueError as exc:
        message = str(exc)
        raise TableError(message[0].upper() + message[1:] + ".") from None


class TablesCog(commands.Cog):
    table = app_commands.Group(name="table", description="Board game tables", guild_only=True)

    def __init__(self, controller: TablesController) -> None:
        self.controller = controller
        self.service = controller.service

    async def resolve(self, interaction: discord.Interaction, table_id: int | None,
                      meant: tuple[str, ...] = ("lobby", "running")) -> int:
        """The table a command means: the given number, this thread's table, or the user's only one
        (of several, the only one in a state the command is `meant` for)."""
        channel_id = interaction.channel.id if interaction.channel is not None else None
        return await self.service.resolve(caller_of(interaction), table_id, channel_id, meant)

    @table.command(name="create", description="Open a table for a game in a new thread of this channel")
    @app_commands.describe(game="The game to play",
                           options="Game options as key=value pairs, e.g. open_money=true",
                           rated="Whether the result counts for ratings (never with computer players, one person or a chosen seed)",
                           seed="Manage Server: deal this seed (for bug reports and teaching; never rated)",
                           pace="Deadlines on decisions (default: async, 24 hours a decision)")
    @app_commands.choices(game=game_choices(), pace=[app_commands.Choice(name=text, value=name)
                                                     for name, (_, _, text) in PACES.items()])
    async def create(self, interaction: discord.Interaction, game: str, options: str | None = None,
                     rated: bool = False, seed: app_commands.Range[int, 0, SEED_MAX] | None = None,
                     pace: str | None = None) -> None:
        try:
            parsed = parse_options(game, options)
            if seed is not None and not caller_of(interaction).can_manage:
                raise TableError("Only members with Manage Server may choose a table's seed; leave `seed` out to "
                                 "open the table with a random deal.")
        except TableError as exc:
            await reply(interaction, refusal(exc))
            return
        await self.controller.create(interaction, game, parsed, rated, seed, pace)

    @table.command(name="list", description="This server's tables open to join and being played (only you see it)")
    async def listing(self, interaction: discord.Interaction) -> None:
        await list_tables(interaction)

    @table.command(name="hand", description="Show your hand and choices at a table (only you see it)")
    @app_commands.describe(table=TABLE_HELP)
    async def hand(self, interaction: discord.Interaction, table: TableNumber | None = None) -> None:
        try:
            table_id = await self.resolve(interaction, table, RUNNING)
        except TableError as exc:
            await reply(interaction, refusal(exc))
            return
        await self.controller.show_hand(interaction, table_id)

    @table.command(name="leave", description="Leave a table's lobby before the game starts")
    @app_commands.describe(table=TABLE_HELP)
    async def leave(self, interaction: discord.Interaction, table: TableNumber | None = None) -> None:
        try:
            table_id = await self.resolve(interaction, table, ("lobby",))
        except TableError as exc:
            await reply(interaction, refusal(exc))
            return
        await self.controller.leave(interaction, table_id)

    @table.command(name="abandon", description="Forfeit your seat in a running game")
    @app_commands.describe(table=TABLE_HELP)
    async def abandon(self, interaction: discord.Interaction, table: TableNumber | None = None) -> None:
        try:
            table_id = await self.resolve(interaction, table, RUNNING)
            await self.controller.abandon(interaction, table_id)
        except TableError as exc:
            await reply(interaction, refusal(exc))

    @table.command(name="cancel", description="Cancel a table (creator: lobby or a players' vote; Manage Server: "
                   "not a rated game they play in)")
    @app_commands.describe(table=TABLE_HELP)
    async def cancel(self, interaction: discord.Interaction, table: TableNumber | None = None) -> None:
        try:
            table_id = await self.resolve(interaction, table)
            await self.controller.cancel(interaction, table_id)
        except TableError as exc:
            await reply(interaction, refusal(exc))

    @table.command(name="handover", description="Ask the other players to hand an absent player's seat "
                   "to a computer player for good")
    @app_commands.describe(player="The absent player", table=TABLE_HELP)
    async def handover(self, interaction: discord.Interaction, player: discord.User,  # may have left the server
                       table: TableNumber | None = None) -> None:
        try:
            table_id = await self.resolve(interaction, table, RUNNING)
            seats = await self.service.seats(table_id, caller_of(interaction))
            if not any(s.user_id == interaction.user.id for s in seats):  # (this thread's table, say)
                raise not_seated(table_id, ": only the players of this game can ask to hand a seat to a "
                                           "computer player")
            seat = next((s.seat for s in seats if s.user_id == player.id), None)
            if seat is None:
                others = [s.display_name for s in seats if s.user_id not in (None, interaction.user.id)]
                instead = f": name one of its players ({', '.join(others)})" if others else ""
                raise TableError(f"{quote(name_of(player))} is not seated at table #{table_id}{instead}.",
                                 names=[quote(name_of(player)), *others])
        except TableError as exc:
            await reply(interaction, refusal(exc))
            return
        await self.controller.ask_vote(interaction, table_id, f"handover:{seat}")

    @table.command(name="undo", description="Take back your last action (nobody acted since; nothing hidden "
                   "shown, nothing drawn at random)")
    @app_commands.describe(table=TABLE_HELP)
    async def undo(self, interaction: discord.Interaction, table: TableNumber | None = None) -> None:
        try:
            table_id = await self.resolve(interaction, table, RUNNING)
        except TableError as exc:
            await reply(interaction, refusal(exc))
            return
        await self.controller.undo(interaction, table_id, None)

    @table.command(name="log", description="The game's events so far, as you may see them (only you see it)")
    @app_commands.describe(table=TABLE_HELP,
                           page="Page number (default: the latest)")
    async def log(self, interaction: discord.Interaction, table: TableNumber | None = None,
                  page: app_commands.Range[int, 1, 100_000] | None = None) -> None:
        try:
            table_id = await self.resolve(interaction, table, RUNNING)  # (a lobby has no log yet)
        except TableError as exc:
            await reply(interaction, refusal(exc))
            return
        await show_log(interaction, table_id, None if page is None else page - 1, in_place=False)

    @table.command(name="export", description="The game's record as a JSON file "
                   "(once it has ended; Manage Server: any time, unless seated at it)")
    @app_commands.describe(table=TABLE_HELP)
    async def export(self, interaction: discord.Interaction, table: TableNumber | None = None) -> None:
        try:
            table_id = await self.resolve(interaction, table)
            data = await self.service.export(table_id, caller_of(interaction))
        except TableError as exc:
            await reply(interaction, refusal(exc))
            return
        payload = json.dumps(data, indent=1).encode()
        file = discord.File(io.BytesIO(payload), filename=f"table-{table_id}-{data['game']}.json")
        await reply(interaction, f"The record of table #{table_id}. `python -m bot verify <file>` checks its "
                    "seed and replays every action; `python -m bot replay <file>` prints the standings.", file=file)

    @app_commands.command(name="rules", description="Rules summary and component values of a game")
    @app_commands.describe(game="The game", public="Post it for everyone in the channel (default: only you)")
    @app_commands.choices(game=game_choices())
    async def rules(self, interaction: discord.Interaction, game: str, public: bool = False) -> None:
        embeds = get_renderer(game).rules()
        if options := option_lines(registry.get(game)):
            embeds.append(discord.Embed(title=f"{registry.get(game).title} — table options", colour=embeds[0].colour,
                                        description="\n".join(f"• {line}" for line in options) + OPTIONS_HOW))
        batches = embed_batches(embeds)
        await reply(interaction, embeds=batches[0], ephemeral=not public)
        for batch in batches[1:]:
            await interaction.followup.send(embeds=batch, ephemeral=not public)
