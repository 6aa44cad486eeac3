"""The sea map: cities, trading zones, routes and the 2-player dummy setups.

The rulebook names the cities and a few facts about the map (see `RULEBOOK_MAP_FACTS`);
everything else here follows real geography and is marked chosen.
"""

from __future__ import annotations

ZONES: tuple[str, ...] = ("blue", "purple", "green", "yellow", "red")

LUBECK = "Lübeck"
LEVANTE = "Levantehandel"
FAR_EAST = "Fernosthandel"
# Places without a trading zone: no buying goods and no influence markers there.
NO_ZONE: tuple[str, ...] = (LUBECK, LEVANTE, FAR_EAST)

# Zone of each of the 17 cities. Rulebook: Aalborg blue, Hamburg purple, London and
# Edinburgh green; Ribe is purple because the rulebook's Ribe purchase is a purple one.
# The rest is chosen: Norway yellow (most wood), the eastern Baltic red (pelt),
# southern Sweden and Gotland blue (pelt), the Rhine and Elbe purple (spices).
CITY_ZONE: dict[str, str] = {
    "Aalborg": "blue",
    "Malmö": "blue",
    "Stockholm": "blue",
    "Visby": "blue",
    "Hamburg": "purple",
    "Ribe": "purple",
    "Köln": "purple",
    "London": "green",
    "Edinburgh": "green",
    "Brügge": "green",
    "Bergen": "yellow",
    "Stavanger": "yellow",
    "Oslo": "yellow",
    "Danzig": "red",
    "Memel": "red",
    "Riga": "red",
    "Reval": "red",
}
CITIES: tuple[str, ...] = tuple(CITY_ZONE)
PLACES: tuple[str, ...] = (LUBECK, *CITIES, LEVANTE, FAR_EAST)

# Routes, sailable both ways. Rulebook: Lübeck-Malmö is direct, Aalborg-Ribe and Ribe-Hamburg
# are neighbours. The rest is chosen along the real coasts.
ROUTES: tuple[tuple[str, str], ...] = (
    (LUBECK, "Malmö"),
    (LUBECK, "Hamburg"),
    (LUBECK, "Danzig"),
    (LUBECK, "Visby"),
    ("Aalborg", "Ribe"),
    ("Ribe", "Hamburg"),
    ("Hamburg", "Köln"),
    ("Hamburg", "Brügge"),
    ("Hamburg", "London"),  # the North Sea crossing to the London Steelyard
    ("Köln", "Brügge"),
    ("Brügge", "London"),
    ("Brügge", LEVANTE),
    ("London", LEVANTE),
    ("London", "Edinburgh"),
    ("Edinburgh", "Bergen"),
    ("Edinburgh", "Stavanger"),
    ("Bergen", "Stavanger"),
    ("Stavanger", "Oslo"),
    ("Stavanger", "Ribe"),
    ("Oslo", "Aalborg"),
    ("Aalborg", "Malmö"),
    ("Malmö", "Visby"),
    ("Malmö", "Stockholm"),
    ("Visby", "Stockholm"),
    ("Visby", "Riga"),
    ("Stockholm", "Reval"),
    ("Danzig", "Memel"),
    ("Danzig", "Visby"),
    ("Memel", "Riga"),
    ("Riga", "Reval"),
    ("Reval", FAR_EAST),
    ("Riga", FAR_EAST),
)


def _neighbours() -> dict[str, tuple[str, ...]]:
    links: dict[str, list[str]] = {place: [] for place in PLACES}
    for a, b in ROUTES:
        links[a].append(b)
        links[b].append(a)
    return {place: tuple(sorted(found)) for place, found in links.items()}


NEIGHBOURS: dict[str, tuple[str, ...]] = _neighbours()

# Where each place sits on a drawn map (x, y in 0..1000, north up). Chosen, from real geography.
POSITIONS: dict[str, tuple[int, int]] = {
    LUBECK: (560, 720),
    "Hamburg": (500, 740),
    "Ribe": (440, 640),
    "Aalborg": (470, 520),
    "Köln": (400, 900),
    "Brügge": (300, 840),
    "London": (170, 800),
    "Edinburgh": (170, 560),
    "Bergen": (330, 300),
    "Stavanger": (330, 420),
    "Oslo": (500, 380),
    "Malmö": (610, 620),
    "Stockholm": (720, 420),
    "Visby": (740, 560),
    "Danzig": (720, 720),
    "Memel": (820, 660),
    "Riga": (880, 540),
    "Reval": (880, 400),
    LEVANTE: (120, 960),
    FAR_EAST: (970, 460),
}

# The rulebook's three 2-player setups of the spare colour (city -> markers), used at two players
# in both versions and in the solo game against the dummy (their buildings: data_lubeck).
DUMMY_SETUPS: dict[int, dict[str, int]] = {
    1: {"Edinburgh": 1, "Köln": 1, "Brügge": 1, "Hamburg": 2, "Aalborg": 1, "Stavanger": 1,
        "Visby": 1, "Malmö": 2, "Memel": 1, "Riga": 1},
    2: {"Edinburgh": 1, "London": 2, "Ribe": 1, "Stavanger": 1, "Oslo": 1, "Bergen": 1,
        "Visby": 1, "Memel": 1},
    3: {"Edinburgh": 1, "London": 1, "Ribe": 1, "Hamburg": 2, "Stavanger": 1, "Oslo": 2,
        "Bergen": 1, "Visby": 1, "Stockholm": 2, "Reval": 1},
}

BANNER_SPACES = 10  # five rows of two
SUBSIDIARY_EXTRA = 5  # coins on top of any placement to make it a subsidiary

RULEBOOK_MAP_FACTS = (
    "17 cities plus Lübeck, Levantehandel and Fernosthandel, which belong to no zone",
    "Aalborg is blue, Hamburg purple, London and Edinburgh green",
    "Lübeck-Malmö direct; Aalborg-Ribe and Ribe-Hamburg are neighbours",
    "a banner has ten spaces in five rows of two; a filled row exchanges the action card",
)
CHOSEN = frozenset({"CITY_ZONE", "ROUTES", "POSITIONS"})
