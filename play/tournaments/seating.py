"""Split players into tables of given sizes, fewest repeat meetings first.

Players are numbered 0..n-1 in preference order (0 = top of the standings). A seating
is scored by three costs, compared in order (the first difference decides):

1. repeats: the sum of `penalty[a][b]` over every pair seated together; for Swiss the
   penalty is the number of times the pair already met;
2. spread: the sum over tables of (points_a - points_b)^2 between table-mates, so
   players on equal points play each other;
3. order: the sum over tables of |a - b| between table-mates (when `keep_order`),
   so the seating follows the standings and board 1 holds the leaders.

Small problems (at most `EXACT_LIMIT` possible seatings) are solved exactly by
branch and bound. Larger ones start from the greedy seating (tables filled in turn;
each table opens with the best-placed free player and each further seat takes the
best-placed free player with the least penalty against those already seated), then
players are swapped between tables while that lowers the cost. No step accepts a
higher cost, so the result is never worse than the greedy start. Medium fields also
get seeded perturb-and-improve restarts while repeat meetings remain (more for smaller fields). Everything is
deterministic for a given `rng` seed.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from math import factorial
from typing import Sequence

EXACT_LIMIT = 20000
_EPS = 1e-9
_NEAR_TABLES = 2  # polish swaps between tables this close on the board list
_PERTURB_UP_TO = 150  # players; larger fields skip the restarts
_RESTARTS = 12  # at least, while repeat meetings remain ...
_RESTART_WORK = 4000  # ... and up to this many player-restarts (400 for 10 players, 26 for 150)

Cost = tuple[int, float, int]


@dataclass
class SeatingProblem:
    """Inputs of one seating, all indexed by preference order."""

    sizes: Sequence[int]
    penalty: Sequence[dict[int, int]]
    points: Sequence[float]
    keep_order: bool = True

    @property
    def size(self) -> int:
        return len(self.points)


def solve(problem: SeatingProblem, rng: random.Random) -> list[list[int]]:
    """The best seating found; tables ordered by their best-placed player."""
    if sum(problem.sizes) != problem.size:
        raise ValueError("table sizes must seat every player exactly once")
    if seating_count(problem.sizes) <= EXACT_LIMIT:
        tables = _exact(problem)
    else:
        search = _LocalSearch(problem, greedy_seating(problem))
        search.improve()
        if problem.size <= _PERTURB_UP_TO:
            search.restarts(rng, max(_RESTARTS, _RESTART_WORK // problem.size))
        tables = search.best_tables
    return sorted((sorted(table) for table in tables), key=lambda table: table[0])


def seating_count(sizes: Sequence[int]) -> int:
    """How many different ways split sum(sizes) players into tables of these sizes."""
    count = factorial(sum(sizes))
    for size in sizes:
        count //= factorial(size)
    for repeated in Counter(sizes).values():
        count //= factorial(repeated)
    return count


def table_cost(problem: SeatingProblem, table: Sequence[int]) -> Cost:
    repeats, spread, order = 0, 0.0, 0
    for i, a in enumerate(table):
        penalty_a = problem.penalty[a]
        for b in table[i + 1 :]:
            repeats += penalty_a.get(b, 0)
            spread += (problem.points[a] - problem.points[b]) ** 2
            order += abs(a - b)
    return repeats, spread, order if problem.keep_order else 0


def total_cost(problem: SeatingProblem, tables: Sequence[Sequence[int]]) -> Cost:
    costs = [table_cost(problem, table) for table in tables]
    return sum(c[0] for c in costs), sum(c[1] for c in costs), sum(c[2] for c in costs)


def is_lower(a: Cost, b: Cost) -> bool:
    """Whether cost `a` is strictly below `b` (float spreads compared with a tolerance)."""
    if a[0] != b[0]:
        return a[0] < b[0]
    if abs(a[1] - b[1]) > _EPS:
        return a[1] < b[1]
    return a[2] < b[2]


def greedy_seating(problem: SeatingProblem) -> list[list[int]]:
    """Fill tables in turn; each seat takes the best-placed player with the least penalty."""
    free = list(range(problem.size))
    tables = []
    for size in problem.sizes:
        table = [free.pop(0)]
        while len(table) < size:
            chosen, least = 0, None
            for position, candidate in enumerate(free):
                row = problem.penalty[candidate]
                penalty = sum(row.get(member, 0) for member in table) if row else 0
                if least is None or penalty < least:
                    chosen, least = position, penalty
                    if penalty == 0:
                        break
            table.append(free.pop(chosen))
        tables.append(table)
    return tables


def _exact(problem: SeatingProblem) -> list[list[int]]:
    search = _BranchAndBound(problem)
    search.extend((0, 0.0, 0))
    return search.best_tables


class _BranchAndBound:
    """Every seating, each table built around its best-placed free player, pruned by cost."""

    def __init__(self, problem: SeatingProblem) -> None:
        self.problem = problem
        self.seated = [False] * problem.size
        self.sizes_left = Counter(problem.sizes)
        self.chosen: list[tuple[int, ...]] = []
        self.best_cost: Cost | None = None
        self.best_tables: list[list[int]] = []

    def extend(self, cost: Cost) -> None:
        first = next((i for i, taken in enumerate(self.seated) if not taken), None)
        if first is None:  # pruning let only a strictly cheaper complete seating get here
            self.best_cost, self.best_tables = cost, [list(table) for table in self.chosen]
            return
        self.seated[first] = True
        free = [i for i in range(first + 1, self.problem.size) if not self.seated[i]]
        for size in sorted(size for size, count in self.sizes_left.items() if count):
            self.sizes_left[size] -= 1
            for mates in combinations(free, size - 1):
                table = (first, *mates)
                step = table_cost(self.problem, table)
                grown = (cost[0] + step[0], cost[1] + step[1], cost[2] + step[2])
                if self.best_cost is not None and not is_lower(grown, self.best_cost):
                    continue  # costs only grow as tables are added
                self._place(table, grown)
            self.sizes_left[size] += 1
        self.seated[first] = False

    def _place(self, table: tuple[int, ...], cost: Cost) -> None:
        for member in table[1:]:
            self.seated[member] = True
        self.chosen.append(table)
        self.extend(cost)
        self.chosen.pop()
        for member in table[1:]:
            self.seated[member] = False


class _LocalSearch:
    """Swap players between tables while the cost drops; remembers the best seating seen."""

    def __init__(self, problem: SeatingProblem, tables: list[list[int]]) -> None:
        self.problem = problem
        self.tables: list[list[int]] = []
        self.where = [0] * problem.size
        self._load(tables)
        self.best_tables = [list(table) for table in self.tables]
        self.best_cost = total_cost(problem, self.tables)
        # without points or order to keep, only repeats matter
        self.secondary = problem.keep_order or len(set(problem.points)) > 1

    def _load(self, tables: list[list[int]]) -> None:
        self.tables = [list(table) for table in tables]
        for index, table in enumerate(self.tables):
            for player in table:
                self.where[player] = index

    def repeat_delta(self, x: int, y: int) -> int:
        """The change in repeats of swapping players x and y (at different tables)."""
        pen_x, pen_y = self.problem.penalty[x], self.problem.penalty[y]
        change = 0
        for z in self.tables[self.where[x]]:
            if z != x:
                change += pen_y.get(z, 0) - pen_x.get(z, 0)
        for z in self.tables[self.where[y]]:
            if z != y:
                change += pen_x.get(z, 0) - pen_y.get(z, 0)
        return change

    def delta(self, x: int, y: int, repeats: int) -> Cost:
        """The full cost change of swapping x and y, given its `repeat_delta`."""
        if not self.secondary:
            return repeats, 0.0, 0
        points = self.problem.points
        spread, order = 0.0, 0
        for leaving, joining in ((x, y), (y, x)):
            for z in self.tables[self.where[leaving]]:
                if z != leaving:
                    spread += (points[joining] - points[z]) ** 2 - (points[leaving] - points[z]) ** 2
                    order += abs(joining - z) - abs(leaving - z)
        return repeats, spread, order if self.problem.keep_order else 0

    def swap(self, x: int, y: int) -> None:
        tx, ty = self.where[x], self.where[y]
        self.tables[tx][self.tables[tx].index(x)] = y
        self.tables[ty][self.tables[ty].index(y)] = x
        self.where[x], self.where[y] = ty, tx

    def improve(self) -> None:
        self._repair_repeats()
        self._polish(len(self.tables) if self.problem.size <= _PERTURB_UP_TO else _NEAR_TABLES)
        cost = total_cost(self.problem, self.tables)
        if is_lower(cost, self.best_cost):
            self.best_cost, self.best_tables = cost, [list(table) for table in self.tables]

    def restarts(self, rng: random.Random, rounds: int) -> None:
        """Kick the best seating with a few random swaps and improve again, `rounds` times."""
        for _ in range(rounds):
            if self.best_cost[0] == 0:
                return  # no repeats left; the polish already settled the rest
            self._load(self.best_tables)
            for _kick in range(2):
                repeating = [p for p in range(self.problem.size) if self._has_repeat(p)]
                x = rng.choice(repeating or range(self.problem.size))
                others = [p for p in range(self.problem.size) if self.where[p] != self.where[x]]
                self.swap(x, rng.choice(others))
            self.improve()  # keeps the result only if it beats the best so far

    def _has_repeat(self, x: int) -> bool:
        row = self.problem.penalty[x]
        return bool(row) and any(row.get(z, 0) for z in self.tables[self.where[x]])

    def _repair_repeats(self) -> None:
        """Move players away from tables where they repeat, by the best nearby swap."""
        changed = True
        while changed:
            changed = False
            for x in range(self.problem.size):
                if self._has_repeat(x):
                    partner = self._best_repair(x)
                    if partner is not None:
                        self.swap(x, partner)
                        changed = True

    def _best_repair(self, x: int) -> int | None:
        home, count = self.where[x], len(self.tables)
        best, best_delta, found_at = None, None, None
        for distance in range(1, count):
            if found_at is not None and distance > found_at + _NEAR_TABLES:
                break
            for other in (home - distance, home + distance):
                if not 0 <= other < count:
                    continue
                for y in self.tables[other]:
                    repeats = self.repeat_delta(x, y)
                    if repeats >= 0:
                        continue
                    change = self.delta(x, y, repeats)
                    if best_delta is None or is_lower(change, best_delta):
                        best, best_delta = y, change
                        found_at = distance if found_at is None else found_at
        return best

    def _polish(self, reach: int) -> None:
        """First-improvement swaps between tables at most `reach` apart, until none helps."""
        changed = True
        while changed:
            changed = False
            for ti in range(len(self.tables)):
                for tj in range(ti + 1, min(len(self.tables), ti + reach + 1)):
                    changed |= self._polish_pair(ti, tj)

    def _polish_pair(self, ti: int, tj: int) -> bool:
        zero: Cost = (0, 0.0, 0)
        changed = False
        for x in list(self.tables[ti]):
            for y in list(self.tables[tj]):
                if self.where[x] != ti or self.where[y] != tj:
                    continue
                repeats = self.repeat_delta(x, y)
                if repeats > 0 or (repeats == 0 and not self.secondary):
                    continue
                if is_lower(self.delta(x, y, repeats), zero):
                    self.swap(x, y)
                    changed = True
        return changed


def seeded_rng(seed: int, *parts: object) -> random.Random:
    """A generator that depends only on `seed` and `parts` (not on hash randomisation)."""
    digest = hashlib.sha256(repr((seed, *parts)).encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def seat_players(
    order: Sequence[int],
    sizes: Sequence[int],
    penalty: dict[int, dict[int, int]],
    points: dict[int, float] | None,
    rng: random.Random,
    keep_order: bool = True,
) -> list[list[int]]:
    """Seat player ids (`order`: best first) at tables of `sizes` with the lowest cost.

    `penalty[a][b]` is the cost of seating a and b together (missing = 0); `points`
    are their tournament points (None = all equal). Tables come back ordered by their
    best-placed player, each table's players in a seeded random seat order.
    """
    index = {player: position for position, player in enumerate(order)}
    rows = [
        {index[other]: cost for other, cost in penalty.get(player, {}).items() if other in index and cost}
        for player in order
    ]
    scores = [round(points.get(player, 0.0), 9) if points else 0.0 for player in order]
    problem = SeatingProblem(sizes=sizes, penalty=rows, points=scores, keep_order=keep_order)
    tables = [[order[i] for i in table] for table in solve(problem, rng)]
    for table in tables:
        rng.shuffle(table)
    return tables
