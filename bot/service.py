"""The table service: everything a table does, without Discord.

A request (join, start, a chosen action...) arrives here from the Discord layer, a tournament
or a test. The service loads the table from storage, asks the engine, commits the accepted
action and the new state in one transaction, and returns what changed. The Discord layer then
answers and updates messages. Rule decisions stay in games/; SQL stays in storage/.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import secrets
from dataclasses import dataclass, field
from typing import Any

from games import AmountChoice, Event, GameSpec, Outcome, RuleError, registry
from storage import SeatRow, StaleVersion, Store, TableRow

COMPUTER_KINDS = ("heuristic", "random")
MAX_COMPUTER_STEPS = 5_000  # a safety net against a computer player that never finishes


class TableError(Exception):
    """A request that cannot be done. The message is shown to the requester only."""


@dataclass
class Move:
    seat: int
    action: Any
    events: list[Event]


@dataclass
class Progress:
    """The table after a request, the moves it made and whose choices changed."""

    table: TableRow
    seats: list[SeatRow]
    state: Any
    moves: list[Move] = field(default_factory=list)
    changed: set[int] = field(default_factory=set)

    @property
    def outcome(self) -> Outcome | None:
        return Outcome.model_validate_json(self.table.outcome) if self.table.outcome else None


def choices_digest(spec: GameSpec, actions: list[Any]) -> str:
    """A short fingerprint of the choices offered to a seat; a panel is current while it matches."""
    text = "\n".join(spec.dump_action(a) for a in actions)
    return hashlib.blake2b(text.encode(), digest_size=6).hexdigest()


def seat_choices(spec: GameSpec, state: Any, seat: int) -> list[Any]:
    return spec.legal_actions(state, seat) if seat in spec.to_act(state) else []


def next_prompts(spec: GameSpec, state: Any, old: dict[int, tuple[int, str]], version: int,
                 seats: int) -> tuple[dict[int, tuple[int, str]], set[int]]:
    """Each seat's prompt version changes only when its choices change, so one player's sealed
    choice does not make another player's open panel out of date."""
    prompts, changed = {}, set()
    for seat in range(seats):
        digest = choices_digest(spec, seat_choices(spec, state, seat))
        if seat in old and old[seat][1] == digest:
            prompts[seat] = old[seat]
        else:
            prompts[seat] = (version, digest)
            changed.add(seat)
    return prompts, changed


def final_outcome(outcome: Outcome, forfeited: set[int]) -> Outcome:
    """Seats that forfeited are ranked last (together), whatever the engine scored."""
    if not forfeited:
        return outcome
    ranking = [[s for s in group if s not in forfeited] for group in outcome.ranking]
    ranking = [g for g in ranking if g] + [sorted(forfeited)]
    winners = [s for s in outcome.winners if s not in forfeited]
    return outcome.model_copy(update={"ranking": ranking, "winners": winners})


class TableService:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._locks: dict[int, asyncio.Lock] = {}
        self._policies: dict[tuple[int, int, str], Any] = {}

    # -- loading -----------------------------------------------------------------------
    def lock(self, table_id: int) -> asyncio.Lock:
        return self._locks.setdefault(table_id, asyncio.Lock())

    @staticmethod
    def spec(table: TableRow) -> GameSpec:
        return registry.get(table.game)

    async def get(self, table_id: int) -> TableRow:
        table = await self.store.tables.get(table_id)
        if table is None:
            raise TableError(f"Table #{table_id} does not exist.")
        return table

    def state(self, table: TableRow) -> Any:
        if table.state is None:
            raise TableError(f"Table #{table.id} has not started yet.")
        return self.spec(table).load_state(table.state)

    async def seat_of(self, table: TableRow, user_id: int) -> SeatRow | None:
        for seat in await self.store.tables.seats(table.id):
            if seat.user_id == user_id:
                return seat
        return None

    async def progress(self, table_id: int) -> Progress:
        table = await self.get(table_id)
        seats = await self.store.tables.seats(table_id)
        return Progress(table, seats, self.state(table) if table.state else None)

    def choices(self, table: TableRow, state: Any, seat: int) -> tuple[int, list[Any]]:
        """(prompt version, legal actions) for a seat now."""
        version = table.prompts.get(seat, (table.version, ""))[0]
        return version, seat_choices(self.spec(table), state, seat)

    # -- lobby -------------------------------------------------------------------------
    async def create_table(self, *, guild_id: int, channel_id: int, game: str, options: dict[str, Any],
                           creator_id: int, creator_name: str | None, rated: bool = False,
                           tournament_id: int | None = None, seed: int | None = None) -> TableRow:
        """Open a lobby. The creator takes the first seat unless `creator_name` is None."""
        try:
            spec = registry.get(game)
        except KeyError as exc:
            raise TableError(str(exc.args[0])) from None
        try:
            parsed = spec.parse_options(options)
        except RuleError as exc:
            raise TableError(str(exc)) from None
        table_id = await self.store.tables.create_table(
            guild_id=guild_id, channel_id=channel_id, game=game, options=parsed.model_dump(mode="json"),
            seed=secrets.randbits(62) if seed is None else seed, creator_id=creator_id, rated=rated,
            tournament_id=tournament_id)
        if creator_name is not None:
            await self.store.tables.add_seat(table_id, user_id=creator_id, display_name=creator_name,
                                             max_seats=spec.max_seats)
        return await self.get(table_id)

    async def _lobby(self, table_id: int) -> TableRow:
        table = await self.get(table_id)
        if table.status != "lobby":
            raise TableError(f"Table #{table_id} is {table.status}; its lobby is closed.")
        return table

    async def join(self, table_id: int, user_id: int, name: str) -> SeatRow:
        async with self.lock(table_id):
            table = await self._lobby(table_id)
            spec = self.spec(table)
            if await self.seat_of(table, user_id):
                raise TableError("You are already seated at this table.")
            seat = await self.store.tables.add_seat(table_id, user_id=user_id, display_name=name,
                                                    max_seats=spec.max_seats)
            if seat is None:
                raise TableError(f"This table is full ({spec.max_seats} players at most).")
            return next(s for s in await self.store.tables.seats(table_id) if s.seat == seat)

    async def add_computer(self, table_id: int, user_id: int, kind: str = "heuristic") -> SeatRow:
        async with self.lock(table_id):
            table = await self._lobby(table_id)
            if user_id != table.creator_id:
                raise TableError("Only the table's creator can add computer players.")
            if kind not in COMPUTER_KINDS:
                raise TableError(f"Unknown computer player {kind!r}; choose {', '.join(COMPUTER_KINDS)}.")
            spec = self.spec(table)
            taken = await self.store.tables.seats(table_id)
            number = sum(1 for s in taken if s.user_id is None) + 1
            seat = await self.store.tables.add_seat(
                table_id, user_id=None, display_name=f"Computer {number} ({kind})", ai=kind,
                max_seats=spec.max_seats)
            if seat is None:
                raise TableError(f"This table is full ({spec.max_seats} players at most).")
            return next(s for s in await self.store.tables.seats(table_id) if s.seat == seat)

    async def leave(self, table_id: int, user_id: int) -> None:
        async with self.lock(table_id):
            table = await self.get(table_id)
            seat = await self.seat_of(table, user_id)
            if seat is None:
                raise TableError("You are not seated at this table.")
            if table.status == "running":
                raise TableError("The game has started: use `/table abandon` to forfeit your seat.")
            if table.status != "lobby" or not await self.store.tables.remove_seat(table_id, seat.seat):
                raise TableError(f"Table #{table_id} is {table.status}; there is nothing to leave.")

    async def remove_computer(self, table_id: int, user_id: int) -> None:
        async with self.lock(table_id):
            table = await self._lobby(table_id)
            if user_id != table.creator_id:
                raise TableError("Only the table's creator can remove computer players.")
            computers = [s for s in await self.store.tables.seats(table_id) if s.user_id is None]
            if not computers:
                raise TableError("There is no computer player to remove.")
            await self.store.tables.remove_seat(table_id, computers[-1].seat)

    async def set_option(self, table_id: int, user_id: int, key: str, value: Any) -> TableRow:
        async with self.lock(table_id):
            table = await self._lobby(table_id)
            if user_id != table.creator_id:
                raise TableError("Only the table's creator can change the options.")
            spec = self.spec(table)
            if key == "rated":
                raise TableError("Use the Rated button to change whether the table is rated.")
            if key not in spec.Options.model_fields:
                known = ", ".join(spec.Options.model_fields) or "none"
                raise TableError(f"{spec.title} has no option {key!r}; its options are: {known}.")
            try:
                parsed = spec.parse_options({**table.options, key: value})
            except RuleError as exc:
                raise TableError(str(exc)) from None
            await self.store.tables.set_options(table_id, parsed.model_dump(mode="json"))
            return await self.get(table_id)

    async def cancel(self, table_id: int, user_id: int, *, can_manage: bool) -> TableRow:
        async with self.lock(table_id):
            table = await self.get(table_id)
            if table.status in ("finished", "cancelled"):
                raise TableError(f"Table #{table_id} is already {table.status}.")
            if table.status == "running" and not can_manage:
                raise TableError("A running game can only be cancelled by someone with Manage Server; "
                                 "players can use `/table abandon` to forfeit.")
            if user_id != table.creator_id and not can_manage:
                raise TableError("Only the table's creator or someone with Manage Server can cancel it.")
            await self.store.tables.set_status(table_id, "cancelled")
            await self.store.tables.delete_timers(table_id=table_id)
            return await self.get(table_id)

    # -- playing -----------------------------------------------------------------------
    async def start(self, table_id: int, user_id: int | None) -> Progress:
        """Start the game (user_id None: started by the bot itself, e.g. a tournament)."""
        async with self.lock(table_id):
            table = await self._lobby(table_id)
            if user_id is not None and user_id != table.creator_id:
                raise TableError("Only the table's creator can start the game.")
            spec = self.spec(table)
            seats = await self.store.tables.seats(table_id)
            if not spec.min_seats <= len(seats) <= spec.max_seats:
                raise TableError(f"{spec.title} needs {spec.min_seats}-{spec.max_seats} players; "
                                 f"{len(seats)} {'is' if len(seats) == 1 else 'are'} seated.")
            if all(s.user_id is None for s in seats) and table.tournament_id is None:
                raise TableError("At least one person must play; a table of computers only is not started.")
            state = spec.setup(len(seats), table.seed, table.options)
            prompts, _ = next_prompts(spec, state, {}, 0, len(seats))
            await self.store.tables.start(table_id, state=spec.dump_state(state), prompts=prompts,
                                          seat_order=[s.seat for s in seats])
            table = await self.get(table_id)
            return Progress(table, await self.store.tables.seats(table_id), state,
                            changed=set(range(len(seats))))

    async def act(self, table_id: int, user_id: int, prompt_version: int, index: int) -> Progress:
        """A player's choice from a panel: the `index`-th of the choices offered at `prompt_version`."""
        async with self.lock(table_id):
            table, state, seat, actions = await self._offered(table_id, user_id, prompt_version)
            if not 0 <= index < len(actions):
                raise TableError("That choice is not on offer. Pick one of the current options.")
            return await self._commit(table, state, seat, actions[index])

    async def amount_asked(self, table_id: int, user_id: int, prompt_version: int) -> AmountChoice:
        """The amount a player may type now (a bid or an offer), checked like a click."""
        table, state, seat, _ = await self._offered(table_id, user_id, prompt_version)
        return self._amount_choice(table, state, seat)

    async def act_amount(self, table_id: int, user_id: int, prompt_version: int, amount: int) -> Progress:
        """A typed amount for the decision offered at `prompt_version`."""
        async with self.lock(table_id):
            table, state, seat, _ = await self._offered(table_id, user_id, prompt_version)
            try:
                action = self._amount_choice(table, state, seat).action(amount)
            except RuleError as exc:
                raise TableError(str(exc)) from None
            return await self._commit(table, state, seat, action)

    def _amount_choice(self, table: TableRow, state: Any, seat: int) -> AmountChoice:
        choice = self.spec(table).amount_choice(state, seat)
        if choice is None:
            raise TableError("No amount is asked of you now. Use the choices on your current panel.")
        return choice

    async def _offered(self, table_id: int, user_id: int, prompt_version: int) -> tuple[TableRow, Any, int, list[Any]]:
        """The table, state, seat and choices of a player answering the panel of `prompt_version`;
        TableError when they are not seated, the game is not running, or the panel is out of date."""
        table = await self.get(table_id)
        seat = await self.seat_of(table, user_id)
        if seat is None:
            raise TableError("You are not seated at this table, so you cannot act in it.")
        if table.status != "running":
            raise TableError(f"This game is {table.status}; nothing can be played any more.")
        state = self.state(table)
        current, actions = self.choices(table, state, seat.seat)
        if not actions:
            raise TableError(self.spec(table).not_your_turn(state, seat.seat))
        if prompt_version != current:
            raise TableError("These buttons are out of date: the game has moved on since they were "
                             "shown. Use the current panel.")
        return table, state, seat.seat, actions

    async def act_seat(self, table_id: int, seat: int, action: Any) -> Progress:
        """Play an action for a seat directly (computer players, tournaments, tools)."""
        async with self.lock(table_id):
            table = await self.get(table_id)
            if table.status != "running":
                raise TableError(f"This game is {table.status}; nothing can be played any more.")
            return await self._commit(table, self.state(table), seat, action)

    async def _commit(self, table: TableRow, state: Any, seat: int, action: Any) -> Progress:
        spec = self.spec(table)
        try:
            new_state, events = spec.apply(state, seat, action)
        except RuleError as exc:
            raise TableError(str(exc)) from None
        return await self._save(table, new_state, seat, spec.parse_action(action), events)

    async def _save(self, table: TableRow, state: Any, seat: int, action: Any, events: list[Event]) -> Progress:
        spec = self.spec(table)
        seats = await self.store.tables.seats(table.id)
        prompts, changed = next_prompts(spec, state, table.prompts, table.version + 1, len(seats))
        outcome = spec.outcome(state)
        outcome_json = None
        if outcome is not None:
            forfeited = {s.seat for s in seats if s.forfeited}
            outcome_json = final_outcome(outcome, forfeited).model_dump_json()
        try:
            await self.store.tables.save_move(
                table.id, expected_version=table.version, seat=seat, action=spec.dump_action(action),
                state=spec.dump_state(state), prompts=prompts, outcome=outcome_json)
        except StaleVersion:
            raise TableError("Someone else moved at the same moment; nothing was changed. "
                             "Look at the current panel and choose again.") from None
        table = await self.get(table.id)
        return Progress(table, seats, state, [Move(seat, action, events)], changed)

    async def run_computers(self, table_id: int) -> Progress | None:
        """Let computer seats (and forfeited seats) act until a person must act or the game ends."""
        async with self.lock(table_id):
            table = await self.get(table_id)
            if table.status != "running":
                return None
            spec = self.spec(table)
            seats = await self.store.tables.seats(table_id)
            computers = {s.seat: s.ai for s in seats if s.ai}
            state = self.state(table)
            total: Progress | None = None
            for _ in range(MAX_COMPUTER_STEPS):
                due = sorted(s for s in spec.to_act(state) if s in computers)
                if not due or spec.outcome(state) is not None:
                    break
                seat = due[0]
                action = self._policy(table, seat, computers[seat]).choose(state, seat)
                step = await self._commit(table, state, seat, action)
                table, state = step.table, step.state
                if total is None:
                    total = step
                else:
                    total.table, total.state = step.table, step.state
                    total.moves.extend(step.moves)
                    total.changed |= step.changed
            return total

    def _policy(self, table: TableRow, seat: int, kind: str) -> Any:
        key = (table.id, seat, kind)
        if key not in self._policies:
            self._policies[key] = self.spec(table).policy(kind, seed=table.seed ^ (seat + 1) * 7919)
        return self._policies[key]

    async def abandon(self, table_id: int, user_id: int) -> Progress:
        """A seated player forfeits: a computer player takes over the seat so the others can finish,
        and the player is ranked last. If no person is left playing, the table is cancelled."""
        async with self.lock(table_id):
            table = await self.get(table_id)
            seat = await self.seat_of(table, user_id)
            if seat is None:
                raise TableError("You are not seated at this table.")
            if table.status != "running":
                raise TableError(f"This game is {table.status}; there is nothing to abandon. "
                                 "In a lobby, use Leave.")
            if seat.forfeited:
                raise TableError("You have already abandoned this game.")
            await self.store.tables.update_seat(table_id, seat.seat, forfeited=True, ai="heuristic")
            seats = await self.store.tables.seats(table_id)
            if all(s.user_id is None or s.forfeited for s in seats):
                await self.store.tables.set_status(table_id, "cancelled", expected=("running",))
                await self.store.tables.delete_timers(table_id=table_id)
            table = await self.get(table_id)
            return Progress(table, seats, self.state(table))

    async def timeout(self, table_id: int, seat: int, prompt_version: int) -> Progress | None:
        """A timed decision ran out: take the engine's default action if the decision is still open."""
        async with self.lock(table_id):
            table = await self.get(table_id)
            if table.status != "running" or table.prompts.get(seat, (None,))[0] != prompt_version:
                return None
            state = self.state(table)
            action = self.spec(table).timeout_action(state, seat)
            if action is None or seat not in self.spec(table).to_act(state):
                return None
            return await self._commit(table, state, seat, action)

    async def replay(self, table_id: int) -> Any:
        """Rebuild the state from the seed and the action log (for checks and tools)."""
        table = await self.get(table_id)
        spec = self.spec(table)
        seats = await self.store.tables.seats(table_id)
        state = spec.setup(len(seats), table.seed, table.options)
        for _, seat, action in await self.store.tables.actions(table_id):
            state, _ = spec.apply(state, seat, json.loads(action))
        return state
