"""Opening a table's thread and recording it; a thread or lobby that could not be opened or
recorded leaves no table half open."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Sequence

import discord

from bot.ui.presenter import safely
from play.lobby import MEMBERS_RETRIES
from storage import TableRow

if TYPE_CHECKING:
    from bot.ui.controller import TablesController

log = logging.getLogger(__name__)


class ThreadsMixin:
    """The thread work of TablesController."""

    async def thread_deleted(self: TablesController, thread_id: int) -> None:
        """A moderator deleted a thread: the lobby in it is closed (it no longer counts against the
        open-table limits), and its seated players are told by DM; a running game goes on in a new
        thread (bot/ui/reopen.py)."""
        running = await self.service.running_in_thread(thread_id)
        if running is not None:
            await self.running_thread_deleted(running, thread_id)
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
            await safely(f"empty thread of table {table_id}", drop_thread(thread))

    async def open_thread(self: TablesController, parent: discord.TextChannel, table: TableRow,
                          name: str | None = None, private_to: Sequence[int] | None = None) -> discord.Thread:
        """Open the thread a table is played in and record it. Raises discord.HTTPException.
        `private_to`: a private thread with these members (a duplicate round's table, whose deal
        the other tables must not read ahead), public if the bot may not create one."""
        thread = await self.create_thread(parent, table, name, private_to)
        try:
            await self.service.opened(table.id, thread_id=thread.id)
        except Exception:  # the database refused it: the thread is not left empty in the channel
            await safely(f"empty thread of table {table.id}", drop_thread(thread))
            raise
        return thread

    async def create_thread(self: TablesController, parent: discord.TextChannel, table: TableRow,
                            name: str | None = None, private_to: Sequence[int] | None = None) -> discord.Thread:
        """A new thread for a table (see open_thread), not yet recorded. A private thread the bot
        may not create is replaced by a public one (at a round's seating, where the organiser is told),
        but not for a game under way while another table still plays its deal (a duplicate round's
        table moving to a new thread): that raises discord.Forbidden, as the others could read ahead."""
        title = (name or f"{self.service.spec(table).title} #{table.id}")[:100]
        thread = unrecorded_thread(parent, title)
        if thread is None and private_to is not None:
            try:
                # Only a thread moderator (Manage Threads) may add players to a thread closed to
                # invites: without it, the players may invite others too, or nobody could be added.
                moderator = parent.permissions_for(parent.guild.me).manage_threads
                thread = await parent.create_thread(name=title, type=discord.ChannelType.private_thread,
                                                    invitable=not moderator, auto_archive_duration=10080)
            except discord.Forbidden as exc:
                if table.status == "running" and await self.service.same_deal_running(table):
                    raise
                log.warning("no private thread for table %s (%s): a public one instead", table.id, exc)
        if thread is None:
            thread = await parent.create_thread(name=title, type=discord.ChannelType.public_thread,
                                                auto_archive_duration=10080)
        if thread.type == discord.ChannelType.private_thread and private_to:
            await self.add_members(table.id, thread, private_to)
        return thread

    async def add_members(self: TablesController, table_id: int, thread: discord.Thread, users: Sequence[int],
                          attempt: int = 0) -> None:
        """Add `users` to a table's private thread; those Discord refuses are added again later
        (`attempt`: tries so far). The first time, the retry is stored before any is added, so a
        stop on the way is made good after the next start, and a start need not look at tables
        with nobody missing."""
        if attempt == 0:
            await safely(f"thread members of table {table_id}", self.service.members_due(table_id, users))
        missing = [user for user in users
                   if not await safely(f"thread member {user} of table {table_id}", _add_user(thread, user))]
        if missing and attempt >= len(MEMBERS_RETRIES):
            log.warning("players %s could not be added to the private thread of table %s: given up", missing, table_id)
        await self._members_later(table_id, missing, attempt if missing else 0)

    async def _members_later(self: TablesController, table_id: int, users: Sequence[int], attempt: int,
                             quiet: bool = True) -> None:
        """The retry of `users` (none: the retry goes), woken for when it falls due. Not `quiet`:
        a database failure is raised (a timer's handler: the scheduler fires it again)."""
        store = self.service.members_due(table_id, users, attempt)
        due = await (safely(f"thread members of table {table_id}", store) if quiet else store)
        if due is not None:
            self.presenter.wake_timers(due)

    async def on_members_due(self: TablesController, table_id: int, users: Sequence[int], attempt: int) -> None:
        """Players a table's private thread may lack (Discord refused them, or the bot stopped
        before adding them): added again while the table is open."""
        table = (await self.service.news(table_id)).table
        open_ = table.status in ("lobby", "running") and table.thread_id is not None
        thread = await self.presenter.channel(table.thread_id) if open_ else None
        if isinstance(thread, discord.Thread) and thread.type == discord.ChannelType.private_thread:
            await self.add_members(table_id, thread, users, attempt)
        elif open_ and thread is None and not self.presenter.deleted.get(table.thread_id):
            await self._members_later(table_id, users, attempt, quiet=False)  # Discord failed: later


async def _add_user(thread: discord.Thread, user_id: int) -> bool:
    await thread.add_user(discord.Object(user_id))
    return True


def tournament_thread_name(title: str, tournament_id: int, game: Any) -> str:
    """The thread name of a tournament's table: its tournament, round and board."""
    return f"{title} T{tournament_id} · round {game.round_no} · board {game.board}"


async def drop_thread(thread: discord.Thread) -> None:
    """Delete a thread left empty (Manage Threads), else archive it (its creator's)."""
    try:
        await thread.delete()
    except discord.HTTPException:
        await thread.edit(archived=True)


def unrecorded_thread(parent: discord.TextChannel, title: str) -> discord.Thread | None:
    """The bot's own empty thread of this title, opened for the table just before a stop that came
    before it was recorded (a round's seating, opened again after the start): taken instead of
    opening a second one of the same name. A table's thread name is its own (its number, or its
    tournament, round and board)."""
    me = parent.guild.me
    return next((thread for thread in parent.threads if thread.name == title and me is not None
                 and thread.owner_id == me.id and thread.last_message_id is None), None)
