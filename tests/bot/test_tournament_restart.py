"""A tournament survives restarts in the middle of a round."""

from __future__ import annotations

from bot import create_bot
from play.common import Caller
from tests.bot.tournament_driver import create, last_embed_titled, new_event, play_out, register_all


async def test_restart_after_seating_and_after_an_unreported_finish(simcord_env, settings):
    event = new_event(simcord_env, 6)
    tid = await create(event, rounds=1)
    await register_all(event, tid)
    # The bot stops right after round 1 was seated and stored, before any thread was opened.
    organiser = Caller(event.organiser.id, event.guild.id, organiser=True)
    assert await event.bot.tournaments.begin(tid, organiser) == 1
    assert event.channel.threads == []

    await simcord_env.restart_bot(create_bot(settings))
    bot = simcord_env.bot
    first, second = await bot.store.tournaments.games(tid, 1)
    tables = [await bot.store.tables.get(g.table_id) for g in (first, second)]
    assert [t.status for t in tables] == ["running", "running"]
    assert {t.thread_id for t in tables} == {t.id for t in event.channel.threads}
    assert all(t.board_message_id is not None for t in tables)
    assert "round 1" in last_embed_titled(event.channel, "round 1").embeds[0].title

    # The first table finishes, but the bot stops before it could report the result.
    await play_out(bot, first.table_id, publish=False)
    assert (await bot.store.tournaments.game_of_table(first.table_id)).result is None
    await simcord_env.restart_bot(create_bot(settings))
    bot = simcord_env.bot
    recorded = (await bot.store.tournaments.game_of_table(first.table_id)).result
    assert recorded is not None and len(recorded["ranking"]) >= 1
    assert await bot.store.ratings.is_rated(first.table_id)
    assert (await bot.store.tournaments.rounds(tid))[0].status == "running"

    await play_out(bot, second.table_id)
    assert (await bot.store.tournaments.get(tid)).status == "finished"
    assert len(last_embed_titled(event.channel, "final standings").embeds[0].description.splitlines()) == 6
