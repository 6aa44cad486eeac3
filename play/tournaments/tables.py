"""How many tables of which sizes seat a round.

`plan_tables(players, table_size, min_seats, max_seats)` chooses table sizes the game
allows (`min_seats <= size <= max_seats`) for `players` people, preferring the chosen
`table_size`. Candidates are compared in this order, first difference decides:

1. fewest byes (a bye only when no mix of legal sizes seats everyone, e.g. 5
   players for a 3-4 seat game, or fewer players than `min_seats`);
2. the smallest largest deviation from `table_size` over all tables;
3. the smallest total deviation from `table_size`;
4. the most tables of exactly `table_size`;
5. the fewest tables above `table_size` (shorter games when all else is equal).

So 10 players at table size 4 sit 4+3+3 (not 5+5), 13 sit 5+4+4 when the game
allows 5, else 4+3+3+3. Sizes are returned largest first.
"""

from __future__ import annotations

from dataclasses import dataclass

from play.tournaments.models import PairingError


@dataclass(frozen=True)
class TablePlan:
    """Table sizes for one round (largest first) and how many players sit out."""

    sizes: tuple[int, ...]
    byes: int

    @property
    def seated(self) -> int:
        return sum(self.sizes)


def check_table_rules(table_size: int, min_seats: int, max_seats: int) -> None:
    """Raise `PairingError` unless 2 <= min_seats <= table_size <= max_seats."""
    if not 2 <= min_seats <= table_size <= max_seats:
        raise PairingError(
            f"table size {table_size} must lie between the game's minimum {min_seats} "
            f"and maximum {max_seats}, and a table needs at least 2 seats"
        )


def plan_tables(players: int, table_size: int, min_seats: int, max_seats: int) -> TablePlan:
    """Choose table sizes for `players` people; see the module docstring for the order."""
    check_table_rules(table_size, min_seats, max_seats)
    if players < 0:
        raise PairingError("the number of players cannot be negative")
    for byes in range(players + 1):
        seated = players - byes
        if seated == 0:
            return TablePlan(sizes=(), byes=byes)
        widest = max(table_size - min_seats, max_seats - table_size)
        for deviation in range(widest + 1):
            allowed = range(max(min_seats, table_size - deviation), min(max_seats, table_size + deviation) + 1)
            sizes = _best_mix(seated, table_size, allowed)
            if sizes is not None:
                return TablePlan(sizes=tuple(sorted(sizes, reverse=True)), byes=byes)
    raise AssertionError("unreachable: zero seated players always works")


def plan_round_tables(players: int, table_size: int, min_seats: int, max_seats: int) -> TablePlan:
    """`plan_tables` for a round to be played: refuses when nobody could sit down."""
    plan = plan_tables(players, table_size, min_seats, max_seats)
    if not plan.sizes:
        raise PairingError(f"{players} active players cannot fill a table of at least {min_seats}")
    return plan


def _best_mix(total: int, table_size: int, allowed: range) -> list[int] | None:
    """The sizes from `allowed` summing to `total` with the least (deviation, -exact, above) cost."""
    # cost[t] is the best additive cost reaching t seats, choice[t] the last table size used.
    cost: list[tuple[int, int, int] | None] = [None] * (total + 1)
    choice = [0] * (total + 1)
    cost[0] = (0, 0, 0)
    for reached in range(1, total + 1):
        for size in allowed:
            before = cost[reached - size] if reached >= size else None
            if before is None:
                continue
            step = (abs(size - table_size), -int(size == table_size), int(size > table_size))
            candidate = (before[0] + step[0], before[1] + step[1], before[2] + step[2])
            if cost[reached] is None or candidate < cost[reached]:
                cost[reached] = candidate
                choice[reached] = size
    if cost[total] is None:
        return None
    sizes = []
    while total:
        sizes.append(choice[total])
        total -= choice[total]
    return sizes
