"""Goods, the resource wheel and the alternative-trade price list."""

from __future__ import annotations

from dataclasses import dataclass, field

# Rulebook: level I wood, wheat; II stone, fish; III tools, beer; IV glass, meat; luxury pelt, spices.
LEVEL: dict[str, int] = {
    "wood": 1, "wheat": 1, "stone": 2, "fish": 2,
    "tools": 3, "beer": 3, "glass": 4, "meat": 4,
}
LUXURY: tuple[str, ...] = ("pelt", "spices")
GOODS: tuple[str, ...] = (*LEVEL, *LUXURY)
BY_LEVEL: dict[int, tuple[str, ...]] = {
    level: tuple(g for g, lv in LEVEL.items() if lv == level) for level in (1, 2, 3, 4)
}
# Rulebook: pelt only in the blue and red zones, spices only in purple and yellow.
LUXURY_ZONES: dict[str, tuple[str, ...]] = {"pelt": ("blue", "red"), "spices": ("purple", "yellow")}

# Alternative trade, one good for one action point. Rulebook: beer is bought for 3 coins.
# The other prices are chosen: buying costs the level in coins, selling pays a little less.
# Luxury goods are not on the price list ("All other goods are categorized into four different
# price levels ... (see price list on the player board)"; luxury goods "can only be purchased
# under difficult conditions"), so the alternative trade neither buys nor sells them.
BUY_PRICE: dict[str, int] = dict(LEVEL)
SELL_PRICE: dict[str, int] = {
    "wood": 1, "wheat": 1, "stone": 1, "fish": 1, "tools": 2, "beer": 2, "glass": 3, "meat": 3,
}

# The wooden crate on the wheel stands for the zone's surplus goods (printed on the zone border).
# Rulebook: the blue crate is 1 stone, the purple crate is 2 wheat; yellow gives the most wood.
# Green and red are chosen (red 1 fish makes the rulebook's "2x fish, 1x tools & 1x stone" hold).
CRATE: dict[str, dict[str, int]] = {
    "blue": {"stone": 1},
    "purple": {"wheat": 2},
    "yellow": {"wood": 2},
    "green": {"wheat": 1, "wood": 1},
    "red": {"fish": 1},
}


@dataclass(frozen=True)
class Yield:
    """What one ring segment gives: goods, crates (each worth the zone's crate), coins, influence."""

    goods: tuple[str, ...] = ()
    crates: int = 0
    coins: int = 0
    influence: int = 0
    luxury: str | None = None  # a luxury option: only where the zone matches LUXURY_ZONES


@dataclass(frozen=True)
class Ring:
    """One ring of a sector: the regular yield, and optionally a luxury alternative."""

    regular: Yield
    luxury: Yield | None = None


@dataclass(frozen=True)
class Sector:
    number: int
    rings: tuple[Ring, Ring, Ring]  # inner (1 AP), middle (2 AP), outer (3 AP)
    chosen: bool = True
    source: str = field(default="")


def _r(*goods: str, crates: int = 0, coins: int = 0, influence: int = 0) -> Yield:
    return Yield(goods=tuple(goods), crates=crates, coins=coins, influence=influence)


def _lux(good: str, *goods: str, crates: int = 0) -> Yield:
    return Yield(goods=(good, *goods), crates=crates, luxury=good)


# The ten sectors. The rulebook's examples fix sector 0 whole and parts of sectors 2, 3, 5 and 6 (see `source`);
# only sector 7's middle ring gives two level III goods (the rulebook: "only one possibility").
SECTORS: tuple[Sector, ...] = (
    Sector(0, (Ring(_r("wheat", coins=1)), Ring(_r("fish", "wood", crates=1)),
               Ring(_r(influence=3, coins=1))), chosen=False,
           source="Sarah in Aalborg: 1 AP wheat + 1 coin; 2 AP fish, wood + crate; 3 AP 3 influence + 1 coin"),
    Sector(1, (Ring(_r("stone")), Ring(_r("wheat", "tools")),
               Ring(_r("stone", "beer", crates=1), _lux("spices", "wheat")))),
    Sector(2, (Ring(_r("wood", "wheat")), Ring(_r("stone", crates=1, coins=1)),
               Ring(_r("meat", crates=1, influence=1))),
           source="Sarah in the purple zone: 3 AP 1 influence, 1 meat + crate (2 wheat)"),
    Sector(3, (Ring(_r("fish")), Ring(_r("glass")),
               Ring(_r("fish", "tools", "stone", crates=1), _lux("pelt", "fish"))),
           source="the choice '1x pelt & 1x fish OR 2x fish, 1x tools & 1x stone' (red zone)"),
    Sector(4, (Ring(_r("wood", coins=1)), Ring(_r("beer", crates=1)),
               Ring(_r("glass", influence=2)))),
    Sector(5, (Ring(_r(crates=1)), Ring(_r("fish", "beer")),
               Ring(_r("stone", "meat", crates=1), _lux("spices", "stone"))),
           source="Eric in Aalborg: 2 AP fish + beer"),
    Sector(6, (Ring(_r("wood", "wood")), Ring(_r("stone", "wheat", influence=1)),
               Ring(_r("stone", "beer", crates=1), _lux("pelt", "wood"))),
           source="'1x stone, 1x beer and 2x wood' without a matching luxury (yellow zone)"),
    Sector(7, (Ring(_r("wheat", crates=1)), Ring(_r("tools", "beer")),
               Ring(_r("glass", "stone", coins=1)))),
    Sector(8, (Ring(_r(influence=1, coins=1)), Ring(_r("wood", "fish", crates=1)),
               Ring(_r("meat", "tools"), _lux("spices", crates=1)))),
    Sector(9, (Ring(_r("stone")), Ring(_r("wheat", "wood", crates=1, coins=1)),
               Ring(_r("beer", "fish", crates=1, coins=3)))),
)

# Each zone looks at one sector through its coloured border: zone slot + wheel rotation (mod 10).
ZONE_SLOT: dict[str, int] = {"blue": 0, "purple": 2, "green": 4, "yellow": 6, "red": 8}
WHEEL_SIZE = 10
# The two starting positions with the action-point axis vertical (rulebook), 0 is the beginners' one.
WHEEL_STARTS: tuple[int, int] = (0, 5)
# Rulebook: every fifth turn of the wheel activates the bonus (a free influence marker).
BONUS_EVERY = 5


def sector_at(zone: str, rotation: int) -> Sector:
    return SECTORS[(ZONE_SLOT[zone] + rotation) % WHEEL_SIZE]


def crate_goods(zone: str, crates: int) -> list[str]:
    goods: list[str] = []
    for good, count in CRATE[zone].items():
        goods.extend([good] * (count * crates))
    return goods


def ring_options(zone: str, rotation: int, ring: int) -> list[Yield]:
    """The yields a buying action of this ring may choose between (luxury only where it matches)."""
    chosen = sector_at(zone, rotation).rings[ring]
    options = [chosen.regular]
    if chosen.luxury is not None and zone in LUXURY_ZONES[chosen.luxury.luxury or ""]:
        options.insert(0, chosen.luxury)
    return options


def yield_goods(zone: str, item: Yield) -> list[str]:
    return [*item.goods, *crate_goods(zone, item.crates)]


CHOSEN = frozenset({"SECTORS", "ZONE_SLOT", "CRATE.green", "CRATE.red", "CRATE.yellow",
                    "BUY_PRICE", "SELL_PRICE"})
