"""Opening a table's thread and recording it; a thread or lobby that could not be opened or
recorded leaves no table half open."""

from __future__ import annotations

import dataclasses
import logging
from typing import TYPE_CHECKING, Any, Sequence

import discord

from bot.ui.presenter import safely
from play.results import TableNews
from storage import TableRow

if TYPE_CHECKING:
    from bot.ui.controller import TablesController

log = logging.getLogger(__name__)


class ThreadsMixin:
    """The thread work of TablesController."""

    async def thread_deleted(self: TablesController, thread_id: int) -> None:
        """A moderator deleted a thread: the lobby in it is closed (it no longer counts against the
        open-table limits), and its seated players are told by DM; a running game goes on in a new
        thread (see reopen_thread)."""
        running = await self.service.running_in_thread(thread_id)
        if running is not None:
            if await self.reopen_thread(running, thread_id) is not None:
                await self.presenter.publish(await self.service.news(running))  # its board, in the new thread
            return
        news = await self.service.close_lobby_of_thread(thread_id)
        if news is None:
            return
        title = self.service.spec(news.table).title
        for seat in news.seats:
            if seat.user_id is not None and not seat.ai:
                await self.presenter.send_dm(news.table.id, seat, content=(
                    f"**{title} — table #{news.table.id}** was closed: its thread was deleted before the game "
                    "started. Open a new table with `/table create`."))

    async def in_current_thread(self: TablesController, news: TableNews) -> TableNews:
        """`news` with the table's thread as it is now, for a table whose thread Discord says was
        deleted (while the bot was stopped, or just now): replaced first, where one can be opened."""
        table = news.table
        if table.thread_id is None or not (table.status == "running" or news.finished):
            return news  # a game that just ended too: its last board and standings need a thread
        moved = await self.reopen_thread(table.id, table.thread_id, ended_now=news.finished)
        if moved is None:
            return news
        return dataclasses.replace(news, table=table.model_copy(update={
            name: getattr(moved, name) for name in ("thread_id", "lobby_message_id", "board_message_id",
                                                    "board_key", "board_version")}))

    async def reopen_thread(self: TablesController, table_id: int, gone_thread_id: int, *,
                            ended_now: bool = False) -> TableRow | None:
        """A running game whose thread was deleted goes on in a new thread of the same channel (private
        to its players where the thread was: a duplicate round's), with a new lobby message, its board
        and its whole log; its players are told by DM. Where no thread can be opened (the channel is
        gone, or the bot may not open threads there) it goes on by DM and `/table hand`, and its
        players are told so. `ended_now`: the game just ended (its end is still to be shown).
        Returns the table as stored now (None: it no longer runs, or Discord failed and the next
        showing tries again)."""
        async with self.reopening.hold(table_id):
            table = await self.service.get(table_id)
            if table.status not in (("running", "finished") if ended_now else ("running",)):
                return None
            if table.thread_id != gone_thread_id:
                return table  # another request replaced it
            thread = await self._new_thread(table)
            if thread is False:
                return None
            news = await self.service.moved_thread(table_id, gone_thread_id, thread.id if thread else None)
            if news is None:  # it ended meanwhile
                if thread:
                    await safely(f"unused thread of table {table_id}", _drop_thread(thread))
                return None
            self.presenter.boards.forget(table_id)
            if thread:
                self.presenter.moved.put(gone_thread_id, thread.id)
            await self._tell_moved(news, thread, ended_now)
            return await self.service.get(table_id)  # with its new lobby message

    async def _new_thread(self: TablesController, table: TableRow) -> discord.Thread | None | bool:
        """The new thread of a table whose thread was deleted; None where none can be opened;
        False when Discord failed (tried again at the table's next showing)."""
        parent = await self.presenter.channel(table.channel_id)
        if parent is None:
            return False if not self.presenter.deleted.get(table.channel_id) else None
        # As a duplicate round's threads are (a casual table an admin dealt a seed twice has a public one).
        alike = table.tournament_id is not None and await self.service.same_deal_running(table)
        private = [s.user_id for s in await self.service.seats(table.id) if s.user_id is not None] if alike else None
        try:
            return await self.create_thread(parent, table, private_to=private)
        except discord.Forbidden as exc:
            log.warning("no new thread for table %s (%s): it goes on by DM", table.id, exc)
            return None
        except discord.HTTPException as exc:
            log.warning("no new thread for table %s yet (%s)", table.id, exc)
            return False

    async def _tell_moved(self: TablesController, news: TableNews, thread: discord.Thread | None,
                          ended: bool) -> None:
        """The new thread's lobby message, and a DM to each player saying where the game went."""
        title = self.service.spec(news.table).title
        if thread is not None:
            await self._note_move(news, thread, ended)
            where = (f"ended: its last board and standings are in a new thread: {thread.mention}" if ended
                     else f"goes on in a new thread: {thread.mention}")
        else:
            where = ("goes on without a thread (the bot cannot open a new one there): play on from your panels "
                     "here, or with `/table hand` in the server. Without a thread the players cannot be asked "
                     "to agree to a cancel or a handover; someone with Manage Server can still cancel it")
        for seat in news.seats:
            if seat.user_id is not None and not seat.ai:
                await safely(f"moved note to {seat.user_id}", self.presenter.send_dm(news.table.id, seat, content=(
                    f"The thread of **{title} — table #{news.table.id}** was deleted. The game {where}.")))

    async def _note_move(self: TablesController, news: TableNews, thread: Any, ended: bool) -> None:
        """The new thread's first message: the lobby, under a note that mentions the players. One
        Discord refuses is tried again at the table's next change (a move, a vote) in this process."""
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

    async def close_lobbies_whose_thread_went(self: TablesController) -> None:
        """After a start: lobbies whose thread was deleted while the bot was stopped (Discord does
        not tell a new session) are closed too. A thread the bot does not know of is asked for once."""
        for thread_id in await self.service.lobby_threads():
            if self.presenter.bot.get_channel(thread_id) is not None:
                continue
            try:
                await self.presenter.bot.fetch_channel(thread_id)
            except discord.NotFound:
                await self.thread_deleted(thread_id)
            except discord.HTTPException as exc:  # cannot tell (no access, Discord failing): left open
                log.info("thread %s of a lobby could not be checked (%s)", thread_id, exc)

    async def _unopened(self: TablesController, table_id: int, thread: discord.Thread | None) -> None:
        """A table whose thread or lobby could not be opened or recorded: closed, and its thread
        (if any) not left empty in the channel."""
        try:
            await self.service.abort(table_id)
        except Exception:  # the database still refuses: the lobby stays without a thread
            log.exception("table %s could not be closed after its lobby failed", table_id)
        if thread is not None:
            await safely(f"empty thread of table {table_id}", _drop_thread(thread))

    async def open_thread(self: TablesController, parent: discord.TextChannel, table: TableRow,
                          name: str | None = None, private_to: Sequence[int] | None = None) -> discord.Thread:
        """Open the thread a table is played in and record it. Raises discord.HTTPException.
        `private_to`: a private thread with these members (a duplicate round's table, whose deal
        the other tables must not read ahead), public if the bot may not create one."""
        thread = await self.create_thread(parent, table, name, private_to)
        try:
            await self.service.opened(table.id, thread_id=thread.id)
        except Exception:  # the database refused it: the thread is not left empty in the channel
            await safely(f"empty thread of table {table.id}", _drop_thread(thread))
            raise
        return thread

    async def create_thread(self: TablesController, parent: discord.TextChannel, table: TableRow,
                            name: str | None = None, private_to: Sequence[int] | None = None) -> discord.Thread:
        """A new thread for a table (see open_thread), not yet recorded."""
        title = (name or f"{self.service.spec(table).title} #{table.id}")[:100]
        thread = None
        if private_to is not None:
            try:
                # Only a thread moderator (Manage Threads) may add players to a thread closed to
                # invites: without it, the players may invite others too, or nobody could be added.
                moderator = parent.permissions_for(parent.guild.me).manage_threads
                thread = await parent.create_thread(name=title, type=discord.ChannelType.private_thread,
                                                    invitable=not moderator, auto_archive_duration=10080)
            except discord.Forbidden as exc:
                log.warning("no private thread for table %s (%s): a public one instead", table.id, exc)
        if thread is None:
            thread = await parent.create_thread(name=title, type=discord.ChannelType.public_thread,
                                                auto_archive_duration=10080)
        if thread.type == discord.ChannelType.private_thread:
            for user_id in private_to or ():
                await safely(f"thread member {user_id}", thread.add_user(discord.Object(user_id)))
        return thread


async def _drop_thread(thread: discord.Thread) -> None:
    """Delete a thread left empty (Manage Threads), else archive it (its creator's)."""
    try:
        await thread.delete()
    except discord.HTTPException:
        await thread.edit(archived=True)
