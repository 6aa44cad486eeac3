"""Running tournaments, without Discord: registration, rounds, results and standings.

The Discord layer (bot/ui/tournament_controller.py) calls this service and then posts messages; pairing
and standings come from the pure functions of this package, storage from `Store.tournaments`, and the
tables themselves are ordinary tables of the `TableService` (created in a lobby with the players seated).

A round
    `seat_round` seats the active players with `pair_round` and records the round and its tables
    in one transaction; the controller then opens a thread for each table and starts it.
    Everything is stored before anything is posted, so a restart in the middle of a round finds
    the tables (`pending_tables`) and the results (`settle`) where they were. The round ends when
    every table has reported its result (`record`); the organiser then starts the next one.

Deadlines
    Each round has a deadline (`round_hours` after its start), kept as a durable timer. When it
    passes nothing is decided for anyone: the organiser is told in the tournament's channel which
    tables are still playing and whom they wait for, and can extend the deadline, replace an absent
    player by a computer player, or record a forfeit.

Absent players
    *Replace*: a computer player plays the seat for the player, who gets its place (unrated, see `rating_service`).
    *Forfeit*: the player is ranked last at that table (the game goes on with a computer
    player in the seat). A player who withdraws during a round forfeits their table.
    A running tournament table that is cancelled counts as a forfeit by all its players.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
from dataclasses import dataclass
from typing import Any, Callable

from play.common import Caller, KeyedLocks, entrant_names, id_in_range, tables_named, tournament_state
from play.results import TableNews
from play.tables import TableService
from play.tournaments.entrants import EntrantsMixin
from play.tournaments.elimination import default_advance, is_finished, survivors
from play.tournaments.models import Format, GameResult, PairingError, PlayerRecord, RoundRecord, StandingRow
from play.tournaments.pairing import pair_round
from play.tournaments.rating_service import RatingService
from play.tournaments.organiser import ROUND_TIMER, OrganiserMixin, TournamentError
from play.tournaments.standings import compute_standings
from games import GameSpec, Outcome, RuleError, registry
from storage import NewGame, SeatRow, Store, TableRow, TournamentGameRow, TournamentRow

FORMAT_NAMES = {"swiss": "Swiss", "round_robin": "round robin", "elimination": "elimination"}
MAX_ROUNDS = 30
# What to do instead of naming a tournament that is not this server's (or none at all).
STATUS_HINT = (": its number is in its message's title, and the commands find the open one of the channel "
               "(or the server) without `tournament:`.")


@dataclass
class RoundEnd:
    """A round whose last table just finished: the standings, and whether that was the end."""

    tournament: TournamentRow
    round_no: int
    standings: list[StandingRow]
    final: bool


def derived_seed(*parts: int) -> int:
    digest = hashlib.blake2b(":".join(str(p) for p in parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 2  # 62 bits, like table seeds


def table_seeds(tournament: TournamentRow, round_no: int, sizes: list[int]) -> list[int]:
    """One seed per table. With duplicate deals and equal table sizes every table gets the same
    seed, so the cards and every shuffle are identical; otherwise each table gets its own."""
    if tournament.duplicate and len(set(sizes)) == 1:
        return [derived_seed(tournament.seed, round_no)] * len(sizes)
    return [derived_seed(tournament.seed, round_no, board) for board in range(1, len(sizes) + 1)]


def game_result(seats: list[SeatRow], outcome: Outcome | None) -> GameResult:
    """A table's result in players' ids: the outcome's ranking (forfeits last) and scores."""
    user_of = {seat.seat: seat.user_id for seat in seats}
    forfeits = [seat.user_id for seat in seats if seat.forfeited]
    if outcome is None:  # a cancelled table: everyone forfeited
        return GameResult(ranking=[], forfeits=[seat.user_id for seat in seats])
    ranking = [[user_of[s] for s in group] for group in outcome.ranking]
    scores = {user_of[s]: float(score) for s, score in outcome.scores.items() if s in user_of}
    winners = None if outcome.winners_by_place else [user_of[s] for s in outcome.winners]
    return GameResult(ranking=ranking, scores=scores, forfeits=forfeits, winners=winners)


def started_or(status: str) -> str:
    """Why a tournament in `status` cannot start: it has, or it ended (a cancel in registration too)."""
    return "has already started" if status == "running" else tournament_state(status)


class TournamentService(OrganiserMixin, EntrantsMixin):
    def __init__(self, store: Store, tables: TableService, ratings: RatingService,
                 clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.tables = tables
        self.ratings = ratings
        self.clock = clock
        self.locks = KeyedLocks()

    def lock(self, tournament_id: int) -> Any:
        return self.locks.hold(tournament_id)

    @staticmethod
    def spec(tournament: TournamentRow) -> GameSpec:
        return registry.get(tournament.game)

    @staticmethod
    def min_seats(spec: GameSpec) -> int:
        return max(2, spec.min_seats)  # a tournament table needs opponents

    async def get(self, tournament_id: int, caller: Caller | None = None) -> TournamentRow:
        """The tournament, refused unless it belongs to the caller's server (None: the bot itself)."""
        tournament = await self.store.tournaments.get(tournament_id) if id_in_range(tournament_id) else None
        if tournament is None and caller is None:
            raise TournamentError(f"Tournament #{tournament_id} does not exist{STATUS_HINT}")
        if tournament is None or caller is not None and caller.guild_id != tournament.guild_id:  # as OTHER_SERVER
            raise TournamentError(f"Tournament #{tournament_id} is not a tournament of this server{STATUS_HINT}")
        if caller is not None:
            caller.check_sees(tournament.channel_id, f"Tournament #{tournament_id}", TournamentError)
        return tournament

    def can_run(self, tournament: TournamentRow, caller: Caller) -> bool:
        return caller.organiser or caller.user_id == tournament.organiser_id

    def require_organiser(self, tournament: TournamentRow, caller: Caller, what: str = "do that") -> None:
        """Refuse, naming everyone who may, a caller who may not run the tournament."""
        if not self.can_run(tournament, caller):
            raise TournamentError("Only the tournament's organiser (or a member with the organiser role or "
                                  f"Manage Server) can {what}.")

    async def resolve(self, caller: Caller, tournament_id: int | None, channel_id: int | None,
                      parent_id: int | None = None) -> int:
        """The tournament a command means: the given number, the one of this table thread, or the
        only open one of this channel (or else of this server)."""
        if tournament_id is not None:
            return (await self.get(tournament_id, caller)).id
        if parent_id is not None and channel_id is not None:  # a thread: perhaps a tournament table's
            table = await self.store.tables.by_thread(channel_id)
            if table is not None and table.tournament_id is not None and table.guild_id == caller.guild_id:
                return table.tournament_id
            channel_id = parent_id
        open_ones = await self.store.tournaments.with_status("registration", "running", guild_id=caller.guild_id)
        # One run in a channel the caller cannot see is none of theirs: not counted, not named.
        open_ones = [t for t in open_ones if caller.sees(t.channel_id)]
        candidates = [t for t in open_ones if t.channel_id == channel_id] or open_ones
        if len(candidates) == 1:
            return candidates[0].id
        if not candidates:
            raise TournamentError("There is no open tournament here: organisers open one with `/tournament "
                                  "create`. A finished one is named with `tournament:` and its number.")
        listed = "; ".join(f"#{t.id} {registry.get(t.game).title} in <#{t.channel_id}>" for t in candidates[:10])
        raise TournamentError(f"Several tournaments are open ({listed}{'; …' if len(candidates) > 10 else ''}); "
                              "give `tournament:` its number.")

    async def running(self) -> list[int]:
        """Ids of the tournaments being played (start-up looks at them)."""
        return [t.id for t in await self.store.tournaments.with_status("running")]

    async def set_message(self, tournament_id: int, message_id: int) -> None:
        await self.store.tournaments.set_message(tournament_id, message_id)

    # -- creating and registering --------------------------------------------------------
    async def create(self, *, guild_id: int, channel_id: int, organiser_id: int, game: str, format: str,
                     rounds: int | None, table_size: int, options: dict[str, Any], duplicate: bool = False,
                     round_hours: int = 48, advance: int | None = None) -> TournamentRow:
        try:
            spec = registry.get(game)
            parsed = spec.parse_options(options)
        except KeyError as exc:
            raise TournamentError(str(exc.args[0])) from None
        except RuleError as exc:
            raise TournamentError(str(exc)) from None
        try:
            fmt = Format(format.replace("-", "_"))
        except ValueError:
            raise TournamentError("The format is swiss, round-robin or elimination.") from None
        low = self.min_seats(spec)
        if not low <= table_size <= spec.max_seats:
            raise TournamentError(f"{spec.title} is played at {low}-{spec.max_seats} seats a table; "
                                  f"table_size {table_size} is not possible.")
        if fmt is not Format.ELIMINATION and not (rounds and 1 <= rounds <= MAX_ROUNDS):
            raise TournamentError(f"A {FORMAT_NAMES[fmt.value]} tournament needs `rounds` between 1 and "
                                  f"{MAX_ROUNDS}.")
        if fmt is Format.ELIMINATION and rounds is not None:
            raise TournamentError("An elimination tournament plays on until its final: leave `rounds` out "
                                  "(`advance` says how many go on from each table).")
        if fmt is not Format.ELIMINATION and advance is not None:
            raise TournamentError(f"`advance` is for elimination tournaments; a {FORMAT_NAMES[fmt.value]} "
                                  "tournament plays its `rounds`.")
        if fmt is Format.ELIMINATION:
            advance = default_advance(table_size) if advance is None else advance
            if not 1 <= advance < table_size:
                most = "Only 1 player" if table_size == 2 else f"Between 1 and {table_size - 1} players"
                raise TournamentError(f"{most} can advance from a table of {table_size}.")
        if not 1 <= round_hours <= 24 * 30:
            raise TournamentError("A round's deadline must be between 1 hour and 30 days.")
        tournament_id = await self.store.tournaments.create(
            guild_id=guild_id, channel_id=channel_id, organiser_id=organiser_id, game=game,
            options=parsed.model_dump(mode="json"), format=fmt.value,
            rounds=0 if fmt is Format.ELIMINATION else int(rounds or 0), table_size=table_size,
            advance=advance if fmt is Format.ELIMINATION else None, duplicate=duplicate,
            round_hours=round_hours, seed=secrets.randbits(62))
        return await self.get(tournament_id)

    async def begin(self, tournament_id: int, caller: Caller) -> int:
        """Close registration and seat round 1. Returns the round number."""
        tournament = await self.get(tournament_id, caller)
        self.require_organiser(tournament, caller, "start it")
        if tournament.status == "running" and await self.seat_cut_off_start(tournament_id):
            return 1  # a start the database cut off after registration closed: pressed again, it seats round 1
        if tournament.status != "registration":
            raise TournamentError(f"Tournament #{tournament_id} {started_or(tournament.status)}.")
        spec = self.spec(tournament)
        # The entrants and their ratings are read under the lock that registrations take: one who
        # registers at the same moment is in, rated as they are, or told registration has closed.
        async with self.lock(tournament_id):
            now = await self.get(tournament_id)
            if now.status != "registration":  # started or cancelled meanwhile
                raise TournamentError(f"Tournament #{tournament_id} {started_or(now.status)}.")
            players = await self.entrants(tournament_id)
            if len(players) < self.min_seats(spec):
                raise TournamentError(f"At least {self.min_seats(spec)} players must register; "
                                      f"{len(players)} {'has' if len(players) == 1 else 'have'}.")
            ratings = await self.ratings.display_ratings(tournament.guild_id, tournament.game,
                                                         [p.user_id for p in players])
            if not await self.store.tournaments.begin(tournament_id, ratings):  # started or cancelled meanwhile
                now = await self.get(tournament_id)
                raise TournamentError(f"Tournament #{tournament_id} {started_or(now.status)}.")
            return await self._seat_round(await self.get(tournament_id), 1)

    async def seat_cut_off_start(self, tournament_id: int) -> bool:
        """A start that a stop cut off after registration closed and before round 1 was stored:
        seat round 1 now (at the next start). True if it was seated."""
        async with self.lock(tournament_id):
            tournament = await self.get(tournament_id)
            if tournament.status != "running" or await self.store.tournaments.rounds(tournament_id):
                return False
            await self._seat_round(tournament, 1)
            return True

    async def next_round(self, tournament_id: int, caller: Caller) -> tuple[int, list[RoundEnd]]:
        """Seat the next round once every table of the current one has finished. Also returns the
        round ends its settling found (a last table that ended at the same instant), to announce."""
        tournament = await self.get(tournament_id, caller)
        self.require_organiser(tournament, caller, "start the next round")
        if tournament.status != "running":
            raise TournamentError(f"Tournament #{tournament_id} {tournament_state(tournament.status)}: there is no next "
                                  "round" + (" (**Start** seats round 1)." if tournament.status == "registration" else "."))
        ends = await self.settle(tournament_id)
        async with self.lock(tournament_id):
            tournament = await self.get(tournament_id)
            if tournament.status != "running":
                raise TournamentError(f"Tournament #{tournament_id} {tournament_state(tournament.status)}.")
            rounds = await self.store.tournaments.rounds(tournament_id)
            if rounds and rounds[-1].status != "finished":
                open_tables = [p.table.id for p in await self.progress(tournament_id) if p.table.status == "running"]
                if not open_tables:  # seated a moment ago (a second press of the same button)
                    raise TournamentError(f"Round {rounds[-1].round_no} has been seated already.")
                playing = tables_named(open_tables)
                raise TournamentError(f"Round {rounds[-1].round_no} is still being played ({playing}). `/tournament "
                                      "status` shows whom they wait for; an organiser can move the round's deadline "
                                      "with `/tournament extend`, or let a computer play an absent player's "
                                      "seat with `/tournament replace` or `/tournament forfeit`.")
            return await self._seat_round(tournament, tournament.current_round + 1), ends

    async def _seat_round(self, tournament: TournamentRow, round_no: int) -> int:
        spec = self.spec(tournament)
        entrants = await self.entrants(tournament.id)
        history = await self.history(tournament.id)
        records = [PlayerRecord(player_id=e.user_id, rating=e.rating, withdrawn=e.withdrawn) for e in entrants]
        try:
            pairing = await asyncio.to_thread(
                pair_round, tournament.format, records, round_no, tournament.table_size, self.min_seats(spec),
                spec.max_seats, tournament.seed, history, tournament.advance, tournament.rounds)
        except PairingError as exc:
            # After round 1 the standings so far can still end it (withdrawals left too few to play on).
            finish = "" if round_no == 1 or "/tournament finish" in str(exc) else \
                "; end the tournament with `/tournament finish` (its standings so far are final)"
            raise TournamentError(f"Round {round_no} cannot be seated: {exc}{finish}.") from None
        await self._cancel_unrecorded_tables(tournament.id)
        names = entrant_names(entrants)  # entrants called alike read the same at their tables
        seeds = table_seeds(tournament, round_no, [len(t) for t in pairing.tables])
        games = []
        for board, (players, seed) in enumerate(zip(pairing.tables, seeds), start=1):
            table = await self.tables.create_table(
                guild_id=tournament.guild_id, channel_id=tournament.channel_id, game=tournament.game,
                options=tournament.options, creator_id=tournament.organiser_id, creator_name=None, rated=True,
                tournament_id=tournament.id, seed=seed)
            for player in players:
                await self.tables.join(table.id, Caller(player, tournament.guild_id, names[player]),
                                       by_tournament=True)
            games.append(NewGame(board=board, table_id=table.id, players=players))
        deadline = self.clock() + tournament.round_hours * 3600
        async with self.store.transaction():  # the round and its deadline's timer, or neither
            seated = await self.store.tournaments.start_round(tournament.id, round_no, byes=pairing.byes,
                                                              deadline=deadline, games=games)
            if seated:
                await self.store.tables.add_timer(ROUND_TIMER, deadline, payload={
                    "tournament_id": tournament.id, "round_no": round_no, "deadline": deadline})
        if not seated:
            await self._cancel_unrecorded_tables(tournament.id)
            raise TournamentError(f"Round {round_no} has already been seated.")
        return round_no

    async def _cancel_unrecorded_tables(self, tournament_id: int) -> None:
        """Lobbies left by a round whose seating was interrupted are never used: close them."""
        recorded = {g.table_id for g in await self.store.tournaments.games(tournament_id)}
        for table in await self.store.tables.of_tournament(tournament_id):
            if table.id not in recorded and table.status == "lobby":
                await self.store.tables.set_status(table.id, "cancelled", expected=("lobby",))

    async def dealt_alike(self, tournament_id: int) -> bool:
        """Whether the current round deals every table the same cards (a duplicate round): then a
        table's thread is private to its players, who could otherwise read another board's play
        of their own deal ahead of them."""
        tournament = await self.get(tournament_id)
        if not tournament.duplicate:
            return False
        tables = [table for _, table in await self.round_tables(tournament_id)]
        return len(tables) > 1 and len({table.seed for table in tables}) == 1

    async def round_tables(self, tournament_id: int) -> list[tuple[TournamentGameRow, TableRow]]:
        """The current round's games with their tables."""
        tournament = await self.get(tournament_id)
        return [(game, await self.tables.get(game.table_id))
                for game in await self.store.tournaments.games(tournament_id, tournament.current_round)]

    async def pending_tables(self, tournament_id: int) -> list[tuple[TournamentGameRow, TableRow]]:
        """Tables of the current round that still need a thread or a start (after a seating or a restart)."""
        tournament = await self.get(tournament_id)
        pending = []
        for game in await self.store.tournaments.games(tournament_id, tournament.current_round):
            table = await self.tables.get(game.table_id)
            # A table cancelled (by Manage Server) or finished while it waited for its thread needs none.
            if table.status == "lobby" or (table.thread_id is None and table.status == "running"):
                pending.append((game, table))
        return pending

    # -- results -------------------------------------------------------------------------
    async def record(self, table: TableRow, seats: list[SeatRow], outcome: Outcome | None) -> RoundEnd | None:
        """Store a tournament table's result; returns the round's end if it was the last table."""
        game = await self.store.tournaments.game_of_table(table.id)
        if game is None:
            return None
        await self.store.tournaments.record_result(table.id, game_result(seats, outcome).model_dump(mode="json"))
        return await self._close_round_if_done(game.tournament_id, game.round_no)

    async def settle(self, tournament_id: int) -> list[RoundEnd]:
        """Record results that were missed (a finish during a restart, a cancelled table)."""
        ends = []
        tournament = await self.get(tournament_id)
        for game in await self.store.tournaments.games(tournament_id, tournament.current_round):
            if game.result is not None:
                continue
            table = await self.tables.get(game.table_id)
            if table.status in ("finished", "cancelled"):
                seats = await self.store.tables.seats(table.id)
                outcome = Outcome.model_validate_json(table.outcome) if table.outcome else None
                if outcome is not None:  # finished while nobody heard of it: rate it too (once)
                    await self.ratings.on_finished(table, seats, outcome)
                end = await self.record(table, seats, outcome)
                if end is not None:
                    ends.append(end)
        if tournament.current_round:
            end = await self._close_round_if_done(tournament_id, tournament.current_round)
            ends.extend([end] if end else [])
        return ends

    async def _close_round_if_done(self, tournament_id: int, round_no: int) -> RoundEnd | None:
        games = await self.store.tournaments.games(tournament_id, round_no)
        if any(g.result is None for g in games):
            return None
        # Before the round closes: a closed round is not closed again, so a failure here is tried again.
        await self.ratings.rate_held_back([game.table_id for game in games])
        async with self.lock(tournament_id):
            tournament = await self.get(tournament_id)
            history = await self.history(tournament_id)
            final = (await self._elimination_decided(tournament, history)
                     if tournament.format == Format.ELIMINATION.value else round_no >= tournament.rounds)
            async with self.store.transaction():  # the last round's end and the tournament's, together
                if not await self.store.tournaments.finish_round(tournament_id, round_no):
                    return None  # someone else closed it
                await self.store.tables.delete_tournament_timers(ROUND_TIMER, tournament_id)  # its deadline is moot
                if final:
                    await self.store.tournaments.set_status(tournament_id, "finished", expected=("running",))
            tournament = await self.get(tournament_id)
            return RoundEnd(tournament, round_no, await self.standings(tournament_id), final)

    async def _elimination_decided(self, tournament: TournamentRow, history: list[RoundRecord]) -> bool:
        """The final table was played, or too few players go on to fill one (a table cancelled
        mid-round, withdrawals): either way there is no next round."""
        if is_finished(history):
            return True
        spec = self.spec(tournament)
        records = [PlayerRecord(player_id=e.user_id, rating=e.rating, withdrawn=e.withdrawn)
                   for e in await self.entrants(tournament.id)]
        going_on = survivors(records, history, tournament.table_size, self.min_seats(spec), tournament.advance,
                             tournament.seed)
        return len(going_on) < self.min_seats(spec)

    async def unannounced_ends(self, only: int | None = None) -> list[RoundEnd]:
        """Round ends stored but not posted (the bot stopped, Discord refused), of every tournament
        or `only` one."""
        ends = []
        for tournament_id, round_no in await self.store.tournaments.unannounced():
            if only is not None and tournament_id != only:
                continue
            tournament = await self.get(tournament_id)
            if tournament.status == "cancelled":  # nothing to announce any more
                await self.store.tournaments.set_announced(tournament_id, round_no, None)
                continue
            final = tournament.status == "finished" and round_no == tournament.current_round
            ends.append(RoundEnd(tournament, round_no, await self.standings(tournament_id), final))
        return ends

    async def summary_to_retire(self, tournament_id: int) -> tuple[int, int] | None:
        """(round, post) whose "Start next round" button no longer applies once a round is seated
        or the tournament has ended: the latest round end's, unless its button is gone already."""
        ended = [r for r in await self.store.tournaments.rounds(tournament_id) if r.status == "finished"]
        if not ended or ended[-1].summary_message_id is None:
            return None
        return ended[-1].round_no, ended[-1].summary_message_id

    async def summary_retired(self, tournament_id: int, round_no: int) -> None:
        await self.store.tournaments.clear_summary(tournament_id, round_no)

    async def cancel(self, tournament_id: int, caller: Caller) -> list[TableNews]:
        """Cancel a tournament; its running tables are cancelled too (returned)."""
        tournament = await self.get(tournament_id, caller)
        self.require_organiser(tournament, caller, "cancel it")
        async with self.lock(tournament_id):  # not while a round is being seated
            tournament = await self.get(tournament_id)
            own = await self._running_table_of(tournament, caller.user_id) if tournament.status == "running" else None
            if own is not None:  # as `/table cancel` refuses Manage Server at a rated game they play in
                raise TournamentError(
                    f"You play at table #{own.id} of this tournament: cancelling the tournament would cancel "
                    "your own game. Another organiser or someone with Manage Server who does not play can, or "
                    "cancel it once your game has ended.")
            if tournament.status == "running":  # a duplicate round's ratings held back: its deal is over now
                await self.ratings.rate_held_back([g.table_id for g, _ in await self.round_tables(tournament_id)],
                                                  deal_over=True)
            closed = await self.store.tournaments.cancel(tournament_id)  # with its tables, in one transaction
            if closed is None:  # finished or cancelled meanwhile
                now = await self.get(tournament_id)
                raise TournamentError(f"Tournament #{tournament_id} {tournament_state(now.status)}.")
            await self.store.tables.delete_tournament_timers(ROUND_TIMER, tournament_id)
        cancelled = []
        for table_id in closed:
            cancelled.append(await self.tables.news(table_id))  # with the DM panels noted, to retire them
            self.tables.forget(table_id)
        return cancelled

    async def history(self, tournament_id: int) -> list[RoundRecord]:
        """Every round with its recorded results (a running round lists its finished tables)."""
        games = await self.store.tournaments.games(tournament_id)
        records = []
        for round_row in await self.store.tournaments.rounds(tournament_id):
            results = [GameResult.model_validate(g.result) for g in games
                       if g.round_no == round_row.round_no and g.result is not None]
            records.append(RoundRecord(round_no=round_row.round_no, games=results, byes=round_row.byes))
        return records

    async def standings(self, tournament_id: int, *, asked: bool = False) -> list[StandingRow]:
        """The standings; `asked` (`/tournament standings`) in a duplicate round still being played:
        without that round's results, which would tell the tables still playing its deal how the
        finished ones came out."""
        tournament = await self.get(tournament_id)
        entrants = await self.entrants(tournament_id)
        records = [PlayerRecord(player_id=e.user_id, rating=e.rating, withdrawn=e.withdrawn) for e in entrants]
        history = await self.history(tournament_id)
        if asked and history and await self.deal_still_played(tournament_id):
            history[-1] = history[-1].model_copy(update={"games": []})
        return compute_standings(records, history, tournament.format)

    async def deal_still_played(self, tournament_id: int) -> bool:
        """Whether the current round is a duplicate round with a table still playing its deal."""
        return await self.dealt_alike(tournament_id) and any(
            table.status in ("lobby", "running") for _, table in await self.round_tables(tournament_id))
