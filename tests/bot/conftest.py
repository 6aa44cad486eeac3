"""SimCord fixtures: the real bot against a simulated Discord, with a real SQLite file."""

from __future__ import annotations

import asyncio
import logging
import shutil
from pathlib import Path

import pytest
import pytest_asyncio
from simcord import Env

from bot import create_bot
from bot.settings import Settings
from storage.db import Database

# Real seconds SimCord waits for the bot to finish its work after each user action. Generous,
# because a loaded CI machine can be slow; a test that really hangs still fails.
SETTLE_TIMEOUT = 60.0
# How often SimCord looks again while it waits for the bot to settle (`Env.settle(idle=...)`; its
# own waits after each user action take the default, 0.05 s). A finished task's done-callback
# alone made it sleep that long, a third of the fast loop's time; looking every few milliseconds
# ends those waits as soon as the work does, and changes nothing of what is waited for.
SETTLE_IDLE = 0.002
Env._settle_internal.__kwdefaults__["idle"] = SETTLE_IDLE


@pytest.fixture(scope="session")
def migrated_database(tmp_path_factory) -> Path:
    """A new database with every migration applied, made once: each test's bot starts on a copy
    (as on a database it created itself), instead of applying the migrations again."""
    path = tmp_path_factory.mktemp("template") / "bot.sqlite3"

    async def create() -> None:
        await (await Database.open(path)).close()  # closing folds the write-ahead log into the file

    asyncio.run(create())
    return path


@pytest.fixture
def settings(tmp_path, migrated_database) -> Settings:
    database = tmp_path / "bot.sqlite3"
    shutil.copyfile(migrated_database, database)
    # Timed decisions (a pay-off talk, a tournament deadline) get an hour: far beyond SimCord's
    # settling wait, so the simulated world settles while their timers sleep; tests that need a
    # timer to fire move time on with `advance_time`.
    return Settings(token="", database=database, decision_timeout=3600)


@pytest.fixture
def simcord_bot(settings):
    return create_bot(settings)


class _ComponentFaults(logging.Handler):
    """What discord.py logs of a button's, menu's or form's callback that raised: SimCord records
    faults of views and commands, not these."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.faults: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            self.faults.append(record)


class _RefusedPayloads(logging.Handler):
    """Requests Discord refused as malformed (a message over one of its limits: "Invalid Form
    Body"), which the bot logs without a traceback when it goes on without them."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.refused: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if "Invalid Form Body" in record.getMessage():
            self.refused.append(record.getMessage())


OWN_LOGGERS = ("bot", "play", "storage")


@pytest_asyncio.fixture
async def simcord_env(simcord_bot, request):
    marker = request.node.get_closest_marker("simcord")
    options = {"settle_timeout": SETTLE_TIMEOUT, **(marker.kwargs if marker else {})}
    env = Env(simcord_bot, **options)
    close_database_of_stopped_bots(env)
    faults, refused = _ComponentFaults(), _RefusedPayloads()
    for name in ("discord.ui.view", "discord.ui.modal", "discord.client"):
        logging.getLogger(name).addHandler(faults)
    for name in OWN_LOGGERS:
        logging.getLogger(name).addHandler(refused)
    await env.start()
    try:
        yield env
    finally:
        await env.shutdown()
        await close_store(env.bot)  # SimCord detaches the bot without closing it
        for name in ("discord.ui.view", "discord.ui.modal", "discord.client"):
            logging.getLogger(name).removeHandler(faults)
        for name in OWN_LOGGERS:
            logging.getLogger(name).removeHandler(refused)
        if refused.refused:  # never on purpose: a payload over Discord's limits
            raise AssertionError("Discord refused a malformed request: " + "; ".join(refused.refused))
        if env.check_errors:
            env.raise_errors()  # an exception inside the bot fails the test
            if faults.faults:  # ... and so does one in a button's, menu's or form's handling
                raise AssertionError("the bot raised in a component's handling: "
                                     + "; ".join(f"{r.getMessage()}: {r.exc_info[1]!r}" for r in faults.faults))


async def close_store(bot) -> None:
    """Close a detached bot's database connection, as the end of its process would. Left
    open, the connection is closed by the garbage collector during some later test, after
    this test's event loop is gone, and its worker thread fails there."""
    if getattr(bot, "store", None) is not None:
        await bot.store.close()


def close_database_of_stopped_bots(env: Env) -> None:
    """`restart_bot` stops the old bot as a crash would, mid-work and without closing anything;
    when a process dies the system closes its files, so here the old bot's database connection
    is closed after it is detached (otherwise its worker thread outlives the test's event loop)."""
    restart = env.restart_bot

    async def restart_bot(bot=None):
        old = env.bot
        scheduler = getattr(old, "scheduler", None)
        if scheduler is not None:  # a dead process's timers fire no more (SimCord parks tasks, not callbacks)
            scheduler._started = False
            scheduler._cancel_wait()
        await restart(bot)
        if old is not env.bot:
            await close_store(old)

    env.restart_bot = restart_bot
