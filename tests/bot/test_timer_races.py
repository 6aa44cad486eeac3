"""Timers that fall due at the moment a player acts: a reminder while their move is being stored,
a deadline while a vote waits for the player it passes."""

from __future__ import annotations

import asyncio

from play.common import Caller
from play.results import panel_token, seat_choices
from storage.timers import REMINDER_TIMER
from tests.bot.driver import fix_deal, heuristic_players, labels
from tests.bot.test_pace import LIVE, bo_to_move, dms_with, live_table, play_seat



async def bo_to_choose(env, monkeypatch):
    """A 2-player table with a pace where ada has chosen and bo's decision runs: (table, policy, bo's seat)."""
    fix_deal(monkeypatch, 1)
    table = await live_table(env)
    policy = heuristic_players("augsburg1520", 2)
    await play_seat(table, table.players[0], policy)
    return table, policy, next(s for s in await table.seats() if s.user_id == table.players[1].id).seat

async def test_a_reminder_due_while_the_move_is_stored_is_not_sent(simcord_env, monkeypatch):
    """README: reminders come for a decision "still waiting" for its player; one that falls due
    while that player's move is being written must not say "Still your turn" just after it."""
    table, policy, bo_seat = await bo_to_choose(simcord_env, monkeypatch)
    bo, bot = table.players[1], simcord_env.bot
    reminder = next(t for t in await bot.store.tables.timers(table_id=table.table_id, kind=REMINDER_TIMER)
                    if t.seat == bo_seat and t.payload.get("when") == "half")
    await simcord_env.advance_time(LIVE // 2 - 5)  # just before the half-time reminder
    assert not dms_with(bo, "Still your turn")

    store = bot.store.tables
    save_move, fired = store.save_move, []

    async def save_with_reminder(move):
        if not fired and any(seat == bo_seat for seat, _ in move.actions):
            # The reminder's timer fires now, while bo's move holds the table and is being written.
            fired.append(asyncio.get_running_loop().create_task(bot.controller.on_reminder(
                table.table_id, bo_seat, int(reminder.payload["prompt_version"]), "half")))
            for _ in range(5):  # let the reminder get as far as it can before the write
                await asyncio.sleep(0)
        return await save_move(move)

    store.save_move = save_with_reminder
    await play_seat(table, bo, policy)  # bo makes his move in time
    assert fired
    await asyncio.wait(set(fired), timeout=5)
    assert fired[0].done() and fired[0].exception() is None
    assert not dms_with(bo, "Still your turn"), "reminded of a decision he had just made"


def vote_questions(table) -> list:
    return [m for m in table.thread.history() if "agree?" in (m.content or "")]


async def cancel_vote_cy_agreed(env, monkeypatch):
    """bo to move, and ada (the creator) asked to cancel and cy agreed; bo has not answered."""
    table = await bo_to_move(env, monkeypatch)
    ada, bo, cy = table.players
    await ada.slash(table.thread, "table cancel")
    (question,) = vote_questions(table)
    first = await cy.click(question, label="Agree")
    assert "Still waiting for bo" in first.response.content
    return table, question


async def test_a_vote_left_waiting_for_nobody_when_its_last_player_goes_away_is_carried_out(simcord_env,
                                                                                            monkeypatch):
    """README: "it is cancelled when all agree (not asked: players away after a missed deadline"."""
    table, _ = await cancel_vote_cy_agreed(simcord_env, monkeypatch)
    bo = table.players[1]
    await simcord_env.advance_time(LIVE + 1)  # bo, the only one not to have answered, goes away
    row = await table.row()
    assert row.status == "cancelled", (row.status, row.votes)
    assert any("is cancelled" in (m.content or "") for m in table.thread.history())
    assert next(s for s in await table.seats() if s.user_id == bo.id).away
    (question,) = vote_questions(table)
    assert not labels(question)  # nobody is left to answer it


async def test_an_away_players_answer_counts(simcord_env, monkeypatch):
    """A player away after a missed deadline is not waited for, but is still one of the seated
    players: their Refuse ends the vote like anyone's ("one refusal ends the vote")."""
    table = await bo_to_move(simcord_env, monkeypatch)
    ada, bo, cy = table.players
    await simcord_env.advance_time(LIVE + 1)  # bo's turn comes and goes: bo is away
    assert next(s for s in await table.seats() if s.user_id == bo.id).away
    await ada.slash(table.thread, "table cancel")
    (question,) = vote_questions(table)
    assert f"<@{bo.id}>" not in question.content and f"<@{cy.id}>" in question.content
    refused = await bo.click(question, label="Refuse")
    assert "you refused, so the game goes on" in refused.response.content, refused.response.content
    row = await table.row()
    assert row.status == "running" and "cancel" not in row.votes


async def test_a_vote_left_waiting_for_nobody_when_its_last_player_abandons_is_carried_out(simcord_env,
                                                                                           monkeypatch):
    table, _ = await cancel_vote_cy_agreed(simcord_env, monkeypatch)
    bo = table.players[1]
    await bo.slash(table.thread, "table abandon")
    row = await table.row()
    assert row.status == "cancelled", (row.status, row.votes)


async def test_a_vote_that_never_asked_a_player_who_left_the_server_is_carried_out_without_them(simcord_env,
                                                                                                monkeypatch):
    """cy left the server (not asked); bo, the only one asked, goes away: nobody is waited for."""
    table = await bo_to_move(simcord_env, monkeypatch)
    ada, bo, cy = table.players
    table.guild.remove_member(cy)
    await ada.slash(table.thread, "table cancel")
    (question,) = vote_questions(table)
    assert f"<@{bo.id}>" in question.content and f"<@{cy.id}>" not in question.content
    await simcord_env.advance_time(LIVE + 1)
    assert (await table.row()).status == "cancelled"


async def test_a_vote_waiting_only_for_a_player_who_left_is_carried_out_though_they_answered_another(simcord_env,
                                                                                                     monkeypatch):
    """eve agreed to the cancel vote, not to the hand-over, then left the server; bo goes away at
    his deadline: the hand-over now waits for nobody and is carried out (the cancel still waits
    for cy)."""
    fix_deal(monkeypatch, 1)
    table = await live_table(simcord_env, seats=5)
    ada, bo, cy, dee, eve = table.players
    policy = heuristic_players("augsburg1520", 5)
    for player in (ada, cy, dee, eve):  # everyone but bo buys; bo's deadline runs
        await play_seat(table, player, policy)
    dee_seat = await table.seat_of(dee)
    await table.bot.store.tables.update_seat(table.table_id, dee_seat, missed=2, away=True)
    await cy.slash(table.thread, "table handover", player=dee)  # asks ada, bo, eve
    await ada.slash(table.thread, "table cancel")  # asks bo, cy, eve
    handover, cancel = vote_questions(table)
    await ada.click(handover, label="Agree")
    await eve.click(cancel, label="Agree")
    table.guild.remove_member(eve)
    await simcord_env.advance_time(LIVE + 1)
    row = await table.row()
    assert row.status == "running" and "cancel" in row.votes and f"handover:{dee_seat}" not in row.votes
    assert next(s for s in await table.seats() if s.user_id == dee.id).ai


async def test_a_move_made_while_the_reminder_goes_out_comes_after_it(simcord_env, monkeypatch):
    """README: reminders come for a decision still waiting for its player. A move made while the
    reminder is on its way to Discord waits for it, so "Still your turn" never arrives after the
    move it asks for."""
    table, policy, bo_seat = await bo_to_choose(simcord_env, monkeypatch)
    bo, bot = table.players[1], simcord_env.bot
    row = await table.row()
    prompt_version = row.prompts[bo_seat][0]
    await simcord_env.advance_time(LIVE // 2 + 5)  # the half-time reminder was sent by its timer
    assert len(dms_with(bo, "Still your turn")) == 1

    state, spec = await table.state(), await table.spec()
    index = seat_choices(spec, state, bo_seat).index(policy(state, bo_seat))
    presenter, moves, stored_before_sent = bot.presenter, [], []
    remind = presenter.remind

    async def remind_while_bo_moves(news, seat, when):
        # bo presses his choice just as the reminder is being sent.
        moves.append(asyncio.get_running_loop().create_task(
            bot.service.act(table.table_id, Caller(bo.id, name="bo"), panel_token(row, prompt_version), index)))
        for _ in range(10):
            await asyncio.sleep(0)
        stored_before_sent.append(moves[0].done())
        await remind(news, seat, when)

    monkeypatch.setattr(presenter, "remind", remind_while_bo_moves)
    await bot.controller.on_reminder(table.table_id, bo_seat, prompt_version, "late")
    await asyncio.wait(set(moves), timeout=5)
    assert moves[0].done() and moves[0].exception() is None, "bo's move was refused"
    assert (await table.row()).version > row.version
    assert stored_before_sent == [False], "the reminder was sent after bo's move was stored"
    assert len(dms_with(bo, "Last call: your turn")) == 1
