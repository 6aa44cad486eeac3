"""Component values of Augsburg 1520.

Every value the rulebook text prints is marked `rulebook`; values taken from rule summaries are
`sourced`; values nobody can read off the printed components are `CHOSEN` by the project (see
shared/rules/components.md). The chosen ones are listed again in `CHOSEN` for the /rules output.
"""

from __future__ import annotations

# -- cards --------------------------------------------------------------------------------------
# The four nobles who issue promissory notes, in Maximilian's tie-break order, lowest first:
# "Ties are resolved in favor of the noble closest to Maximillian: Maria - Leo - Louise - Philipp." (rulebook)
NOBLES: tuple[str, ...] = ("philipp", "louise", "leo", "maria")
# The five visits of a round, in order (rulebook).
AUCTIONS: tuple[str, ...] = ("philipp", "louise", "leo", "maria", "maximilian")
NOBLE_NAMES: dict[str, str] = {
    "philipp": "Philipp", "louise": "Louise", "leo": "Leo", "maria": "Maria",
    "maximilian": "Maximilian", "joker": "Joker",
}
NOTE_VALUES = 17  # values 1-17 for each noble: 68 notes (rulebook)
JOKERS = 12  # (rulebook)
JOKER_COST = 400  # (rulebook)
# Note cost by value: 1-6 cost 200, 7-12 cost 300, 13-17 cost 400. CHOSEN: the rulebook only
# says costs run from 200 to 400 guilders.
NOTE_COST_BANDS: tuple[tuple[int, int, int], ...] = ((1, 6, 200), (7, 12, 300), (13, 17, 400))

# -- start of the game (rulebook) -----------------------------------------------------------------
START_MONEY = 1500
START_JOKERS = 2
START_CARDS = 7

# -- level tiles --------------------------------------------------------------------------------
CATEGORIES: tuple[str, ...] = ("agency", "peerage", "office")
CATEGORY_NAMES: dict[str, str] = {"agency": "Agencies", "peerage": "Peerage", "office": "Offices"}
# Tiles of levels 2, 3 and 4 put beneath the board per category, by player count (rulebook table:
# small = level 2, middle = level 3, large = level 4; sourced).
LEVEL_TILES: dict[int, tuple[int, int, int]] = {2: (2, 1, 1), 3: (3, 1, 1), 4: (4, 2, 1), 5: (5, 3, 1)}
LEVEL_NAMES: dict[str, tuple[str, str, str, str]] = {
    "agency": ("Augsburg", "Innsbruck", "Antwerpen", "Venedig"),
    "peerage": ("Citizen", "Baron", "Count", "Prince"),
    "office": ("Merchant", "Guildmaster", "Councillor", "Mayor"),
}
INCOME: tuple[int, ...] = (600, 900, 1200, 1600)  # agencies, by level (rulebook)
PEERAGE_PRESTIGE: tuple[int, ...] = (3, 5, 8, 12)  # peerage, by level (rulebook)
# Offices, by level: (free cards, cards dealt to buy) (rulebook: 4 / 5 / 6 / 1 free + 6).
OFFICE_CARDS: tuple[tuple[int, int], ...] = ((0, 4), (0, 5), (0, 6), (1, 6))
MINTMASTER_FREE_CARDS = 1  # (rulebook)

# -- rights tiles: six stacks, listed top to bottom -------------------------------------------
CHURCHES: tuple[int, ...] = (700, 600, 500, 400, 300)  # CHOSEN (the rulebook shows a top church at 700)
CATHEDRALS: tuple[int, ...] = (1300, 1200, 1100, 1000, 900)  # CHOSEN (the rulebook shows one at 900)
WEAPONS: tuple[int, ...] = (4, 3, 2, 2, 1)  # CHOSEN within the rulebook's range 4-1
PATENTS: tuple[int, ...] = (5, 4, 4, 3, 2)  # CHOSEN within the rulebook's range 5-2
MINTMASTERS = 5  # CHOSEN: 5 tiles per stack (30 rights tiles in 6 stacks)
BUILDERS = 5  # CHOSEN: 5 tiles per stack
RIGHTS: tuple[str, ...] = ("church", "cathedral", "weapon", "patent", "mintmaster", "builder")
RIGHT_NAMES: dict[str, str] = {
    "church": "Church", "cathedral": "Cathedral", "weapon": "Weapon",
    "patent": "Patent of Nobility", "mintmaster": "Mintmaster", "builder": "Builder",
}

# -- privilege cards ----------------------------------------------------------------------------
# M = Money 500, P6/P7 = Prestige 6 or 7, C = Cards, A = Agency, N = Peerage, O = Office.
# Ten distinct cards (sourced); their contents are CHOSEN so that each kind appears five times
# and the rulebook's four examples can happen.
PRIVILEGE_CARDS: dict[int, tuple[str, str, str]] = {
    1: ("M", "P6", "C"),
    2: ("O", "O", "M"),
    3: ("N", "N", "P7"),
    4: ("A", "O", "C"),
    5: ("A", "A", "P6"),
    6: ("N", "O", "M"),
    7: ("A", "N", "C"),
    8: ("O", "C", "P7"),
    9: ("A", "N", "M"),
    10: ("M", "C", "P6"),
}
PRIVILEGE_NAMES: dict[str, str] = {
    "M": "Money", "P6": "Prestige 6", "P7": "Prestige 7", "C": "Cards",
    "A": "Agency", "N": "Peerage", "O": "Office",
}
PRIVILEGE_CATEGORY: dict[str, str] = {"A": "agency", "N": "peerage", "O": "office"}
DISPLAYED_PRIVILEGES = 5  # (rulebook)
MONEY_PRIVILEGE = 500  # (rulebook)
AGENCY_MONEY = 300  # (rulebook)
FORFEIT_PRESTIGE = 2  # per privilege not used (rulebook)
PRIVILEGES_PER_CARD = 2  # two of the three (rulebook)

# -- auctions (rulebook) ------------------------------------------------------------------------
SECOND_PRIZE = 100
THIRD_PRIZE = 50
TILE_LOSS_MONEY = 100  # consolation for a lost level tile
TILE_LOSS_PRESTIGE = 1

# -- score track (rulebook) ---------------------------------------------------------------------
CHURCH_CAP = 25
CATHEDRAL_CAP = 45

# -- bank ---------------------------------------------------------------------------------------
# The 72 bank notes: 18 x 50, 32 x 100, 22 x 500 = 15100 guilders (rulebook). The bank counts as
# unlimited in practice (components.md): its balance is kept so that money is conserved, and it may
# go below zero as if more notes were printed.
BANK_START = 18 * 50 + 32 * 100 + 22 * 500

# -- rules the rulebook leaves open, decided by the project ---------------------------------
NO_WINNER_RULE = (
    "When every player passes, nobody wins that auction and the player who opened it also opens "
    "the next one (and, after Maximilian, receives the first cards and opens Philipp next round)."
)
PRIZE_ORDER_RULE = (
    "Finalists are ranked by their highest single card; at Maximilian equal values are ordered "
    "Maria > Leo > Louise > Philipp. Every note is unique, so this ranks all finalists without ties "
    "(the 100 guilders go to the second, the 50 to the third)."
)
START_PLAYER_RULE = (
    "All players start equally wealthy, so the start player is drawn at random."
)
SHORTAGE_RULE = (
    "Too few cards to deal (draw and discard piles together): each player with cards in hand "
    "discards one secretly; those cards go under the draw pile; repeat until there are enough. "
    "Then the first card goes to the Maximilian winner and the draw pile is reshuffled."
)
CATHEDRAL_RULE = (
    "A cathedral may be built without a church, but the score still stops at 25 until a church "
    "is built."
)
TIED_PLACES_RULE = (
    "The rulebook breaks ties only for the win (the most expensive cathedral, then church); players tied "
    "lower down are placed by the same order, and players it does not tell apart (none has built either) "
    "share their place, or the win."
)

CHOSEN_VALUES: tuple[tuple[str, str], ...] = (
    ("Note cost", "values 1-6: 200, 7-12: 300, 13-17: 400 guilders"),
    ("Churches", ", ".join(map(str, CHURCHES)) + " guilders, top to bottom"),
    ("Cathedrals", ", ".join(map(str, CATHEDRALS)) + " guilders, top to bottom"),
    ("Weapons", ", ".join(map(str, WEAPONS)) + " prestige per round, top to bottom"),
    ("Patents of Nobility", ", ".join(map(str, PATENTS)) + " prestige per round, top to bottom"),
    ("Mintmaster / Builder tiles", f"{MINTMASTERS} each"),
    ("Privilege cards", "contents of the ten cards (each kind five times)"),
)
CHOSEN_RULES: tuple[tuple[str, str], ...] = (
    ("No winner", NO_WINNER_RULE),
    ("Prize order", PRIZE_ORDER_RULE),
    ("Start player", START_PLAYER_RULE),
    ("Too few cards", SHORTAGE_RULE),
    ("Cathedral first", CATHEDRAL_RULE),
    ("Tied places", TIED_PLACES_RULE),
)
# Of those, rules the rulebook gives, whose details it leaves open (an auction everyone passes has no
# winner, but who opens next is not said; the prize ranking beyond Maximilian's tie order; how the
# discards for too few cards are made): only the details are chosen.
DETAILED_RULES = frozenset({"No winner", "Prize order", "Too few cards"})
CHOSEN = CHOSEN_VALUES + CHOSEN_RULES
