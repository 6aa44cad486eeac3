"""The bot object: `create_bot(settings)` builds it; `python -m bot` runs it."""

from __future__ import annotations

import asyncio
import gc
import logging
import signal
import sqlite3
from typing import Any

import discord
from discord.ext import commands

from bot.cogs.help import HelpCog
from bot.cogs.ratings import RatingsCog
from bot.cogs.tables import TablesCog
from bot.cogs.tournaments import TournamentsCog
from bot.settings import Settings
from bot.startup import CommandsRefused
from bot.ui.components import DYNAMIC_ITEMS, UNKNOWN_CONTROL, amount_form_target, unknown_control
from bot.ui.log import LogPage
from bot.ui.controller import TablesController
from bot.ui.presenter import Presenter, safely
from bot.ui.tournament_controller import TournamentController
from bot.ui.tournament_items import TOURNAMENT_ITEMS
from bot.ui.requests import answering_faults, reply
from bot.ui.tree import BoardTree
from play.scheduler import Scheduler
from play.tables import TableService
from play.tournaments.rating_service import RatingService
from play.tournaments.organiser import POSTS_TIMER
from play.tournaments.service import ROUND_TIMER, TournamentService
from storage import Store, TimerRow
from storage.timers import (AWAY_TIMER, DEADLINE_TIMER, DECISION_TIMER, FINISH_TIMER, MEMBERS_TIMER,
                            REMINDER_TIMER, SHOW_TIMER, STANDINGS_TIMER)

log = logging.getLogger(__name__)
# Every button and menu the bot sends (bot/ui/dynamic.py), and the custom ids they read.
CONTROLS = (*DYNAMIC_ITEMS, *TOURNAMENT_ITEMS, LogPage)
CONTROL_TEMPLATES = tuple(item.__discord_ui_compiled_template__ for item in CONTROLS)


def time_now() -> float:
    """Wall-clock seconds, read through discord.utils so tests can move time."""
    return discord.utils.utcnow().timestamp()


class BoardBot(commands.Bot):
    def __init__(self, settings: Settings) -> None:
        # Slash commands, buttons and forms reach the bot whatever its intents; it asks only for the
        # servers, channels and threads. Without the message and typing intents, Discord does not
        # stream every message of every channel the bot can see (nor its own edits) to it.
        # A message pings the players it names, never @everyone or a role (a display name may say so).
        # No voice: discord.py's start-up warnings about missing voice libraries are noise here.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        super().__init__(command_prefix=commands.when_mentioned, intents=discord.Intents(guilds=True),
                         help_command=None, tree_cls=BoardTree, allowed_mentions=discord.AllowedMentions(
                             everyone=False, roles=False, users=True, replied_user=False))
        self.settings = settings
        # Set by `python -m bot` (and the benchmarks, which measure the bot as it runs there).
        self.freeze_after_ready = False
        self.forms_answered: set[asyncio.Task[Any]] = set()  # forms and unknown controls being answered (dispatch)
        self.handle_sigterm = False  # set by `python -m bot`: the process's SIGTERM closes the bot
        self.terminating = False  # a SIGTERM is closing the bot
        self.was_ready = False  # reached Discord's gateway at least once: a failure now is no failed start
        self.damaged: sqlite3.DatabaseError | None = None  # what the start's check of the database found

    async def login(self, token: str) -> None:
        """The database first: a start it cannot serve (written by a newer version, not a database,
        read-only) says so before Discord is reached, so a network fault does not hide it."""
        if self.handle_sigterm:  # from the first step: a stop while logging in ends as cleanly
            self.stop_on_terminate()
        if not hasattr(self, "store"):
            self.store = await Store.open(self.settings.database, self.settings.database_sync)
        await super().login(token)

    async def setup_hook(self) -> None:
        if not hasattr(self, "store"):  # opened by login, unless started another way
            self.store = await Store.open(self.settings.database, self.settings.database_sync)
        settings = self.settings
        self.service = TableService(
            self.store, clock=time_now, decision_seconds=settings.decision_timeout,
            open_limits=(settings.max_open_tables_per_member, settings.max_open_tables_per_server),
            missed_for_handover=settings.missed_deadlines_for_handover)
        self.scheduler = Scheduler(self.store, time_now)
        self.presenter = Presenter(self, self.service)
        self.controller = TablesController(self.service, self.presenter)
        self.ratings = RatingService(self.store)
        self.tournaments = TournamentService(self.store, self.service, self.ratings, clock=time_now)
        self.tournament_ui = TournamentController(self, self.tournaments, self.controller,
                                                  self.settings.organiser_role)
        # Finish work, in this order: a round's summary is posted after its games are rated.
        self.service.on_finish.extend([self.ratings.on_finished, self.tournaments.record])
        self.presenter.finish_listeners.append(self.tournament_ui.on_finish_reports)
        self.presenter.closed_listeners.append(self.tournament_ui.on_table_closed)
        self.service.on_damaged.append(
            lambda damage: self.controller.spawn(self.presenter.tell_damaged(damage), f"damaged-{damage.table_id}"))
        self.scheduler.on(DECISION_TIMER, self._decision_timeout)
        self.scheduler.on(DEADLINE_TIMER, lambda timer: self.controller.on_deadline(
            timer.table_id, int(timer.payload["seat"]), int(timer.payload["prompt_version"])))
        self.scheduler.on(REMINDER_TIMER, lambda timer: self.controller.on_reminder(
            timer.table_id, int(timer.payload["seat"]), int(timer.payload["prompt_version"]),
            str(timer.payload.get("when", "half"))), at_most_once=True)
        self.scheduler.on(AWAY_TIMER, lambda timer: self.service.still_away(
            timer.table_id, int(timer.payload["seat"]), int(timer.payload["missed"])))
        self.scheduler.on(ROUND_TIMER, self.tournament_ui.on_deadline)
        self.scheduler.on(POSTS_TIMER, self.tournament_ui.on_posts_due)
        self.scheduler.on(STANDINGS_TIMER, lambda timer: self.controller.on_standings_due(
            timer.table_id, int(timer.payload.get("attempt", 1))))
        self.scheduler.on(FINISH_TIMER, lambda timer: self.controller.on_finish_due(
            timer.table_id, int(timer.payload.get("attempt", 1))))
        self.scheduler.on(SHOW_TIMER, lambda timer: self.controller.on_show_due(
            timer.table_id, int(timer.payload.get("attempt", 1)),
            {int(seat): int(version) for seat, version in timer.payload.get("seats", {}).items()},
            timer.payload.get("board_shows")))
        self.scheduler.on(MEMBERS_TIMER, lambda timer: self.controller.on_members_due(
            timer.table_id, [int(user) for user in timer.payload.get("users", [])],
            int(timer.payload.get("attempt", 1))))
        self.add_dynamic_items(*CONTROLS)
        await self.add_cog(TablesCog(self.controller))
        await self.add_cog(TournamentsCog(self.tournament_ui))
        self.ratings_ui = RatingsCog(self.ratings)
        await self.add_cog(self.ratings_ui)
        await self.add_cog(HelpCog(self))
        await self._sync_commands()
        self.controller.spawn(self._stop_if_damaged(), "damage check")
        self.controller.spawn(self._resume(), "resume")

    async def _sync_commands(self) -> None:
        try:
            if self.settings.dev_guild_id:
                guild = discord.Object(id=self.settings.dev_guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()
        except (discord.Forbidden, discord.NotFound) as exc:  # told apart from a refused start
            raise CommandsRefused(exc) from exc

    async def _stop_if_damaged(self) -> None:
        """The check of the whole database file begun at its open (storage/db.py refuse_if_damaged),
        in the background so that start-up does not grow with the file: damage found stops the bot
        (`python -m bot` then says so), before it writes more to a damaged file."""
        try:
            await self.store.refuse_if_damaged()
        except sqlite3.DatabaseError as exc:
            log.info("the check of the database found damage: the bot stops (%s)", exc)
            self.damaged = exc
            await self.close()

    async def _resume(self) -> None:
        """After a start, in the background: the work that was due when the bot stopped. Timers
        fire once the tables a stop cut off are shown again: a deadline that fell due meanwhile,
        fired while its table is being shown again, would tell its players twice."""
        await self.wait_until_ready()
        try:
            await self.controller.resume()
        finally:
            self.scheduler.start()  # not after a stop (Scheduler.stop is for good)
        damaged = await self.service.damaged_tables()  # also those this start's resume found
        if damaged:
            log.warning("%d damaged table(s), not served (their stored game cannot be read): %s",
                        len(damaged), ", ".join(f"#{n}" for n in damaged))
        await self.tournament_ui.resume()

    async def on_ready(self) -> None:
        self.was_ready = True
        if self.freeze_after_ready and not gc.get_freeze_count():
            freeze_startup_objects()

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await safely(f"deleted thread {payload.thread_id}", self.controller.thread_deleted(payload.thread_id))

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None:
        super().dispatch(event_name, *args, **kwargs)
        # Amount forms are answered here rather than by the form object, which a restart forgets;
        # and a control none of the bot's templates reads, which discord.py leaves unanswered ("This
        # interaction failed"). (Not by an on_interaction listener: it would start a task for every click.)
        if event_name != "interaction":
            return
        interaction = args[0]
        if (target := amount_form_target(interaction)) is not None:
            self._answer(interaction, self.controller.submit_amount(interaction, *target))
        elif unknown_control(interaction, CONTROL_TEMPLATES):
            self._answer(interaction, reply(interaction, UNKNOWN_CONTROL))

    def _answer(self, interaction: discord.Interaction, answering: Any) -> None:
        task = self.loop.create_task(answering_faults(interaction, answering))
        self.forms_answered.add(task)  # held until done (the loop keeps only a weak reference)
        task.add_done_callback(self.forms_answered.discard)

    async def _decision_timeout(self, timer: TimerRow) -> None:
        await self.controller.on_timeout(timer.table_id, int(timer.payload["seat"]),
                                         int(timer.payload["prompt_version"]))

    def stop_on_terminate(self) -> None:
        """A stop asked by the system (SIGTERM: `systemctl stop`, `docker stop`) does what Ctrl+C
        does: it cancels the bot's main task (the one running this set-up), whose close (see close)
        stores what the bot keeps in memory and closes the database before the process ends. Once:
        a second SIGTERM does not cut that close short."""
        main = asyncio.current_task()

        def terminate() -> None:
            if main is not None and not self.terminating:
                self.terminating = True
                main.cancel()

        try:
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, terminate)
        except (NotImplementedError, RuntimeError):  # no such signals (Windows): a stop is a crash
            log.info("SIGTERM cannot be handled here; a stop by it is like a crash (nothing is lost)")

    async def close(self) -> None:
        if hasattr(self, "scheduler"):
            await self.scheduler.stop()
        if hasattr(self, "service"):
            try:  # the DM panels sent since each table's last move, so their controls go with the next
                await self.service.store_notes()
            except Exception:
                log.exception("the seat notes could not be stored at the stop")
        await super().close()
        if hasattr(self, "store"):
            await self.store.close()


def freeze_startup_objects() -> None:
    """Keep what exists once the bot is up (modules, classes, the servers' channels) out of the
    garbage collector's full passes: they live as long as the process, yet each full pass went
    through all of them, a pause of tens of milliseconds every few hundred clicks. Garbage is
    collected first, so nothing unreachable is kept."""
    gc.collect()
    gc.freeze()
    log.info("%d objects of the start-up kept out of full garbage collections", gc.get_freeze_count())


def create_bot(settings: Settings) -> BoardBot:
    return BoardBot(settings)
