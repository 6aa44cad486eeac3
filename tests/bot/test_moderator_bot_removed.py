"""The bot is removed from the server just before a game's last move and invited back ten minutes
later: the final board comes back with the board's retry, the final standings never do (until a
restart). README: "final standings Discord refuses are posted again a minute, ten minutes and an
hour later"."""
from __future__ import annotations

import pytest

from tests.bot.moderation import GAMES, BotRemoval, running
from tests.bot.driver import board_message, labels, play_turn_by_dm
from tests.bot.test_board_refused import play_to


def standings_in(table):
    return [m for m in table.thread.history() if m.embeds and "final standings" in (m.embeds[0].title or "")]


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES))
async def test_standings_of_a_game_that_ended_while_the_bot_was_out_are_posted_once_it_is_back(
        simcord_env, monkeypatch, game):
    env = simcord_env
    table, policy = await running(env, monkeypatch, game, moves=0)
    await play_to(table, policy, "end")
    removal = BotRemoval(env, table.guild.id)
    await removal.remove()
    assert await play_turn_by_dm(table, policy)  # the last move, from a DM panel
    assert (await table.row()).status == "finished"
    await env.advance_time(120)  # the first retries fall while the bot is out
    await removal.add_back()
    await env.advance_time(2 * 3600)  # every retry the README lists is due by now
    board = await board_message(table)
    assert "My hand" not in labels(board) and not (board.content or "").startswith("Your move")  # the final board
    assert standings_in(table), "the final standings (and Rematch) never reach the thread"



async def test_a_thread_the_bot_cannot_read_while_it_is_out_is_logged_once_not_at_every_move(
        simcord_env, monkeypatch, caplog):
    """README (Reliability): "Each failure is logged once". Removed from the server, the bot cannot
    read the table's thread; the game goes on by DM, and the operator's log says so once, again
    only after the thread was readable in between."""
    import logging

    env = simcord_env
    caplog.set_level(logging.INFO)
    table, policy = await running(env, monkeypatch, "augsburg1520", moves=2)
    removal = BotRemoval(env, table.guild.id)
    await removal.remove()
    before = len(caplog.records)
    for _ in range(6):
        assert await play_turn_by_dm(table, policy)

    def unreadable(since):
        return [r.getMessage() for r in caplog.records[since:] if "cannot be read" in r.getMessage()]

    assert len(unreadable(before)) == 1, unreadable(before)
    await removal.add_back()
    assert await play_turn_by_dm(table, policy)  # readable again
    await removal.remove()
    again = len(caplog.records)
    for _ in range(3):
        assert await play_turn_by_dm(table, policy)
    assert len(unreadable(again)) == 1, unreadable(again)
