"""One bot process per SQLite database: two would both run the timers, computer seats and start-up
work of every table (each move stays consistent, but players would get everything twice)."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import IO

try:
    import fcntl
except ImportError:  # Windows: no advisory locks here; one process per database is then up to the operator
    fcntl = None  # type: ignore[assignment]


class AlreadyRunning(RuntimeError):
    """Another process holds the database's lock."""


class HeldLock:
    """The process lock of a database, held until `release`."""

    def __init__(self, file: IO[str], path: Path, created: bool, database: int | None = None) -> None:
        self.file, self.path, self.created = file, path, created
        self.database = database  # the database file itself, locked too (see _lock_database)

    def release(self, *, remove_created: bool = False) -> None:
        """Let the lock go. `remove_created`: also delete the lock file if taking the lock created
        it (the database was refused as another program's: nothing of the bot's stays beside it)."""
        if remove_created and self.created:
            self.path.unlink(missing_ok=True)  # still held: nobody else locked this file meanwhile
        if self.database is not None:
            os.close(self.database)
        self.file.close()


def lock_path(database: str | Path) -> Path:
    """The lock file beside the database, named after its real path: a second process reaching the
    same file through a symbolic link finds the same lock."""
    return Path(f"{Path(database).resolve()}.lock")


def hold(database: str | Path) -> HeldLock | None:
    """Take the database's process lock until it is released or the process ends (the system
    drops it even after kill -9). Raises AlreadyRunning if another process has it."""
    if fcntl is None or str(database) == ":memory:":
        return None
    # Failures are told as a database that cannot be opened (its path, its permissions).
    try:
        path = lock_path(database)
    except (OSError, RuntimeError) as exc:  # a loop of symbolic links, a folder it may not enter...
        raise sqlite3.OperationalError(f"cannot follow its path ({getattr(exc, 'strerror', None) or exc})") from exc
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise sqlite3.OperationalError(f"cannot create its folder ({exc.strerror or exc})") from exc
    created = not path.exists()
    try:
        handle = open(path, "a+", encoding="utf-8")
    except OSError as exc:
        raise sqlite3.OperationalError(f"cannot create its lock file {path} ({exc.strerror or exc})") from exc
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.seek(0)
        holder = handle.read().strip()
        handle.close()
        raise AlreadyRunning(f"another bot process{f' (pid {holder})' if holder.isdigit() else ''} is running on "
                             f"the database {database}; stop it first, or give this one its own `database`") from None
    try:
        database_lock = _lock_database(database)
    except BaseException:
        if created:  # still held by this process alone: no lock file of a refused start stays behind
            path.unlink(missing_ok=True)
        handle.close()
        raise
    handle.seek(0)
    handle.truncate()
    handle.write(str(os.getpid()))
    handle.flush()
    return HeldLock(handle, path, created, database_lock)


def _lock_database(database: str | Path) -> int | None:
    """Lock the database file itself as well: a hard link to it is the same file under another name
    (with another lock file beside it). An advisory lock of its own kind, which SQLite's locks of
    the file do not meet; the file is created empty if new, as SQLite would create it. None when
    it cannot be opened: the store's opening then says why."""
    try:
        descriptor = os.open(database, os.O_RDONLY | os.O_CREAT, 0o644)
    except OSError:
        return None
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(descriptor)
        raise AlreadyRunning(f"another bot process is running on the database {database} under another name "
                             "(a hard link to the same file); stop it first, or give this one its own `database`") from None
    return descriptor
