"""A new board Discord refuses to post: a new round's, and a game's last. The thread still gets
every public line (the old board never got the refused move's lines), and a finished game's board
stops saying whose move it is once it is shown again."""

from __future__ import annotations

import pytest

from bot.render import get_renderer
from tests.bot.driver import (board_message, fix_deal, heuristic_players, labels, open_table, play_turn_by_dm, start,
                              thread_text)

PLAYERS = {"augsburg1520": ["ada", "bo"], "aelderman": ["ada", "bo", "cy"]}


async def next_move(table, policy):
    """(whether the next person's move starts a new board, whether it ends the game)."""
    row = await table.row()
    spec, state = table.bot.service.spec(row), table.bot.service.state(row)
    seat = next(s.seat for s in await table.seats() if s.user_id is not None and s.seat in spec.to_act(state))
    after, _ = spec.apply(spec.load_state(spec.dump_state(state)), seat, policy(state, seat))
    key = get_renderer(row.game).board_key
    return key(spec.view(after, None)) != key(spec.view(state, None)), spec.outcome(after) is not None


async def play_to(table, policy, wanted: str) -> None:
    """Play until the next person's move starts a new round's board ("round") or ends the game ("end")."""
    for _ in range(3000):
        new_board, ends = await next_move(table, policy)
        if (wanted == "end" and ends) or (wanted == "round" and new_board and not ends):
            return
        assert await play_turn_by_dm(table, policy)
    raise AssertionError(f"never reached {wanted}")


def refuse_next_post(env, table) -> None:
    env.inject_error("POST", f"/channels/{table.thread.id}/messages", status=500, message="Internal Server Error",
                     times=1)


@pytest.mark.parametrize("game", list(PLAYERS))
@pytest.mark.parametrize("shown_by", ["the next move", "the retry"])
async def test_the_lines_of_a_move_whose_new_board_was_refused_reach_the_thread(simcord_env, monkeypatch, game,
                                                                                shown_by):
    fix_deal(monkeypatch, 7)
    table = await open_table(simcord_env, game, PLAYERS[game])
    await start(table)
    policy = heuristic_players(game, len(PLAYERS[game]))
    await play_to(table, policy, "round")
    before = await table.row()
    refuse_next_post(simcord_env, table)
    assert await play_turn_by_dm(table, policy)
    assert not simcord_env.backend.faults and (await table.row()).board_message_id == before.board_message_id
    if shown_by == "the retry":
        await simcord_env.advance_time(301)
    else:
        assert await play_turn_by_dm(table, policy)
    row = await table.row()
    assert row.board_message_id != before.board_message_id
    info = table.bot.presenter.info(await table.bot.service.news(table.table_id))
    lines = [info.fill(text) for version, text in row.recent_events if version == before.version + 1]
    assert lines and not [line for line in lines if line not in thread_text(table)], lines


@pytest.mark.slow
async def test_a_finished_games_board_refused_is_shown_again_without_a_turn(simcord_env, monkeypatch):
    fix_deal(monkeypatch, 5)
    table = await open_table(simcord_env, "augsburg1520", PLAYERS["augsburg1520"])
    await start(table)
    policy = heuristic_players("augsburg1520", 2)
    await play_to(table, policy, "end")
    refuse_next_post(simcord_env, table)
    assert await play_turn_by_dm(table, policy)
    assert (await table.row()).status == "finished" and not simcord_env.backend.faults
    assert "Your move" in (await board_message(table)).content  # the last round's board, as it was
    await simcord_env.advance_time(301)
    board = await board_message(table)
    assert "My hand" not in labels(board) and "move" not in (board.content or ""), board.content
    assert not board.mentions
    assert not await table.bot.store.tables.timers(table_id=table.table_id)  # its retry is done
