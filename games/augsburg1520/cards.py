"""Promissory notes and jokers as small integers.

Cards 0-67 are the notes (17 per noble, in `NOBLES` order), cards 68-79 the jokers. The state
keeps these integers; views and actions use the string ids ("maria-14", "joker-3").
"""

from __future__ import annotations

from games.augsburg1520 import data

NOTE_COUNT = len(data.NOBLES) * data.NOTE_VALUES
CARD_COUNT = NOTE_COUNT + data.JOKERS
JOKER_IDS = range(NOTE_COUNT, CARD_COUNT)


def _note_cost(value: int) -> int:
    for low, high, cost in data.NOTE_COST_BANDS:
        if low <= value <= high:
            return cost
    raise ValueError(f"no cost for note value {value}")


def _build() -> tuple[tuple[str, ...], tuple[str, ...], tuple[int, ...], tuple[int, ...]]:
    ids, nobles, values, costs = [], [], [], []
    for card in range(CARD_COUNT):
        if card < NOTE_COUNT:
            noble, value = data.NOBLES[card // data.NOTE_VALUES], card % data.NOTE_VALUES + 1
            ids.append(f"{noble}-{value}")
            costs.append(_note_cost(value))
        else:
            noble, value = "joker", 0
            ids.append(f"joker-{card - NOTE_COUNT + 1}")
            costs.append(data.JOKER_COST)
        nobles.append(noble)
        values.append(value)
    return tuple(ids), tuple(nobles), tuple(values), tuple(costs)


CARD_ID, CARD_NOBLE, CARD_VALUE, CARD_COST = _build()
CARD_BY_ID: dict[str, int] = {card_id: card for card, card_id in enumerate(CARD_ID)}
# Maximilian's tie-break: a higher rank wins among equal values (Maria highest, jokers lowest).
NOBLE_RANK: dict[str, int] = {noble: rank for rank, noble in enumerate(data.NOBLES)} | {"joker": -1}
# Sort key of a card's strength in a revealed bid: value first, then the noble's rank.
CARD_STRENGTH: tuple[tuple[int, int], ...] = tuple(
    (CARD_VALUE[c], NOBLE_RANK[CARD_NOBLE[c]]) if c < NOTE_COUNT else (-1, -1) for c in range(CARD_COUNT)
)


# SUITABILITY[auction][card]: 0 = may not be bid there, 1 = a joker, 2 = a note that may be bid.
SUITABILITY: tuple[tuple[int, ...], ...] = tuple(
    tuple(1 if c >= NOTE_COUNT else 2 if noble == "maximilian" or CARD_NOBLE[c] == noble else 0
          for c in range(CARD_COUNT))
    for noble in data.AUCTIONS
)


def is_joker(card: int) -> bool:
    return card >= NOTE_COUNT


def suits(card: int, auction_noble: str) -> bool:
    """May this card be bid at this noble's auction? (Jokers always; any note at Maximilian.)"""
    return card >= NOTE_COUNT or auction_noble == "maximilian" or CARD_NOBLE[card] == auction_noble


def label(card: int) -> str:
    """A card's face in words, e.g. "Maria 14" or "Joker" (no id, so it can be shown publicly)."""
    if card >= NOTE_COUNT:
        return "Joker"
    return f"{data.NOBLE_NAMES[CARD_NOBLE[card]]} {CARD_VALUE[card]}"


def parse(card_id: str) -> int:
    try:
        return CARD_BY_ID[card_id]
    except KeyError:
        raise ValueError(f"There is no card {card_id!r}.") from None


def sorted_cards(cards: list[int]) -> list[int]:
    """Cards as a hand is shown: by noble in the order of the visits, then strength (jokers last)."""
    return sorted(cards, key=lambda c: (data.NOBLES.index(CARD_NOBLE[c]) if c < NOTE_COUNT else 9, CARD_STRENGTH[c], c))
