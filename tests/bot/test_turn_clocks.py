"""Whose clock a decision runs on. README: "choices made at once share one deadline, and so do the
decisions a player makes one after another (their turn ...)"; every other decision (a new turn, a
new phase or round, a new choice made at once) has its whole time, whoever made the move before."""

from __future__ import annotations

import pytest

from games.baumeister import moves
from tests.bot.driver import heuristic_players, play_turn_by_dm
from tests.bot.test_baumeister_sabotage import table_at_a_pay_off_offer
from tests.bot.test_pace import LIVE, dms_with, live_table, play_seat

DAY = 86400


def left(row, seat: int, env) -> float:
    return row.deadlines[seat] - env.bot.service.clock()


async def test_the_last_to_buy_has_the_whole_time_for_the_first_bid(simcord_env):
    """Augsburg 1520, live: the opening purchase is chosen at once; the start player, who opens the
    first auction, buys last after fourteen of the fifteen minutes. The bid is a new decision."""
    table = await live_table(simcord_env, seats=2)
    policy, spec = heuristic_players("augsburg1520", 2), await table.spec()
    state = await table.state()
    while state.phase == "buy":  # who bids first, found ahead on a copy of the game
        seat = min(spec.to_act(state))
        state, _ = spec.apply(state, seat, policy(state, seat))
    (opener,) = spec.to_act(state)
    await play_seat(table, table.players[1 - opener], policy)  # buys at once, then waits
    await simcord_env.advance_time(LIVE - 60)
    while (await table.state()).phase == "buy":  # the opener buys, up to Done
        assert await play_turn_by_dm(table, policy)
    state, row = await table.state(), await table.row()
    assert state.phase == "bid" and spec.to_act(state) == {opener}
    assert left(row, opener, simcord_env) == LIVE


@pytest.mark.slow
async def test_a_solo_player_has_the_whole_time_for_each_turn(simcord_env, monkeypatch):
    """Aelderman, solo, live: four minutes at the start of every turn never add up to a timeout."""
    from tests.bot.driver import fix_deal

    fix_deal(monkeypatch, 3)
    table = await live_table(simcord_env, seats=1, game="aelderman")
    (ada,) = table.players
    policy, spec = heuristic_players("aelderman", 1), await table.spec()
    turns, previous = 0, None
    for _ in range(80):
        state = await table.state()
        if spec.outcome(state) is not None:
            break
        turn = (state.round, state.phase, state.period, state.turn_index)
        if state.phase == "trade" and turn != previous:  # a new turn at sea
            turns += 1
            assert left(await table.row(), 0, simcord_env) == LIVE
            await simcord_env.advance_time(240)
        previous = turn
        assert await play_turn_by_dm(table, policy)
    assert turns >= 5
    assert not dms_with(ada, "Time ran out") and not (await table.seats())[0].away


async def test_a_victims_own_turn_after_a_pay_off_has_a_whole_day(simcord_env, monkeypatch):
    """Wettstreit der Baumeister, the default async-24h pace: the victim of a saboteur answers its
    pay-off step (timed by the game, not by the pace) and its own turn comes next. README: "The
    table's pace does not apply to these steps": the turn has its whole day."""
    table, state = await table_at_a_pay_off_offer(simcord_env, monkeypatch, deal=16)
    row = await table.row()
    assert (row.pace, row.pace_seconds) == ("async", DAY)
    assert await play_turn_by_dm(table, lambda st, seat: moves.NO_OFFER)  # the die decides
    after, row = await table.state(), await table.row()
    assert after.current == state.victim and state.victim in (await table.spec()).to_act(after)
    assert left(row, state.victim, simcord_env) == DAY


async def test_a_shared_deadline_that_passes_tells_nobody_they_are_the_last_to_choose(simcord_env):
    """Three players buy at once; ada buys, bo and cy let the shared deadline pass. The computer buys
    for bo, then for cy: cy is told their time ran out, not that they are the last to choose."""
    table = await live_table(simcord_env, seats=3)
    ada, bo, cy = table.players
    await play_seat(table, ada, heuristic_players("augsburg1520", 3))
    await simcord_env.advance_time(LIVE + 10)
    assert dms_with(bo, "Time ran out") and dms_with(cy, "Time ran out")
    assert not dms_with(bo, "last to choose") and not dms_with(cy, "last to choose")


async def test_a_move_into_ones_next_turn_taken_back_keeps_the_time_that_was_left(simcord_env, monkeypatch):
    """README: "stepping back and forth buys no time, nor does a take-back". A move that opens the
    player's own next turn (a lone winning bid in Augsburg 1520, followed by discarding it) gives
    that turn its whole time; taken back, the decision has only what was left of its own."""
    from tests.bot.driver import fix_deal

    fix_deal(monkeypatch, 7)
    table = await live_table(simcord_env, seats=2)
    spec, policy = await table.spec(), heuristic_players("augsburg1520", 2)
    for _ in range(400):
        state = await table.state()
        (seat,) = spec.to_act(state) if len(spec.to_act(state)) == 1 else (None,)
        if seat is not None:
            after, events = spec.apply(state, seat, policy(state, seat))
            if (seat in spec.to_act(after) and spec.turn_key(after, seat) != spec.turn_key(state, seat)
                    and spec.undo_refusal(state, after, events) is None):
                break
        assert await play_turn_by_dm(table, policy)
    else:
        raise AssertionError("no move opened its player's own next turn")
    due = (await table.row()).deadlines[seat]
    await simcord_env.advance_time(due - simcord_env.bot.service.clock() - 120)  # two minutes left
    assert await play_turn_by_dm(table, policy)
    assert left(await table.row(), seat, simcord_env) == LIVE  # the new turn: its whole time
    player = await table.actor_of_seat(seat)
    undone = await player.slash(table.thread, "table undo")
    assert "taken back" in undone.response.content
    assert (await table.row()).deadlines[seat] == due  # the two minutes that were left, no more
