"""A solo game with a pace: when its one player misses a deadline, the game waits for them, and the
notice says so in words for one player."""

from __future__ import annotations

from tests.bot.test_pace import LIVE, dms_with, live_table


async def test_a_solo_player_away_is_told_the_game_waits_for_them(simcord_env):
    table = await live_table(simcord_env, seats=1, game="aelderman")
    (ada,) = table.players
    await simcord_env.advance_time(LIVE + 1)
    assert all(s.away for s in await table.seats())
    notice = dms_with(ada, "Time ran out")[-1].content
    assert notice.splitlines()[0].endswith("The game waits until you are back.") and "one of you" not in notice

