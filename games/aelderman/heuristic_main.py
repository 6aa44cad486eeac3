"""What the heuristic computer player aims at in the main version: council votes at the election.

A position is worth the council votes it would score now (majorities as they stand), plus what its
money, goods, production and buildings should still bring in the rounds left."""

from __future__ import annotations

from collections import Counter

from games.aelderman import data as D
from games.aelderman.election import score_pad
from games.aelderman.majority import district_strengths, split_votes, zone_counts
from games.aelderman.rules import building_cost, operating_costs
from games.aelderman.state import State

BUILDING_INCOME = {"coins": 0.35, "influence": 2.0, "ap": 0.8, "beer": 1.2, "glass": 1.6}


def main_value(state: State, seat: int) -> float:
    player = state.players[seat]
    pads = score_pad(state)
    left = D.ROUNDS_MAIN - state.round  # production phases still to come
    score = float(sum(pads[seat].values()))
    solo = state.seats == 1 and state.spare is not None
    if solo:  # the solo player wins by beating the dummy: its council votes count against it
        score -= sum(pads[state.seats].values())
    score += (0.3 + 0.08 * left) * player.coins + 0.8 * (player.influence % 3) + 0.5 * player.ap
    # Goods are worth what they build or sell for, less as the end nears (they score nothing);
    # those the next buildings need are worth more.
    worth = 0.3 * (0.3 + left / 4)
    need = _building_needs(player) if left else Counter()
    for good, count in player.goods.items():
        if good in D.LEVEL:
            useful = min(count, need[good])
            score += useful * (D.BUY_PRICE[good] + 1) * 0.6 + (count - useful) * worth * D.LEVEL[good]
    prod = player.production
    score += left * (0.9 * prod["ap"] + 2.2 * prod["influence"] + 0.5 * (prod["wood"] + prod["wheat"])
                     + 0.9 * (prod["stone"] + prod["fish"]) + 1.3 * prod["tools"])
    for name in player.buildings:
        score += 1.5 * D.BUILDINGS[name].strength  # strength counts for the district majorities
        for what, count in D.BUILDINGS[name].produces.items():
            score += left * count * BUILDING_INCOME.get(what, 0.5)
    score += 2.0 * len(player.lots) * (left > 0) + 2.0 * len(player.improvements)
    if left:
        score -= D.UNPAID_COIN_PENALTY * _unpaid(player)
    return score + (_contest(state, seat, solo) if left else 0.0)


def _unpaid(player) -> int:
    """Coins of the next operating costs that the coins in hand and the buildings' coin income
    would not cover (each costs UNPAID_COIN_PENALTY council votes)."""
    income = sum(D.BUILDINGS[name].produces.get("coins", 0) for name in player.buildings)
    return max(0, operating_costs(player) - player.coins - income)


TARGETS = ("Fountain", "Gabled House", "Merchant House", "Lighthouse", "Brewery", "Guard House",
           "Glassblower")


def _building_needs(player) -> Counter:
    """The goods of the next two buildings the player aims for (cheap ones it has fewest of)."""
    aims = sorted(TARGETS, key=lambda name: (player.buildings.count(name), TARGETS.index(name)))[:2]
    need: Counter = Counter()
    for name in aims:
        need.update(building_cost(player, name)[0])
    return need


CONTEST_WEIGHT = 1.2  # share of a majority's gain counted per step still missing (see _contest)


def _contest(state: State, seat: int, solo: bool) -> float:
    """Progress towards majorities not yet won: what taking the lead would add, counted more the
    fewer markers or strength the lead still needs (a greedy player would otherwise never start a
    race it cannot win in one move). Alone against the dummy, the dummy's loss counts too."""
    total = 0.0
    boxes = [(zone_counts(state), D.ZONE_VOTES), (district_strengths(state), D.DISTRICT_VOTES)]
    for standings, votes in boxes:
        for name, standing in standings.items():
            mine = standing.get(seat, 0)
            best = max((v for s, v in standing.items() if s != seat), default=0)
            if not 0 < mine <= best:
                continue
            first, second = votes[name]
            now = split_votes(first, second, standing)
            gain = first - now.get(seat, 0)
            if solo:
                gain += now.get(state.seats, 0) - second
            total += CONTEST_WEIGHT * gain / (best - mine + 2)
    return total


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
