"""Median and p99 of saving one move on a file database, against a floor measured in the same run.

Usage: python bench/storage.py [--moves N] [--game NAME] [--sync normal|full]

Each save is what a move writes (play/moves.py): the new state of a real game (so the JSON has a
realistic size), the action, the prompts, the recent events, a deadline and a reminder timer
replacing the seat's old ones, and a seat's DM panel id, in one transaction. The floor is one
trivial statement through the same connection (one trip to the database thread).
Target: p99 <= 5 ms.
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

from bench.counts import at_least  # noqa: E402
from games import registry  # noqa: E402
from storage import MoveWrite, NewTimer, Store  # noqa: E402
from storage.timers import DEADLINE_TIMER, REMINDER_TIMER  # noqa: E402


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * 0.99) - 1)]


def a_move(spec, state, table_id: int, version: int, seat: int, action) -> MoveWrite:
    due = time.time() + 86_400
    return MoveWrite(
        table_id=table_id, expected_version=version, actions=[(seat, spec.dump_action(action))],
        state=spec.dump_state(state), prompts={s: (version + 1, "x") for s in spec.to_act(state)},
        recent_events=[(version + 1, "{p0} did something")], timer_seats=[seat],
        timers=[NewTimer(kind=DEADLINE_TIMER, due_at=due, seat=seat, payload={"seat": seat}),
                NewTimer(kind=REMINDER_TIMER, due_at=due - 43_200, seat=seat, payload={"seat": seat})],
        deadlines={seat: due}, seat_updates={seat: {"dm_message_id": 1000 + version}})


async def run(game: str, seats: int, moves: int, sync: str) -> tuple[list[float], list[float]]:
    spec = registry.get(game)
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3", sync)
        table_id = await store.tables.create_table(guild_id=1, channel_id=1, game=game, options={}, seed=1,
                                                   creator_id=1)
        for seat in range(seats):
            await store.tables.add_seat(table_id, user_id=seat + 1, display_name=f"p{seat}", max_seats=seats)
        rng = random.Random(1)
        state = spec.setup(seats, 1)
        await store.tables.start(table_id, state=spec.dump_state(state), prompts={}, seat_order=list(range(seats)))
        saves: list[float] = []
        floor: list[float] = []
        version = 0
        while len(saves) < moves:
            if spec.outcome(state) is not None:
                state = spec.setup(seats, len(saves))
            seat = rng.choice(sorted(spec.to_act(state)))
            action = rng.choice(spec.legal_actions(state, seat))
            state, _ = spec.apply(state, seat, action)
            if spec.outcome(state) is not None:
                continue  # keep the table running so every save is a normal move
            write = a_move(spec, state, table_id, version, seat, action)
            start = time.perf_counter()
            version = await store.tables.save_move(write)
            saves.append(time.perf_counter() - start)
            start = time.perf_counter()
            await store.db.fetchone("SELECT 1")
            floor.append(time.perf_counter() - start)
        await store.close()
    return saves, floor


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=at_least(1), default=2000)
    parser.add_argument("--game", default="augsburg1520", choices=registry.names())
    parser.add_argument("--sync", default="normal", choices=["normal", "full"])
    args = parser.parse_args()
    seats = min(4, registry.get(args.game).max_seats)
    saves, floor = asyncio.run(run(args.game, seats, args.moves, args.sync))
    median, tail = statistics.median(saves) * 1e3, p99(saves) * 1e3
    floor_median = statistics.median(floor) * 1e3
    verdict = "met" if tail <= 5 else "MISSED"
    print(f"save one move ({args.game}, {seats} seats, {args.moves} moves, WAL, synchronous={args.sync.upper()}): "
          f"median {median:.2f} ms ({median / floor_median:.1f}x the floor), p99 {tail:.2f} ms; "
          f"target p99 <= 5 ms: {verdict}")
    print(f"floor (one trivial statement, one trip to the database thread): median {floor_median:.3f} ms")


if __name__ == "__main__":
    main()
