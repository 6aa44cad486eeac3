"""The fixtures of tests/bot (the real bot against SimCord, with a real SQLite file), shared here,
and one more check for every test of this folder: no exception was logged.

discord.py logs, and does not raise, an exception in a component callback; the bot's own
`safely` logs one from a step after a stored move. Either is a bug these tests must see."""

from __future__ import annotations

import logging

import pytest

from tests.bot.conftest import migrated_database, settings, simcord_bot, simcord_env  # noqa: F401
from tests.reliability.forge import FIGURES


def logged_exceptions(records: list[logging.LogRecord]) -> list[str]:
    return [f"{r.name}: {r.getMessage()}" for r in records if r.levelno >= logging.ERROR and r.exc_info]


@pytest.fixture(autouse=True)
def no_logged_exceptions(caplog):
    yield
    found = logged_exceptions(caplog.get_records("setup") + caplog.get_records("call"))
    assert not found, f"the bot logged {len(found)} exception(s), first: {found[:3]}"


def pytest_terminal_summary(terminalreporter) -> None:
    if FIGURES:
        terminalreporter.write_sep("-", "reliability figures")
        for name in ("forged inputs tried", "forged inputs refused privately", "dropped by discord.py", "faults injected",
                     "games that went on after a fault"):
            terminalreporter.write_line(f"{name}: {FIGURES[name]}")
