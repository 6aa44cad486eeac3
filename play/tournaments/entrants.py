"""A tournament's players: registering, withdrawing (also for having left the server), and the
forfeit of a seat a withdrawn player still holds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from play.common import Caller, entrant_names, tournament_state
from play.results import TableNews
from play.tournaments.elimination import survivors
from play.tournaments.models import PlayerRecord
from play.tournaments.organiser import TournamentError
from storage import EntrantRow, TournamentRow

if TYPE_CHECKING:
    from play.tournaments.service import TournamentService


class EntrantsMixin:
    """The entrants half of TournamentService (kept apart so each file stays readable)."""

    async def register(self: TournamentService, tournament_id: int, caller: Caller) -> None:
        await self.get(tournament_id, caller)
        async with self.lock(tournament_id):  # read and written between others' start and cancel
            status = (await self.get(tournament_id)).status
            if status != "registration":
                raise TournamentError(f"Registration for tournament #{tournament_id} is closed: the tournament "
                                      f"{tournament_state(status)}.")
            if not await self.store.tournaments.register(tournament_id, caller.user_id, caller.name):
                raise TournamentError("You are already registered.")

    async def withdraw(self: TournamentService, tournament_id: int, caller: Caller) -> list[TableNews]:
        """Leave a tournament. Before it starts the registration is removed; later the player is
        not seated again and forfeits a table still running (returned)."""
        await self.get(tournament_id, caller)
        async with self.lock(tournament_id):  # a start meanwhile has seated them: they leave the game then
            tournament = await self.get(tournament_id)
            if tournament.status == "registration":
                if not await self.store.tournaments.unregister(tournament_id, caller.user_id):
                    raise TournamentError("You are not registered for this tournament: press **Register** on its "
                                          "message to enter it.")
                return []
            if tournament.status != "running":
                raise TournamentError(f"Tournament #{tournament_id} {tournament_state(tournament.status)}.")
            if not await self._still_in(tournament, caller.user_id):
                raise TournamentError("You are out of this elimination already (a round before this one did not send "
                                      "you on): there is nothing to withdraw from.")
            newly = await self.store.tournaments.withdraw(tournament_id, caller.user_id)
            running = await self._seat_still_held(tournament, caller.user_id)
        if not newly and running is None:
            raise TournamentError("You are not playing in this tournament (or have already withdrawn).")
        # Also when withdrawn already: a stop may have come between the withdrawal and the forfeit.
        return [] if running is None else [await self.tables.hand_to_computer(running, caller.user_id, forfeit=True)]

    async def _still_in(self: TournamentService, tournament: TournamentRow, user_id: int) -> bool:
        """False for a player an elimination has knocked out (every other format plays everyone on)."""
        entrants = await self.entrants(tournament.id)
        if tournament.format != "elimination" or not any(e.user_id == user_id and not e.withdrawn for e in entrants):
            return True  # (one who withdrew, or never entered, is answered so by `withdraw`)
        rounds = await self.store.tournaments.rounds(tournament.id)
        if rounds and rounds[-1].status != "finished":  # everyone still in is seated in it, or has its bye
            games = await self.store.tournaments.games(tournament.id, rounds[-1].round_no)
            return user_id in rounds[-1].byes or any(user_id in game.players for game in games)
        history = await self.history(tournament.id)  # every round finished: who the last one sent on
        if not history:
            return True
        records = [PlayerRecord(player_id=e.user_id, rating=e.rating, withdrawn=e.withdrawn) for e in entrants]
        return user_id in survivors(records, history, tournament.table_size, self.min_seats(self.spec(tournament)),
                                    tournament.advance, tournament.seed)

    async def withdraw_left(self: TournamentService, tournament_id: int, caller: Caller,
                            user_ids: frozenset[int]) -> list[str]:
        """Before a round is seated (by its organiser, `caller`): players who have left the server
        are not seated. A registration is removed; an entrant is withdrawn once the current round
        has ended (one still being played is theirs to finish, and nothing is seated then). Returns
        their names, as the tournament lists them."""
        tournament = await self.get(tournament_id, caller)
        names = entrant_names(await self.entrants(tournament_id))
        gone = []
        async with self.lock(tournament_id):
            rounds = await self.store.tournaments.rounds(tournament_id)
            if tournament.status not in ("registration", "running") or (rounds and rounds[-1].status != "finished"):
                return []
            for user_id in sorted(user_ids):
                if tournament.status == "registration":
                    done = await self.store.tournaments.unregister(tournament_id, user_id)
                else:
                    done = await self.store.tournaments.withdraw(tournament_id, user_id)
                if done:
                    gone.append(names.get(user_id, str(user_id)))
        return gone

    async def _seat_still_held(self: TournamentService, tournament: TournamentRow, user_id: int) -> int | None:
        """The running table where the player still plays their own seat (not forfeited)."""
        running = await self._running_table_of(tournament, user_id)
        if running is None:
            return None
        seat = next((s for s in await self.store.tables.seats(running.id) if s.user_id == user_id), None)
        return running.id if seat is not None and not seat.forfeited else None

    async def forfeit_withdrawn(self: TournamentService, tournament_id: int) -> list[tuple[str, TableNews]]:
        """Withdrawn players still holding a seat (a stop came before their forfeit): the computer
        takes it, ranked last. Returns each player's name (as their table calls them) and the
        table's news."""
        tournament = await self.get(tournament_id)
        done = []
        for entrant in await self.entrants(tournament_id):
            if entrant.withdrawn and (table_id := await self._seat_still_held(tournament, entrant.user_id)):
                news = await self.tables.hand_to_computer(table_id, entrant.user_id, forfeit=True)
                done.append((news.called(entrant.user_id, entrant.display_name), news))
        return done

    async def entrants(self: TournamentService, tournament_id: int) -> list[EntrantRow]:
        return await self.store.tournaments.players(tournament_id)

    # -- rounds --------------------------------------------------------------------------
