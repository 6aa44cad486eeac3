"""A player away after a missed deadline whose seat then goes to a computer for good (they abandon,
or the others vote it over): their "Time ran out" notice loses its "I'm back", which would only be
refused ("A computer player plays your seat for the rest of this game"). README (Pace): the computer plays the seat "until its
player presses I'm back"; (/table handover) the seat goes "to a computer player for good"."""

from __future__ import annotations

from tests.bot.driver import heuristic_players, labels
from tests.bot.test_pace import LIVE, dms_with, live_table, play_seat


async def cy_away(env):
    table = await live_table(env, seats=3)
    ada, bo, cy = table.players
    policy = heuristic_players("augsburg1520", 3)
    await play_seat(table, ada, policy)
    await play_seat(table, bo, policy)
    await env.advance_time(LIVE + 1)  # cy misses the opening purchase
    assert "I'm back" in labels(dms_with(cy, "Time ran out")[-1])
    return table


async def test_an_away_player_who_abandons_is_no_longer_offered_im_back(simcord_env):
    table = await cy_away(simcord_env)
    cy = table.players[2]
    await cy.slash(table.thread, "table abandon")
    notice = dms_with(cy, "Time ran out")[-1]
    assert "I'm back" not in labels(notice)


async def test_a_player_voted_out_is_no_longer_offered_im_back(simcord_env):
    table = await cy_away(simcord_env)
    ada, bo, cy = table.players
    await table.bot.store.tables.set_handover_after(table.table_id, 1)  # as the lobby's "Vote out after: 1"
    await ada.slash(table.thread, "table handover", player=cy)
    vote = next(m for m in reversed(table.thread.history()) if "Agree" in labels(m))
    await bo.click(vote, label="Agree")
    assert next(s for s in await table.seats() if s.user_id == cy.id).ai == "heuristic"
    notice = dms_with(cy, "Time ran out")[-1]
    assert "I'm back" not in labels(notice)
