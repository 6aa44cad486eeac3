"""A stop (kill -9, crash) while a new table's or a rematch's thread is being opened: the lobby stored
without its thread is closed at the next start, so it neither blocks a rematch nor counts against a limit."""

from __future__ import annotations

import contextlib

import pytest

from bot import create_bot
from tests.bot.driver import heuristic_players, labels, open_table, play_to_the_end, start


class Stopped(BaseException):
    """The process stops (nothing in the bot catches this)."""


async def stopped(*args, **kwargs):
    raise Stopped()


@pytest.mark.slow
async def test_a_stop_while_the_rematch_thread_opens_does_not_lock_the_players_out_of_a_rematch(simcord_env, settings):
    """README: Rematch "opens a new table with the same players ... Pressed again, it points to the
    rematch already open"; "Nothing is lost". A stop after the rematch's table was stored but before
    its thread was opened must not leave the players pointed, for good, to a lobby nobody can see."""
    env = simcord_env
    table = await open_table(env, "augsburg1520", ["ada", "bo"])
    await start(table)
    await play_to_the_end(table, heuristic_players("augsburg1520", 2))
    ada, bo = table.players
    standings = next(m for m in reversed(table.thread.history()) if "Rematch" in labels(m))
    env.bot.controller.open_thread = stopped  # the process dies while Discord opens the thread
    env.check_errors = False
    with contextlib.suppress(Stopped):
        await ada.click(standings, label="Rematch")
    assert (await table.row()).rematch_id is not None  # the rematch's table was stored
    await env.restart_bot(create_bot(settings))

    answer = await bo.click(standings, label="Rematch")
    text = (answer.followups[-1] if answer.followups else answer.response).content
    rematch = await env.bot.store.tables.get((await table.row()).rematch_id)
    assert rematch.thread_id is not None and env.bot.get_channel(rematch.thread_id) is not None, (
        f"the rematch #{rematch.id} ({rematch.status}) has no thread; Rematch answers: {text!r}")


async def test_a_stop_while_a_new_tables_thread_opens_leaves_no_hidden_lobby_counting_against_the_limit(
        simcord_env, settings):
    """README: `max_open_tables_per_member` counts "open casual tables (in their lobby or running)"; a
    thread or lobby that could not be opened "leaves no table half open" (bot/ui/threads.py). A stop
    after `/table create` stored the table but before its thread opened must not leave a lobby that
    nobody can see, refusing the creator's next tables."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ada = guild.add_member(env.create_user("ada"))
    env.bot.controller.open_thread = stopped
    env.check_errors = False
    with contextlib.suppress(Stopped):
        await ada.slash(channel, "table create", game="augsburg1520")
    await env.restart_bot(create_bot(settings.model_copy(update={"max_open_tables_per_member": 1})))
    answer = await ada.slash(channel, "table create", game="augsburg1520")
    text = "\n".join(m.content or "" for m in [answer.response, *answer.followups] if m is not None)
    assert channel.threads, f"no table opened; /table create answers: {text!r}"
