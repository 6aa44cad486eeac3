"""SimCord fixtures: the real bot against a simulated Discord, with a real SQLite file."""

from __future__ import annotations

import pytest

from bot import create_bot
from bot.settings import Settings


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings(token="", database=tmp_path / "bot.sqlite3", decision_timeout=60)


@pytest.fixture
def simcord_bot(settings):
    return create_bot(settings)
