"""A rematch: a new table with the same players (computer seats too) and options, opened by one of
the finished table's players, who becomes its creator. The others are seated already and may leave
the lobby before it starts; a person who abandoned the game or whose seat was handed to a computer
is not seated again (they may join)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from play.common import Caller, TableError
from play.pace import pace_name
from storage import TableRow

if TYPE_CHECKING:
    from play.tables import TableService


async def rematch(service: TableService, table_id: int, caller: Caller) -> TableRow:
    old = await service.load(table_id, caller)
    mine = old.seat_of(caller.user_id)
    if mine is None:
        raise TableError("Only the players of this game can ask for a rematch.")
    if old.table.status not in ("finished", "cancelled"):
        raise TableError("A rematch can be asked for once the game has ended.")
    if old.table.tournament_id is not None:
        raise TableError("Tournament games have no rematch; the tournament seats its next round.")
    table = await service.create_table(
        guild_id=old.table.guild_id, channel_id=old.table.channel_id, game=old.table.game,
        options=old.table.options, creator_id=caller.user_id, creator_name=caller.name or mine.display_name,
        rated=old.table.rated, pace_name=pace_name(old.table))
    async with service.store.transaction():  # everyone seated at once: one commit
        for seat in old.seats:
            if seat.user_id == caller.user_id:
                continue
            if seat.user_id is not None and (seat.forfeited or seat.ai):
                continue  # a person who abandoned the game or whose seat went to a computer: not seated again
            await service.store.tables.add_seat(table.id, user_id=seat.user_id, display_name=seat.display_name,
                                                ai=seat.ai, max_seats=old.spec.max_seats)
    return table
