"""Click to done through SimCord: our bot against a floor bot, alternating in one run.

Usage: python bench/bot.py [--rounds R] [--floor-clicks N] [--game G]

The floor is a minimal discord.py bot whose button sends one DM and one reply (bench/floors.py,
which also has a bot with no game that makes the same two message edits as a typical move, with
payloads of an Augsburg 1520 move's size: what the simulated Discord and discord.py take for
them). Our bot plays complete games: heuristic players choose, and every choice reaches the bot
as a click on the player's DM panel. A click is timed until the simulated Discord is idle again
(SimCord settles after every action, so the time covers everything the bot does for the move: the
answer, the board, the panels, computer seats). Rounds alternate floor clicks and one game of each
game, and each game is compared with the floor clicks made just before and after it, so both see
the machine at the same moments. Printed per game: the median and p99 of click to done as
multiples of the floor's, and REST calls, SQL statements (BEGIN and COMMIT included) and commits
per move.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.needs import simulated_discord  # noqa: E402

simulated_discord("bench/bot.py")

import simcord  # noqa: E402

from bench.counts import at_least  # noqa: E402
from bench.floors import edits_round, floor_round  # noqa: E402
from bot import create_bot  # noqa: E402
from bot.settings import Settings  # noqa: E402
from play.results import seat_choices  # noqa: E402
from tests.bot.driver import choose, heuristic_players, open_table, panel_message, start  # noqa: E402

GAMES = {"augsburg1520": ["ada", "bo", "cy"], "baumeister": ["ada", "bo", "cy"], "aelderman": ["ada", "bo"]}
TARGETS = {"median": 3.0, "p99": 5.0, "rest": 3, "sql": 8, "commits": 1}


# -- our bot: complete games ------------------------------------------------------------
@dataclass
class Moves:
    seconds: list[float] = field(default_factory=list)
    rest: list[int] = field(default_factory=list)
    sql: list[int] = field(default_factory=list)
    commits: list[int] = field(default_factory=list)


async def game_round(game: str, names: list[str], moves: Moves) -> None:
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(token="", database=Path(folder) / "bench.sqlite3", decision_timeout=3600)
        bot = create_bot(settings)
        bot.freeze_after_ready = True  # as `python -m bot` runs it
        async with simcord.run(bot, settle_timeout=120) as env:
            table = await open_table(env, game, names)
            await start(table)
            statements: list[str] = []
            await bot.store.db.trace(statements.append)
            policy = heuristic_players(game, len(names))
            while await timed_turn(env, table, policy, statements, moves):
                pass
            await bot.store.db.trace(None)
            await bot.store.close()
        gc.unfreeze()  # the next round's bot starts as in a new process


async def timed_turn(env: Any, table: Any, policy: Any, statements: list[str], moves: Moves) -> bool:
    """One person's choice, clicked on their panel and timed; False when nobody has to act."""
    row = await table.row()
    if row.status != "running":
        return False
    bot = table.bot
    state, spec = bot.service.state(row), bot.service.spec(row)
    for seat in await table.seats():
        if seat.user_id is None or seat.seat not in spec.to_act(state):
            continue
        actor = next(p for p in table.players if p.id == seat.user_id)
        index = seat_choices(spec, state, seat.seat).index(policy(state, seat.seat))
        message = await panel_message(table, actor, seat)
        rest, statements[:] = len(env.http_requests), []
        began = time.perf_counter()
        await choose(actor, message, index)
        moves.seconds.append(time.perf_counter() - began)
        moves.rest.append(len(env.http_requests) - rest)
        moves.sql.append(len(statements))
        moves.commits.append(sum(s.strip().upper().startswith("COMMIT") for s in statements))
        return True
    return False


# -- report ----------------------------------------------------------------------------
def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * 0.99) - 1)]


def report(floors: dict[str, list[float]], edits: list[float], results: dict[str, Moves]) -> None:
    floor = [t for times in floors.values() for t in times]
    floor_median, floor_p99 = statistics.median(floor), p99(floor)
    print(f"floor (one DM and one reply): {len(floor)} clicks, median {floor_median * 1e3:.2f} ms, "
          f"p99 {floor_p99 * 1e3:.2f} ms")
    print(f"a move's two edits without a game (panel in place, board): median "
          f"{statistics.median(edits) / floor_median:.1f}x the floor, p99 {p99(edits) / floor_p99:.1f}x "
          "(the simulated Discord's and discord.py's share of a move)")
    for game, moves in results.items():
        # Against the floor clicks made just before and after this game's rounds: a shared
        # machine's speed drifts over a run, and each game is compared with the same moments.
        own = floors[game]
        median = statistics.median(moves.seconds) / statistics.median(own)
        tail = p99(moves.seconds) / p99(own)
        rest, sql, commits = moves.rest, moves.sql, moves.commits
        typical = sum(r <= TARGETS["rest"] and s <= TARGETS["sql"] and c == 1
                      for r, s, c in zip(rest, sql, commits)) / len(rest)
        print(f"\n{game}: {len(moves.seconds)} moves (floor around them: median {statistics.median(own) * 1e3:.2f} ms)")
        print(f"  click to done, median: {median:.1f}x the floor (target <= {TARGETS['median']}x) "
              f"{'met' if median <= TARGETS['median'] else 'MISSED'}")
        print(f"  click to done, p99:    {tail:.1f}x the floor (target <= {TARGETS['p99']}x) "
              f"{'met' if tail <= TARGETS['p99'] else 'MISSED'}")
        print(f"  REST calls per move:   median {statistics.median(rest):g}, mean {statistics.mean(rest):.2f}, "
              f"max {max(rest)} (target <= {TARGETS['rest']})")
        print(f"  SQL statements / move: median {statistics.median(sql):g}, mean {statistics.mean(sql):.2f}, "
              f"max {max(sql)} (target <= {TARGETS['sql']})")
        print(f"  commits per move:      median {statistics.median(commits):g}, max {max(commits)} "
              f"(target exactly {TARGETS['commits']})")
        print(f"  moves within every count target: {typical:.0%}")


async def main_async(rounds: int, floor_clicks: int, games: list[str]) -> None:
    floors: dict[str, list[float]] = {game: [] for game in games}
    edits: list[float] = []
    results = {game: Moves() for game in games}
    for number in range(rounds):
        edits.extend(await edits_round(floor_clicks))
        for game in games:
            floors[game].extend(await floor_round(floor_clicks // 2))
            await game_round(game, GAMES[game], results[game])
            floors[game].extend(await floor_round(floor_clicks // 2))
        print(f"round {number + 1} of {rounds} done", file=sys.stderr)
    report(floors, edits, results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=at_least(1), default=3)
    parser.add_argument("--floor-clicks", type=at_least(2), default=200)  # halved between the floors
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    args = parser.parse_args()
    asyncio.run(main_async(args.rounds, args.floor_clicks, args.game or list(GAMES)))


if __name__ == "__main__":
    main()
