"""The bot object: `create_bot(settings)` builds it; `python -m bot` runs it."""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.cogs.ratings import RatingsCog
from bot.cogs.tables import TablesCog
from bot.cogs.tournaments import TournamentsCog
from bot.scheduler import Scheduler
from bot.service import TableService
from bot.settings import Settings
from bot.tournaments.rating_service import RatingService
from bot.tournaments.service import ROUND_TIMER, TournamentService
from bot.ui.components import DYNAMIC_ITEMS, amount_form_target
from bot.ui.controller import TablesController
from bot.ui.presenter import Presenter, time_now
from bot.ui.tournament_controller import TournamentController
from bot.ui.tournament_items import TOURNAMENT_ITEMS
from games import Outcome
from storage import SeatRow, Store, TableRow, TimerRow

log = logging.getLogger(__name__)


class BoardBot(commands.Bot):
    def __init__(self, settings: Settings) -> None:
        # Default intents only: slash commands and components need no privileged intent.
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents.default(),
                         help_command=None)
        self.settings = settings

    async def setup_hook(self) -> None:
        self.store = await Store.open(self.settings.database)
        self.service = TableService(self.store)
        self.scheduler = Scheduler(self.store)
        self.presenter = Presenter(self, self.service, decision_timeout=self.settings.decision_timeout)
        self.controller = TablesController(self.service, self.presenter)
        self.scheduler.on("decision", self._decision_timeout)
        self._setup_tournaments()
        self.add_dynamic_items(*DYNAMIC_ITEMS, *TOURNAMENT_ITEMS)
        await self.add_cog(TablesCog(self.controller))
        await self.add_cog(TournamentsCog(self.tournament_ui))
        self.ratings_ui = RatingsCog(self.store)
        await self.add_cog(self.ratings_ui)
        await self._sync_commands()
        self.scheduler.start()
        self.loop.create_task(self._resume_tables(), name="resume-tables")
        self.loop.create_task(self.tournament_ui.resume(), name="resume-tournaments")

    def _setup_tournaments(self) -> None:
        """Ratings and tournaments hear about every finished table (ratings first, so a tournament's
        round summary is posted after the games are rated)."""
        self.ratings = RatingService(self.store)
        self.tournaments = TournamentService(self.store, self.service, self.ratings, clock=time_now)
        self.tournament_ui = TournamentController(self, self.tournaments, self.controller,
                                                  self.settings.organiser_role)
        self.presenter.on_finished.extend([self._rate, self.tournament_ui.on_table_finished])
        self.scheduler.on(ROUND_TIMER, self.tournament_ui.on_deadline)

    async def _sync_commands(self) -> None:
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def _resume_tables(self) -> None:
        """After a restart, let computer seats make any moves that were due when the bot stopped."""
        await self.wait_until_ready()
        for table in await self.store.tables.with_status("running"):
            try:
                progress = await self.service.run_computers(table.id)
                if progress is not None:
                    await self.presenter.publish(progress)
            except Exception:
                log.exception("could not resume table %s", table.id)

    async def _rate(self, table: TableRow, seats: list[SeatRow], outcome: Outcome) -> None:
        try:
            await self.ratings.on_finished(table, seats, outcome)
        except Exception:  # the game is over and stored whatever happens to its rating
            log.exception("could not rate table %s", table.id)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        # Amount forms are answered here rather than by the form object, which a restart forgets.
        target = amount_form_target(interaction)
        if target is not None:
            await self.controller.submit_amount(interaction, *target)

    async def _decision_timeout(self, timer: TimerRow) -> None:
        await self.controller.on_timeout(timer.table_id, int(timer.payload["seat"]),
                                         int(timer.payload["prompt_version"]))

    async def close(self) -> None:
        if hasattr(self, "scheduler"):
            await self.scheduler.stop()
        await super().close()
        if hasattr(self, "store"):
            await self.store.close()


def create_bot(settings: Settings) -> BoardBot:
    return BoardBot(settings)
