"""Plain records shared by pairing and standings.

Every record is a pydantic model, so the caller can store it as JSON
(`model_dump_json`) and load it back (`model_validate_json`) unchanged. Player ids
are ints (Discord user ids); nothing here knows anything else about a player.
"""

from __future__ import annotations

from enum import Enum

from pydantic import BaseModel, ConfigDict, Field, model_validator


class Format(str, Enum):
    """How a tournament seats its rounds."""

    SWISS = "swiss"
    ROUND_ROBIN = "round_robin"
    ELIMINATION = "elimination"


class PairingError(ValueError):
    """A round cannot be seated (bad table sizes, tournament over, too few players)."""


class PlayerRecord(BaseModel):
    """A registered player.

    `rating` is the display rating (see `ratings.ordinal`) used for round-1 seeding
    and for the third tie-break (opponents' average rating). A `withdrawn` player is
    never seated again but keeps their results and stays in the standings.
    """

    model_config = ConfigDict(frozen=True)

    player_id: int
    rating: float = 0.0
    withdrawn: bool = False


class GameResult(BaseModel):
    """The final ranking of one finished table.

    `ranking` lists finishing groups, best first; players in one group tied and share
    those places. `scores` are the games' own final scores (victory points etc.),
    optional, used by the first tie-break; `winners` the game's winners, which its "won" column
    counts (None: the first place). A player in `forfeits` takes last place
    at the table whatever `ranking` says (several forfeits share the last places);
    a forfeiting player may be listed in `ranking` or only in `forfeits`.
    """

    ranking: list[list[int]]
    scores: dict[int, float] = Field(default_factory=dict)
    forfeits: list[int] = Field(default_factory=list)
    winners: list[int] | None = None  # who won, when not simply the first place (Aelderman's missions)

    @model_validator(mode="after")
    def _each_player_once(self) -> GameResult:
        ranked = [player for group in self.ranking for player in group]
        if len(set(ranked)) != len(ranked):
            raise ValueError("a player appears twice in the ranking")
        if len(set(self.forfeits)) != len(self.forfeits):
            raise ValueError("a player appears twice in the forfeits")
        if len(self.players) < 2:
            raise ValueError("a game needs at least two players")
        return self

    @property
    def players(self) -> list[int]:
        """Everyone seated at the table, in ranking order, forfeits last."""
        forfeited = set(self.forfeits)
        ranked = [p for group in self.ranking for p in group if p not in forfeited]
        return ranked + list(self.forfeits)

    def final_groups(self) -> list[list[int]]:
        """The ranking with forfeits applied: finishing groups, best first, none empty."""
        forfeited = set(self.forfeits)
        groups = [[p for p in group if p not in forfeited] for group in self.ranking]
        groups = [group for group in groups if group]
        if self.forfeits:
            groups.append(list(self.forfeits))
        return groups

    @classmethod
    def from_scores(cls, scores: dict[int, float], forfeits: list[int] | None = None) -> GameResult:
        """A result ranked by score, higher first; equal scores tie."""
        by_score: dict[float, list[int]] = {}
        for player, score in sorted(scores.items(), key=lambda item: (-item[1], item[0])):
            by_score.setdefault(score, []).append(player)
        return cls(ranking=list(by_score.values()), scores=dict(scores), forfeits=forfeits or [])


class RoundRecord(BaseModel):
    """One played round: the results of its tables and who had a bye."""

    round_no: int
    games: list[GameResult] = Field(default_factory=list)
    byes: list[int] = Field(default_factory=list)


class Pairing(BaseModel):
    """The seating of one round.

    `tables` are listed board 1 first; each table lists its players in seat order
    (already shuffled from the seed, so it can be used directly). `byes` are the
    players left out this round (see `standings.BYE_POINTS` for what a bye scores).
    """

    round_no: int
    tables: list[list[int]]
    byes: list[int] = Field(default_factory=list)


class StandingRow(BaseModel):
    """One line of the standings table, all the columns a leaderboard shows.

    `rank` is shared by players equal on every criterion. `wins` counts first
    places, shared ones included. `score_ratio`, `opponents_points` and
    `opponents_rating` are tie-breaks 1-3 (see `standings`). `reached_round` is set
    for elimination only: the last round the player took part in.
    """

    rank: int
    player_id: int
    points: float
    games: int
    wins: int
    byes: int
    forfeits: int
    score_ratio: float
    opponents_points: float
    opponents_rating: float
    withdrawn: bool = False
    reached_round: int | None = None
