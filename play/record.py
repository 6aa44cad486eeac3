"""A table's record: the export file, replaying it through the engine, and checking that its deal
was fair.

Every shuffle and roll of a game follows from the table's seed and the players' actions (the
engines are deterministic). When a table is created the bot draws the seed and a random salt, and
the board shows the SHA-256 of `salt:seed` from the start: the seed is fixed before anyone sees a
card, yet nobody can work the cards out from the hash. At the end both are revealed; `verify` checks
the hash and replays every action from the seed, comparing the game after each action with the
record, so an altered action is found. The record's last fingerprint is the game as it was played
(the state the bot stored after the last action), so a game that did not follow from its seed is
found too.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import sys
from collections import deque
from dataclasses import dataclass
from typing import Any, Iterator, Sequence

from pydantic import ValidationError

from games import Event, RuleError, registry
from games.core import Outcome, first_error, plural, public
from play.results import Move, final_outcome

FORMAT = "boardbot-game/1"
# A log line where an action stored before an upgrade is not legal under the rules of this version.
UNREPLAYABLE = ("The rest of this game's log cannot be shown: this version of the bot reads its next action "
                "otherwise (the rules changed since it was played).")


def new_salt() -> str:
    return secrets.token_hex(16)


def commitment(seed: int, salt: str) -> str:
    """What the board shows from the start: SHA-256 of `salt:seed`, in hex."""
    return hashlib.sha256(f"{salt}:{seed}".encode()).hexdigest()


def state_digest(dumped_state: str) -> str:
    """A short fingerprint of the game after an action (the record keeps one per action)."""
    return hashlib.sha256(dumped_state.encode()).hexdigest()[:16]


def build(table: Any, seats: list[Any], actions: list[tuple[int, int, str, str]]) -> dict[str, Any]:
    """The record of a table: game, options, seats, seed and salt, every action with its time and
    the fingerprint of the game after it, and the stored result. `actions` are (version, seat,
    action JSON, time) in order."""
    spec = registry.get(table.game)
    state = spec.setup(len(seats), table.seed, table.options)
    steps = []
    for version, seat, action_json, created_at in actions:
        action = json.loads(action_json)
        if state is not None:
            try:
                state, _ = spec.apply(state, seat, action)
            except RuleError:  # rules changed by an upgrade: the record is still given, and `verify` says where
                state = None
        steps.append({"version": version, "seat": seat, "action": action, "time": created_at,
                      "after": state_digest(spec.dump_state(state)) if state is not None else None})
    if steps and table.state and steps[-1]["version"] == table.version:  # the game as played, not as replayed
        steps[-1]["after"] = state_digest(spec.dump_state(spec.load_state(table.state)))
    return {
        "format": FORMAT, "game": table.game, "table": table.id, "status": table.status,
        "options": table.options,
        "seats": [{"seat": s.seat, "name": s.display_name, "computer": s.ai, "forfeited": s.forfeited,
                   "away": s.away}
                  for s in seats],
        "seed": table.seed, "salt": table.seed_salt,
        "commitment": commitment(table.seed, table.seed_salt) if table.seed_salt else None,
        "seed_chosen": table.seed_chosen,  # dealt from a seed an admin chose: shown, not committed
        "actions": steps,
        "result": json.loads(table.outcome) if table.outcome else None,
    }


def _replayed_events(table: Any, seats: list[Any], actions: list[tuple[int, int, str, str]],
                     notes: Sequence[tuple[int, str]]) -> Iterator[tuple[int, list[Event]]]:
    """(version, events) of each action of a table's game, replayed from the seed, with the bot's
    own notes (table_notes) before the events of their version; a note whose version has no action
    (a take-back) comes alone, in order."""
    spec = registry.get(table.game)
    state = spec.setup(len(seats), table.seed, table.options)
    pending = deque(sorted(notes, key=lambda note: note[0]))
    for version, seat, action_json, _ in actions:
        said = []
        while pending and pending[0][0] <= version:
            note_version, text = pending.popleft()
            if note_version < version:
                yield note_version, [public("note", text)]
            else:
                said.append(public("note", text))
        try:
            state, events = spec.apply(state, seat, json.loads(action_json))
        except RuleError:  # rules changed by an upgrade: the log goes as far as they replay the game
            yield version, said + [public("note", UNREPLAYABLE)]
            return
        yield version, said + events
    for version, text in pending:
        yield version, [public("note", text)]


def last_moves(table: Any, seats: list[Any], actions: list[tuple[int, int, str]], since: int) -> list[Move]:
    """The moves of the table's actions from version `since` on, with their events, replayed from
    the seed; none when something changed the table after them (a take-back)."""
    if not actions or actions[-1][0] != table.version:
        return []
    spec = registry.get(table.game)
    state, moves = spec.setup(len(seats), table.seed, table.options), []
    for version, seat, action_json in actions:
        action = json.loads(action_json)
        try:
            state, events = spec.apply(state, seat, action)
        except RuleError:  # the rules changed since (an upgrade): nothing is told again
            return []
        if version >= since:
            moves.append(Move(seat, action, events))
    return moves


def visible_events(table: Any, seats: list[Any], actions: list[tuple[int, int, str, str]], viewer: int | None,
                   everything: bool, notes: Sequence[tuple[int, str]] = ()) -> list[tuple[int, str]]:
    """(number, text) of the events of a table's game as `viewer` (a seat, or None for someone
    not seated) may see them: public events and the bot's notes, and the viewer's own private ones;
    with `everything` (the game has ended), every event. Rebuilt by replaying the actions from the
    seed. The number counts the moves everyone saw: a move only some saw (a pay-off's counter-offer)
    adds none, so gaps in the numbers do not count the secret ones."""
    lines, number = [], 0
    for _, events in _replayed_events(table, seats, actions, notes):
        number += any(e.text and e.seats is None for e in events)
        lines.extend((number, e.text) for e in events if e.text and (everything or e.visible_to(viewer)))
    return lines


def public_lines(table: Any, seats: list[Any], actions: list[tuple[int, int, str, str]],
                 notes: Sequence[tuple[int, str]] = ()) -> list[tuple[int, str]]:
    """(version, text) of every public event of a table's game, replayed from the seed, and of the
    bot's notes: what its boards' logs show, for a thread that fell behind the lines kept with the
    table."""
    return [(version, e.text) for version, events in _replayed_events(table, seats, actions, notes)
            for e in events if e.text and e.seats is None]


@dataclass
class Replayed:
    outcome: Outcome | None  # the replayed game's result (with forfeits ranked last), None if unfinished
    actions: int  # actions replayed before the end or the first difference
    problem: str | None  # the first difference from the record, or None


class RecordError(ValueError):
    """A file that is not a game record this version can read."""


def _check_shape(record: Any) -> None:
    """A record as /table export writes it, or RecordError saying what is not."""
    if not isinstance(record, dict):
        raise RecordError("not a game record: the file holds no JSON object")
    if record.get("format") != FORMAT:
        found = "it has no format" if record.get("format") is None else f"format {record.get('format')!r}"
        raise RecordError(f"not a game record of this bot ({found}; expected format {FORMAT})")
    seed = record.get("seed")
    checks = [
        (isinstance(record.get("game"), str), "`game` must be the game's name"),
        (isinstance(seed, int) and not isinstance(seed, bool), "`seed` must be a whole number"),
        (isinstance(record.get("options"), dict), "`options` must be an object"),
        (isinstance(record.get("seats"), list) and all(
            isinstance(s, dict) and isinstance(s.get("seat"), int) for s in record["seats"]),
         "`seats` must be a list of seats, each with its number"),
        (isinstance(record.get("actions"), list) and all(
            isinstance(a, dict) and isinstance(a.get("seat"), int) and "action" in a for a in record["actions"]),
         "`actions` must be a list of actions, each with the seat that made it and its `action`"),
        (record.get("result") is None or isinstance(record["result"], dict), "`result` must be an object or null"),
    ]
    for ok, problem in checks:
        if not ok:
            raise RecordError(f"the record cannot be read: {problem}")


def replay(record: dict[str, Any]) -> Replayed:
    """Play the record's actions from its seed, comparing the game after each with the record."""
    _check_shape(record)
    try:
        spec = registry.get(record["game"])
        seats, steps = record["seats"], record["actions"]
        state = spec.setup(len(seats), record["seed"], record["options"])
    except (KeyError, TypeError, ValueError, RuleError) as exc:
        said = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc  # not KeyError's quotes
        raise RecordError(f"the record cannot be read: {said}") from None
    for count, step in enumerate(steps):
        where = f"action {count + 1} (version {step.get('version')}, seat {step.get('seat')})"
        try:
            state, _ = spec.apply(state, step["seat"], step["action"])
        except (RuleError, KeyError, TypeError, ValueError) as exc:
            return Replayed(None, count, f"{where} is not legal at that point of the game: {_named(str(exc), seats)}")
        if step.get("after") != state_digest(spec.dump_state(state)):
            return Replayed(None, count + 1, f"the game differs from the record after {where}")
    outcome = spec.outcome(state)
    if outcome is not None:
        outcome = final_outcome(outcome, {s["seat"] for s in seats
                                          if s.get("forfeited") or (s.get("away") and not s.get("computer"))})
    stored = record.get("result")
    try:
        recorded = Outcome.model_validate(stored) if stored is not None else None
    except ValidationError as exc:
        raise RecordError(f"the record's result cannot be read: {first_error(exc)}") from None
    except ValueError as exc:
        raise RecordError(f"the record's result cannot be read: {exc}") from None
    if recorded is not None and (outcome is None or _standing(outcome) != _standing(recorded)):
        return Replayed(outcome, len(steps), "the replayed result differs from the recorded result")
    if record.get("status") == "finished" and (outcome is None or recorded is None):
        return Replayed(outcome, len(steps), "the record says the game finished, but its actions do not end it "
                                             "with the recorded result (actions or the result are missing)")
    if outcome is not None and record.get("status") != "finished":
        status = "has no status" if record.get("status") is None else f"says it is {record.get('status')!r}"
        return Replayed(outcome, len(steps), f"the actions end the game, but the record {status}, not finished")
    return Replayed(outcome, len(steps), None)


def _named(text: str, seats: list[dict[str, Any]]) -> str:
    """The engine's {p0}, {p1}... placeholders as the record's names (or "seat N")."""
    names = {s.get("seat"): str(s.get("name") or f"seat {s.get('seat')}") for s in seats}
    return re.sub(r"\{p([0-9]{1,2})\}", lambda found: names.get(int(found[1]), f"seat {found[1]}"), text)


def _standing(outcome: Outcome) -> tuple[Any, ...]:
    return (outcome.ranking, {int(k): v for k, v in outcome.scores.items()}, sorted(outcome.winners))


def dealt_from_chosen_seed(record: dict[str, Any]) -> bool:
    """A seed an admin chose was shown itself on the board ("chosen by an admin: not rated"): its
    record has no salt and no commitment to compare it with."""
    return record.get("seed_chosen") is True and not record.get("salt") and record.get("commitment") is None


def verify(record: dict[str, Any]) -> list[str]:
    """What does not check out in a record: an empty list means the seed matches the commitment
    shown at the start (or, for a seed an admin chose, was shown itself) and every action replays
    to the recorded game."""
    problems = []
    salt, seed, shown = record.get("salt"), record.get("seed"), record.get("commitment")
    chosen = dealt_from_chosen_seed(record)
    if not chosen and (not salt or shown is None):
        problems.append("the record has no salt or commitment, so its seed cannot be checked")
    elif not chosen and commitment(seed, str(salt)) != shown:
        problems.append("SHA-256 of salt:seed is not the commitment shown at the start: the seed was changed")
    replayed = replay(record)
    if replayed.problem:
        problems.append(replayed.problem)
    return problems


def standings_lines(record: dict[str, Any], outcome: Outcome) -> list[str]:
    """One line a player, by place; one ranked last for leaving says why (their score may be higher).
    Under each, indented, how the game scored them (a mission's tasks, the solo dummy's votes), as
    the standings in the thread show it."""
    last = ": ranked last" if len(record["seats"]) > 1 else ""  # a game of one has no last place
    why = {s["seat"]: f" (forfeited{last})" if s.get("forfeited") else
           f" (away at the end{last})" if s.get("away") and not s.get("computer") else ""
           for s in record["seats"]}
    names = {s["seat"]: str(s.get("name", f"seat {s['seat']}")) + why[s["seat"]] for s in record["seats"]}
    lines = []
    for group in outcome.ranking:
        place = outcome.place_of(group[0])  # tied seats share a place, and the next is counted on (1, 1, 3)
        for seat in group:
            score = outcome.scores.get(seat, outcome.scores.get(str(seat), 0))  # type: ignore[call-overload]
            lines.append(f"{place}. {names.get(seat, f'seat {seat}')}: {score:g}")
            lines += [f"   {_named(line, record['seats'])}" for line in outcome.details.get(seat, [])]
    return lines


NOT_A_RECORD = "it is not a game record (the JSON file `/table export` attaches)"


def read_record(path: str) -> Any:
    """The JSON of a record file; ValueError says plainly why it cannot be read."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read()
        # As JSON allows: UTF-8, marked or not (Windows Notepad marks it), or UTF-16/32, which
        # PowerShell's `>` writes when a record is passed through it.
        # A byte that does not decode (a file cut inside a character) is read as "cut short", below.
        text = raw.decode(json.detect_encoding(raw), errors="replace")
        return json.loads(text.removeprefix("\ufeff"))
    except json.JSONDecodeError as exc:
        # A record's JSON starts with "{": one that does and breaks off was cut short or changed.
        raise ValueError(f"it is not a whole game record ({exc}): cut short, or changed by hand?"
                         if text.lstrip().startswith("{") else NOT_A_RECORD) from None
    except (UnicodeError, RecursionError):  # RecursionError: nested beyond reading
        raise ValueError(NOT_A_RECORD) from None
    except OSError as exc:
        raise ValueError(exc.strerror or str(exc)) from None


def main(command: str, argv: list[str]) -> int:
    """`python -m bot replay <file>` and `python -m bot verify <file>`."""
    import argparse

    parser = argparse.ArgumentParser(prog=f"python -m bot {command}", description=(
        "Replay an exported game through the engine and print its final standings." if command == "replay" else
        "Check an exported game: its seed against the commitment shown at the start, and every action."))
    parser.add_argument("file", help="a JSON file from /table export")
    args = parser.parse_args(argv)
    try:
        data = read_record(args.file)
        replayed = replay(data)
    except (ValueError, RecursionError) as exc:
        print(f"Cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    if command == "verify":
        problems = verify(data)
        for problem in problems:
            print(f"FAILED: {problem}")
        if problems:
            return 1
        if dealt_from_chosen_seed(data):
            dealt = (f"the seed {data.get('seed')} was chosen by an admin (the board showed it; the game was not "
                     "rated)")
        else:  # the tool sees only the file: the player compares the commitment with what the board showed
            print(f"Fair deal: SHA-256 of salt:seed = {data.get('commitment')}")
            dealt = ("SHA-256 of salt:seed is the commitment in the record (compare the line above with the "
                     "board's footer)")
        print(f"Verified: {dealt}, and all {plural(replayed.actions, 'action')} replay to the recorded game.")
        print("(The players' names, the times and the table number are as the record gives them: they are not "
              "part of what a deal and its actions prove.)")
        return 0
    if replayed.problem:
        print(f"Mismatch after {plural(replayed.actions, 'action')}: {replayed.problem}")
        return 1
    if replayed.outcome is None:
        ended = ("the table was cancelled before the game ended" if data.get("status") == "cancelled"
                 else "the game has not ended")
        print(f"Replayed {plural(replayed.actions, 'action')}; {ended}.")
        return 0
    print(f"Replayed {plural(replayed.actions, 'action')}. Final standings:")
    print("\n".join(standings_lines(data, replayed.outcome)))
    if replayed.outcome.tie_break:  # what ordered players level on points, as the standings said
        print(f"Tie-break: {_named(replayed.outcome.tie_break, data['seats'])}")
    if (winners := winners_line(replayed.outcome, data["seats"])) is not None:
        print(winners)
    return 0


def winners_line(outcome: Outcome, seats: list[dict[str, Any]]) -> str | None:
    """Who won, when that is not simply the first place: a solo game lost, several winners by their
    missions, or nobody."""
    if sorted(outcome.winners) == sorted(outcome.ranking[0] if outcome.ranking else []):
        return None
    if not outcome.winners:
        return "Nobody wins this game."
    names = [_named(f"{{p{seat}}}", seats) for seat in outcome.winners]
    return f"{'Winner' if len(names) == 1 else 'Winners'}: {', '.join(names)}"
