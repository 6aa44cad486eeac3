"""The bot asks Discord only for the Guilds intent: it is not streamed the messages people post
(nor its own edits), and still plays through slash commands, buttons, forms and DMs."""

from __future__ import annotations

from tests.bot.driver import heuristic_players, open_table, play_turn_by_dm, start


async def test_messages_people_post_are_not_sent_to_the_bot_and_play_goes_on(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    bot = simcord_env.bot
    cached = len(bot.cached_messages)
    chat = await table.players[0].send(table.thread, "good luck everyone")
    await table.players[1].user.send_dm("hello bot")
    assert all(m.id != chat.id for m in bot.cached_messages)
    assert len(bot.cached_messages) == cached  # nothing arrived, not even the bot's own board edits
    version = (await table.row()).version
    assert await play_turn_by_dm(table, heuristic_players("augsburg1520", 2))
    assert (await table.row()).version > version
    assert len(bot.cached_messages) <= cached + 2  # only what the bot itself sent and got back
