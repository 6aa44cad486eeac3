"""What an abandoned or handed-over seat's player may still do and see, and votes whose question
changed while they were open (README: /table abandon, /table handover, /table cancel, Pace)."""

from __future__ import annotations

import sqlite3

import pytest

from games.core import Outcome
from tests.bot.driver import buttons, heuristic_players, open_table, play_to_the_end, play_turn_by_dm, start, table_control

LIVE = 900


def votes_in(table) -> list:
    return [m for m in table.thread.history() if "agree?" in (m.content or "")]


async def seat_row(table, player):
    return next(s for s in await table.seats() if s.user_id == player.id)


async def away(table, *players) -> None:
    """Make players away with enough missed deadlines to be voted out."""
    for player in players:
        await table.bot.store.tables.update_seat(table.table_id, await table.seat_of(player), missed=2, away=True)


def panels_with_controls(table, player) -> list:
    return [m for m in player.user.dm_channel.history() if any(table_control(c, table.table_id) for c in buttons(m))]


@pytest.mark.slow  # plays a whole game
async def test_an_abandoner_stays_ranked_last_when_a_hand_over_vote_on_them_is_answered_later(simcord_env):
    """README: /table abandon, "you are ranked last". A hand-over vote asked before cy abandoned ends
    when answered ("This vote is over"): it no longer turns the abandoned seat into a handed-over one."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada, bo, cy = table.players
    await away(table, cy)
    await ada.slash(table.thread, "table handover", player=cy)
    await cy.slash(table.thread, "table abandon")
    late = await bo.click(votes_in(table)[-1], label="Agree")
    assert late.ephemeral and "This vote is over" in late.response.content
    assert (await seat_row(table, cy)).forfeited
    await play_to_the_end(table, heuristic_players("augsburg1520", 3))
    outcome = Outcome.model_validate_json((await table.row()).outcome)
    assert outcome.ranking[-1] == [await table.seat_of(cy)]


async def test_a_player_whose_seat_was_handed_over_asks_no_vote_and_nobody_left_closes_the_table(simcord_env):
    """README: "Votes ask only the players playing their own seat"; "If no person is left playing,
    the table closes" (a seat handed to a computer player by vote has nobody playing it)."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy", "dee"])
    await start(table)
    ada, bo, cy, dee = table.players
    await away(table, cy, dee)
    await ada.slash(table.thread, "table handover", player=cy)
    await bo.click(votes_in(table)[-1], label="Agree")
    assert (await seat_row(table, cy)).ai == "heuristic"
    asked = await cy.slash(table.thread, "table handover", player=dee)
    assert asked.ephemeral and "A computer player plays your seat now, so you can no longer ask" in asked.response.content
    await ada.slash(table.thread, "table handover", player=dee)
    await bo.click(votes_in(table)[-1], label="Agree")
    await ada.slash(table.thread, "table abandon")
    last = await bo.slash(table.thread, "table abandon")
    assert "table is closed" in last.response.content and (await table.row()).status == "cancelled"


async def test_a_copy_of_an_ended_vote_does_not_count_in_the_next_one(simcord_env):
    """README: "one refusal ends the vote"; a click on an outdated control "changes nothing". The
    question was posted twice; a refusal on one copy retires both, and after a new question the
    other copy's Agree (pressed as it was) is refused, also when asked again at the same move."""
    from tests.reliability.forge import forge_component

    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada, bo, cy = table.players
    await ada.slash(table.thread, "table cancel")
    await ada.slash(table.thread, "table cancel")  # asked again: a second copy of the question
    first, second = votes_in(table)[-2:]
    agree = next(c.custom_id for c in buttons(first) if c.label == "Agree")
    await cy.click(second, label="Refuse")
    assert not buttons(next(m for m in table.thread.history() if m.id == first.id))  # retired too
    await ada.slash(table.thread, "table cancel")  # a new vote, before anyone moved
    stale = await forge_component(bo, next(m for m in table.thread.history() if m.id == first.id), agree)
    assert stale.ephemeral and "This vote is over" in stale.response.content
    assert (await table.row()).votes["cancel"]["yes"] == []


@pytest.mark.parametrize("answers", [("cy Refuse",), ("bo Agree", "cy Agree")], ids=["refused", "agreed"])
async def test_every_copy_of_a_decided_vote_loses_its_buttons_also_after_a_restart(simcord_env, settings, answers):
    """A decided vote's question loses its buttons: every copy of it (asked many times, or before a
    restart, which the process that decides it never posted), not only the one answered."""
    from bot import create_bot

    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada, bo, cy = table.players
    for _ in range(6):
        await ada.slash(table.thread, "table cancel")  # asked again and again: six copies
    await simcord_env.restart_bot(create_bot(settings))
    await ada.slash(table.thread, "table cancel")  # and once more after the restart
    copies = votes_in(table)
    assert len(copies) == 7
    for answer in answers:
        who, label = answer.split()
        await {"bo": bo, "cy": cy}[who].click(copies[-1], label=label)
    shown = {m.id: m for m in table.thread.history()}
    assert not [m for m in copies if buttons(shown[m.id])], "a copy of the decided vote kept its buttons"


async def test_an_abandoners_panel_loses_its_controls_and_an_old_click_shows_no_hand(simcord_env):
    """README: after /table abandon "the seat's hand and secret log lines are the computer's": the
    player's DM panel loses its controls, and a click on an old control is refused without showing
    the seat's panel (the computer's hand)."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada = table.players[0]
    (panel,) = panels_with_controls(table, ada)
    control = next(c for c in buttons(panel) if table_control(c, table.table_id))
    await ada.slash(table.thread, "table abandon")
    for _ in range(6):
        if not await play_turn_by_dm(table, heuristic_players("augsburg1520", 3)):
            break
    assert not panels_with_controls(table, ada)
    from tests.reliability.forge import forge_component
    clicked = await forge_component(ada.user, panel, control.custom_id,
                                    [control.options[0].value] if getattr(control, "options", None) else None)
    assert clicked.ephemeral and not clicked.response.embeds


async def test_missed_deadlines_do_not_pile_up_while_the_game_waits_for_everyone(simcord_env):
    """README (Pace): "each further stretch of the pace's time counts as another missed deadline"
    while the computer plays a seat; when every player is away the game waits, nobody's seat is
    played, and no deadline is missed: the first back cannot then hand the other's seat over at once."""
    from tests.bot.test_pace import live_table
    table = await live_table(simcord_env)
    await simcord_env.advance_time(LIVE + 1)  # both miss the opening purchase: the game waits
    assert all(s.away for s in await table.seats())
    await simcord_env.advance_time(3 * LIVE)
    assert [s.missed for s in await table.seats()] == [1, 1]


async def test_after_a_wait_the_first_back_cannot_vote_the_other_out_a_moment_later(simcord_env):
    """README (Pace): "each further stretch of the pace's time counts as another missed deadline"
    while the computer plays a seat. After everyone waited, the other's stretch starts when the first
    player is back, not at the wait's last period boundary."""
    from tests.bot.test_pace import live_table
    table = await live_table(simcord_env)
    ada, bo = table.players
    await simcord_env.advance_time(LIVE + 1)  # both away: the game waits
    await simcord_env.advance_time(LIVE)
    await simcord_env.advance_time(550)
    notice = [m for m in ada.user.dm_channel.history() if "Time ran out" in (m.content or "")][-1]
    assert "Welcome back" in (await ada.user.click(notice, label="I'm back")).response.content
    await simcord_env.advance_time(400)  # bo played by the computer for less than a stretch
    assert (await seat_row(table, bo)).missed == 1
    asked = await ada.slash(table.thread, "table handover", player=bo)
    assert asked.ephemeral and "missed 1 deadline" in asked.response.content


async def test_an_agreed_hand_over_whose_write_fails_stays_open_to_agree_again(simcord_env):
    """The vote ends in the transaction that hands the seat over: when that write fails (a full
    disk, a stop), the agreed vote is not lost; the last Agree can be given again."""
    simcord_env.check_errors = False
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada, bo, cy = table.players
    cy_seat = await table.seat_of(cy)
    await table.bot.store.tables.update_seat(table.table_id, cy_seat, missed=2, away=True)
    await bo.slash(table.thread, "table handover", player=cy)
    (vote,) = votes_in(table)
    store = table.bot.store.tables
    save_move = store.save_move

    async def fails(move):
        raise sqlite3.OperationalError("disk I/O error")

    store.save_move = fails
    failed = await ada.click(vote, label="Agree")
    assert "went wrong on the bot's side" in failed.response.content
    store.save_move = save_move
    seat = next(s for s in await table.seats() if s.seat == cy_seat)
    assert seat.ai is None and f"handover:{cy_seat}" in (await table.row()).votes
    again = await ada.click(vote, label="Agree")
    assert "everyone agreed" in again.response.content, again.response.content
    assert next(s for s in await table.seats() if s.seat == cy_seat).ai == "heuristic"


@pytest.mark.parametrize("game", ["augsburg1520", "baumeister", "aelderman"])
async def test_a_player_who_abandoned_is_not_sent_back_to_abandon(simcord_env, game):
    """README: `/table abandon` hands the seat to a computer player for good. That player's
    `/table leave` and `/table cancel` say a computer plays their seat, rather than pointing to
    `/table abandon`, which would only answer that they already did; nothing changes."""
    table = await open_table(simcord_env, game, ["ada", "bo", "cy"])
    cy = table.players[2]
    await start(table)
    await cy.slash(table.thread, "table abandon")
    assert "already abandoned" in (await cy.slash(table.thread, "table abandon")).response.content
    version = (await table.row()).version
    for command in ("table leave", "table cancel"):
        answer = await cy.slash(table.thread, command)
        assert answer.ephemeral and "computer player plays your seat" in answer.response.content, answer.response.content
        assert "/table abandon" not in answer.response.content
        assert (await table.row()).version == version and (await table.row()).status == "running"
