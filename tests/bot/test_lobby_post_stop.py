"""A stop (kill -9, a crash) right after /table create posted the lobby in its new thread, before the
bot recorded it: the lobby is found at the next press and goes on showing the table as it stands."""

from __future__ import annotations

import contextlib

import pytest

from bot import create_bot
from tests.bot.driver import labels, open_table, text_of


class Stopped(BaseException):
    """The process stops (nothing in the bot catches this)."""


async def lobby_left_unrecorded(env, settings, monkeypatch):
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ada, bo = (guild.add_member(env.create_user(name)) for name in ("ada", "bo"))
    real = env.bot.service.opened

    async def opened(table_id, *, thread_id=None, lobby_message_id=None):
        if lobby_message_id is not None:
            raise Stopped()
        return await real(table_id, thread_id=thread_id, lobby_message_id=lobby_message_id)

    monkeypatch.setattr(env.bot.service, "opened", opened)
    env.check_errors = False
    with contextlib.suppress(Stopped):
        await ada.slash(channel, "table create", game="augsburg1520")
    monkeypatch.undo()
    thread = channel.threads[-1]
    assert (await env.bot.store.tables.by_thread(thread.id)).lobby_message_id is None
    await env.restart_bot(create_bot(settings))
    return thread, ada, bo


def lobby_now(thread, lobby):
    return next(m for m in thread.history() if m.id == lobby.id)


async def test_an_unrecorded_lobby_shows_who_joined_and_closes_when_the_game_starts(simcord_env, settings, monkeypatch):
    """README: the lobby lists the players and offers Join and Start; once the game starts, it no
    longer offers them."""
    thread, ada, bo = await lobby_left_unrecorded(simcord_env, settings, monkeypatch)
    lobby = thread.history()[0]
    await bo.click(lobby, label="Join")
    assert "bo" in text_of(lobby_now(thread, lobby))
    await ada.click(lobby_now(thread, lobby), label="Start")

    table = await simcord_env.bot.store.tables.by_thread(thread.id)
    assert table.status == "running" and table.lobby_message_id == lobby.id
    assert not {"Join", "Start", "Leave"} & set(labels(lobby_now(thread, lobby)))
    assert [m for m in thread.history() if "Join" in labels(m)] == []


@pytest.mark.parametrize("how", ["button", "command"])
async def test_an_unrecorded_lobby_closes_when_the_table_is_cancelled(simcord_env, settings, monkeypatch, how):
    thread, ada, _ = await lobby_left_unrecorded(simcord_env, settings, monkeypatch)
    lobby = thread.history()[0]
    if how == "button":
        await ada.click(lobby, label="Cancel")
    else:
        await ada.slash(thread, "table cancel")

    assert (await simcord_env.bot.store.tables.by_thread(thread.id)).status == "cancelled"
    assert labels(lobby_now(thread, lobby)) == []


async def test_a_lobby_a_stop_left_out_of_date_is_shown_as_it_stands_at_the_start(simcord_env, settings, monkeypatch):
    """The creator leaves (stored), and the bot stops before the lobby shows it: the start shows
    the lobby as it stands, with who runs it now, so a press on it does not contradict it."""
    env = simcord_env
    table = await open_table(env, "augsburg1520", ["ada", "bo", "cy"])
    real = env.bot.service.leave

    async def left(*args, **kwargs):
        await real(*args, **kwargs)
        raise Stopped()

    monkeypatch.setattr(env.bot.service, "leave", left)
    env.check_errors = False
    with contextlib.suppress(Stopped):
        await table.players[0].slash(table.thread, "table leave")
    monkeypatch.undo()
    lobby = table.thread.history()[0]
    assert "ada" in text_of(lobby)
    await env.restart_bot(create_bot(settings))

    shown = text_of(lobby_now(table.thread, lobby))
    assert "ada" not in shown and "bo" in shown and "cy" in shown
