"""A crash just after a game starts, before anyone moved: at the next start each player's newest
DM is already the panel of their current decision, so none is sent again (README: a restart sends
a panel only to a player whose latest DM panel is not the one of their current decision)."""

from __future__ import annotations

import pytest

from bot import create_bot
from tests.bot.driver import heuristic_players, labels, open_table, play_to_the_end, start, text_of


def dm_counts(players) -> dict[str, int]:
    return {p.user.name: len(p.user.dm_channel.history()) for p in players}


async def test_a_crash_after_the_start_sends_no_panel_twice_after_a_restart_in_the_lobby(simcord_env, settings):
    """The restart in the lobby (a deploy) forgets the DM channels learnt when the players joined;
    the start's panels learn them again, and a crash must not lose that."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await simcord_env.restart_bot(create_bot(settings))
    await start(table)
    before = dm_counts(table.players)
    assert all(text_of(p.user.dm_channel.history()[-1]).startswith("**Your turn") for p in table.players)
    await simcord_env.restart_bot(create_bot(settings))  # a crash before anyone moved
    assert dm_counts(table.players) == before


@pytest.mark.slow  # plays a whole game first
async def test_a_crash_after_a_rematch_starts_sends_no_panel_twice(simcord_env, settings):
    """Rematch seats ada without a DM; the rematch's start sends her first one."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    await play_to_the_end(table, heuristic_players("augsburg1520", 2))
    standings = next(m for m in table.thread.history() if "Rematch" in labels(m))
    await table.players[1].click(standings, label="Rematch")
    await table.players[1].click(table.channel.threads[-1].history()[0], label="Start")
    ada = table.players[0]
    assert (ada.user.dm_channel.history()[-1].content or "").startswith("**Your turn in Augsburg 1520 (table #2)")
    before = dm_counts(table.players)
    await simcord_env.restart_bot(create_bot(settings))
    assert dm_counts(table.players) == before
