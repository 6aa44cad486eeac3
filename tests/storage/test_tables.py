"""Storage against a real SQLite file."""

from __future__ import annotations

import json
import sqlite3

import pytest

from storage import MoveWrite, NewerSchema, NewTimer, NotOurs, StaleVersion, Store
from storage.db import migrations


@pytest.fixture
async def store(tmp_path):
    opened = await Store.open(tmp_path / "bot.sqlite3")
    yield opened
    await opened.close()


async def new_table(store: Store, **extra) -> int:
    return await store.tables.create_table(guild_id=1, channel_id=2, game="augsburg1520",
                                           options={"open_money": False}, seed=42, creator_id=7, **extra)


def move(table_id: int, expected: int, *, action: str = "{}", state: str = "{}", prompts=None, **extra) -> MoveWrite:
    return MoveWrite(table_id=table_id, expected_version=expected, actions=[(0, action)], state=state,
                     prompts=prompts or {}, **extra)


async def test_migrations_are_recorded_and_reapplying_is_a_no_op(tmp_path):
    path = tmp_path / "bot.sqlite3"
    first = await Store.open(path)
    assert await first.db.schema_version() == len(migrations())
    await first.close()
    second = await Store.open(path)  # opening again must not fail or re-run anything
    assert await second.db.schema_version() == len(migrations())
    await second.close()


async def test_a_failing_migration_leaves_the_database_as_it_was(tmp_path, monkeypatch):
    """The pending migrations are applied together: a statement that fails rolls them all back,
    and the next start applies them again."""
    import storage.db as db_module
    path = tmp_path / "bot.sqlite3"
    shipped = migrations()
    monkeypatch.setattr(db_module, "migrations", lambda: shipped[:3])
    await (await Store.open(path)).close()
    broken = (len(shipped) + 1, f"V{len(shipped) + 1}__broken.sql", "CREATE TABLE x (a INTEGER);\nNOT SQL AT ALL;")
    monkeypatch.setattr(db_module, "migrations", lambda: [*shipped, broken])
    with pytest.raises(sqlite3.OperationalError):
        await Store.open(path)
    with sqlite3.connect(path) as raw:
        assert raw.execute("SELECT MAX(version) FROM schema_migrations").fetchone() == (3,)
        assert raw.execute("SELECT name FROM sqlite_master WHERE name IN ('x', 'table_notes')").fetchall() == []
    monkeypatch.setattr(db_module, "migrations", lambda: shipped)
    again = await Store.open(path)
    assert await again.db.schema_version() == len(shipped)
    await again.close()


async def test_pragmas_make_writes_durable(store, tmp_path):
    """WAL: a commit is in the log before the bot answers (it survives the process being killed);
    `database_sync = "full"` also flushes every commit to the disk."""
    mode = await store.db.fetchone("PRAGMA journal_mode")
    sync = await store.db.fetchone("PRAGMA synchronous")
    assert mode[0] == "wal"
    assert sync[0] == 1  # NORMAL
    full = await Store.open(tmp_path / "full.sqlite3", "full")
    assert (await full.db.fetchone("PRAGMA synchronous"))[0] == 2  # FULL
    await full.close()


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
    version = await store.tables.save_move(move(table_id, 0, action='{"kind": "pass"}', state='{"n": 1}',
                                                prompts={0: (1, "def")}))
    assert version == 1
    row = await store.tables.get(table_id)
    assert (row.state, row.version, row.prompts) == ('{"n": 1}', 1, {0: (1, "def")})
    assert await store.tables.actions(table_id) == [(1, 0, '{"kind": "pass"}')]


async def test_stale_version_is_rejected_and_changes_nothing(store):
    table_id = await new_table(store)
    await store.tables.add_seat(table_id, user_id=10, display_name="Ada", max_seats=5)
    await store.tables.start(table_id, state='{"n": 0}', prompts={}, seat_order=[0])
    await store.tables.save_move(move(table_id, 0, state='{"n": 1}'))
    with pytest.raises(StaleVersion):
        await store.tables.save_move(move(table_id, 0, state='{"n": 99}'))
    row = await store.tables.get(table_id)
    assert (row.state, row.version) == ('{"n": 1}', 1)
    assert len(await store.tables.actions(table_id)) == 1


async def test_finishing_move_stores_outcome_and_status(store):
    table_id = await new_table(store)
    await store.tables.add_seat(table_id, user_id=10, display_name="Ada", max_seats=5)
    await store.tables.start(table_id, state="{}", prompts={}, seat_order=[0])
    outcome = json.dumps({"ranking": [[0]]})
    await store.tables.save_move(move(table_id, 0, outcome=outcome))
    row = await store.tables.get(table_id)
    assert (row.status, row.outcome, row.finish_due) == ("finished", outcome, True)
    assert await store.tables.due() == ([], [table_id])
    with pytest.raises(StaleVersion):  # a finished table takes no more moves
        await store.tables.save_move(move(table_id, 1))
    await store.tables.finish_done(table_id)
    assert await store.tables.due() == ([], [])


async def test_committed_move_is_visible_to_another_connection(store, tmp_path):
    """Each accepted action is committed before the bot answers: a second reader sees it."""
    table_id = await new_table(store)
    await store.tables.add_seat(table_id, user_id=10, display_name="Ada", max_seats=5)
    await store.tables.start(table_id, state="{}", prompts={}, seat_order=[0])
    await store.tables.save_move(move(table_id, 0, state='{"x": 1}'))
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


async def running_table(store: Store, seats: int = 2) -> int:
    table_id = await new_table(store)
    for user in range(seats):
        await store.tables.add_seat(table_id, user_id=10 + user, display_name=f"p{user}", max_seats=5)
    await store.tables.start(table_id, state="{}", prompts={}, seat_order=list(range(seats)))
    return table_id


async def test_load_reads_the_table_and_its_seats_in_one_statement(store):
    table_id = await running_table(store, seats=3)
    statements: list[str] = []
    await store.db.trace(statements.append)
    table, seats = await store.tables.load(table_id)
    await store.db.trace(None)
    assert len(statements) == 1
    assert table.id == table_id and [(s.seat, s.user_id) for s in seats] == [(0, 10), (1, 11), (2, 12)]
    assert await store.tables.load(table_id + 1) is None


async def test_a_move_writes_actions_timers_and_seats_in_one_commit(store):
    table_id = await running_table(store)
    await store.tables.add_timer("decision", 50.0, table_id=table_id, seat=0, payload={"seat": 0})
    await store.tables.add_timer("decision", 60.0, table_id=table_id, seat=1, payload={"seat": 1})
    statements: list[str] = []
    await store.db.trace(statements.append)
    await store.tables.save_move(MoveWrite(
        table_id=table_id, expected_version=0, actions=[(0, '{"a": 1}'), (1, '{"a": 2}')], state='{"n": 2}',
        prompts={0: (2, "x")}, computer_due=True, recent_events=[(1, "{p0} bids")], timer_seats=[0],
        timers=[NewTimer(kind="decision", due_at=99.0, seat=0, payload={"seat": 0})],
        seat_updates={1: {"dm_message_id": 77}}))
    await store.db.trace(None)
    assert sum(s.startswith("COMMIT") for s in statements) == 1
    assert len(statements) <= 8
    table, seats = await store.tables.load(table_id)
    assert (table.version, table.computer_due, table.recent_events) == (2, True, [(1, "{p0} bids")])
    assert [v for v, _, _ in await store.tables.actions(table_id)] == [1, 2]
    assert sorted((t.seat, t.due_at) for t in await store.tables.timers(table_id=table_id)) == [(0, 99.0), (1, 60.0)]
    assert seats[1].dm_message_id == 77
    assert await store.tables.due() == ([table_id], [])


async def test_a_moves_timers_may_be_given_as_plain_fields(store):
    """A MoveWrite takes a timer as a NewTimer or as its fields, as a validating model would."""
    table_id = await running_table(store)
    await store.tables.save_move(MoveWrite(table_id=table_id, expected_version=0, actions=[(0, "{}")], state="{}",
                                           prompts={}, timers=[{"kind": "decision", "due_at": 42.0, "seat": 1}]))
    assert [(t.kind, t.seat, t.due_at) for t in await store.tables.timers(table_id=table_id)] == [("decision", 1, 42.0)]


async def test_a_move_leaves_the_status_columns_alone_unless_they_change(store):
    """Computer seats become due, stop being due, and the game ends: the flags follow each move,
    and a move that changes none of them does not write them (nor their indexes)."""
    table_id = await running_table(store)
    statements: list[str] = []
    await store.db.trace(statements.append)
    steps = [({"computer_due": False, "was_computer_due": False}, ([], []), False),
             ({"computer_due": True, "was_computer_due": False}, ([table_id], []), True),
             ({"computer_due": True, "was_computer_due": True}, ([table_id], []), True),
             ({"computer_due": False, "was_computer_due": True}, ([], []), True),
             ({"computer_due": False, "was_computer_due": False, "outcome": '{"ranking": [[0], [1]]}'},
              ([], [table_id]), True)]
    for version, (flags, due, written) in enumerate(steps):
        statements.clear()
        await store.tables.save_move(move(table_id, version, **flags))
        update = next(s for s in statements if s.startswith("UPDATE game_tables"))
        assert ("computer_due" in update) is written
        assert await store.tables.due() == due
    await store.db.trace(None)
    table = await store.tables.get(table_id)
    assert (table.status, table.version, table.computer_due, table.finish_due) == ("finished", 5, False, True)


async def test_store_calls_inside_a_transaction_join_it_and_roll_back_together(store):
    table_id = await running_table(store)
    with pytest.raises(RuntimeError):
        async with store.transaction():
            await store.tables.update_seat(table_id, 0, dm_message_id=5)
            await store.tables.add_timer("decision", 1.0, table_id=table_id)
            raise RuntimeError("crash before the commit")
    assert (await store.tables.seats(table_id))[0].dm_message_id is None
    assert await store.tables.timers(table_id=table_id) == []


async def test_a_database_from_a_newer_version_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "bot.sqlite3"
    first = await Store.open(path)
    newest = len(migrations())
    await first.db.conn.execute("INSERT INTO schema_migrations VALUES (?, 'V99__future.sql', 'later')", (newest + 5,))
    await first.close()
    before = path.read_bytes()
    with pytest.raises(NewerSchema) as refused:
        await Store.open(path)
    assert f"schema version {newest + 5}" in str(refused.value) and f"up to {newest}" in str(refused.value)
    assert path.read_bytes() == before


async def test_a_newer_database_in_rollback_journal_mode_is_not_switched_to_wal(tmp_path):
    """README: "this database was not changed", also in the journal mode SQLite keeps in the file."""
    path = tmp_path / "bot.sqlite3"
    first = await Store.open(path)
    await first.db.conn.execute("INSERT INTO schema_migrations VALUES (?, 'V99__future.sql', 'later')",
                                (len(migrations()) + 1,))
    await first.close()
    with sqlite3.connect(path) as other:
        other.execute("PRAGMA journal_mode=DELETE")
    before = path.read_bytes()
    with pytest.raises(NewerSchema):
        await Store.open(path)
    assert path.read_bytes() == before and not (tmp_path / "bot.sqlite3-wal").exists()


async def test_another_programs_database_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "accounts.sqlite3"
    with sqlite3.connect(path) as other:
        other.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
        other.execute("INSERT INTO invoices (total) VALUES (12.5)")
    other.close()
    before = path.read_bytes()
    with pytest.raises(NotOurs) as refused:
        await Store.open(path)
    assert "invoices" in str(refused.value) and "not changed" in str(refused.value)
    assert path.read_bytes() == before


@pytest.mark.parametrize("their_migrations", [
    "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, dirty BOOLEAN)",  # golang-migrate
    "CREATE TABLE schema_migrations (version VARCHAR PRIMARY KEY)",  # Rails
])
async def test_another_tools_schema_migrations_is_not_taken_for_the_bots(tmp_path, their_migrations):
    path = tmp_path / "app.sqlite3"
    with sqlite3.connect(path) as other:
        other.execute(their_migrations)
        other.execute("INSERT INTO schema_migrations (version) VALUES (20240101)")
        other.execute("CREATE TABLE users (id INTEGER PRIMARY KEY)")
    other.close()
    before = path.read_bytes()
    with pytest.raises(NotOurs):
        await Store.open(path)
    assert path.read_bytes() == before and not (tmp_path / "app.sqlite3-wal").exists()


async def test_a_load_reads_the_row_again_and_sees_what_another_process_wrote(tmp_path, store):
    """A load gives the rows it parsed last time only while the stored row is the same, value for
    value: a change another process made (or any statement of this one) is seen at once."""
    table_id = await new_table(store)
    await store.tables.add_seat(table_id, user_id=10, display_name="ada", max_seats=4)
    first, seats = await store.tables.load(table_id)
    again, seats_again = await store.tables.load(table_id)
    assert (again, seats_again) == (first, seats)
    with sqlite3.connect(tmp_path / "bot.sqlite3") as other:  # another process's connection
        other.execute("UPDATE game_tables SET board_key = 'changed' WHERE id = ?", (table_id,))
        other.execute("UPDATE seats SET display_name = 'ada lovelace' WHERE table_id = ?", (table_id,))
    table, seats = await store.tables.load(table_id)
    assert table.board_key == "changed" and [s.display_name for s in seats] == ["ada lovelace"]
    await store.tables.set_board(table_id, 99, "mine")
    assert (await store.tables.load(table_id))[0].board_key == "mine"


async def test_loaded_rows_cannot_be_changed_in_place(store):
    """Loads may share the rows they parsed: a row is read, and a changed copy is made with
    model_copy."""
    table_id = await new_table(store)
    await store.tables.add_seat(table_id, user_id=10, display_name="ada", max_seats=4)
    table, seats = await store.tables.load(table_id)
    with pytest.raises(ValueError):
        table.status = "finished"
    with pytest.raises(ValueError):
        seats[0].display_name = "bo"
    seats.clear()  # the list is the caller's own
    assert [s.display_name for s in (await store.tables.load(table_id))[1]] == ["ada"]
    assert table.model_copy(update={"status": "finished"}).status == "finished"
