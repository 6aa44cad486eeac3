"""Random full games per second per game and seat count, and the median and p99 of one `apply`.

Usage: python bench/engine.py [--game NAME] [--seconds S] [--rounds R] [--option KEY=VALUE ...]
Runs on one core (a single process). Prints one line per game and seat count: the best
round's games per second (the median round beside it), actions per game, and apply times.
Without --game, every game at every seat count with its default options, then the extra rows of
EXTRA_ROWS (Aelderman's main version). `--option` (repeatable, needs --game) plays the game with
those options, checked as `/table create options:` checks them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import registry  # noqa: E402
from play.options import check_options, describe_options, parse_option_pairs  # noqa: E402

# Games per second wanted, by game, seat count and the options that differ from the defaults.
TARGETS: dict[tuple[str, int, tuple[tuple[str, str], ...]], float] = {
    ("augsburg1520", 4, ()): 100, ("baumeister", 4, ()): 200, ("aelderman", 4, ()): 20,
    ("aelderman", 4, (("version", "main"),)): 5,
}
# Rows printed by default besides every game's default options: (game, seats, options).
EXTRA_ROWS: tuple[tuple[str, int, dict[str, str]], ...] = (("aelderman", 4, {"version": "main"}),)


def target_key(name: str, seats: int, options: dict) -> tuple[str, int, tuple[tuple[str, str], ...]]:
    defaults = registry.get(name).Options().model_dump()
    changed = tuple(sorted((k, str(v)) for k, v in options.items() if defaults.get(k) != v))
    return name, seats, changed


def play(spec, seats: int, seed: int, apply_times: list[float] | None, options: dict | None = None) -> int:
    rng = random.Random(seed)
    uniform = rng.random  # picking by a float in [0, 1) is cheaper than rng.choice
    to_act, legal_actions, apply = spec.to_act, spec.legal_actions, spec.apply  # looked up once
    state = spec.setup(seats, seed, options)
    steps = 0
    # to_act is empty exactly when the game is over (the protocol; the shared random-game
    # test checks it), so the loop asks only that.
    while acting := to_act(state):
        # A uniformly random seat among those to act; most steps have only one.
        if len(acting) == 1:
            (seat,) = acting
        else:
            seat = rng.choice(sorted(acting))
        actions = legal_actions(state, seat)
        action = actions[int(uniform() * len(actions))]
        if apply_times is None:
            state, _ = apply(state, seat, action)
        else:
            start = time.perf_counter()
            state, _ = apply(state, seat, action)
            apply_times.append(time.perf_counter() - start)
        steps += 1
    if spec.outcome(state) is None:
        raise AssertionError(f"{spec.name}: nobody is to act but the game has no outcome")
    return steps


def bench(name: str, seats: int, seconds: float, rounds: int, options: dict | None = None) -> str:
    """Games per second in each of `rounds` rounds of fresh seeds. The best round is the
    figure (as timeit advises: other work on the machine only ever slows a round down),
    and the median round is printed beside it."""
    spec = registry.get(name)
    options = check_options(spec, options)
    games, steps, seed = 0, 0, 0
    rates = []
    for _ in range(rounds):
        start, played = time.perf_counter(), 0
        while time.perf_counter() - start < seconds / rounds or played < 3:
            steps += play(spec, seats, seed, None, options)
            played += 1
            seed += 1
        rates.append(played / (time.perf_counter() - start))
        games += played
    apply_times: list[float] = []
    for extra in range(3):
        play(spec, seats, 10_000_000 + extra, apply_times, options)
    apply_times.sort()
    median = statistics.median(apply_times) * 1e6
    p99 = apply_times[int(len(apply_times) * 0.99) - 1] * 1e6
    rate = max(rates)
    target = TARGETS.get(target_key(name, seats, options))
    verdict = "" if target is None else f"  target >= {target:g}/s: {'met' if rate >= target else 'MISSED'}"
    changed = describe_options(spec, options)
    label = name if changed == "defaults" else f"{name} {changed}"
    return (f"{label:14} {seats} seats: {rate:8.1f} games/s (median round {statistics.median(rates):.1f})  "
            f"{steps / games:5.0f} actions/game  apply median {median:4.0f} us  p99 {p99:5.0f} us{verdict}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=registry.names())
    parser.add_argument("--seconds", type=float, default=10.0, help="time per game and seat count")
    parser.add_argument("--rounds", type=int, default=10, help="rounds the time is split into")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option of --game, repeatable (e.g. --option version=main)")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1:
        parser.error("--seconds must be positive and --rounds at least 1")
    for name, seats, options in rows(args.game, args.option, parser.error):
        print(bench(name, seats, args.seconds, args.rounds, options), flush=True)


def rows(game: str | None, pairs: list[str], error) -> list[tuple[str, int, dict]]:
    """What to measure: (game, seats, options). `error` reports bad options and exits."""
    if pairs and not game:
        error("--option needs --game (options belong to one game)")
    if game:
        spec = registry.get(game)
        try:
            options = parse_option_pairs(spec, pairs)
        except ValueError as exc:
            error(str(exc))
        return [(game, seats, options) for seats in range(spec.min_seats, spec.max_seats + 1)]
    result = [(name, seats, check_options(registry.get(name), {})) for name in registry.names()
              for seats in range(registry.get(name).min_seats, registry.get(name).max_seats + 1)]
    return result + [(name, seats, check_options(registry.get(name), opts)) for name, seats, opts in EXTRA_ROWS]


if __name__ == "__main__":
    main()
