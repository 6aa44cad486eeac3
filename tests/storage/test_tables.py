"""Storage against a real SQLite file."""

from __future__ import annotations

import json
import sqlite3

import pytest

from storage import StaleVersion, Store
from storage.db import migrations


@pytest.fixture
async def store(tmp_path):
    opened = await Store.open(tmp_path / "bot.sqlite3")
    yield opened
    await opened.close()


async def new_table(store: Store, **extra) -> int:
    return await store.tables.create_table(guild_id=1, channel_id=2, game="augsburg1520",
                                           options={"open_money": False}, seed=42, creator_id=7, **extra)


async def test_migrations_are_recorded_and_reapplying_is_a_no_op(tmp_path):
    path = tmp_path / "bot.sqlite3"
    first = await Store.open(path)
    assert await first.db.schema_version() == len(migrations())
    await first.close()
    second = await Store.open(path)  # opening again must not fail or re-run anything
    assert await second.db.schema_version() == len(migrations())
    await second.close()


async def test_pragmas_make_writes_durable(store):
    mode = await store.db.fetchone("PRAGMA journal_mode")
    sync = await store.db.fetchone("PRAGMA synchronous")
    assert mode[0] == "wal"
    assert sync[0] == 2  # FULL


async def test_lobby_seats_join_leave_and_limits(store):
    table_id = await new_table(store)
    assert await store.tables.add_seat(table_id, user_id=10, display_name="Ada", max_seats=2) == 0
    assert await store.tables.add_seat(table_id, user_id=10, display_name="Ada", max_seats=2) is None
    assert await store.tables.add_seat(table_id, user_id=11, display_name="Bo", max_seats=2) == 1
    assert await store.tables.add_seat(table_id, user_id=12, display_name="Cy", max_seats=2) is None
    assert await store.tables.remove_seat(table_id, 0)
    assert [s.user_id for s in await store.tables.seats(table_id)] == [11]


async def test_start_renumbers_seats_in_the_given_order(store):
    table_id = await new_table(store)
    for user in (10, 11, 12):
        await store.tables.add_seat(table_id, user_id=user, display_name=str(user), max_seats=5)
    await store.tables.remove_seat(table_id, 0)  # seats 1 and 2 remain
    await store.tables.start(table_id, state="{}", prompts={}, seat_order=[2, 1])
    seats = await store.tables.seats(table_id)
    assert [(s.seat, s.user_id) for s in seats] == [(0, 12), (1, 11)]
    with pytest.raises(StaleVersion):
        await store.tables.start(table_id, state="{}", prompts={}, seat_order=[0, 1])


async def test_save_move_commits_state_and_log_together(store):
    table_id = await new_table(store)
    await store.tables.add_seat(table_id, user_id=10, display_name="Ada", max_seats=5)
    await store.tables.start(table_id, state='{"n": 0}', prompts={0: (0, "abc")}, seat_order=[0])
    version = await store.tables.save_move(table_id, expected_version=0, seat=0, action='{"kind": "pass"}',
                                           state='{"n": 1}', prompts={0: (1, "def")})
    assert version == 1
    row = await store.tables.get(table_id)
    assert (row.state, row.version, row.prompts) == ('{"n": 1}', 1, {0: (1, "def")})
    assert await store.tables.actions(table_id) == [(1, 0, '{"kind": "pass"}')]


async def test_stale_version_is_rejected_and_changes_nothing(store):
    table_id = await new_table(store)
    await store.tables.add_seat(table_id, user_id=10, display_name="Ada", max_seats=5)
    await store.tables.start(table_id, state='{"n": 0}', prompts={}, seat_order=[0])
    await store.tables.save_move(table_id, expected_version=0, seat=0, action="{}", state='{"n": 1}', prompts={})
    with pytest.raises(StaleVersion):
        await store.tables.save_move(table_id, expected_version=0, seat=0, action="{}",
                                     state='{"n": 99}', prompts={})
    row = await store.tables.get(table_id)
    assert (row.state, row.version) == ('{"n": 1}', 1)
    assert len(await store.tables.actions(table_id)) == 1


async def test_finishing_move_stores_outcome_and_status(store):
    table_id = await new_table(store)
    await store.tables.add_seat(table_id, user_id=10, display_name="Ada", max_seats=5)
    await store.tables.start(table_id, state="{}", prompts={}, seat_order=[0])
    outcome = json.dumps({"ranking": [[0]]})
    await store.tables.save_move(table_id, expected_version=0, seat=0, action="{}", state="{}",
                                 prompts={}, outcome=outcome)
    row = await store.tables.get(table_id)
    assert (row.status, row.outcome) == ("finished", outcome)
    with pytest.raises(StaleVersion):  # a finished table takes no more moves
        await store.tables.save_move(table_id, expected_version=1, seat=0, action="{}", state="{}", prompts={})


async def test_committed_move_is_visible_to_another_connection(store, tmp_path):
    """Each accepted action is committed before the bot answers: a second reader sees it."""
    table_id = await new_table(store)
    await store.tables.add_seat(table_id, user_id=10, display_name="Ada", max_seats=5)
    await store.tables.start(table_id, state="{}", prompts={}, seat_order=[0])
    await store.tables.save_move(table_id, expected_version=0, seat=0, action="{}", state='{"x": 1}', prompts={})
    with sqlite3.connect(tmp_path / "bot.sqlite3") as other:
        assert other.execute("SELECT state FROM game_tables WHERE id = ?", (table_id,)).fetchone() == ('{"x": 1}',)


async def test_timers_order_and_delete(store):
    table_id = await new_table(store)
    late = await store.tables.add_timer("deadline", 200.0, table_id=table_id, payload={"seat": 1})
    early = await store.tables.add_timer("reminder", 100.0, table_id=table_id)
    assert (await store.tables.next_timer()).id == early
    assert await store.tables.delete_timer(early)
    upcoming = await store.tables.next_timer()
    assert (upcoming.id, upcoming.payload) == (late, {"seat": 1})
    assert await store.tables.delete_timers(table_id=table_id) == 1
    assert await store.tables.next_timer() is None


async def test_seat_updates_and_user_tables(store):
    table_id = await new_table(store)
    await store.tables.add_seat(table_id, user_id=10, display_name="Ada", max_seats=5)
    await store.tables.update_seat(table_id, 0, dm_ok=False, dm_message_id=99)
    seat = (await store.tables.seats(table_id))[0]
    assert (seat.dm_ok, seat.dm_message_id) == (False, 99)
    with pytest.raises(ValueError):
        await store.tables.update_seat(table_id, 0, state="x")
    assert [t.id for t in await store.tables.tables_of_user(10, "lobby")] == [table_id]
