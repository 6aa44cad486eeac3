"""A server's configured default for **Vote out after** (`missed_deadlines_for_handover`) is one of
the values the lobby's button goes round, so a creator who moves away from it can come back."""

from __future__ import annotations

import pytest

from bot.settings import Settings
from tests.bot.driver import labels, open_table


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings(token="", database=tmp_path / "bot.sqlite3", missed_deadlines_for_handover=4)


async def test_the_lobby_button_goes_round_the_configured_default_too(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    ada = table.players[0]
    seen = []
    for _ in range(6):
        label = next(x for x in labels(table.thread.history()[0]) if x.startswith("Vote out after"))
        seen.append(label)
        await ada.click(table.thread.history()[0], label=label)
    assert seen == [f"Vote out after: {n} missed" for n in (4, 5, 1, 2, 3, 4)]
