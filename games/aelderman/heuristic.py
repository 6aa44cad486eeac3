"""The heuristic computer player: it values a position by how far it still is from its mission
and picks the move (with its sub-steps played greedily) that brings it closest."""

from __future__ import annotations

import random
from collections import Counter, deque
from functools import lru_cache
from typing import Any

from games.aelderman import data as D
from games.aelderman.heuristic_main import main_bid, main_value
from games.aelderman.rules import building_cost, luxuries, property_cost
from games.aelderman.scoring import progress
from games.aelderman.state import State
from games.core import GameSpec, Rng, RuleError, copy_state

MENUS = frozenset({"build_menu", "alt_trade"})  # moves that only open a menu of further choices
FULL_WEIGHT = 0.2  # how much the advanced and expert tasks count next to the basic task
# What one more good costs to get: the alternative trade's price, or for a luxury good the
# 7 coins of an action card's "Buy 1 pelt/spices" and the trip to a city offering it.
GOOD_COST: dict[str, int] = {**D.BUY_PRICE, **dict.fromkeys(D.LUXURY, 9)}


def _distances() -> dict[str, dict[str, int]]:
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


@lru_cache(maxsize=None)
def _requirements(mission: str, level: int) -> tuple[tuple[str, str, int], ...]:
    return tuple(D.cumulative(D.MISSIONS[mission], level))


def _facts(state: State, seat: int) -> dict[tuple[str, str], int]:
    """Progress on every requirement kind of the seat's mission, computed once per position."""
    mission = state.players[seat].mission
    return {(kind, subject): progress(state, seat, kind, subject)
            for kind, subject, _ in _requirements(mission, 2)}


def deficit(state: State, seat: int, level: int,
            facts: dict[tuple[str, str], int] | None = None) -> tuple[float, Counter, list[str], float]:
    """Coin-equivalent cost of what is still missing for a mission level, the goods it needs,
    the buildings still to build and the coins still short."""
    player = state.players[seat]
    reqs = _requirements(player.mission, level)
    facts = facts if facts is not None else _facts(state, seat)
    goods_need: Counter = Counter()
    coins_need = 0.0
    cost = 0.0
    missing_buildings: list[str] = []
    for kind, subject, count in reqs:
        miss = max(0, count - facts[(kind, subject)])
        if kind == "building":
            missing_buildings.extend([subject] * miss)
        elif kind == "goods":
            goods_need[subject] += count
        elif kind == "luxury":
            cost += 8.5 * max(0, count - luxuries(player))
        elif kind == "coins":
            coins_need += count
        elif kind == "influence":
            cost += 2.5 * miss
        elif kind in ("placed", "placed_in", "placed_extra_in", "placed_zone", "subsidiary"):
            extra = {"placed": 4, "placed_in": 4, "placed_extra_in": 4, "placed_zone": 3, "subsidiary": 5}[kind]
            cost += extra * miss
            coins_need += {"placed": 5, "subsidiary": 5}.get(kind, 0) * miss
        elif kind == "votes":
            cost += 2.0 * miss
        elif kind == "small_feast" and miss:
            cost += 5 * miss
            goods_need.update(D.ROUNDS[state.round].small_feast[0])
    for name in missing_buildings:
        goods, coins = building_cost(player, name)
        goods_need.update(goods)
        coins_need += coins
        cost += 10
    coins_need += property_cost(state, player) * max(0, len(missing_buildings) - player.property)
    for good, need in goods_need.items():
        cost += max(0, need - player.goods[good]) * (GOOD_COST[good] + 1.5)
    short = max(0.0, coins_need - player.coins)
    return cost + short, goods_need, missing_buildings, short


def value(state: State, seat: int) -> float:
    if state.version == "main":
        return main_value(state, seat)
    player = state.players[seat]
    facts = _facts(state, seat)
    basic, need, missing, short = deficit(state, seat, 0, facts)
    full, need_full, _, _ = deficit(state, seat, 2, facts)
    score = -(basic + FULL_WEIGHT * full)
    wanted = need_full | need
    # Spare goods are worth what a sale brings (10 coins for 4) while coins are short.
    # Late in the game only what a single sale brings counts.
    late = state.round == D.SHORT_ROUNDS and state.period >= 2
    sale_value = 2.2 if short > 0 and not late else 0.0
    for good, count in player.goods.items():
        spare = max(0, count - wanted.get(good, 0))
        if good in D.LUXURY:
            worth = 3.0
        elif late:
            worth = 0.8 * D.SELL_PRICE[good]
        else:
            worth = max(sale_value, 0.3 * D.LEVEL[good])
        score += spare * worth
    score += 0.25 * player.coins + 0.3 * player.influence + 0.6 * player.ap
    score += 0.5 * min(player.property, len(missing))
    if state.round < D.SHORT_ROUNDS:
        prod = player.production
        score += 0.8 * prod["ap"] + 2 * prod["influence"] + 0.9 * (prod["wood"] + prod["wheat"])
        score += 1.6 * (prod["stone"] + prod["fish"])
    return score + _position(state, seat, missing)


def _position(state: State, seat: int, missing: list[str]) -> float:
    """Being near a place to build a needed building that is (almost) affordable, or near a city
    where a needed influence marker can go, is worth a little."""
    player = state.players[seat]
    here = player.location
    sites = [D.LUBECK, *(c for c, s in state.subsidiary.items() if s == seat)]
    for name in dict.fromkeys(missing):
        if _ready(state, seat, name):
            return -1.5 * min(DIST[here][site] for site in sites)
    targets = _placement_targets(state, seat)
    if targets and player.coins >= 5:
        return -0.8 * min(DIST[here][city] for city in targets)
    return 0.0


def _placement_targets(state: State, seat: int) -> list[str]:
    player = state.players[seat]
    targets: list[str] = []
    for kind, subject, count in _requirements(player.mission, 2):
        if progress(state, seat, kind, subject) >= count:
            continue
        if kind in ("placed_in", "placed_extra_in") and _has_place(state, subject):
            targets.append(subject)
        elif kind == "placed_zone":
            targets.extend(c for c, z in D.CITY_ZONE.items() if z == subject and _has_place(state, c))
        elif kind == "subsidiary" and player.coins >= 10:
            targets.extend(c for c in D.CITIES if c not in state.subsidiary and _has_place(state, c))
    return targets


def _has_place(state: State, city: str) -> bool:
    card = D.ACTION_CARDS[state.cards[city]]
    return any(name and D.SEA_ACTIONS[name].family == "place" for row in card.rows for name in row)


def _ready(state: State, seat: int, name: str) -> bool:
    """The goods are there but at most one, which one alternative trade can buy, and the coins."""
    player = state.players[seat]
    goods, coins = building_cost(player, name)
    short = [(g, n - player.goods[g]) for g, n in goods.items() if player.goods[g] < n]
    if len(short) > 1 or (short and short[0][1] > 1):
        return False
    coins += sum(GOOD_COST[g] for g, _ in short)
    return player.coins >= coins + (0 if player.property else property_cost(state, player))


class HeuristicPolicy:
    """Greedy one-move lookahead on `value`; sub-steps are completed greedily to judge a move,
    and a move to another city is judged by the best action waiting there."""

    def __init__(self, spec: GameSpec, seed: int = 0) -> None:
        self.spec = spec
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Any:
        actions = self.spec.legal_actions(state, seat)
        if not actions:
            raise RuleError(f"Seat {seat} has nothing to do now.")
        if len(actions) == 1:
            return actions[0]
        if actions[0].kind == "bid":
            return self._bid(state, seat, actions)
        seen = self._as_known(state)
        best, best_score = actions[0], float("-inf")
        for action in actions:
            score = self._judge(seen, seat, action) + self.rng.random() * 0.01
            if score > best_score:
                best, best_score = action, score
        return best

    def _as_known(self, state: State) -> State:
        """The position as a player knows it: the face-down piles in an order of the policy's own
        shuffling, and the game's generator replaced, so judging a move that draws (a Tavern's
        Council Hall cards, an action card exchanged) does not read what lies on top."""
        known = copy_state(state)
        for pile in (known.card_pile, known.council_pile, known.improvement_pile):
            pile.sort()  # what it holds is known, in which order is not
            self.rng.shuffle(pile)
        known.rng = Rng(seed=self.rng.getrandbits(63))
        return known

    def _judge(self, state: State, seat: int, action: Any) -> float:
        if action.kind in MENUS:
            return self._judge_menu(state, seat, action)
        after = self._play(state, seat, action)
        if action.kind == "end_turn":
            return value(after, seat) - 0.2
        if action.kind == "property":
            best = self._best_build(after, seat)  # a property is worth the building it allows
            return value(after, seat) - 1.0 if best is None else best
        if action.kind == "move":
            follow = [a for a in self.spec.legal_actions(after, seat)
                      if a.kind not in ("move", "end_turn")]
            base = value(after, seat) - 0.3
            best = max((value(self._play(after, seat, a), seat) for a in follow), default=base)
            return max(base, best - 0.3)
        return value(after, seat)

    def _judge_menu(self, state: State, seat: int, action: Any) -> float:
        """A menu is worth its best entry, judged as `choose` will judge it once the menu is
        open; a menu whose best entry is to cancel would only be opened and closed again."""
        menu, _ = self.spec.apply_offered(state, seat, action)
        if not (menu.pending and menu.pending[-1].seat == seat):
            return value(menu, seat)
        options = self.spec.legal_actions(menu, seat)
        best = max((self._judge(menu, seat, a) for a in options if a.kind != "cancel"),
                   default=float("-inf"))
        cancel = next((a for a in options if a.kind == "cancel"), None)
        if cancel is not None and best <= self._judge(menu, seat, cancel) + 0.05:
            return float("-inf")
        return best

    def _best_build(self, state: State, seat: int) -> float | None:
        if not any(a.kind == "build_menu" for a in self.spec.legal_actions(state, seat)):
            return None
        menu, _ = self.spec.apply_offered(state, seat, self.spec.parse_action({"kind": "build_menu"}))
        builds = [a for a in self.spec.legal_actions(menu, seat) if a.kind == "build"]
        return max(value(self._play(menu, seat, a), seat) for a in builds)

    def _play(self, state: State, seat: int, action: Any, depth: int = 3) -> State:
        after, _ = self.spec.apply_offered(state, seat, action)
        while depth > 0 and after.pending and after.pending[-1].seat == seat:
            options = self.spec.legal_actions(after, seat)
            step = max(options, key=lambda a: value(self.spec.apply_offered(after, seat, a)[0], seat))
            after, _ = self.spec.apply_offered(after, seat, step)
            depth -= 1
        return after

    def _bid(self, state: State, seat: int, actions: list[Any]) -> Any:
        """Bid spare influence. In the last round a marker is only given up when it costs no
        council votes (influence counts in threes) and the mission keeps enough."""
        if state.version == "main":
            amount = main_bid(state, seat)
            return max((a for a in actions if a.amount <= amount), key=lambda a: a.amount)
        player = state.players[seat]
        reqs = _requirements(player.mission, 0)
        keep = next((count for kind, _, count in reqs if kind == "influence"), 0)
        if state.round < D.SHORT_ROUNDS:
            amount = max(0, min(2, player.influence - 2))
        else:
            spare = player.influence - keep
            free = player.influence % 3
            amount = max(0, min(spare, free, 2))
        allowed = [a for a in actions if a.amount <= amount]
        return allowed[-1]
