"""Aelderman, everyone away: the seat's time runs out on a period start's wheel-bonus marker (a
decision before its turn at sea). README (Pace): "When every player at the table is away ... the turn
that ran out is finished (say, the rest of a purchase), then it waits"; "A new turn has its whole
time: ... (a solo player's next turn ...)"; "A turn is: ... in Aelderman a turn at sea, a Council Hall
row's bids or choices, or a round's production decisions". The computer must not play the player's
whole next turn at sea too."""

from __future__ import annotations

import pytest

from tests.bot.driver import fix_deal, heuristic_players, play_until
from tests.bot.test_pace import LIVE, live_table


def wheel_marker_due(state) -> bool:
    """A period start: the wheels turned and a free marker waits to be placed, before the indicator is
    revealed and the first turn at sea begins."""
    return (state.phase == "trade" and state.turn is None and bool(state.pending)
            and any(p.kind == "reveal_period" for p in state.pending)
            and state.pending[-1].kind in ("place", "pick_city"))


@pytest.mark.slow
async def test_solo_time_out_on_a_period_start_marker_does_not_play_the_next_turn_at_sea(simcord_env, monkeypatch):
    fix_deal(monkeypatch, 3)
    table = await live_table(simcord_env, seats=1, game="aelderman")
    (ada,) = table.players
    await play_until(table, heuristic_players("aelderman", 1), wheel_marker_due, "a period start's free marker")
    before, period = await table.row(), (await table.state()).period
    await simcord_env.advance_time(LIVE + 1)  # ada's time runs out on the marker: she is away, the game waits
    assert all(s.away for s in await table.seats())
    state, row = await table.state(), await table.row()
    assert state.period == period and state.turn is not None and not state.turn.moved, (
        f"the game waits at the start of ada's turn at sea of period {period + 1}; the computer made "
        f"{row.version - before.version} moves (now period {state.period + 1}, {row.recent_events[-9:]})")


async def test_solo_turn_at_sea_after_a_period_start_marker_has_its_whole_time(simcord_env, monkeypatch):
    """README (Pace): "A new turn has its whole time: ... one that follows the player's own last decision
    (a solo player's next turn ...)". The period start's marker is no part of the turn at sea that follows."""
    fix_deal(monkeypatch, 3)
    table = await live_table(simcord_env, seats=1, game="aelderman")
    policy = heuristic_players("aelderman", 1)
    await play_until(table, policy, wheel_marker_due, "a period start's free marker")
    await simcord_env.advance_time(LIVE * 6 // 10)  # ada thinks a while about the marker, then places it
    await play_until(table, policy, lambda s: s.turn is not None and not s.pending, "ada's turn at sea", limit=3)
    row, now = await table.row(), table.bot.service.clock()
    assert row.deadlines[0] >= now + LIVE - 5, (
        f"ada's new turn at sea has {int(row.deadlines[0] - now)} s of the pace's {LIVE} s")
