"""A moderator deletes the board of a running game, then a Manage Server member cancels the game.
README: "a board that cannot be edited (deleted, too old, Discord failing) is posted anew" and "a
cancelled table's board keeps its own log, and such lines go below it": the thread, read in order,
has every public line. Here the cancel edits the deleted board (404) at once and at each of its three
retries, and the lines of the deleted board never come back."""
from __future__ import annotations

import pytest

from tests.bot.moderation import GAMES, log_gap, moderator, running
from tests.bot.driver import board_message, text_of


@pytest.mark.parametrize("game", list(GAMES))
async def test_a_cancelled_games_log_comes_back_when_its_board_was_deleted(simcord_env, monkeypatch, caplog, game):
    env = simcord_env
    table, policy = await running(env, monkeypatch, game)
    mod = moderator(env, table)
    board = await board_message(table)
    await mod.delete(board)
    await mod.slash(table.thread, "table cancel")
    assert (await table.row()).status == "cancelled"
    await env.advance_time(3 * 3600)
    said = [m for m in table.thread.history() if "was cancelled" in text_of(m)]
    assert said, "nothing in the thread says the game was cancelled"
    if game == "aelderman":  # the board posted anew has its map, as every new board of the game
        anew = [m for m in said if "was cancelled**: nobody is to move" in text_of(m)]
        assert anew and [a.filename for a in anew[-1].attachments] == [a.filename for a in board.attachments] != []
    shown, public = await log_gap(table)
    missing = [line for line in public if line not in shown]
    assert not missing, f"{len(missing)} public lines of the cancelled game are in no message of the thread: {missing[:3]}"
    refused = [r.getMessage() for r in caplog.records if "404 Unknown Message" in r.getMessage()]
    assert len(refused) <= 1, refused


async def test_a_cancel_while_the_thread_is_locked_reaches_the_lobby_too_once_it_opens(simcord_env, monkeypatch):
    """A Manage Server member cancels a game while its thread refuses every post and edit (locked):
    once a moderator opens it, the board shows the cancel at its next try, and so does the lobby
    message at the top of the thread, which said "Game in progress"."""
    env = simcord_env
    table, _ = await running(env, monkeypatch, "augsburg1520", moves=3)
    for method in ("POST", "PATCH"):
        env.inject_error(method, f"/channels/{table.thread.id}/messages*", status=400, code=50083,
                         message="Thread is archived", times=None)
    await moderator(env, table).slash(table.channel, "table cancel", table=table.table_id)
    assert (await table.row()).status == "cancelled"
    env.backend.faults.clear()  # the thread is opened again
    await env.advance_time(3 * 3600)
    assert "cancelled" in text_of(await board_message(table)).lower()
    lobby = text_of(table.thread.history()[0])
    assert "Game in progress" not in lobby and "cancelled" in lobby.lower(), lobby
