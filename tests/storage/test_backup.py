"""`python -m bot backup <file>` (README, Backups): a consistent copy of the database while the bot
runs, moves still in the write-ahead log included; a plain copy of the file alone misses them."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from storage import Store
from storage.backup import backup

ROOT = Path(__file__).resolve().parents[2]


async def running_store_with_tables(path: Path, count: int) -> Store:
    store = await Store.open(path)
    for _ in range(count):
        await store.tables.create_table(guild_id=1, channel_id=2, game="augsburg1520", options={}, seed=42,
                                        creator_id=7)
    return store  # left open: its latest commits are in the write-ahead log, not yet in the file


def tables_in(path: Path) -> int:
    """The games in a copy (0 when it lacks even their table: the schema was still in the log)."""
    with sqlite3.connect(path) as copy:
        assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        try:
            count = copy.execute("SELECT COUNT(*) FROM game_tables").fetchone()[0]
        except sqlite3.OperationalError:
            count = 0
    copy.close()
    return count


async def test_a_backup_while_the_bot_runs_holds_every_committed_move(tmp_path):
    path = tmp_path / "bot.sqlite3"
    store = await running_store_with_tables(path, 30)
    try:
        shutil.copyfile(path, tmp_path / "plain.sqlite3")  # what README warns against
        assert backup(path, tmp_path / "copy.sqlite3") == 30
        assert tables_in(tmp_path / "copy.sqlite3") == 30
        assert tables_in(tmp_path / "plain.sqlite3") < 30
    finally:
        await store.close()


async def test_a_backup_never_overwrites_a_file(tmp_path):
    path = tmp_path / "bot.sqlite3"
    await (await running_store_with_tables(path, 1)).close()
    (tmp_path / "old.sqlite3").write_text("keep me")
    with pytest.raises(FileExistsError):
        backup(path, tmp_path / "old.sqlite3")
    assert (tmp_path / "old.sqlite3").read_text() == "keep me"


@pytest.mark.slow  # over half a second
async def test_python_m_bot_backup_copies_the_configured_database(tmp_path):
    path = tmp_path / "bot.sqlite3"
    await (await running_store_with_tables(path, 2)).close()
    config = tmp_path / "config.toml"
    config.write_text(f'database = "{path.as_posix()}"\n')
    env = {**os.environ, "BOARDBOT_CONFIG": str(config), "DISCORD_TOKEN": ""}
    done = subprocess.run([sys.executable, "-m", "bot", "backup", str(tmp_path / "copy.sqlite3")], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "(2 tables)" in done.stdout, done.stderr
    assert tables_in(tmp_path / "copy.sqlite3") == 2
    again = subprocess.run([sys.executable, "-m", "bot", "backup", str(tmp_path / "copy.sqlite3")], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=60)
    assert again.returncode == 1 and "exists already" in again.stderr


def test_a_file_that_is_not_the_bots_database_leaves_no_copy(tmp_path):
    other = tmp_path / "shop.sqlite3"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY)")
    conn.close()
    with pytest.raises(sqlite3.Error, match="holds no tables of the bot .*no copy was made"):
        backup(other, tmp_path / "copy.sqlite3")
    assert list(tmp_path.iterdir()) == [other]


async def test_a_copy_is_given_its_name_only_once_whole(tmp_path, monkeypatch):
    """A backup cut off mid-copy leaves no file under the backup's name (it would open as an empty
    database, and restoring it would start the bot with no games)."""
    path = tmp_path / "bot.sqlite3"
    await (await running_store_with_tables(path, 3)).close()
    seen, connect = [], sqlite3.connect

    class CutOff:  # the database being copied, whose copy stops half way (the command killed)
        def __init__(self, conn):
            self.conn = conn

        def backup(self, target, **kwargs):
            seen.append(sorted(p.name for p in tmp_path.iterdir()))
            raise KeyboardInterrupt

        def __getattr__(self, name):
            return getattr(self.conn, name)

    opened = []

    def first_cut_off(*args, **kwargs):
        opened.append(connect(*args, **kwargs))
        return CutOff(opened[-1]) if len(opened) == 1 else opened[-1]

    monkeypatch.setattr(sqlite3, "connect", first_cut_off)
    with pytest.raises(KeyboardInterrupt):
        backup(path, tmp_path / "copy.sqlite3")
    assert "copy.sqlite3" not in seen[0] and not (tmp_path / "copy.sqlite3").exists()


async def test_a_target_folder_missing_or_closed_is_named(tmp_path):
    path = tmp_path / "bot.sqlite3"
    await (await running_store_with_tables(path, 1)).close()
    with pytest.raises(FileNotFoundError, match="there is no folder .*nowhere to write copy.sqlite3 in"):
        backup(path, tmp_path / "nowhere" / "copy.sqlite3")
    if os.geteuid() != 0:  # root writes into any folder
        closed = tmp_path / "closed"
        closed.mkdir(mode=0o500)
        with pytest.raises(PermissionError, match="the folder .*closed cannot be written to"):
            backup(path, closed / "copy.sqlite3")


def test_backup_help_and_bad_arguments(tmp_path, capsys):
    from storage.backup import main

    assert main(["--help"], tmp_path / "bot.sqlite3") == 0
    assert capsys.readouterr().out.startswith("usage: python -m bot backup <new file>")
    for bad in ([], [""], ["a", "b"], ["-x"]):
        assert main(bad, tmp_path / "bot.sqlite3") == 2
        assert capsys.readouterr().err.startswith("usage:")
    assert main([str(tmp_path / "nowhere" / "copy.sqlite3")], tmp_path / "bot.sqlite3") == 1
    said = capsys.readouterr().err
    assert said.startswith(f"Cannot back up {tmp_path / 'bot.sqlite3'} to ") and "there is no folder" in said


async def test_a_file_beside_the_target_is_left_alone(tmp_path):
    """README: "The command never overwrites a file", also one named like the copy being written."""
    path = tmp_path / "bot.sqlite3"
    await (await running_store_with_tables(path, 2)).close()
    (tmp_path / "copy.sqlite3.partial").write_text("keep me")
    assert backup(path, tmp_path / "copy.sqlite3") == 2
    assert (tmp_path / "copy.sqlite3.partial").read_text() == "keep me"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bot.sqlite3", "copy.sqlite3", "copy.sqlite3.partial"]


async def test_a_file_system_without_hard_links_still_gets_its_copy(tmp_path, monkeypatch):
    """A USB stick or a network share may refuse hard links: the whole copy is renamed instead (the
    target checked first), with the permissions of a file the command created itself."""
    path = tmp_path / "bot.sqlite3"
    await (await running_store_with_tables(path, 2)).close()

    def no_links(source, target):
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    assert backup(path, tmp_path / "copy.sqlite3") == 2 and tables_in(tmp_path / "copy.sqlite3") == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bot.sqlite3", "copy.sqlite3"]
    mask = os.umask(0o022)
    os.umask(mask)
    assert (tmp_path / "copy.sqlite3").stat().st_mode & 0o777 == 0o666 & ~mask


async def test_a_folder_given_as_the_target_is_refused_with_a_file_name_to_give(tmp_path, capsys):
    """`backup sub/` (a folder, existing or not) would otherwise write a file named `sub`."""
    from storage.backup import main

    path = tmp_path / "bot.sqlite3"
    await (await running_store_with_tables(path, 1)).close()
    (tmp_path / "there").mkdir()
    for folder in (f"{tmp_path / 'sub'}/", str(tmp_path / "there")):
        assert main([folder], path) == 2
        said = capsys.readouterr().err
        assert "that is a folder; give the name of a new file in it" in said and "backup.sqlite3" in said
    assert not (tmp_path / "sub").exists() and not list((tmp_path / "there").iterdir())


async def test_a_database_another_program_keeps_locked_is_named_after_a_short_wait(tmp_path, monkeypatch):
    """Like a start on a locked database, a backup waits as long as a statement does, then says
    why it made no copy (SQLite's own backup would wait for as long as the lock is held)."""
    import time

    import storage.backup as backup_module

    monkeypatch.setattr(backup_module, "BUSY_WAIT_MS", 300)
    path = tmp_path / "bot.sqlite3"
    await (await running_store_with_tables(path, 1)).close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA locking_mode=EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("UPDATE game_tables SET id = id")
    began = time.monotonic()
    with pytest.raises(sqlite3.OperationalError, match="locked by another program"):
        backup(path, tmp_path / "copy.sqlite3")
    assert time.monotonic() - began < 10
    assert sorted(p.name for p in tmp_path.iterdir() if "copy" in p.name) == []  # no partial copy left
    holder.execute("ROLLBACK")
    holder.close()
    assert backup(path, tmp_path / "copy.sqlite3") == 1  # once the lock is gone
