"""A table that ends without a finish (cancelled by a server manager, by a vote of its players, or
when nobody is left playing) leaves nothing that looks live: its players' DM panels lose their
controls, also the older ones among their latest DMs, a panel older still loses them when
clicked, and the board says the table was cancelled instead of whose move it was."""

from __future__ import annotations

import pytest

import discord

from bot import create_bot
from tests.bot.driver import (board_message, buttons, embeds_text, fix_deal, heuristic_players, labels, open_table,
                              opening_chosen_by_ada, play_turn_by_dm, start, table_control)


PANEL_LOOKBACK = 20  # the DMs a cancel looks at, in the test of panels older still


def manager_of(table, env):
    role = table.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    return table.guild.add_member(env.create_user("mod"), roles=[role])


def with_controls(player, table) -> list[discord.Message]:
    """The player's DMs that still offer a control of the table (a choice, "Take back", "I'm back")."""
    kinds = ("act", "pick", "amount", "undo", "back")
    return [m for m in player.user.dm_channel.history()
            if any((getattr(c, "custom_id", None) or "").split(":")[:2] in [[k, str(table.table_id)] for k in kinds]
                   for c in buttons(m))]


async def test_cancelling_takes_the_controls_off_the_tracked_panel_and_the_older_one_it_copied(simcord_env):
    table, _, older = await opening_chosen_by_ada(simcord_env)
    ada, bo = table.players
    notice = bo.user.dm_channel.history()[-1]
    assert "last to choose" in notice.content and labels(notice) and labels(older) and notice.id != older.id
    await manager_of(table, simcord_env).slash(table.thread, "table cancel")
    assert not with_controls(bo, table)  # neither the notice (tracked) nor the panel it copied
    assert not with_controls(ada, table)  # nor Ada's panel, with or without choices left on it
    for player in (ada, bo):  # the latest panel says so, not "Your turn" or "waiting for bo"
        seat = next(s for s in await table.seats() if s.user_id == player.id)
        panel = next(m for m in player.user.dm_channel.history() if m.id == seat.dm_message_id)
        assert panel.content == f"**Table #{table.table_id} (Augsburg 1520) was cancelled.**"
        assert panel.embeds[0].description == "This game was cancelled: nothing more can be played at it."


@pytest.mark.slow
async def test_older_panels_beyond_the_ones_looked_at_say_so_when_clicked_and_lose_their_controls(
        simcord_env, monkeypatch):
    fix_deal(monkeypatch, 7)  # a deal whose play leaves a "Take back" beyond the DMs the cancel looks at
    monkeypatch.setattr("bot.ui.presenter.PANEL_LOOKBACK", PANEL_LOOKBACK)  # a short look, for a short game
    table, choose_on, older = await opening_chosen_by_ada(simcord_env)
    bo = table.players[1]
    await choose_on(bo, bo.user.dm_channel.history()[-1])  # answered on the notice (the copied panel loses its controls)
    policy = heuristic_players("augsburg1520", 2)
    while len([m for m in bo.user.dm_channel.history() if m.id > older.id]) < PANEL_LOOKBACK + 5:
        assert await play_turn_by_dm(table, policy)
    await manager_of(table, simcord_env).slash(table.thread, "table cancel")
    left = with_controls(bo, table)
    assert not set(left) & set(bo.user.dm_channel.history()[-PANEL_LOOKBACK:])  # the cancel looked at these
    controls = {m.id: next(c for c in buttons(m) if table_control(c, table.table_id)
                           or c.custom_id.startswith("undo:")) for m in left}
    assert older.id not in controls and any(c.custom_id.startswith("undo:") for c in controls.values())
    for message in left:
        control = controls[message.id]
        if control.type == discord.ComponentType.select:
            answer = await bo.user.select(message, [control.options[0].value], custom_id=control.custom_id)
        else:
            answer = await bo.user.click(message, custom_id=control.custom_id)
        (said,) = answer.followups
        assert said.ephemeral and "This game was cancelled" in said.content, said.content
        clicked = next(m for m in bo.user.dm_channel.history() if m.id == message.id)
        assert clicked.content == message.content and clicked.embeds == message.embeds  # only the controls went
    assert not with_controls(bo, table)


async def test_a_cancelled_board_says_so_and_names_nobody_to_move(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada, bo, cy = table.players
    board = await board_message(table)
    assert board.content.startswith("Waiting for") and bo.mention in board.content
    assert "<t:" in embeds_text(board.embeds)  # when the pace's deadlines fall due (24 hours by default)
    await ada.slash(table.thread, "table cancel")  # the creator asks; the others agree
    vote = next(m for m in table.thread.history() if "agree?" in (m.content or ""))
    await bo.click(vote, label="Agree")
    await cy.click(vote, label="Agree")
    assert (await table.row()).status == "cancelled"
    board = next(m for m in table.thread.history() if m.id == board.id)
    assert board.content == f"**Table #{table.table_id} was cancelled**: nobody is to move any more."
    shown = board.content + embeds_text(board.embeds)
    assert "<t:" not in shown and not any(p.mention in shown for p in table.players)  # no deadline, nobody called
    assert not board.components and "ada" in shown  # the position where the game stopped stays


@pytest.mark.parametrize("game,names,waiting", [
    ("augsburg1520", ["ada", "bo", "cy"], ["Waiting for", "to act"]),
    ("baumeister", ["ada", "bo", "cy"], ["Turn of", "to bid", "▶"]),
    ("aelderman", ["ada", "bo"], ["**Now:**", "⏳"])])
async def test_a_cancelled_boards_position_says_nobody_is_to_act(simcord_env, game, names, waiting):
    """The board keeps the position where the game stopped, but not whose move it was: "nobody is
    to move any more" is not followed by a player the game waits for, nor by their mark."""
    table = await open_table(simcord_env, game, names)
    await start(table)
    policy = heuristic_players(game, len(names))
    for _ in range(4):
        await play_turn_by_dm(table, policy)
    before = embeds_text((await board_message(table)).embeds)
    assert any(words in before for words in waiting), before
    for player in table.players:  # nobody is left playing: the table closes
        await player.slash(table.thread, "table abandon")
    board = await board_message(table)
    assert board.content.startswith(f"**Table #{table.table_id} was cancelled**: nobody is to move any more")
    shown = embeds_text(board.embeds)
    assert not [words for words in waiting if words in shown], shown
    assert all(f"{name} (forfeited)" in shown for name in names)  # the position stays


async def test_the_board_of_a_table_closed_because_nobody_is_left_says_it_was_cancelled(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada"], computers=1)
    await start(table)
    ada = table.players[0]
    assert ada.mention in (await board_message(table)).content
    await ada.slash(table.thread, "table abandon")
    assert (await table.row()).status == "cancelled"
    board = await board_message(table)
    assert "was cancelled" in board.content and ada.mention not in board.content + embeds_text(board.embeds)
    assert not with_controls(ada, table)


async def cancelled_with_board_refused(env, monkeypatch, times: int):
    """A running 2-player table a server manager cancelled while Discord refuses the board's
    edits `times` times; the table and its row from before the cancel."""
    fix_deal(monkeypatch, 5)
    table = await open_table(env, "augsburg1520", ["ada", "bo"])
    await start(table)
    row = await table.row()
    env.check_errors = False
    env.inject_error("PATCH", f"/channels/{table.thread.id}/messages/{row.board_message_id}", status=500,
                     times=times)
    await manager_of(table, env).slash(table.thread, "table cancel")
    return table, row


async def test_a_cancelled_tables_board_that_discord_refused_to_edit_says_so_later(simcord_env, monkeypatch):
    """README: "Once cancelled, the board ... say[s] so"; a board Discord refuses is shown again
    5 minutes later (then 30 minutes, 2 hours)."""
    table, _ = await cancelled_with_board_refused(simcord_env, monkeypatch, times=2)
    assert (await table.row()).status == "cancelled"
    assert "My hand" in labels(await board_message(table))  # refused: still as it was
    await simcord_env.advance_time(301)  # refused again
    assert "My hand" in labels(await board_message(table))
    await simcord_env.advance_time(1801)
    board = await board_message(table)
    assert not labels(board) and board.content.startswith(f"**Table #{table.table_id} was cancelled**")
    assert not await simcord_env.bot.store.tables.timers(table_id=table.table_id)
    await simcord_env.advance_time(7201)  # nothing more to do
    notes = [m for m in table.thread.history() if "was cancelled" in (m.content or "") and m.id != board.id]
    assert len(notes) == 1  # the thread is told once


async def test_a_restart_shows_a_refused_cancelled_board_without_telling_the_thread_again(simcord_env, settings,
                                                                                         monkeypatch):
    table, row = await cancelled_with_board_refused(simcord_env, monkeypatch, times=1)

    def notes() -> list[str]:
        return [m.content for m in table.thread.history() if "was cancelled" in (m.content or "")
                and m.id != row.board_message_id]

    assert len(notes()) == 1
    await simcord_env.advance_time(200)  # then another table moves: this one is not among the last moved
    await start(await open_table(simcord_env, "augsburg1520", ["cy", "di"]))
    await simcord_env.restart_bot(create_bot(settings))
    await simcord_env.advance_time(1)
    board = await board_message(table)
    assert board.content.startswith(f"**Table #{table.table_id} was cancelled**") and not labels(board)
    assert len(notes()) == 1, notes()
