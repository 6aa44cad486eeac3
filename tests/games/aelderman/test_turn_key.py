"""Aelderman's turns for the table's pace (spec.turn_key): a period start's free marker (a wheel's bonus,
placed before any ship sails) is not part of the turn at sea that follows, even for the same player. The
pace gives that turn its whole time, and a computer finishing the marker's step stops there."""

from __future__ import annotations

import pytest

from games import registry


@pytest.mark.parametrize("seats,version", [pytest.param(2, "short", marks=pytest.mark.slow),
                                           pytest.param(2, "main", marks=pytest.mark.slow), (1, "short"), (1, "main")])
def test_the_first_turn_at_sea_is_a_new_turn_after_ones_period_start_marker(seats, version):
    spec = registry.get("aelderman")
    hits = 0
    for seed in range(15):
        state = spec.setup(seats, seed, {"version": version})
        players = {s: spec.policy("heuristic", seed=seed * 10 + s) for s in range(seats)}
        for _ in range(3000):
            if spec.outcome(state) is not None or hits >= 1:
                break
            seat = min(spec.to_act(state))
            marker = (state.phase == "trade" and state.turn is None and state.pending
                      and state.pending[-1].kind in ("place", "pick_city")
                      and any(p.kind == "reveal_period" for p in state.pending))
            key = spec.turn_key(state, seat)
            state, _ = spec.apply(state, seat, players[seat].choose(state, seat))
            if marker and state.turn is not None and state.turn.seat == seat:
                hits += 1
                assert spec.turn_key(state, seat) != key, (
                    f"seed {seed}: seat {seat}'s turn at sea has the key of its period-start marker {key}")
        if hits >= 1:
            return
    assert hits, "no period-start marker followed by the same seat's turn at sea came up"
