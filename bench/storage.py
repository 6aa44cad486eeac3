"""Median and p99 of saving one move (state + action log, one transaction) on a file database.

Usage: python bench/storage.py [--moves N] [--game NAME]
Uses a real game's state so the saved JSON has a realistic size. Target: p99 <= 5 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import registry  # noqa: E402
from storage import Store  # noqa: E402


async def run(game: str, seats: int, moves: int) -> None:
    spec = registry.get(game)
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3")
        table_id = await store.tables.create_table(guild_id=1, channel_id=1, game=game, options={}, seed=1,
                                                   creator_id=1)
        for seat in range(seats):
            await store.tables.add_seat(table_id, user_id=seat + 1, display_name=f"p{seat}", max_seats=seats)
        rng = random.Random(1)
        state = spec.setup(seats, 1)
        await store.tables.start(table_id, state=spec.dump_state(state), prompts={}, seat_order=list(range(seats)))
        timings: list[float] = []
        version = 0
        while len(timings) < moves:
            if spec.outcome(state) is not None:
                state = spec.setup(seats, len(timings))
            seat = rng.choice(sorted(spec.to_act(state)))
            action = rng.choice(spec.legal_actions(state, seat))
            state, _ = spec.apply(state, seat, action)
            if spec.outcome(state) is not None:
                continue  # keep the table running so every save is a normal move
            start = time.perf_counter()
            version = await store.tables.save_move(
                table_id, expected_version=version, seat=seat, action=spec.dump_action(action),
                state=spec.dump_state(state), prompts={0: (version, "x")})
            timings.append(time.perf_counter() - start)
        await store.close()
    timings.sort()
    median = statistics.median(timings) * 1e3
    p99 = timings[int(len(timings) * 0.99) - 1] * 1e3
    verdict = "met" if p99 <= 5 else "MISSED"
    print(f"save one move ({game}, {seats} seats, {moves} moves, WAL + synchronous=FULL): "
          f"median {median:.2f} ms  p99 {p99:.2f} ms  target p99 <= 5 ms: {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=2000)
    parser.add_argument("--game", default="augsburg1520", choices=registry.names())
    args = parser.parse_args()
    asyncio.run(run(args.game, min(4, registry.get(args.game).max_seats), args.moves))


if __name__ == "__main__":
    main()
