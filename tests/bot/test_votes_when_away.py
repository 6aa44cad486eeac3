"""README: "Votes ask only the players playing their own seat". A player who is away (a computer
plays their seat after a missed deadline) is not playing it: they cannot start a vote until they
press I'm back; and a vote that had nobody to ask says so, not that everyone agreed."""

from __future__ import annotations

from tests.bot.driver import heuristic_players
from tests.bot.test_pace import LIVE, live_table, play_seat


async def seat_of(table, player):
    return next(s for s in await table.seats() if s.user_id == player.id)


async def test_an_away_player_cannot_hand_over_a_seat_while_everyone_is_away(simcord_env):
    table = await live_table(simcord_env, seats=3)
    ada, bo, cy = table.players
    await simcord_env.advance_time(LIVE + 1)  # all three miss the opening purchase: the game waits
    assert all(s.away for s in await table.seats())
    await table.bot.store.tables.update_seat(table.table_id, (await seat_of(table, bo)).seat, missed=2, away=True)
    version = (await table.row()).version

    answer = await ada.slash(table.thread, "table handover", player=bo)
    assert answer.response.ephemeral
    assert "You are away" in answer.response.content and "I'm back" in answer.response.content
    assert not (await seat_of(table, bo)).ai and (await table.row()).version == version
    assert not (await table.row()).votes
    assert not [m for m in table.thread.history() if "agree" in (m.content or "")]

    cancel = await ada.slash(table.thread, "table cancel")  # ada created the table: the same for a cancel
    assert cancel.response.ephemeral and "You are away" in cancel.response.content
    assert (await table.row()).status == "running"


async def test_a_hand_over_nobody_had_to_agree_to_says_so(simcord_env):
    table = await live_table(simcord_env, seats=3)
    ada, bo, cy = table.players
    await play_seat(table, ada, heuristic_players("augsburg1520", 3))  # ada chooses in time
    await simcord_env.advance_time(LIVE + 1)  # bo and cy do not: both away
    assert [s.away for s in await table.seats()] == [False, True, True]
    await table.bot.store.tables.update_seat(table.table_id, (await seat_of(table, bo)).seat, missed=2, away=True)

    answer = await ada.slash(table.thread, "table handover", player=bo)
    assert answer.response.ephemeral and answer.response.content == "Done: no other player had to agree."
    assert (await seat_of(table, bo)).ai
    said = [m.content for m in table.thread.history() if "computer player plays" in (m.content or "")]
    assert said and said[-1].startswith("No other player had to agree: a computer player plays bo's seat"), said
    assert not [m for m in table.thread.history() if (m.content or "").startswith("Everyone agreed")]


async def a_vote_to_hand_over_cy(env):
    """ada, bo and cy play; cy missed two deadlines and is away; ada asks to hand cy's seat over.
    Returns the table and the vote's question."""
    from tests.bot.driver import open_table, start

    table = await open_table(env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada, bo, cy = table.players
    await table.bot.store.tables.update_seat(table.table_id, await table.seat_of(cy), missed=2, away=True)
    await ada.slash(table.thread, "table handover", player=cy)
    (vote,) = [m for m in table.thread.history() if "agree?" in (m.content or "")]
    return table, vote


async def test_im_back_ends_the_hand_over_vote_and_its_question(simcord_env):
    """A vote to hand a seat over ends when its player presses I'm back: its question loses Agree /
    Refuse and the thread says why, rather than offering a vote that is over."""
    from tests.bot.driver import labels
    from tests.reliability.forge import forge_component

    table, vote = await a_vote_to_hand_over_cy(simcord_env)
    ada, bo, cy = table.players
    back = await forge_component(cy.user, cy.user.dm_channel.history()[-1], f"back:{table.table_id}", forged=False)
    assert back.response.content.startswith("Welcome back")
    assert (await table.row()).votes == {}
    shown = next(m for m in table.thread.history() if m.id == vote.id)
    assert not labels(shown), labels(shown)
    assert any("cy is back: the vote to hand their seat" in (m.content or "") for m in table.thread.history())


async def test_a_refused_hand_over_says_the_player_keeps_their_seat(simcord_env):
    """The game goes on whichever way a hand-over vote ends: a refusal says what it leaves, the seat
    still the away player's (a computer plays it until they are back), and that it may be asked again."""
    table, vote = await a_vote_to_hand_over_cy(simcord_env)
    refused = await table.players[1].click(vote, label="Refuse")
    kept = ("cy keeps their seat (a computer player plays it only until they press **I'm back**); the vote can be "
            "asked again with `/table handover`.")
    assert refused.ephemeral and refused.response.content == "Noted: you refused, so " + kept
    assert table.thread.last_message.content == "bo refused: " + kept
    assert not next(s for s in await table.seats() if s.user_id == table.players[2].id).handed_over
