"""A stop (kill -9, a crash) right after a vote's last answer was stored, before its question lost
its buttons: the next start takes them off, and leaves those of a vote still open."""

from __future__ import annotations

import contextlib

import pytest

from bot import create_bot
from tests.bot.driver import buttons, open_table, start


class Stopped(BaseException):
    """The process stops (nothing in the bot catches this)."""


def questions(table) -> list:
    return [m for m in table.thread.history() if "agree?" in (m.content or "")]


def now(table, message):
    return next(m for m in table.thread.history() if m.id == message.id)


def stop_after(monkeypatch, obj, name: str) -> list:
    """The real method runs (and commits); the process stops right after it."""
    real, hits = getattr(obj, name), []

    async def stopped(*args, **kwargs):
        hits.append(await real(*args, **kwargs))
        raise Stopped()

    monkeypatch.setattr(obj, name, stopped)
    return hits


@pytest.mark.parametrize("answer", ["Agree", "Refuse"])
async def test_a_hand_over_vote_decided_just_before_a_stop_loses_its_buttons(simcord_env, settings, monkeypatch,
                                                                           answer):
    """README: a vote's question "loses its buttons" once it is decided."""
    env = simcord_env
    table = await open_table(env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada, bo, cy = table.players
    await table.bot.store.tables.update_seat(table.table_id, await table.seat_of(cy), missed=2, away=True)
    await ada.slash(table.thread, "table handover", player=cy)
    (question,) = questions(table)
    env.check_errors = False
    hits = stop_after(monkeypatch, env.bot.service, "answer_vote")
    with contextlib.suppress(Stopped):
        await bo.click(question, label=answer)
    monkeypatch.undo()
    assert hits and buttons(now(table, question))
    await env.restart_bot(create_bot(settings))

    assert buttons(now(table, question)) == []
    assert (await table.row()).votes == {}


async def test_a_cancel_agreed_just_before_a_stop_loses_its_buttons(simcord_env, settings, monkeypatch):
    """README: every open vote's question loses them when the game ends or is cancelled."""
    env = simcord_env
    table = await open_table(env, "augsburg1520", ["ada", "bo"])
    await start(table)
    ada, bo = table.players
    await ada.slash(table.thread, "table cancel")
    (cancel,) = questions(table)
    env.check_errors = False
    hits = stop_after(monkeypatch, env.bot.service, "answer_vote")
    with contextlib.suppress(Stopped):
        await bo.click(cancel, label="Agree")
    monkeypatch.undo()
    assert hits
    await env.restart_bot(create_bot(settings))

    assert (await table.row()).status == "cancelled"
    assert buttons(now(table, cancel)) == []


async def test_a_vote_still_open_keeps_its_buttons_over_the_start(simcord_env, settings, monkeypatch):
    """A cancel refused just before the stop loses its buttons; the hand-over vote asked before it
    is still open, and its question still takes answers."""
    env = simcord_env
    table = await open_table(env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada, bo, cy = table.players
    await table.bot.store.tables.update_seat(table.table_id, await table.seat_of(cy), missed=2, away=True)
    await ada.slash(table.thread, "table handover", player=cy)
    (handover,) = questions(table)
    await ada.slash(table.thread, "table cancel")
    cancel = questions(table)[-1]
    env.check_errors = False
    hits = stop_after(monkeypatch, env.bot.service, "answer_vote")
    with contextlib.suppress(Stopped):
        await bo.click(cancel, label="Refuse")
    monkeypatch.undo()
    assert hits
    await env.restart_bot(create_bot(settings))

    assert buttons(now(table, cancel)) == []
    assert [b.label for b in buttons(now(table, handover))] == ["Agree", "Refuse"]
    await bo.click(now(table, handover), label="Agree")
    assert next(s for s in await table.seats() if s.user_id == cy.id).handed_over
