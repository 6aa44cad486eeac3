"""Components of the main version only: improvements, Council orders, the main action cards and
Council Hall cards, the main start boosters and the majorities of the final election.

Rulebook values are marked so in comments; everything else carries `chosen` (dataclass items) or
is named in `CHOSEN`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.aelderman.data_cards import ActionCard, SeaAction, _a, _card
from games.aelderman.data_city import CouncilCard

ROUNDS_MAIN = 5  # rulebook
PERIOD_TILES_MAIN: tuple[int, ...] = (2, 3, 3, 4, 4, 5)  # rulebook: all six indicators
IMPROVEMENT_DISPLAY = 4  # rulebook: four improvements face up, order left to right kept
IMPROVEMENT_SLOTS = 5  # rulebook: five spaces, the last two blocked by barriers
IMPROVEMENT_SLOTS_OPEN = 3
IMPROVE_COINS = 3  # rulebook: three coins and one influence marker from the active supply
IMPROVE_INFLUENCE = 1
ORDERS_SHOWN = 4  # rulebook: four Council orders are drawn, the rest go back to the box
TEN_VOTES_MIN_BID = 5  # rulebook: "you must bid at least five influence markers"
BOOSTERS_MAIN_SHORT = 2  # rulebook: two start boosters with the short-version symbol ...
BOOSTERS_MAIN_MAIN = 2  # ... and two without it


@dataclass(frozen=True)
class Improvement:
    number: int
    when: str  # the requirement as printed (501's "none" reads "no requirement" beside its number)
    text: str  # the benefit
    trigger: str  # "turn": activated as a turn move; otherwise the event that offers it
    copies: int  # tiles in the game (28 in all; the split per number is chosen)
    chosen: bool = True  # only the copies are chosen: the texts are the rulebook's


# Rulebook texts. `trigger` says where the engine offers them: "turn" improvements are a move of
# the turn (where the requirement holds), the others are offered right after the event they name.
IMPROVEMENTS: dict[int, Improvement] = {i.number: i for i in (
    Improvement(501, "no requirement", "Pass up to two cities once without taking an action there.",
                "turn", 3),
    Improvement(502, "ship in the purple zone", "1 action point: place an influence marker here.",
                "turn", 2),
    Improvement(503, "ship in the yellow zone", "1 action point: place an influence marker here.",
                "turn", 2),
    Improvement(504, "ship in the blue zone", "1 action point: place an influence marker here.",
                "turn", 2),
    Improvement(505, "whenever you sell goods", "Swap two action cards.", "sold", 3),
    Improvement(506, "whenever you construct a building", "Turn the wheel up to two positions.",
                "built", 3),
    Improvement(507, "whenever you receive 1x spices through the wheel",
                "Pay four coins for another spices.", "wheel_spices", 2),
    Improvement(508, "whenever you receive 1x pelt through the wheel",
                "Pay four coins for another pelt.", "wheel_pelt", 2),
    Improvement(509, "3x level IV goods in your storage", "Place an influence marker here.",
                "turn", 3),
    Improvement(510, "whenever you sell exactly six goods", "Exchange 5 coins for 3 council votes.",
                "sold6", 3),
    Improvement(511, "whenever you buy 2x level III goods with one buying action",
                "Place an influence marker here.", "bought_two_iii", 3),
)}
IMPROVEMENT_ZONE: dict[int, str] = {502: "purple", 503: "yellow", 504: "blue"}  # rulebook
LUXURY_PRICE_507 = 4  # rulebook: four coins for another token


@dataclass(frozen=True)
class CouncilOrder:
    number: int
    kind: str  # production, district, placed_in, placed_every, strength_one
    subject: tuple[str, ...]
    count: int
    reward: dict[str, int] = field(default_factory=dict)  # goods, coins, influence, votes (final)
    places: int = 0  # influence markers to place in any city
    text: str = ""


# Council orders 301-316: every value is the rulebook's.
COUNCIL_ORDERS: dict[int, CouncilOrder] = {o.number: o for o in (
    CouncilOrder(301, "production", ("beer",), 2, {"coins": 3, "votes": 4}, text="2x beer production"),
    CouncilOrder(302, "production", ("glass",), 2, {"stone": 1, "votes": 5}, text="2x glass production"),
    CouncilOrder(303, "production", ("tools",), 2, {"influence": 3, "wood": 2},
                 text="2x tools production"),
    CouncilOrder(304, "district", ("St. Jakobi",), 3, {"glass": 1, "fish": 2},
                 text="3 buildings in St. Jakobi"),
    CouncilOrder(305, "placed_in", ("Brügge", "Reval"), 1, {"glass": 1, "meat": 1},
                 text="a marker in Brügge and in Reval"),
    CouncilOrder(306, "placed_in", ("Stockholm", "Köln"), 1, {"coins": 3, "pelt": 1},
                 text="a marker in Stockholm and in Köln"),
    CouncilOrder(307, "placed_in", ("Aalborg",), 3, {"coins": 4, "spices": 1},
                 text="3 markers in Aalborg"),
    CouncilOrder(308, "placed_in", ("Danzig",), 3, {"coins": 4, "pelt": 1},
                 text="3 markers in Danzig"),
    CouncilOrder(309, "district", ("St. Marien",), 3, {"influence": 1, "votes": 3},
                 text="3 buildings in St. Marien"),
    CouncilOrder(310, "strength_one", (), 3, {"coins": 12}, text="3 buildings of strength I"),
    CouncilOrder(311, "production", ("influence",), 3, {"coins": 12}, text="3x influence production"),
    CouncilOrder(312, "placed_every", ("purple",), 1, {"coins": 13},
                 text="a marker in every purple city"),
    CouncilOrder(313, "placed_every", ("yellow",), 1, {"coins": 13},
                 text="a marker in every yellow city"),
    CouncilOrder(314, "placed_every", ("green",), 1, {"coins": 11},
                 text="a marker in every green city"),
    CouncilOrder(315, "placed_every", ("red",), 1, {"coins": 12}, text="a marker in every red city"),
    CouncilOrder(316, "placed_every", ("blue",), 1, {"coins": 13}, text="a marker in every blue city"),
)}

# -- main action cards ----------------------------------------------------------------------------
# The main version adds developing improvements (rulebook: 3 coins and 1 influence) to the cards;
# its action points are chosen.
MAIN_SEA_ACTIONS: dict[str, SeaAction] = {a.name: a for a in (
    _a("improve", "improve", 2, "Develop an improvement (3 coins, 1 influence)", coins=3),
)}
# 004-006 are the main sides of the Lübeck, Levantehandel and Fernosthandel cards; 038-056 the
# cards without the short-version symbol. Their faces are chosen.
MAIN_ACTION_CARDS: dict[int, ActionCard] = {c.number: c for c in (
    _card(4, "upgrade1 improve upgrade3", "sell1 sell2 -", "wood wheat any any luxury any any any"),
    _card(5, "spices sell2 -", "split1 improve -", "tools beer any any luxury meat glass any"),
    _card(6, "pelt sell2 -", "upgrade1 improve -", "wood stone any any luxury tools beer any"),
    _card(38, "buy1 improve buy3", "sell1 place2 -", "wheat fish any any luxury beer glass any"),
    _card(39, "buy1 buy2 -", "swap improve -"),
    _card(40, "place1 improve -", "buy1 - buy3"),
    _card(41, "buy1 buy2 buy3", "sell1 improve -", "stone stone any any luxury meat tools any"),
    _card(42, "influence1 improve -", "buy1 - buy3"),
    _card(43, "buy1 place2 -", "wheel1 improve -"),
    _card(44, "upgrade1 buy2 buy3", "prod_fish improve -"),
    _card(45, "buy1 improve -", "sell1 votes -", "wood fish any any luxury glass beer any"),
    _card(46, "sell1 buy2 -", "place1 improve prod_ap2", "beer wheat any any luxury stone meat any"),
    _card(47, "buy1 buy2 -", "spices improve -"),
    _card(48, "pelt improve -", "buy1 - buy3"),
    _card(49, "buy1 - buy3", "place1 improve -"),
    _card(50, "prod_stone improve -", "buy1 sell2 -", "tools wood any any luxury fish glass any"),
    _card(51, "buy1 wheel2 -", "split1 improve -"),
    _card(52, "place1 place2 -", "buy1 improve buy3"),
    _card(53, "buy1 improve -", "prod_wheat - influence3"),
    _card(54, "sell1 improve -", "buy1 buy2 -", "meat stone any any luxury wheat tools any"),
    _card(55, "influence1 buy2 buy3", "swap improve -"),
    _card(56, "buy1 improve -", "upgrade1 place2 -"),
)}
MAIN_FIXED_CARDS: dict[str, int] = {"Lübeck": 4, "Levantehandel": 5, "Fernosthandel": 6}  # rulebook
MAIN_DRAW_CARDS: tuple[int, ...] = tuple(range(7, 57))  # rulebook: 007-056


@dataclass(frozen=True)
class ScoringCard:
    """A monopoly or individual scoring card: council votes at the final election."""

    number: int
    kind: str  # monopoly_<level>, per_subsidiary, per_strength_two, per_building, per_zone,
    #            per_improvement, per_two_markers
    per: int  # council votes per counted item
    text: str
    chosen: bool = True


# Chosen: the text names monopoly and individual scoring cards without their faces.
SCORING_CARDS: dict[int, ScoringCard] = {c.number: c for c in (
    ScoringCard(151, "monopoly_1", 1, "Monopoly on level I goods: 1 council vote per wood and wheat."),
    ScoringCard(152, "monopoly_2", 1, "Monopoly on level II goods: 1 council vote per stone and fish."),
    ScoringCard(153, "monopoly_3", 2, "Monopoly on level III goods: 2 council votes per tools and beer."),
    ScoringCard(154, "monopoly_4", 2, "Monopoly on level IV goods: 2 council votes per glass and meat."),
    ScoringCard(155, "per_subsidiary", 3, "3 council votes per subsidiary."),
    ScoringCard(156, "per_strength_two", 2, "2 council votes per building of strength II."),
    ScoringCard(157, "per_building", 1, "1 council vote per building."),
    ScoringCard(158, "per_zone", 3, "3 council votes per trading zone you control."),
    ScoringCard(159, "per_improvement", 2, "2 council votes per improvement."),
    ScoringCard(160, "per_two_markers", 1, "1 council vote per two influence markers on the sea map."),
)}
TEN_VOTES_CARDS: tuple[int, ...] = tuple(range(141, 146))  # chosen numbers: one a round
IMPROVE_CARD = 140  # chosen number of "developing improvement"
TOOLS_CARD = 128  # chosen: production expansion for tools (Council order 303 needs tools production)
MAIN_COUNCIL_PILE: tuple[int, ...] = (TOOLS_CARD, *SCORING_CARDS)

# Main start boosters (without the short-version symbol). Chosen.
MAIN_BOOSTERS: dict[str, dict[str, int]] = {
    "booster-17": {"improvement": 1},
    "booster-18": {"improvement": 1, "coins": 2},
    "booster-19": {"prod_tools": 1},
    "booster-20": {"prod_stone": 1, "coins": 1},
    "booster-21": {"prod_wood": 1, "prod_wheat": 1},
    "booster-22": {"prod_ap": 1, "coins": 1},
    "booster-23": {"votes": 5},
    "booster-24": {"influence": 2, "wood": 2},
    "booster-25": {"tools": 1, "glass": 1},
    "booster-26": {"coins": 8},
    "booster-27": {"property": 1, "coins": 2},
    "booster-28": {"meat": 1, "beer": 1, "coins": 1},
    "booster-29": {"ap": 3},
    "booster-30": {"stone": 2, "tools": 1},
}

# -- the final election -----------------------------------------------------------------------------
# Council votes for first and second place in each trading zone. Chosen (the sea map prints them).
ZONE_VOTES: dict[str, tuple[int, int]] = {
    "blue": (12, 6), "purple": (10, 5), "green": (10, 5), "yellow": (8, 4), "red": (12, 6),
}
# Council votes for first and second place in each district of Lübeck. St. Johannis pays 14 and 8
# in the rulebook's example; the others are chosen.
DISTRICT_VOTES: dict[str, tuple[int, int]] = {
    "St. Johannis": (14, 8), "Lohberg": (10, 5), "St. Marien": (12, 6), "Fünfhausen": (10, 5),
    "St. Jakobi": (12, 6),
}

CHOSEN = frozenset({"IMPROVEMENTS.copies", "MAIN_SEA_ACTIONS.improve column", "MAIN_ACTION_CARDS",
                    "SCORING_CARDS", "TEN_VOTES_CARDS numbers", "IMPROVE_CARD number",
                    "TOOLS_CARD", "MAIN_BOOSTERS", "ZONE_VOTES",
                    "DISTRICT_VOTES except St. Johannis"})

_COIN, _INF, _WOOD = {"coins": 1}, {"influence": 1}, {"wood": 1}
_BONUSES = (_COIN, _INF, _WOOD)
MAIN_COUNCIL_CARDS: dict[int, CouncilCard] = {c.number: c for c in (
    CouncilCard(IMPROVE_CARD, "improve", text="Develop an improvement (the card is offered every round)."),
    *(CouncilCard(n, "votes10", {"votes": 10}, text="10 council votes (needs a bid of 5 or more).")
      for n in TEN_VOTES_CARDS),
    CouncilCard(TOOLS_CARD, "prod_tools", text="+1 tools production; +1 operating cost.", bonus=_COIN,
                chosen=True),
    *(CouncilCard(n, "scoring", text=card.text, bonus=_BONUSES[n % 3], chosen=True)
      for n, card in SCORING_CARDS.items()),
)}
