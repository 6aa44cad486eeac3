"""Taking back one's own last action, as Board Game Arena allows it: while no other player has
acted since, and the action neither revealed anything hidden nor drew anything at random (the
engine says which: `GameSpec.undo_refusal`). Done once for every game, on the action log and the
seed: the game is replayed without the last action, whose log row is deleted. Once taken back,
the action before it is the last: a player may step back through their own actions one by one."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from games.core import RuleError
from play import pace, record
from play.common import Caller, TableError, not_seated, table_state
from play.results import RECENT_EVENTS, TableNews, next_prompts, panel_token
from storage import MoveWrite, NewTimer
from storage.tables import StaleVersion
from storage.timers import REMINDER_TIMER

if TYPE_CHECKING:
    from play.tables import Loaded, TableService

TAKEN_BACK = "{p%d} took back their last action."


@dataclass
class StepBack:
    """A take-back that passed every check, and what storing it writes."""

    seat: int
    undone: int  # the version the action taken back made
    before: Any  # the game without it
    earlier: Any  # the game without the action before it too (None when there is none)
    state: str  # the game without it, as stored
    prompts: dict[int, tuple[int, str]]
    changed: set[int]
    choices: dict[int, Any]
    timers: list[NewTimer]
    deadlines: dict[int, float]
    timer_seats: list[int]


NOT_REPLAYED = "This table's record does not replay to its game"


async def take_back(service: TableService, table_id: int, caller: Caller, version: int | None = None) -> TableNews:
    """`version`: the panel token a Take back button carried (None from /table undo)."""
    async with service.lock(table_id):
        loaded = await service.load(table_id, caller)
        seat = _checked_seat(loaded, caller)
        timed = await service.store.tables.timed_actions(table_id)
        notes = await service.store.tables.notes(table_id)
        try:
            step = await _step_back(service, loaded, seat, timed, notes, version)
        except (RuleError, ValueError):  # an action the rules of this version (upgraded since) read otherwise
            raise TableError(f"{NOT_REPLAYED} (the bot's rules were updated during this game), so nothing can be "
                             "taken back. Play on from your current panel.") from None
        return await _store(service, loaded, step, timed, await _may_step_again(service, loaded, step, timed, notes))


async def hand_news(service: TableService, loaded: Loaded, caller: Caller) -> TableNews:
    """The table as it is now, for the caller's own panel opened after their move (My hand,
    `/table hand`): with ↩ Take back, as the move's panel had it, while they may take it back.
    Only a seat whose action is the table's last is checked (by the take-back's own checks)."""
    news = TableNews(loaded.table, loaded.seats, loaded.state, first_version=loaded.table.version)
    seat = loaded.seat_of(caller.user_id)
    if loaded.table.status != "running" or seat is None:
        return news
    last = await service.store.tables.last_action(loaded.table.id)
    if last is None or last[1] != seat.seat:
        return news
    timed = await service.store.tables.timed_actions(loaded.table.id)
    try:
        await _step_back(service, loaded, seat.seat, timed, await service.store.tables.notes(loaded.table.id), None)
    except (TableError, RuleError, ValueError):  # refused, or a record that does not replay: no button
        return news
    news.undo_seat = seat.seat
    return news


async def _step_back(service: TableService, loaded: Loaded, seat: int, timed: list[tuple[int, int, str, str]],
                     notes: list[tuple[int, str]], version: int | None, before: Any = None) -> StepBack:
    """Every check of taking back `seat`'s last action (a TableError says which one fails), and
    what it would store. `before`: the game without that action, when a replay already has it."""
    table_id, actions = loaded.table.id, [(number, mover, action) for number, mover, action, _ in timed]
    if not actions:
        raise TableError("There is no action in this game to take back: nobody has acted yet, or every action "
                         "was taken back.")
    if actions[-1][1] != seat:  # told before a button's version is looked at: no version is told
        raise _not_own(loaded, seat, actions, await service.store.tables.by_computer(table_id, actions[-1][0]),
                       _taken_back_since(notes, seat, actions[-1][0], loaded.table.version))
    if not _own_take_backs_only(notes, seat, actions[-1][0], loaded.table.version):
        raise TableError("Only your own last action can be taken back, and another player has taken back an "
                         "action since.")
    # The button of the last action, or (raw version) one an earlier version of the bot sent:
    # whoever acted last knows that version, as no secret step has come since.
    if version is not None and version not in (panel_token(loaded.table, loaded.table.version),
                                               loaded.table.version):
        raise TableError("This take-back button is out of date: it is for an earlier action. Actions are taken "
                         "back one at a time, the latest first: use **↩ Take back** on your latest panel, or "
                         "`/table undo`.")
    undone, _, last_action = actions[-1]
    by_computer, met = await service.store.tables.how_made(table_id, undone)
    if by_computer:
        raise TableError("Your seat's last move was made by a computer player (your time for it ran out, or you "
                         "were away), so there is nothing of yours to take back.")
    earlier, replayed = _replayed_two(loaded, actions[:-1]) if before is None else (None, before)
    after, events = loaded.spec.apply(replayed, seat, json.loads(last_action))
    if loaded.spec.dump_state(after) != loaded.table.state:
        raise TableError(f"{NOT_REPLAYED}, so nothing can be taken back.")
    reason = loaded.spec.undo_refusal(replayed, after, events)
    if reason:
        raise TableError(f"That action cannot be taken back: {reason}.")
    started = _clock_started(service, loaded, seat, timed, replayed, met)
    return _planned(service, loaded, seat, undone, replayed, earlier, started)


def _planned(service: TableService, loaded: Loaded, seat: int, undone: int, before: Any, earlier: Any,
             started: float) -> StepBack:
    """What taking back the action that made `undone` stores: the game before it, its prompts and
    timers. Raises TableError (the last check) when the decision it gives back has no time left."""
    table, spec = loaded.table, loaded.spec
    # The seat taking back gets its decision anew, as after a move of its own: its panel of the game
    # as it was (same choices, another state) is then out of date and shown again.
    prompts, changed, choices = next_prompts(spec, before, table.prompts, table.version + 1, len(loaded.seats),
                                             moved={seat})
    now = service.clock()
    timers = service._decision_timers(loaded, before, prompts, changed, now)
    paced, deadlines = pace.timers(loaded, before, prompts, changed, started)
    if deadlines.get(seat, now + 1) <= now:
        raise TableError("That action cannot be taken back: the time for that decision has run out.")
    paced = [t for t in paced if t.kind != REMINDER_TIMER or t.due_at > now]  # no reminder of time already past
    timer_seats = sorted(set(service._timed_before(loaded, changed)) | pace.stale(loaded, changed))
    return StepBack(seat, undone, before, earlier, spec.dump_state(before), prompts, changed, choices,
                    timers + paced, deadlines, timer_seats)


async def _may_step_again(service: TableService, loaded: Loaded, step: StepBack,
                          timed: list[tuple[int, int, str, str]], notes: list[tuple[int, str]]) -> bool:
    """Whether the action this take-back leaves last could be taken back next (its button comes
    with the panel): the same checks, on the table as the take-back leaves it."""
    actions = [(number, mover) for number, mover, _, _ in timed]
    if len(actions) < 2 or actions[-2][1] != step.seat:  # no own action left: nothing to replay for
        return False
    version = loaded.table.version + 1
    table = loaded.table.model_copy(update={"version": version, "prompts": step.prompts, "state": step.state,
                                            "deadlines": step.deadlines})
    kept_notes = [(number, text) for number, text in notes if number != step.undone] + [
        (version, TAKEN_BACK % step.seat)]
    try:
        left = type(loaded)(table, loaded.seats, loaded.spec, step.before)  # a Loaded, as the take-back leaves it
        await _step_back(service, left, step.seat, timed[:-1], kept_notes, None, before=step.earlier)
    except TableError:
        return False
    return True


def _own_take_backs_only(notes: list[tuple[int, str]], seat: int, last_action: int, version: int) -> bool:
    """Whether the versions after the last action (`last_action`, up to the table's `version`)
    are all take-backs of `seat`. Only a take-back moves a version without an action (its note,
    TAKEN_BACK, is at that version; the action it took back, and its notes, are gone), so each
    one accounts for two versions."""
    since = [text for number, text in notes if number > last_action]
    return all(text == TAKEN_BACK % seat for text in since) and 2 * len(since) == version - last_action


def _taken_back_since(notes: list[tuple[int, str]], seat: int, last_action: int, version: int) -> bool:
    """Whether `seat` took back its own actions made after the last action (which is then not new)."""
    return version > last_action and _own_take_backs_only(notes, seat, last_action, version)


def _not_own(loaded: Loaded, seat: int, actions: list[tuple[int, int, str]], by_computer: bool,
             own_taken_back: bool = False) -> TableError:
    """The refusal of a take-back when someone else acted last: named (or the computer that moved
    for them), unless that action was a step of a private exchange the asker is not part of (nor
    is who took its last step told). `own_taken_back`: that action is last because the asker took
    back theirs after it, not because it came since."""
    last_seat = actions[-1][1]
    if all(acted != seat for _, acted, _ in actions):
        return TableError("You have no action in this game to take back: you have not acted yet, or took back "
                          "every one.")
    spec = loaded.spec
    before = _replayed(loaded, actions[:-1])
    # While an exchange goes on, and for the step that ended one, the answer is the same
    # whoever acted: else asking again and again would tell when its private steps are taken.
    # So for an action the asker did not see (a secret pick before "Done"): only its events say.
    _, events = spec.apply(before, last_seat, json.loads(actions[-1][2]))
    private = not any(event.text and event.visible_to(seat) for event in events) or any(
        spec.shown_to_act(state) != spec.to_act(state) and seat not in spec.shown_to_act(state)
        for state in (before, loaded.state))
    who = "another player" if private else next(
        (s.display_name for s in loaded.seats if s.seat == last_seat), "another player")
    if own_taken_back:
        whose = f"a computer player's move for {who}" if by_computer and not private else f"{who}'s"
        return TableError(f"Only your own last action can be taken back, and the last action is now {whose}: "
                          "you have taken back yours after it.", names=[who])
    since = f"a computer player has moved for {who} since" if by_computer and not private else f"{who} has acted since"
    return TableError(f"Only your own last action can be taken back, and {since}.", names=[who])


def _checked_seat(loaded: Loaded, caller: Caller) -> int:
    seat = loaded.seat_of(caller.user_id)
    if seat is None:
        raise not_seated(loaded.table.id, ", so there is nothing of yours to take back")
    if loaded.table.status != "running":
        raise TableError(f"This game {table_state(loaded.table.status)}: nothing can be taken back.")
    if seat.handed_over or seat.away:  # its last action was the computer's, not the player's
        raise TableError("A computer player plays your seat now, so there is nothing of yours to take back"
                         + (" (press **I'm back** to play it again)." if seat.away and not seat.ai else "."))
    return seat.seat


def _turn_began(loaded: Loaded, seat: int, timed: list[tuple[int, int, str, str]], before: Any) -> float:
    """When the seat's turn at `before` began: the time of the action that opened it (the game's
    start when it opened with the game), found by replaying the record."""
    spec, table = loaded.spec, loaded.table
    # A game started before its start was stored: its first action's time stands for the start.
    began = table.started_at if table.started_at is not None else datetime.fromisoformat(timed[0][3]).timestamp()
    key = spec.turn_key(before, seat)
    own_turns = key != spec.turn_key(before, seat)  # GameSpec's default: every decision a turn of its own

    def in_turn(state: Any) -> bool:
        return seat in spec.to_act(state) and (own_turns or spec.turn_key(state, seat) == key)

    state = spec.setup(len(loaded.seats), table.seed, table.options)
    for _, mover, action, at in timed[:-1]:
        was_in = in_turn(state)
        state, _ = spec.apply(state, mover, json.loads(action))
        # Another's move in a choice made at once starts nothing; the seat's own decision does when
        # each decision is a turn of its own.
        if in_turn(state) and (not was_in or (own_turns and mover == seat)):
            began = datetime.fromisoformat(at).timestamp()
    return began


def _replayed_two(loaded: Loaded, actions: list[tuple[int, int, str]]) -> tuple[Any, Any]:
    """The game before the last of `actions` (None without any) and after them, in one replay:
    a take-back and the check of the next one need both."""
    spec, table = loaded.spec, loaded.table
    earlier, state = None, spec.setup(len(loaded.seats), table.seed, table.options)
    for _, seat, action in actions:
        earlier, (state, _) = state, spec.apply(state, seat, json.loads(action))
    return earlier, state


def _replayed(loaded: Loaded, actions: list[tuple[int, int, str]]) -> Any:
    return _replayed_two(loaded, actions)[1]


def _clock_started(service: TableService, loaded: Loaded, seat: int, timed: list[tuple[int, int, str, str]],
                   before: Any, met: float | None) -> float:
    """When the clock of the decision taken back started, so that taking back gives neither a new
    full deadline (move and take back, again and again, would stall the table) nor a shorter one.
    The deadline the action met (`met`, stored with it) says. Actions stored without one (by an
    earlier version) rebuild it: while the seat's turn goes on after the move, its own deadline
    says (the decisions of a turn share it). Otherwise the record says when the turn of the
    decision began: with another's action, with the seat's own decision before it (a new turn of
    its own has a whole clock), or with a choice made at once (its clock started before the
    others' moves in it); a clock "I'm back" restarted is not in the record."""
    now, table, spec = service.clock(), loaded.table, loaded.spec
    if met is not None:
        return min(now, met - table.pace_seconds)
    if seat in table.deadlines and spec.turn_key(loaded.state, seat) == spec.turn_key(before, seat):
        return min(now, table.deadlines[seat] - table.pace_seconds)
    return min(now, _turn_began(loaded, seat, timed, before))


async def _store(service: TableService, loaded: Loaded, step: StepBack, timed: list[tuple[int, int, str, str]],
                 again: bool) -> TableNews:
    """Store the game without the action taken back; `again`: the seat may take back the action
    now last too."""
    table, version = loaded.table, loaded.table.version + 1
    note = (version, TAKEN_BACK % step.seat)  # on the board and, kept with the take-back, in the log
    events = await _kept_lines(service, loaded, step.undone, note, timed)
    write = MoveWrite(table_id=table.id, expected_version=table.version, state=step.state, prompts=step.prompts,
                      recent_events=events, notes=[note], timer_seats=step.timer_seats, timers=step.timers,
                      deadlines=step.deadlines)
    try:
        await service.store.tables.take_back(write, step.undone)
    except StaleVersion:
        raise TableError("Someone moved at the same moment; nothing was taken back.") from None
    service.kept.keep(table.id, write.state, step.before, step.choices, step.prompts, version)
    stored = table.model_copy(update={"version": version, "prompts": step.prompts, "state": write.state,
                                      "recent_events": events, "deadlines": step.deadlines})
    return TableNews(stored, loaded.seats, step.before, [], step.changed, dict(table.prompts), table.version,
                     timers=[t.due_at for t in write.timers], choices=step.choices,
                     undo_seat=step.seat if again else None, prompts_current=True, taken_back=step.undone)


async def _kept_lines(service: TableService, loaded: Loaded, undone: int, note: tuple[int, str],
                      timed: list[tuple[int, int, str, str]]) -> list[tuple[int, str]]:
    """The public lines the table keeps once the action that made `undone` is taken back: the
    latest RECENT_EVENTS lines of the game, the take-back's `note` last. The table keeps only its
    latest lines (a board tells by their number whether a thread fell behind them): when the
    lines taken back leave fewer and earlier ones were dropped, those come back from the record
    (`timed`, its actions as the take-back read them)."""
    table = loaded.table
    kept = [line for line in table.recent_events if line[0] != undone] + [note]
    if len(table.recent_events) < RECENT_EVENTS or len(kept) >= RECENT_EVENTS:
        return kept[-RECENT_EVENTS:]
    notes = await service.store.tables.notes(table.id)
    recorded = [line for line in record.public_lines(table, loaded.seats, timed, notes) if line[0] != undone]
    return (recorded + [note])[-RECENT_EVENTS:]


def undoable_by(spec: Any, before: Any, after: Any, moves: list[Any], humans: set[int]) -> int | None:
    """The seat that may take back the move just stored, if any (checked again when asked)."""
    if len(moves) != 1 or moves[0].seat not in humans or before is None or spec.outcome(after) is not None:
        return None
    return None if spec.undo_refusal(before, after, moves[0].events) else moves[0].seat
