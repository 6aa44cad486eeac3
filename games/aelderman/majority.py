"""Majorities of the main version: influence in the trading zones, building strength in Lübeck's
districts (Lighthouse and Guard House included), and the split of a scoring box's council votes.

Seats are the players' numbers; the spare colour (2 players) or the dummy (solo) is `state.seats`.
"""

from __future__ import annotations

from games.aelderman import data as D
from games.aelderman.state import State


def zone_counts(state: State) -> dict[str, dict[int, int]]:
    """Influence markers per zone and seat: banners and subsidiaries count the same (rulebook)."""
    counts: dict[str, dict[int, int]] = {zone: {} for zone in D.ZONES}
    for city, banner in state.banners.items():
        zone = counts[D.CITY_ZONE[city]]
        for seat in banner:
            zone[seat] = zone.get(seat, 0) + 1
    for city, seat in state.subsidiary.items():
        zone = counts[D.CITY_ZONE[city]]
        zone[seat] = zone.get(seat, 0) + 1
    return counts


def building_strength(name: str, uses: int) -> int:
    """Printed strength; a Lighthouse adds one per use, up to five (rulebook)."""
    if D.BUILDINGS[name].ability == "lighthouse":
        return min(D.LIGHTHOUSE_MAX, 1 + uses)
    return D.BUILDINGS[name].strength


def site_buildings(state: State) -> dict[int, tuple[int, int, bool]]:
    """Built sites: site -> (seat, strength before Guard Houses, is a Guard House)."""
    built: dict[int, tuple[int, int, bool]] = {}
    for seat, player in enumerate(state.players):
        for name, uses, site in zip(player.buildings, player.uses, player.sites):
            if site >= 0:
                built[site] = (seat, building_strength(name, uses), name == "Guard House")
    if state.spare is not None:
        for site, strength in state.spare.lots:
            built[site] = (state.seats, strength, False)
    return built


def district_strengths(state: State) -> dict[str, dict[int, int]]:
    """Strength per district and seat. A Guard House adds one to every directly adjacent building,
    across district borders too (rulebook)."""
    built = site_buildings(state)
    result: dict[str, dict[int, int]] = {d: {} for d in D.DISTRICTS}
    for site, (seat, strength, _) in built.items():
        strength += sum(1 for other in D.ADJACENT[site] if other in built and built[other][2])
        district = result[D.SITES[site].district]
        district[seat] = district.get(seat, 0) + strength
    return result


def split_votes(first: int, second: int, strengths: dict[int, int]) -> dict[int, int]:
    """Council votes of one scoring box. Rulebook: "In the event of a tie, the council votes for 1st
    and 2nd place are added up and evenly divided among these players. If the sum cannot be
    divided directly, it is rounded down." A tie for second place shares the second place's votes
    the same way (chosen reading: the text covers only a tie for first). Nothing placed, nothing won."""
    ranked = sorted({v for v in strengths.values() if v > 0}, reverse=True)
    if not ranked:
        return {}
    top = [s for s, v in strengths.items() if v == ranked[0]]
    if len(top) > 1:
        return {s: (first + second) // len(top) for s in top}
    result = {top[0]: first}
    if len(ranked) > 1:
        runners = [s for s, v in strengths.items() if v == ranked[1]]
        result.update({s: second // len(runners) for s in runners})
    return result


def holds_majority(counts: dict[int, int], seat: int) -> bool:
    """More than every other colour (a tie is no majority)."""
    mine = counts.get(seat, 0)
    return mine > 0 and all(v < mine for s, v in counts.items() if s != seat)
