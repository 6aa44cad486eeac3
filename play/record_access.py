"""A table's record and game log, as each caller may see them: others' secrets hidden until the
game ends, and nothing of a deal that other tables still play (a duplicate tournament round)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from play import record
from play.common import Caller, TableError, tables_named
from play.results import Move, TableNews
from storage import TableRow

if TYPE_CHECKING:
    from play.tables import TableService


class RecordAccessMixin:
    """The records half of TableService (kept apart so each file stays readable)."""

    async def export(self: TableService, table_id: int, caller: Caller) -> dict[str, Any]:
        """The record of a table (play/record.py): anyone in its server once the game has ended;
        a server admin at any time, unless seated at it (the seed decides the hidden cards)."""
        loaded = await self.load(table_id, caller)
        table = loaded.table
        if table.status == "lobby":
            raise TableError(f"Table #{table_id} has not started; there is nothing to export yet.")
        if table.state is None:
            raise TableError(f"Table #{table_id} was {table.status} before its game started: there is no record.")
        if table.status == "running":
            if not caller.can_manage:
                raise TableError("A game's record can be exported once it has ended (server admins: at any time).")
            if loaded.seat_of(caller.user_id) is not None:
                raise TableError("You play at this table: its record holds the seed, which decides the hidden "
                                 "cards. Export it once the game has ended.")
        twins = await self.same_deal_running(table)
        if twins and (not caller.can_manage or await self._plays_at(twins, caller)):
            seed = "" if table.seed_chosen else " (and the seed)"  # a chosen seed is on the boards already
            raise TableError(f"Table #{table_id} was dealt the same cards as {tables_named([t.id for t in twins])}, "
                             f"still being played: its record{seed} can be exported once that game has ended.")
        return record.build(table, loaded.seats, await self.store.tables.timed_actions(table_id))

    async def same_deal_running(self: TableService, table: TableRow) -> list[TableRow]:
        """Other tables dealt the same cards (a duplicate tournament round, or a seed an admin
        chose twice) that are still being played: while they are, this table's seed, record and
        secret events stay hidden, though its own game has ended, and their players do not read
        its log (what its cards brought would tell them what theirs will)."""
        return await self.store.tables.same_deal_running(table)

    async def _plays_at(self: TableService, tables: list[TableRow], caller: Caller) -> TableRow | None:
        for table in tables:
            if any(s.user_id == caller.user_id for s in await self.store.tables.seats(table.id)):
                return table
        return None

    async def log(self: TableService, table_id: int, caller: Caller) -> TableNews:
        """The table with its game's events as the caller may see them (others' secrets hidden until
        the game ends), in `TableNews.log`."""
        loaded = await self.load(table_id, caller)
        if loaded.table.status == "lobby":
            raise TableError(f"Table #{table_id} has not started; its log is empty.")
        if loaded.table.state is None:
            raise TableError(f"Table #{table_id} was {loaded.table.status} before its game started: its log is empty.")
        seated = loaded.seat_of(caller.user_id)
        seat = None if seated is not None and seated.handed_over else seated  # out: public view until the end
        twins = await self.same_deal_running(loaded.table)
        if seated is None and twins:  # read here, it could be passed on to those playing the same cards
            mine = await self._plays_at(twins, caller)
            raise TableError(f"You play the same cards at table #{mine.id}: the log of table #{table_id} opens to you "
                             "once your game has ended." if mine else f"Table #{table_id} is dealt the same cards as "
                             f"{tables_named([t.id for t in twins])}, still being played: its log opens to those not "
                             "seated at it once all of them have ended.")
        actions = await self.store.tables.timed_actions(table_id)
        news = TableNews(loaded.table, loaded.seats, loaded.state, first_version=loaded.table.version)
        ended = loaded.table.status in ("finished", "cancelled") and not twins
        notes = await self.store.tables.notes(table_id)
        news.log = record.visible_events(loaded.table, loaded.seats, actions, seat.seat if seat else None, ended,
                                         notes)
        return news

    async def public_lines(self: TableService, table_id: int) -> list[tuple[int, str]]:
        """(version, text) of every public line of the table's game (replayed: for a board whose
        thread fell behind the lines kept with the table)."""
        loaded = await self.load(table_id)
        return record.public_lines(loaded.table, loaded.seats, await self.store.tables.timed_actions(table_id),
                                   await self.store.tables.notes(table_id))

    async def last_write_moves(self: TableService, table_id: int) -> list[Move]:
        """The moves of the table's latest write, replayed: what a stop right after storing them may
        have kept Discord from hearing. Taken from the latest person's action on (the computer moves
        after it came with it, or after it)."""
        loaded = await self.load(table_id)
        person = await self.store.tables.last_action(table_id, person=True)
        return record.last_moves(loaded.table, loaded.seats, await self.store.tables.actions(table_id),
                                 person[0] if person else 0)
