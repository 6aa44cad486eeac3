"""A pay-off negotiation between players whose DMs are closed: the thread tells both sides once, as
it opens, with a "My hand" of their own; a restart of the bot in the middle does not tell them
again (README: a restart does not repeat a mention)."""

from __future__ import annotations

import pytest

from bot import create_bot
from games.baumeister import moves
from tests.bot.driver import labels, play_turn_by_dm
from tests.bot.test_baumeister_sabotage import closed_dms_at_a_pay_off_offer
from tests.bot.test_thread_refused_midgame import lose_thread

TOLD = "you negotiate a pay-off"


def pay_off_mentions(table) -> list:
    return [m for m in table.thread.history() if TOLD in (m.content or "")]


@pytest.mark.slow  # plays by My hand up to a pay-off
async def test_a_restart_in_a_negotiation_does_not_mention_its_sides_again(simcord_env, settings, monkeypatch):
    table, state = await closed_dms_at_a_pay_off_offer(simcord_env, monkeypatch)
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[1])  # the victim's offer opens it
    (told,) = pay_off_mentions(table)
    sides = {(await table.actor_of_seat(seat)).id for seat in (state.current, state.victim)}
    assert set(told.raw_mentions) == sides and "My hand" in labels(told)
    attacker = await table.actor_of_seat(state.current)
    opened = await attacker.click(told, label="My hand")  # the mention's own button opens the hand
    assert opened.ephemeral and labels(opened.response.message)

    await simcord_env.restart_bot(create_bot(settings))  # the saboteur's answer is due
    assert pay_off_mentions(table) == [told]
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[state.money[state.victim] + 2])
    assert (await table.state()).phase == "answer" and (await table.state()).actor == state.victim
    await simcord_env.restart_bot(create_bot(settings))  # now the victim's (secret) answer is due
    assert pay_off_mentions(table) == [told]
    assert await play_turn_by_dm(table, lambda st, seat: moves.REFUSE)  # broken off: the game goes on
    assert (await table.state()).phase != "answer"


@pytest.mark.slow  # plays by My hand up to a pay-off
async def test_a_pay_off_mention_goes_to_the_channel_when_the_thread_refuses(simcord_env, settings, monkeypatch):
    """The thread is locked as the pay-off opens: both sides are mentioned in the table's channel
    instead (naming the thread), with their My hand; a restart does not mention them again."""
    table, state = await closed_dms_at_a_pay_off_offer(simcord_env, monkeypatch)
    await lose_thread(simcord_env, table, "locked")
    assert await play_turn_by_dm(table, lambda st, seat: moves.OFFERS[1])
    told = [m for m in table.channel.history() if TOLD in (m.content or "")]
    sides = {(await table.actor_of_seat(seat)).id for seat in (state.current, state.victim)}
    assert len(told) == 1 and set(told[0].raw_mentions) == sides and "My hand" in labels(told[0])
    assert f"<#{table.thread.id}>" in told[0].content and not pay_off_mentions(table)
    opened = await (await table.actor_of_seat(state.current)).click(told[0], label="My hand")
    assert opened.ephemeral and labels(opened.response.message)
    await simcord_env.restart_bot(create_bot(settings))
    assert [m for m in table.channel.history() if TOLD in (m.content or "")] == told
