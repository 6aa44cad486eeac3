"""Discord fails mid-game; the game goes on.

Each fault is injected with SimCord's `inject_error` (or, for a deleted board, by a moderator
deleting it) while people play by clicking their panels. After it: the move is stored, the
board shows it (a new board where the old one cannot be edited), the players still get their
panels, the failure is logged once, and the game can be played on (to the end in the slow
variants).
"""

from __future__ import annotations

import logging
from typing import Any

import discord
import pytest

from play.results import seat_choices
from tests.bot.driver import (board_message, buttons, choose, heuristic_players, labels, open_table,
                              panel_message, play_to_the_end, play_turn_by_dm, start, table_control,
                              text_of)
from tests.reliability.forge import FIGURES

GAME, PLAYERS = "augsburg1520", ["ada", "bo"]
MORE_MOVES = 6  # moves played after a fault in the fast tests
BOARD_FAILED = "not editable"
BOARD_FAULTS = {  # (status, code, Discord's message)
    "server error": (500, 0, "Internal Server Error"),
    "rate limited": (429, 0, "You are being rate limited."),
    "too old to edit": (400, 30046, "Maximum number of edits to messages older than 1 hour reached."),
}


async def new_game(env, caplog) -> Any:
    caplog.set_level(logging.INFO, logger="bot")
    table = await open_table(env, GAME, PLAYERS)
    await start(table)
    return table


def logged(caplog, text: str) -> list[str]:
    return [r.getMessage() for r in caplog.records if text in r.getMessage()]


async def one_move(table, policy) -> tuple[Any, Any]:
    """The first person due to act makes the policy's choice on their panel; (their actor, the result)."""
    row = await table.row()
    spec, state = table.bot.service.spec(row), table.bot.service.state(row)
    seat = next(s for s in await table.seats() if s.user_id is not None and s.seat in spec.to_act(state))
    actor = await table.actor_of_seat(seat.seat)
    index = seat_choices(spec, state, seat.seat).index(policy(state, seat.seat))
    return actor, await choose(actor, await panel_message(table, actor, seat), index)


async def play_on(table, policy, moves: int | None) -> None:
    """`moves` more choices by the players (None: to the end of the game, which must come)."""
    if moves is None:
        await play_to_the_end(table, policy)
        assert (await table.row()).status == "finished"
    else:
        for _ in range(moves):
            assert await play_turn_by_dm(table, policy), "the game stopped"
    FIGURES["games that went on after a fault"] += 1


def inject(env, method: str, path: str, **fault: Any) -> None:
    FIGURES["faults injected"] += 1
    env.inject_error(method, path, **fault)


def controls_for(actor, table_id: int) -> list[discord.Message]:
    """The DM messages of `actor` that carry controls of the table."""
    return [m for m in actor.user.dm_channel.history() if any(table_control(c, table_id) for c in buttons(m))]


async def board_fault_then_play(env, caplog, fault: tuple[int, int, str], moves: int | None) -> None:
    table = await new_game(env, caplog)
    policy = heuristic_players(GAME, len(PLAYERS))
    old = (await table.row()).board_message_id
    status, code, message = fault
    inject(env, "PATCH", f"/channels/{table.thread.id}/messages/{old}", status=status, code=code,
                     message=message)
    for _ in range(20):  # the fault waits for the first edit of the board (a move within its round)
        version = (await table.row()).version
        await play_turn_by_dm(table, policy)
        assert (await table.row()).version > version, "the move was not stored"
        if not env.backend.faults:
            break
    assert not env.backend.faults, "no move edited the board"
    row = await table.row()
    assert row.board_message_id != old, "no new board after the failed edit"
    board = await board_message(table)
    assert "My hand" in labels(board)
    assert len(logged(caplog, BOARD_FAILED)) == 1
    await play_on(table, policy, moves)


@pytest.mark.parametrize("fault", list(BOARD_FAULTS), ids=list(BOARD_FAULTS))
async def test_a_board_edit_fails_and_a_new_board_is_posted(simcord_env, caplog, fault):
    await board_fault_then_play(simcord_env, caplog, BOARD_FAULTS[fault], MORE_MOVES)


@pytest.mark.slow
@pytest.mark.parametrize("fault", list(BOARD_FAULTS), ids=list(BOARD_FAULTS))
async def test_a_board_edit_fails_and_the_game_is_finished(simcord_env, caplog, fault):
    await board_fault_then_play(simcord_env, caplog, BOARD_FAULTS[fault], None)


async def deleted_board_then_play(env, caplog, moves: int | None) -> None:
    table = await new_game(env, caplog)
    policy = heuristic_players(GAME, len(PLAYERS))
    mods = table.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    mod = table.guild.add_member(env.create_user("mod"), roles=[mods])
    old = await board_message(table)
    await mod.delete(old)
    FIGURES["faults injected"] += 1
    version = (await table.row()).version
    await play_turn_by_dm(table, policy)
    row = await table.row()
    assert row.version > version
    assert row.board_message_id != old.id
    assert "My hand" in labels(await board_message(table))
    assert len(logged(caplog, BOARD_FAILED)) == 1
    await play_on(table, policy, moves)


async def test_a_deleted_board_is_posted_again(simcord_env, caplog):
    await deleted_board_then_play(simcord_env, caplog, MORE_MOVES)


@pytest.mark.slow
async def test_a_deleted_board_and_the_game_is_finished(simcord_env, caplog):
    await deleted_board_then_play(simcord_env, caplog, None)


async def expired_answer_then_play(env, caplog, moves: int | None) -> None:
    """The answer to an accepted move is refused as an unknown interaction (it took over 3 s)."""
    table = await new_game(env, caplog)
    policy = heuristic_players(GAME, len(PLAYERS))
    mover = None
    for _ in range(40):  # a move after which someone else must act: their panel must still come
        row = await table.row()
        spec, state = table.bot.service.spec(row), table.bot.service.state(row)
        if len(spec.to_act(state)) == 1:
            break
        await play_turn_by_dm(table, policy)
    version, board = row.version, await board_message(table)
    before = {p.id: len(p.user.dm_channel.history()) for p in table.players}
    inject(env, "POST", "/interactions/*/callback", status=404, code=10062, message="Unknown interaction")
    mover, result = await one_move(table, policy)
    assert not result.acknowledged and not env.backend.faults
    row = await table.row()
    assert row.version > version, "the move was not stored"
    refreshed = await board_message(table)
    assert (refreshed.id, text_of(refreshed)) != (board.id, text_of(board)), "the board was not refreshed"
    assert len(mover.user.dm_channel.history()) > before[mover.id], "the player was not told by DM"
    spec, state = table.bot.service.spec(row), table.bot.service.state(row)
    for seat in await table.seats():
        if seat.seat in spec.to_act(state) and seat.user_id is not None:
            actor = await table.actor_of_seat(seat.seat)
            assert controls_for(actor, table.table_id), f"seat {seat.seat} has no panel to play"
    assert len(logged(caplog, "answer to a move")) == 1
    await play_on(table, policy, moves)


async def test_an_expired_answer_the_move_stands_and_the_game_goes_on(simcord_env, caplog):
    await expired_answer_then_play(simcord_env, caplog, MORE_MOVES)


@pytest.mark.slow
async def test_an_expired_answer_and_the_game_is_finished(simcord_env, caplog):
    await expired_answer_then_play(simcord_env, caplog, None)


async def test_an_expired_answer_with_closed_dms_is_told_in_the_thread(simcord_env, caplog):
    """The answer to a move expires and the player's DMs are closed: the thread tells them their
    move stands and where their next choices are (a move everyone saw: a bid, not a secret pick)."""
    table = await new_game(simcord_env, caplog)
    policy = heuristic_players(GAME, len(PLAYERS))
    while (await table.state()).phase != "bid":  # the secret purchase first
        await one_move(table, policy)
    for player in table.players:  # every DM refused from now on
        inject(simcord_env, "POST", f"/channels/{player.user.dm_channel.id}/messages", status=403, code=50007,
               message="Cannot send messages to this user", times=None)
    inject(simcord_env, "POST", "/interactions/*/callback", status=404, code=10062, message="Unknown interaction")
    version = (await table.row()).version
    mover, result = await one_move(table, policy)
    assert not result.acknowledged
    assert (await table.row()).version > version
    told = [m for m in table.thread.history() if mover.mention in m.content and "your move was stored" in m.content]
    assert len(told) == 1 and "My hand" in told[0].content
    await play_on(table, policy, MORE_MOVES)


async def closed_dms_then_play(env, caplog, moves: int | None) -> None:
    """Ada closes her DMs in the middle of the game: she plays on through "My hand"."""
    table = await new_game(env, caplog)
    policy = heuristic_players(GAME, len(PLAYERS))
    ada = table.players[0]
    dm = ada.user.dm_channel.id
    inject(env, "POST", f"/channels/{dm}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    start_at = len(env.http_requests)
    for _ in range(60):  # until the bot next needs to send her a DM
        assert await play_turn_by_dm(table, policy), "the game stopped"
        if not (await seat_row(table, ada)).dm_ok:
            break
    assert (await seat_row(table, ada)).dm_ok is False
    notice = [m for m in table.thread.history() if ada.mention in m.content and "My hand" in m.content]
    assert notice, "Ada was not told in the thread to use My hand"
    await play_on(table, policy, moves)
    attempts = [r for r in env.http_requests[start_at:] if r.method == "POST" and r.path == f"/channels/{dm}/messages"]
    assert len(attempts) == 1, "DMs were tried again after Discord refused them"
    assert len(logged(caplog, "play through My hand")) == 1


async def seat_row(table, actor) -> Any:
    return next(s for s in await table.seats() if s.user_id == actor.id)


async def test_closed_dms_mid_game_the_game_goes_on(simcord_env, caplog):
    await closed_dms_then_play(simcord_env, caplog, MORE_MOVES)


@pytest.mark.slow
async def test_closed_dms_mid_game_the_game_is_finished(simcord_env, caplog):
    await closed_dms_then_play(simcord_env, caplog, None)
