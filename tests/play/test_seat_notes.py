"""What the bot learns of a seat from Discord (where its DM panel is, that its DMs are closed) is noted
in memory and stored with the table's next write; a write that fails keeps the notes for the one
after it, and a note made meanwhile is newer than the kept one."""

from __future__ import annotations

import time

import pytest

from play.tables import TableService
from storage import SeatRow, Store


def seat(number: int, user_id: int) -> SeatRow:
    return SeatRow(table_id=1, seat=number, user_id=user_id, display_name=f"p{number}", ai=None, forfeited=False,
                   dm_ok=None, dm_channel_id=None, dm_message_id=None)


async def test_notes_taken_by_a_failed_write_are_kept_and_newer_ones_win(tmp_path):
    store = await Store.open(tmp_path / "bot.sqlite3")
    try:
        service = TableService(store, clock=time.time)
        seats = [seat(0, 100), seat(1, 101)]
        service.note_seat(1, 100, dm_ok=False, dm_message_id=5)
        service.note_seat(1, 101, dm_message_id=7)
        with pytest.raises(OSError):
            with service._taking_notes(1, seats) as noted:
                assert noted == {0: {"dm_ok": False, "dm_message_id": 5}, 1: {"dm_message_id": 7}}
                service.note_seat(1, 101, dm_message_id=8)  # a newer panel, while the write runs
                raise OSError("database or disk is full")
        with service._taking_notes(1, seats) as noted:
            assert noted == {0: {"dm_ok": False, "dm_message_id": 5}, 1: {"dm_message_id": 8}}
        with service._taking_notes(1, seats) as noted:  # stored by the block that ended well
            assert noted == {}
    finally:
        await store.close()
