"""Two bot processes starting at once on a database that does not exist yet (or needs migrating):
both open it, and the migrations are applied once."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
OPEN = textwrap.dedent("""
    import asyncio, sys
    from storage import Store
    async def main():
        try:
            store = await Store.open(sys.argv[1])
        except Exception as exc:
            print("FAIL", type(exc).__name__, exc, flush=True)
            return
        print("version", await store.db.schema_version(), flush=True)
        await store.close()
    asyncio.run(main())
""")


@pytest.mark.slow  # processes started several times over
def test_two_starts_at_once_on_a_new_database_both_open_it(tmp_path):
    for attempt in range(6):  # the race is narrow: several tries
        path = tmp_path / f"bot{attempt}.sqlite3"
        processes = [subprocess.Popen([sys.executable, "-c", OPEN, str(path)], cwd=ROOT, stdout=subprocess.PIPE,
                                      text=True) for _ in range(3)]
        said = [p.communicate(timeout=120)[0].strip() for p in processes]
        assert len(set(said)) == 1 and said[0].startswith("version "), said


async def test_a_new_database_is_said_in_the_log_so_a_mistyped_path_is_noticed(tmp_path, caplog):
    import logging

    from storage import Store

    caplog.set_level(logging.INFO, logger="storage")
    path = tmp_path / "typo" / "bot.sqlite3"
    await (await Store.open(path)).close()
    created = [r.getMessage() for r in caplog.records if "did not exist" in r.getMessage()]
    assert created == [f"database {path} did not exist: a new, empty one was created (if the bot's games are in "
                       "another file, set `database` to it)"], created
    caplog.clear()
    await (await Store.open(path)).close()
    assert not [r for r in caplog.records if "did not exist" in r.getMessage()]


async def test_a_new_database_is_said_in_the_log_when_the_process_lock_made_its_file_first(tmp_path, caplog):
    """`python -m bot` takes its process lock first, which creates the database file empty: that
    file is still a new database, and the log says so (README: "created on first start, which the
    log says")."""
    import logging

    from storage import Store
    from storage.process_lock import hold

    caplog.set_level(logging.INFO, logger="storage")
    path = tmp_path / "bot.sqlite3"
    lock = hold(path)
    try:
        assert path.exists()
        await (await Store.open(path)).close()
    finally:
        lock.release()
    assert [r.getMessage() for r in caplog.records if "did not exist" in r.getMessage()], caplog.text
