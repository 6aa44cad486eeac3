"""Tournament points, tie-breaks and the standings table.

Placement points
    On a table of k players, place p (1 = best) earns (k - p) / (k - 1): the winner
    gets 1, the last 0, the middle ones evenly spaced, whatever the table size, so a
    3-seat and a 5-seat table are worth the same to their winners. Players who tie
    share the places they cover and each get the average of those places' points
    (two tied winners at a 4-seat table get (1 + 2/3) / 2 = 5/6 each). A forfeiting
    player takes last place (see `GameResult`).

Byes
    A bye earns `BYE_POINTS` = 1/2, the points of a middle finish. It counts as no
    game: no opponents for tie-break 2 and 3, and for tie-break 1 it adds the
    player's own average score ratio over the games they played (neutral).

Order of the standings (first difference decides, all descending)
    0. elimination only: the last round reached, then whether the player forfeited there (who
       never goes on; a bye or a game played does), then the placement points earned in that
       round's game (so the final table's order heads the standings);
    1. tournament points;
    2. score ratio: the sum over games of own game score / that table winner's score.
       If a table has negative scores they are first shifted up so the lowest is 0;
       if the winner's score is then 0, every non-forfeiting player there gets 1.
       A forfeit counts 0. A game recorded without scores counts its placement points;
    3. opponents' points: the sum of the current tournament points of every opponent
       faced, once per game played against them;
    4. opponents' average rating: the mean `PlayerRecord.rating` of the opponents
       faced, once per game (opponents missing from `players` are left out).
    Players equal on all of these share a rank and are listed by player id.

`compute_standings(players, history, fmt)` returns `StandingRow`s in that order; show
them after each round and at the end. Withdrawn players keep their rows, flagged.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from play.tournaments.models import Format, GameResult, PlayerRecord, RoundRecord, StandingRow

BYE_POINTS = 0.5
_DIGITS = 9  # float sums are rounded before comparing so 1/3 + 2/3 equals 1


def placement_points(groups: Sequence[Sequence[int]]) -> dict[int, float]:
    """Points per player for finishing groups (best first, a group = a tie)."""
    seated = sum(len(group) for group in groups)
    if seated < 2:
        raise ValueError("a game needs at least two players")
    points: dict[int, float] = {}
    first_place = 1
    for group in groups:
        places = range(first_place, first_place + len(group))
        share = sum((seated - place) / (seated - 1) for place in places) / len(group)
        for player in group:
            points[player] = share
        first_place += len(group)
    return points


def score_ratios(game: GameResult) -> dict[int, float]:
    """Tie-break 1 for one game: each player's score / the winner's score (see module doc)."""
    groups = game.final_groups()
    forfeited = set(game.forfeits)
    finishers = [p for group in groups for p in group if p not in forfeited]
    ratios = {player: 0.0 for player in game.forfeits}
    if not finishers:
        return ratios
    if any(player not in game.scores for player in finishers):
        points = placement_points(groups)
        ratios.update({player: points[player] for player in finishers})
        return ratios
    lowest = min(game.scores[player] for player in finishers)
    shift = -lowest if lowest < 0 else 0.0
    winner = max(game.scores[player] for player in groups[0] if player not in forfeited) + shift
    for player in finishers:
        ratios[player] = 1.0 if winner <= 0 else (game.scores[player] + shift) / winner
    return ratios


def meetings(history: Iterable[RoundRecord]) -> dict[int, dict[int, int]]:
    """How many times each pair of players sat at the same table."""
    met: dict[int, dict[int, int]] = defaultdict(dict)
    for record in history:
        for game in record.games:
            seated = game.players
            for a in seated:
                row = met[a]
                for b in seated:
                    if a != b:
                        row[b] = row.get(b, 0) + 1
    return dict(met)


@dataclass
class _Tally:
    points: float = 0.0
    games: int = 0
    wins: int = 0
    byes: int = 0
    forfeits: int = 0
    ratio_sum: float = 0.0
    opponents: list[int] = field(default_factory=list)
    reached_round: int = 0
    last_game_points: float = 0.0
    last_forfeited: bool = False  # in the last round reached: never goes on in an elimination


def _tally(history: Sequence[RoundRecord]) -> dict[int, _Tally]:
    tallies: dict[int, _Tally] = defaultdict(_Tally)
    for record in history:
        for game in record.games:
            groups = game.final_groups()
            points = placement_points(groups)
            ratios = score_ratios(game)
            for player in game.players:
                tally = tallies[player]
                tally.points += points[player]
                tally.games += 1
                forfeited = player in game.forfeits
                won = player in groups[0] if game.winners is None else player in game.winners
                tally.wins += int(won and not forfeited)
                tally.forfeits += int(forfeited)
                tally.ratio_sum += ratios[player]
                tally.opponents.extend(other for other in game.players if other != player)
                tally.reached_round = max(tally.reached_round, record.round_no)
                tally.last_game_points = points[player]
                tally.last_forfeited = forfeited
        for player in record.byes:
            tally = tallies[player]
            tally.points += BYE_POINTS
            tally.byes += 1
            tally.reached_round = max(tally.reached_round, record.round_no)
            tally.last_game_points = BYE_POINTS
            tally.last_forfeited = False
    return tallies


def compute_standings(
    players: Sequence[PlayerRecord],
    history: Sequence[RoundRecord],
    fmt: Format | str = Format.SWISS,
) -> list[StandingRow]:
    """The standings after `history`, best first, with every column (see module doc)."""
    elimination = Format(fmt) is Format.ELIMINATION
    tallies = _tally(history)
    ratings = {record.player_id: record.rating for record in players}
    rows = [_row(record, tallies[record.player_id], tallies, ratings, elimination) for record in players]
    rows.sort(key=lambda row: (_sort_key(row, tallies, elimination), row.player_id))
    rank = 0
    previous = None
    for position, row in enumerate(rows, start=1):
        key = _sort_key(row, tallies, elimination)
        if key != previous:
            rank, previous = position, key
        row.rank = rank
    return rows


def _row(
    record: PlayerRecord,
    tally: _Tally,
    tallies: dict[int, _Tally],
    ratings: dict[int, float],
    elimination: bool,
) -> StandingRow:
    ratio = tally.ratio_sum
    if tally.games:
        ratio += tally.byes * tally.ratio_sum / tally.games
    faced_ratings = [ratings[other] for other in tally.opponents if other in ratings]
    return StandingRow(
        rank=0,
        player_id=record.player_id,
        points=round(tally.points, _DIGITS),
        games=tally.games,
        wins=tally.wins,
        byes=tally.byes,
        forfeits=tally.forfeits,
        score_ratio=round(ratio, _DIGITS),
        opponents_points=round(sum(tallies[other].points for other in tally.opponents), _DIGITS),
        opponents_rating=round(sum(faced_ratings) / len(faced_ratings), _DIGITS) if faced_ratings else 0.0,
        withdrawn=record.withdrawn,
        reached_round=tally.reached_round if elimination else None,
    )


def _sort_key(row: StandingRow, tallies: dict[int, _Tally], elimination: bool) -> tuple[float, ...]:
    key = (-row.points, -row.score_ratio, -row.opponents_points, -row.opponents_rating)
    if not elimination:
        return key
    tally = tallies[row.player_id]
    return (-tally.reached_round, int(tally.last_forfeited), -round(tally.last_game_points, _DIGITS), *key)
