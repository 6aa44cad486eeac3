"""A block of round-robin rounds improved as a whole: swaps of two players between tables of one
round, chosen by tabu search, until every pair meets as evenly as the block allows.

Seating a round at a time (round_robin.py) can paint itself into a corner: with 15 players in
threes over 7 rounds a schedule where everyone meets everyone exactly once exists (Kirkman's),
but round-by-round seating leaves some pairs that never meet while others meet twice. The search
minimises the sum over pairs of (meetings so far)^3, which for a fixed number of meetings is
lowest when they are spread evenly (a cube, unlike a square, weighs one pair meeting round
after round above several pairs meeting twice), with a pair that never meets weighing more than
any spread; it stops at that lower bound, or after a fixed number of steps (never a time limit:
the same seed must give the same schedule).
"""

from __future__ import annotations

import random
from itertools import combinations

STEPS = 3000  # at most this many swaps a search
PATIENCE = 1000  # steps without a better schedule before the search stops
TENURE = (4, 12)  # a moved player stays off the table it left for this many steps
RESTARTS = 4
NOISE = 0.02  # the share of steps that take a random move rather than the best
NEVER = 1_000_000  # what a pair that never meets weighs beyond its cube: first everyone meets, then evenly
WORK = 1_000_000  # swaps weighed, at most, over all searches (about a second or two)
# Where everyone could meet everyone exactly once (15 players in threes over 7 rounds), the search
# keeps going longer: such a schedule exists and is what the players expect; the usual budget
# misses it for a few seeds in a hundred.
EXACT_RESTARTS, EXACT_WORK = 16, 4_000_000


def improve(block: list[list[list[int]]], before: list[list[int]], rng: random.Random) -> list[list[list[int]]]:
    """`block`: rounds of tables of player indices 0..n-1; `before`: the n x n meetings of the
    earlier rounds. Returns the block with the most even meetings found (tables keep their sizes).
    A search that stalls above the bound starts again from its best, with a fresh tabu list."""
    search = _Search(_copied(block), before, WORK)
    restarts, budget = (EXACT_RESTARTS, EXACT_WORK) if search.exact else (RESTARTS, WORK)
    search.budget, work = budget, 0
    for attempt in range(restarts):
        if attempt:
            search = _Search(_copied(block), before, budget - work)
        block = search.run(rng)
        work += search.work
        if search.best <= search.bound or work >= budget:
            break
    return block


def _copied(block: list[list[list[int]]]) -> list[list[list[int]]]:
    return [[list(table) for table in tables] for tables in block]


def _weight(meetings: int) -> int:
    """A pair's cost: the cube of its meetings, and a pair that never meets above any spread."""
    return meetings ** 3 + (NEVER if meetings == 0 else 0)


def _more(meetings: int) -> int:
    """The change of a pair's weight when it meets once more."""
    return 3 * meetings * (meetings + 1) + 1 - (NEVER if meetings == 0 else 0)


def _less(meetings: int) -> int:
    """The change of a pair's weight when it meets once less."""
    return -3 * meetings * (meetings - 1) - 1 + (NEVER if meetings == 1 else 0)


class _Search:
    def __init__(self, block: list[list[list[int]]], before: list[list[int]], budget: int) -> None:
        self.block = block
        self.work, self.budget = 0, budget
        self.met = [list(row) for row in before]
        for tables in block:
            for table in tables:
                for a, b in combinations(table, 2):
                    self.met[a][b] += 1
                    self.met[b][a] += 1
        n = len(self.met)
        pairs = n * (n - 1) // 2
        total = sum(self.met[a][b] for a in range(n) for b in range(a + 1, n))
        self.floor, extra = divmod(total, pairs) if pairs else (0, 0)
        self.bound = (pairs - extra) * _weight(self.floor) + extra * _weight(self.floor + 1)  # the most even
        self.exact = self.floor == 1 and extra == 0 and not any(map(any, before))  # all meet once, from scratch
        self.cost = sum(_weight(self.met[a][b]) for a in range(n) for b in range(a + 1, n))
        self.best = self.cost

    def run(self, rng: random.Random) -> list[list[list[int]]]:
        best, best_block = self.cost, _copied(self.block)
        tabu: dict[tuple[int, int, int], int] = {}
        since_better = 0
        for step in range(STEPS):
            if best <= self.bound or since_better >= PATIENCE or self.work >= self.budget:
                break
            move = self._best_move(step, tabu, best, rng)
            if move is None:
                break
            change, r, i, x, j, y = move
            a, b = self.block[r][i][x], self.block[r][j][y]
            self._swap(r, i, x, j, y)
            tabu[(r, a, i)] = step + rng.randint(*TENURE)  # a may not go back to table i soon
            tabu[(r, b, j)] = step + rng.randint(*TENURE)
            self.cost += change
            if self.cost < best:
                best, best_block, since_better = self.cost, _copied(self.block), 0
            else:
                since_better += 1
        self.best = best
        return best_block

    def _best_move(self, step: int, tabu: dict, best: int, rng: random.Random) -> tuple | None:
        """The best swap moving a player who meets someone at their table more often than the
        even share, or who has not met someone yet (now and then a random one); a tabu swap only
        when it beats the best so far."""
        found: list[tuple] = []
        every: list[tuple] = []
        lowest = None
        n = len(self.met)  # players still to meet someone, where everyone could meet everyone
        unmet = {a for a in range(n) if self.floor and any(self.met[a][c] == 0 for c in range(n) if c != a)}
        for r, tables in enumerate(self.block):
            for i, table in enumerate(tables):
                for x, a in enumerate(table):
                    if a not in unmet and not any(self.met[a][c] > self.floor for c in table if c != a):
                        continue
                    for j, other in enumerate(tables):
                        if j == i:
                            continue
                        self.work += len(other)
                        for y, b in enumerate(other):
                            change = self._change(table, a, other, b)
                            barred = tabu.get((r, a, j), -1) > step or tabu.get((r, b, i), -1) > step
                            if barred and self.cost + change >= best:
                                continue
                            every.append((change, r, i, x, j, y))
                            if lowest is None or change < lowest:
                                lowest, found = change, [(change, r, i, x, j, y)]
                            elif change == lowest:
                                found.append((change, r, i, x, j, y))
        if every and rng.random() < NOISE:  # now and then any move: plateaus hide the way down
            return rng.choice(every)
        return rng.choice(found) if found else None

    def _change(self, table: list[int], a: int, other: list[int], b: int) -> int:
        """How the cost changes when a (at `table`) and b (at `other`) swap tables."""
        met, change = self.met, 0
        for c in table:
            if c != a:
                change += _more(met[b][c]) + _less(met[a][c])
        for c in other:
            if c != b:
                change += _more(met[a][c]) + _less(met[b][c])
        return change

    def _swap(self, r: int, i: int, x: int, j: int, y: int) -> None:
        table, other = self.block[r][i], self.block[r][j]
        a, b = table[x], other[y]
        self._trade(table, a, b)
        self._trade(other, b, a)
        table[x], other[y] = b, a

    def _trade(self, table: list[int], leaving: int, joining: int) -> None:
        """The meetings at `table` once `joining` takes the place of `leaving`."""
        met = self.met
        for c in table:
            if c != leaving:
                met[leaving][c] -= 1
                met[c][leaving] -= 1
                met[joining][c] += 1
                met[c][joining] += 1
