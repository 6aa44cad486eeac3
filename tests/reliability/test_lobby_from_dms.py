"""A lobby's controls are posted only in its thread, where Discord says who is still in the server
(README: they "work only where the lobby is, in the table's thread"). Forged onto one of the bot's
DMs, they are refused: a Start from a DM would skip taking departed players off the table, and a
cancel vote asked from a DM would let a player who left ask (and agree). Forged onto another
table's lobby, in another thread, they are refused too."""

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


async def test_lobby_controls_forged_in_another_tables_thread_change_nothing(simcord_env):
    env = simcord_env
    first = await open_table(env, "baumeister", ["ada", "bo"])
    second = await open_table(env, "baumeister", ["cy"], guild=first.guild)
    mal = first.guild.add_member(env.create_user("mal"))
    elsewhere = first.thread.history()[0]  # the first table's lobby
    text = refused(await forge_component(mal, elsewhere, f"lobby:join:{second.table_id}"))
    assert f"belongs to table #{second.table_id}" in text and f"<#{second.thread.id}>" in text, text
    assert [s.display_name for s in await second.seats()] == ["cy"]
    cy = second.players[0]  # the second table's creator, a member of the same server
    row = await second.row()
    for custom_id, values in ((f"lobby:rated:{second.table_id}", None), (f"lobby:cancel:{second.table_id}", None),
                              (f"option:{second.table_id}:take_three", ["true"])):
        text = refused(await forge_component(cy, elsewhere, custom_id, values=values))
        assert f"belongs to table #{second.table_id}" in text, (custom_id, text)
    after = await second.row()
    assert (after.status, after.rated, after.options) == (row.status, row.rated, row.options)
    assert elsewhere.id == first.thread.history()[0].id and (await first.row()).status == "lobby"
    # In its own thread, the same press works.
    lobby = second.thread.history()[0]
    assert "joined" in (await mal.click(lobby, label="Join")).response.content
