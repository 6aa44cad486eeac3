"""Wettstreit der Baumeister: a sabotage in the turn of the last player still playing, whose time runs
out. README (Pace): when every player is away, "the turn that ran out is finished (...), then it waits
(the board says so, and so does a DM to each of them)". The pay-off negotiation of that turn, which
has its own time limit, is played by the computer for the away players within the turn: it does not
time out later and roll the die while the game says that it waits."""

from __future__ import annotations

from games.baumeister import moves
from games.baumeister.flow import sabotage_targets
from games.baumeister.state import Phase
from play.moves import MovesMixin
from tests.bot.driver import board_message, fix_deal, heuristic_players, play_until
from tests.bot.test_pace import LIVE, dms_with, live_table

DECISION = 3600  # the test settings' decision_timeout: a pay-off step's own time


def can_sabotage_a_building(seat):
    def reached(state):
        return (state.current == seat and state.actor == seat and state.phase == Phase.BUILD and not state.placed
                and any(t == "city" for _, t in sabotage_targets(state, seat)))
    return reached


async def test_a_sabotage_in_the_turn_that_ran_out_is_settled_before_the_game_waits(simcord_env, monkeypatch):
    fix_deal(monkeypatch, 1)
    table = await live_table(simcord_env, seats=3, game="baumeister")
    ada, bo, cy = table.players
    for _ in range(6):
        await simcord_env.advance_time(LIVE + 1)
        if all(s.away for s in await table.seats()):
            break
    await ada.user.click(dms_with(ada, "Time ran out")[-1], label="I'm back")
    seat = await table.seat_of(ada)
    await play_until(table, heuristic_players("baumeister", 3), can_sabotage_a_building(seat),
                     "ada able to sabotage a building", limit=900)
    original = MovesMixin._computer_choice

    def saboteur(self, loaded, state, s, kind):  # the computer, playing ada's turn, sabotages a building
        if s == seat and getattr(state, "phase", None) == Phase.BUILD:
            return moves.SABOTAGE_CITY[next(v for v, t in sabotage_targets(state, s) if t == "city")]
        if s == seat and getattr(state, "phase", None) == Phase.AIM:
            return next(a for a in moves.AIMS if state.cities[state.victim][a.slot] >= 0)
        return original(self, loaded, state, s, kind)

    monkeypatch.setattr(MovesMixin, "_computer_choice", saboteur)
    await simcord_env.advance_time(LIVE + 1)  # ada's time runs out: everyone is away
    assert all(s.away for s in await table.seats())
    state, row = await table.state(), await table.row()
    assert state.phase not in (Phase.OFFER, Phase.ANSWER) and state.current != seat, "ada's turn is over"
    log = str(row.recent_events).split("ran out of time")[-1]
    assert "puts a saboteur on" in log and "offer" in log and "rolls a" in log, log  # settled in the turn
    assert (await board_message(table)).content.startswith("The game waits: every player is away")
    await simcord_env.advance_time(DECISION + 3 * LIVE)
    assert (await table.row()).version == row.version, "then nothing moves"
