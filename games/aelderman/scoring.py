"""Mission scoring at the end of round 2, the outcome and per-seat statistics.

Winners: every seat that completed at least the basic task of its mission (several winners are
possible, and none when nobody completed one). Ranking: mission level reached (expert, advanced,
basic, none), then council votes.
"""

from __future__ import annotations

from functools import lru_cache

from games.aelderman import data as D
from games.aelderman.election import election_outcome, score_pad
from games.aelderman.rules import final_votes, luxuries, placed_count
from games.aelderman.state import State
from games.core import Outcome


def progress(state: State, seat: int, kind: str, subject: str) -> int:
    """How much of one requirement kind a seat has now."""
    player = state.players[seat]
    if kind == "influence":
        return player.influence
    if kind == "placed":
        return placed_count(state, seat)
    if kind == "placed_in":
        return state.banners[subject].count(seat) + (state.subsidiary.get(subject) == seat)
    if kind == "placed_extra_in":  # a subsidiary there counts if another one is the basic task's
        spare = state.subsidiary.get(subject) == seat and progress(state, seat, "subsidiary", "") >= 2
        return state.banners[subject].count(seat) + spare
    if kind == "placed_zone":
        return sum(progress(state, seat, "placed_in", city)
                   for city, zone in D.CITY_ZONE.items() if zone == subject)
    if kind == "subsidiary":
        return sum(1 for owner in state.subsidiary.values() if owner == seat)
    if kind == "building":
        return player.buildings.count(subject)
    if kind == "coins":
        return player.coins
    if kind == "goods":
        return player.goods[subject]
    if kind == "luxury":
        return luxuries(player)
    if kind == "votes":
        return final_votes(player)
    if kind == "small_feast":
        return player.small_feasts
    raise KeyError(kind)


REQUIREMENT_TEXTS = {
    "influence": "{count} influence in the active supply",
    "placed": "{count} influence {markers} placed",
    "placed_in": "{count} influence {markers} in {subject}",
    "placed_extra_in": "{count} additional influence {markers} in {subject}",
    "placed_zone": "{count} influence {markers} in the {subject} zone",
    "subsidiary": "{count} subsidiary",
    "building": "{count}x {subject}",
    "coins": "{count} coins",
    "goods": "{count}x {subject} in storage",
    "luxury": "{count}x pelt or spices in storage",
    "votes": "{count} council votes",
    "small_feast": "{count} small feast",
}


@lru_cache(maxsize=1024)  # a handful of kinds, subjects and counts, asked for on every panel
def requirement_text(kind: str, subject: str, count: int) -> str:
    return REQUIREMENT_TEXTS[kind].format(count=count, subject=subject, markers="marker" if count == 1 else "markers")


def checklist(state: State, seat: int, level: int,
              known: dict[tuple[str, str], int] | None = None) -> list[tuple[str, bool, int, int]]:
    """Each requirement of the level (lower levels included): text, met, what the seat has, needed.
    `known` keeps the progress already counted, for several levels of one state."""
    mission = state.players[seat].mission
    known = {} if known is None else known
    for kind, subject, _ in requirements(mission, level):
        if (kind, subject) not in known:
            known[(kind, subject)] = progress(state, seat, kind, subject)
    return tasks(mission, level, known)


def tasks(mission: str, level: int, have: dict[tuple[str, str], int]) -> list[tuple[str, bool, int, int]]:
    """checklist() from the progress of each requirement (`have`, by kind and subject)."""
    return [(requirement_text(kind, subject, count), have[(kind, subject)] >= count, have[(kind, subject)], count)
            for kind, subject, count in requirements(mission, level)]


@lru_cache(maxsize=64)  # a few missions, three levels: looked up by name, not by hashing the whole mission
def requirements(mission: str, level: int) -> tuple[tuple[str, str, int], ...]:
    """The (kind, subject, count) requirements of a mission's level, lower levels included."""
    return D.cumulative(D.MISSIONS[mission], level)


def mission_level(state: State, seat: int) -> int:
    """0 none, 1 basic, 2 advanced, 3 expert."""
    reached = 0
    known: dict[tuple[str, str], int] = {}
    for level in range(3):
        if all(ok for _, ok, _, _ in checklist(state, seat, level, known)):
            reached = level + 1
        else:
            break
    return reached


def details(state: State, seat: int, level: int) -> list[str]:
    mission = D.MISSIONS[state.players[seat].mission]
    reached = ("none", "basic", "advanced", "expert")[level]
    lines = [f"{mission.name}: {reached} task reached; {final_votes(state.players[seat])} council votes"]
    shown = min(level, 2)
    for text, ok, have, _ in checklist(state, seat, shown):
        lines.append(f"{'✓' if ok else '✗'} {text} (has {have})")
    return lines


def outcome(state: State) -> Outcome | None:
    if state.phase != "over":
        return None
    if state.version == "main":
        return election_outcome(state)
    levels = {s: mission_level(state, s) for s in range(state.seats)}
    votes = {s: final_votes(state.players[s]) for s in range(state.seats)}
    keys = sorted({(levels[s], votes[s]) for s in levels}, reverse=True)
    ranking = [[s for s in range(state.seats) if (levels[s], votes[s]) == key] for key in keys]
    winners = [s for s in range(state.seats) if levels[s] >= 1]
    # Said where council votes placed players who reached the same level (the tie they broke).
    same_level = len(set(levels.values())) < len(levels)
    tie_break = "Places: mission level reached, then council votes." if same_level else None
    return Outcome(ranking=ranking, scores={s: float(votes[s]) for s in votes}, winners=winners,
                   tie_break=tie_break, details={s: details(state, s, levels[s]) for s in levels},
                   winners_by_place=False)  # "You win the game if you manage to complete at least the basic task"


def stats(state: State) -> dict[int, dict[str, float]]:
    if state.version == "main":
        pad = score_pad(state)
        result = {s: {"council_votes": float(sum(pad[s].values()))} for s in range(state.seats)}
        if state.seats == 1 and state.spare is not None:  # solo: how close the dummy came
            result[0]["dummy_votes"] = float(sum(pad[1].values()))
        return result
    result = {}
    for seat in range(state.seats):
        level = mission_level(state, seat)
        result[seat] = {
            "mission_basic": float(level >= 1),
            "mission_advanced": float(level >= 2),
            "mission_expert": float(level >= 3),
            "council_votes": float(final_votes(state.players[seat])),
        }
    return result
