"""Elimination: the top of each table advances until one final table.

Advancing
    `advance` players of a table of the chosen `table_size` go through (default:
    half the table rounded down, at least 1: 2 -> 1, 3 -> 1, 4 -> 2, 5 -> 2). A
    table of another size advances the same share, advance * size / table_size,
    rounded to the nearest whole number with halves rounded down, but at least 1 and
    at most size - 1 (so with table size 4 and advance 2: a 3-seat table sends 1, a
    5-seat table 2). Every table loses at least one player, so the field shrinks
    every round. A player with a bye advances. Withdrawn players drop out, and a player
    who forfeited never goes on (a table everyone forfeited sends nobody). If a round
    that is not the final would leave fewer players than the game's minimum (counting
    only players still in), its tables (largest first, in turn) send one more until it
    does not, passing over players who withdrew.

Ties at the cut
    Players tied in a game's ranking across the cut are separated by their game
    score (higher first), then by rating (higher first), then by lot (a draw from
    the tournament's seed and the table's players: nobody is favoured for their id).

Seeding
    Survivors are ordered by the standings (points and tie-breaks), then rating,
    then a seeded shuffle, so round 1 follows the ratings. Byes go to the best seeds.
    Seeds are dealt to tables serpentine-wise (1, 2, 3, 3, 2, 1, ...) so the best
    seeds meet as late as possible. The round seating everyone at one table, with no
    bye, is the final; after it the elimination is over (the final's ranking is the
    tournament's top; see `standings` for the full order).
"""

from __future__ import annotations

from typing import Sequence

from play.tournaments.models import GameResult, Pairing, PairingError, PlayerRecord, RoundRecord
from play.tournaments.seating import seeded_rng
from play.tournaments.standings import compute_standings
from play.tournaments.tables import plan_round_tables


def default_advance(table_size: int) -> int:
    return max(1, table_size // 2)


def advancing_counts(
    sizes: Sequence[int], table_size: int, min_seats: int, advance: int | None = None, byes: int = 0,
    final: bool | None = None,
) -> list[int]:
    """How many players advance from each table of `sizes` in a round whose `byes` players
    with a bye go on (see the module docstring). `final`: whether the round was the final (one
    table, no bye; by default judged from `sizes` and `byes`)."""
    share = default_advance(table_size) if advance is None else advance
    if not 1 <= share < table_size:
        raise PairingError(f"between 1 and {table_size - 1} players can advance from a table of {table_size}")
    counts = []
    for size in sizes:
        # nearest whole number to share * size / table_size, halves rounded down
        nearest = -((table_size - 2 * share * size) // (2 * table_size))
        counts.append(min(size - 1, max(1, nearest)))
    if final is None:
        final = len(sizes) == 1 and not byes
    if not final and sizes:  # a round before the final sends min_seats on where its tables can
        largest_first = sorted(range(len(sizes)), key=lambda i: (-sizes[i], i))
        turn = 0
        # Withdrawn byes can leave a round short even with every table sending all but one.
        while sum(counts) + byes < min_seats and any(c < size - 1 for c, size in zip(counts, sizes)):
            table = largest_first[turn % len(sizes)]
            turn += 1
            if counts[table] < sizes[table] - 1:
                counts[table] += 1
    return counts


def game_survivors(game: GameResult, count: int, ratings: dict[int, float], seed: int = 0) -> list[int]:
    """The top `count` players of a finished game, ties at the cut broken as documented. A player
    who forfeited never goes on (a table everyone forfeited, e.g. a cancelled one, sends nobody)."""
    ordered = []
    drawn = seeded_rng(seed, "cut", sorted(game.players)).sample(game.players, len(game.players))
    lot = {player: number for number, player in enumerate(drawn)}
    for group in game.final_groups():
        ordered.extend(
            sorted(group, key=lambda p: (-game.scores.get(p, 0.0), -ratings.get(p, 0.0), lot[p]))
        )
    return [player for player in ordered if player not in game.forfeits][:count]


def is_finished(history: Sequence[RoundRecord]) -> bool:
    """Whether the final table has been played."""
    return bool(history) and len(history[-1].games) == 1 and not history[-1].byes


def survivors(
    players: Sequence[PlayerRecord],
    history: Sequence[RoundRecord],
    table_size: int,
    min_seats: int,
    advance: int | None = None,
    seed: int = 0,
) -> list[int]:
    """The players still in: the last round's advancers and byes (or everyone), minus withdrawals
    (`seed`: the tournament's, for ties at the cut)."""
    active = [record.player_id for record in players if not record.withdrawn]
    if not history:
        return active
    last = history[-1]
    withdrawn = frozenset(record.player_id for record in players if record.withdrawn)
    ratings = {record.player_id: record.rating for record in players}
    sizes = [len(game.players) for game in last.games]
    # Counted among those going on: the players still in, not everyone the round seated.
    byes = [player for player in last.byes if player not in withdrawn]
    final = len(sizes) == 1 and not last.byes
    counts = advancing_counts(sizes, table_size, min_seats, advance, len(byes), final=final)
    through = set(byes)
    for game, count in zip(last.games, counts):
        through.update(game_survivors(game, count, ratings, seed))
    through -= withdrawn
    if not final:  # the tables' turns go on from where advancing_counts left them
        turn = sum(counts) - sum(advancing_counts(sizes, table_size, min_seats, advance, final=True))
        _top_up(last.games, counts, through, min_seats, ratings, withdrawn, seed, turn)
    return [player for player in active if player in through]


def _top_up(games: Sequence[GameResult], counts: list[int], through: set[int], min_seats: int,
            ratings: dict[int, float], withdrawn: frozenset[int], seed: int, turn: int) -> None:
    """A round before the final that withdrawn qualifiers left short: its tables, largest first,
    each send their next player in turn (all but one of a table at most) until enough go on.
    `turn`: the turns its tables had already (advancing_counts), which the next one follows."""
    largest_first = sorted(range(len(games)), key=lambda i: (-len(games[i].players), i))
    counts = list(counts)
    while len(through) < min_seats and any(c < len(g.players) - 1 for c, g in zip(counts, games)):
        table = largest_first[turn % len(games)]
        turn += 1
        if counts[table] < len(games[table].players) - 1:
            counts[table] += 1
            through.update(set(game_survivors(games[table], counts[table], ratings, seed)) - withdrawn)


def pair_elimination(
    players: Sequence[PlayerRecord],
    round_no: int,
    table_size: int,
    min_seats: int,
    max_seats: int,
    seed: int,
    history: Sequence[RoundRecord],
    advance: int | None = None,
) -> Pairing:
    """The next elimination round: survivors seeded serpentine-wise into tables."""
    if is_finished(history):
        raise PairingError("the elimination is over: the final table has been played")
    remaining = survivors(players, history, table_size, min_seats, advance, seed)
    if len(remaining) < min_seats:
        remain = "1 player remains" if len(remaining) == 1 else f"{len(remaining)} players remain"
        raise PairingError(f"{remain} and a table needs at least {min_seats}; end the tournament with "
                           "`/tournament finish`")
    order = _seed_order(players, history, remaining, seed, round_no)
    plan = plan_round_tables(len(order), table_size, min_seats, max_seats)
    byes, seated = order[: plan.byes], order[plan.byes :]
    tables: list[list[int]] = [[] for _ in plan.sizes]
    for player, table in zip(seated, _serpentine(plan.sizes)):
        tables[table].append(player)
    rng = seeded_rng(seed, "elimination-seats", round_no)
    for table in tables:
        rng.shuffle(table)
    return Pairing(round_no=round_no, tables=tables, byes=byes)


def _seed_order(
    players: Sequence[PlayerRecord],
    history: Sequence[RoundRecord],
    remaining: list[int],
    seed: int,
    round_no: int,
) -> list[int]:
    rng = seeded_rng(seed, "elimination-order", round_no)
    tie_order = {player: rng.random() for player in sorted(remaining)}
    ratings = {record.player_id: record.rating for record in players}
    rank = {row.player_id: row.rank for row in compute_standings(players, history)}
    return sorted(remaining, key=lambda p: (rank[p], -ratings.get(p, 0.0), tie_order[p]))


def _serpentine(sizes: Sequence[int]) -> list[int]:
    """Table index for each seed in turn: 0, 1, ..., T-1, T-1, ..., 0, skipping full tables."""
    slots = []
    for layer in range(max(sizes, default=0)):
        indices = range(len(sizes)) if layer % 2 == 0 else reversed(range(len(sizes)))
        slots.extend(i for i in indices if sizes[i] > layer)
    return slots
