"""The end of the game, and the conservation checks."""

from __future__ import annotations

from games.augsburg1520 import data
from games.augsburg1520.cards import CARD_COUNT
from games.augsburg1520.state import State
from games.core import Outcome


def _key(state: State, seat: int) -> tuple[int, int, int]:
    """'The winner is the player with the most Prestige points.' Ties: the most expensive
    Cathedral, or the most expensive Church if neither has built a Cathedral."""
    rights = state.rights[seat]
    return state.score[seat], rights["cathedral"], rights["church"]


def outcome(state: State) -> Outcome:
    order = sorted(range(state.seats), key=lambda s: _key(state, s), reverse=True)
    ranking: list[list[int]] = []
    for seat in order:
        if ranking and _key(state, ranking[-1][0]) == _key(state, seat):
            ranking[-1].append(seat)
        else:
            ranking.append([seat])
    details = {s: _details(state, s) for s in range(state.seats)}
    return Outcome(
        ranking=ranking,
        scores={s: float(state.score[s]) for s in range(state.seats)},
        winners=list(ranking[0]),
        tie_break=_tie_break(state, order),
        details=details,
    )


def _details(state: State, seat: int) -> list[str]:
    rights = state.rights[seat]
    lines = [f"{state.score[seat]} prestige"]
    if rights["cathedral"]:
        lines.append(f"Cathedral ({rights['cathedral']} guilders)")
    if rights["church"]:
        lines.append(f"Church ({rights['church']} guilders)")
    return lines


def _tie_break(state: State, order: list[int]) -> str | None:
    """How each shared prestige total was ordered: the rulebook's tie-break decides the win, and
    the same order (cathedral, then church) places the others tied below first place."""
    lines = []
    for points in sorted({state.score[s] for s in order}, reverse=True):
        tied = [s for s in order if state.score[s] == points]
        if len(tied) > 1:
            lines.append(_tied_line(state, tied, points, first_place=tied[0] == order[0]))
    return " ".join(lines) or None


def _tied_line(state: State, tied: list[int], points: int, first_place: bool) -> str:
    names = " and ".join(f"{{p{s}}}" for s in tied)
    if len(tied) > 2:
        return _tied_group_line(state, tied, points, first_place)
    first, second = tied
    rights = state.rights
    ahead = "wins" if first_place else "places ahead"
    if rights[first]["cathedral"] and rights[first]["cathedral"] != rights[second]["cathedral"]:
        return (f"{names} tied on {points} prestige; {{p{first}}} {ahead} with the most expensive cathedral "
                f"({rights[first]['cathedral']} guilders).")
    if rights[first]["church"] and rights[first]["church"] != rights[second]["church"]:
        return (f"{names} tied on {points} prestige and have no cathedral; {{p{first}}} {ahead} with the most "
                f"expensive church ({rights[first]['church']} guilders).")
    shared = "they share the win" if first_place else "they share their place"
    return f"{names} tied on {points} prestige and none of them has built a church or cathedral: {shared}."


def _tied_group_line(state: State, tied: list[int], points: int, first_place: bool) -> str:
    """Three or more on the same prestige: each one's buildings, in the order they place."""
    def built(seat: int) -> str:
        rights = state.rights[seat]
        parts = [f"{kind} {rights[kind]} guilders" for kind in ("cathedral", "church") if rights[kind]]
        return ", ".join(parts) or "neither"

    names = ", ".join(f"{{p{s}}}" for s in tied[:-1]) + f" and {{p{tied[-1]}}}"
    if len({_key(state, s) for s in tied}) == 1:  # nothing orders them
        shared = "they share the win" if first_place else "they share their place"
        return f"{names} tied on {points} prestige and none of them has built a church or cathedral: {shared}."
    order = "; ".join(f"{{p{s}}} ({built(s)})" for s in tied)
    line = f"{names} tied on {points} prestige; the most expensive cathedral, then church, orders them: {order}."
    if first_place:
        top_shared = _key(state, tied[0]) == _key(state, tied[1])
        line += " The first of them share the win." if top_shared else f" {{p{tied[0]}}} wins."
    if len({_key(state, s) for s in tied}) < len(tied):
        line += " Equal ones share their place."
    return line


def check_invariants(state: State) -> None:
    cards = list(state.draw) + list(state.discard)
    for seat in range(state.seats):
        cards += state.hands[seat] + state.offers[seat]
        if state.phase == "buy":  # cards chosen to buy are still among the dealt cards
            assert set(state.picks[seat]) <= set(state.offers[seat]), "a purchase outside the offer"
        else:
            cards += state.picks[seat]
    assert sorted(cards) == list(range(CARD_COUNT)), "every card must be in exactly one place"
    total = state.bank + sum(state.money)
    assert total == data.BANK_START, f"money is not conserved ({total} != {data.BANK_START})"
    assert all(m >= 0 for m in state.money), "a player has negative money"
    tiles = data.LEVEL_TILES[state.seats]
    for cat in range(len(data.CATEGORIES)):
        held = [sum(1 for s in range(state.seats) if level_held(state.levels[s][cat], tile))
                for tile in (2, 3, 4)]
        for index in range(3):
            assert state.pool[cat][index] + held[index] == tiles[index], "level tiles are not conserved"
    full = {"church": data.CHURCHES, "cathedral": data.CATHEDRALS, "weapon": data.WEAPONS,
            "patent": data.PATENTS, "mintmaster": (1,) * data.MINTMASTERS, "builder": (1,) * data.BUILDERS}
    for right, stack in full.items():
        owned = [state.rights[s][right] for s in range(state.seats) if state.rights[s][right]]
        assert sorted(owned + state.stacks[right]) == sorted(stack), f"{right} tiles are not conserved"
    in_use = [state.card_in_use] if state.card_in_use else []
    privileges = state.display + state.reserve + state.used_privileges + in_use
    assert sorted(privileges) == sorted(data.PRIVILEGE_CARDS), "privilege cards are not conserved"
    for seat in range(state.seats):
        cap = data.CHURCH_CAP if not state.rights[seat]["church"] else (
            data.CATHEDRAL_CAP if not state.rights[seat]["cathedral"] else None)
        assert cap is None or state.score[seat] <= cap, "a score passed its cap"


def level_held(level: int, tile: int) -> bool:
    """Does a player at `level` hold the tile of level `tile`? The level-2 tile stays under the
    higher ones; the level-3 tile goes back when the level-4 tile is taken."""
    if tile == 2:
        return level >= 2
    return level == tile
