"""Slash commands: /tournament create|start|next|status|standings|extend|replace|forfeit|finish|cancel."""

from __future__ import annotations

from typing import Awaitable, Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.tables import TableNumber, game_choices, parse_options
from bot.ui.requests import refusal, reply
from play.common import TableError
from bot.ui.tournament_controller import TournamentController

FORMAT_CHOICES = [app_commands.Choice(name="Swiss", value="swiss"),
                  app_commands.Choice(name="round-robin", value="round_robin"),
                  app_commands.Choice(name="elimination", value="elimination")]
TOURNAMENT_HELP = "Tournament number (default: this table thread's, else the open one of this channel or server)"


class TournamentsCog(commands.Cog):
    tournament = app_commands.Group(name="tournament", description="Community tournaments", guild_only=True)

    def __init__(self, controller: TournamentController) -> None:
        self.controller = controller

    async def _run(self, interaction: discord.Interaction, tournament: int | None,
                   action: Callable[[int], Awaitable[None]]) -> None:
        try:
            await action(await self.controller.resolve(interaction, tournament))
        except TableError as exc:
            await reply(interaction, refusal(exc))

    @tournament.command(name="create", description="Create a tournament in this channel (organisers)")
    @app_commands.describe(game="The game", format="How rounds are seated",
                           rounds="Rounds to play (Swiss and round-robin; elimination plays to the final)",
                           table_size="Players a table", options="Game options as key=value pairs",
                           duplicate="Same deal at every table of a round when the tables are the same size",
                           hours="Deadline of each round in hours (default 48)",
                           advance="Elimination: players going through from each table (default half)")
    @app_commands.choices(game=game_choices(), format=FORMAT_CHOICES)
    async def create(self, interaction: discord.Interaction, game: str, format: str, table_size: int,
                     rounds: int | None = None, options: str | None = None, duplicate: bool = False,
                     hours: int = 48, advance: int | None = None) -> None:
        refused = self.controller.creation_refused(interaction)  # who may, before what they asked
        if refused:
            await reply(interaction, refused)
            return
        try:
            parsed = parse_options(game, options)
            await self.controller.create(interaction, game=game, format=format, rounds=rounds,
                                         table_size=table_size, options=parsed, duplicate=duplicate,
                                         round_hours=hours, advance=advance)
        except TableError as exc:
            await reply(interaction, refusal(exc))

    @tournament.command(name="start", description="Close registration and seat round 1 (organiser)")
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    async def start(self, interaction: discord.Interaction, tournament: TableNumber | None = None) -> None:
        await self._run(interaction, tournament, lambda t: self.controller.start(interaction, t))

    @tournament.command(name="next", description="Seat the next round once every table has finished (organiser)")
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    async def next(self, interaction: discord.Interaction, tournament: TableNumber | None = None) -> None:
        await self._run(interaction, tournament, lambda t: self.controller.next_round(interaction, t))

    @tournament.command(name="status", description="The current round's tables and whom they wait for")
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    async def status(self, interaction: discord.Interaction, tournament: TableNumber | None = None) -> None:
        await self._run(interaction, tournament, lambda t: self.controller.status(interaction, t))

    @tournament.command(name="standings", description="Points and tie-breaks so far")
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    async def standings(self, interaction: discord.Interaction, tournament: TableNumber | None = None) -> None:
        await self._run(interaction, tournament, lambda t: self.controller.standings(interaction, t))

    @tournament.command(name="extend", description="Move the current round's deadline later (organiser)")
    @app_commands.describe(hours="Hours to add", tournament=TOURNAMENT_HELP)
    async def extend(self, interaction: discord.Interaction, hours: int, tournament: TableNumber | None = None) -> None:
        await self._run(interaction, tournament, lambda t: self.controller.extend(interaction, t, hours))

    @tournament.command(name="replace", description="A computer player plays an absent player's seat (organiser)")
    @app_commands.describe(player="The absent player", tournament=TOURNAMENT_HELP)
    async def replace(self, interaction: discord.Interaction, player: discord.User,
                      tournament: TableNumber | None = None) -> None:
        await self._run(interaction, tournament,
                        lambda t: self.controller.take_over(interaction, t, player, forfeit=False))

    @tournament.command(name="forfeit", description="Record a forfeit: the player ranks last at the table (organiser)")
    @app_commands.describe(player="The player who forfeits", tournament=TOURNAMENT_HELP)
    async def forfeit(self, interaction: discord.Interaction, player: discord.User,
                      tournament: TableNumber | None = None) -> None:
        await self._run(interaction, tournament,
                        lambda t: self.controller.take_over(interaction, t, player, forfeit=True))

    @tournament.command(name="finish", description="End the tournament between rounds (organiser)")
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    async def finish(self, interaction: discord.Interaction, tournament: TableNumber | None = None) -> None:
        await self._run(interaction, tournament, lambda t: self.controller.finish(interaction, t))

    @tournament.command(name="cancel", description="Cancel the tournament and its running tables (organiser)")
    @app_commands.describe(tournament=TOURNAMENT_HELP)
    async def cancel(self, interaction: discord.Interaction, tournament: TableNumber | None = None) -> None:
        await self._run(interaction, tournament, lambda t: self.controller.cancel(interaction, t))
