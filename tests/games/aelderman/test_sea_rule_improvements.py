"""Rulebook (Aelderman, improvements): "Remember that you still have to perform an action for
at least one action point in the city, even if you activate an improvement there." and 502-504:
"You still need to perform a regular action there as well." An improvement whose activation would
spend what every sea action needs is not offered (games/aelderman/sea_rule.py). One whose marker
exchanges the city's card ends the sea actions there: "You cannot perform a second action in a
city, if the action card is exchanged" (the reading the engine takes)."""
import random

import pytest

from games import registry
from games.aelderman.turn import sea_action_due
from games.core import copy_state

SPEC = registry.get("aelderman")


def positions(game: int):
    """The same walk as search_improve.py (half random, half heuristic), main version, 2 players."""
    state = SPEC.setup(2, 500 + game, {"version": "main"})
    rng = random.Random(game)
    heur = [SPEC.policy("heuristic", game * 10 + s) for s in range(4)]
    while SPEC.outcome(state) is None:
        seat = min(SPEC.to_act(state))
        legal = SPEC.legal_actions(state, seat)
        yield state, seat, legal
        action = rng.choice(legal) if rng.random() < 0.5 else heur[seat].choose(state, seat)
        state, _ = SPEC.apply(state, seat, action)


def leaves_no_sea_action(state, seat, action):
    """Whether every way through `action`'s choices leaves the visit with no sea action made and none possible."""
    for attempt in range(3):
        trial, _ = SPEC.apply(copy_state(state), seat, action)
        rng = random.Random(attempt)
        while trial.pending and trial.pending[-1].seat == seat:
            options = [o for o in SPEC.legal_actions(trial, seat) if o.kind != "cancel"] or SPEC.legal_actions(trial, seat)
            trial, _ = SPEC.apply(trial, seat, rng.choice(options))
        visit = trial.turn.visit if trial.turn is not None and trial.turn.seat == seat else None
        if visit is None or visit.alt or any(visit.rows) or visit.blocked or sea_action_due(trial):
            return None
    return trial


@pytest.mark.slow
def test_an_improvement_is_not_offered_when_it_would_leave_no_sea_action():
    for game in range(4, 10):
        _check_improvements(game)


def _check_improvements(game: int) -> None:
    for state, seat, legal in positions(game):
        if state.turn is None or state.pending or not sea_action_due(state):
            continue
        for action in legal:
            if action.kind == "activate":
                after = leaves_no_sea_action(state, seat, action)
                if after is not None:
                    kinds = [a.kind for a in SPEC.legal_actions(after, seat)]
                    raise AssertionError(
                        f"{action} offered with a sea action due in {state.turn.visit.city}; after it no sea "
                        f"action is possible and the player may: {kinds}")
