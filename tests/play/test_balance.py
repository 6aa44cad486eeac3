"""Balance of Aelderman's main version, measured with `play.simulate` as `python -m bot simulate`
measures it: the heuristic player beats random players, and the solo dummy's levels are ordered
(a higher level is beaten less often). Fixed seeds: the numbers are the same on every run."""

from __future__ import annotations

import math

import pytest

from play.simulate import simulate

MAIN = ["version=main"]


def _above_equal_share(players: int, ai: str, games: int) -> None:
    summary = simulate("aelderman", players, games, ai, seed=21, jobs=2, options=MAIN)
    seat = ai.split(",").index("heuristic")
    share = 1 / players  # what the heuristic seat would win if it were no better than the others
    chance = math.sqrt(share * (1 - share) / games)
    assert summary.win_rate(seat) >= share + 3 * chance, (summary.win_rate(seat), share, chance)
    average = [totals.score / games for totals in summary.seats]
    assert average[seat] > max(a for s, a in enumerate(average) if s != seat) + 20


@pytest.mark.slow
def test_heuristic_beats_random_players_in_the_main_version() -> None:
    _above_equal_share(4, "heuristic,random,random,random", 20)
    _above_equal_share(3, "random,heuristic,random", 20)


@pytest.mark.slow
def test_dummy_levels_are_ordered_for_the_heuristic_player() -> None:
    """The player wins a solo game by beating the dummy: often at easy, less often at medium,
    least at hard. 60 games a level (measured: 0.52, 0.23, 0.05); the required gaps are about
    1.3 standard errors of a difference, the measured ones more than 3."""
    rates = {}
    for level in ("easy", "medium", "hard"):
        summary = simulate("aelderman", 1, 60, "heuristic", seed=22, jobs=2,
                           options=[*MAIN, f"difficulty={level}"])
        rates[level] = summary.win_rate(0)
    assert rates["easy"] >= 0.3, rates
    assert rates["easy"] >= rates["medium"] + 0.1, rates
    assert rates["medium"] >= rates["hard"] + 0.07, rates
