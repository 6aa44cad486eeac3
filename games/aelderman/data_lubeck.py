"""Lübeck's five districts, their building sites, and the spare colour's buildings and placement
cards (2-player setups and the solo dummy).

The rulebook names the districts and says that a Guard House works across district borders; the
number of sites, their layout and everything about the spare colour's buildings are chosen.
"""

from __future__ import annotations

from dataclasses import dataclass

# Rulebook order: "St. Johannis, Lohberg, St. Marien, Fünfhausen, St. Jakobi".
DISTRICTS: tuple[str, ...] = ("St. Johannis", "Lohberg", "St. Marien", "Fünfhausen", "St. Jakobi")
SITES_PER_DISTRICT = 8  # chosen: two rows of four
# Chosen: where each district's block of 2x4 sites lies on one grid of Lübeck (column, row of its
# top-left site). Blocks touch, so a Guard House can stand next to a building of another district.
DISTRICT_ORIGIN: dict[str, tuple[int, int]] = {
    "Lohberg": (0, 0), "St. Jakobi": (4, 0), "Fünfhausen": (0, 2), "St. Marien": (4, 2),
    "St. Johannis": (2, 4),
}


@dataclass(frozen=True)
class Site:
    number: int
    district: str
    x: int
    y: int


def _sites() -> tuple[Site, ...]:
    sites = []
    for district in DISTRICTS:
        ox, oy = DISTRICT_ORIGIN[district]
        for i in range(SITES_PER_DISTRICT):
            sites.append(Site(len(sites), district, ox + i % 4, oy + i // 4))
    return tuple(sites)


SITES: tuple[Site, ...] = _sites()
SITE_COUNT = len(SITES)
DISTRICT_SITES: dict[str, tuple[int, ...]] = {
    d: tuple(s.number for s in SITES if s.district == d) for d in DISTRICTS}
_AT = {(s.x, s.y): s.number for s in SITES}
# Directly adjacent: sites that share an edge on the grid, whatever their district.
ADJACENT: tuple[tuple[int, ...], ...] = tuple(
    tuple(_AT[p] for p in ((s.x - 1, s.y), (s.x + 1, s.y), (s.x, s.y - 1), (s.x, s.y + 1)) if p in _AT)
    for s in SITES)

# The location plan of each district's placement card: the order in which the spare colour's
# properties fill the district (the next free site along the arrows). Chosen.
PLAN: dict[str, tuple[int, ...]] = {
    d: tuple(DISTRICT_SITES[d][i] for i in (5, 6, 2, 1, 0, 4, 7, 3)) for d in DISTRICTS}

# The 2-player setups' buildings (district, strength). The text lists only the sea-map markers of
# the three options; their buildings are chosen so that option 1 is balanced, option 2 leans on
# buildings and option 3 on markers, as the rulebook describes them. No setup takes more than four
# of the colour's "8 property tiles", so that the solo dummy, which uses the 2-player setup, has a
# tile for every building its sheet shows (see DUMMY_SHEETS).
SETUP_BUILDINGS: dict[int, tuple[tuple[str, int], ...]] = {
    1: (("St. Johannis", 2), ("Lohberg", 1), ("St. Marien", 1), ("Fünfhausen", 2)),
    2: (("St. Johannis", 2), ("Lohberg", 2), ("Fünfhausen", 2), ("St. Jakobi", 2)),
    3: (("St. Marien", 1), ("St. Jakobi", 2)),
}


@dataclass(frozen=True)
class DummySheet:
    """A solo dummy description: council votes added at the end, and per round the strengths of
    the buildings it builds in the round preparation and the markers it places before the third
    period indicator is revealed."""

    name: str
    bonus_votes: int
    buildings: tuple[tuple[int, ...], ...]  # rounds 1-5
    markers: tuple[int, ...]  # rounds 1-5
    chosen: bool = True


# Chosen. Each round builds at most one building per district and places at most one marker per
# city (rulebook: placement cards used in a round go back only at its end). Round 1 of every sheet
# builds a strength-2 building and places four markers, as the rulebook's two examples do.
# Tuned with `python -m bot simulate --players 1 --ai heuristic --option version=main --option
# difficulty=...` so that the heuristic player beats easy often, medium sometimes and hard rarely
# (README records the rates); setup option 1 already gives the dummy most majorities, so the easy
# dummy adds little after round 1 and the levels differ mostly in markers and council votes. Every
# sheet fits the colour's supply after any setup ("8 property tiles, 35 influence markers"): at most
# four buildings, and the hard sheet's 12 markers and 5 strength with setup 1's 12 and 6 make 35.
DUMMY_SHEETS: dict[str, DummySheet] = {s.name: s for s in (
    DummySheet("easy", 0, ((2,), (), (), (), ()), (4, 0, 1, 0, 0)),
    DummySheet("medium", 6, ((2,), (), (1,), (), ()), (4, 1, 1, 1, 1)),
    DummySheet("hard", 10, ((2,), (1,), (), (1,), (1,)), (4, 2, 2, 2, 2)),
)}
SELECTION_CARDS = 4  # rulebook: selection cards numbered 1-4

CHOSEN = frozenset({"SITES_PER_DISTRICT", "DISTRICT_ORIGIN", "PLAN", "SETUP_BUILDINGS",
                    "DUMMY_SHEETS"})
