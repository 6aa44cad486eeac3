"""A lobby's controls are posted only in its thread, where Discord says who is still in the server.
Forged onto one of the bot's DMs, they are refused: a Start from a DM would skip taking departed
players off the table, and a cancel vote asked from a DM would let a player who left ask (and agree)."""

from __future__ import annotations

from tests.bot.driver import open_table, start
from tests.reliability.forge import forge_component, refused

IN_THREAD = "run with the buttons and menus of its message in the table's thread"


async def test_a_start_forged_in_a_dm_is_refused_and_the_thread_start_drops_who_left(simcord_env):
    """README: "the bot first asks Discord who of the lobby has left the server and takes them off it"."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    ada, _, cy = table.players
    table.guild.remove_member(cy)
    note = ada.user.dm_channel.history()[-1]  # the bot's "You joined ..." DM to the creator
    text = refused(await forge_component(ada.user, note, f"lobby:start:{table.table_id}"))
    assert IN_THREAD in text, text
    assert (await table.row()).status == "lobby"
    assert "cy" in [s.display_name for s in await table.seats()]
    lobby = table.thread.history()[0]
    said = await ada.click(lobby, label="Start")
    assert "cy left the server" in (said.response.content or ""), said.response.content
    assert "cy" not in [s.display_name for s in await table.seats()]


async def test_a_cancel_vote_forged_in_a_dm_by_a_player_who_left_asks_nobody(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada = table.players[0]
    table.guild.remove_member(ada)
    posts = len(table.thread.history())
    text = refused(await forge_component(ada.user, ada.user.dm_channel.history()[0], f"lobby:cancel:{table.table_id}"))
    assert IN_THREAD in text, text
    assert "cancel" not in (await table.row()).votes
    assert len(table.thread.history()) == posts  # nobody pinged


async def test_an_option_menu_forged_in_a_dm_changes_nothing(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    ada = table.players[0]
    options = (await table.row()).options
    result = await forge_component(ada.user, ada.user.dm_channel.history()[-1], f"option:{table.table_id}:x",
                                   values=["1"])
    assert IN_THREAD in refused(result)
    assert (await table.row()).options == options
