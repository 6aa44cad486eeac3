"""Aelderman's final standings: the missions of the short version, the election of the main
version, and the solo result against the dummy."""

from __future__ import annotations

import re
from typing import Any

from bot.render.base import TableInfo

LEVEL_NAMES = ("basic", "advanced", "expert")


def outcome_lines(info: TableInfo, outcome: Any, kept: bool = False) -> list[str]:
    """The final standings: missions in the short version, the election in the main one. `kept`:
    the deal is still played at another table, where each seat holds the same secret mission."""
    if not any(RESULT_HEAD.match(lines[0]) for lines in outcome.details.values() if lines):
        return election_lines(info, outcome)  # the main version: no missions
    if kept:
        outcome = outcome.model_copy(update={"details": {
            seat: [RESULT_HEAD.sub(r"A secret mission: \g<level> task reached; \g<votes> council votes", lines[0])]
            for seat, lines in outcome.details.items() if lines}})
    solo = len(outcome.scores) == 1  # one player: no places, no other winners, no tie-break
    completed = [s for s in outcome.scores if task_completed(outcome, s)]  # winners, unless ranked last
    if solo:
        lines = ["🏆 **Won**: the basic task of the mission is complete." if outcome.winners
                 else "**Not won**: the game ended with you away (the basic task of the mission is complete)."
                 if completed else "**Not won**: the basic task of the mission was not completed."]
    elif outcome.winners:
        lines = [f"🏆 **{'Winner' if len(outcome.winners) == 1 else 'Winners'}: "
                 + ", ".join(info.name(s) for s in outcome.winners) + "**"]
    elif completed:
        lines = ["**No winner**: only players ranked last for leaving the game completed the basic task "
                 "of their mission."]
    else:
        lines = ["**No winner**: nobody completed the basic task of their mission."]
    if not solo:
        lines.append("Everyone who completes at least the basic task of their mission wins, so several "
                     "players can win.")
        if outcome.tie_break:
            lines.append(info.fill(outcome.tie_break))
    place = 1
    for group in outcome.ranking:
        for seat in group:
            details = outcome.details.get(seat, [])
            head, checks = (_result_lines(details) if details
                            else (f"{int(outcome.scores.get(seat, 0))} council votes", []))
            trophy = " 🏆" if seat in outcome.winners else ""
            lines.append(f"{'' if solo else f'**{place}.** '}{info.name(seat)}{trophy} — {head}")
            lines.extend(checks)
        place += len(group)
    return lines


def task_completed(outcome: Any, seat: int) -> bool:
    """Whether the seat's score pad says it reached at least the basic task of its mission."""
    details = outcome.details.get(seat) or [""]
    head = RESULT_HEAD.match(details[0])
    return head is not None and head["level"] != "none"


def solo_headline(outcome: Any) -> str:
    """Whether the dummy was beaten, with both totals (as the score pads give them)."""
    votes = int(next(iter(outcome.scores.values())))
    dummy = next((int(line.split()[1]) for seat, details in outcome.details.items() if seat not in outcome.scores
                  for line in details if line.startswith("Total:")), None)
    score = f": {votes} to {dummy} council votes" if dummy is not None else ""
    if outcome.winners and dummy is not None and votes == dummy:
        return f"🏆 **You tie with the dummy and are elected Aelderman together{score}!**"
    if outcome.winners:
        return f"🏆 **You beat the dummy and are elected Aelderman{score}!**"
    if dummy is not None and votes >= dummy:  # ahead or level, but the game ended with the player away
        return f"**Not won**: the game ended with you away ({votes} to the dummy's {dummy} council votes)."
    return f"**The dummy is not beaten{score}.**"


def election_lines(info: TableInfo, outcome: Any) -> list[str]:
    """The final election, line by line per player as the score pad has it."""
    solo = len(outcome.scores) == 1
    if solo:
        lines = [solo_headline(outcome)]
    else:
        lines = ["🏆 **Elected Aelderman: " + ", ".join(info.name(s) for s in outcome.winners) + "**"]
        if len(outcome.winners) > 1 and outcome.tie_break:  # the rulebook names one; the project's reading
            lines.append(info.fill(outcome.tie_break))
    place = 1
    for group in outcome.ranking:
        for seat in group:
            details = outcome.details.get(seat, [])
            number = "" if solo else f"**{place}.** "  # one player: no places
            lines.append(f"{number}{info.name(seat)} — {int(outcome.scores.get(seat, 0))} council votes")
            # Solo: the headline gives the verdict against the dummy; its line is not repeated.
            lines.extend(f"  {line}" for line in details
                         if not line.startswith("Total:") and not (solo and line.startswith("The dummy has ")))
        place += len(group)
    spare = [s for s in outcome.details if s not in outcome.scores]
    for seat in spare:
        lines.append("**Dummy**" if solo else "**Spare colour** (not a candidate)")
        lines.extend(f"  {line}" for line in outcome.details[seat])
    return lines


RESULT_HEAD = re.compile(r"^(?P<mission>.+): (?P<level>none|basic|advanced|expert) task reached; "
                         r"(?P<votes>\d+) council votes$")
NEXT_LEVEL = {"none": "basic", "basic": "advanced", "advanced": "expert"}


def _result_lines(details: list[str]) -> tuple[str, list[str]]:
    """The engine's result lines as a heading and the checklist, saying which task it checks."""
    found = RESULT_HEAD.match(details[0])
    if found is None:
        return details[0], [f"  {line}" for line in details[1:]]
    level = found["level"]
    done = "no task completed" if level == "none" else f"{level} task completed"
    head = f"{found['mission']}: {done}, {found['votes']} council votes"
    checked = ("  All three tasks completed, each checked:" if level == "expert"
               else f"  Checked against the {NEXT_LEVEL[level]} task:")
    return head, [checked, *(f"  {line}" for line in details[1:])] if details[1:] else []  # (kept: none)


def mission_lines(player: Any) -> list[str]:
    """Each level's requirements with ✓/✗ and progress; higher levels add theirs, as totals."""
    lines, before = [], set()
    for level in LEVEL_NAMES:
        items = [r for r in player.requirements if r.level == level]
        new = [r for r in items if r.text not in before]
        before = {r.text for r in items}
        lines.append(f"**{level.capitalize()}**" + (" (the level below, and in all:)" if level != "basic" else ""))
        lines.extend(f"{'✓' if r.met else '✗'} {r.text} ({r.have}/{r.need})" for r in new)
    return lines
