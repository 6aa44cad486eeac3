"""The four missions of the short version (all values from the rulebook).

A requirement is (kind, subject, count). Each level adds its items to the level below:
the same kind and subject add up (e.g. Rinck's 10 coins + 5 coins = 15 coins for advanced).
Kinds: influence (active supply), placed (markers placed on the sea map, subsidiaries included),
placed_in (a city), placed_extra_in (a city, by a marker the basic task's single subsidiary does not
need: Rinck's expert marker comes "additional" to the basic three), placed_zone (a zone),
subsidiary, building, coins, goods (a good in storage),
luxury (pelt or spices in storage), votes (council votes incl. influence and luxury goods),
small_feast.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

Requirement = tuple[str, str, int]
LEVELS: tuple[str, ...] = ("basic", "advanced", "expert")
# Mathias Mulich: "celebrate a small feast (mark that you celebrated a feast by placing one of your influence
# markers from your general supply on the icon on your mission card)".
FEAST_MARK_MISSION = "mission-mulich"


@dataclass(frozen=True)
class Mission:
    id: str
    name: str
    levels: tuple[tuple[Requirement, ...], tuple[Requirement, ...], tuple[Requirement, ...]]


MISSIONS: dict[str, Mission] = {m.id: m for m in (
    Mission("mission-rinck", "Johann Rinck", (
        (("influence", "", 6), ("placed", "", 3), ("placed_in", "London", 1), ("subsidiary", "", 1),
         ("building", "Brewery", 1), ("building", "Gabled House", 1), ("coins", "", 10),
         ("goods", "meat", 1), ("goods", "beer", 1), ("votes", "", 12)),
        (("goods", "spices", 1), ("coins", "", 5)),
        (("building", "Trade Guild", 1), ("placed", "", 1), ("placed_extra_in", "Edinburgh", 1)),
    )),
    Mission("mission-mulich", "Mathias Mulich", (
        (("influence", "", 6), ("placed", "", 2), ("subsidiary", "", 1),
         ("building", "Merchant House", 1), ("building", "Fountain", 1), ("small_feast", "", 1),
         ("goods", "beer", 1), ("goods", "tools", 1), ("goods", "wood", 1), ("goods", "glass", 2),
         ("votes", "", 12)),
        (("building", "Gabled House", 1),),
        (("building", "Fountain", 1),),
    )),
    Mission("mission-veckinchusen", "Hildebrandt Veckinchusen", (
        (("influence", "", 9), ("placed", "", 4), ("placed_zone", "purple", 2), ("subsidiary", "", 1),
         ("building", "Harbour Master", 1), ("luxury", "", 1), ("goods", "meat", 1),
         ("goods", "glass", 1), ("votes", "", 18)),
        (("building", "Harbour Master", 1),),
        (("placed", "", 2),),
    )),
    Mission("mission-pal", "Bernd Pal", (
        (("influence", "", 6), ("placed", "", 2), ("subsidiary", "", 1),
         ("building", "Deli Market", 2), ("luxury", "", 3), ("votes", "", 21)),
        (("placed", "", 2),),
        (("luxury", "", 1), ("coins", "", 10)),
    )),
)}


@cache  # missions are fixed data
def cumulative(mission: Mission, level: int) -> tuple[Requirement, ...]:
    """All requirements of a level (0 basic, 1 advanced, 2 expert), lower levels included."""
    totals: dict[tuple[str, str], int] = {}
    for items in mission.levels[: level + 1]:
        for kind, subject, count in items:
            totals[(kind, subject)] = totals.get((kind, subject), 0) + count
    return tuple((kind, subject, count) for (kind, subject), count in totals.items())
