"""Player ratings: OpenSkill's Plackett-Luce model over plain, storable numbers.

A rating is `Rating(mu, sigma)`: the estimated skill and its uncertainty. Ratings are
kept per game and per server; the caller chooses the key and stores the two floats
(the model is JSON-ready). When a rated game ends, pass everyone's current rating and
the final ranking to `update`; ties are players in the same ranking group.

`ordinal(rating)` is the number to display and sort by: mu - 3 sigma, a
conservative estimate that starts at 0 for a new player and rises as they prove
themselves. Games with computer players in a seat are not rated: the caller simply
does not call `update` for them.
"""

from __future__ import annotations

import math

from typing import Mapping, Sequence

from openskill.models import PlackettLuce
from pydantic import BaseModel, ConfigDict

_MODEL = PlackettLuce()


class Rating(BaseModel):
    """A player's skill estimate for one game on one server."""

    model_config = ConfigDict(frozen=True)

    mu: float
    sigma: float


def new_rating() -> Rating:
    """The rating of a player who has not played a rated game yet."""
    return Rating(mu=_MODEL.mu, sigma=_MODEL.sigma)


def tenths(value: float) -> float:
    """A rating as shown, to one decimal, halves away from zero as SQLite's ROUND(x, 1) has it (the
    leaderboard's places are counted in SQL): players shown alike share a place."""
    return math.copysign(math.floor(abs(value) * 10 + 0.5) / 10, value) + 0.0


def ordinal(rating: Rating) -> float:
    """The display rating: mu - 3 sigma (0 for a new player). Not rounded here: it is shown (and
    the leaderboard places it) rounded once, to tenths."""
    return rating.mu - 3 * rating.sigma + 0.0  # + 0.0 turns -0.0 into 0.0


def update(
    ratings_by_player: Mapping[int, Rating], ranking_groups: Sequence[Sequence[int]]
) -> dict[int, Rating]:
    """New ratings for everyone in `ranking_groups` (best group first, a group = a tie).

    Players missing from `ratings_by_player` start from `new_rating()`. Only the
    ranked players are returned; a ranking with fewer than two players changes
    nothing.
    """
    players = [player for group in ranking_groups for player in group]
    if len(set(players)) != len(players):
        raise ValueError("a player appears twice in the ranking")
    current = {player: ratings_by_player.get(player) or new_rating() for player in players}
    if len(players) < 2:
        return current
    teams = [[_MODEL.rating(mu=current[p].mu, sigma=current[p].sigma)] for p in players]
    ranks = [float(place) for place, group in enumerate(ranking_groups, start=1) for _ in group]
    rated = _MODEL.rate(teams, ranks=ranks)
    return {player: Rating(mu=team[0].mu, sigma=team[0].sigma) for player, team in zip(players, rated)}
