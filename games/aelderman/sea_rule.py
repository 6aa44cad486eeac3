"""rulebook, City Actions: "Even if you perform one or more city actions, you must spend at least
one action point on a sea trading action." (And for improvements: "Remember that you still have to
perform an action for at least one action point in the city, even if you activate an improvement
there.")

turn.city_actions already leaves out a city action that would spend what every possible sea
action needs. A city action that asks further choices (a property's site, a building from the
menu, a Tavern's Council Hall card) is judged here, through its choices: it is offered only if
some way through them keeps a sea action possible, and at each of those choices only the options
that keep one possible are offered. Otherwise the player could end the turn without a sea action.

A way that draws from a face-down pile (a marker completing a banner row exchanges the city's
action card; a Tavern draws Council Hall cards) counts as keeping one possible: the choices
offered must not tell the player which card lies on top (turn.turned_up_hidden).
"""

from __future__ import annotations

from typing import Any

from games.aelderman.state import Pending, State
from games.aelderman.steps import resolve_step, step_options
from games.aelderman.turn import (
    alt_trade_allowed, card_action_possible, face_down_counts, resolve_turn, sea_action_due, turn_options,
)
from games.core import copy_state

# Judged here: city actions that may ask further choices (a feast never does), and improvements:
# "you still have to perform an action for at least one action point in the city, even if you
# activate an improvement there."
CITY_ACTIONS = frozenset({"property", "build_menu", "fulfil", "activate"})
LOOKAHEAD = 4  # choices followed after a city action; deeper ones are judged when they are reached


def turn_choices(state: State) -> list[Any]:
    """The turn's moves, without a city action whose every way through leaves no sea action."""
    options = turn_options(state)
    if not sea_action_due(state):
        return options
    return [option for option in options if option.kind not in CITY_ACTIONS or keeps_sea(state, option)]


def keeps_sea(state: State, city_action: Any) -> bool:
    """Whether some way through the choices `city_action` asks keeps a sea action possible."""
    assert state.turn is not None
    trial = copy_state(state)
    resolve_turn(trial, state.turn.seat, city_action, [])
    return _reachable(trial, len(state.pending), LOOKAHEAD, face_down_counts(state))


def step_choices(state: State) -> list[Any]:
    """The options of the choice on top of `state.pending`; during a city action's choices before
    any sea action, only those through which a sea action stays possible (all of them, if none
    does: the rule then asks nothing more)."""
    pending = state.pending[-1]
    options = step_options(state, pending)
    if not _city_action_awaits_sea(state, pending):
        return options
    hidden = face_down_counts(state)
    kept = [option for option in options if option.kind == "cancel"
            or _reachable(_after(state, option), len(state.pending) - 1, LOOKAHEAD, hidden)]
    return kept if any(option.kind != "cancel" for option in kept) else options


def _city_action_awaits_sea(state: State, pending: Pending) -> bool:
    turn = state.turn
    if turn is None or pending.seat != turn.seat:
        return False
    visit = turn.visit
    started = visit.city_actions or visit.improved or pending.kind == "build"  # the build menu is one
    return started and not (visit.alt or any(visit.rows))


def _after(state: State, option: Any) -> State:
    trial = copy_state(state)
    resolve_step(trial, option, [])
    return trial


def _reachable(trial: State, base: int, depth: int, hidden: tuple[int, int, int]) -> bool:
    """Whether, choosing well among the choices queued above `base`, a sea action is made or
    still possible at the end; also when the way drew a face-down card (`hidden`: the piles'
    sizes before it): the player cannot know what it turned up."""
    if face_down_counts(trial) != hidden:
        return True
    if len(trial.pending) <= base:
        turn = trial.turn
        if turn is None:
            return True
        visit = turn.visit
        return visit.alt or any(visit.rows) or card_action_possible(trial) or alt_trade_allowed(trial)
    if depth == 0:
        return True
    # Going back (a menu's Cancel) is not a way through: the city action would not be made.
    return any(_reachable(_after(trial, option), base, depth - 1, hidden)
               for option in step_options(trial, trial.pending[-1]) if option.kind != "cancel")
