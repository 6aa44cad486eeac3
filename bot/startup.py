"""Running the bot from the command line: a start-up that fails ends with one line saying what to
check and a non-zero exit; the traceback goes to the log at DEBUG only."""

from __future__ import annotations

import asyncio
import errno
import logging
import re
import socket
import sqlite3
import sys
from typing import Iterator

import aiohttp
import discord
from discord import app_commands

from bot.settings import Settings
from storage import NewerSchema, NotOurs
from storage.db import DAMAGE
from storage.process_lock import AlreadyRunning, hold

log = logging.getLogger(__name__)

# Failures of a connection that the system reports as a bare OSError.
NETWORK_ERRNOS = {errno.ENETUNREACH, errno.EHOSTUNREACH, errno.ENETDOWN, errno.EHOSTDOWN, errno.ETIMEDOUT}


def failure_line(exc: BaseException, settings: Settings) -> str | None:
    """What to tell the operator about a start-up failure, or None for an unexpected error. An
    error raised while handling another (discord.py's first gateway connection failing before it
    has a connection to retry) is told by the error it handled."""
    return next((line for seen in _chain(exc) if (line := _known_failure(seen, settings)) is not None), None)


def _chain(exc: BaseException) -> Iterator[BaseException]:
    """`exc`, then the error it was raised from or while handling, and so on."""
    seen: BaseException | None = exc
    while seen is not None:
        yield seen
        seen = seen.__cause__ or seen.__context__


class CommandsRefused(Exception):
    """Discord refused to register the slash commands (not the start itself): `error` says how."""

    def __init__(self, error: discord.HTTPException) -> None:
        super().__init__(str(error))
        self.error = error


def _known_failure(exc: BaseException, settings: Settings) -> str | None:
    if isinstance(exc, discord.LoginFailure):
        source = settings.token_source or "`token` in the config file or DISCORD_TOKEN"
        return (f"Discord rejected the bot token. Check {source} (Developer Portal > your application > Bot "
                "> Reset Token gives a new one).")
    if isinstance(exc, discord.PrivilegedIntentsRequired):
        return "Discord refused the gateway intents the bot asked for; it needs no privileged intent."
    if isinstance(exc, (NewerSchema, NotOurs, AlreadyRunning)):
        return str(exc)
    if isinstance(exc, sqlite3.DatabaseError) and DAMAGE.search(str(exc)):
        return (f"Cannot open the database {settings.database}: {exc}. The file is not a SQLite database or is "
                "damaged: restore a copy made with `python -m bot backup` (README, Backups and upgrades), or "
                "point `database` at a new file.")
    if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
        return (f"Cannot open the database {settings.database}: {exc}. Another program holds it (a database "
                "browser, a backup tool, a copy of the bot started by hand): close it, then start again.")
    if isinstance(exc, sqlite3.Error):
        return f"Cannot open the database {settings.database}: {exc}. Check the path and its permissions."
    if isinstance(exc, (CommandsRefused, app_commands.CommandSyncFailure)):
        refused = exc.error if isinstance(exc, CommandsRefused) else exc
        where = (f"to the server dev_guild_id = {settings.dev_guild_id} (is the bot in it, invited with the "
                 "applications.commands scope?)" if settings.dev_guild_id else "to Discord")
        return f"Discord refused the bot's slash commands {where}: {refused.status} {_brief(refused)}."
    if isinstance(exc, discord.DiscordServerError) or (isinstance(exc, discord.HTTPException) and exc.status >= 500):
        return ("Discord is not answering properly right now (server error). Try again in a few minutes; "
                "https://discordstatus.com shows outages.")
    if isinstance(exc, discord.HTTPException) and exc.status == 429:
        return ("Discord is rate-limiting this machine (HTTP 429; shared or free hosting is often blocked "
                "by Discord's Cloudflare). Wait a while before starting again, or run the bot from another host.")
    if isinstance(exc, discord.HTTPException):
        return f"Discord refused the bot's start: {exc.status} {_brief(exc)}."
    if isinstance(exc, (aiohttp.ClientError, discord.GatewayNotFound, ConnectionError, socket.gaierror,
                        socket.herror, asyncio.TimeoutError)) or (
            isinstance(exc, OSError) and exc.errno in NETWORK_ERRNOS):
        return ("Cannot reach Discord. Check this machine's network connection, DNS, and any proxy or "
                f"firewall between it and discord.com ({type(exc).__name__}: {exc}).")
    if isinstance(exc, OSError):  # a file the start needed: not the network's fault
        where = f" ({exc.filename})" if exc.filename else ""
        return (f"The system refused a file operation{where}: {exc.strerror or exc}. Check the disk, its free "
                "space and the permissions of the bot's folders.")
    return None


def _unexpected(exc: Exception) -> str:
    """A failed start no known cause explains: an answer at login that is not Discord's (a proxy
    answering in its place), or a fault of the bot's own."""
    said = " ".join(f"{type(exc).__name__}: {exc}".split())
    said = said if len(said) <= 200 else said[:199] + "…"
    return (f"An unexpected error stopped the start ({said}). If this machine reaches Discord through a "
            "proxy, check that it lets discord.com through unchanged; with log_level = \"DEBUG\" the log "
            "has the traceback.")


def _brief(exc: discord.HTTPException) -> str:
    """What Discord said, on one short line: an HTML page (a proxy's or Cloudflare's block) by its title."""
    text = exc.text or str(exc)
    title = re.search(r"<title>(.*?)</title>", text, re.IGNORECASE | re.DOTALL)
    if title or "<html" in text.lower():
        text = f"an HTML page ({title.group(1)})" if title else "an HTML page"
    flat = " ".join(text.split())
    return flat if len(flat) <= 200 else flat[:199] + "…"


def run(settings: Settings) -> int:
    from bot.app import create_bot

    lock, refused, bot = None, False, None
    try:
        lock = hold(settings.database)  # held while the bot runs
        bot = create_bot(settings)
        bot.freeze_after_ready = True
        bot.handle_sigterm = True
        quiet = _FirstConnection(bot)  # its failure is told in one line below
        logging.getLogger("discord.client").addFilter(quiet)
        try:
            bot.run(settings.token, log_handler=None)
        finally:
            logging.getLogger("discord.client").removeFilter(quiet)
        if bot.damaged is not None:  # found by the start's check: the bot stopped itself
            raise bot.damaged
    except asyncio.CancelledError:  # SIGTERM cancelled the bot's main task, which closed the bot
        log.info("stopped by SIGTERM")
    except Exception as exc:
        line = failure_line(exc, settings)
        refused = _refused_as_not_ours(exc)
        if line is None and (bot is None or bot.was_ready):  # not a failed start: a fault to look into
            raise
        line = line or _unexpected(exc)
        log.debug("start-up failed", exc_info=exc)
        print(f"Cannot start: {line}", file=sys.stderr)
        return 1
    finally:
        if lock is not None:
            lock.release(remove_created=refused)
    return 0


def _refused_as_not_ours(exc: BaseException) -> bool:
    return any(isinstance(seen, NotOurs) for seen in _chain(exc))


class _FirstConnection(logging.Filter):
    """Drops discord.py's "Attempting a reconnect" traceback while the bot has never connected to
    the gateway: that reconnect fails at once, and the start-up's one line says why."""

    def __init__(self, bot: discord.Client) -> None:
        super().__init__()
        self.bot = bot

    def filter(self, record: logging.LogRecord) -> bool:
        return not (self.bot.ws is None and record.getMessage().startswith("Attempting a reconnect"))
