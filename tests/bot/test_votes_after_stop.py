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


async def table_voting_on_cy(env):
    """A running 3-seat table whose player cy missed two deadlines, and ada's vote to hand cy's
    seat to a computer player; returns the table and the vote's question."""
    table = await open_table(env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada, _, cy = table.players
    await table.bot.store.tables.update_seat(table.table_id, await table.seat_of(cy), missed=2, away=True)
    await ada.slash(table.thread, "table handover", player=cy)
    (question,) = questions(table)
    return table, question


async def answer_then_stop(env, settings, monkeypatch, table, player, question, label: str) -> None:
    """`player` presses `label` on the question; the answer is stored and the bot stops right
    after, before Discord hears of it; then it starts again."""
    real, hits = env.bot.service.answer_vote, []

    async def stopped(*args, **kwargs):
        hits.append(await real(*args, **kwargs))
        raise Stopped()

    monkeypatch.setattr(env.bot.service, "answer_vote", stopped)
    env.check_errors = False
    with contextlib.suppress(Stopped):
        await player.click(question, label=label)
    monkeypatch.undo()
    assert hits and buttons(now(table, question))
    await env.restart_bot(create_bot(settings))


@pytest.mark.parametrize("answer", ["Agree", "Refuse"])
async def test_a_hand_over_vote_decided_just_before_a_stop_loses_its_buttons(simcord_env, settings, monkeypatch,
                                                                           answer):
    """README: a vote's question "loses its buttons" once it is decided."""
    env = simcord_env
    table, question = await table_voting_on_cy(env)
    bo = table.players[1]
    await answer_then_stop(env, settings, monkeypatch, table, bo, question, answer)

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
    await answer_then_stop(env, settings, monkeypatch, table, bo, cancel, "Agree")

    assert (await table.row()).status == "cancelled"
    assert buttons(now(table, cancel)) == []


async def test_a_vote_still_open_keeps_its_buttons_over_the_start(simcord_env, settings, monkeypatch):
    """A cancel refused just before the stop loses its buttons; the hand-over vote asked before it
    is still open, and its question still takes answers."""
    env = simcord_env
    table, handover = await table_voting_on_cy(env)
    ada, bo, cy = table.players
    await ada.slash(table.thread, "table cancel")
    cancel = questions(table)[-1]
    await answer_then_stop(env, settings, monkeypatch, table, bo, cancel, "Refuse")

    assert buttons(now(table, cancel)) == []
    assert [b.label for b in buttons(now(table, handover))] == ["Agree", "Refuse"]
    await bo.click(now(table, handover), label="Agree")
    assert next(s for s in await table.seats() if s.user_id == cy.id).handed_over
