"""The order of play: setup steps, periods and turns, the Council Hall, rounds and the end."""

from __future__ import annotations

from games.aelderman import data as D
from games.aelderman.council import finish_row, reveal_row, start_council
from games.aelderman.dummy import place_spare
from games.aelderman.periods import begin_period
from games.aelderman.production import pay_operating_costs, prepare_round, produce
from games.aelderman.rules import say
from games.aelderman.state import State, Turn, Visit
from games.aelderman.steps import settle_forced
from games.core import Event


def advance(state: State, events: list[Event]) -> None:
    """Run automatic play until a seat must decide (or the game is over).

    The one place that knows the order of the phases: each handler does its phase's automatic
    work and returns True to go on, False when a seat must decide. Phase modules never call each
    other; they return here.
    """
    while True:
        if state.pending:
            if settle_forced(state, events):
                continue
            return
        handler = PHASES.get(state.phase)
        if handler is None or not handler(state, events):
            return


def _setup_done(state: State, events: list[Event]) -> bool:
    place_spare(state, events)
    start_trade(state, events)
    return True


def _production_done(state: State, events: list[Event]) -> bool:
    pay_operating_costs(state, events)
    start_trade(state, events)
    return True


def _trade(state: State, events: list[Event]) -> bool:
    if state.turn is not None:
        return False
    _next_turn(state, events)
    return True


def start_trade(state: State, events: list[Event]) -> None:
    state.phase = "trade"
    state.period = 0
    begin_period(state, events)


def _next_turn(state: State, events: list[Event]) -> None:
    if state.turn_index < len(state.order):
        seat = state.order[state.turn_index]
        city = state.players[seat].location
        base = state.periods[state.period]
        state.turn = Turn(seat=seat, base=base, base_left=base, start=city, visit=Visit(city=city))
        say(events, "turn", f"{{p{seat}}}'s turn ({base} action points).", seat=seat)
        return
    if state.period + 1 < D.PERIODS_PER_ROUND:
        state.period += 1
        begin_period(state, events)
        return
    state.phase = "council"
    start_council(state, events)


def _council_step(state: State, events: list[Event]) -> bool:
    """Progress the Council Hall phase; False when seats must bid."""
    council = state.council
    if council is not None and council.stage == "bid":
        if any(b is None for b in council.bids):
            return False
        reveal_row(state, events)
        return True
    if council is not None and not finish_row(state):
        return True
    state.council = None
    end_round(state, events)
    return True


def end_round(state: State, events: list[Event]) -> None:
    if state.round >= D.ROUNDS_OF[state.version]:
        state.phase = "over"
        if state.version == "main":
            say(events, "game_over", "The fifth Council Hall phase is over: the Aelderman is elected.")
        else:
            say(events, "game_over", "The second Council Hall phase is over: the missions are scored.")
        return
    prepare_round(state, events)
    produce(state, events)


PHASES = {"setup": _setup_done, "production": _production_done, "trade": _trade,
          "council": _council_step}
