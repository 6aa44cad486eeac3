"""A stop (kill -9) while a reminder goes out."""

from __future__ import annotations

from bot import create_bot
from tests.bot.driver import heuristic_players
from tests.bot.test_pace import LIVE, dms_with, live_table, play_seat


class Stopped(BaseException):
    """The process stops (nothing in the bot catches this)."""


async def test_a_reminder_sent_just_before_a_stop_is_not_sent_again(simcord_env, settings):
    """README: "The player is reminded by DM ... at half the time and again near the end"; "nothing
    is shown twice" across a restart. The process dies just after Discord took the half-time
    reminder (before the bot recorded that its timer was done): the player is not reminded again."""
    env = simcord_env
    table = await live_table(env)
    ada, bo = table.players
    await play_seat(table, ada, heuristic_players("augsburg1520", 2))  # bo's deadline runs
    presenter = env.bot.presenter
    real = presenter.remind

    async def remind_then_stop(*args, **kwargs):
        await real(*args, **kwargs)
        raise Stopped()  # killed as Discord's answer to the DM comes in

    presenter.remind = remind_then_stop
    env.check_errors = False
    await env.advance_time(LIVE // 2 + 1)
    assert len(dms_with(bo, "Still your turn")) == 1
    await env.restart_bot(create_bot(settings))
    await env.advance_time(150)  # the timer's claim (two minutes) runs out
    reminders = dms_with(bo, "Still your turn")
    assert len(reminders) == 1, f"bo was reminded {len(reminders)} times"
