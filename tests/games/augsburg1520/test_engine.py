"""Engine properties: replays, refusals, computer players."""

from __future__ import annotations

import random

import pytest

from games import RuleError
from games.augsburg1520 import SPEC

from .states import after_first_purchase


def test_refusals_explain_what_is_allowed():
    state = after_first_purchase(3, 2)
    bidder = state.bidder
    with pytest.raises(RuleError, match="not your turn"):
        SPEC.apply(state, (bidder + 1) % 3, {"kind": "pass"})
    with pytest.raises(RuleError, match="cannot take a privilege card now"):
        SPEC.apply(state, bidder, {"kind": "take_privilege_card", "number": state.display[0]})
    with pytest.raises(RuleError, match="not a valid move"):
        SPEC.apply(state, bidder, {"kind": "fly"})
    with pytest.raises(RuleError, match="no card"):
        SPEC.apply(state, bidder, {"kind": "discard_card", "card": "maria-99"})


def test_no_decision_has_a_time_limit():
    """The rulebook sets no time limits: the table waits for each player."""
    state = after_first_purchase(3, 2)
    assert SPEC.timeout_action(state, state.bidder) is None
    assert SPEC.timeout_action(SPEC.setup(3, 2), 1) is None


@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_computer_players_play_legal_moves_to_the_end(kind):
    for seats in (2, 4):
        players = {s: SPEC.policy(kind, seed=s) for s in range(seats)}
        state = SPEC.setup(seats, 11)
        rng = random.Random(11)
        while SPEC.outcome(state) is None:
            seat = rng.choice(sorted(SPEC.to_act(state)))
            action = players[seat].choose(state, seat)
            assert action in SPEC.legal_actions(state, seat)
            state, _ = SPEC.apply(state, seat, action)
        SPEC.check_invariants(state)


def test_heuristic_beats_random():
    """Over a few 4-player games one heuristic player wins far more than its 1 in 4 share."""
    wins = 0
    games = 12
    for game in range(games):
        seat_h = game % 4
        players = {s: SPEC.policy("heuristic" if s == seat_h else "random", seed=game * 7 + s) for s in range(4)}
        state = SPEC.setup(4, 900 + game)
        rng = random.Random(game)
        while SPEC.outcome(state) is None:
            seat = rng.choice(sorted(SPEC.to_act(state)))
            state, _ = SPEC.apply(state, seat, players[seat].choose(state, seat))
        wins += seat_h in SPEC.outcome(state).winners
    assert wins >= games * 2 // 3


def test_unknown_policy_is_refused():
    with pytest.raises(KeyError):
        SPEC.policy("clairvoyant")
