"""A running game whose thread a moderator deleted goes on in a new thread of the same channel,
with a lobby message under a note, its board and its whole log; its players are told by DM where
it went. Where no thread can be opened it goes on by DM and `/table hand`, and moves to a new
thread at a move once the bot may open one there again. A deletion the bot did not hear of (it was
stopped) is found when Discord says so at the table's next showing."""

from __future__ import annotations

import dataclasses
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.ui import panels
from bot.ui.permissions import missing_permissions, refusal_for, timed_out
from bot.ui.presenter import safely
from bot.ui.threads import drop_thread, tournament_thread_name
from play.results import TableNews
from storage import TableRow

if TYPE_CHECKING:
    from bot.ui.controller import TablesController

log = logging.getLogger(__name__)

THREAD_AGAIN_EVERY = 600  # seconds between tries at a new thread for a table that goes on without one


class TryLater(Exception):
    """Discord or the database failed: the table's next showing tries again."""


class ReopenMixin:
    """Replacing deleted threads, for TablesController."""

    async def running_thread_deleted(self: TablesController, table_id: int, thread_id: int) -> None:
        """The deletion was heard: the new thread at once, with the table's board."""
        if await self.reopen_thread(table_id, thread_id) is not None:
            await self.presenter.publish(await self.service.news(table_id))

    async def replace_deleted_thread(self: TablesController, news: TableNews) -> TableNews:
        """`news` with the table's thread as it is now, for a table whose thread Discord says was
        deleted, or that goes on without one: replaced first, where one can be opened
        (Presenter.current_thread asks)."""
        table = news.table
        if table.thread_id is None:
            if table.status != "running" or not self._may_open_thread_again(table):
                return news
            moved = await self.reopen_thread(table.id, None)
        elif table.status == "running" or news.finished:  # a game that just ended: its last board needs one
            moved = await self.reopen_thread(table.id, table.thread_id, ended_now=news.finished)
        else:
            return news
        if moved is None:
            return news
        return dataclasses.replace(news, table=table.model_copy(update={
            name: getattr(moved, name) for name in ("thread_id", "lobby_message_id", "board_message_id",
                                                    "board_key", "board_version")}))

    def _may_open_thread_again(self: TablesController, table: TableRow) -> bool:
        """Whether to try a new thread for a table that goes on without one: its channel is there and
        the bot may now run tables in it (as the gateway told it: no call to Discord at a move), and
        the last try was long enough ago."""
        if table.tournament_id is not None:  # the tournament opens its tables' threads itself (one at a time)
            return False
        now = self.service.clock()
        if now - (self.thread_tries.get(table.id) or -THREAD_AGAIN_EVERY) < THREAD_AGAIN_EVERY:
            return False
        parent = self.presenter.bot.get_channel(table.channel_id)
        if not isinstance(parent, discord.TextChannel) or refusal_for(parent, table.game, "open a thread"):
            return False
        self.thread_tries.put(table.id, now)
        return True

    async def reopen_thread(self: TablesController, table_id: int, gone_thread_id: int | None, *,
                            ended_now: bool = False) -> TableRow | None:
        """Replace the deleted thread of a running game (`ended_now`: of a game that just ended,
        whose end is still to be shown), private to its players where a duplicate round's threads
        are. Returns the table as stored now; None when it no longer runs, or when Discord or the
        database failed (nothing is left half done: the next showing tries again)."""
        async with self.reopening.hold(table_id):
            table = await self.service.get(table_id)
            if table.status not in (("running", "finished") if ended_now else ("running",)):
                return None
            if table.thread_id != gone_thread_id:
                return table  # another request replaced it
            try:
                news, thread = await self._moved(table, gone_thread_id)
            except TryLater:
                return None
            if news is None:  # cancelled meanwhile
                return None
            self.presenter.boards.forget(table_id)
            if gone_thread_id is not None:  # (one opened again after none: nothing gone to tell of)
                log.info("the thread %s of table %s was deleted; the game goes on %s", gone_thread_id, table_id,
                         f"in a new thread, {thread.id}" if thread is not None else "without one (by DM and /table hand)")
            if thread is not None and gone_thread_id is not None:
                self.presenter.moved.put(gone_thread_id, thread.id)
            if thread is not None or gone_thread_id is not None:  # (no thread again: nothing new to tell)
                await self._tell_moved(news, thread, news.table.status == "finished", again=gone_thread_id is None)
            return await self.service.get(table_id)  # with its new lobby message

    async def _moved(self: TablesController, table: TableRow,
                     gone_thread_id: int | None) -> tuple[TableNews | None, discord.Thread | None]:
        """A new thread (None where none can be opened), recorded as the table's. Raises TryLater;
        a thread that could not be recorded is not left empty in the channel."""
        thread = await self._new_thread(table)
        try:
            news = await self.service.moved_thread(table.id, gone_thread_id, thread.id if thread else None)
        except Exception as exc:
            log.exception("the new thread of table %s could not be recorded", table.id)
            if thread is not None:
                await safely(f"unrecorded thread of table {table.id}", drop_thread(thread))
            raise TryLater from exc
        if news is None and thread is not None:
            await safely(f"unused thread of table {table.id}", drop_thread(thread))
        return news, thread

    async def _new_thread(self: TablesController, table: TableRow) -> discord.Thread | None:
        """The new thread of a table whose thread was deleted; None where none can be opened.
        Raises TryLater when Discord failed."""
        parent = await self.presenter.channel(table.channel_id)
        if parent is None:
            if self.presenter.deleted.get(table.channel_id):
                return None
            raise TryLater
        try:
            place = await self.service.tournament_place(table)
            name = None if place is None else tournament_thread_name(self.service.spec(table).title,
                                                                     table.tournament_id, place)
            return await self.create_thread(parent, table, name, private_to=await self.service.private_to(table))
        except discord.Forbidden as exc:
            log.warning("no new thread for table %s (%s): it goes on by DM", table.id, exc)
            return None
        except discord.HTTPException as exc:
            log.warning("no new thread for table %s yet (%s)", table.id, exc)
            raise TryLater from exc

    async def _tell_moved(self: TablesController, news: TableNews, thread: discord.Thread | None,
                          ended: bool, again: bool = False) -> None:
        """The new thread's lobby message, and a DM to each player saying where the game went
        (`again`: a game that went on without a thread has one again)."""
        title = self.service.spec(news.table).title
        if thread is not None:
            await self._note_move(news, thread, ended)
            where = (f"ended: its last board and standings are in a new thread: {thread.mention}" if ended
                     else f"goes on in a new thread: {thread.mention}")
        elif ended:
            where = "ended: your last panel here shows your result"
        else:
            where = (f"goes on without a thread ({self._why_no_thread(news.table)}): play on from your panels "
                     "here, or with `/table hand` in the server. Without a thread the players cannot be asked "
                     "to agree to a cancel or a handover; someone with Manage Server can still cancel it")
        said = (f"**{title} — table #{news.table.id}** has a thread again: {thread.mention}. Cancel and handover "
                "votes are asked there." if again and thread is not None else
                f"The thread of **{title} — table #{news.table.id}** was deleted. The game {where}.")
        unreached = []
        for seat in news.seats:
            if seat.user_id is not None and not seat.ai:
                if not await safely(f"moved note to {seat.user_id}", self.presenter.send_dm(news.table.id, seat,
                                                                                          content=said)):
                    unreached.append(seat.user_id)
        if unreached and thread is None and not ended:  # DMs closed: told in the table's channel
            mentions = " ".join(f"<@{user}>" for user in unreached)
            why = self._why_no_thread(news.table)
            await self.presenter.to_player(news, f"{mentions}: the thread of **{title} — table #{news.table.id}** "
                                           f"was deleted, and the game goes on without one ({why}).",
                                           allowed_mentions=panels.PLAYER_MENTIONS)

    def _why_no_thread(self: TablesController, table: TableRow) -> str:
        parent = self.presenter.bot.get_channel(table.channel_id)
        if not isinstance(parent, discord.TextChannel):
            return "its channel is gone"
        if timed_out(parent):
            return ("a moderator has timed me out in this server; once the timeout ends, the game moves to a new "
                    "thread at its next move")
        private = parent.permissions_for(parent.guild.me).create_private_threads
        missing = missing_permissions(parent, pictures=False) or [
            "Create Public Threads" if private else "Create Private Threads"]
        listed = ", ".join(f"**{label}**" for label in missing)
        when = ("when the tournament next opens its tables (`/tournament next`)" if table.tournament_id is not None
                else "at its next move")
        return (f"I may not open a new one in {parent.mention}: I am missing {listed} there; once a server admin "
                f"grants it, the game moves to a new thread {when}")

    async def _note_move(self: TablesController, news: TableNews, thread: Any, ended: bool) -> None:
        """The new thread's first message: the lobby, under a note that mentions the players. One
        Discord refuses is tried again at the table's next change (a move, a retry) in this process."""
        title = self.service.spec(news.table).title
        mentions = " ".join(f"<@{s.user_id}>" for s in news.seats if s.user_id is not None and not s.ai)
        note = ("ended; its thread was deleted, so its last board and standings are here." if ended else
                "goes on here: its thread was deleted.")
        lobby = await safely(f"lobby of table {news.table.id}", thread.send(
            content=f"**{title} — table #{news.table.id}** {note} {mentions}" + (
                "" if ended else "\nSomeone with Manage Server can end the game with `/table cancel`."),
            allowed_mentions=discord.AllowedMentions(users=True, everyone=False, roles=False),
            **self.presenter.lobby_message(news)))
        if lobby is None:
            self.move_notes_due.put(news.table.id, True)
            return
        self.move_notes_due.pop(news.table.id)
        await safely(f"lobby of table {news.table.id}", self.service.opened(news.table.id, lobby_message_id=lobby.id))

    async def note_move_again(self: TablesController, news: TableNews) -> None:
        """The note of a table's new thread that Discord refused, tried again (see _note_move)."""
        thread = await self.presenter.channel(news.table.thread_id)
        if thread is None or news.table.lobby_message_id is not None:
            self.move_notes_due.pop(news.table.id)
            return
        await self._note_move(news, thread, news.table.status == "finished")
