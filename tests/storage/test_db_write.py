"""Database.write (a transaction on the event loop's thread, or in one trip to the database thread)
and Database.read_point."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from storage import Store
import storage.db as db_module
from storage.db import NothingChanged


@pytest.fixture
async def db(tmp_path):
    store = await Store.open(tmp_path / "bot.sqlite3")
    await store.db.fetchall("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)")
    yield store.db
    await store.close()


async def texts(db) -> list[str]:
    return [r["text"] for r in await db.fetchall("SELECT text FROM notes ORDER BY id")]


async def test_all_statements_commit_together_and_return_their_rows(db):
    rows = await db.write([("INSERT INTO notes (text) VALUES (?) RETURNING id", ("a",)),
                           ("INSERT INTO notes (text) VALUES (?), (?)", ("b", "c"))])
    assert [r["id"] for r in rows[0]] == [1] and rows[1] == []
    assert await texts(db) == ["a", "b", "c"]
    assert not db.conn.in_transaction


async def test_a_required_change_that_did_not_happen_rolls_everything_back(db):
    with pytest.raises(NothingChanged):
        await db.write([("INSERT INTO notes (text) VALUES ('kept?')", ()),
                        ("UPDATE notes SET text = 'x' WHERE id = 99 RETURNING id", ()),
                        ("INSERT INTO notes (text) VALUES ('never')", ())], must_change=1)
    assert await texts(db) == [] and not db.conn.in_transaction


async def test_a_failing_statement_rolls_everything_back(db):
    with pytest.raises(sqlite3.IntegrityError):
        await db.write([("INSERT INTO notes (text) VALUES ('kept?')", ()),
                        ("INSERT INTO notes (text) VALUES (NULL)", ())])
    assert await texts(db) == [] and not db.conn.in_transaction
    await db.write([("INSERT INTO notes (text) VALUES ('next')", ())])  # the connection still works
    assert await texts(db) == ["next"]


async def test_inside_a_transaction_the_statements_join_it(db):
    with pytest.raises(RuntimeError):
        async with db.transaction():
            await db.write([("INSERT INTO notes (text) VALUES ('joined')", ())])
            assert db.conn.in_transaction  # not committed on its own
            raise RuntimeError("the outer block fails")
    assert await texts(db) == []


async def test_a_point_read_sees_what_is_committed_and_its_own_transaction(db):
    await db.write([("INSERT INTO notes (text) VALUES ('first')", ())])
    assert (await db.read_point("SELECT text FROM notes WHERE id = 1"))["text"] == "first"
    async with db.transaction():
        await db.write([("UPDATE notes SET text = 'changing' WHERE id = 1", ())])
        # the task writing reads its own change; another task sees the last commit
        assert (await db.read_point("SELECT text FROM notes WHERE id = 1"))["text"] == "changing"
        other = await asyncio.create_task(db.read_point("SELECT text FROM notes WHERE id = 1"))
        assert other["text"] == "first"
    assert (await db.read_point("SELECT text FROM notes WHERE id = 1"))["text"] == "changing"
    assert await db.read_point("SELECT text FROM notes WHERE id = 2") is None


async def test_the_point_reader_cannot_write(db):
    with pytest.raises(sqlite3.OperationalError):
        await db.read_point("INSERT INTO notes (text) VALUES ('no') RETURNING id")
    assert await texts(db) == []


async def test_the_point_reader_opens_a_path_with_uri_characters(tmp_path):
    folder = tmp_path / "odd ?#% name"
    store = await Store.open(folder / "bot.sqlite3")
    try:
        assert (await store.db.read_point("SELECT COUNT(*) AS n FROM game_tables"))["n"] == 0
        assert store.db._reader is not None  # the read went through the point reader
    finally:
        await store.close()


async def test_a_point_read_that_finds_the_database_locked_waits_on_the_database_thread(db):
    """A WAL reader is rarely refused (a tool holding the file in exclusive mode, a recovery);
    then the read waits on the database thread instead of stalling the event loop."""
    await db.write([("INSERT INTO notes (text) VALUES ('first')", ())])

    class Locked:
        def execute(self, *args):
            error = sqlite3.OperationalError("database is locked")
            error.sqlite_errorcode = sqlite3.SQLITE_BUSY  # as SQLite reports it
            raise error

    reader, db._reader = db._reader, Locked()
    writer_reads: list[str] = []
    await db.conn.set_trace_callback(writer_reads.append)
    row = await db.read_point("SELECT text FROM notes WHERE id = ?", (1,))
    await db.conn.set_trace_callback(None)
    db._reader = reader
    assert row["text"] == "first"
    assert any("SELECT text FROM notes" in sql for sql in writer_reads)  # read by the database thread


async def test_a_point_read_of_a_wrong_statement_still_fails(db):
    with pytest.raises(sqlite3.OperationalError, match="no such table"):
        await db.read_point("SELECT * FROM missing WHERE id = 1")


async def test_a_write_runs_on_the_event_loops_thread_and_the_database_thread_sees_it(db):
    thread_statements: list[str] = []
    await db.conn.set_trace_callback(thread_statements.append)
    await db.write([("INSERT INTO notes (text) VALUES ('here')", ())])
    await db.conn.set_trace_callback(None)
    assert thread_statements == []  # nothing went by the database thread
    assert await texts(db) == ["here"]  # committed: the thread's connection reads it


async def test_the_loop_writer_keeps_the_promised_durability_and_foreign_keys(tmp_path):
    store = await Store.open(tmp_path / "full.sqlite3", sync="full")
    try:
        writer = store.db._writer
        assert writer.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert writer.execute("PRAGMA foreign_keys").fetchone()[0] == 1
        assert writer.execute("PRAGMA wal_autocheckpoint").fetchone()[0] == 0  # see the next test
    finally:
        await store.close()


async def test_the_log_is_checkpointed_on_the_database_thread_after_many_loop_commits(db, monkeypatch):
    """The loop's writer never copies the log into the database file itself (that flushes the
    disk on the event loop); every CHECKPOINT_EVERY commits the database thread does it."""
    monkeypatch.setattr(db_module, "CHECKPOINT_EVERY", 5)
    checkpoints: list[str] = []
    await db.conn.set_trace_callback(lambda sql: checkpoints.append(sql) if "checkpoint" in sql else None)
    for number in range(12):
        await db.write([("INSERT INTO notes (text) VALUES (?)", (str(number),))])
        await asyncio.sleep(0.01)  # let a started checkpoint finish
    await db.conn.set_trace_callback(None)
    assert checkpoints == ["PRAGMA wal_checkpoint(PASSIVE)"] * 2
    busy, logged, copied = (await db.fetchone("PRAGMA wal_checkpoint(PASSIVE)"))
    assert busy == 0 and copied == logged  # nothing was left behind


async def test_a_database_locked_by_another_program_sends_the_write_to_the_database_thread(db, tmp_path):
    """Another program (a backup, an admin's sqlite3 shell) holding the write lock must not stall
    the event loop: the loop's writer gives up after WRITER_WAIT and the database thread waits."""
    other = sqlite3.connect(tmp_path / "bot.sqlite3", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    write = asyncio.create_task(db.write([("INSERT INTO notes (text) VALUES ('after the lock')", ())]))
    began = asyncio.get_running_loop().time()
    ticks = 0
    while not write.done() and ticks < 20:  # the loop keeps turning while the write waits
        await asyncio.sleep(0.01)
        ticks += 1
    assert not write.done() and ticks == 20
    assert asyncio.get_running_loop().time() - began < 1.0
    other.execute("COMMIT")
    other.close()
    await write
    assert await texts(db) == ["after the lock"]


async def test_what_waits_for_a_commit_runs_after_it_and_never_after_a_rollback(db):
    ran: list[str] = []
    db.after_commit(lambda: ran.append("outside"))  # no transaction: at once
    assert ran == ["outside"]
    async with db.transaction():
        await db.write([("INSERT INTO notes (text) VALUES ('a')", ())])
        async with db.transaction():  # joins the outer one: waits for its commit
            db.after_commit(lambda: ran.append("inner"))
        assert ran == ["outside"]
    assert ran == ["outside", "inner"]
    with pytest.raises(RuntimeError):
        async with db.transaction():
            db.after_commit(lambda: ran.append("rolled back"))
            raise RuntimeError("undone")
    assert ran == ["outside", "inner"] and await texts(db) == ["a"]


async def test_a_commit_that_fails_and_leaves_the_transaction_open_is_rolled_back(db):
    """SQLite's own advice: after an error it does not undo itself (here a deferred foreign key
    checked at COMMIT), roll back. Left open, the transaction would refuse every later write
    ("cannot start a transaction within a transaction") until a restart."""
    await db.fetchall("CREATE TABLE parents (id INTEGER PRIMARY KEY)")
    await db.fetchall("CREATE TABLE children (parent INTEGER REFERENCES parents (id) DEFERRABLE INITIALLY DEFERRED)")
    with pytest.raises(sqlite3.IntegrityError):
        async with db.transaction():
            await db.write([("INSERT INTO children (parent) VALUES (7)", ()),
                            ("INSERT INTO notes (text) VALUES ('undone')", ())])
    assert not db.conn.in_transaction
    await db.write([("INSERT INTO notes (text) VALUES ('next')", ())])
    async with db.transaction():
        await db.write([("INSERT INTO notes (text) VALUES ('and next')", ())])
    assert await texts(db) == ["next", "and next"]
