"""A rematch: a new table with the same players (computer seats too) and options, opened by one of
the finished table's players, who becomes its creator. The others are seated already and may leave
the lobby before it starts; a person who abandoned the game, whose seat was handed to a computer,
who was away when it ended or who has left the server is not seated again (they may join)."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from play.common import Caller, TableError
from play.pace import pace_name
from storage import TableRow

if TYPE_CHECKING:
    from play.tables import Loaded, TableService


async def rematch(service: TableService, table_id: int, caller: Caller,
                  left_server: frozenset[int] = frozenset()) -> TableRow:
    """`left_server`: players of the game who are no longer members of its server."""
    async with service.lock(table_id):  # two presses at once open one table
        old, mine = await checked(service, table_id, caller)
        return await _open(service, old, caller, mine, left_server)


async def checked(service: TableService, table_id: int, caller: Caller) -> tuple[Loaded, Any]:
    """The finished game and the caller's seat, if the caller may open its rematch now (a
    TableError says why not, or where the rematch already is)."""
    old = await service.load(table_id, caller)
    mine = old.seat_of(caller.user_id)
    if mine is None:
        raise TableError("Only the players of this game can ask for a rematch.")
    if caller.guild_id is None:  # a new table opens in the server: asked there, by a member
        raise TableError("Ask for the rematch with **Rematch** on the final standings in the table's thread.")
    if old.table.status == "cancelled":  # its players agreed to stop: none of them is seated again
        raise TableError("This table was cancelled, so it has no rematch. Open a new table with `/table create`.")
    if old.table.status != "finished" or old.table.state is None:
        raise TableError("A rematch can be asked for once the game has ended.")
    if old.table.tournament_id is not None:
        raise TableError("Tournament games have no rematch; the tournament seats its next round.")
    await _no_rematch_yet(service, old, caller)  # where everyone goes, those who may not open it too
    if mine.handed_over:
        raise TableError("You left this game (or your seat went to a computer player), so the others open "
                         "its rematch; you may join it.")
    if mine.away:
        raise TableError("You were away when this game ended (a computer player moved for you), so the others "
                         "open its rematch; you may join it.")
    return old, mine


async def _no_rematch_yet(service: TableService, old: Loaded, caller: Caller) -> None:
    """A rematch already opened (and not cancelled) is where everyone goes."""
    if old.table.rematch_id is None:
        return
    rematch = await service.store.tables.get(old.table.rematch_id)
    if rematch is not None and rematch.status in ("lobby", "running"):
        where = f" (<#{rematch.thread_id}>)" if rematch.thread_id else ""
        seated = any(s.user_id == caller.user_id for s in await service.store.tables.seats(rematch.id))
        go = "You are seated there." if seated else "Join it there."
        raise TableError(f"The rematch is already open: table #{rematch.id}{where}. {go}")


async def _open(service: TableService, old: Loaded, caller: Caller, mine: Any, left_server: frozenset[int]) -> TableRow:
    table = await service.create_table(
        guild_id=old.table.guild_id, channel_id=old.table.channel_id, game=old.table.game,
        options=old.table.options, creator_id=caller.user_id, creator_name=caller.name or mine.display_name,
        # Rated as the finished game's lobby was: a seat handed to a computer unrated that game only.
        rated=old.table.rated or old.table.unrated_reason is not None, pace_name=pace_name(old.table), handover_after=old.table.handover_after)
    try:
        async with service.store.transaction():  # everyone seated at once: one commit
            await service.store.tables.set_rematch(old.table.id, table.id)
            for seat in old.seats:
                if seat.user_id == caller.user_id:
                    continue
                if seat.user_id is not None and (seat.handed_over or seat.away or seat.user_id in left_server):
                    continue  # abandoned, away at the end, handed over or gone from the server: not seated again
                await service.store.tables.add_seat(table.id, user_id=seat.user_id, display_name=seat.display_name,
                                                    ai=seat.ai, max_seats=old.spec.max_seats)
    except Exception:  # not seated (the database refused): no lobby without a thread is left open
        with contextlib.suppress(Exception):  # still refused: the next start closes it
            await service.abort(table.id)
        raise
    return table
