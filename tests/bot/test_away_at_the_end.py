"""Notices of a missed deadline: none after the computer's move for it ended the game (the result
says all), and a player who is away while the game waits for everyone gets the away notice alone,
not also a turn panel or a thread mention saying it is their move."""

from __future__ import annotations

import pytest

from play.results import seat_choices
from tests.bot.driver import board_message, choose, fix_deal, heuristic_players, labels, panel_message
from tests.bot.test_closed_dms import close_dms
from tests.bot.test_pace import LIVE, live_table


def with_back(messages) -> list:
    return [m for m in messages if "I'm back" in labels(m)]


async def seat_row(table, player):
    return next(s for s in await table.seats() if s.user_id == player.id)


async def act_once(table, player, policy) -> None:
    state, spec = await table.state(), await table.spec()
    seat = await seat_row(table, player)
    index = seat_choices(spec, state, seat.seat).index(policy(state, seat.seat))
    await choose(player, await panel_message(table, player, seat), index)


async def to_the_last_decision(table, policy):
    """The people play until a person's next decision (one on the pace) would end the game; that
    person."""
    spec = await table.spec()
    for _ in range(3000):
        state = await table.state()
        seat = next(s for s in await table.seats() if s.user_id is not None and s.seat in spec.to_act(state))
        player = next(p for p in table.players if p.id == seat.user_id)
        after, _ = spec.apply(state, seat.seat, policy(state, seat.seat))
        if spec.outcome(after) is not None and spec.time_limit(state, seat.seat) is None:
            return player
        await act_once(table, player, policy)
    raise AssertionError("the game did not come to its last decision")


@pytest.mark.slow
@pytest.mark.parametrize("game,seats", [("augsburg1520", 2), ("baumeister", 3), ("aelderman", 1)])
async def test_no_im_back_notice_follows_a_game_the_deadline_move_ended(simcord_env, monkeypatch, game, seats):
    fix_deal(monkeypatch, 7)
    simcord_env.settle_timeout = 20  # the scheduler's next wake may fall inside a longer settling window
    table = await live_table(simcord_env, seats=seats, game=game)
    last = await to_the_last_decision(table, heuristic_players(game, seats))
    seen = len(last.user.dm_channel.history())
    await simcord_env.advance_time(LIVE + 5)
    assert (await table.row()).status == "finished"
    new = last.user.dm_channel.history()[seen:]
    assert (new[-1].content or "").startswith("**Game over in")  # the result is the last word
    assert not with_back(new) and not any("Time ran out" in (m.content or "") for m in new)


async def test_while_the_game_waits_an_away_player_gets_the_notice_alone(simcord_env, monkeypatch):
    """"When every player at the table is away ... it waits (the board says so) until one of them
    presses I'm back": each gets one notice with I'm back, and no "Your turn" panel."""
    fix_deal(monkeypatch, 3)
    table = await live_table(simcord_env, seats=2)
    ada, bo = table.players
    policy = heuristic_players("augsburg1520", 2)
    await act_once(table, ada, policy)
    await act_once(table, bo, policy)
    seen = {p.id: len(p.user.dm_channel.history()) for p in table.players}
    await simcord_env.advance_time(LIVE + 5)
    assert (await seat_row(table, ada)).away and (await seat_row(table, bo)).away
    assert (await board_message(table)).content.startswith("The game waits")
    for player in table.players:
        new = player.user.dm_channel.history()[seen[player.id]:]
        assert not [m for m in new if (m.content or "").startswith("**Your turn")]
        assert len(with_back(new)) == 1


async def test_while_the_game_waits_a_player_with_closed_dms_is_not_told_it_is_their_move(simcord_env, monkeypatch):
    fix_deal(monkeypatch, 4)
    table = await live_table(simcord_env, seats=2)
    ada, bo = table.players
    close_dms(simcord_env, bo)
    policy = heuristic_players("augsburg1520", 2)
    await act_once(table, ada, policy)
    await act_once(table, bo, policy)
    await simcord_env.advance_time(LIVE * 95 // 100)  # past both reminders
    seen = len(table.thread.history())
    await simcord_env.advance_time(LIVE // 10)  # the deadline: both away, the game waits
    assert (await seat_row(table, bo)).away and (await seat_row(table, ada)).away
    new = [m.content or "" for m in table.thread.history()[seen:]]
    assert any("Time ran out" in text and f"<@{bo.id}>" in text for text in new)
    assert not [text for text in new if "it is your move" in text]
