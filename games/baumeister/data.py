"""Component data of Wettstreit der Baumeister.

Each value says where it comes from (see shared/rules/components.md):
- rulebook: printed in the rules text;
- sourced: from public rule summaries of the game;
- chosen: printed nowhere we can read; the project's own decision.

Cards are plain ints 0..39 inside the engine (fast to copy); views show the string ids.
"""

from __future__ import annotations

from dataclasses import dataclass

# Building types, in the order the rulebook lists them.
CORNER_TOWER, TOWER, GATE, TOWN_HALL, CHURCH = 0, 1, 2, 3, 4
TYPE_KEYS = ("corner_tower", "tower", "gate", "town_hall", "church")
TYPE_NAMES = ("Corner tower", "Tower", "City gate", "Town hall", "Church")
TYPE_PLURALS = ("Corner towers", "Towers", "City gates", "Town halls", "Churches")
_ID_PREFIX = ("corner", "tower", "gate", "hall", "church")


@dataclass(frozen=True)
class Card:
    index: int
    id: str
    type: int
    value: int
    shields: int
    coins: int

    @property
    def type_key(self) -> str:
        return TYPE_KEYS[self.type]

    @property
    def name(self) -> str:
        """e.g. "Tower 1 (2 shields)" or "City gate 3 (2 coins)"."""
        extra = ""
        if self.shields:
            extra = f" ({self.shields} shield{'s' if self.shields > 1 else ''})"
        elif self.coins:
            extra = f" ({self.coins} coin{'s' if self.coins > 1 else ''})"
        return f"{TYPE_NAMES[self.type]} {self.value}{extra}"


# rulebook: "Corner Tower - 5 pairs: 2x 1+VV, 2x 2+V, 1x 3+V" (so 4 + 4 + 2 cards),
# "Tower - 6: 2x 1+VV, 2x 2+V, 2x 3+V", "City gate - 10: 2x 2+@@, 3x 3+@@, 3x 4+@, 2x 5+@",
# "Town hall - 6: 5, 5, 6, 6, 7, 7", "Church - 8: 4, 5, 5, 6, 6, 7, 8, 9".
# Each entry: (type, value, shields, coins, number of cards).
PRINTS: tuple[tuple[int, int, int, int, int], ...] = (
    (CORNER_TOWER, 1, 2, 0, 4),
    (CORNER_TOWER, 2, 1, 0, 4),
    (CORNER_TOWER, 3, 1, 0, 2),
    (TOWER, 1, 2, 0, 2),
    (TOWER, 2, 1, 0, 2),
    (TOWER, 3, 1, 0, 2),
    (GATE, 2, 0, 2, 2),
    (GATE, 3, 0, 2, 3),
    (GATE, 4, 0, 1, 3),
    (GATE, 5, 0, 1, 2),
    (TOWN_HALL, 5, 0, 0, 2),
    (TOWN_HALL, 6, 0, 0, 2),
    (TOWN_HALL, 7, 0, 0, 2),
    (CHURCH, 4, 0, 0, 1),
    (CHURCH, 5, 0, 0, 2),
    (CHURCH, 6, 0, 0, 2),
    (CHURCH, 7, 0, 0, 1),
    (CHURCH, 8, 0, 0, 1),
    (CHURCH, 9, 0, 0, 1),
)


def _build_cards() -> tuple[Card, ...]:
    cards = []
    for type_, value, shields, coins, count in PRINTS:
        for copy in range(count):
            card_id = f"{_ID_PREFIX[type_]}-{value}{'abcd'[copy]}"
            cards.append(Card(len(cards), card_id, type_, value, shields, coins))
    return tuple(cards)


CARDS: tuple[Card, ...] = _build_cards()
CARD_BY_ID: dict[str, Card] = {card.id: card for card in CARDS}
NUM_CARDS = len(CARDS)  # rulebook: 40 building cards

# Fast per-card lookups for the engine.
NAMES = tuple(card.name for card in CARDS)
IDS = tuple(card.id for card in CARDS)
TYPE = tuple(card.type for card in CARDS)
VALUE = tuple(card.value for card in CARDS)
SHIELDS = tuple(card.shields for card in CARDS)
COINS = tuple(card.coins for card in CARDS)
# rulebook: "Tower and Corner Tower are regarded as buildings of same type."
GROUP = tuple(TOWER if card.type == CORNER_TOWER else card.type for card in CARDS)
# Cards with the same type and value play identically; `KIND` numbers those classes.
_KIND_KEYS = sorted({(card.type, card.value) for card in CARDS})
KIND = tuple(_KIND_KEYS.index((card.type, card.value)) for card in CARDS)

# The die. sourced: faces 1-5 and a saboteur face in place of the 6.
SABOTEUR_FACE = 0
DIE_FACES = (1, 2, 3, 4, 5, SABOTEUR_FACE)

# Coins. rulebook: "20 golden coins in the value of 3 Thalers, 30 silvery coins in the value
# of 1 Thalers"; "Furthermore gets each coins in the value of 10 Thalers."
COIN_SUPPLY = 20 * 3 + 30 * 1
START_MONEY = 10
# chosen: the rulebook does not say what happens when the cash supply runs dry;
# a player then receives only what is left in it.
SHORT_SUPPLY_RULE = "When the cash supply runs short, a player receives only what is left in it."
# chosen: "The player whose city scores most points at the end wins" names no tie-break.
EQUAL_SCORES_RULE = "Players with equal scores share their place (and the win)."

# chosen: "By a roll of the die, determine the starting player" says not how: the die is rolled
# until it shows the number of a seat (1 = the first seat).
START_PLAYER_RULE = "the die is rolled until it shows a seat number (1 = the first seat)."
# chosen: the auctioneer "places an opening bid" with no minimum named: 0 is allowed.
MIN_OPENING_BID = 0

# rulebook: "5 black saboteur stones".
SABOTEURS = 5
# chosen: a saboteur bought off is "discarded with no further effect", where a rolled attack's "is
# returned to the pool": read as the same place, the reserve (a stone out of the game for good would
# leave fewer to roll for, a rule the text would state).
PAYOFF_SABOTEUR_RULE = "A saboteur bought off with a pay-off goes back to the reserve, as one that attacked does."

# rulebook (variant): "treat the dice as having rolled 3".
SAFE_INCOME = 3
# rulebook (variant): "pay 1 Thaler to change it".
SWAP_COST = 1
# rulebook: "you may only lay out three cards per game turn"; first build "three".
CARDS_PER_TURN = 3
FIRST_BUILD = 3
# rulebook: "If a player has five or more cards in his/her hand, a saboteur may be played against them".
HAND_ATTACK_MIN = 5

# rulebook: extra points for a complete city.
BONUS_MIDDLE_HALL = 10
BONUS_CHURCHES = 5
BONUS_CORNERS = 5

# chosen: when both stacks have the same size, a card that goes "under the smaller stack"
# goes under the open stack (compared once the card is off them: a swapped open card is in
# hand). Every such card has just been seen by everyone, so it loses nothing by staying face up.
TIE_STACK = "open"

# Selection menus hold at most 25 options.
MENU_LIMIT = 25
