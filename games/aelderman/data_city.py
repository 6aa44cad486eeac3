"""Buildings, Council Hall cards, start boosters and the round indicators."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Building:
    name: str
    strength: int  # also the operating costs per production phase
    goods: dict[str, int]
    coins: int
    stock: int  # tiles in the game
    text: str
    produces: dict[str, int] = field(default_factory=dict)  # goods, "coins", "influence", "ap"
    ability: str = ""  # carpentry, lighthouse, deli (used up to four times), tavern, trade_guild ...
    chosen: bool = False


# Strength I: all values from the rulebook's table (the stock of 30 tiles split per type is chosen).
# Strength II: names and hints from the rulebook (Glassblower: strength 2, produces glass;
# Merchant House produces coins; Deli Market has an ability used up to four times); values chosen.
BUILDINGS: dict[str, Building] = {b.name: b for b in (
    Building("Gabled House", 1, {"wood": 4, "stone": 1, "glass": 1}, 1, 4,
             "Produces 4 coins: at once and in each production phase.", {"coins": 4}),
    Building("Fountain", 1, {"stone": 2, "tools": 1}, 1, 4,
             "Produces 1 influence: at once and in each production phase.", {"influence": 1}),
    Building("Tavern", 1, {"wood": 2, "stone": 2, "tools": 1}, 0, 3,
             "Draw two Council Hall cards at once and keep one.", ability="tavern"),
    Building("Guild House", 1, {"wood": 5, "stone": 1}, 3, 3,
             "Unlocks an improvement space (main version); +1 coin per improvement used.",
             ability="guild_house"),
    Building("Storage", 1, {"wood": 4}, 3, 4, "Nine more storage spaces.", ability="storage"),
    Building("Carpentry", 1, {"wood": 2, "stone": 2}, 2, 4,
             "Turn 3 wood into 3 council votes: at once and in each production phase (4 times).",
             ability="carpentry"),
    Building("Lighthouse", 1, {"stone": 3}, 0, 4,
             "Pay 2 stone for +1 strength (up to 5): at once and in each production phase (4 times).",
             ability="lighthouse"),
    Building("Trade Guild", 1, {"wood": 4, "stone": 1, "tools": 1}, 2, 4,
             "Place an influence marker in any city at once; +1 coin per marker placed from now on.",
             ability="trade_guild"),
    Building("Brewery", 2, {"wood": 1, "stone": 1, "wheat": 1}, 1, 5,
             "Produces 1 beer: at once and in each production phase.", {"beer": 1}, chosen=True),
    Building("Merchant House", 2, {"wood": 3, "stone": 2, "glass": 1}, 2, 5,
             "Produces 5 coins: at once and in each production phase.", {"coins": 5}, chosen=True),
    Building("Harbour Master", 2, {"wood": 2, "stone": 1, "tools": 1}, 2, 5,
             "Produces 2 action points: at once and in each production phase.", {"ap": 2},
             chosen=True),
    Building("Deli Market", 2, {"stone": 1, "tools": 1}, 1, 5,
             "1 meat + 2 coins → 1 spices or pelt: at once and in each production phase (4 times).",
             ability="deli", chosen=True),
    Building("Glassblower", 2, {"wood": 2, "stone": 2, "tools": 1}, 1, 5,
             "Produces 1 glass: at once and in each production phase.", {"glass": 1}, chosen=True),
    Building("Guard House", 2, {"stone": 3, "tools": 1, "glass": 1}, 0, 5,
             "4 council votes at once; +1 strength to adjacent buildings (main version scoring).",
             ability="guard_house", chosen=True),
)}
ABILITY_USES = 4  # Carpentry, Lighthouse, Deli Market (rulebook)
LIGHTHOUSE_MAX = 5
CARPENTRY_WOOD = 3
DELI_COINS = 2  # chosen
GUARD_HOUSE_VOTES = 4  # chosen
STORAGE_BUILDING_SPACES = 9
PLAYER_STORAGE = 12
PROPERTY_TILES = 8
INFLUENCE_MARKERS = 35
ORDER_MARKERS = 1  # setup step 7: one marker of each player's colour shows the player order
START_INFLUENCE = 5
START_COINS = 10  # chosen: the rulebook names no starting money besides the start boosters


@dataclass(frozen=True)
class CouncilCard:
    number: int
    kind: str  # storage, resources, cost_wood_I, cost_stone_I, cost_wood_II, cost_stone_II,
    #            prod_ap, cheap_property, prod_influence, less_costs, place, prod_stone, votes3
    gain: dict[str, int] = field(default_factory=dict)  # goods, "coins", "influence", "ap", "votes"
    bonus: dict[str, int] = field(default_factory=dict)  # the foot marking: paid in the second row
    text: str = ""
    chosen: bool = False


_WORDS = {"coins": ("coin", "coins"), "ap": ("action point", "action points")}


def _res(number: int, gain: dict[str, int], bonus: dict[str, int]) -> CouncilCard:
    shown = ", ".join(f"{v} {_WORDS.get(k, (k, k))[v != 1]}" for k, v in gain.items())
    return CouncilCard(number, "resources", gain, bonus, f"Receive {shown} at once.", chosen=True)


_COIN, _INF, _WOOD, _AP = {"coins": 1}, {"influence": 1}, {"wood": 1}, {"ap": 1}
COUNCIL_CARDS: dict[int, CouncilCard] = {c.number: c for c in (
    CouncilCard(101, "storage", text="Four more storage spaces.", bonus=_COIN),
    _res(102, {"wood": 2, "stone": 1, "coins": 1}, _INF),
    _res(103, {"stone": 2, "wood": 1}, _COIN),
    _res(104, {"tools": 1, "fish": 1}, _WOOD),
    _res(105, {"beer": 1, "wheat": 2}, _COIN),
    _res(106, {"glass": 1, "wood": 1}, _AP),
    _res(107, {"meat": 1, "wheat": 1}, _COIN),
    _res(108, {"coins": 4, "wood": 1}, _INF),
    _res(109, {"influence": 2, "coins": 1}, _WOOD),
    _res(110, {"pelt": 1}, {}),
    _res(111, {"spices": 1}, {}),
    _res(112, {"ap": 2, "coins": 1}, _COIN),
    _res(113, {"wood": 3, "wheat": 1}, _INF),
    _res(114, {"tools": 1, "stone": 1, "wood": 1}, _COIN),
    _res(115, {"glass": 1, "stone": 1}, {}),
    _res(116, {"coins": 5}, _WOOD),
    CouncilCard(117, "cost_wood_I", text="Strength I buildings cost 2 wood less.", bonus=_COIN),
    CouncilCard(118, "cost_stone_I", text="Strength I buildings cost 1 stone less.", bonus=_INF),
    CouncilCard(119, "cost_wood_II", text="Strength II buildings cost 2 wood less.", bonus=_COIN),
    CouncilCard(120, "cost_stone_II", text="Strength II buildings cost 1 stone less.", bonus=_WOOD),
    CouncilCard(121, "prod_ap", text="+1 action point production; +1 operating cost.", bonus=_COIN),
    CouncilCard(122, "cheap_property", text="Property costs 2 coins less.", bonus=_INF),
    CouncilCard(123, "prod_influence", text="+1 influence production; +1 operating cost.",
                bonus=_COIN),
    CouncilCard(124, "less_costs", text="The operating costs you have when you take it: 4 coins less (an unused "
                "part is lost).", bonus=_AP),
    CouncilCard(125, "place", text="Place an influence marker in any city.", bonus=_COIN),
    CouncilCard(126, "place", text="Place an influence marker in any city.", bonus=_WOOD),
    CouncilCard(127, "prod_stone", text="+1 stone production; +1 operating cost.", bonus=_COIN),
    # The "three council votes" cards (their numbers are chosen; five are enough for five rounds).
    *(CouncilCard(n, "votes3", {"votes": 3}, text="3 council votes.", chosen=True)
      for n in range(131, 136)),
)}
PRODUCTION_CARDS = frozenset({"prod_ap", "prod_influence", "prod_stone", "prod_tools"})
LESS_COSTS = 4  # card 124 (rulebook)
SHORT_COUNCIL_PILE: tuple[int, ...] = tuple(range(101, 128))
VOTES3_CARDS: tuple[int, ...] = tuple(range(131, 136))
PERMANENT_KINDS = frozenset({"storage", "cost_wood_I", "cost_stone_I", "cost_wood_II",
                             "cost_stone_II", "prod_ap", "cheap_property", "prod_influence",
                             "less_costs", "prod_stone"})
SOLO_VOTES3_PRICE = 1  # rulebook: 3 council votes cost 1 influence marker
SOLO_DRAW = 3  # rulebook: draw three Council Hall cards, buy one for 1 influence marker
SOLO_CARD_PRICE = 1
SOLO_VOTES10_PRICE = 7  # rulebook (main version): 10 council votes cost 7 influence markers
SOLO_IMPROVE_PRICE = 1  # rulebook (main version): developing improvement costs 1

# Start boosters with the short-version symbol (16, enough for four players drawing four). Chosen.
START_BOOSTERS: dict[str, dict[str, int]] = {
    "booster-01": {"coins": 6},
    "booster-02": {"influence": 2, "coins": 2},
    "booster-03": {"wood": 2, "stone": 1, "coins": 2},
    "booster-04": {"tools": 1, "wood": 1, "coins": 2},
    "booster-05": {"glass": 1, "coins": 2},
    "booster-06": {"ap": 2, "coins": 2},
    "booster-07": {"prod_fish": 1, "coins": 2},
    "booster-08": {"prod_influence": 1, "coins": 1},
    "booster-09": {"meat": 1, "wheat": 1, "coins": 1},
    "booster-10": {"influence": 3},
    "booster-11": {"beer": 1, "stone": 1, "coins": 1},
    "booster-12": {"stone": 2, "coins": 2},
    "booster-13": {"pelt": 1},
    "booster-14": {"spices": 1},
    "booster-15": {"wood": 3, "wheat": 2},
    "booster-16": {"ap": 1, "influence": 1, "coins": 2},
}
BOOSTERS_DRAWN = 4
BOOSTERS_KEPT = 2


@dataclass(frozen=True)
class RoundIndicator:
    round: int
    property_cost: int
    small_feast: tuple[dict[str, int], int]  # goods paid, influence gained
    big_feast: tuple[dict[str, int], int] | None  # big feasts only from round 2 (rulebook)
    chosen: bool = True


# Property and both feasts cost more every round: "These continue to increase as the game progresses."
ROUNDS: dict[int, RoundIndicator] = {r.round: r for r in (
    RoundIndicator(1, 2, ({"wheat": 1, "fish": 1}, 2), None),
    RoundIndicator(2, 3, ({"wheat": 1, "beer": 1}, 2), ({"fish": 1, "beer": 1, "meat": 1}, 5)),
    RoundIndicator(3, 4, ({"fish": 1, "beer": 1}, 2), ({"beer": 1, "meat": 2}, 5)),
    RoundIndicator(4, 5, ({"beer": 1, "meat": 1}, 3), ({"beer": 2, "meat": 2}, 6)),
    RoundIndicator(5, 6, ({"beer": 1, "meat": 2}, 4), ({"beer": 2, "meat": 2, "fish": 1}, 7)),
)}
SHORT_ROUNDS = 2
PERIODS_PER_ROUND = 4
PERIOD_TILES_ALL: tuple[int, ...] = (2, 3, 3, 4, 4, 5)
PERIOD_TILES_SHORT: tuple[int, ...] = (3, 3, 4, 4, 5)  # the short version drops the 2
MAX_AP_PER_TURN = 6
UNPAID_COIN_PENALTY = 2  # council votes lost per unpaid coin of operating costs

SALES: dict[int, dict[str, int]] = {
    4: {"coins": 10, "influence": 1},
    6: {"coins": 15, "influence": 2, "placements": 1},
    8: {"coins": 20, "votes": 3, "placements": 2},
}

CHOSEN = frozenset({"BUILDINGS.strength II", "BUILDINGS.stock", "DELI_COINS", "GUARD_HOUSE_VOTES",
                    "START_COINS", "COUNCIL_CARDS.102-116", "COUNCIL_CARDS.bonus",
                    "COUNCIL_CARDS.votes3 numbers", "START_BOOSTERS", "ROUNDS"})
