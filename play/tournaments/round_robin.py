"""Round-robin schedules: everyone meets everyone as evenly as possible.

`round_robin_schedule(player_ids, table_size, min_seats, max_seats, seed, rounds)`
arranges all `rounds` rounds from the seed:

- two-seat tables with at most one bye use the circle method: with an even field,
  every pair meets exactly once in each cycle of n - 1 rounds (an odd field adds a
  rotating bye and a cycle of n rounds);
- other table sizes are first seated round by round, each round minimising the sum
  of pair weights, where a pair that already met m times weighs B^(m-1) (0 if they
  never met) and B exceeds the number of pairs seated in a round; byes rotate
  (fewest so far first). Then the whole schedule is improved at once
  (schedule_search): round by round, a schedule can leave pairs that never meet
  although one where everyone meets exists (15 players in threes over 7 rounds).
  So a round depends on how many rounds there are: a tournament schedules its own
  number of rounds every time.

Each call recomputes the schedule: up to a few seconds for large fields, so callers
on an event loop should run it in a worker thread.

`round_robin_rounds(...)` is a sensible tournament length: the fewest rounds in
which every pair could meet once.

`pair_round_robin` serves `pairing.pair_round`: the roster is the active players
plus everyone who already played; round r of its schedule is used with withdrawn
players removed. If withdrawals leave that round with other table sizes (or byes)
than the active players' own plan, that round is reseated among the active players
with the same weights, taken from the games actually played.
"""

from __future__ import annotations

from typing import Sequence

from play.tournaments.models import Pairing, PlayerRecord, RoundRecord
from play.tournaments.schedule_search import improve
from play.tournaments.seating import seat_players, seeded_rng
from play.tournaments.standings import meetings
from play.tournaments.tables import TablePlan, plan_round_tables


def round_robin_rounds(players: int, table_size: int, min_seats: int, max_seats: int) -> int:
    """The fewest rounds in which every pair could meet once (at least 1)."""
    plan = plan_round_tables(players, table_size, min_seats, max_seats)
    if _uses_circle(plan):
        return players - 1 if players % 2 == 0 else players
    largest = max(plan.sizes, default=2)
    return max(1, -(-(players - 1) // (largest - 1)))


def round_robin_schedule(
    player_ids: Sequence[int],
    table_size: int,
    min_seats: int,
    max_seats: int,
    seed: int,
    rounds: int,
) -> list[Pairing]:
    """The first `rounds` rounds of the schedule for `player_ids` (order does not matter)."""
    roster = sorted(set(player_ids))
    plan = plan_round_tables(len(roster), table_size, min_seats, max_seats)
    if _uses_circle(plan):
        return [_circle_round(roster, seed, round_no) for round_no in range(1, rounds + 1)]
    met: dict[int, dict[int, int]] = {}
    bye_counts = {player: 0 for player in roster}
    schedule: list[Pairing] = []
    for round_no in range(1, rounds + 1):
        pairing = _weighted_round(roster, plan, seed, round_no, met, bye_counts)
        _count(met, bye_counts, pairing)
        schedule.append(pairing)
    return _improved(roster, schedule, seed)


def _count(met: dict[int, dict[int, int]], bye_counts: dict[int, int], pairing: Pairing) -> None:
    for table in pairing.tables:
        for a in table:
            row = met.setdefault(a, {})
            for b in table:
                if a != b:
                    row[b] = row.get(b, 0) + 1
    for player in pairing.byes:
        bye_counts[player] += 1


def _improved(roster: list[int], schedule: list[Pairing], seed: int) -> list[Pairing]:
    """The rounds improved as a whole (schedule_search): seated round by round, a schedule can
    leave pairs that never meet although a seating where everyone meets exists."""
    index = {player: number for number, player in enumerate(roster)}
    tables = [[[index[p] for p in table] for table in pairing.tables] for pairing in schedule]
    before = [[0] * len(roster) for _ in roster]
    better = improve(tables, before, seeded_rng(seed, "round-robin-search", len(schedule)))
    return [Pairing(round_no=pairing.round_no, tables=[[roster[i] for i in table] for table in seated],
                    byes=pairing.byes) for pairing, seated in zip(schedule, better)]


def pair_round_robin(
    players: Sequence[PlayerRecord],
    round_no: int,
    table_size: int,
    min_seats: int,
    max_seats: int,
    seed: int,
    history: Sequence[RoundRecord],
    rounds: int | None = None,
) -> Pairing:
    """Round `round_no` of the schedule of all `rounds` rounds (None: as many as `round_no`),
    adjusted for withdrawals."""
    active = {record.player_id for record in players if not record.withdrawn}
    played = {player for record in history for game in record.games for player in game.players}
    played |= {player for record in history for player in record.byes}
    roster = sorted(active | played)
    total = max(round_no, rounds or 0)
    scheduled = round_robin_schedule(roster, table_size, min_seats, max_seats, seed, total)[round_no - 1]
    tables = [[player for player in table if player in active] for table in scheduled.tables]
    byes = [player for player in scheduled.byes if player in active]
    plan = plan_round_tables(len(active), table_size, min_seats, max_seats)
    if sorted(map(len, tables)) == sorted(plan.sizes) and len(byes) == plan.byes:
        return Pairing(round_no=round_no, tables=tables, byes=byes)
    # Withdrawals left the schedule's round with other table sizes (or a bye) than the active
    # players need: seat them afresh, spreading meetings and byes.
    bye_counts = {player: 0 for player in active}
    for record in history:
        for player in record.byes:
            if player in bye_counts:
                bye_counts[player] += 1
    return _weighted_round(sorted(active), plan, seed, round_no, meetings(history), bye_counts)


def _uses_circle(plan: TablePlan) -> bool:
    return bool(plan.sizes) and set(plan.sizes) == {2} and plan.byes <= 1


def _circle_round(roster: list[int], seed: int, round_no: int) -> Pairing:
    """Round `round_no` of the circle method over a seeded arrangement of `roster`."""
    ring: list[int | None] = list(roster)
    seeded_rng(seed, "round-robin-circle").shuffle(ring)
    if len(ring) % 2:
        ring.append(None)  # whoever faces the empty place has the bye
    cycle = len(ring) - 1
    turn = (round_no - 1) % cycle
    rotating = ring[1:]
    rotating = rotating[-turn:] + rotating[:-turn] if turn else rotating
    arranged = [ring[0], *rotating]
    tables, byes = [], []
    for i in range(len(arranged) // 2):
        a, b = arranged[i], arranged[-1 - i]
        if a is None or b is None:
            byes.append(a if b is None else b)
        else:
            tables.append([a, b])
    return Pairing(round_no=round_no, tables=tables, byes=byes)


def _weighted_round(
    roster: list[int],
    plan: TablePlan,
    seed: int,
    round_no: int,
    met: dict[int, dict[int, int]],
    bye_counts: dict[int, int],
) -> Pairing:
    """One round minimising the B^(m-1) weights of the meetings so far (`met`)."""
    rng = seeded_rng(seed, "round-robin", round_no)
    order = list(roster)
    rng.shuffle(order)
    byes = sorted(order, key=lambda player: bye_counts[player])[: plan.byes]
    seated = [player for player in order if player not in byes]
    pairs_per_round = sum(size * (size - 1) // 2 for size in plan.sizes)
    base = pairs_per_round + 1
    weights = {
        player: {other: base ** (count - 1) for other, count in row.items()}
        for player, row in met.items()
    }
    tables = seat_players(seated, plan.sizes, weights, None, rng, keep_order=False)
    return Pairing(round_no=round_no, tables=tables, byes=byes)

