"""The organiser's tools of a running tournament: round progress, deadlines, an early finish, and absent players
(replaced by a computer player, or recorded as a forfeit). A part of TournamentService."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from play.common import Caller, TableError, tournament_state
from play.results import TableNews
from play.tournaments.models import StandingRow
from storage import RoundRow, TableRow, TournamentGameRow, TournamentRow

if TYPE_CHECKING:
    from play.tournaments.service import TournamentService

ROUND_TIMER = "tournament_round"
POSTS_TIMER = "tournament_posts"  # try again what Discord refused in a tournament's channel
POSTS_RETRIES = (120, 600, 1800, 3600)  # seconds before each new try (then hourly)


class TournamentError(TableError):
    """A tournament request that cannot be done; the message is shown to the requester only."""


@dataclass
class TableProgress:
    game: TournamentGameRow
    table: TableRow
    waiting_for: list[int] = field(default_factory=list)  # user ids whose move it is


class OrganiserMixin:
    async def current_round(self: TournamentService, tournament_id: int) -> RoundRow | None:
        rounds = await self.store.tournaments.rounds(tournament_id)
        return rounds[-1] if rounds else None

    async def progress(self: TournamentService, tournament_id: int) -> list[TableProgress]:
        """The current round's tables, with whom each running one is waiting for."""
        tournament = await self.get(tournament_id)
        found = []
        for game in await self.store.tournaments.games(tournament_id, tournament.current_round):
            table = await self.tables.get(game.table_id)
            waiting = []
            if table.status == "running":
                spec = self.tables.spec(table)
                due = spec.shown_to_act(self.tables.state(table))  # as the board shows it
                seats = await self.store.tables.seats(table.id)
                waiting = [s.user_id for s in seats if s.seat in due and s.user_id is not None and not s.ai]
            found.append(TableProgress(game, table, waiting))
        return found

    async def finish_early(self: TournamentService, tournament_id: int, caller: Caller) -> list[StandingRow]:
        """End a tournament between rounds (e.g. when no further round can be seated)."""
        tournament = await self.get(tournament_id, caller)
        self.require_organiser(tournament, caller, "finish it")
        async with self.lock(tournament_id):  # not while a round is being seated
            tournament = await self.get(tournament_id)
            rounds = await self.store.tournaments.rounds(tournament_id)
            if tournament.status == "registration":
                raise TournamentError(f"Tournament #{tournament_id} has not started: there is nothing to finish. "
                                      "To call it off, use `/tournament cancel`.")
            if tournament.status in ("finished", "cancelled"):
                raise TournamentError(f"Tournament #{tournament_id} is already {tournament.status}.")
            if tournament.status == "running" and rounds and rounds[-1].status != "finished":
                raise TournamentError(
                    f"Round {rounds[-1].round_no} is still being played, and a tournament is finished only between "
                    "rounds: once its tables end (`/tournament status` says what they wait for), use "
                    "`/tournament finish` again; to stop it now, use `/tournament cancel`.")
            if tournament.status != "running":
                raise TournamentError("A tournament can be ended only between rounds.")
            if rounds:  # its last round's end is posted again, as the final standings
                await self.store.tournaments.finish_between_rounds(tournament_id, rounds[-1].round_no)
            else:
                await self.store.tournaments.set_status(tournament_id, "finished", expected=("running",))
        return await self.standings(tournament_id)

    async def extend(self: TournamentService, tournament_id: int, caller: Caller, hours: int) -> float:
        """Move the current round's deadline `hours` later (from now if it has passed)."""
        tournament = await self.get(tournament_id, caller)
        self.require_organiser(tournament, caller, "extend its deadline")
        current = await self.current_round(tournament_id)
        if tournament.status != "running" or current is None or current.status != "running":
            raise TournamentError("No round is being played, so there is no deadline to extend.")
        if not 1 <= hours <= 24 * 30:
            raise TournamentError("Extend by 1 hour to 30 days.")
        deadline = max(current.deadline, self.clock()) + hours * 3600
        async with self.store.transaction():  # the new deadline and its timer, or neither
            if not await self.store.tournaments.set_deadline(tournament_id, current.round_no, deadline):
                raise TournamentError("No round is being played, so there is no deadline to extend.")
            await self.store.tables.delete_tournament_timers(ROUND_TIMER, tournament_id)  # the old deadline's
            await self.store.tables.add_timer(ROUND_TIMER, deadline, payload={
                "tournament_id": tournament_id, "round_no": current.round_no, "deadline": deadline})
        return deadline

    async def deadline_passed(self: TournamentService, payload: dict[str, Any]) -> tuple[TournamentRow, list[TableProgress]] | None:
        """A round timer fired: the open tables if that deadline still stands (None if it moved on)."""
        tournament = await self.store.tournaments.get(int(payload["tournament_id"]))
        if tournament is None or tournament.status != "running":
            return None
        current = await self.current_round(tournament.id)
        if (current is None or current.round_no != int(payload["round_no"]) or current.status != "running"
                or abs(current.deadline - float(payload["deadline"])) > 1e-3):
            return None
        return tournament, [p for p in await self.progress(tournament.id) if p.table.status in ("running", "lobby")]

    async def replace(self: TournamentService, tournament_id: int, caller: Caller, player_id: int) -> TableNews:
        """A computer player plays an absent player's seat on their behalf."""
        return await self._take_over(tournament_id, caller, player_id, forfeit=False)

    async def forfeit(self: TournamentService, tournament_id: int, caller: Caller, player_id: int) -> TableNews:
        """The player forfeits their table (ranked last); a computer player finishes the seat."""
        return await self._take_over(tournament_id, caller, player_id, forfeit=True)

    async def _take_over(self: TournamentService, tournament_id: int, caller: Caller, player_id: int,
                         *, forfeit: bool) -> TableNews:
        tournament = await self.get(tournament_id, caller)
        self.require_organiser(tournament, caller,
                               "record a forfeit" if forfeit else "have a computer player replace a player")
        if tournament.status != "running":
            raise TournamentError(f"Tournament #{tournament_id} {tournament_state(tournament.status)}: no game is "
                                  "running, so there is no seat to hand over.")
        table = await self._table_of(tournament, player_id)
        if table is not None and table.status == "lobby":  # seated by the tournament, its thread not open yet
            raise TournamentError(f"That player's table (#{table.id}) has not started yet: it waits for its thread, "
                                  "which Discord refused (tried again by itself; `/tournament next` tries at once). "
                                  "Try again once it has started.")
        if table is None or table.status != "running":
            raise TournamentError("That player has no game running in this round.")
        if not forfeit and caller.user_id == player_id:  # the seat would keep what the computer wins, unrated
            raise TournamentError("A replacement is for an absent player, not for yourself: to leave your game, "
                                  "forfeit it with `/tournament forfeit` or `/table abandon` (you rank last).")
        await self._not_at_own_table(tournament, caller, player_id, table)
        return await self.tables.hand_to_computer(table.id, player_id, forfeit=forfeit)

    async def _not_at_own_table(self: TournamentService, tournament: TournamentRow, caller: Caller,
                                player_id: int, table: TableRow) -> None:
        """An organiser who plays may not take a seat from an opponent at their own table while the
        round's time runs: that would win the table. After the deadline, as for any table."""
        if caller.user_id == player_id:
            return
        seats = await self.store.tables.seats(table.id)
        current = await self.current_round(tournament.id)
        if any(s.user_id == caller.user_id for s in seats) and current and self.clock() < current.deadline:
            raise TournamentError(
                f"You play at that table yourself: before the round's deadline (<t:{int(current.deadline)}:R>) a "
                "forfeit or replacement there is for another organiser or someone with Manage Server.")

    async def _running_table_of(self: TournamentService, tournament: TournamentRow, player_id: int
                                ) -> TableRow | None:
        table = await self._table_of(tournament, player_id)
        return table if table is not None and table.status == "running" else None

    async def _table_of(self: TournamentService, tournament: TournamentRow, player_id: int) -> TableRow | None:
        """The player's table of the current round (running, or waiting for its thread, first)."""
        tables = [await self.tables.get(game.table_id)
                  for game in await self.store.tournaments.games(tournament.id, tournament.current_round)
                  if player_id in game.players]
        tables.sort(key=lambda table: {"running": 0, "lobby": 1}.get(table.status, 2))
        return tables[0] if tables else None

    async def posts_again(self: TournamentService, tournament_id: int, attempt: int) -> float:
        """A timer to try again what Discord refused in the tournament's channel (a round's
        threads, its announcement, its end), the `attempt`-th time: when it falls due."""
        due = self.clock() + POSTS_RETRIES[min(attempt, len(POSTS_RETRIES) - 1)]
        async with self.store.transaction():  # one such timer per tournament
            await self.store.tables.delete_tournament_timers(POSTS_TIMER, tournament_id)
            await self.store.tables.add_timer(POSTS_TIMER, due, payload={"tournament_id": tournament_id,
                                                                          "attempt": attempt + 1})
        return due

    async def deadline_notice_again(self: TournamentService, payload: dict[str, Any], attempt: int) -> float:
        """The notice of a passed round deadline was refused: its timer again (as `posts_again`
        times its tries), the `attempt`-th time; when it falls due. It says nothing once the
        round ended or its deadline moved."""
        due = self.clock() + POSTS_RETRIES[min(attempt, len(POSTS_RETRIES) - 1)]
        await self.store.tables.add_timer(ROUND_TIMER, due, payload={**payload, "attempt": attempt + 1})
        return due

    async def round_announced(self: TournamentService, tournament_id: int, round_no: int,
                              summary_message_id: int | None) -> None:
        """A round's end was posted (with its "Start next round" button in `summary_message_id`)."""
        await self.store.tournaments.set_announced(tournament_id, round_no, summary_message_id)

    async def round_opened(self: TournamentService, tournament_id: int, round_no: int) -> None:
        """A seated round was posted (its tables, byes and deadline)."""
        await self.store.tournaments.set_opened(tournament_id, round_no)
