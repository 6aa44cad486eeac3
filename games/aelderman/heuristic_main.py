"""What the heuristic computer player aims at in the main version: council votes at the election.

A position is worth the council votes it would score now (majorities as they stand), plus what its
money, goods, production and buildings should still bring in the rounds left."""

from __future__ import annotations

from games.aelderman import data as D
from games.aelderman.election import score_pad
from games.aelderman.state import State

BUILDING_INCOME = {"coins": 0.35, "influence": 2.0, "ap": 0.8, "beer": 1.2, "glass": 1.6}


def main_value(state: State, seat: int) -> float:
    player = state.players[seat]
    pad = score_pad(state)[seat]
    left = D.ROUNDS_MAIN - state.round  # production phases still to come
    score = float(sum(pad.values()))
    score += 0.3 * player.coins + 0.8 * (player.influence % 3) + 0.5 * player.ap
    score += sum(n * 0.45 * D.LEVEL[g] for g, n in player.goods.items() if g in D.LEVEL)
    prod = player.production
    score += left * (0.9 * prod["ap"] + 2.2 * prod["influence"] + 0.5 * (prod["wood"] + prod["wheat"])
                     + 0.9 * (prod["stone"] + prod["fish"]) + 1.3 * prod["tools"])
    for name in player.buildings:
        for what, count in D.BUILDINGS[name].produces.items():
            score += left * count * BUILDING_INCOME.get(what, 0.5)
    score += 3.0 * len(player.lots) * (left > 0) + 2.0 * len(player.improvements)
    return score


def main_bid(state: State, seat: int) -> int:
    """Five for the ten council votes in the top row when the supply allows, else a little;
    in the last round only markers that cost no council votes (influence counts in threes)."""
    player = state.players[seat]
    council = state.council
    top = council is not None and council.row == 0
    ten = top and any(D.COUNCIL_CARDS[c].kind == "votes10" for c in state.council_rows[0])
    if ten and player.influence >= D.TEN_VOTES_MIN_BID:
        return D.TEN_VOTES_MIN_BID
    if state.round >= D.ROUNDS_MAIN:
        return min(player.influence % 3, 2)
    return max(0, min(2, player.influence - 2))
