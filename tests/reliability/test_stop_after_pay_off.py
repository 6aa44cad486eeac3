"""A stop right after a pay-off was agreed and stored, before Discord heard of it: README, "a stop
between storing a move and showing it (a crash, a killed process) loses nothing". The victim (not
the mover) hears by DM that it was agreed and what was paid, once, at the next start."""

from __future__ import annotations

import contextlib

import pytest

from bot import create_bot
from games.baumeister import moves
from tests.bot.driver import play_turn_by_dm, text_of
from tests.bot.test_baumeister_sabotage import table_at_a_pay_off_offer
from tests.bot.test_board_refused import Killed


@pytest.mark.parametrize("stopped", [True, False], ids=["stop before Discord heard", "clean restart"])
async def test_the_other_side_of_an_agreed_pay_off_hears_it_once(simcord_env, settings, monkeypatch, stopped):
    simcord_env.check_errors = False
    table, state = await table_at_a_pay_off_offer(simcord_env, monkeypatch)
    attacker, victim = state.current, state.victim
    names = {s.seat: s.display_name for s in await table.seats()}
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[1])  # the victim offers 1 thaler
    dms = (await table.actor_of_seat(victim)).user.dm_channel
    with monkeypatch.context() as patch:
        if stopped:
            async def killed(*args, **kwargs):
                raise Killed()
            patch.setattr(simcord_env.bot.presenter, "publish", killed)
        with contextlib.suppress(Killed):
            assert await play_turn_by_dm(table, lambda st, seat: moves.ACCEPT)  # the saboteur accepts
    assert (await table.state()).money[victim] == state.money[victim] - 1
    paid = f"pays {names[attacker]} 1 thaler"
    told = lambda: [m for m in dms.history() if paid in text_of(m)]  # noqa: E731
    assert len(told()) == (0 if stopped else 1)
    for _ in range(2):  # a second start tells nobody again
        await simcord_env.restart_bot(create_bot(settings))
        assert len(told()) == 1, [text_of(m)[:200] for m in dms.history()[-3:]]
        assert paid in text_of(dms.history()[-1])
