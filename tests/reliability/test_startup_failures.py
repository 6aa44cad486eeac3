"""A start-up that fails (no network, a rejected token, Discord failing, a database from a newer
version) ends with one line that says what to check and a non-zero exit; no traceback unless the
log level is DEBUG."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import discord
import pytest

from bot import startup
from bot.settings import Settings
from storage import Store
from storage.db import migrations

ROOT = Path(__file__).resolve().parents[2]

# `python -m bot` with Discord's address pointed at a closed local port: no network, quickly.
NO_NETWORK = ("import sys, discord.http; discord.http.Route.BASE = 'http://127.0.0.1:9/api/v10'; "
              "from bot.__main__ import main; sys.exit(main([]))")


def run_bot(tmp_path: Path, log_level: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "DISCORD_TOKEN": "a.token.x", "BOARDBOT_CONFIG": str(tmp_path / "config.toml")}
    (tmp_path / "config.toml").write_text(
        f'database = "{tmp_path / "bot.sqlite3"}"\nlog_level = "{log_level}"\n')
    return subprocess.run([sys.executable, "-c", NO_NETWORK], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)


@pytest.mark.slow
def test_no_network_ends_with_one_line_and_an_error_code(tmp_path):
    done = run_bot(tmp_path, "INFO")
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    lines = [line for line in done.stderr.splitlines() if line.startswith("Cannot start:")]
    assert len(lines) == 1 and "Cannot reach Discord" in lines[0] and "network" in lines[0]


@pytest.mark.slow
def test_the_traceback_is_logged_at_debug(tmp_path):
    done = run_bot(tmp_path, "DEBUG")
    assert done.returncode == 1
    assert "Traceback" in done.stderr and "Cannot start: Cannot reach Discord" in done.stderr


@pytest.mark.parametrize("error, says", [
    (discord.LoginFailure("Improper token has been passed."), "rejected the bot token"),
    (discord.DiscordServerError(type("R", (), {"status": 503, "reason": "Unavailable"})(), "down"),
     "Discord is not answering properly"),
    (discord.GatewayNotFound(), "Cannot reach Discord"),
    (discord.HTTPException(type("R", (), {"status": 429, "reason": "Too Many Requests"})(), "<html>"),
     "rate-limiting this machine"),  # Cloudflare blocking a shared host
    (discord.HTTPException(type("R", (), {"status": 400, "reason": "Bad Request"})(), "bad"), "400"),
])
def test_each_failure_names_what_to_check(tmp_path, monkeypatch, capsys, error, says):
    async def refuse(self, token):
        raise error

    monkeypatch.setattr(discord.Client, "login", refuse)
    assert startup.run(Settings(token="x", database=tmp_path / "bot.sqlite3")) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("Cannot start: ") and says in err


async def test_a_database_from_a_newer_version_names_both_versions(tmp_path):
    path = tmp_path / "bot.sqlite3"
    store = await Store.open(path)
    await store.close()
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, 'V99__x.sql', 'now')")
    line = await refusal_line(path)
    assert line is not None and "schema version 99" in line and f"up to {len(migrations())}" in line


async def refusal_line(path) -> str | None:
    """The `Cannot start:` line of a database the bot refuses to open."""
    try:
        await Store.open(path)
    except Exception as exc:
        return startup.failure_line(exc, Settings(token="x", database=path))
    raise AssertionError(f"the database {path} was opened")


async def test_a_database_another_program_keeps_locked_says_so(tmp_path, monkeypatch):
    """Not "check the path and its permissions": the file is fine, another program holds it."""
    import storage.db as db_module

    monkeypatch.setattr(db_module, "BUSY_WAIT_MS", 200)
    path = tmp_path / "bot.sqlite3"
    await (await Store.open(path)).close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA locking_mode=EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("UPDATE schema_migrations SET name = name")
    try:
        line = await refusal_line(path)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert line is not None and "database is locked" in line and "Another program holds it" in line, line
    assert "permissions" not in line


async def test_another_programs_database_is_one_line_naming_its_tables(tmp_path):
    path = tmp_path / "shop.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY)")
    conn.close()
    line = await refusal_line(path)
    assert line is not None and "another program (invoices)" in line and "not changed" in line


def test_another_programs_database_gets_no_lock_file_beside_it(tmp_path, monkeypatch, capsys):
    """README: another program's database is refused and "not changed"; the start leaves nothing of
    the bot's in its folder."""
    path = tmp_path / "shop.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY)")
    conn.close()

    async def never(self, token):
        raise AssertionError("logged in with another program's database")

    monkeypatch.setattr(discord.Client, "login", never)
    before = sorted(p.name for p in tmp_path.iterdir())
    assert startup.run(Settings(token="x", database=path)) == 1
    assert "another program (invoices)" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == before


@pytest.mark.slow
async def test_a_newer_database_is_told_before_the_network_is_tried(tmp_path):
    """README's start-up failures: the database is opened before Discord is reached, so a machine
    without network and with a database from a newer version is told about the database (else
    the operator would fix the network only to meet the second failure)."""
    path = tmp_path / "bot.sqlite3"
    store = await Store.open(path)
    await store.close()
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, 'V99__x.sql', 'now')")
    done = run_bot(tmp_path, "INFO")
    lines = [line for line in done.stderr.splitlines() if line.startswith("Cannot start:")]
    assert done.returncode == 1 and len(lines) == 1 and "schema version 99" in lines[0], done.stderr


# A login without the network: what discord.py's does before the gateway, minus Discord's answers.
OFFLINE_LOGIN = """
import discord, discord.client
async def login_offline(self, token):
    if self.loop is discord.client._loop:
        await self._async_setup_hook()
    self._connection.application_id = 1
    await self.setup_hook()
"""
_defined: dict = {}
exec(OFFLINE_LOGIN, _defined)
login_offline = _defined["login_offline"]


def forbidden() -> discord.Forbidden:
    response = type("R", (), {"status": 403, "reason": "Forbidden"})()
    return discord.Forbidden(response, {"code": 50001, "message": "Missing Access"})


def test_a_refused_command_sync_names_the_dev_server(tmp_path, monkeypatch, capsys):
    async def refuse(self, *, guild=None):
        raise forbidden()

    monkeypatch.setattr(discord.Client, "login", login_offline)
    monkeypatch.setattr(discord.app_commands.CommandTree, "sync", refuse)
    assert startup.run(Settings(token="x", database=tmp_path / "bot.sqlite3", dev_guild_id=123)) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "dev_guild_id = 123" in err and "applications.commands" in err


@pytest.mark.parametrize("where, says", [
    ("garbage", "file is not a database"),  # a file that is not a database
    ("folder", "unable to open database file"),  # a folder where the file should be
    ("under_a_file", "cannot create its folder"),  # a file where its folder should be
])
@pytest.mark.slow
def test_a_database_path_that_cannot_hold_one_ends_with_one_line(tmp_path, capsys, where, says):
    (tmp_path / "garbage").write_bytes(os.urandom(5000))
    (tmp_path / "folder").mkdir()
    (tmp_path / "a_file").write_text("x")
    path = {"garbage": tmp_path / "garbage", "folder": tmp_path / "folder",
            "under_a_file": tmp_path / "a_file" / "bot.sqlite3"}[where]
    code = (OFFLINE_LOGIN + "discord.Client.login = login_offline\nimport sys; from bot import startup; from bot.settings import Settings; "
            # A Path, as the settings hold it: a folder named in config.toml is refused before this.
            f"import pathlib; sys.exit(startup.run(Settings(token='x', database=pathlib.Path({str(path)!r}))))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "Traceback" not in done.stderr and "Exception" not in done.stderr
    assert done.stderr.startswith("Cannot start: Cannot open the database") and says in done.stderr
    # A damaged file is told to be restored from a backup; a path, to be checked.
    assert ("python -m bot backup" in done.stderr) == (where == "garbage"), done.stderr
    assert ("Check the path" in done.stderr) == (where != "garbage"), done.stderr


@pytest.mark.parametrize("make", ["folder", "latin1"])
def test_a_config_file_that_cannot_be_read_is_one_line(tmp_path, make):
    from bot.settings import SettingsError, load_settings

    path = tmp_path / "config.toml"
    if make == "folder":
        path.mkdir()
    else:
        path.write_bytes('token = "caf\xe9"\n'.encode("latin-1"))
    with pytest.raises(SettingsError) as refused:
        load_settings(path, environ={})
    assert str(path) in str(refused.value) and ("cannot read" in str(refused.value) or "UTF-8" in str(refused.value))


def test_a_second_bot_process_on_the_same_database_does_not_start(tmp_path, monkeypatch, capsys):
    """Two processes on one database would both run every table's timers and computer seats: the
    second stops before it logs in, and says which process holds the database."""
    path = tmp_path / "bot.sqlite3"
    holder = subprocess.Popen([sys.executable, "-c", "import sys, time; from storage.process_lock import hold; "
                               f"lock = hold({str(path)!r}); print('held', flush=True); time.sleep(60)"],
                              cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"

        async def never(self, token):
            raise AssertionError("the second process logged in")

        monkeypatch.setattr(discord.Client, "login", never)
        assert startup.run(Settings(token="x", database=path)) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "another bot process" in err and f"pid {holder.pid}" in err
    finally:
        holder.kill()  # as kill -9: the system drops the lock with the process
        holder.wait()
    refused = forbidden()

    async def refuse(self, token):
        raise refused

    monkeypatch.setattr(discord.Client, "login", refuse)  # the lock is free: this start gets as far as logging in
    assert startup.run(Settings(token="x", database=path)) == 1
    assert "another bot process" not in capsys.readouterr().err


def test_a_second_process_through_a_symbolic_link_finds_the_lock(tmp_path):
    """README: a second process started on the same database stops; a link to the file is the same
    database."""
    from storage.process_lock import AlreadyRunning, hold

    database = tmp_path / "data" / "bot.sqlite3"
    database.parent.mkdir()
    database.touch()
    (tmp_path / "alias.sqlite3").symlink_to(database)
    first = hold(database)
    try:
        with pytest.raises(AlreadyRunning):
            hold(tmp_path / "alias.sqlite3")
    finally:
        first.release()


def test_a_second_process_through_a_hard_link_finds_the_lock(tmp_path):
    """A hard link is the same database file under another name (its lock file would be another):
    the second start stops all the same, and goes once the first lets go."""
    from storage.process_lock import AlreadyRunning, hold

    database = tmp_path / "bot.sqlite3"
    database.touch()
    (tmp_path / "elsewhere").mkdir()
    os.link(database, tmp_path / "elsewhere" / "same.sqlite3")
    first = hold(database)
    try:
        with pytest.raises(AlreadyRunning, match="hard link"):
            hold(tmp_path / "elsewhere" / "same.sqlite3")
        assert not (tmp_path / "elsewhere" / "same.sqlite3.lock").exists()  # nothing left of the refused start
    finally:
        first.release()
    hold(tmp_path / "elsewhere" / "same.sqlite3").release()


# What a database file the bot's user may read but not write gives (first started as root, then
# run as a service user): SQLite opens it read-only without complaint. Tests run as root, whom file
# modes do not stop, so the child opens it read-only itself.
READ_ONLY = ("import aiosqlite; _connect = aiosqlite.connect\n"
             "aiosqlite.connect = lambda path, **kw: _connect(f'file:{path}?mode=ro', uri=True, **kw)\n")


@pytest.mark.slow
def test_a_database_the_bot_may_not_write_ends_with_one_line(tmp_path):
    database = tmp_path / "bot.sqlite3"
    created = subprocess.run([sys.executable, "-c", "import asyncio, sys; from storage import Store\n"
                              "async def m():\n    await (await Store.open(sys.argv[1])).close()\nasyncio.run(m())",
                              str(database)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert created.returncode == 0, created.stderr  # made and migrated: nothing left to write at start
    code = (READ_ONLY + OFFLINE_LOGIN + "discord.Client.login = login_offline\nimport sys, pathlib\n"
            "from bot import startup; from bot.settings import Settings\n"
            f"sys.exit(startup.run(Settings(token='x', database=pathlib.Path({str(database)!r}))))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith(f"Cannot start: Cannot open the database {database}: attempt to write a "
                                  "readonly database. Check the path and its permissions."), done.stderr


@pytest.mark.slow
def test_a_gateway_out_of_reach_after_a_login_ends_with_one_line(tmp_path, monkeypatch, capsys, caplog):
    """The login works (discord.com) but the gateway cannot be reached at the first connection (a
    DNS failure, a proxy that lets HTTPS through but not WebSockets): one line, no traceback."""
    import socket

    from discord.gateway import DiscordWebSocket

    async def logged_in(self, token):
        return None

    async def no_gateway(cls, client, **kwargs):
        raise socket.gaierror(-2, "Name or service not known")

    monkeypatch.setattr(discord.Client, "login", logged_in)
    monkeypatch.setattr(DiscordWebSocket, "from_client", classmethod(no_gateway))
    assert startup.run(Settings(token="x", database=tmp_path / "bot.sqlite3")) == 1
    err = capsys.readouterr().err
    assert err.startswith("Cannot start: Cannot reach Discord.") and err.count("\n") == 1
    assert not [r for r in caplog.records if r.levelname == "ERROR"]


# -- paths the system refuses to look at -----------------------------------------------------
LONG = "a" * 300  # longer than a file name may be (255 bytes on Linux): looking at it fails (ENAMETOOLONG)


def test_a_database_path_the_system_refuses_is_a_bad_setting_naming_the_key(tmp_path):
    """README: "A bad or unknown key stops start-up with a message naming it." A path that cannot even
    be looked at (a name too long here; a folder the bot's user may not enter fails the same way)."""
    from bot.settings import SettingsError, load_settings

    config = tmp_path / "config.toml"
    config.write_text(f'database = "{tmp_path / (LONG + ".sqlite3")}"\n')
    with pytest.raises(SettingsError, match="database: .*cannot use this path"):
        load_settings(config, environ={})
    with pytest.raises(SettingsError, match="cannot read the config file"):
        load_settings(environ={"BOARDBOT_CONFIG": str(tmp_path / (LONG + ".toml"))})


@pytest.mark.slow
def test_python_m_bot_with_a_database_path_the_system_refuses_prints_one_line(tmp_path):
    (tmp_path / "config.toml").write_text(f'token = "a.b.c"\ndatabase = "{LONG}.sqlite3"\n')
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "BOARDBOT_CONFIG")}
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env={**env, "PYTHONPATH": str(ROOT)},
                          capture_output=True, text=True, timeout=120)
    assert "Traceback" not in done.stderr, done.stderr[-400:]
    assert done.returncode == 2 and done.stderr.startswith("Cannot start: ") and "database" in done.stderr


def test_a_database_path_in_a_loop_of_links_is_not_told_as_a_network_failure(tmp_path, monkeypatch, capsys):
    (tmp_path / "loop1").symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(tmp_path / "loop1")

    async def never(self, token):
        raise AssertionError("the bot logged in with a database it cannot lock")

    monkeypatch.setattr(discord.Client, "login", never)
    assert startup.run(Settings(token="x", database=tmp_path / "loop1")) == 1
    err = capsys.readouterr().err
    assert err.startswith("Cannot start: Cannot open the database") and "Cannot reach Discord" not in err, err


def test_only_failures_of_the_network_are_told_as_the_network(tmp_path):
    import errno

    settings = Settings(token="x", database=tmp_path / "bot.sqlite3")
    full = OSError(errno.ENOSPC, "No space left on device", str(tmp_path / "bot.sqlite3.lock"))
    said = startup.failure_line(full, settings)
    assert "Cannot reach Discord" not in said and "No space left on device" in said and "bot.sqlite3.lock" in said
    for unreachable in (OSError(errno.ENETUNREACH, "Network is unreachable"), ConnectionRefusedError(111, "refused")):
        assert startup.failure_line(unreachable, settings).startswith("Cannot reach Discord.")


@pytest.mark.parametrize("in_environment", [True, False])
def test_a_rejected_token_names_where_it_came_from(tmp_path, monkeypatch, capsys, in_environment):
    """DISCORD_TOKEN wins over the config file's `token`: the refusal says which one Discord saw."""
    from bot.settings import load_settings

    async def refuse(self, token):
        raise discord.LoginFailure("Improper token has been passed.")

    config = tmp_path / "bot.toml"
    config.write_text(f'token = "from-file"\ndatabase = "{(tmp_path / "bot.sqlite3").as_posix()}"\n')
    environ = {"BOARDBOT_CONFIG": str(config), "DISCORD_TOKEN": "from-env" if in_environment else ""}
    settings = load_settings(environ=environ)
    assert settings.token == ("from-env" if in_environment else "from-file")
    monkeypatch.setattr(discord.Client, "login", refuse)
    assert startup.run(settings) == 1
    err = capsys.readouterr().err
    where = "Check DISCORD_TOKEN in the environment" if in_environment else f"Check `token` in {config}"
    assert err.startswith("Cannot start: Discord rejected the bot token. ") and where in err, err


async def test_damage_deep_in_the_database_stops_the_start(tmp_path, monkeypatch, capsys):
    """README: "A database file that is damaged (or is no SQLite database) stops the start with a
    `Cannot start:` line that says so: put a backup in its place." Opening reads only the first
    pages; a damaged page of a table deeper in the file is found by the check of every page, run
    in the background from the open on, which stops the bot (else every command would fail with
    the bot online)."""
    path = tmp_path / "bot.sqlite3"
    store = await Store.open(path)
    await store.close()
    with sqlite3.connect(path) as conn:
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
        root = conn.execute("SELECT MAX(rootpage) FROM sqlite_master WHERE type = 'table'").fetchone()[0]
    assert root > 2  # beyond the pages every open reads
    with open(path, "r+b") as file:
        file.seek((root - 1) * page_size)
        file.write(b"\xa5" * page_size)

    async def synced(self, *, guild=None):
        return []

    async def connected(self, *, reconnect=True):  # online until the bot closes (at most 20 s)
        for _ in range(2000):
            if self.is_closed():
                return
            await asyncio.sleep(0.01)

    monkeypatch.setattr(discord.Client, "login", login_offline)
    monkeypatch.setattr(discord.app_commands.CommandTree, "sync", synced)
    monkeypatch.setattr(discord.Client, "connect", connected)
    assert await asyncio.to_thread(startup.run, Settings(token="x", database=path)) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"Cannot start: Cannot open the database {path}"), err
    assert "malformed" in err and "python -m bot backup" in err, err


def test_an_answer_at_login_that_is_not_discords_ends_with_one_line(tmp_path, monkeypatch, capsys):
    """README: if start-up fails, "the bot prints one line starting `Cannot start:` that says what to
    check, and exits with status 1". A proxy that answers discord.com's login with its own page
    (status 200, not Discord's JSON) makes discord.py fail with an error no known cause explains."""
    async def proxy_page(self, token):
        raise TypeError("string indices must be integers, not 'str'")  # discord.py reading an HTML page

    monkeypatch.setattr(discord.Client, "login", proxy_page)
    assert startup.run(Settings(token="x", database=tmp_path / "bot.sqlite3")) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith("Cannot start: An unexpected error stopped the start (TypeError: string indices"), err
    assert "proxy" in err and 'log_level = "DEBUG"' in err, err
