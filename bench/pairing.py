"""Time a Swiss round for large fields: `python bench/pairing.py [runs]`.

For each field size, three rounds are played first (random results from a fixed
seed) so the round being timed has a real history to avoid; then round 4 at
4-seat tables is paired `runs` times and the median is printed, together with the
repeat meetings the pairing leaves and the time for the standings alone.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.counts import at_least  # noqa: E402
from play.tournaments import GameResult, PlayerRecord, RoundRecord, compute_standings, meetings, pair_round  # noqa: E402

FIELDS = (100, 300, 1000)
TABLE_SIZE, MIN_SEATS, MAX_SEATS = 4, 2, 5
PLAYED_ROUNDS = 3
SEED = 2024


def play(players: list[PlayerRecord], rounds: int) -> list[RoundRecord]:
    """`rounds` Swiss rounds with random scores."""
    rng = random.Random(SEED)
    history: list[RoundRecord] = []
    for round_no in range(1, rounds + 1):
        pairing = pair_round("swiss", players, round_no, TABLE_SIZE, MIN_SEATS, MAX_SEATS, SEED, history)
        games = [GameResult.from_scores({p: rng.randint(0, 60) for p in table}) for table in pairing.tables]
        history.append(RoundRecord(round_no=round_no, games=games, byes=pairing.byes))
    return history


def repeats(tables: list[list[int]], history: list[RoundRecord]) -> int:
    met = meetings(history)
    return sum(met.get(a, {}).get(b, 0) for table in tables for a in table for b in table if a < b)


def median_seconds(action, runs: int) -> float:
    timings = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        timings.append(time.perf_counter() - start)
    return statistics.median(timings)


def main(runs: int) -> None:
    print(f"Swiss round {PLAYED_ROUNDS + 1}, {TABLE_SIZE}-seat tables, median of {runs} runs")
    for field in FIELDS:
        players = [PlayerRecord(player_id=10**17 + i, rating=random.Random(i).uniform(0, 30)) for i in range(field)]
        history = play(players, PLAYED_ROUNDS)
        round_no = PLAYED_ROUNDS + 1

        def pair():
            return pair_round("swiss", players, round_no, TABLE_SIZE, MIN_SEATS, MAX_SEATS, SEED, history)

        pairing_time = median_seconds(pair, runs)
        standings_time = median_seconds(lambda: compute_standings(players, history), runs)
        pairing = pair()
        print(
            f"{field:5d} players: pair_round {pairing_time * 1000:7.1f} ms "
            f"(standings {standings_time * 1000:5.1f} ms), {len(pairing.tables)} tables, "
            f"{len(pairing.byes)} byes, {repeats(pairing.tables, history)} repeat meetings"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="Time the pairing of a Swiss round of up to 1,000 players.")
    parser.add_argument("--runs", type=at_least(1), default=7, help="runs per field size (the median is printed)")
    main(parser.parse_args().runs)
