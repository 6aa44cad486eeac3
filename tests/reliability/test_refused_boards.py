"""Discord work lost after a move is stored comes back: a board and a due player's panel that
Discord refused are shown again five minutes later (and at the next start), and a player whose
deadline passed just before a stop is still told so, with "I'm back"."""

from __future__ import annotations

import contextlib
from datetime import datetime, timedelta, timezone

import pytest

from bot import create_bot
from play.results import panel_token
from play.scheduler import CLAIM_SECONDS
from storage.db import run
from tests.bot.driver import (board_message, buttons, fix_deal, heuristic_players, open_table, play_turn_by_dm,
                              start, table_control)
from tests.bot.test_closed_dms import SPEC, seat_of, table_with_closed_dms
from tests.bot.test_pace import LIVE, dms_with, live_table, play_seat


class Stopped(BaseException):
    """The process stops."""


async def _outage_on_a_turn_change(env):
    """A Baumeister move handing the turn on, made while Discord refuses the thread's posts and
    edits and every DM; then Discord is well again."""
    table = await open_table(env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    policy = heuristic_players("baumeister", 3)
    for _ in range(60):
        row = await table.row()
        spec, state = table.bot.service.spec(row), table.bot.service.state(row)
        mover = next(s.seat for s in await table.seats() if s.seat in spec.to_act(state) and s.user_id)
        after, _ = spec.apply(state, mover, policy(state, mover))
        if spec.to_act(after) - {mover} and spec.to_act(after) != spec.to_act(state):
            break
        assert await play_turn_by_dm(table, policy)
    env.inject_error("PATCH", f"/channels/{table.thread.id}/messages/*", status=500, times=None)
    env.inject_error("POST", f"/channels/{table.thread.id}/messages", status=500, times=None)
    for player in table.players:
        env.inject_error("POST", f"/channels/{player.user.dm_channel.id}/messages", status=500, times=None)
    env.check_errors = False  # the refusals are this test's own doing
    assert await play_turn_by_dm(table, policy)
    env.backend.faults.clear()
    return table, policy


async def _caught_up(table) -> bool:
    """The board names whose move it is, and each of them has the panel of that decision by DM."""
    row = await table.row()
    spec, state = table.bot.service.spec(row), table.bot.service.state(row)
    due = [s for s in await table.seats() if s.seat in spec.to_act(state)]
    board = await board_message(table)
    if not all(f"<@{s.user_id}>" in (board.content or "") for s in due):
        return False
    for seat in due:
        newest = next(p for p in table.players if p.id == seat.user_id).user.dm_channel.history()[-1]
        if not any(table_control(c, table.table_id) and f":{panel_token(row, row.prompts[seat.seat][0])}:" in c.custom_id
                   for c in buttons(newest)):
            return False
    return True


async def test_a_board_and_panel_discord_refused_are_shown_again_five_minutes_later(simcord_env):
    table, policy = await _outage_on_a_turn_change(simcord_env)
    assert not await _caught_up(table)
    await simcord_env.advance_time(301)
    assert await _caught_up(table)
    assert await play_turn_by_dm(table, policy)


async def test_a_board_discord_refused_is_shown_again_at_the_next_start(simcord_env, settings):
    """Even when other tables moved long after it (it is not among the last moved before the stop)."""
    env = simcord_env
    table, policy = await _outage_on_a_turn_change(env)
    then = (datetime.now(timezone.utc) - timedelta(minutes=10)).isoformat(timespec="milliseconds")
    async with env.bot.store.db.transaction() as conn:  # the table last moved ten minutes ago
        await run(conn, "UPDATE game_tables SET updated_at = ? WHERE id = ?", (then, table.table_id))
    await start(await open_table(env, "augsburg1520", ["x1", "x2"]))
    await env.restart_bot(create_bot(settings))
    assert await _caught_up(table)
    assert await play_turn_by_dm(table, policy)


async def test_a_player_away_is_told_so_after_a_stop_that_cut_the_notice_off(simcord_env, settings):
    """bo misses his deadline; the computer's move is stored, then the process stops before Discord
    hears of it. After the restart bo is told his time ran out, with I'm back, once."""
    table = await live_table(simcord_env)
    ada, bo = table.players
    await play_seat(table, ada, heuristic_players("augsburg1520", 2))
    row = await table.row()

    async def stopped(*args, **kwargs):
        raise Stopped()

    simcord_env.bot.presenter.publish = stopped
    simcord_env.check_errors = False
    with contextlib.suppress(Stopped):
        await simcord_env.advance_time(LIVE + 1)
    assert (await table.row()).version > row.version and not dms_with(bo, "Time ran out")
    await simcord_env.restart_bot(create_bot(settings))
    await simcord_env.advance_time(CLAIM_SECONDS + 61)
    assert len(dms_with(bo, "Time ran out")) == 1
    await simcord_env.restart_bot(create_bot(settings))
    assert len(dms_with(bo, "Time ran out")) == 1  # told: not again


def pings(table, player):
    return [m for m in table.thread.history() if f"<@{player.id}>, it is your move" in (m.content or "")]


async def _board_refused_as_turn_goes_to_bo(env, monkeypatch):
    fix_deal(monkeypatch, 3)
    table, bo, _ = await table_with_closed_dms(env)
    policy = heuristic_players("augsburg1520", 2)
    bo_seat = (await seat_of(table, bo)).seat
    for _ in range(80):
        row = await table.row()
        spec, state = table.bot.service.spec(row), table.bot.service.state(row)
        if bo_seat not in spec.to_act(state):
            mover = next(iter(spec.to_act(state)))
            after, _ = spec.apply(state, mover, policy(state, mover))
            if bo_seat in spec.to_act(after) and spec.shown_to_act(after) == spec.to_act(after):
                break
        assert await play_turn_by_dm(table, policy)
    else:
        raise AssertionError("no move handing the turn to bo")
    # One board edit and the new board post that follows it fail once (Discord has a hiccup);
    # bo's mention, sent after them, goes through.
    env.inject_error("PATCH", f"/channels/{table.thread.id}/messages/*", status=500, times=1)
    env.inject_error("POST", f"/channels/{table.thread.id}/messages", status=500, times=1)
    env.check_errors = False
    before = len(pings(table, bo))
    assert await play_turn_by_dm(table, policy)
    env.backend.faults.clear()
    assert len(pings(table, bo)) == before + 1  # bo was told, once
    return table, bo, before


async def test_show_retry_does_not_ping_a_closed_dm_player_again(simcord_env, monkeypatch):
    table, bo, before = await _board_refused_as_turn_goes_to_bo(simcord_env, monkeypatch)
    await simcord_env.advance_time(301)  # the SHOW timer: the board is shown again
    assert (await seat_of(table, bo)).seat in SPEC.to_act(await table.state())  # still bo's same decision
    assert len(pings(table, bo)) == before + 1, [m.content for m in pings(table, bo)]
    assert not await table.bot.store.tables.timers(table_id=table.table_id, kind="show")  # done: no more retries


@pytest.mark.slow
async def test_a_later_move_that_shows_everything_ends_the_retries(simcord_env, monkeypatch):
    table, bo, before = await _board_refused_as_turn_goes_to_bo(simcord_env, monkeypatch)
    assert await table.bot.store.tables.timers(table_id=table.table_id, kind="show")
    assert await play_turn_by_dm(table, heuristic_players("augsburg1520", 2))  # shown at once, in full
    assert not await table.bot.store.tables.timers(table_id=table.table_id, kind="show")


def _refuse_the_next_panel_of(env, seat_no: int) -> None:
    """Discord refuses the seat's next panel altogether (its DM and the thread's mention)."""
    import discord
    from types import SimpleNamespace

    presenter = env.bot.controller.presenter
    real, left = presenter.notify_seat, [1]

    async def notify_seat(news, seat, thread):
        if seat == seat_no and left[0]:
            left[0] -= 1
            raise discord.HTTPException(SimpleNamespace(status=500, reason="Internal Server Error"), "refused")
        return await real(news, seat, thread)

    presenter.notify_seat = notify_seat


async def test_a_refused_panel_comes_with_the_next_move_of_another_player(simcord_env):
    """README: a due player's panel Discord refused "is shown again ... (any later move at the table
    shows them too)". Another player's move, which does not change bo's choices, sends it."""
    from play.results import seat_choices
    from tests.bot.driver import choose, panel_message

    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    ada, bo, _ = table.players
    _refuse_the_next_panel_of(simcord_env, 1)
    await start(table)

    def panels_of_bo():
        return [m for m in bo.user.dm_channel.history() if any(table_control(c, table.table_id) for c in buttons(m))]

    assert await table.seat_of(bo) == 1 and not panels_of_bo()
    seat, state = next(s for s in await table.seats() if s.user_id == ada.id), await table.state()
    policy = heuristic_players("augsburg1520", 3)
    await choose(ada, await panel_message(table, ada, seat), seat_choices(SPEC, state, seat.seat).index(
        policy(state, seat.seat)))
    assert 1 in SPEC.to_act(await table.state()) and len(panels_of_bo()) == 1
    assert not await table.bot.store.tables.timers(table_id=table.table_id, kind="show")
