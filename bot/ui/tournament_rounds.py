"""The rounds of a tournament in Discord: opening a seated round's threads and tables, its
announcement, its end and standings, the deadline notice, and the start-up's resume. What Discord
refuses is tried again by a timer (`try_again_later`). A part of TournamentController."""

from __future__ import annotations

import logging
from contextvars import ContextVar
from typing import Any, Callable

import discord

from bot.render.base import shown_name
from bot.ui import tournament_views as views
from bot.ui.permissions import missing_permissions, missing_text
from bot.ui.presenter import safely
from bot.ui.requests import history_hidden
from bot.ui.thread_refusals import EmbedsRefused
from bot.ui.threads import tournament_thread_name
from games import registry
from play.common import BoundedCache, KeyedLocks
from play.results import TableNews
from play.tournaments.service import RoundEnd, TournamentService
from storage import TimerRow

log = logging.getLogger(__name__)
# Set while a retry or a start posts what Discord refused before: the organiser was told of a
# missing permission by the first refusal, and is not told again at every retry or restart.
_RETRYING: ContextVar[bool] = ContextVar("tournament_posts_retrying", default=False)
MENTION_USERS = discord.AllowedMentions(users=True, roles=False, everyone=False)
NO_MENTIONS = discord.AllowedMentions.none()
POSTED_LOOKBACK = 25  # latest channel messages looked over for a post a stop left unrecorded
CLOCKS_APART = 60  # seconds Discord's clock may be behind this machine's (a message's time against a deadline)


class RoundsMixin:
    bot: Any
    service: TournamentService
    tables_ui: Any
    refusals_told: BoundedCache[tuple[int, tuple[str, ...]], bool]  # see _refused_post
    presenter: Any
    openings: KeyedLocks
    announcing: KeyedLocks

    # -- rounds --------------------------------------------------------------------------
    async def open_round(self, tournament_id: int) -> bool:
        """Open a thread for each table of the current round that has none, start the tables,
        announce the round and send everyone their board and hand. Safe to repeat, and to call
        twice at once: the second waits and finds nothing left to open. What Discord refuses is
        tried again later (a timer); False then."""
        self.bot.scheduler.wake()  # the round's deadline timer was just added
        async with self.openings.hold(tournament_id):
            done = await self._open_round(tournament_id)
        if not done:
            await self.try_again_later(tournament_id)
        return done

    async def _open_round(self, tournament_id: int) -> bool:
        pending = await self.service.pending_tables(tournament_id)
        if not pending:
            current = await self.service.current_round(tournament_id)
            if current is not None and current.status == "running" and not current.opened:
                return await self._announce_round(tournament_id)  # a stop or Discord came in between
            return True
        opened, failed = await self._open_threads(tournament_id, pending)
        if await self._cancelled(tournament_id):  # meanwhile: its tables are closed, nothing to start
            return True
        published = []
        for table in opened:  # a table starts once its thread is there, or it would have no board
            if table.status == "lobby":
                published.append(await self.service.tables.start(table.id, None))
            elif table.status == "running":  # its thread came late (an older bot started it without)
                published.append(await self.service.tables.news(table.id))
        announced = not failed and await self._announce_round(tournament_id)
        for news in published:
            await self.tables_ui.after(news)
            await safely(f"seat notes of table {news.table.id}", self.service.tables.keep_notes(news.table.id))
        if published:  # a player who withdrew while their table waited for its thread
            for name, news in await self.service.forfeit_withdrawn(tournament_id):
                await self.seat_handed_over(news, withdrawal_note(name))
        return announced

    async def _open_threads(self, tournament_id: int, pending: list[Any]) -> tuple[list[Any], int]:
        """Threads for the tables of `pending` that have none: (the tables to start or publish: each
        lobby table with its thread, or without one when the channel is gone, and each running table
        whose thread just opened; how many threads Discord refused)."""
        tournament = await self.service.get(tournament_id)
        channel = await self.presenter.channel(tournament.channel_id)
        title = registry.get(tournament.game).title
        alike = await self.service.dealt_alike(tournament_id)  # each thread private to its players
        opened, failed = [], 0
        for game, table in pending:
            if table.thread_id is None and channel is None and table.status != "lobby":
                continue  # running without a thread where none can be opened: played by DM and My hand
            if table.thread_id is None and channel is not None:
                if await self._cancelled(tournament_id):  # cancelled while the threads open: no more
                    return [], 0
                name = tournament_thread_name(title, tournament.id, game)
                try:
                    thread = await self.tables_ui.open_thread(channel, table, name, game.players if alike else None)
                except discord.HTTPException as exc:
                    log.warning("no thread for table %s yet (%s %s); trying again later", table.id, exc.status, exc)
                    failed += 1
                    continue
                except Exception:  # the database refused to record it (the thread was removed again)
                    log.exception("the thread of table %s could not be recorded; trying again later", table.id)
                    failed += 1
                    continue
                if await self._cancelled(tournament_id):  # while Discord opened it: its players are told
                    await safely(f"cancel note of table {table.id}", thread.send(cancelled_note(tournament.id)))
                    return [], 0
                await self._round_note(thread, tournament, game, table)
            elif table.status == "lobby":  # a stop came between recording its thread and starting it
                await self._round_note(await self.presenter.channel(table.thread_id), tournament, game, table, True)
            opened.append(table)
        return opened, failed

    async def _round_note(self, thread: Any, tournament: Any, game: Any, table: Any, again: bool = False) -> None:
        """The note that opens a table's thread, mentioning its players (which adds them to it);
        `again`: after a stop, unless the thread has it already."""
        head = f"**{views.title(tournament)} — round {game.round_no}, board {game.board}** (table #{table.id})"
        if thread is None or again and await safely(f"round note of table {table.id}", _has_note(thread, head)):
            return
        players = " ".join(f"<@{p}>" for p in game.players)
        await safely(f"round note of table {table.id}", thread.send(
            f"{head}: {players}. Your hand and choices come by DM, or press **My hand** on the board.",
            allowed_mentions=MENTION_USERS))

    async def _cancelled(self, tournament_id: int) -> bool:
        return (await self.service.get(tournament_id)).status == "cancelled"

    async def _announce_round(self, tournament_id: int) -> bool:
        try:
            await self.announce_round(tournament_id)
        except discord.HTTPException as exc:
            await safely(f"refusal of tournament {tournament_id}",
                         self._refused_post(tournament_id, exc, "the round's announcement"))
            return False
        return True

    async def _refused_post(self, tournament_id: int, exc: discord.HTTPException, what: str) -> None:
        """Log a post Discord refused in the tournament's channel, naming the permissions the bot
        lacks there when that is why; the organiser is told those by DM, once for each lack (the
        post is tried again by itself)."""
        tournament = await self.service.get(tournament_id)
        channel = await self.presenter.channel(tournament.channel_id)
        missing = []
        if isinstance(exc, discord.Forbidden) and isinstance(channel, discord.TextChannel):
            missing = missing_permissions(channel, pictures=False, posts_in_channel=True)
            if not missing and isinstance(exc, EmbedsRefused):  # Discord knows better than the bot's copy
                missing = ["Embed Links"]
        log.warning("%s of tournament %s not posted (%s %s)%s; trying again later", what, tournament_id, exc.status,
                    exc.text or exc, f": the bot lacks {', '.join(missing)} in its channel" if missing else "")
        if not missing or _RETRYING.get() or self.refusals_told.get((tournament_id, tuple(missing))):
            return
        self.refusals_told.put((tournament_id, tuple(missing)), True)
        text = missing_text(channel, missing, f"post {what} of tournament #{tournament_id}")
        await safely(f"refusal note of tournament {tournament_id}", self._tell_organiser(
            tournament.organiser_id, text.replace(", then try again.", ": I try again by myself.")))

    async def _tell_organiser(self, user_id: int, text: str) -> None:
        organiser = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
        await organiser.send(text)

    async def try_again_later(self, tournament_id: int, attempt: int = 0) -> None:
        """Discord refused some of a tournament's posts or threads: a timer tries again (more
        seldom each time, then hourly, as long as something is refused)."""
        self.bot.scheduler.wake(await self.service.posts_again(tournament_id, attempt))

    async def on_posts_due(self, timer: TimerRow) -> None:
        """The timer of `try_again_later` (quietly: see _RETRYING)."""
        token = _RETRYING.set(True)
        try:
            await self._posts_due(timer)
        finally:
            _RETRYING.reset(token)

    async def _posts_due(self, timer: TimerRow) -> None:
        """Post the round ends not posted yet, open what the seated round still lacks."""
        tournament_id, attempt = int(timer.payload["tournament_id"]), int(timer.payload["attempt"])
        tournament = await self.service.get(tournament_id)
        ends_done = round_done = True
        if tournament.status != "cancelled":
            ends_done = await self.post_round_ends(tournament_id)
            async with self.openings.hold(tournament_id):
                round_done = await self._open_round(tournament_id)
        current = await self.service.current_round(tournament_id)
        retired = True
        if current is not None and current.status == "running" or tournament.status != "running":
            retired = await self.retire_summary(tournament_id)  # a button that no longer applies, if still there
        shown = await self.refresh_embed(tournament_id)  # it may have missed a change Discord refused
        if not (ends_done and round_done and retired and shown):
            await self.try_again_later(tournament_id, attempt)

    async def post_round_ends(self, tournament_id: int) -> bool:
        """Post the tournament's round ends that were stored and not posted; False if Discord refused."""
        try:
            async with self.announcing.hold(tournament_id):
                for end in await self.service.unannounced_ends(tournament_id):
                    await self.announce_end(end)
        except discord.HTTPException as exc:
            await safely(f"refusal of tournament {tournament_id}",
                         self._refused_post(tournament_id, exc, "the round's end and standings"))
            return False
        return True

    async def announce_round(self, tournament_id: int) -> None:
        tournament = await self.service.get(tournament_id)
        current = await self.service.current_round(tournament_id)
        if current is None:
            return
        tables = await self.service.progress(tournament_id)
        embeds = views.round_embeds(tournament, current.round_no, tables, current.byes,
                                    await self.names(tournament_id), current.deadline)
        if not await self.posted_before(tournament_id, lambda message: _first_page_of(message, embeds[0].title)):
            await self.post(tournament_id, embeds=embeds, allowed_mentions=NO_MENTIONS)
        await self.service.round_opened(tournament_id, current.round_no)
        if not await self.refresh_embed(tournament_id):
            await self.try_again_later(tournament_id)

    async def on_finish_reports(self, reports: list[Any]) -> None:
        """After a table's finish work: announce a round it completed (later, if Discord refuses)."""
        for report in reports:
            if isinstance(report, RoundEnd) and not await self.post_round_ends(report.tournament.id):
                await self.try_again_later(report.tournament.id)

    async def on_table_closed(self, news: TableNews) -> None:
        """A table of a running tournament was cancelled (by an admin, or everyone abandoned it):
        its players forfeit, and a round it completes is announced with its standings."""
        if news.table.tournament_id is None:
            return
        tournament = await self.service.get(news.table.tournament_id)
        if tournament.status != "running":  # a cancelled tournament closes its tables itself
            return
        if await self.service.settle(tournament.id) and not await self.post_round_ends(tournament.id):
            await self.try_again_later(tournament.id)
        await self.refresh_embed(tournament.id)

    async def announce_end(self, end: RoundEnd, *, next_button: bool = True) -> None:
        tournament = end.tournament
        names = await self.names(tournament.id)
        if end.final:
            embeds = views.standings_embeds(tournament, end.standings, names, "final standings")
            # Not its winner: a player who withdrew, nor in an elimination one who forfeited (who never
            # goes on: a tournament whose every last table was cancelled has no winner).
            elimination = tournament.format == "elimination"
            last = max((r.reached_round or 0 for r in end.standings), default=0)  # an elimination's final
            active = [r for r in end.standings if not r.withdrawn
                      and not (elimination and (r.forfeits or (r.reached_round or 0) < last))]
            best = min((r.rank for r in active), default=None)
            winners = " and ".join(f"<@{r.player_id}>" for r in active if r.rank == best)
            heading = f"Tournament #{tournament.id} is over."
            text = heading + (f" Congratulations, {winners}!" if winners else "")
            if not await self.retire_summary(tournament.id):  # its button stays until a timer takes it off
                await self.try_again_later(tournament.id)
            if not await self.posted_before(tournament.id, lambda message: _begins(message, heading)):
                await self.post(tournament.id, text, embeds=embeds)
            summary = None
        else:
            embeds = views.standings_embeds(tournament, end.standings, names, f"standings after round {end.round_no}")
            current = await self.service.current_round(tournament.id)
            late = f"The standings after round {end.round_no}."
            complete = f"<@{tournament.organiser_id}>, round {end.round_no} is complete."
            summary = await self.posted_before(tournament.id, lambda message: _begins(message, late, complete)
                                               and _first_page_of(message, embeds[0].title))  # of this tournament
            if summary is not None:
                summary = summary if _begins(summary, complete) and summary.components else None
            elif current is not None and current.round_no > end.round_no:  # posted after the next one was seated
                await self.post(tournament.id, late, embeds=embeds, allowed_mentions=NO_MENTIONS)
            else:
                summary = await self.post(
                    tournament.id, f"{complete} Start the next round with the button or `/tournament next`.",
                    embeds=embeds, **({"view": views.next_round_view(tournament)} if next_button else {}))
        # The embed first: a stop before the round end is recorded as told makes the start tell it
        # again (finding the post), and the embed with it, which a finished tournament's gets no other way.
        if not await self.refresh_embed(tournament.id):
            await self.try_again_later(tournament.id)
        await self.service.round_announced(tournament.id, end.round_no, summary.id if summary else None)

    async def posted_before(self, tournament_id: int, found: Callable[[discord.Message], bool], *,
                            always: bool = False) -> discord.Message | None:
        """While a retry or a start posts what was not recorded as posted (`always`: whenever; a
        timer's post, which a stop before the timer was deleted makes the timer post again): the
        bot's message among the channel's latest that `found` knows (a stop or a failing Discord came
        between posting it and recording it), which is not posted again. None otherwise, and when
        the history cannot be read (one request, made only then)."""
        if not (always or _RETRYING.get()):
            return None
        tournament = await self.service.get(tournament_id)
        channel = await self.presenter.channel(tournament.channel_id)
        if channel is None or history_hidden(channel):
            return None
        try:
            async for message in channel.history(limit=POSTED_LOOKBACK):
                if message.author.id == self.bot.user.id and found(message):
                    return message
        except discord.HTTPException:
            return None
        return None

    async def on_deadline(self, timer: TimerRow) -> None:
        """A round's deadline passed: tell the organiser which tables are still playing (nothing is
        decided for anyone; the organiser extends, replaces or records forfeits)."""
        found = await self.service.deadline_passed(timer.payload)
        if found is None:
            return
        tournament, tables = found
        heading = f"<@{tournament.organiser_id}>, the deadline of round {timer.payload['round_no']} has passed."
        lines = [f"{heading} Still playing:"]
        for entry in tables:
            waiting = ", ".join(f"<@{p}>" for p in entry.waiting_for) or "computer players"
            if entry.table.status == "lobby":  # it starts once its thread opens (tried again by itself)
                waiting = "its thread, which Discord refused: not started yet"
            lines.append(f"Board {entry.game.board} ({views.table_link(entry.table)}): waiting for {waiting}")
        lines.append("Use `/tournament extend`, `/tournament replace` or `/tournament forfeit`.")
        first, *rest = views.text_parts(lines)  # many open tables take several messages
        deadline = float(timer.payload["deadline"])  # an extended round's earlier notice came before it
        links = [f"({views.table_link(entry.table)})" for entry in tables]  # this tournament's tables
        if await self.posted_before(tournament.id, lambda message: _begins(message, heading)
                                    and any(link in message.content for link in links)
                                    and message.created_at.timestamp() >= deadline - CLOCKS_APART, always=True):
            return  # it went out before a stop that came before its timer was done with
        try:
            await self.post(tournament.id, first)
        except discord.HTTPException as exc:  # tried again later, more seldom each time, then hourly
            log.warning("deadline notice of tournament %s refused (%s %s); tried again later", tournament.id,
                        exc.status, exc)
            attempt = int(timer.payload.get("attempt", 0))
            self.bot.scheduler.wake(await self.service.deadline_notice_again(dict(timer.payload), attempt))
            return
        for text in rest:  # the organiser was told: a refused part is not worth pinging everyone twice
            await safely(f"deadline notice of tournament {tournament.id}", self.post(tournament.id, text))

    # -- restarts ------------------------------------------------------------------------
    async def resume(self) -> None:
        """After a restart: record results that finished unseen, open tables not yet opened, and
        post the round ends a stop cut off (what Discord refuses is tried again later)."""
        token = _RETRYING.set(True)
        try:
            await self._resume_all()
        finally:
            _RETRYING.reset(token)

    async def _resume_all(self) -> None:
        for tournament_id in await self.service.running():
            await safely(f"resuming tournament {tournament_id}", self._resume(tournament_id))
        for tournament_id in sorted({end.tournament.id for end in await self.service.unannounced_ends()}):
            if not await self.post_round_ends(tournament_id):  # of tournaments that are over
                await self.try_again_later(tournament_id)

    async def _resume(self, tournament_id: int) -> None:
        await self.service.seat_cut_off_start(tournament_id)  # opened below like any seated round
        await self.service.settle(tournament_id)
        if not await self.post_round_ends(tournament_id):  # before a round seated after them opens
            await self.try_again_later(tournament_id)
        current = await self.service.current_round(tournament_id)
        playing = current is not None and current.status == "running"
        if playing and not await self.retire_summary(tournament_id):  # a stop came before the old button went
            await self.try_again_later(tournament_id)
        await self.open_round(tournament_id)
        for name, news in await self.service.forfeit_withdrawn(tournament_id):
            await self.seat_handed_over(news, withdrawal_note(name))


async def _has_note(thread: Any, head: str) -> bool:
    """Whether a new thread's first messages hold the note beginning with `head` (True when its
    history cannot be read: better no note than a second one)."""
    if history_hidden(thread):
        return True
    return any([_begins(message, head) async for message in thread.history(limit=5, oldest_first=True)])


def _begins(message: discord.Message, *openings: str) -> bool:
    return (message.content or "").startswith(openings)


def _first_page_of(message: discord.Message, heading: str | None) -> bool:
    """Whether `message` starts with the embed of `heading` (or its first page)."""
    title = message.embeds[0].title if message.embeds else None
    return heading is not None and title is not None and (title == heading or title.startswith(f"{heading} (1/"))


def cancelled_note(tournament_id: int) -> str:
    return f"Tournament #{tournament_id} was cancelled, and this table with it."


def withdrawal_note(display_name: str) -> str:
    name = shown_name(display_name)
    return f"{name} withdrew from the tournament. A computer player finishes the seat; {name} is ranked last at this table."
