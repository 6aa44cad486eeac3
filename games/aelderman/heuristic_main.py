"""What the heuristic computer player aims at in the main version: council votes at the election.

A position is worth the council votes it would score now (majorities as they stand), plus what its
money, goods, production and buildings should still bring in the rounds left."""

from __future__ import annotations

from collections import Counter, deque
from functools import lru_cache

from games.aelderman import data as D
from games.aelderman.election import score_pad
from games.aelderman.majority import district_strengths, split_votes, zone_counts
from games.aelderman.orders import production_of
from games.aelderman.placement import markers_in
from games.aelderman.rules import building_cost, operating_costs
from games.aelderman.state import State

BUILDING_INCOME = {"coins": 0.35, "influence": 2.0, "ap": 0.8, "beer": 1.2, "glass": 1.6}


def _distances() -> dict[str, dict[str, int]]:
    """Sailing steps between any two places (breadth first over the routes)."""
    result = {}
    for start in D.PLACES:
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for nxt in D.NEIGHBOURS[here]:
                if nxt not in seen:
                    seen[nxt] = seen[here] + 1
                    queue.append(nxt)
        result[start] = seen
    return result


DIST = _distances()


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
    score += _orders(state, seat, left)
    return score + (_contest(state, seat, solo) if left else 0.0)


def _unpaid(player) -> int:
    """Coins of the next operating costs that the coins in hand and the buildings' coin income
    would not cover (each costs UNPAID_COIN_PENALTY council votes)."""
    income = sum(D.BUILDINGS[name].produces.get("coins", 0) for name in player.buildings)
    return max(0, operating_costs(player) - player.coins - income)


# Council orders on display (see _orders). A met order not yet fulfilled is worth this share of its
# reward, less per sailing step to the nearest place where it can be fulfilled; an order not yet
# met is worth ORDER_NEAR * progress squared of it (progress 0..1), less as the game's periods run out.
ORDER_MET = 0.6
ORDER_MET_STEP = 0.1
ORDER_NEAR = 0.45
ORDER_NEAR_PERIODS = 6  # periods left below which an unmet order counts less and less


@lru_cache(maxsize=None)
def order_reward(number: int, left: int) -> float:
    """What a Council order's reward adds to `main_value` with `left` production phases to come:
    final council votes one each (the score pad's orders line), coins and goods as main_value counts
    them, influence about a council vote each, luxury goods three (the score pad's luxury line)."""
    total = 0.0
    for key, count in D.COUNCIL_ORDERS[number].reward.items():
        if key == "votes":
            total += count
        elif key == "coins":
            total += (0.3 + 0.08 * left) * count
        elif key == "influence":
            total += 1.0 * count
        elif key in D.LUXURY:
            total += 3.0 * count
        else:
            total += 0.3 * (D.BUY_PRICE[key] + 1) * count
    return total + 1.5 * D.COUNCIL_ORDERS[number].places


def order_progress(state: State, seat: int, number: int) -> float:
    """How far the seat is towards a Council order's requirement, 1.0 when it is met (the test of
    orders.order_met, counted in steps). Property bought in the order's district counts half a
    building there."""
    order = D.COUNCIL_ORDERS[number]
    player = state.players[seat]
    kind, need = order.kind, order.count
    if kind == "production":
        have = production_of(state, seat, order.subject[0])
    elif kind == "district":
        district = order.subject[0]
        built = sum(1 for s in player.sites if s >= 0 and D.SITES[s].district == district)
        if built >= need:
            return 1.0
        lots = sum(1 for s in player.lots if D.SITES[s].district == district)
        return min(built + 0.5 * lots, need - 0.5) / need
    elif kind == "strength_one":
        have = sum(1 for b in player.buildings if D.BUILDINGS[b].strength == 1)
    elif kind == "placed_in":
        have = sum(min(need, markers_in(state, seat, city)) for city in order.subject)
        need *= len(order.subject)
    else:  # placed_every
        cities = ZONE_CITIES[order.subject[0]]
        have = sum(1 for city in cities if markers_in(state, seat, city))
        need = len(cities)
    return min(have, need) / need


ZONE_CITIES: dict[str, tuple[str, ...]] = {
    zone: tuple(c for c, z in D.CITY_ZONE.items() if z == zone) for zone in D.ZONES}


def _orders(state: State, seat: int, left: int) -> float:
    """Council orders still on display: one whose requirement is met is worth most of its reward
    (the rest comes when it is fulfilled, a free city action in Lübeck or an own subsidiary, so the
    ship is drawn there); one being worked towards is worth a share growing with the square of the
    progress, so a move that brings an order close is preferred to one that starts a far one."""
    if state.phase == "over":
        return 0.0
    periods = left * D.PERIODS_PER_ROUND + (D.PERIODS_PER_ROUND - 1 - state.period)
    hope = min(1.0, (periods + 1) / ORDER_NEAR_PERIODS)
    total = 0.0
    steps = -1
    for number in state.orders:
        if not number:
            continue
        done = order_progress(state, seat, number)
        if not done:
            continue
        reward = order_reward(number, left)
        if done >= 1.0:
            if steps < 0:
                steps = _steps_to_fulfil(state, seat)
            total += reward * max(0.2, ORDER_MET - ORDER_MET_STEP * steps)
        else:
            total += reward * ORDER_NEAR * hope * done * done
    return total


def _steps_to_fulfil(state: State, seat: int) -> int:
    """Sailing steps from the ship to Lübeck or the nearest own subsidiary."""
    here = state.players[seat].location
    dist = DIST[here]
    return min([dist[D.LUBECK], *(dist[c] for c, s in state.subsidiary.items() if s == seat)])


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
