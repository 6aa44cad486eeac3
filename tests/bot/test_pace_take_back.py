"""Taking back under a pace: a take-back keeps the time already used, neither restarting a
decision's clock nor taking time away, and a computer's move for a seat away is not the player's
to take back."""

from __future__ import annotations

import pytest

from play.results import seat_choices
from tests.bot.driver import choose, fix_deal, heuristic_players, labels, panel_message, play_turn_by_dm
from tests.bot.test_pace import LIVE, dms_with, live_table, play_seat


async def test_a_move_the_computer_made_while_away_is_not_taken_back_after_im_back(simcord_env):
    """After **I'm back**, the seat's last move is still the computer's, not the player's own: it
    cannot be taken back (README: /table undo takes back *your own* last action)."""
    table = await live_table(simcord_env)
    ada, bo = table.players
    await play_seat(table, ada, heuristic_players("augsburg1520", 2))
    await simcord_env.advance_time(LIVE + 1)  # the computer buys for bo
    last_version, last_seat = await table.bot.store.tables.last_action(table.table_id)
    assert last_seat == await table.seat_of(bo) and last_version == (await table.row()).version
    back = await bo.user.click(dms_with(bo, "Time ran out")[-1], label="I'm back")
    assert "Welcome back" in back.response.content
    refused = await bo.slash(table.thread, "table undo")
    assert refused.ephemeral and "made by a computer player (your time for it ran out, or you were away)" in (
        refused.response.content)
    assert (await table.row()).version == last_version


@pytest.mark.parametrize("stored_deadline", [True, False], ids=["deadline stored", "action of an earlier version"])
async def test_taking_back_keeps_the_time_already_used(simcord_env, stored_deadline):
    """Move and take back does not restart the clock: the decision keeps the deadline it had, so a
    player cannot hold a table up by moving and taking back. An action stored before actions kept
    their deadline (migration V22) has it rebuilt from the record."""
    table = await live_table(simcord_env)
    policy = heuristic_players("augsburg1520", 2)
    for _ in range(80):  # until a move leaves its player's panel with "Take back"
        row = await table.row()
        assert await play_turn_by_dm(table, policy)
        mover = next((p for p in table.players if "↩ Take back" in labels(p.user.dm_channel.history()[-1])), None)
        if mover is not None and (await table.row()).version == row.version + 1:
            break
    else:
        raise AssertionError("no move could be taken back")
    if not stored_deadline:
        await table.bot.store.db.write([("UPDATE actions SET deadline = NULL WHERE table_id = ?", (table.table_id,))])
    await simcord_env.advance_time(300)  # five of the fifteen minutes pass, then the move is taken back
    undone = await mover.slash(table.thread, "table undo")
    assert "taken back" in undone.response.content
    deadline = (await table.row()).deadlines[await table.seat_of(mover)]
    assert deadline <= table.bot.service.clock() + LIVE - 290  # the five minutes stay used


async def test_taking_back_the_opening_move_keeps_the_time_since_the_start(simcord_env):
    """The first player's clock started with the game: ten minutes pass, they make their opening
    move (the turn passes on) and take it back; five minutes are left, not fifteen."""
    table = await live_table(simcord_env, game="aelderman")
    spec = await table.spec()
    (seat,) = spec.to_act(await table.state())
    first = await table.actor_of_seat(seat)
    await simcord_env.advance_time(600)
    assert await play_turn_by_dm(table, heuristic_players("aelderman", 2))
    assert seat not in spec.to_act(await table.state())
    undone = await first.slash(table.thread, "table undo")
    assert "taken back" in undone.response.content
    deadline = (await table.row()).deadlines[seat]
    assert deadline <= table.bot.service.clock() + LIVE - 590


async def test_taking_back_gives_back_the_whole_time_of_a_turn_that_followed_ones_own_decision(simcord_env,
                                                                                              monkeypatch):
    """README: "A new turn has its whole time: ... one that follows the player's own last decision
    (... an auction after the purchase ...)", and a take-back buys no time; nor may it take any.
    Ada buys at once; bo buys 400 s later, which opens his auction turn with 15 whole minutes; he
    bids after 500 s and takes it back: his deadline is the auction turn's, not one dated from
    ada's purchase (which had left him about 0 s, and refused the take-back)."""
    fix_deal(monkeypatch, 1)
    table = await live_table(simcord_env)
    policy, spec = heuristic_players("augsburg1520", 2), await table.spec()
    ada, bo = table.players
    await play_seat(table, ada, policy)
    await simcord_env.advance_time(400)
    seat = await table.seat_of(bo)
    while (state := await table.state()).phase == "buy":  # bo's purchase, step by step
        row = next(s for s in await table.seats() if s.seat == seat)
        await choose(bo, await panel_message(table, bo, row), seat_choices(spec, state, seat).index(policy(state, seat)))
    assert state.phase == "bid" and spec.to_act(state) == {seat}  # bo opens the auction
    deadline = (await table.row()).deadlines[seat]
    await simcord_env.advance_time(500)
    index = seat_choices(spec, state, seat).index(policy(state, seat))
    await choose(bo, await panel_message(table, bo, next(s for s in await table.seats() if s.seat == seat)), index)
    undone = await bo.slash(table.thread, "table undo")
    assert "last action is taken back" in undone.response.content, undone.response.content
    assert (await table.row()).deadlines[seat] == deadline


async def test_a_take_back_in_a_choice_made_at_once_keeps_the_shared_deadline(simcord_env):
    """The opening purchase is chosen at once, on one shared deadline. Bo choosing late does not
    give ada, who then chooses and takes it back, a deadline counted from bo's move."""
    table = await live_table(simcord_env)
    ada, bo = table.players
    policy = heuristic_players("augsburg1520", 2)
    shared = (await table.row()).deadlines[0]
    await simcord_env.advance_time(600)  # ten of the fifteen minutes pass
    for player in (bo, ada):  # one purchase each, bo first
        state, spec = await table.state(), await table.spec()
        seat = next(s for s in await table.seats() if s.user_id == player.id)
        await choose(player, await panel_message(table, player, seat),
                     seat_choices(spec, state, seat.seat).index(policy(state, seat.seat)))
    undone = await ada.slash(table.thread, "table undo")
    assert "taken back" in undone.response.content
    assert (await table.row()).deadlines[await table.seat_of(ada)] <= shared


async def test_a_take_back_after_im_back_keeps_the_clock_im_back_gave(simcord_env):
    """README: a take-back "is refused once the decision's time has run out", and gives no new
    clock. Both players miss the opening purchase, so the game waits; half an hour later both press
    **I'm back**, which gives each a whole fifteen minutes. Bo buys after five of them; the panel
    offers "↩ Take back", and it is taken back with the deadline his panel showed (the record
    alone would date the decision from the start, 45 minutes ago, and refuse it as out of time)."""
    table = await live_table(simcord_env)
    ada, bo = table.players
    await simcord_env.advance_time(LIVE + 1)
    assert all(s.away for s in await table.seats())
    await simcord_env.advance_time(1800)
    for player in (bo, ada):
        back = await player.user.click(dms_with(player, "Time ran out")[-1], label="I'm back")
        assert "Welcome back" in back.response.content
    seat = await table.seat_of(bo)
    given = (await table.row()).deadlines[seat]
    assert given >= table.bot.service.clock() + LIVE - 1  # a whole clock from I'm back
    await simcord_env.advance_time(300)
    state, spec = await table.state(), await table.spec()
    row = next(s for s in await table.seats() if s.seat == seat)
    await choose(bo, await panel_message(table, bo, row),
                 seat_choices(spec, state, seat).index(heuristic_players("augsburg1520", 2)(state, seat)))
    answered = bo.user.dm_channel.history()[-1]
    assert "↩ Take back" in labels(answered)
    version = (await table.row()).version
    undone = await bo.user.click(answered, label="↩ Take back")
    assert (await table.row()).version == version + 1, undone.response.content
    assert (await table.row()).deadlines[seat] == given  # the deadline of the decision, neither more nor less
