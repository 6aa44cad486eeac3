"""Tournaments and ratings.

The modules exported here are pure functions over plain records (no Discord, no storage,
no asyncio); the caller keeps the records as JSON and calls these after each round.
`service` (TournamentService) and `rating_service` (RatingService) are the orchestration
on top: they use storage and the table service, still without Discord calls.

- `pair_round(fmt, players, round_no, table_size, min_seats, max_seats, seed, history,
  advance=None) -> Pairing` seats a Swiss, round-robin or elimination round
  (`pairing`, `round_robin`, `elimination`); `plan_tables` chooses table sizes.
- `compute_standings(players, history, fmt) -> list[StandingRow]` ranks players by
  placement points and tie-breaks (`standings`).
- `new_rating`, `update`, `ordinal` keep OpenSkill Plackett-Luce ratings (`ratings`).

Records (`models`): `PlayerRecord`, `GameResult`, `RoundRecord`, `Pairing`,
`StandingRow`, `Format`; errors raise `PairingError`.
"""

from play.tournaments.elimination import advancing_counts, is_finished, survivors
from play.tournaments.models import (
    Format,
    GameResult,
    Pairing,
    PairingError,
    PlayerRecord,
    RoundRecord,
    StandingRow,
)
from play.tournaments.pairing import pair_round, swiss_order
from play.tournaments.ratings import Rating, new_rating, ordinal, update
from play.tournaments.round_robin import round_robin_rounds, round_robin_schedule
from play.tournaments.standings import BYE_POINTS, compute_standings, meetings, placement_points
from play.tournaments.tables import TablePlan, plan_tables

__all__ = [
    "BYE_POINTS",
    "Format",
    "GameResult",
    "Pairing",
    "PairingError",
    "PlayerRecord",
    "Rating",
    "RoundRecord",
    "StandingRow",
    "TablePlan",
    "advancing_counts",
    "compute_standings",
    "is_finished",
    "meetings",
    "new_rating",
    "ordinal",
    "pair_round",
    "placement_points",
    "plan_tables",
    "round_robin_rounds",
    "round_robin_schedule",
    "survivors",
    "swiss_order",
    "update",
]
