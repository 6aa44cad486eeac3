"""Computer players, time-outs and what each seat may see."""

from __future__ import annotations

import random

import pytest

from games.baumeister import SPEC
from games.baumeister.ai import HeuristicPolicy
from games.core import RandomPolicy
from tests.games.baumeister.helpers import give, new_game


def play_out(kinds, seed):
    players = [SPEC.policy(kind, seed * 10 + i) for i, kind in enumerate(kinds)]
    state = SPEC.setup(len(kinds), seed)
    while SPEC.outcome(state) is None:
        (seat,) = SPEC.to_act(state)
        state, _ = SPEC.apply(state, seat, players[seat].choose(state, seat))
    return SPEC.outcome(state)


def test_policies_by_name():
    assert isinstance(SPEC.policy("random", 1), RandomPolicy)
    assert isinstance(SPEC.policy("heuristic", 1), HeuristicPolicy)
    with pytest.raises(KeyError):
        SPEC.policy("genius")


def test_heuristic_beats_random_players():
    """One heuristic player against three random ones wins far more than its 25% share."""
    games = 24
    wins = 0
    for game in range(games):
        kinds = ["random"] * 4
        kinds[game % 4] = "heuristic"
        outcome = play_out(kinds, game)
        wins += (game % 4) in outcome.winners
    assert wins >= games * 0.6


def test_heuristic_games_end_and_spread_the_wins():
    winners = set()
    for game in range(8):
        outcome = play_out(["heuristic"] * 4, game)
        winners.update(outcome.winners)
    assert len(winners) >= 2


@pytest.mark.parametrize("seats", [3, 4])
def test_only_the_pay_off_negotiation_is_timed(seats):
    """Time-outs: the victim makes no offer, the attacker refuses; every other decision
    waits for its player (no time-out move)."""
    timed = set()
    for seed in range(6):
        state = SPEC.setup(seats, seed)
        rng = random.Random(seed)
        while SPEC.outcome(state) is None:
            (seat,) = SPEC.to_act(state)
            legal = SPEC.legal_actions(state, seat)
            action = SPEC.timeout_action(state, seat)
            if state.phase in ("offer", "answer"):
                assert action in legal
                timed.add(action.kind)
            else:
                assert action is None
            for other in range(seats):
                if other != seat:
                    assert SPEC.timeout_action(state, other) is None
            state, _ = SPEC.apply(state, seat, rng.choice(legal))
    assert timed <= {"no_offer", "refuse"} and "no_offer" in timed


def test_views_hide_money_hands_and_the_hidden_stack():
    state = new_game()
    give(state, 1, hand=("church-9a", "hall-7a"))
    state.public_cards |= 1 << state.hands[1][0]  # church 9 was bought from the open stack
    public = SPEC.view(state, None).model_dump(mode="json")
    text = str(public)
    assert "hall-7a" not in text and "church-9a" in text
    for card in state.hidden_stack:
        from games.baumeister.data import CARDS

        assert CARDS[card].id not in text
    seen = SPEC.view(state, 2).players[1]
    assert seen.money is None and seen.hand is None and seen.hand_count == 2
    own = SPEC.view(state, 1).players[1]
    assert own.money == 10 and [c.id for c in own.hand] == ["hall-7a", "church-9a"]
    assert SPEC.secret_tokens(state)[1] == {"hall-7a"}
