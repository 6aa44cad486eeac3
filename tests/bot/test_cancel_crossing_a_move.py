"""A cancel that lands while a move is still being shown (its board refreshed, the next player's
"Your turn" DM on its way). README: "Once cancelled, the board and each player's latest DM panel say
so, and the table's buttons in their recent DMs go." The move's showing must not undo that."""

from __future__ import annotations

import asyncio

import pytest
from simcord.actors import _slash

from bot import create_bot
from tests.bot.driver import buttons, fix_deal, table_control, text_of
from tests.bot.moderation import moderator
from tests.bot.test_crossing_clicks import before_a_bid_that_opens_bos_decision, choice_click, crossing, dm_saying
from tests.reliability.forge import forge_component


def live_panels(table, player):
    return [m for m in player.user.dm_channel.history()
            if any(table_control(c, table.table_id) and not getattr(c, "disabled", False) for c in buttons(m))]


async def current_board(table):
    row = await table.row()
    return next(m for m in table.thread.history() if m.id == row.board_message_id)


@pytest.mark.parametrize("where", ["as bo's DM goes out", "as the board is shown"])
async def test_a_moderators_cancel_crossing_a_move_leaves_no_live_panel_nor_a_running_board(
        simcord_env, settings, monkeypatch, where):
    fix_deal(monkeypatch, 1)
    table, policy = await before_a_bid_that_opens_bos_decision(simcord_env)
    ada, bo = table.players
    mod = moderator(simcord_env, table)
    if where == "as bo's DM goes out":
        cancel = crossing(simcord_env, table.bot.presenter, "send_dm", dm_saying("Your turn in"),
                          lambda: _slash(mod, table.thread, "table cancel", {}))
    else:
        cancel = crossing(simcord_env, table.bot.presenter.boards, "refresh", lambda news, thread: True,
                          lambda: _slash(mod, table.thread, "table cancel", {}))
    _, cancelled = await asyncio.gather(await choice_click(table, ada, policy), cancel)
    assert "is cancelled" in cancelled.response.content and (await table.row()).status == "cancelled"
    newest = bo.user.dm_channel.history()[-1]
    assert not live_panels(table, bo) and "was cancelled" in newest.content, newest.content
    assert "cancelled" in text_of(await current_board(table)).lower()
    await simcord_env.restart_bot(create_bot(settings))
    assert "cancelled" in text_of(await current_board(table)).lower()


async def test_the_last_agree_of_a_cancel_vote_crossing_a_move_leaves_no_live_panel(simcord_env, monkeypatch):
    fix_deal(monkeypatch, 1)
    table, policy = await before_a_bid_that_opens_bos_decision(simcord_env)
    ada, bo = table.players
    await ada.slash(table.thread, "table cancel")
    (question,) = [m for m in table.thread.history() if "agree?" in (m.content or "")]
    agree_id = next(c.custom_id for c in buttons(question) if c.label == "Agree")
    agree = crossing(simcord_env, table.bot.presenter, "send_dm", dm_saying("Your turn in"),
                     lambda: forge_component(bo, question, agree_id, forged=False))
    await asyncio.gather(await choice_click(table, ada, policy), agree)
    assert (await table.row()).status == "cancelled"
    assert not live_panels(table, bo), [m.content.split("\n")[0] for m in bo.user.dm_channel.history()]
    assert "cancelled" in text_of(await current_board(table)).lower()
