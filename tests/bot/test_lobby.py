"""Opening a table: /table create, the lobby buttons and their refusals."""

from __future__ import annotations

from tests.bot.driver import labels, open_table, start


async def test_create_opens_a_thread_with_a_lobby(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    lobby = table.thread.history()[0]
    embed = lobby.embeds[0]
    assert "Augsburg 1520" in embed.title
    players = next(f for f in embed.fields if f.name.startswith("Players"))
    assert "ada" in players.value and "bo" in players.value
    assert "(2 of 2-5)" in players.name
    assert {"Join", "Leave", "Start", "Cancel"} <= set(labels(lobby))
    seats = await table.seats()
    assert [s.user_id for s in seats] == [table.players[0].id, table.players[1].id]
