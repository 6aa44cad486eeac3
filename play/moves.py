"""Moves at a running table: one load under the table's lock, the engine, one transaction.

A request's transaction stores the accepted action and the moves computer seats make after it,
the new state and prompts, the decision timers of the seats whose choices changed (replacing
their old ones), seat facts noted since the last write, and, when the game ends, that its finish
work (ratings, tournament result) is due. The finish work runs right after the commit; if the bot
stops first, the start-up sweep (`due_tables`) finds it.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any, Sequence

from games import AmountChoice, Outcome, RuleError
from games.core import RandomPolicy
from play import pace
from play.common import AmountOutOfRange, Caller, TableError, lobby_closed, not_seated, table_state
from play.lobby import check_not_tournament, check_pressed_in_thread
from play.results import (Finished, Move, TableNews, choices_digest, everyone_away, final_outcome, move_notes,
                          next_prompts, offered_token, ranked_last, recent_events, same_turn, seat_choices,
                          timeout_note)
from play.tournaments.rating_service import UNRATED_BY_REPLACE, UNRATED_BY_VOTE, counts_for_rating
from play.undo import undoable_by
from storage import MoveWrite, NewTimer, StaleVersion
from storage.timers import DECISION_TIMER, FINISH_TIMER, SHOW_TIMER, STANDINGS_TIMER

if TYPE_CHECKING:
    from play.tables import Loaded, TableService

log = logging.getLogger(__name__)

COMPUTER_STEPS = 300  # computer moves stored with one request; more go on in the background
COMPUTER_SECONDS = 0.3  # ... or after this much thinking, so the requester's answer is not held up
FINISH_RETRIES = (60, 600, 3600)  # seconds before each new try of finish work the database refused; then hourly
LAST_MOVES_SECONDS = 120  # after a start, tables that moved this close to the last stored move are shown again
OUT_OF_DATE = ("These buttons are out of date: the game has moved on since they were shown. "
               "Use the current panel.")
SENT_BEFORE_UPDATE = ("These controls were shown by an earlier version of the bot: this one cannot check that they "
                      "still offer the same choices. Use the current panel.")


class MovesMixin:
    """The move half of TableService (kept apart so each file stays readable)."""

    # -- starting ------------------------------------------------------------------------
    async def start(self: TableService, table_id: int, caller: Caller | None) -> TableNews:
        """Start the game (caller None: started by the bot itself, e.g. a tournament)."""
        async with self.lock(table_id):
            loaded = await self.load(table_id, caller)
            table, spec, seats = loaded.table, loaded.spec, loaded.seats
            if table.status != "lobby":
                raise TableError(lobby_closed(table_id, table.status))
            if caller is not None:
                check_not_tournament(loaded)  # the tournament starts it, once its thread is open
                check_pressed_in_thread(table, caller)
            if caller is not None:
                self._creator_only(loaded, caller, "start the game")
            if not spec.min_seats <= len(seats) <= spec.max_seats:
                more = ("Others take a seat with **Join**, or press **Add computer** for a computer player."
                        if len(seats) < spec.min_seats else "")
                raise TableError(f"{spec.title} needs {spec.min_seats}-{spec.max_seats} players; "
                                 f"{len(seats)} {'is' if len(seats) == 1 else 'are'} seated. {more}".strip())
            if all(s.user_id is None for s in seats) and table.tournament_id is None:
                raise TableError("At least one person must play; a table of computers only is not started.")
            state = spec.setup(len(seats), table.seed, table.options)
            seats = [s.model_copy(update={"seat": number}) for number, s in enumerate(seats)]
            # No prompts yet: the first save gives every seat its prompt and time limit.
            now = self.clock()
            running = table.model_copy(update={"status": "running", "version": 0, "prompts": {}, "started_at": now})
            async with self.store.transaction():
                await self.store.tables.start(table_id, state=spec.dump_state(state), prompts={},
                                              seat_order=[s.seat for s in loaded.seats], started_at=now)
                return await self._continue(self._running(loaded, running, seats, state), state, [])

    def _running(self, loaded: Loaded, table: Any, seats: list[Any], state: Any) -> Loaded:
        return type(loaded)(table, seats, loaded.spec, state)

    # -- a player's choice ---------------------------------------------------------------
    async def act(self: TableService, table_id: int, caller: Caller, prompt_version: int, index: int) -> TableNews:
        """A player's choice from a panel: the `index`-th of the choices offered at `prompt_version`."""
        async with self.lock(table_id):
            loaded, seat, actions = await self._offered(table_id, caller, prompt_version)
            if not 0 <= index < len(actions):
                raise TableError("That choice is not on offer. Pick one of the current options.")
            return await self._play(loaded, seat, actions[index], offered=True)

    async def amount_asked(self: TableService, table_id: int, caller: Caller, prompt_version: int) -> AmountChoice:
        """The amount a player may type now (a bid or an offer), checked like a click."""
        loaded, seat, _ = await self._offered(table_id, caller, prompt_version)
        return self._amount_choice(loaded, seat)

    async def act_amount(self: TableService, table_id: int, caller: Caller, prompt_version: int,
                         amount: int) -> TableNews:
        """A typed amount for the decision offered at `prompt_version`."""
        async with self.lock(table_id):
            loaded, seat, _ = await self._offered(table_id, caller, prompt_version)
            choice = self._amount_choice(loaded, seat)
            if not choice.low <= amount <= choice.high:
                raise AmountOutOfRange(amount, choice.low, choice.high)
            try:
                action = choice.action(amount)
            except RuleError as exc:
                raise TableError(str(exc)) from None
            return await self._play(loaded, seat, action)

    def _amount_choice(self, loaded: Loaded, seat: int) -> AmountChoice:
        choice = loaded.spec.amount_choice(loaded.state, seat)
        if choice is None:
            raise TableError("No amount is asked of you now. Use the choices on your current panel.")
        return choice

    async def _offered(self: TableService, table_id: int, caller: Caller,
                       prompt_version: int) -> tuple[Loaded, int, list[Any]]:
        """The table, seat and choices of a player answering the panel of `prompt_version`;
        TableError when they are not seated, the game is not running, or the panel is out of date."""
        loaded = await self.load(table_id, caller)
        seat = loaded.seat_of(caller.user_id)
        if seat is None:
            raise not_seated(table_id, ", so you cannot act in it")
        if loaded.table.status != "running":
            raise TableError(not_playing(loaded.table.status))
        if seat.handed_over:
            raise TableError("A computer player plays your seat for the rest of this game.")
        if seat.away:
            raise TableError("A computer player plays your seat since you missed a deadline: press **I'm back** "
                             "on the notice that told you so, then play on.")
        kept = self.kept.choices(loaded.table, seat.seat)  # listed by the move that stored this state
        actions = kept[0] if kept else seat_choices(loaded.spec, loaded.state, seat.seat)
        if not actions:  # the panel pressed had choices (a forged one has no valid token): not this one
            raise await self._out_of_date(loaded, seat.seat, f"{OUT_OF_DATE} "
                                          f"{loaded.spec.not_your_turn(loaded.state, seat.seat)}")
        version, digest = loaded.table.prompts.get(seat.seat, (loaded.table.version, ""))
        # The digest too: a panel sent before the bot was updated to offer choices in another order
        # would otherwise pick by its position a choice it did not show (a panel shown since has a
        # token of its own).
        offered = (kept[1] if kept else choices_digest(loaded.spec, actions)) if digest else ""
        if prompt_version != offered_token(loaded.table, version, digest, offered):
            # A panel of a bot from before panels carried tokens carries the version itself.
            raise TableError(SENT_BEFORE_UPDATE) if prompt_version == version else \
                await self._out_of_date(loaded, seat.seat, OUT_OF_DATE)
        return loaded, seat.seat, actions

    async def _out_of_date(self: TableService, loaded: Loaded, seat: int, text: str) -> TableError:
        """The refusal of a panel out of date; first, when the table's latest change is the computer's
        move for the seat, that its time ran out (a click made as its time limit fell due is told
        why it failed; not after anything since, a take-back or I'm back among them)."""
        last = await self.store.tables.last_action(loaded.table.id)
        if last == (loaded.table.version, seat) and (await self.store.tables.how_made(loaded.table.id, last[0]))[0]:
            text = f"Your time for your last decision ran out, and the bot chose for you. {text}"
        return TableError(text)

    async def act_seat(self: TableService, table_id: int, seat: int, action: Any) -> TableNews:
        """Play an action for a seat directly (tournaments, tools and tests)."""
        async with self.lock(table_id):
            loaded = await self._running_table(table_id)
            return await self._play(loaded, seat, action)

    async def _running_table(self: TableService, table_id: int, caller: Caller | None = None) -> Loaded:
        loaded = await self.load(table_id, caller)
        if loaded.table.status != "running":
            raise TableError(not_playing(loaded.table.status))
        return loaded

    # -- the pipeline --------------------------------------------------------------------
    async def _play(self: TableService, loaded: Loaded, seat: int, action: Any, offered: bool = False) -> TableNews:
        """Play a seat's action. `offered`: it is one of the seat's choices listed for this very
        state (a panel's pick), so the checks of `apply`, which would list them again, pass."""
        spec = loaded.spec
        try:
            state, events = (spec.apply_offered if offered else spec.apply)(loaded.state, seat, action)
        except RuleError as exc:
            raise TableError(str(exc)) from None
        return await self._continue(loaded, state, [Move(seat, spec.parse_action(action), events)])

    async def _continue(self: TableService, loaded: Loaded, state: Any, moves: list[Move],
                        seat_updates: dict[int, dict[str, Any]] | None = None,
                        timers: list[NewTimer] | None = None) -> TableNews:
        """Let computer seats move after `moves`, then store everything (with `timers`) in one transaction."""
        state, more, turn_over = self._computer_moves(loaded, state, moves)
        return await self._save(loaded, state, moves, seat_updates or {}, more, timers or [], turn_over)

    def _computer_moves(self: TableService, loaded: Loaded, state: Any,
                        moves: list[Move]) -> tuple[Any, bool, set[int]]:
        """Computer (and forfeited) seats play until a person must act, the game ends, or this
        request's share of thinking is used up (then True: more are due). Seats of players away
        are played only while someone plays their own seat: when everyone is away the game waits
        for the first to come back, rather than being played out without them. Also returned:
        the seats that were out of turn between the moves (a decision of theirs after it is a new
        turn, on a new clock)."""
        spec = loaded.spec
        waiting = everyone_away(loaded.seats)
        computers = {s.seat: s.ai or "heuristic" for s in loaded.seats if s.ai or (s.away and not waiting)}
        if not computers:
            return state, False, set()
        started, seats, turn_over = time.perf_counter(), {s.seat for s in loaded.seats}, set()
        for _ in range(COMPUTER_STEPS):
            acting = spec.to_act(state)
            turn_over |= seats - acting
            due = sorted(s for s in acting if s in computers)
            if not due:
                return state, False, turn_over
            if time.perf_counter() - started > COMPUTER_SECONDS:
                return state, True, turn_over
            seat = due[0]
            action = self._computer_choice(loaded, state, seat, computers[seat])
            state, events = spec.apply(state, seat, action)
            moves.append(Move(seat, action, events, by_computer=True))
        return state, bool(set(spec.to_act(state)) & set(computers)), turn_over

    def _computer_choice(self: TableService, loaded: Loaded, state: Any, seat: int, kind: str) -> Any:
        key = (loaded.table.id, seat, kind)
        policy = self._policies.get(key)
        if policy is None:
            policy = loaded.spec.policy(kind, seed=loaded.table.seed ^ (seat + 1) * 7919)
            self._policies.put(key, policy)
        try:
            return policy.choose(state, seat)
        except Exception:  # a faulty computer player must not stall the table: play any legal move
            log.exception("computer player %s failed at table %s seat %s", kind, loaded.table.id, seat)
            return RandomPolicy(loaded.spec, loaded.table.version).choose(state, seat)

    async def _save(self: TableService, loaded: Loaded, state: Any, moves: list[Move],
                    seat_updates: dict[int, dict[str, Any]], more: bool,
                    extra_timers: Sequence[NewTimer] = (), turn_over: set[int] = frozenset()) -> TableNews:
        table, spec, seats = loaded.table, loaded.spec, loaded.seats
        version, now = table.version + len(moves), self.clock()  # one moment for the whole move
        prompts, changed, choices = next_prompts(spec, state, table.prompts, version, len(seats), turn_over,
                                                 {m.seat for m in moves})
        outcome = spec.outcome(state)
        outcome_json = None
        if outcome is not None:
            outcome_json = final_outcome(outcome, ranked_last(seats)).model_dump_json()
        timers = [] if outcome is not None else self._decision_timers(loaded, state, prompts, changed, now)
        paced, deadlines = pace.timers(loaded, state, prompts, changed, now,
                                       {m.seat for m in moves if not m.by_computer} - turn_over)
        for timer in timers:  # a timed decision falls due first: the board shows when
            deadlines[timer.seat] = min(deadlines.get(timer.seat, timer.due_at), timer.due_at)
        timers += paced
        timers += [] if outcome is not None else list(extra_timers)
        timer_seats = sorted(set(self._timed_before(loaded, changed)) | pace.stale(loaded, changed))
        with self._taking_notes(table.id, seats) as updates:  # kept for the next write if this one fails
            for seat, fields in seat_updates.items():
                updates.setdefault(seat, {}).update(fields)
            write = MoveWrite(
                table_id=table.id, expected_version=table.version,
                actions=[(m.seat, spec.dump_action(m.action)) for m in moves], state=spec.dump_state(state),
                by_computer=[i for i, m in enumerate(moves) if m.by_computer],
                prompts=prompts, outcome=outcome_json, computer_due=more, was_computer_due=table.computer_due,
                recent_events=recent_events(table.recent_events, table.version, moves),
                notes=move_notes(table.version, moves), timer_seats=timer_seats, timers=timers,
                deadlines=deadlines, deadlines_met=pace.deadlines_met(loaded, moves), seat_updates=updates,
                at=now)
            try:
                await self.store.tables.save_move(write)
            except StaleVersion:
                raise TableError("Someone else moved at the same moment; nothing was changed. "
                                 "Look at the current panel and choose again.") from None
        self.kept.keep(table.id, write.state, state, choices, prompts, version)
        stored = table.model_copy(update={
            "version": version, "prompts": prompts, "outcome": outcome_json, "state": write.state,
            "status": "finished" if outcome is not None else "running", "computer_due": more and outcome is None,
            "finish_due": outcome is not None, "recent_events": write.recent_events, "deadlines": deadlines})
        seats = [s.model_copy(update=updates[s.seat]) if s.seat in updates else s for s in seats]
        humans = {s.seat for s in seats if s.user_id is not None and not s.forfeited}
        return TableNews(stored, seats, state, moves, changed, dict(table.prompts), table.version,
                         more_computers=more and outcome is None, timers=[t.due_at for t in timers],
                         undo_seat=undoable_by(spec, loaded.state, state, moves, humans),
                         choices=choices if outcome is None else {}, prompts_current=True,
                         same_turn=same_turn(spec, loaded.state, state, moves))

    @staticmethod
    def _timed_before(loaded: Loaded, changed: set[int]) -> list[int]:
        """Seats whose decision changed and was timed: their old timers are now stale."""
        spec, state = loaded.spec, loaded.state
        if state is None:
            return []
        due = spec.to_act(state)
        return sorted(s for s in changed if s in due and spec.time_limit(state, s) is not None)

    def _decision_timers(self: TableService, loaded: Loaded, state: Any, prompts: dict[int, tuple[int, str]],
                         changed: set[int], now: float) -> list[NewTimer]:
        """A timer for each seat whose new decision has a time limit (the engine says which)."""
        timers = []
        due = loaded.spec.to_act(state)
        for seat in sorted(changed & due):
            limit = loaded.spec.time_limit(state, seat)
            if limit is None:
                continue
            seconds = self.decision_seconds or limit
            timers.append(NewTimer(kind=DECISION_TIMER, due_at=now + seconds, seat=seat,
                                   payload={"seat": seat, "prompt_version": prompts[seat][0]}))
        return timers

    # -- without a player's click ------------------------------------------------------------
    async def run_computers(self: TableService, table_id: int) -> TableNews | None:
        """Let computer seats make the moves that are due (after a restart, or moves left over
        from a long run of computer turns). None when none are due."""
        async with self.lock(table_id):
            loaded = await self.load(table_id)
            if loaded.table.status != "running":
                return None
            moves: list[Move] = []
            state, more, _ = self._computer_moves(loaded, loaded.state, moves)
            if not moves and not loaded.table.computer_due:
                return None
            return await self._save(loaded, state, moves, {}, more)

    async def timeout(self: TableService, table_id: int, seat: int, prompt_version: int) -> TableNews | None:
        """A timed decision ran out: take the engine's default action if the decision is still open."""
        async with self.lock(table_id):
            loaded = await self.load(table_id)
            table = loaded.table
            if table.status != "running" or table.prompts.get(seat, (None,))[0] != prompt_version:
                return None
            if seat not in loaded.spec.to_act(loaded.state):
                return None
            action = loaded.spec.timeout_action(loaded.state, seat)
            if action is None:
                return None
            note = timeout_note(loaded.spec, loaded.state, seat)
            state, events = loaded.spec.apply(loaded.state, seat, action)
            return await self._continue(loaded, state, [Move(seat, action, [note, *events], by_computer=True)])

    async def abandon(self: TableService, table_id: int, caller: Caller) -> TableNews:
        """A seated player forfeits: a computer player takes over the seat so the others can finish,
        and the player is ranked last. If no person is left playing, the table is cancelled."""
        async with self.lock(table_id):
            loaded = await self.load(table_id, caller)
            seat = loaded.seat_of(caller.user_id)
            if seat is None:
                raise not_seated(table_id)
            if loaded.table.status != "running":
                raise TableError(not_abandoned(loaded.table))
            if seat.forfeited:
                raise TableError("You have already abandoned this game.")
            return await self._hand_over(loaded, seat.seat, forfeit=True)

    async def hand_to_computer(self: TableService, table_id: int, user_id: int, *, forfeit: bool) -> TableNews:
        """A computer player takes over a player's seat (a tournament's replace or forfeit)."""
        async with self.lock(table_id):
            loaded = await self._running_table(table_id)
            seat = loaded.seat_of(user_id)
            if seat is None:
                raise TableError("That player has no game running in this round.")
            if seat.forfeited:
                raise TableError(f"{seat.display_name} has already forfeited table #{table_id}.",
                                 names=[seat.display_name])
            if seat.ai and not forfeit:
                raise TableError(f"A computer player already plays for {seat.display_name}.", names=[seat.display_name])
            return await self._hand_over(loaded, seat.seat, forfeit=forfeit)

    async def _hand_over(self: TableService, loaded: Loaded, seat: int, *, forfeit: bool) -> TableNews:
        update = {"ai": "heuristic", "forfeited": forfeit}
        seats = [s.model_copy(update=update) if s.seat == seat else s for s in loaded.seats]
        # Nobody left playing their own seat (a casual seat handed over by vote counts as gone; a
        # tournament's replaced player is still in the tournament): the table closes.
        casual = loaded.table.tournament_id is None
        if all(s.user_id is None or s.forfeited or (casual and s.ai) for s in seats):
            earlier = sorted(s.seat for s in loaded.seats if s.forfeited)
            async with self.store.transaction():
                await self.store.tables.update_seat(loaded.table.id, seat, **update)
                await self._close(loaded.table.id)
                if forfeit and casual and loaded.table.rated and earlier:
                    await self._rate_left(loaded, seats, seat, earlier)
            return await self.news(loaded.table.id)
        replaced = next(s for s in loaded.seats if s.seat == seat).ai is not None
        # (A table that counts for nobody, a computer seated from the lobby, has nothing to unrate.)
        if not (counts_for_rating(loaded.table, loaded.seats) and (not forfeit or replaced)):
            return await self._continue(self._running(loaded, loaded.table, seats, loaded.state), loaded.state,
                                        [], {seat: update})
        # A computer that plays an absent player's seat on their behalf makes the game unrated for
        # good, also when that player forfeits or withdraws afterwards: stored with the hand-over.
        reason = UNRATED_BY_REPLACE if loaded.table.tournament_id is not None or forfeit else UNRATED_BY_VOTE
        table = loaded.table.model_copy(update={"rated": False, "unrated_reason": reason})
        async with self.store.transaction():
            await self.store.tables.set_rated(table.id, False, reason)
            return await self._continue(self._running(loaded, table, seats, loaded.state), loaded.state,
                                        [], {seat: update})

    async def _rate_left(self: TableService, loaded: Loaded, seats: list[Any], last: int, earlier: list[int]) -> None:
        """The last person playing a rated game left it after others abandoned it: it is closed, and
        rated as it stood, with those who abandoned before ranked last (README: "still rated, ranked
        last"), in the closing transaction. Nobody won it."""
        left = Outcome(ranking=[[last], earlier], scores={}, winners=[])
        for hook in self.on_finish:
            await hook(loaded.table, seats, left)

    async def keep_notes(self: TableService, table_id: int) -> None:
        """Store now what was noted of a table's seats (where their DMs and panels are), which a move
        stores otherwise: a stop before the first move of a tournament table would lose it, and a
        cancel then could not take the controls off their panels."""
        async with self.lock(table_id):
            seats = (await self.load(table_id)).seats
            with self._taking_notes(table_id, seats) as updates:
                if updates:
                    async with self.store.transaction():
                        for seat, fields in updates.items():
                            await self.store.tables.update_seat(table_id, seat, **fields)

    # -- finishing -------------------------------------------------------------------------
    async def finish_work(self: TableService, table_id: int, *, again: bool = False) -> Finished:
        """Store what follows a finished game (ratings, the tournament result) through the
        `on_finish` hooks; each is safe to repeat. Called once the game's end is published (and by
        the start-up sweep and the retry timer). The table is marked done only when all of them
        succeeded; a failure (the database refusing a write) is retried (see finish_again).
        `again`: run the hooks of a table marked done, for what they report (its standings were
        never posted)."""
        async with self.lock(table_id):
            loaded = await self.load(table_id)
            table = loaded.table
            if not (table.finish_due or again) or table.outcome is None:
                return Finished([], done=True, due=False)
            outcome = TableNews(table, loaded.seats, None).outcome
            reports = []
            try:
                for hook in self.on_finish:
                    reports.append(await hook(table, loaded.seats, outcome))
            except Exception:
                log.exception("finish work of table %s failed; it is tried again later", table_id)
                return Finished(reports, done=False, stored=False)
            try:
                await self.store.tables.finish_done(table_id)
            except Exception:  # all stored; the mark is tried again (the hooks are safe to repeat)
                log.exception("finish work of table %s was not marked done; it is tried again later", table_id)
                return Finished(reports, done=False)
            self.forget(table_id)
            return Finished(reports, done=True)

    async def finish_again(self: TableService, table_id: int, attempt: int) -> float | None:
        """A timer to try a game's finish work again (`attempt`: how many tries so far): when it
        falls due; None if the database refuses the timer too (the start-up sweep then does it)."""
        due = self.clock() + FINISH_RETRIES[min(attempt, len(FINISH_RETRIES)) - 1]
        try:
            await self.store.tables.add_timer(FINISH_TIMER, due, table_id=table_id, payload={"attempt": attempt})
        except Exception:
            log.exception("the retry of table %s's finish work could not be stored", table_id)
            return None
        return due

    async def standings_again(self: TableService, table_id: int, attempt: int, seconds: float) -> float:
        """A timer to post a game's final standings again (Discord refused them): when it falls due."""
        due = self.clock() + seconds
        await self.store.tables.add_timer(STANDINGS_TIMER, due, table_id=table_id, payload={"attempt": attempt})
        return due

    async def show_again(self: TableService, table_id: int, attempt: int, seconds: float,
                         seats: dict[int, int], board_shows: int | None = None) -> float:
        """A timer to show a table's board again, and the panels of `seats` (seat: the prompt version
        of the decision they were not told of), which Discord refused: when it falls due. One per
        table: a later refusal replaces it. `board_shows`: the version up to which the thread's
        boards show the log, so a new board shown after a restart starts there."""
        due = self.clock() + seconds
        payload: dict[str, Any] = {"attempt": attempt, "seats": seats}
        if board_shows is not None:
            payload["board_shows"] = board_shows
        await self.store.tables.replace_table_timer(SHOW_TIMER, due, table_id=table_id, payload=payload)
        return due

    async def show_done(self: TableService, table_id: int) -> None:
        """Everything of the table is shown again: its retry timer goes."""
        await self.store.tables.delete_timers(table_id=table_id, kind=SHOW_TIMER)

    async def due_tables(self: TableService) -> tuple[list[int], list[int]]:
        """Tables with computer moves due, and finished tables whose finish work is due."""
        return await self.store.tables.due()

    async def last_moved_tables(self: TableService) -> list[int]:
        """Tables that moved just before the bot stopped: their board and panels may not have been
        sent (the move is stored before Discord hears of it)."""
        return await self.store.tables.last_moved(LAST_MOVES_SECONDS)

    async def lobbies_changed_last(self: TableService) -> list[int]:
        """Lobbies changed just before the bot stopped: their message may not show it."""
        return await self.store.tables.lobbies_changed_last(LAST_MOVES_SECONDS)

    async def refused_tables(self: TableService) -> dict[int, int | None]:
        """Tables whose board or panels Discord refused, still to be shown again, with the version
        up to which their thread's boards show the log (None: not known)."""
        return {t.table_id: t.payload.get("board_shows") for t in await self.store.tables.timers(kind=SHOW_TIMER)
                if t.table_id is not None}


def not_playing(status: str) -> str:
    """Why nothing can be played at a table that is not running."""
    if status == "lobby":
        return "This game has not started yet: nothing can be played until its creator starts it."
    return f"This game {table_state(status)}: nothing can be played any more."


def not_abandoned(table: Any) -> str:
    """Why a seat of a table that is not running cannot be abandoned, and what the player may do."""
    if table.status == "lobby" and table.tournament_id is not None:  # its thread refused: a lobby nobody changes
        return ("This tournament game has not started yet (it starts as soon as Discord lets its thread open): there "
                "is nothing to abandon. To leave the tournament, press **Withdraw** on its message.")
    if table.status == "lobby":
        return "This game has not started yet: there is nothing to abandon; press **Leave** in its lobby."
    return f"This game {table_state(table.status)}: there is nothing to abandon."

