"""The yes/no checks that legal_actions asks many times (is any card action possible, can the build
menu open, can anything be upgraded, can this card's sale be made) stop at the first answer instead of
building every option: they must agree with the full lists everywhere a game goes."""

from __future__ import annotations

import random

import pytest

from games import registry
from games.aelderman import data as D
from games.aelderman.sea import action_allowed, sale_counts
from games.aelderman.trading import can_upgrade, upgrade_options
from games.aelderman.turn import build_options, can_open_build_menu, card_action_possible, card_actions

SPEC = registry.get("aelderman")


def positions(seats: int, version: str, seed: int):
    """Half random, half heuristic choices: the random half reaches odd corners (full storage, no
    coins, a build menu with one building left)."""
    state = SPEC.setup(seats, seed, {"version": version})
    rng = random.Random(seed)
    players = [SPEC.policy("heuristic", seed * 10 + s) for s in range(seats)]
    for _ in range(2000):
        if SPEC.outcome(state) is not None:
            return
        seat = min(SPEC.to_act(state))
        yield state
        legal = SPEC.legal_actions(state, seat)
        action = rng.choice(legal) if rng.random() < 0.5 else players[seat].choose(state, seat)
        state, _ = SPEC.apply(state, seat, action)


@pytest.mark.slow
@pytest.mark.parametrize("seats,version", [(2, "short"), (3, "main"), (1, "short")])
def test_quick_checks_agree_with_the_full_option_lists(seats, version):
    turns = builds = sales = 0
    for seed in range(4):
        for state in positions(seats, version, seed):
            for player in state.players:
                assert can_upgrade(player) == bool(upgrade_options(player))
            if state.turn is None or state.pending:
                continue
            turns += 1
            assert card_action_possible(state) == bool(card_actions(state))
            seat = state.turn.seat
            menu = can_open_build_menu(state, seat)
            assert menu == bool(build_options(state, seat))
            builds += menu
            if state.players[seat].location in state.cards:
                for action in D.SEA_ACTIONS.values():
                    if action.family == "sell" and state.players[seat].coins >= action.coins:
                        sales += 1
                        assert action_allowed(state, seat, action) == bool(sale_counts(state, seat, action))
    assert turns > 50 and builds > 0 and sales > 50, (turns, builds, sales)
