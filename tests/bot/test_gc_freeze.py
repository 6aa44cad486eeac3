"""`python -m bot` keeps the objects that exist once the bot is up out of the garbage collector's
full passes (they live as long as the process); a bot built for a test or a tool does not."""

from __future__ import annotations

import gc

import pytest
import simcord

from bot import app, create_bot, startup
from tests.bot.conftest import SETTLE_TIMEOUT, close_store


@pytest.fixture
def unfrozen():
    gc.unfreeze()
    yield
    gc.unfreeze()  # the rest of the test run collects as usual


async def test_the_bot_as_run_freezes_its_startup_objects_once_when_ready(settings, unfrozen, monkeypatch):
    calls = []
    freeze = app.freeze_startup_objects
    monkeypatch.setattr(app, "freeze_startup_objects", lambda: calls.append(1) or freeze())
    bot = create_bot(settings)
    bot.freeze_after_ready = True
    async with simcord.run(bot, settle_timeout=SETTLE_TIMEOUT):
        assert calls == [1]
        frozen = gc.get_freeze_count()
        assert frozen > 0
        await bot.on_ready()  # Discord sends READY again after a reconnection: nothing more is frozen
        assert calls == [1] and gc.get_freeze_count() == frozen
        await close_store(bot)


async def test_a_bot_built_for_tests_and_tools_freezes_nothing(settings, unfrozen):
    bot = create_bot(settings)
    async with simcord.run(bot, settle_timeout=SETTLE_TIMEOUT):
        assert gc.get_freeze_count() == 0
        await close_store(bot)


def test_python_m_bot_runs_the_bot_with_the_freeze(settings, monkeypatch):
    ran = []

    class Runner:
        freeze_after_ready = False
        damaged = None  # as the bot's start-up check of the database leaves it on a sound file

        def run(self, token, **kwargs):
            ran.append(self.freeze_after_ready)

    monkeypatch.setattr(app, "create_bot", lambda s: Runner())
    assert startup.run(settings) == 0
    assert ran == [True]
