"""README: "When every player at the table is away, the game is not played out without them: it
waits (the board says so) until one of them presses I'm back." Each away player is told so, not
only the last to go away: the others were told that a computer plays their seat, which has
stopped."""

from __future__ import annotations

from tests.bot.driver import board_message, heuristic_players, labels
from tests.bot.test_closed_dms import close_dms
from tests.bot.test_pace import LIVE, dms_with, live_table, play_seat

WAITS = "The game waits for you in Augsburg 1520"


async def test_both_players_away_at_one_deadline_are_both_told_the_game_waits(simcord_env):
    table = await live_table(simcord_env)
    ada, bo = table.players
    await simcord_env.advance_time(LIVE + 1)  # both miss the shared opening purchase
    assert all(s.away for s in await table.seats())
    assert (await board_message(table)).content.startswith("The game waits")
    for player in (ada, bo):
        told = [m.content for m in dms_with(player, "Time ran out")] + [m.content for m in dms_with(player, WAITS)]
        assert any("waits" in text for text in told), (player.user.name, told)
    waits = [(player, notice) for player in (ada, bo) for notice in dms_with(player, WAITS)]
    assert len(waits) == 1  # once, to the one whose notice did not say so
    player, notice = waits[0]
    earlier = dms_with(player, "Time ran out")[-1]  # ... whose notice keeps the one I'm back
    assert "I'm back" in labels(earlier) and not labels(notice)
    answer = await player.user.click(earlier, label="I'm back")
    assert answer.response.content.startswith("Welcome back")


async def test_the_away_player_is_told_when_the_last_one_playing_abandons(simcord_env):
    table = await live_table(simcord_env)
    ada, bo = table.players
    await play_seat(table, ada, heuristic_players("augsburg1520", 2))
    await simcord_env.advance_time(LIVE + 1)  # bo misses it: away
    assert next(s for s in await table.seats() if s.user_id == bo.id).away
    assert not dms_with(bo, WAITS)
    await ada.slash(table.thread, "table abandon")
    assert (await table.row()).status == "running"
    told = dms_with(bo, WAITS)
    assert len(told) == 1 and "nothing is played until one of you presses **I'm back**" in told[0].content
    assert told[0].content.endswith(f"\nTable: https://discord.com/channels/{table.guild.id}/{table.thread.id}")
    assert "I'm back" in labels(dms_with(bo, "Time ran out")[-1])
    assert not dms_with(ada, WAITS)  # ada abandoned: nothing waits for her


async def test_closed_dms_are_told_in_the_thread(simcord_env):
    table = await live_table(simcord_env)
    ada, bo = table.players
    close_dms(simcord_env, bo)
    await play_seat(table, ada, heuristic_players("augsburg1520", 2))
    await simcord_env.advance_time(LIVE + 1)
    await ada.slash(table.thread, "table abandon")
    posted = [m for m in table.thread.history() if WAITS in (m.content or "")]
    assert len(posted) == 1 and posted[0].content.startswith(f"<@{bo.id}>")
