"""Wettstreit der Baumeister's help texts: the rules summary, the options and the components."""

from __future__ import annotations

from typing import Any

from games.baumeister import data

SHIELD, COIN = "🛡", "🪙"


OPTION_NAMES = {"swap_open_card": "Swap the open card for 1 thaler",
                "take_three": "Take 3 thalers instead of rolling",
                "first_build": "First build"}
OPTION_VALUES = {True: "on", False: "off", "exactly": "exactly 3 cards", "at_least": "at least 3 cards"}


def option_rows(options: Any) -> list[tuple[str, str, bool]]:
    """(label, chosen value, whether it is the rules text's default) for each option."""
    defaults = type(options)()
    return [(name, OPTION_VALUES[getattr(options, key)], getattr(options, key) == getattr(defaults, key))
            for key, name in OPTION_NAMES.items()]


RULES_SUMMARY = [
    "3-4 master builders buy building cards at auction and lay out a city. Highest score wins.",
    "**Set-up:** 40 building cards, 20 in an open stack and 20 face down; 10 thalers each, kept "
    "secret; 5 saboteurs in the reserve; a die roll picks the start player.",
    "**A turn:** 1. Revenues (must) · 2. Auction one card (must) · 3. Build or sabotage (may).",
    "**1. Revenues:** roll the die: 1-5 thalers, plus 1 per coin on your city gates. The saboteur "
    "face gives only the gate coins and a saboteur (from the reserve, or from any player when it "
    "is empty). Option: take 3 thalers instead of rolling.",
    "**2. Auction** the open card or the top face-down card (only the auctioneer sees it). The "
    "auctioneer opens (0 is allowed, chosen); in seat order each raises or passes for good; nobody bids "
    "more than they have. If the bidding on a face-down card comes back to the auctioneer, its "
    "type is named. The winner pays: half (rounded down) to the auctioneer, the rest to the cash "
    "supply; all to the supply if the auctioneer wins. Option: pay 1 thaler once a turn to put "
    "the open card under the smaller stack (not the last open card).",
    "**3. Build** (first time exactly 3 cards, or at least 3 with the option; later up to 3): one city in a "
    "row; one town hall; "
    "no two buildings of the same type side by side (towers and corner towers count as one type); "
    "cards never move; gaps may be filled. A corner tower ends the row; the second one only in the "
    "final round.",
    "**3. Or sabotage** (one saboteur a turn): on a building — the victim and the attacker may "
    "negotiate a pay-off (offer, counter-offers, in private); without an agreement the die must show "
    "the saboteur or more than the city's shields, and the building goes under the smaller stack. Or on a hand of 5+ cards: take a face-down card, shown "
    "to all, under the smaller stack. The saboteur returns to the reserve.",
    "**End:** whoever auctions the last card of a stack finishes the turn; then everyone may lay out "
    "up to 3 more cards once (final round, completing the city is allowed now).",
    "**Scoring:** printed values of your buildings, minus the values of cards in hand. A complete "
    "city (no gaps, corner towers at both ends) scores +10 for the town hall exactly in the middle, "
    "+5 for equal numbers of churches (not zero) on each side of the town hall (wherever it stands), +5 for "
    "equal corner towers.",
]

OPTION_HELP = [
    ("Swap the open card for 1 thaler", "on ◀ the text's variant; off = the original rules"),
    ("Take 3 thalers instead of rolling", "on ◀ the text's variant; off = the original rules"),
    ("First build", "exactly 3 cards ◀ the text; at least 3 cards = the original rules"),
]


def component_lines() -> list[str]:
    lines = ["**Building cards** (rulebook): value, 🛡 shields, 🪙 coins"]
    by_type: dict[int, list[str]] = {}
    for type_, value, shields, coins, count in data.PRINTS:
        by_type.setdefault(type_, []).append(f"{count}× {value}{SHIELD * shields}{COIN * coins}")
    for type_, prints in by_type.items():
        lines.append(f"{data.TYPE_PLURALS[type_]}: " + ", ".join(prints))
    lines += [
        f"**Coins** (rulebook): {data.COIN_SUPPLY} thalers in the box; {data.START_MONEY} each at the start, "
        "kept secret.",
        f"**Saboteurs** (rulebook): {data.SABOTEURS}.",
        "**Die** (sourced): faces 1-5 and a saboteur face.",
        f"**Empty cash supply** (chosen): {data.SHORT_SUPPLY_RULE}",
        f"**Equal scores** (chosen): {data.EQUAL_SCORES_RULE} The rules text names no tie-break.",
        "**Equal stacks** (chosen): a card that goes under the smaller stack goes under the open stack "
        "when both are the same size; the stacks are compared once the card is off them (a swapped open "
        "card is in the player's hand then).",
        f"**Start player** (chosen detail): {data.START_PLAYER_RULE}",
        f"**Opening bid** (chosen): at least {data.MIN_OPENING_BID} thalers (the rules text names no minimum).",
        "**Pay-off negotiation** (chosen): the victim opens with an offer; the other side accepts, refuses "
        "(the die decides) or counters, as often as they like, until one accepts or either breaks off. Each "
        "answer is timed; out of time counts as a refusal.",
        f"**Saboteur bought off** (chosen): {data.PAYOFF_SABOTEUR_RULE} The rules text says it is "
        "\"discarded\".",
    ]
    return lines
