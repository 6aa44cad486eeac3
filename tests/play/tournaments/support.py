"""Shared builders and independent reference computations for the tournament tests."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Sequence

from play.tournaments import GameResult, PlayerRecord, RoundRecord, plan_tables


def roster(count: int, first_id: int = 100) -> list[PlayerRecord]:
    return [PlayerRecord(player_id=first_id + i, rating=float(i % 7)) for i in range(count)]


def random_game(rng: random.Random, table: Sequence[int]) -> GameResult:
    """A finished game with random scores; low score ranges make ties common."""
    return GameResult.from_scores({player: float(rng.randint(0, 6)) for player in table})


def random_history(
    rng: random.Random, player_ids: Sequence[int], rounds: int, table_size: int, min_seats: int, max_seats: int
) -> list[RoundRecord]:
    """`rounds` played rounds with random (not Swiss) groupings and results."""
    history = []
    for round_no in range(1, rounds + 1):
        plan = plan_tables(len(player_ids), table_size, min_seats, max_seats)
        shuffled = list(player_ids)
        rng.shuffle(shuffled)
        byes, rest = shuffled[: plan.byes], shuffled[plan.byes :]
        games = []
        for size in plan.sizes:
            games.append(random_game(rng, rest[:size]))
            rest = rest[size:]
        history.append(RoundRecord(round_no=round_no, games=games, byes=byes))
    return history


def pair_meetings(history: Sequence[RoundRecord]) -> dict[frozenset[int], int]:
    """Independent count of how often each pair sat together."""
    counts: dict[frozenset[int], int] = {}
    for record in history:
        for game in record.games:
            for a, b in combinations(game.players, 2):
                key = frozenset((a, b))
                counts[key] = counts.get(key, 0) + 1
    return counts


def repeat_meetings(tables: Sequence[Sequence[int]], history: Sequence[RoundRecord]) -> int:
    """Sum over pairs seated together of how often they met before."""
    counts = pair_meetings(history)
    return sum(counts.get(frozenset(pair), 0) for table in tables for pair in combinations(table, 2))


def greedy_baseline(order: Sequence[int], sizes: Sequence[int], history: Sequence[RoundRecord]) -> list[list[int]]:
    """The simple greedy: each table opens with the top free player; each seat then takes
    the free player with the fewest earlier meetings with those seated (best placed on ties)."""
    counts = pair_meetings(history)
    free = list(order)
    tables = []
    for size in sizes:
        table = [free.pop(0)]
        while len(table) < size:
            costs = [sum(counts.get(frozenset((c, m)), 0) for m in table) for c in free]
            table.append(free.pop(costs.index(min(costs))))
        tables.append(table)
    return tables


def all_seatings(players: Sequence[int], sizes: Sequence[int]):
    """Every way to split `players` into tables of the given sizes (each once)."""
    if not players:
        yield []
        return
    first, rest = players[0], list(players[1:])
    for size in sorted(set(sizes)):
        remaining_sizes = list(sizes)
        remaining_sizes.remove(size)
        for mates in combinations(rest, size - 1):
            others = [p for p in rest if p not in mates]
            for seating in all_seatings(others, remaining_sizes):
                yield [[first, *mates], *seating]


def fewest_possible_repeats(players: Sequence[int], sizes: Sequence[int], history: Sequence[RoundRecord]) -> int:
    return min(repeat_meetings(seating, history) for seating in all_seatings(players, sizes))
