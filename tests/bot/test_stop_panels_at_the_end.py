"""README (Stopping the bot): "After a kill -9 or a crash, such a panel ... may keep its controls once
its player has moved from My hand or an older panel ... until the game ends". A panel the bot sent
just before a crash, and so kept no record of, loses its controls at the game's end, however many
DMs came after it (a long game sends each player dozens)."""

from __future__ import annotations

import contextlib

import pytest

from bot import create_bot
from play.results import seat_choices
from tests.bot.driver import (board_message, buttons, choose, fix_deal, heuristic_players, open_table,
                              play_turn_by_dm, start, table_control)


class Stopped(BaseException):
    """The process stops (nothing in the bot catches this)."""


@pytest.mark.slow
async def test_a_panel_a_crash_left_live_loses_its_controls_at_the_end_however_far_back(
        simcord_env, settings, monkeypatch):
    env = simcord_env
    env.check_errors = False
    fix_deal(monkeypatch, 3)
    table = await open_table(env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    policy = heuristic_players("augsburg1520", 3)
    for _ in range(4):
        assert await play_turn_by_dm(table, policy)
    sent_before_stop = []
    send_dm = env.bot.presenter.send_dm

    async def send_then_stop(*args, **kwargs):  # Discord took the DM; the bot dies before noting it
        sent_before_stop.append(await send_dm(*args, **kwargs))
        raise Stopped

    monkeypatch.setattr(env.bot.presenter, "send_dm", send_then_stop)
    while not sent_before_stop:
        with contextlib.suppress(Stopped):
            assert await play_turn_by_dm(table, policy)
    monkeypatch.undo()
    await env.restart_bot(create_bot(settings))
    while (row := await table.row()).status == "running":  # everyone plays on from My hand
        spec, state = env.bot.service.spec(row), env.bot.service.state(row)
        seat = next(s for s in await table.seats() if s.seat in spec.to_act(state))
        player = next(p for p in table.players if p.id == seat.user_id)
        hand = (await player.click(await board_message(table), label="My hand")).response.message
        await choose(player, hand, seat_choices(spec, state, seat.seat).index(policy(state, seat.seat)))
    assert row.status == "finished"
    for player in table.players:
        history = player.user.dm_channel.history()
        live = [m for m in history if any(table_control(c, table.table_id) for c in buttons(m))]
        assert not live, [(len(history) - history.index(m), (m.content or "")[:80]) for m in live]
