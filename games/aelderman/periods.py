"""A period's start: every resource wheel turns, then the period indicator is revealed."""

from __future__ import annotations

from games.aelderman.dummy import dummy_markers, is_solo_dummy
from games.aelderman.rules import REVEAL_PERIOD, say
from games.aelderman.sea import turn_wheel
from games.aelderman.state import Pending, State
from games.core import Event

def begin_period(state: State, events: list[Event]) -> None:
    """Rulebook: "You start by turning your resource wheel one position clockwise ... The period
    indicator is then flipped over." The wheels turn (not before the very first period); the
    indicator is revealed once the free markers their bonuses give are placed (or not)."""
    state.turn_index = 0
    below = len(state.pending)
    if not (state.round == 1 and state.period == 0):
        for seat in reversed(state.order):
            turn_wheel(state, seat, 1, events)
    if len(state.pending) > below:
        state.pending.insert(below, Pending(kind=REVEAL_PERIOD, seat=state.order[0]))
    else:
        reveal_period(state, events)


def reveal_period(state: State, events: list[Event]) -> None:
    if state.period == 2 and is_solo_dummy(state):
        dummy_markers(state, events)  # rulebook: "before the third period indicator is revealed"
    say(events, "period", f"Period {state.period + 1} of round {state.round}: "
        f"{state.periods[state.period]} action points.", period=state.period,
        ap=state.periods[state.period])
