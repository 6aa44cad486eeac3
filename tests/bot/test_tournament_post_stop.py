"""A stop (kill -9, a crash) right after the tournament's channel accepted a post, before the bot
recorded it: the next start does not post it again."""

from __future__ import annotations

import contextlib

import pytest

from bot import create_bot
from tests.bot.driver import labels
from tests.bot.tournament_driver import create, new_event, play_out, register_all, tournament_message


class Stopped(BaseException):
    """The process stops (nothing in the bot catches this)."""


def titled(channel, title: str) -> list:
    return [m for m in channel.history() if m.embeds and title in (m.embeds[0].title or "")]


def stop_in(monkeypatch, service, name: str) -> list[str]:
    """Stop the bot when it comes to record that a post went out (it went out just before)."""
    stops: list[str] = []

    async def stopped(*args, **kwargs):
        stops.append(name)
        raise Stopped()

    monkeypatch.setattr(service, name, stopped)
    return stops


@pytest.mark.parametrize("rounds", [2, 1])
async def test_standings_posted_just_before_a_stop_are_not_posted_again(simcord_env, settings, monkeypatch, rounds):
    """README: round ends and standings that Discord refused are "tried again ... and at the next
    start"; one already posted is not: the organiser gets one ping and one Start next round, and
    the winners one congratulation."""
    env = simcord_env
    event = new_event(env, 4)
    tid = await create(event, game="augsburg1520", table_size=2, rounds=rounds)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    first, second = await event.bot.store.tournaments.games(tid, 1)
    await play_out(event.bot, first.table_id)
    env.check_errors = False
    stops = stop_in(monkeypatch, event.bot.tournaments, "round_announced")
    with contextlib.suppress(Stopped):
        await play_out(event.bot, second.table_id)
    assert stops
    monkeypatch.undo()
    title = "standings after round 1" if rounds == 2 else "final standings"
    assert len(titled(event.channel, title)) == 1
    await env.restart_bot(create_bot(settings))

    (posted,) = titled(event.channel, title)
    if rounds == 2:
        assert "Start next round" in labels(posted)
        await event.organiser.click(posted, label="Start next round")
        assert len(await env.bot.store.tournaments.games(tid, 2)) == 2
        assert "Start next round" not in labels(next(m for m in event.channel.history() if m.id == posted.id))
    else:
        assert sum(f"Tournament #{tid} is over" in (m.content or "") for m in event.channel.history()) == 1


async def test_a_round_announced_just_before_a_stop_is_not_announced_again(simcord_env, settings, monkeypatch):
    """The round's tables, posted once: a start that finds the round not recorded as announced
    looks for the post first."""
    env = simcord_env
    event = new_event(env, 4)
    tid = await create(event, game="augsburg1520", table_size=2, rounds=2)
    await register_all(event, tid)
    env.check_errors = False
    stops = stop_in(monkeypatch, event.bot.tournaments, "round_opened")
    with contextlib.suppress(Stopped):
        await event.organiser.click(tournament_message(event, tid), label="Start")
    assert stops
    monkeypatch.undo()
    await env.restart_bot(create_bot(settings))

    assert len(titled(event.channel, "— round 1")) == 1
    assert (await env.bot.store.tournaments.rounds(tid))[0].opened
