"""Ratings of finished games, without Discord: OpenSkill (Plackett-Luce) per game and per server.

When is a game rated?
    Tournament tables always are (they are created rated); a casual table when its creator
    switched **Rated** on. Either way the game counts only if every seat was played by a
    person: a table with a computer seat from the start is rated for nobody, and so is a
    table where the organiser *replaced* an absent player by a computer (the computer's
    moves would count as the player's). A game that ends with every player ranked last (away
    at the end, or gone) is not rated: one shared place says nothing.

Forfeits
    A seat that was forfeited mid-game (`/table abandon`, a tournament forfeit or a
    withdrawal during a round) keeps the game rated: the forfeiting player is ranked last,
    below every player who finished, and the others are ranked by the game's result. The
    computer that finished the forfeited seat only completes the game for the others;
    otherwise a player about to lose could leave to keep their rating.

Duplicate rounds
    A tournament table that ends while another table still plays its deal is rated when that
    deal's last table ends (when the round closes, or when the tournament is cancelled): its
    rating changes would tell the players still at it how their deal goes.

Each rated game stores everyone's new rating (mu, sigma), adds one game (and one win for
the game's winners) and writes one history line per player. A table is rated once.
"""

from __future__ import annotations

from play.tournaments.ratings import Rating, new_rating, ordinal, tenths, update
from games import Outcome
from play.results import ranked_last
from storage import HistoryRow, RatedResult, RatingRow, SeatRow, Store, TableRow


def counts_for_rating(table: TableRow, seats: list[SeatRow]) -> bool:
    """Whether a finished table is rated (see the module docstring)."""
    if not table.rated or len(seats) < 2:
        return False
    return all(seat.user_id is not None and (seat.ai is None or seat.forfeited) for seat in seats)


def nobody_played_it_out(table: TableRow, seats: list[SeatRow]) -> bool:
    """A finished game in which every player is ranked last (each left it, or was away when it
    ended): one shared place says nothing of anyone's skill, and is not rated."""
    return table.status == "finished" and bool(seats) and len(ranked_last(seats)) == len(seats)


def rated_as_it_stood(table: TableRow, seats: list[SeatRow]) -> bool:
    """Whether a closed table was rated as it stood: a casual rated game that every player
    abandoned, the last after the others (TableService._rate_left). It counts: not "cancelled"."""
    return (table.status == "cancelled" and table.tournament_id is None and counts_for_rating(table, seats)
            and all(seat.forfeited for seat in seats))


# Why a game made rated stopped being rated when a seat went to a computer (stored with it).
UNRATED_BY_REPLACE = "a computer player played an absent player's seat on their behalf"
UNRATED_BY_VOTE = "the other players voted an absent player's seat to a computer player"


def unrated_reason(table: TableRow, seats: list[SeatRow]) -> str | None:
    """Why a table made rated is not rated (None: it is, or it was never meant to be). A tournament
    table is always made rated; it stops being so when a computer plays an absent player's seat."""
    if not table.rated:
        if table.unrated_reason:
            return table.unrated_reason
        replaced = any(s.user_id is not None and s.ai is not None and not s.forfeited for s in seats)
        if table.tournament_id is not None and replaced:  # stored before the reason was
            return UNRATED_BY_REPLACE
        return None
    if counts_for_rating(table, seats):
        return "every player had left it or was away when it ended" if nobody_played_it_out(table, seats) else None
    if len(seats) < 2:
        return "a game of one player has nobody to be rated against"
    return "a computer player played a seat (added in the lobby)"


def rating_of(row: RatingRow | None) -> Rating:
    return Rating(mu=row.mu, sigma=row.sigma) if row is not None else new_rating()


def display_rating(row: RatingRow | None) -> float:
    """The number shown for a player: the ordinal, mu - 3 sigma (0 before any rated game)."""
    return ordinal(rating_of(row))


class RatingService:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def on_finished(self, table: TableRow, seats: list[SeatRow], outcome: Outcome, *,
                          deal_over: bool = False) -> list[RatedResult]:
        """Rate a finished table if it counts; returns its rated lines (empty when not rated). A
        table rated before (the finish work repeated after a stop) is not rated again: its stored
        lines are returned, so the standings still show the rating changes. `deal_over`: rate it
        even while another table plays its deal (its tournament is being cancelled with them)."""
        if not counts_for_rating(table, seats) or nobody_played_it_out(table, seats):
            return []
        if table.tournament_id is not None and not deal_over and await self.store.tables.same_deal_running(table):
            return []  # held back (see "Duplicate rounds" above)
        user_of = {seat.seat: seat.user_id for seat in seats}
        groups = [[user_of[s] for s in group] for group in outcome.ranking]
        names = await self._own_names(table, seats)
        # The ratings are read where they are written: two games ending at once with a player in
        # common are rated one after the other, each from the other's result; and the same table
        # rated twice at once (its finish work, and a tournament settling its round) finds the
        # first one's lines.
        async with self.store.transaction():
            stored = await self.store.ratings.history_of_table(table.id)
            if stored:
                return _stored_results(stored, seats, outcome)
            current = await self.store.ratings.of_players(table.guild_id, table.game, list(user_of.values()))
            before = {user: rating_of(current.get(user)) for user in user_of.values()}
            after = update(before, groups)
            results = [RatedResult(
                user_id=seat.user_id, display_name=names[seat.user_id], place=outcome.place_of(seat.seat),
                seats=len(seats), won=seat.seat in outcome.winners and not seat.forfeited,
                # The last to leave a game the others abandoned is ranked first, not as one who forfeited.
                forfeited=seat.forfeited and seat.seat not in outcome.ranking[0],
                mu_before=before[seat.user_id].mu, sigma_before=before[seat.user_id].sigma,
                mu_after=after[seat.user_id].mu, sigma_after=after[seat.user_id].sigma) for seat in seats]
            if not await self.store.ratings.record_game(table.guild_id, table.game, table.id, results):
                return []
        return results

    async def rate_held_back(self, table_ids: list[int], *, deal_over: bool = False) -> None:
        """Rate the tables of a duplicate round (`table_ids`: all of the round's, every one of them
        ended, or `deal_over`: the others about to be cancelled) whose rating was held back while
        another played their deal; a table rated already is not rated again."""
        tables = [table for table_id in table_ids if (table := await self.store.tables.get(table_id)) is not None]
        if len(tables) < 2 or len({table.seed for table in tables}) != 1:
            return
        for table in tables:
            if table.status == "finished" and table.outcome:
                await self.on_finished(table, await self.store.tables.seats(table.id),
                                       Outcome.model_validate_json(table.outcome), deal_over=deal_over)

    async def _own_names(self, table: TableRow, seats: list[SeatRow]) -> dict[int | None, str]:
        """Each player's own name, for the leaderboard: a tournament's tables call entrants who are
        called alike by their number in its list ("ada (2)"), which means nothing elsewhere."""
        names: dict[int | None, str] = {seat.user_id: seat.display_name for seat in seats}
        if table.tournament_id is not None:
            entrants = await self.store.tournaments.players(table.tournament_id)
            names.update({e.user_id: e.display_name for e in entrants if e.user_id in names})
        return names

    async def display_ratings(self, guild_id: int, game: str, user_ids: list[int]) -> dict[int, float]:
        """Each player's display rating for a game on a server (0 for unrated players)."""
        rows = await self.store.ratings.of_players(guild_id, game, user_ids)
        return {user: display_rating(rows.get(user)) for user in user_ids}

    async def leaderboard(self, guild_id: int, game: str, page: int,
                          size: int) -> tuple[list[tuple[int, RatingRow]], int, int]:
        """One page (0-based, clamped to the pages there are) of a game's leaderboard on a server:
        its rows with their places (equal ratings share one), the page shown and the number of
        rated players."""
        total = await self.store.ratings.count(guild_id, game)
        pages = max(1, -(-total // size))
        page = min(max(page, 0), pages - 1)
        rows = await self.store.ratings.leaderboard(guild_id, game, offset=page * size, limit=size)
        placed: list[tuple[int, RatingRow]] = []
        for index, row in enumerate(rows, start=page * size + 1):
            if placed and _conservative(row) == _conservative(placed[-1][1]):
                placed.append((placed[-1][0], row))
            elif not placed and page > 0:  # it may share the place of the previous page's last line
                placed.append((await self.store.ratings.position(guild_id, game, row.user_id) or index, row))
            else:
                placed.append((index, row))
        return placed, page, total

    async def profile(self, guild_id: int, user_id: int, recent: int) -> tuple[list[tuple[RatingRow, int | None]],
                                                                             list[HistoryRow]]:
        """A player's rating in every game (with their place on its leaderboard) and latest results."""
        games = [(row, await self.store.ratings.position(guild_id, row.game, user_id))
                 for row in await self.store.ratings.of_user(guild_id, user_id)]
        return games, await self.store.ratings.history(guild_id, user_id, limit=recent)


def _conservative(row: RatingRow) -> float:
    """The rating a leaderboard line shows, which places are counted by: its SQL's ROUND(mu - 3 sigma, 1)."""
    return tenths(row.mu - 3 * row.sigma)


def _stored_results(stored: list[HistoryRow], seats: list[SeatRow], outcome: Outcome) -> list[RatedResult]:
    by_user = {seat.user_id: seat for seat in seats}
    return [RatedResult(user_id=h.user_id, display_name=by_user[h.user_id].display_name if h.user_id in by_user
                        else str(h.user_id), place=h.place, seats=h.seats, forfeited=h.forfeited,
                        won=h.user_id in by_user and by_user[h.user_id].seat in outcome.winners and not h.forfeited,
                        mu_before=h.mu_before, sigma_before=h.sigma_before, mu_after=h.mu_after,
                        sigma_after=h.sigma_after)
            for h in stored]
