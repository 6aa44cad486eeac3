"""Sea actions and the action cards (001-003 short side, 007-037).

Every action sits in a column that fixes its price in action points: left 1, middle 2,
right 3 (rulebook). Which actions each card shows is chosen (the card faces are not in the text).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SeaAction:
    """One action printed on an action card."""

    name: str
    family: str  # buy, sell, upgrade, split, place, influence, wheel, luxury, production, votes, swap
    ap: int
    amount: int = 1  # ring+1 for buy, markers, upgrades, splits, influence, wheel steps, production
    coins: int = 0  # coins paid (positive) for the action
    bonus_coins: int = 0  # coins received
    target: str = ""  # the luxury good or the produced thing
    chosen: bool = False
    text: str = ""


def _a(name: str, family: str, ap: int, text: str, *, chosen: bool = False, **kw) -> SeaAction:
    return SeaAction(name=name, family=family, ap=ap, text=text, chosen=chosen, **kw)


# Rulebook values: placing 1 marker 5 coins, 2 for 9; upgrades 2x/3x give 1/2 coins; luxury 7 coins;
# production of action points/influence +1 for 6, +2 for 8; fish +1 for 5; 10 council votes for 18;
# swapping action cards 3 coins; selling 4 for one action point, 4/6/8 for two.
# Action points the rulebook gives: buying goods 1-3 ("If you invest one action point ..."), selling
# ("With a sale for one action point ... for two action points"), Eric's "nine coins to place two
# influence markers ... for two action points", Anna's "three action points to increase her action
# point production by two", Eric's "gaining influence markers for one action point" and "spends the
# last action point in Hamburg to increase production of fish for five coins". The others are the
# columns the chosen action cards print them in.
AP_FROM_RULEBOOK = frozenset({"buy1", "buy2", "buy3", "sell1", "sell2", "place2", "prod_ap2", "influence1",
                              "prod_fish"})

SEA_ACTIONS: dict[str, SeaAction] = {a.name: a for a in (
    _a("buy1", "buy", 1, "Buy goods: inner ring", amount=1),
    _a("buy2", "buy", 2, "Buy goods: middle ring", amount=2),
    _a("buy3", "buy", 3, "Buy goods: outer ring", amount=3),
    _a("sell1", "sell", 1, "Sell the first 4 goods", amount=4),
    _a("sell2", "sell", 2, "Sell 4, 6 or 8 goods", amount=8),
    _a("upgrade1", "upgrade", 1, "Upgrade 1 good", amount=1),
    _a("upgrade2", "upgrade", 2, "Upgrade 2 goods, +1 coin", amount=2, bonus_coins=1),
    _a("upgrade3", "upgrade", 3, "Upgrade 3 goods, +2 coins", amount=3, bonus_coins=2),
    _a("split1", "split", 1, "Split 1 good", amount=1, chosen=True),
    _a("split2", "split", 2, "Split 2 goods", amount=2, chosen=True),
    _a("place1", "place", 1, "Place 1 influence marker (5 coins)", amount=1, coins=5),
    _a("place2", "place", 2, "Place 2 influence markers (9 coins)", amount=2, coins=9),
    _a("influence1", "influence", 1, "Gain 1 influence", amount=1, chosen=True),
    _a("influence2", "influence", 2, "Gain 2 influence", amount=2, chosen=True),
    _a("influence3", "influence", 3, "Gain 4 influence", amount=4, chosen=True),
    _a("wheel1", "wheel", 1, "Turn the wheel 1, +1 coin", amount=1, bonus_coins=1, chosen=True),
    _a("wheel2", "wheel", 2, "Turn the wheel 1-2, +2 coins", amount=2, bonus_coins=2, chosen=True),
    _a("pelt", "luxury", 1, "Buy 1 pelt (7 coins)", coins=7, target="pelt"),
    _a("spices", "luxury", 1, "Buy 1 spices (7 coins)", coins=7, target="spices"),
    _a("prod_ap1", "production", 2, "+1 action point production (6 coins)", coins=6, target="ap"),
    _a("prod_ap2", "production", 3, "+2 action point production (8 coins)", amount=2, coins=8,
       target="ap"),
    _a("prod_influence1", "production", 2, "+1 influence production (6 coins)", coins=6,
       target="influence"),
    _a("prod_influence2", "production", 3, "+2 influence production (8 coins)", amount=2, coins=8,
       target="influence"),
    _a("prod_fish", "production", 1, "+1 fish production (5 coins)", coins=5, target="fish"),
    _a("prod_stone", "production", 1, "+1 stone production (5 coins)", coins=5, target="stone",
       chosen=True),
    _a("prod_wood", "production", 1, "+1 wood production (3 coins)", coins=3, target="wood",
       chosen=True),
    _a("prod_wheat", "production", 1, "+1 wheat production (3 coins)", coins=3, target="wheat",
       chosen=True),
    _a("votes", "votes", 2, "10 council votes (18 coins)", coins=18),
    _a("swap", "swap", 1, "Swap two action cards (3 coins)", coins=3),
)}


@dataclass(frozen=True)
class ActionCard:
    number: int
    rows: tuple[tuple[str | None, str | None, str | None], tuple[str | None, str | None, str | None]]
    demand: tuple[str, ...] = ()  # 8 tokens, left to right: a good, "any" or "luxury"
    chosen: bool = True
    short: bool = True


def _card(number: int, top: str, bottom: str, demand: str = "") -> ActionCard:
    def row(text: str) -> tuple[str | None, str | None, str | None]:
        slots = [None if s == "-" else s for s in text.split()]
        return (slots[0], slots[1], slots[2])

    return ActionCard(number, (row(top), row(bottom)), tuple(demand.split()))


# Demand rows: positions 1-4 are sold with 4 goods, the 5th is always a luxury good (the rulebook:
# "When selling six or eight goods you always need a luxury good").
ACTION_CARDS: dict[int, ActionCard] = {c.number: c for c in (
    # 001-003 stay in Lübeck, Levantehandel and Fernosthandel (short-version side).
    _card(1, "upgrade1 upgrade2 upgrade3", "sell1 sell2 -", "wood wheat any any luxury any any any"),
    _card(2, "spices sell2 -", "split1 wheel2 -", "tools beer any any luxury meat glass any"),
    _card(3, "pelt sell2 -", "upgrade1 influence2 -", "wood stone any any luxury tools beer any"),
    # 007-009 are the cards of the rulebook's Aalborg, Ribe and Hamburg examples.
    _card(7, "buy1 buy2 buy3", "sell1 place2 -", "wood wheat wheat meat luxury stone beer any"),
    _card(8, "buy1 - buy3", "influence1 sell2 -", "stone fish any any luxury beer meat any"),
    _card(9, "prod_fish place2 prod_ap2", "buy1 upgrade2 -"),
    _card(10, "buy1 buy2 -", "place1 - influence3", ),
    _card(11, "sell1 buy2 -", "wheel1 - buy3", "wood stone any any luxury glass meat any"),
    _card(12, "buy1 buy2 buy3", "swap place2 -"),
    _card(13, "place1 place2 -", "buy1 - buy3"),
    _card(14, "buy1 sell2 -", "prod_wood prod_influence1 -", "wheat fish any any luxury tools meat any"),
    _card(15, "upgrade1 buy2 upgrade3", "pelt place2 -"),
    _card(16, "buy1 buy2 -", "prod_stone place2 prod_influence2"),
    _card(17, "sell1 sell2 -", "buy1 - buy3", "wood wood any any luxury fish beer any"),
    _card(18, "influence1 buy2 -", "place1 votes -"),
    _card(19, "buy1 wheel2 buy3", "split1 place2 -"),
    _card(20, "spices buy2 -", "place1 - upgrade3"),
    _card(21, "buy1 place2 -", "sell1 - influence3", "wheat stone any any luxury glass tools any"),
    _card(22, "prod_wheat buy2 buy3", "upgrade1 influence2 -"),
    _card(23, "buy1 buy2 -", "sell1 prod_ap1 -", "fish fish any any luxury stone glass any"),
    _card(24, "swap upgrade2 -", "buy1 place2 buy3"),
    _card(25, "pelt place2 -", "buy1 buy2 -"),
    _card(26, "buy1 - buy3", "prod_fish sell2 -", "wood wheat any any luxury fish beer glass"),
    _card(27, "place1 buy2 -", "wheel1 - prod_ap2"),
    _card(28, "buy1 split2 -", "influence1 - buy3"),
    _card(29, "upgrade1 buy2 buy3", "place1 - -"),
    _card(30, "buy1 buy2 -", "spices influence2 -"),
    _card(31, "sell1 buy2 -", "place1 - buy3", "stone wheat any any luxury meat tools any"),
    _card(32, "buy1 votes -", "prod_stone place2 -"),
    _card(33, "influence1 buy2 buy3", "sell1 place2 -", "beer wood any any luxury stone wheat any"),
    _card(34, "buy1 upgrade2 -", "pelt - influence3"),
    _card(35, "wheel1 buy2 -", "buy1 sell2 -", "tools stone any any luxury glass fish any"),
    _card(36, "buy1 place2 buy3", "prod_wood prod_influence1 -"),
    _card(37, "place1 buy2 -", "spices sell2 -", "fish beer any any luxury meat wheat glass"),
)}
FIXED_CARDS: dict[str, int] = {"Lübeck": 1, "Levantehandel": 2, "Fernosthandel": 3}
DRAW_CARDS: tuple[int, ...] = tuple(range(7, 38))


def card_action_cost(col: int) -> int:
    """Left column 1 action point, middle 2, right 3 (rulebook)."""
    return col + 1


def check_columns(cards: dict[int, ActionCard], actions: dict[str, SeaAction]) -> None:
    """Every action sits in the column of its price; a card sells goods exactly when it has a
    demand row of eight, whose fifth good is a luxury good."""
    for card in cards.values():
        for row in card.rows:
            for col, name in enumerate(row):
                if name is not None:
                    assert actions[name].ap == card_action_cost(col), (card.number, name)
        has_sale = any(actions[n].family == "sell" for row in card.rows for n in row if n)
        assert has_sale == bool(card.demand), card.number
        assert not card.demand or (len(card.demand) == 8 and card.demand[4] == "luxury")


check_columns(ACTION_CARDS, SEA_ACTIONS)
CHOSEN = frozenset({"ACTION_CARDS", "SEA_ACTIONS.split", "SEA_ACTIONS.influence",
                    "SEA_ACTIONS.wheel", "SEA_ACTIONS.prod_stone", "SEA_ACTIONS.prod_wood",
                    "SEA_ACTIONS.prod_wheat", "SEA_ACTIONS.ap columns of luxury, votes, swap"})
