"""A start-up that fails (no network, a rejected token, Discord failing, a database from a newer
version) ends with one line that says what to check and a non-zero exit; no traceback unless the
log level is DEBUG."""

from __future__ import annotations

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


def test_no_network_ends_with_one_line_and_an_error_code(tmp_path):
    done = run_bot(tmp_path, "INFO")
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    lines = [line for line in done.stderr.splitlines() if line.startswith("Cannot start:")]
    assert len(lines) == 1 and "Cannot reach Discord" in lines[0] and "network" in lines[0]


def test_the_traceback_is_logged_at_debug(tmp_path):
    done = run_bot(tmp_path, "DEBUG")
    assert done.returncode == 1
    assert "Traceback" in done.stderr and "Cannot start: Cannot reach Discord" in done.stderr


@pytest.mark.parametrize("error, says", [
    (discord.LoginFailure("Improper token has been passed."), "rejected the bot token"),
    (discord.DiscordServerError(type("R", (), {"status": 503, "reason": "Unavailable"})(), "down"),
     "Discord is not answering properly"),
    (discord.GatewayNotFound(), "Cannot reach Discord"),
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
    try:
        await Store.open(path)
    except Exception as exc:
        line = startup.failure_line(exc, Settings(token="x", database=path))
    else:
        raise AssertionError("a newer database was opened")
    assert line is not None and "schema version 99" in line and f"up to {len(migrations())}" in line
