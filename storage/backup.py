"""`python -m bot backup <file>`: a consistent copy of the bot's database, also while the bot runs.

A plain file copy is not one: moves committed since the last checkpoint are in the `-wal` file
beside the database, and a copy of the database file alone misses them (or catches it half
written). SQLite's online backup copies the database as one transaction sees it, log included,
while the bot goes on writing."""

from __future__ import annotations

import os
import sqlite3
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

from storage.db import BUSY_WAIT_MS


def backup(source: Path, target: Path) -> int:
    """Copy the database at `source` to the new file `target`; returns its number of tables (games)."""
    if target.exists():
        raise FileExistsError(f"{target} exists already; give the name of a new file")
    folder = target.parent
    if not folder.is_dir():
        raise FileNotFoundError(f"there is no folder {folder} to write {target.name} in")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise PermissionError(f"the folder {folder} cannot be written to")
    if not source.is_file():
        raise FileNotFoundError(f"there is no database at {source}")
    # Written under a new name of its own and given the target's name only once whole: a copy cut
    # off (the command killed) is never mistaken for a backup, which opens as an empty database.
    handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".partial", dir=folder)
    os.close(handle)
    partial = Path(name)
    os.chmod(partial, 0o666 & ~_umask())  # as a file the command created itself (mkstemp's is private)
    try:
        database = sqlite3.connect(source, timeout=BUSY_WAIT_MS / 1000)  # it only reads
        try:
            copy = sqlite3.connect(partial)
            try:
                database.backup(copy, progress=_give_up_when_locked(), sleep=0.05)
                count = _games(copy, source)
            finally:
                copy.close()
        finally:
            database.close()
        _publish(partial, target)
    finally:
        partial.unlink(missing_ok=True)  # no half copy (nor another program's data) left behind
    return int(count)


def _give_up_when_locked() -> Callable[[int, int, int], None]:
    """A backup's progress callback that ends it once the database was locked for as long as a
    statement waits (SQLite's backup would wait for as long as another program holds the lock)."""
    deadline = time.monotonic() + BUSY_WAIT_MS / 1000

    def progress(status: int, remaining: int, total: int) -> None:
        if status in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) and time.monotonic() > deadline:
            raise sqlite3.OperationalError(f"the database is locked by another program (waited "
                                           f"{BUSY_WAIT_MS // 1000} s); try again once it is done")
    return progress


def _games(copy: sqlite3.Connection, source: Path) -> int:
    """The copy's number of tables (games); refused when it is no database of the bot's."""
    try:
        (count,) = copy.execute("SELECT COUNT(*) FROM game_tables").fetchone()
    except sqlite3.OperationalError as exc:
        if "no such table" not in str(exc):
            raise
        raise sqlite3.DatabaseError(f"{source} holds no tables of the bot (is it another program's database, "
                                    "or the wrong file?); no copy was made") from None
    return int(count)


def _publish(partial: Path, target: Path) -> None:
    """Give the whole copy the target's name, never over a file that took the name meanwhile."""
    taken = FileExistsError(f"{target} exists already; give the name of a new file")
    try:
        os.link(partial, target)
    except FileExistsError:
        raise taken from None
    except OSError:  # a file system without hard links (FAT, some network shares): checked, then renamed
        if target.exists():
            raise taken from None
        partial.replace(target)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


USAGE = "usage: python -m bot backup <new file>   a consistent copy of the database, also while the bot runs"


def main(argv: list[str], database: Path) -> int:
    if argv in (["-h"], ["--help"]):
        print(USAGE)
        return 0
    if len(argv) != 1 or argv[0].startswith("-") or not argv[0].strip():
        print(USAGE, file=sys.stderr)
        return 2
    target = Path(argv[0])
    if argv[0].endswith(("/", os.sep)) or target.is_dir():  # Path() would drop the slash and name a file after it
        print(f"Cannot back up {database} to {argv[0]}: that is a folder; give the name of a new file in it, "
              f"e.g. {target / 'backup.sqlite3'}", file=sys.stderr)
        return 2
    try:
        count = backup(database, target)
    except (OSError, sqlite3.Error) as exc:
        print(f"Cannot back up {database} to {target}: {exc}", file=sys.stderr)
        return 1
    print(f"Backed up {database} to {target} ({count} tables). Restore it by stopping the bot and putting the "
          "copy in the database's place (with no -wal or -shm file beside it).")
    return 0
