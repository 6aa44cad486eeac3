"""Read Message History taken from the bot after a game ended; the bot restarts."""
from __future__ import annotations

import pytest

from tests.bot.moderation import GAMES, restart, running
from tests.bot.driver import play_turn_by_dm
from tests.bot.test_board_refused import play_to


def standings_in(table):
    return [m for m in table.thread.history() if m.embeds and "final standings" in (m.embeds[0].title or "")]


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES))
async def test_standings_are_not_posted_twice_when_the_bot_cannot_read_the_thread(simcord_env, monkeypatch, settings,
                                                                                 game):
    env = simcord_env
    table, policy = await running(env, monkeypatch, game, moves=0)
    await play_to(table, policy, "end")
    assert await play_turn_by_dm(table, policy)
    assert (await table.row()).status == "finished" and len(standings_in(table)) == 1
    await env.bot.get_channel(table.channel.id).set_permissions(env.bot.user, read_message_history=False)
    await env.settle()
    await restart(env, settings)
    assert len(standings_in(table)) == 1, f"{len(standings_in(table))} final standings in the thread"


@pytest.mark.slow
async def test_every_restart_posts_them_again(simcord_env, monkeypatch, settings):
    env = simcord_env
    table, policy = await running(env, monkeypatch, "augsburg1520", moves=0)
    await play_to(table, policy, "end")
    assert await play_turn_by_dm(table, policy)
    await env.bot.get_channel(table.channel.id).set_permissions(env.bot.user, read_message_history=False)
    await env.settle()
    for _ in range(3):
        await env.advance_time(24 * 3600)
        await restart(env, settings)
    assert len(standings_in(table)) == 1, f"{len(standings_in(table))} final standings after 3 restarts"


@pytest.mark.slow
async def test_a_tournament_tables_standings_are_not_posted_again_either(simcord_env, settings):
    from tests.bot.tournament_driver import create, new_event, play_round, register_all, tournament_message

    env = simcord_env
    event = new_event(env, 3)
    tournament = await create(event, rounds=2)
    await register_all(event, tournament)
    await event.organiser.click(tournament_message(event, tournament), label="Start")
    await play_round(event, tournament, 1)
    thread = event.channel.threads[-1]

    def standings():
        return [m for m in thread.history() if m.embeds and "final standings" in (m.embeds[0].title or "")]

    assert len(standings()) == 1
    await env.bot.get_channel(event.channel.id).set_permissions(env.bot.user, read_message_history=False)
    await env.settle()
    for _ in range(2):
        await restart(env, settings)
    assert len(standings()) == 1, f"{len(standings())} final standings in the table's thread"


@pytest.mark.slow
async def test_refused_standings_are_posted_again_without_read_message_history(simcord_env, monkeypatch):
    """Standings Discord refused once are known not to be there: their retry posts them, though
    the thread cannot be read back (README: "final standings Discord refuses are posted again a
    minute, ten minutes and an hour later")."""
    env = simcord_env
    table, policy = await running(env, monkeypatch, "augsburg1520", moves=0)
    await env.bot.get_channel(table.channel.id).set_permissions(env.bot.user, read_message_history=False)
    await env.settle()
    await play_to(table, policy, "end")
    env.check_errors = False  # the refusals are injected
    env.inject_error("POST", f"/channels/{table.thread.id}/messages", status=500, times=2)
    assert await play_turn_by_dm(table, policy)
    assert (await table.row()).status == "finished" and not standings_in(table)
    await env.advance_time(2 * 3600)
    assert len(standings_in(table)) == 1, f"{len(standings_in(table))} final standings after every retry"
