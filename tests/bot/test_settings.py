"""Settings and start-up without a token."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.settings import SettingsError, load_settings

ROOT = Path(__file__).resolve().parents[2]


def test_defaults_without_a_config_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    settings = load_settings(environ={})
    assert settings.token == ""
    assert str(settings.database) == "boardbot.sqlite3"
    assert settings.dev_guild_id is None
    assert settings.log_level == "INFO"


def test_environment_token_wins_over_the_file(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text('token = "from-file"\ndev_guild_id = 123\nlog_level = "debug"\n')
    settings = load_settings(config, environ={"DISCORD_TOKEN": "from-env"})
    assert (settings.token, settings.dev_guild_id, settings.log_level) == ("from-env", 123, "DEBUG")


def test_a_bad_token_from_the_environment_is_named_as_such(tmp_path):
    """README: a bad key "stops start-up with a message naming it": DISCORD_TOKEN, not a config
    file that may not exist."""
    with pytest.raises(SettingsError) as err:
        load_settings(environ={"DISCORD_TOKEN": "MTIz.abc\x1bdef"})  # pasted with an escape character
    assert str(err.value).startswith("Bad DISCORD_TOKEN in the environment: ") and "config.toml" not in str(err.value)
    config = tmp_path / "config.toml"
    config.write_text('log_level = "LOUD"\n')
    with pytest.raises(SettingsError) as err:  # both wrong: each named where it is
        load_settings(config, environ={"DISCORD_TOKEN": "abc\ndef"})
    assert str(err.value).startswith("Bad DISCORD_TOKEN in the environment: ")
    assert f"; Bad setting in {config}: log_level: " in str(err.value)


@pytest.mark.parametrize("text,key", [
    ('log_level = "LOUD"', "log_level"),
    ("dev_guild_id = \"abc\"", "dev_guild_id"),
    ("decision_timeout = 1", "decision_timeout"),
    ("tokn = \"x\"", "tokn"),
    ("dev_guild_id = -1", "dev_guild_id"),
    ("dev_guild_id = 99999999999999999999", "dev_guild_id"),
    ("dev_guild_id = true", "dev_guild_id"),  # a server id, not a yes/no
    ("dev_guild_id = false", "dev_guild_id"),  # not read as 0 (none), as `true` is not read as 1
    # README gives it as a number, "0 (none)": only the number 0 is none, as quoted text or a
    # decimal number is refused for every other number.
    ('dev_guild_id = "0"', "dev_guild_id"),
    ('dev_guild_id = ""', "dev_guild_id"),
    ("dev_guild_id = 0.0", "dev_guild_id"),
    ("dev_guild_id = -0.0", "dev_guild_id"),
    ("max_open_tables_per_member = true", "max_open_tables_per_member"),  # a number, not a yes/no
    ('decision_timeout = "300"', "decision_timeout"),  # a number, not text
    ('organiser_role = ""', "organiser_role"),
    ('organiser_role = "   "', "organiser_role"),  # blank: nobody could be given it
    ('database = ""', "database"),  # blank: it would name the folder the bot runs in
    ('database = "  "', "database"),
    ('database = "."', "database"),  # a folder, not a file
    ('database = "~"', "database"),
    ('database = "./no-such-folder-yet/"', "database"),  # a folder (to be), not a file
    ('database = "~no-such-user-here/bot.sqlite3"', "database"),  # no such home folder
    ('token = "abc\\ndef"', "token"),  # pasted across two lines
    ('database = "bot\\u0000.sqlite3"', "database"),  # a control character no file name may hold
    ('database = ":memory:"', "keeps no game beyond a stop"),  # SQLite's in-memory database: lost at a stop
])
def test_a_bad_value_names_the_key(tmp_path, text, key):
    config = tmp_path / "config.toml"
    config.write_text(text + "\n")
    with pytest.raises(SettingsError) as err:
        load_settings(config, environ={})
    assert key in str(err.value)


@pytest.mark.parametrize("text, says", [
    ("database = 5", "database: expected the path of a file, as text in quotes"),
    ('database = ":memory:"', "database: ':memory:' keeps no game"),
    # README's ranges: a value out of range is told with the whole range, not the bound it passed
    ("decision_timeout = 5", "decision_timeout: 5 is out of range: allowed from 10 to 86400"),
    ("decision_timeout = 100000", "decision_timeout: 100000 is out of range: allowed from 10 to 86400"),
    ("max_open_tables_per_member = 0", "max_open_tables_per_member: 0 is out of range: allowed from 1 to 1000"),
    ('decision_timeout = "300"', "decision_timeout: expected a whole number without quotes, got '300'"),
    ("decision_timeout = 3.5", "decision_timeout: expected a whole number, got 3.5"),
    ("max_open_tables_per_member = true", "max_open_tables_per_member: expected a whole number, got true"),
    ('organiser_role = " "', "organiser_role: it cannot be blank"),
    ('organiser_role = "' + "r" * 120 + '"', "organiser_role: it is 120 characters long; at most 100 are allowed"),
    ("token = 123", "token: expected text in quotes, got 123"),
    ("log_level = 10", "log_level: 10 is not one of 'DEBUG', 'INFO', 'WARNING' or 'ERROR'"),
    # The value as typed (not as read, in capitals), and 0 named with the range it belongs to.
    ('log_level = "verbose"', "log_level: 'verbose' is not one of 'DEBUG', 'INFO', 'WARNING' or 'ERROR' (in any case)"),
    ("dev_guild_id = -1", "dev_guild_id: -1 is out of range: 0 (no server) or a server id from 1 to 18446744073709551615"),
])
def test_a_refusal_reads_without_pythons_wording(tmp_path, text, says):
    config = tmp_path / "config.toml"
    config.write_text(text + "\n")
    with pytest.raises(SettingsError) as err:
        load_settings(config, environ={})
    assert says in str(err.value) and "Value error" not in str(err.value) and "<class" not in str(err.value)


def test_a_database_path_may_start_at_home_and_its_sync_is_any_case(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    config = tmp_path / "config.toml"
    config.write_text('database = "~/games/boardbot.sqlite3"\ndatabase_sync = "FULL"\n')
    settings = load_settings(config, environ={})
    assert settings.database == tmp_path / "games" / "boardbot.sqlite3"
    assert settings.database_sync == "full"


def test_broken_toml_is_reported(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text("token = \n")
    with pytest.raises(SettingsError, match="not valid TOML"):
        load_settings(config, environ={})
    config.write_text('log_level = "INFO"\nlog_level = "DEBUG"\n')
    with pytest.raises(SettingsError, match=r"Cannot overwrite a value \(at line 2, column 20\) \(a key or table given "
                       r"twice\?\)$"):
        load_settings(config, environ={})
    config.write_text("[a]\nx = 1\n[a]\n")
    with pytest.raises(SettingsError, match=r"\(a key or table given twice\?\)$"):
        load_settings(config, environ={})


def test_the_example_config_is_valid():
    settings = load_settings(ROOT / "config.example.toml", environ={})
    assert settings.token == "" and settings.decision_timeout == 300


def test_python_m_bot_without_a_token_explains_what_to_do(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "BOARDBOT_CONFIG")}
    result = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 2
    assert "No bot token is configured" in result.stderr
    assert "discord.com/developers/applications" in result.stderr
    assert "DISCORD_TOKEN" in result.stderr and f"{tmp_path / 'config.toml'} (copy" in result.stderr  # which folder's
    # Started from another folder: the example is named where it is, not in that folder.
    example = Path(__file__).resolve().parents[2] / "config.example.toml"
    assert f"(copy {example}):" in result.stderr
    assert "applications.commands" in result.stderr  # how to invite it with its permissions
    assert f"Then run:  {sys.executable} -m bot" in result.stderr  # the Python it was installed for


def test_python_m_bot_with_a_bad_config_names_the_key(tmp_path):
    (tmp_path / "config.toml").write_text('log_level = "LOUD"\n')
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "BOARDBOT_CONFIG")}
    result = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 2 and "log_level" in result.stderr


def test_a_blank_token_is_no_token(tmp_path):
    """README: "Without a token it stops and explains how to create one": spaces are not a token."""
    config = tmp_path / "config.toml"
    config.write_text('token = "   "\n')
    assert load_settings(config, environ={"DISCORD_TOKEN": "  "}).token == ""
    env = {k: v for k, v in os.environ.items() if k != "BOARDBOT_CONFIG"} | {"DISCORD_TOKEN": " "}
    result = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 2 and "No bot token is configured" in result.stderr


def test_an_unknown_command_is_refused_and_does_not_start_the_bot(tmp_path):
    """A mistyped tool (`verfy`) must not run the bot, which would log in with a configured token."""
    env = {k: v for k, v in os.environ.items() if k != "BOARDBOT_CONFIG"} | {"DISCORD_TOKEN": "a-token"}
    result = subprocess.run([sys.executable, "-m", "bot", "verfy", "game.json"], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "unknown command 'verfy'" in result.stderr and "usage:" in result.stderr


def test_starting_the_bot_logs_no_warning_about_voice(caplog, tmp_path):
    """The bot has no voice: discord.py's warnings about missing voice libraries would only be
    noise in an operator's log."""
    import discord

    from bot import create_bot
    from bot.settings import Settings

    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = True  # as in a new process
    create_bot(Settings(token="", database=tmp_path / "bot.sqlite3"))
    assert not [r for r in caplog.records if "voice" in r.getMessage().lower()]


def test_a_config_file_saved_with_a_byte_order_mark_is_read(tmp_path):
    """Windows editors and PowerShell save "UTF-8 with BOM"; the file reads as any other."""
    config = tmp_path / "config.toml"
    config.write_bytes("\ufefftoken = \"from-file\"\nlog_level = \"debug\"\n".encode("utf-8"))
    settings = load_settings(config, environ={})
    assert (settings.token, settings.log_level) == ("from-file", "DEBUG")


def test_at_debug_only_the_bots_own_lines_go_down_to_debug(tmp_path, monkeypatch):
    """README: "At `DEBUG` the bot's own lines go down to debug; every library's (discord.py's,
    aiosqlite's) stay at `INFO`". discord.py's debug lines hold every request body and gateway
    event (hands in DM panels), aiosqlite's every statement with the stored state (seed, deck)."""
    import logging

    import bot.startup
    from bot.__main__ import main

    monkeypatch.setenv("DISCORD_TOKEN", "a.token.x")
    config = tmp_path / "config.toml"
    config.write_text(f'database = "{tmp_path / "bot.sqlite3"}"\nlog_level = "DEBUG"\n')
    monkeypatch.setenv("BOARDBOT_CONFIG", str(config))
    monkeypatch.setattr(bot.startup, "run", lambda settings: 0)
    for name in ("", "discord", "bot", "play", "storage", "games"):
        monkeypatch.setattr(logging.getLogger(name), "level", logging.getLogger(name).level)
    monkeypatch.setattr(logging.getLogger("discord"), "level", logging.NOTSET)
    monkeypatch.setattr(logging.getLogger(), "handlers", [])  # as in a fresh process: basicConfig acts
    assert main([]) == 0
    assert logging.getLogger("discord.http").getEffectiveLevel() == logging.INFO
    assert logging.getLogger("discord.gateway").getEffectiveLevel() == logging.INFO
    assert logging.getLogger("aiosqlite").getEffectiveLevel() == logging.INFO
    assert logging.getLogger("asyncio").getEffectiveLevel() == logging.INFO
    for own in ("bot.startup", "play.moves", "storage.db", "games.core"):
        assert logging.getLogger(own).getEffectiveLevel() == logging.DEBUG


def test_an_unknown_key_is_told_with_the_keys_there_are(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text('log-level = "DEBUG"\n')
    with pytest.raises(SettingsError) as err:
        load_settings(config, environ={})
    assert "log-level: unknown key (the keys are token, " in str(err.value)
    assert "log_level" in str(err.value)


def test_a_missing_config_file_named_by_boardbot_config_says_where_it_was_looked_for_and_what_to_do(tmp_path):
    """A name given in BOARDBOT_CONFIG that is not there is told with its whole path, where the name
    came from, and the example to copy (README's set-up)."""
    with pytest.raises(SettingsError) as err:
        load_settings(environ={"BOARDBOT_CONFIG": str(tmp_path / "nope.toml")})
    said = str(err.value)
    assert f"{tmp_path / 'nope.toml'} (named by BOARDBOT_CONFIG) does not exist" in said
    assert "config.example.toml" in said, said


def test_a_config_toml_linked_to_a_file_that_is_gone_is_not_taken_for_no_config_file(tmp_path, monkeypatch):
    """config.toml kept on a disk that is not mounted: the bot must not start on the defaults (a new,
    empty database in another place) as if there were no config file; it says where the link points."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "config.toml").symlink_to(tmp_path / "unmounted" / "config.toml")
    with pytest.raises(SettingsError) as err:
        load_settings(environ={"DISCORD_TOKEN": "abc"})
    said = str(err.value)
    assert said == (f"the config file config.toml is a link to {tmp_path / 'unmounted' / 'config.toml'}, "
                    "which does not exist (is its disk mounted?)"), said
