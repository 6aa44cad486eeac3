"""Play computer games of any registered game and print per-seat statistics.

    python -m bot simulate --game aelderman --players 4 --games 200 --ai heuristic --seed 1 --jobs 0
    python -m bot simulate --game aelderman --players 1 --games 200 --ai heuristic \
        --option version=main --option difficulty=hard

`--ai` takes one computer player for every seat or a comma list, one per seat
(e.g. `heuristic,random,random`). `--jobs` plays games in that many processes (0: one per
core); the numbers do not depend on it. `--option key=value` (repeatable) sets a game option,
checked as `/table create options:` checks it. Pure engine use: no Discord.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from games import registry
from play.options import check_options, describe_options, options_help, parse_option_pairs


@dataclass
class SeatTotals:
    wins: int = 0
    score: float = 0.0
    stats: dict[str, float] = field(default_factory=dict)


@dataclass
class Summary:
    game: str
    title: str
    players: int
    games: int
    ai: list[str]
    seed: int
    seats: list[SeatTotals]
    steps: int = 0
    options: dict[str, Any] = field(default_factory=dict)

    def win_rate(self, seat: int) -> float:
        return self.seats[seat].wins / self.games

    def expected_share(self) -> float:
        """The win rate every seat would have if all seats were equally strong."""
        return sum(s.wins for s in self.seats) / (self.games * self.players)

    def standard_error(self) -> float:
        """How far a seat's win rate may stray from the expected share by chance alone (one
        standard error): a seat several of these away is stronger or weaker, not lucky."""
        share = self.expected_share()
        return math.sqrt(share * (1 - share) / self.games)

    def stat_keys(self) -> list[str]:
        keys: list[str] = []
        for seat in self.seats:
            keys.extend(k for k in seat.stats if k not in keys)
        return keys


def _at_least_one(text: str) -> int:
    number = int(text)
    if number < 1:
        raise argparse.ArgumentTypeError(f"{number} is not a number of games: give 1 or more")
    return number


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot simulate",
                                     description="Play computer games and print statistics.")
    parser.add_argument("--game", required=True, choices=registry.names())
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=_at_least_one, default=100)
    parser.add_argument("--ai", default="random",
                        help="random, heuristic, or a comma list with one per seat")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in (0: one per core)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option, repeatable (e.g. --option version=main); "
                             + "; ".join(f"{n}: {options_help(registry.get(n))}" for n in registry.names()))
    return parser.parse_args(argv)


def play_one(spec: Any, seats: int, seed: int, kinds: list[str],
             options: dict[str, Any] | None = None) -> tuple[Any, Any, int]:
    """One game from `seed`; returns the final state, its outcome and the number of moves."""
    state = spec.setup(seats, seed, options)
    policies = [spec.policy(kinds[s], seed * 100 + s) for s in range(seats)]
    steps = 0
    while spec.outcome(state) is None:
        seat = min(spec.to_act(state))
        state, _ = spec.apply(state, seat, policies[seat].choose(state, seat))
        steps += 1
    return state, spec.outcome(state), steps


@dataclass
class GameRecord:
    """What the summary needs of one finished game (small, so worker processes can send it)."""

    winners: list[int]
    scores: dict[int, float]
    stats: dict[int, dict[str, float]]
    steps: int


def record_one(game: str, seats: int, seed: int, kinds: list[str],
               options: dict[str, Any] | None = None) -> GameRecord:
    spec = registry.get(game)
    state, outcome, steps = play_one(spec, seats, seed, kinds, options)
    return GameRecord(list(outcome.winners), dict(outcome.scores), spec.stats(state), steps)


def simulate(game: str, players: int, games: int, ai: str = "random", seed: int = 0, jobs: int = 1,
             options: dict[str, Any] | list[str] | None = None) -> Summary:
    """`options` is a dict of option values or a list of `key=value` pairs; both are checked
    against the game's Options model (ValueError says what is wrong)."""
    spec = registry.get(game)
    if isinstance(options, (list, tuple)):
        options = parse_option_pairs(spec, options)
    else:
        options = check_options(spec, options)
    if not spec.min_seats <= players <= spec.max_seats:
        raise ValueError(f"{spec.title} takes {spec.min_seats}-{spec.max_seats} players")
    kinds = ai.split(",")
    if len(kinds) == 1:
        kinds = kinds * players
    if len(kinds) != players:
        raise ValueError(f"--ai names {len(kinds)} computer players for {players} seats")
    for kind in set(kinds):
        spec.policy(kind)  # an unknown computer player fails here, before any game is played
    summary = Summary(game, spec.title, players, games, kinds, seed,
                      [SeatTotals() for _ in range(players)], options=options)
    if jobs < 0:  # before the games' lists are built: a refusal comes at once, however many games
        raise ValueError("--jobs takes 0 (one process per core) or more")
    seeds = [seed * 1_000_003 + index for index in range(games)]
    args = ([game] * games, [players] * games, seeds, [kinds] * games, [options] * games)
    workers = (os.cpu_count() or 1) if jobs == 0 else jobs
    if workers > 1 and games > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            records = list(pool.map(record_one, *args, chunksize=max(1, games // (workers * 8))))
    else:
        records = list(map(record_one, *args))
    for record in records:  # in game order, so the sums are the same however many processes
        add_game(summary, record)
    return summary


def add_game(summary: Summary, record: GameRecord) -> None:
    summary.steps += record.steps
    for seat, totals in enumerate(summary.seats):
        totals.wins += seat in record.winners
        totals.score += float(record.scores.get(seat, 0.0))
        for key, number in record.stats.get(seat, {}).items():
            totals.stats[key] = totals.stats.get(key, 0.0) + float(number)


def solo_line(summary: Summary) -> str:
    """One player: the win rate is what the report is about (against the dummy, in Aelderman's
    main version), with the standard error of that rate."""
    spec = registry.get(summary.game)
    wins = summary.seats[0].wins
    return (f"solo win rate ({spec.solo_goal(summary.options)}): {summary.win_rate(0):.3f}, "
            f"standard error: {summary.standard_error():.3f} (won {wins} of {summary.games} games)")


def chance_line(summary: Summary) -> str:
    if summary.players == 1:
        return solo_line(summary)
    if any(seat.wins for seat in summary.seats):
        return (f"expected share (equal seats): {summary.expected_share():.3f}, "
                f"standard error: {summary.standard_error():.3f}")
    return f"no winner in {summary.games} games"  # a share of 0 would say nothing about the seats


def table_lines(summary: Summary) -> list[str]:
    keys = summary.stat_keys()
    games = summary.games
    spec = registry.get(summary.game)
    players = f"{summary.players} player" + ("s" if summary.players != 1 else "")
    lines = [f"{summary.title}: {games} games, {players}, computer players "
             f"{','.join(summary.ai)}, seed {summary.seed}, options "
             f"{describe_options(spec, summary.options)}, {summary.steps / games:.0f} moves a game",
             chance_line(summary)]
    # How many standard errors each seat's win rate lies from the equal share (balance: within 2).
    off = summary.players > 1 and summary.standard_error() > 0
    lines.append("  ".join(["seat", "ai", "wins", "win_rate", "avg_score", *keys, *(["se_off"] if off else [])]))
    for seat, totals in enumerate(summary.seats):
        row = [f"{seat}", summary.ai[seat], f"{totals.wins}", f"{totals.wins / games:.3f}",
               f"{totals.score / games:.2f}", *(f"{totals.stats.get(k, 0.0) / games:.3f}" for k in keys)]
        if off:
            row.append(f"{(summary.win_rate(seat) - summary.expected_share()) / summary.standard_error():+.1f}")
        lines.append("  ".join(row))
    return lines


def main(argv: list[str]) -> int:
    if argv and argv[0] == "simulate":
        argv = argv[1:]
    args = parse_args(argv)
    try:
        summary = simulate(args.game, args.players, args.games, args.ai, args.seed, args.jobs,
                           args.option)
    except (ValueError, KeyError) as exc:
        message = str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc)  # not a KeyError's repr
        if "computer player" in message:
            message += " (the computer players are random and heuristic)"
        print(f"simulate: {message}", file=sys.stderr)
        return 2
    print("\n".join(table_lines(summary)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
