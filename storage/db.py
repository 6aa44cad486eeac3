"""The SQLite connection and the numbered migrations."""

from __future__ import annotations

import asyncio
import contextvars
import functools
import logging
import re
import sqlite3
from contextlib import asynccontextmanager
from datetime import datetime, timezone
from importlib import resources
from pathlib import Path
from typing import Any, AsyncIterator, Callable, Iterable, Literal, Sequence

import aiosqlite

log = logging.getLogger(__name__)

_MIGRATION_NAME = re.compile(r"^V(\d+)__[\w-]+\.sql$")

# The task that holds the open transaction, so that store functions called inside
# `transaction()` join it instead of opening their own (one commit for a whole unit of work).
_IN_TRANSACTION: contextvars.ContextVar[asyncio.Task[Any] | None] = contextvars.ContextVar(
    "storage_transaction_owner", default=None)
# What waits for that transaction's commit (Database.after_commit).
_AFTER_COMMIT: contextvars.ContextVar[list[Callable[[], None]] | None] = contextvars.ContextVar(
    "storage_after_commit", default=None)


# How a commit reaches the disk. "normal": a commit is in the write-ahead log before the bot
# answers, so it survives the bot being killed or crashing; the operating system writes it to
# the disk soon after (a power cut or an operating-system crash may lose the last moments).
# "full": every commit also waits for the disk (fsync): it survives a power cut too, at the
# cost of one disk flush per move (several milliseconds on many disks).
Sync = Literal["normal", "full"]


Statement = tuple[str, Sequence[Any]]


BUSY_WAIT_MS = 5000  # how long a statement waits for a lock another process holds
READER_WAIT = 0.02  # seconds the point reader may wait for a lock on the event loop's thread
WRITER_WAIT = 0.02  # the same for a write on the event loop's thread (see Database.write)
# The event loop's writer never checkpoints the write-ahead log itself (a checkpoint copies pages
# to the database file and flushes it: milliseconds the loop must not stall); after this many of
# its commits, a passive checkpoint runs on the database thread instead.
CHECKPOINT_EVERY = 200
# What SQLite says of a file that is damaged (or is no database).
DAMAGE = re.compile(r"file is not a database|malformed|file is encrypted")


class NothingChanged(Exception):
    """A write that had to change a row changed none; its transaction was rolled back."""


class NewerSchema(RuntimeError):
    """The database was written by a newer version of the bot; it is left untouched."""


class NotOurs(RuntimeError):
    """The file holds another program's tables (and none of the bot's); it is left untouched."""


def utcnow() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def iso_time(seconds: float) -> str:
    """A time in seconds (a clock's) as stored: ISO 8601 in UTC, to the millisecond."""
    return datetime.fromtimestamp(seconds, timezone.utc).isoformat(timespec="milliseconds")


def migrations() -> list[tuple[int, str, str]]:
    """(version, file name, SQL) for every migration shipped in storage/migrations, in order."""
    return list(_shipped_migrations())


@functools.cache  # the shipped files do not change while the bot runs; every open reads them
def _shipped_migrations() -> tuple[tuple[int, str, str], ...]:
    found = []
    for entry in resources.files("storage.migrations").iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    versions = [v for v, _, _ in found]
    if versions != list(range(1, len(versions) + 1)):
        raise RuntimeError(f"storage migrations must be numbered 1..n without gaps, found {versions}")
    return tuple(found)


class Database:
    """One aiosqlite connection in autocommit mode; writes go through `transaction()`,
    which holds a lock so coroutines never interleave inside one transaction."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self._write_lock = asyncio.Lock()
        self._reader: sqlite3.Connection | None = None  # see read_point
        self._writer: sqlite3.Connection | None = None  # see write
        self._unchecked_commits = 0
        self._checkpoint: asyncio.Task[Any] | None = None
        self._damage_check: asyncio.Task[str | None] | None = None  # see refuse_if_damaged
        self._checking: sqlite3.Connection | None = None  # the connection that check reads by

    @classmethod
    async def open(cls, path: str | Path, sync: Sync = "normal") -> "Database":
        """Open (creating it and its folder if need be) and migrate the database. A path that
        cannot hold one raises sqlite3.Error, with nothing left open."""
        # An empty file is new too: the process lock (storage/process_lock.py) creates it first.
        new = str(path) != ":memory:" and (not Path(path).exists() or Path(path).stat().st_size == 0)
        if str(path) != ":memory:":
            try:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            except OSError as exc:  # a file where the folder should be, no permission...
                raise sqlite3.OperationalError(f"cannot create its folder ({exc.strerror or exc})") from exc
        connecting = aiosqlite.connect(str(path), isolation_level=None)
        try:
            conn = await connecting
        except BaseException:
            # aiosqlite stops its worker thread without waiting; the thread's last word must
            # reach the event loop before the loop closes, or it prints a traceback.
            await asyncio.to_thread(connecting._thread.join, 5)
            raise
        db = cls(conn)
        try:
            conn.row_factory = aiosqlite.Row
            await _pragma(conn, f"busy_timeout={BUSY_WAIT_MS}")
            await db._check_ours()  # before anything changes the file (WAL mode included)
            # WAL lets readers run during a write; `sync` says what a commit survives (see Sync).
            for pragma in ("journal_mode=WAL", f"synchronous={sync.upper()}", "foreign_keys=ON"):
                await _pragma(conn, pragma)
            await db.migrate()
            await db._check_writable()
            if new:  # said plainly: a mistyped path starts an empty database, not the games kept elsewhere
                log.info("database %s did not exist: a new, empty one was created (if the bot's games are "
                         "in another file, set `database` to it)", path)
            log.info("database %s open, schema version %s", path, await db.schema_version())
            if str(path) != ":memory:":
                db._open_loop_connections(Path(path).resolve(), sync)
                db._checking = sqlite3.connect(Path(path).resolve().as_uri() + "?mode=ro", uri=True,
                                               timeout=BUSY_WAIT_MS / 1000, check_same_thread=False)
                db._damage_check = asyncio.create_task(asyncio.to_thread(_damage_found, db._checking))
        except BaseException:
            await db.close()  # its worker thread too, or the process would never exit
            raise
        return db

    async def _check_ours(self) -> None:
        """Refuse, changing nothing, a file another program's tables fill, or one a newer version of
        the bot wrote (NotOurs, NewerSchema)."""
        names = {row["name"] for row in await run(
            self.conn, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")}
        if names and not await self._has_own_migrations(names):
            listed = ", ".join(sorted(names)[:5]) + (", ..." if len(names) > 5 else "")
            raise NotOurs(f"The database file holds tables of another program ({listed}) and none of the bot's. "
                          "Point `database` at a new file (or the bot's own); this one was not changed.")
        if names:
            self._newer_refused(await self.schema_version())

    async def _has_own_migrations(self, names: set[str]) -> bool:
        """Whether the file's schema_migrations is the bot's (other tools name theirs alike): its
        columns, and its first migration named as the bot names them."""
        if "schema_migrations" not in names:
            return False
        columns = {row["name"] for row in await run(self.conn, "PRAGMA table_info(schema_migrations)")}
        if not {"version", "name", "applied_at"} <= columns:
            return False
        first = await run(self.conn, "SELECT name FROM schema_migrations ORDER BY version LIMIT 1")
        return not first or bool(_MIGRATION_NAME.match(str(first[0]["name"])))

    @staticmethod
    def _newer_refused(current: int) -> None:
        newest = len(migrations())
        if current > newest:
            raise NewerSchema(
                f"The database has schema version {current}, but this version of the bot knows versions "
                f"up to {newest}: it was written by a newer version of the bot. Run that version (or a "
                "newer one), or point `database` at another file; this database was not changed.")

    async def _check_writable(self) -> None:
        """A file the bot may read but not write opens without complaint when it needs no migration
        (SQLite falls back to read-only): found now, not at the first move. Writes nothing."""
        await run(self.conn, "BEGIN IMMEDIATE")
        try:
            await run(self.conn, "DELETE FROM schema_migrations WHERE 0")
        finally:
            await run(self.conn, "ROLLBACK")

    def _open_loop_connections(self, path: Path, sync: Sync) -> None:
        """The point reader and the writer used on the event loop's own thread. Their busy wait is
        short: the loop must not stall; what they are refused goes by the database thread."""
        self._reader = sqlite3.connect(path.as_uri() + "?mode=ro", uri=True, isolation_level=None,
                                       timeout=READER_WAIT)
        self._reader.row_factory = sqlite3.Row
        self._writer = sqlite3.connect(path, isolation_level=None, timeout=WRITER_WAIT)
        self._writer.row_factory = sqlite3.Row
        for pragma in (f"synchronous={sync.upper()}", "foreign_keys=ON", "wal_autocheckpoint=0"):
            self._writer.execute(f"PRAGMA {pragma}")

    async def refuse_if_damaged(self) -> None:
        """Raise sqlite3.DatabaseError if the check of every page begun at open found damage.

        Opening reads only the file's first pages; damage deeper in would first show as failing
        commands. The check (PRAGMA quick_check, about 3 ms per megabyte) runs on a thread of its
        own from the open on, so that it does not lengthen the start."""
        if self._damage_check is None:
            return
        found = await self._damage_check
        if found is not None:  # SQLite's own words, or what the check lists (said to be damage)
            raise sqlite3.DatabaseError(found if DAMAGE.search(found) else f"database disk image is malformed ({found})")

    async def close(self) -> None:
        if self._checking is not None:
            self._checking.interrupt()  # a stop does not wait for the check of a large file
        for task in (self._checkpoint, self._damage_check):
            if task is not None:
                await asyncio.gather(task, return_exceptions=True)
        if self._checking is not None:
            self._checking.close()
            self._checking = None
        for loop_connection in (self._reader, self._writer):
            if loop_connection is not None:
                loop_connection.close()
        self._reader = self._writer = None
        await self.conn.close()  # the last connection to close checkpoints the whole log

    async def trace(self, callback: Any) -> None:
        """Call `callback` with every statement any connection runs (None: stop)."""
        await self.conn.set_trace_callback(callback)
        for loop_connection in (self._reader, self._writer):
            if loop_connection is not None:
                loop_connection.set_trace_callback(callback)

    def _in_own_transaction(self) -> bool:
        task = asyncio.current_task()
        return task is not None and _IN_TRANSACTION.get() is task

    async def read_point(self, sql: str, params: Iterable[Any] = ()) -> sqlite3.Row | None:
        """One row looked up through an index (say, a table by its id), read on the event loop's
        own thread by a read-only connection: such a read takes tens of microseconds, less than a
        trip to the database thread. It sees what is committed (a write in progress elsewhere is
        not seen until it commits), except inside the caller's own transaction, which is read
        where it is being written. Never use it for reads that scan many rows."""
        if self._reader is None or self._in_own_transaction():
            return await self.fetchone(sql, params)
        try:
            return self._reader.execute(sql, tuple(params)).fetchone()
        except sqlite3.OperationalError as exc:
            if not _busy(exc):
                raise
            return await self.fetchone(sql, params)  # waits on the database thread, not the loop

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction. Called again inside one (by the same task), it joins the outer
        transaction: the outer block commits everything once, or rolls everything back."""
        task = asyncio.current_task()
        if self._in_own_transaction():
            yield self.conn
            return
        async with self._write_lock:
            await run(self.conn, "BEGIN IMMEDIATE")
            token, waiting = _IN_TRANSACTION.set(task), _AFTER_COMMIT.set([])
            try:
                yield self.conn
                await run(self.conn, "COMMIT")
            except BaseException:
                # SQLite undoes some failures itself (then there is nothing to roll back); a
                # failed COMMIT may leave the transaction open, which would refuse every later write.
                if self.conn.in_transaction:
                    await run(self.conn, "ROLLBACK")
                raise
            else:
                for then in _AFTER_COMMIT.get() or ():
                    then()
            finally:
                _IN_TRANSACTION.reset(token)
                _AFTER_COMMIT.reset(waiting)

    def after_commit(self, then: Callable[[], None]) -> None:
        """Call `then` once what the caller's open transaction wrote is committed (never, if it is
        rolled back); at once outside a transaction."""
        waiting = _AFTER_COMMIT.get()
        if self._in_own_transaction() and waiting is not None:
            waiting.append(then)
        else:
            then()

    async def write(self, statements: Sequence[Statement], *, must_change: int | None = None) -> list[list[Any]]:
        """Run `statements` as one transaction and return each one's rows. If statement number
        `must_change` returns no row (say `RETURNING`), everything is rolled back and
        NothingChanged is raised. Inside an open transaction of the same task, the statements
        join it (the outer block commits).

        A move's write is a few small statements: together they take tens of microseconds, less
        than a trip to the database thread and back. So they run on the event loop's thread,
        which never waits long: the write lock keeps this process's own transactions apart, the
        log is checkpointed on the database thread, and a database locked by another process
        sends the write to the database thread, which may wait for it."""
        if self._in_own_transaction():
            return await _in_thread(self.conn, _run_all, self.conn._conn, statements, must_change, False)
        async with self._write_lock:
            if self._writer is not None:
                try:
                    self._writer.execute("BEGIN IMMEDIATE")
                except sqlite3.OperationalError as exc:
                    if not _busy(exc):
                        raise
                else:
                    results = _run_all(self._writer, statements, must_change, True, begun=True)
                    self._committed_on_loop()
                    # Still a point where other tasks run, as the trip to the thread was: a burst
                    # of writes (computer seats playing on) lets other tables' clicks in between.
                    await asyncio.sleep(0)
                    return results
            return await _in_thread(self.conn, _run_all, self.conn._conn, statements, must_change, True)

    def _committed_on_loop(self) -> None:
        self._unchecked_commits += 1
        if self._unchecked_commits >= CHECKPOINT_EVERY and self._checkpoint is None:
            self._unchecked_commits = 0
            self._checkpoint = asyncio.get_running_loop().create_task(self._checkpoint_log())

    async def _checkpoint_log(self) -> None:
        """Copy the log into the database file, on the database thread. Passive: it never makes
        a writer or a reader wait, and what it cannot copy yet is copied next time."""
        try:
            await run(self.conn, "PRAGMA wal_checkpoint(PASSIVE)")
        except (sqlite3.Error, ValueError) as exc:  # closed, or busy: the next checkpoint catches up
            log.info("write-ahead log checkpoint skipped (%s); the next one catches up", exc)
        finally:
            self._checkpoint = None

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> aiosqlite.Row | None:
        rows = await run(self.conn, sql, params)
        return rows[0] if rows else None

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[aiosqlite.Row]:
        return await run(self.conn, sql, params)

    async def set_status(self, table: str, row_id: int, status: str, expected: tuple[str, ...] = ()) -> bool:
        """Set the `status` column of one row of `table` (a table name of this module's schema,
        never user input); with `expected`, only from one of those. True if the row changed."""
        sql = f"UPDATE {table} SET status = ?, updated_at = ? WHERE id = ?"
        params: list[Any] = [status, utcnow(), row_id]
        if expected:
            sql += f" AND status IN ({', '.join('?' for _ in expected)})"
            params.extend(expected)
        changed = await self.write([(sql + " RETURNING id", params)])
        return len(changed[0]) == 1

    async def schema_version(self) -> int:
        row = await self.fetchone("SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations")
        return int(row["v"]) if row else 0

    async def migrate(self) -> None:
        await execute(
            self.conn,
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)",
        )
        current = await self.schema_version()
        known = migrations()
        self._newer_refused(current)
        pending = [(version, name, _split_sql(sql)) for version, name, sql in known if version > current]
        if pending:
            async with self._write_lock:
                await _in_thread(self.conn, _apply_migrations, self.conn._conn, pending)
            log.info("database schema migrated from version %s to %s", current, known[-1][0])


async def run(conn: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()) -> list[aiosqlite.Row]:
    """Run one statement and return all its rows, in one trip to the database thread (a cursor
    costs two more: each trip is a thread hand-over, which is most of a small statement's time).
    Writes that must know whether they changed a row say `RETURNING`."""
    return list(await conn.execute_fetchall(sql, tuple(params)))


async def execute(conn: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()) -> tuple[int, int]:
    """Run one statement and close its cursor at once (an open cursor blocks COMMIT).
    Returns (rowcount, lastrowid); when neither is needed, `run` is one trip cheaper."""
    async with conn.execute(sql, tuple(params)) as cursor:
        return cursor.rowcount, cursor.lastrowid or 0


async def _in_thread(conn: aiosqlite.Connection, function: Any, *args: Any) -> Any:
    """Call `function` on the connection's own thread (aiosqlite runs every statement there;
    `_execute` is how its own methods do it)."""
    return await conn._execute(function, *args)


async def _pragma(conn: aiosqlite.Connection, pragma: str) -> None:
    """Set a pragma at open. Switching to WAL needs a lock that another process opening the same
    new file at that moment may hold, and SQLite refuses it at once instead of waiting: try again."""
    for attempt in range(50):
        try:
            await execute(conn, f"PRAGMA {pragma}")
            return
        except sqlite3.OperationalError as exc:
            if not _busy(exc) or attempt == 49:
                raise
            await asyncio.sleep(0.1)


def _damage_found(conn: sqlite3.Connection) -> str | None:
    """What PRAGMA quick_check finds wrong in the database `conn` reads (its first findings), or None."""
    try:
        findings = [row[0] for row in conn.execute("PRAGMA quick_check(3)")]
    except sqlite3.DatabaseError as exc:
        if isinstance(exc, sqlite3.OperationalError) and not DAMAGE.search(str(exc)):
            if "interrupt" not in str(exc):  # not by a stop: a lock...
                log.warning("the database check at start-up could not run: %s", exc)
            return None
        return str(exc)
    return None if findings == ["ok"] else "; ".join(findings)


def _busy(exc: sqlite3.OperationalError) -> bool:
    """SQLite refused for a lock another connection holds (not for a wrong statement)."""
    primary = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF  # extended codes keep it low
    return primary in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def _run_all(sqlite: sqlite3.Connection, statements: Sequence[Statement], must_change: int | None,
             own_transaction: bool, begun: bool = False) -> list[list[Any]]:
    """The statements of Database.write, in order, on the thread that owns `sqlite`; with
    `own_transaction`, in a transaction of their own (`begun`: already opened)."""
    if own_transaction and not begun:
        sqlite.execute("BEGIN IMMEDIATE")
    try:
        results = []
        for number, (sql, params) in enumerate(statements):
            rows = sqlite.execute(sql, tuple(params)).fetchall()
            if number == must_change and not rows:
                raise NothingChanged(sql.split(None, 2)[:2])
            results.append(rows)
        if own_transaction:
            sqlite.execute("COMMIT")
        return results
    except BaseException:
        if own_transaction and sqlite.in_transaction:
            sqlite.execute("ROLLBACK")
        raise


def _apply_migrations(sqlite: sqlite3.Connection, pending: list[tuple[int, str, list[str]]]) -> None:
    """Apply the (version, name, statements) migrations in one transaction, on the thread that
    owns `sqlite`: one trip there and one commit, rather than several trips for each statement.
    Any failure leaves the database at the version it had."""
    sqlite.execute("BEGIN IMMEDIATE")
    try:
        applied = sqlite.execute("SELECT COALESCE(MAX(version), 0) FROM schema_migrations").fetchone()[0]
        for version, name, statements in pending:
            if version <= applied:  # another process starting at once applied it
                continue
            for statement in statements:
                sqlite.execute(statement)
            sqlite.execute("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                           (version, name, utcnow()))
        sqlite.execute("COMMIT")
    except BaseException:
        if sqlite.in_transaction:
            sqlite.execute("ROLLBACK")
        raise


def _split_sql(sql: str) -> list[str]:
    """Statements of a migration file (they contain no semicolons inside literals)."""
    lines = [line.split("--", 1)[0] for line in sql.splitlines()]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
