"""Seat one tournament round: `pair_round(fmt, players, round_no, ...) -> Pairing`.

Every format seats all active (not withdrawn) players exactly once per round at
tables whose sizes come from `tables.plan_tables` (legal for the game, as close to
the chosen size as possible); a player sits out with a bye only when no mix of legal
sizes seats everyone. The same inputs and seed always give the same pairing.

Swiss (`Format.SWISS`)
    Players are ordered by the standings (`standings.compute_standings`); players
    equal on every criterion are ordered by a seeded shuffle, so round 1 is a random
    draw. Byes go to the players with the fewest byes so far, lowest placed first.
    Tables are then chosen to minimise, in order: repeat meetings (the number of
    earlier games each seated pair already shared, summed over pairs), the points
    spread within tables, and the distance from standings order. Board 1 holds the
    leader. See `seating` for the search (exact for small fields).

Round robin (`Format.ROUND_ROBIN`)
    See `round_robin`: the whole schedule is precomputed from the seed.

Elimination (`Format.ELIMINATION`)
    See `elimination`: the top players of each table advance until one final table.

`history` holds the rounds played so far (`RoundRecord`s, results included), in
order; `round_no` is the round to seat (1 for the first).
"""

from __future__ import annotations

from typing import Sequence

from play.tournaments.elimination import pair_elimination
from play.tournaments.models import Format, Pairing, PairingError, PlayerRecord, RoundRecord, StandingRow
from play.tournaments.round_robin import pair_round_robin
from play.tournaments.seating import seat_players, seeded_rng
from play.tournaments.standings import compute_standings, meetings
from play.tournaments.tables import check_table_rules, plan_round_tables


def pair_round(
    fmt: Format | str,
    players: Sequence[PlayerRecord],
    round_no: int,
    table_size: int,
    min_seats: int,
    max_seats: int,
    seed: int,
    history: Sequence[RoundRecord],
    advance: int | None = None,
    rounds: int | None = None,
) -> Pairing:
    """Seat round `round_no` (see the module docstring); `advance` is for elimination, `rounds`
    (the tournament's number of rounds) for round robin, which arranges them all at once."""
    check_table_rules(table_size, min_seats, max_seats)
    if round_no < 1 or any(record.round_no >= round_no for record in history):
        raise PairingError(f"round {round_no} must come after every round in the history")
    if len({record.player_id for record in players}) != len(players):
        raise PairingError("a player is registered twice")
    fmt = Format(fmt)
    if fmt is Format.SWISS:
        return pair_swiss(players, round_no, table_size, min_seats, max_seats, seed, history)
    if fmt is Format.ROUND_ROBIN:
        return pair_round_robin(players, round_no, table_size, min_seats, max_seats, seed, history, rounds)
    return pair_elimination(players, round_no, table_size, min_seats, max_seats, seed, history, advance)


def swiss_order(
    players: Sequence[PlayerRecord], history: Sequence[RoundRecord], seed: int, round_no: int
) -> list[int]:
    """Active players, best placed first; exact ties ordered by a shuffle seeded per round."""
    return [row.player_id for row in _ordered_rows(players, history, seed, round_no)]


def _ordered_rows(
    players: Sequence[PlayerRecord], history: Sequence[RoundRecord], seed: int, round_no: int
) -> list[StandingRow]:
    rng = seeded_rng(seed, "swiss-order", round_no)
    rows = [row for row in compute_standings(players, history) if not row.withdrawn]
    tie_order = {row.player_id: rng.random() for row in sorted(rows, key=lambda row: row.player_id)}
    return sorted(rows, key=lambda row: (row.rank, tie_order[row.player_id]))


def choose_byes(order: Sequence[int], count: int, history: Sequence[RoundRecord]) -> list[int]:
    """`count` players for a bye: fewest byes so far, then the lowest placed in `order`."""
    had = {player: 0 for player in order}
    for record in history:
        for player in record.byes:
            if player in had:
                had[player] += 1
    position = {player: index for index, player in enumerate(order)}
    return sorted(order, key=lambda player: (had[player], -position[player]))[:count]


def pair_swiss(
    players: Sequence[PlayerRecord],
    round_no: int,
    table_size: int,
    min_seats: int,
    max_seats: int,
    seed: int,
    history: Sequence[RoundRecord],
) -> Pairing:
    """A Swiss round: leaders together, fewest repeat meetings first."""
    rows = _ordered_rows(players, history, seed, round_no)
    order = [row.player_id for row in rows]
    plan = plan_round_tables(len(order), table_size, min_seats, max_seats)
    byes = choose_byes(order, plan.byes, history)
    resting = set(byes)
    seated = [player for player in order if player not in resting]
    points = {row.player_id: row.points for row in rows}
    rng = seeded_rng(seed, "swiss", round_no)
    tables = seat_players(seated, plan.sizes, meetings(history), points, rng)
    return Pairing(round_no=round_no, tables=tables, byes=byes)

