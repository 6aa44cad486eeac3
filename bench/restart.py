"""Start-up with many stored tables: time from a restart to the first answered click.

Usage: python bench/restart.py [--tables N] [--repeat R]

Through SimCord: a bot opens and starts one Augsburg 1520 table, the database is filled with
copies of it (running tables with nothing due: no computer moves, no finish work, timers far in
the future), and the bot is restarted as a crash would. Timed: the restart (log in, open and
check the database, register the buttons, resume what is due) and then one click on the
original table's DM panel, until it is answered and everything it started is done. The same is
measured with the one table alone, so the figure that depends on the stored tables is the
difference. Target: the first click is answered within 2 s of the restart with 10,000 tables.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.needs import simulated_discord  # noqa: E402

simulated_discord("bench/restart.py")

import simcord  # noqa: E402

from bench.counts import at_least  # noqa: E402
from bot import create_bot  # noqa: E402
from bot.settings import Settings  # noqa: E402
from play.results import seat_choices  # noqa: E402
from tests.bot.driver import choose, heuristic_players, open_table, panel_message, start  # noqa: E402
from tests.bot.stored import store_copies  # noqa: E402

TARGET_SECONDS = 2.0


async def restart_and_click(copies: int) -> tuple[float, float]:
    """Seconds of the restart and of the first click after it, with `copies` extra tables."""
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(token="", database=Path(folder) / "bench.sqlite3", decision_timeout=3600)
        async with simcord.run(create_bot(settings), settle_timeout=120) as env:
            table = await open_table(env, "augsburg1520", ["ada", "bo", "cy"])
            await start(table)
            await store_copies(env.bot, table.table_id, copies)
            old = env.bot
            began = time.perf_counter()
            await env.restart_bot(create_bot(settings))
            restarted = time.perf_counter()
            await old.store.close()  # a killed process's files are closed by the system
            await click_once(table)
            clicked = time.perf_counter()
            await env.bot.store.close()
            return restarted - began, clicked - restarted


async def click_once(table) -> None:
    row = await table.row()
    service = table.bot.service
    spec, state = service.spec(row), service.state(row)
    policy = heuristic_players(row.game, len(table.players))
    for seat in await table.seats():
        if seat.user_id is not None and seat.seat in spec.to_act(state):
            actor = next(p for p in table.players if p.id == seat.user_id)
            index = seat_choices(spec, state, seat.seat).index(policy(state, seat.seat))
            message = await panel_message(table, actor, seat)
            await choose(actor, message, index)
            if (await table.row()).version == row.version:
                raise AssertionError("the click after the restart was not accepted")
            return
    raise AssertionError("nobody is to act at the benchmark table")


async def main_async(tables: int, repeat: int) -> None:
    results: dict[int, list[tuple[float, float]]] = {1: [], tables: []}
    for _ in range(repeat):
        for count in results:  # alternating, so both see the same machine
            results[count].append(await restart_and_click(count - 1))
    for count, runs in results.items():
        restart = statistics.median(r for r, _ in runs)
        click = statistics.median(c for _, c in runs)
        print(f"{count:6} stored tables: restart {restart:6.3f} s, first click {click * 1e3:7.1f} ms, "
              f"restart to answered click {restart + click:6.3f} s (median of {len(runs)})")
    alone = statistics.median(r + c for r, c in results[1])
    many = statistics.median(r + c for r, c in results[tables])
    verdict = "met" if many <= TARGET_SECONDS else "MISSED"
    print(f"\nwith {tables} tables: {many:.3f} s to the first answered click (target <= {TARGET_SECONDS} s) "
          f"{verdict}; {many / alone:.2f}x the time with one table")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=at_least(1), default=10_000)
    parser.add_argument("--repeat", type=at_least(1), default=3)
    args = parser.parse_args()
    asyncio.run(main_async(args.tables, args.repeat))


if __name__ == "__main__":
    main()
