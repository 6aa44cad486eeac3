"""A control whose custom id none of the bot's controls reads (shown by an older version of the
bot, or forged), and a form the bot never opened: discord.py drops them unanswered, and the user
would read Discord's "This interaction failed". They are answered privately, saying what to use
instead, and change nothing."""

from __future__ import annotations

from tests.bot.driver import open_table, start
from tests.reliability.forge import forge_component, forge_modal, refused, stored_rows


async def test_a_control_no_template_reads_is_answered_and_changes_nothing(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    ada = table.players[0]
    panel = ada.user.dm_channel.history()[-1]
    before = await stored_rows(simcord_env.bot)
    for where, actor, custom_id in ((panel, ada.user, f"act:{table.table_id}:-1:0"),
                                    (panel, ada.user, "bid:1:7"),
                                    (table.thread.history()[0], ada, f"lobby:{table.table_id}")):
        text = refused(await forge_component(actor, where, custom_id))
        assert text.startswith("This control is not one this bot can use"), (custom_id, text)
        assert "`/table hand`" in text
    text = refused(await forge_modal(ada.user, ada.user.dm_channel, "bidform:1:2", {"amount": "3"}))
    assert text.startswith("This control is not one this bot can use"), text
    assert await stored_rows(simcord_env.bot) == before


async def test_the_bots_own_controls_are_not_answered_twice(simcord_env):
    """Only ids no template reads get that answer: a control of the bot's keeps its one answer."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    board = table.thread.history()[-1]
    result = await table.players[0].click(board, label="My hand")
    assert result.response.embeds and not result.followups, result
