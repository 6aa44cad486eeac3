"""Augsburg 1520's rules summary and components, as `/rules` shows them."""

from __future__ import annotations

from games.augsburg1520 import data

RULES_SUMMARY = f"""\
2-5 players, players + 2 rounds. Start: {data.START_MONEY} guilders, {data.START_JOKERS} jokers and {data.START_CARDS} \
dealt cards to buy at their cost (secretly, all at once). Hands are secret; card backs show the cost. Money may be \
kept face down (table option).
**Visits.** Each round five auctions: Philipp, Louise, Leo, Maria, Maximilian. The start player opens the first, \
then the previous winner. Pass (final for that auction), hold, or raise the number of cards bid; only that noble's \
notes and jokers count (any notes at Maximilian), never jokers alone. Bidding ends when it returns unraised to the \
high bidder. A lone high bidder discards the bid. Tied bidders show their cards at once: the highest single card \
wins (a joker has no value; at Maximilian equal values go Maria > Leo > Louise > Philipp) and its bidder discards \
every card they showed; the others take theirs back, 2nd gets {data.SECOND_PRIZE} and 3rd {data.THIRD_PRIZE} guilders. {data.NO_WINNER_RULE}
**Privileges.** The winner takes a displayed privilege card and uses up to two of its three privileges \
(2 prestige for each of the two not used): money {data.MONEY_PRIVILEGE}, prestige 6/7, cards (draw 2, discard any 1), \
agency (next level, or {data.AGENCY_MONEY} guilders from level 2), peerage (next level, or Weapon from level 3, \
Patent from level 4), office (next level, or Mintmaster from level 3, Builder from level 4, or build the top \
church/cathedral at any level). Levels are never skipped; taking level 4 returns the level-3 tile. Only when the \
pool is empty is a tile taken from another player, who drops one level and takes {data.TILE_LOSS_MONEY} guilders \
or {data.TILE_LOSS_PRESTIGE} prestige. Rights are never lost; one of each. A Builder builds one extra church or \
cathedral per privilege card; a Mintmaster gets one free note at each round's end.
**Score.** Never past {data.CHURCH_CAP} without a church, never past {data.CATHEDRAL_CAP} without a cathedral.
**End of round.** Income by agency level, prestige by peerage level plus Weapon and Patent, cards by office level \
(free cards first, to hand), dealt from the Maximilian winner on and bought secretly; unclaimed privilege cards \
are discarded; the next 5 are shown (all 10 reshuffled every other round). The last round scores prestige only.
**End.** Most prestige wins; ties go to the most expensive cathedral, else the most expensive church."""


def components_text() -> str:
    tiles = "; ".join(f"{n} players {a}/{b}/{c}" for n, (a, b, c) in data.LEVEL_TILES.items())
    privileges = "\n".join(f"#{n}: " + ", ".join(data.PRIVILEGE_NAMES[p] for p in codes)
                           for n, codes in data.PRIVILEGE_CARDS.items())
    lines = [
        f"Notes: values 1-{data.NOTE_VALUES} for Philipp, Louise, Leo, Maria; "
        f"{data.JOKERS} jokers at {data.JOKER_COST}",
        "Note cost (chosen): " + ", ".join(f"{lo}-{hi}: {cost}" for lo, hi, cost in data.NOTE_COST_BANDS),
        f"Level tiles per category, levels 2/3/4: {tiles}",
        "Agencies: " + " / ".join(f"{n} {g}" for n, g in zip(data.LEVEL_NAMES['agency'], data.INCOME)) + " guilders",
        "Peerage: " + " / ".join(f"{n} {p}" for n, p in zip(data.LEVEL_NAMES['peerage'], data.PEERAGE_PRESTIGE))
        + " prestige",
        "Offices: " + " / ".join(f"{n} {f + d if not f else f'{f} free + {d}'}"
                                 for n, (f, d) in zip(data.LEVEL_NAMES['office'], data.OFFICE_CARDS)) + " cards",
        f"Churches (chosen): {', '.join(map(str, data.CHURCHES))}",
        f"Cathedrals (chosen): {', '.join(map(str, data.CATHEDRALS))}",
        f"Weapons (chosen): {', '.join(map(str, data.WEAPONS))} prestige a round",
        f"Patents of Nobility (chosen): {', '.join(map(str, data.PATENTS))} prestige a round",
        f"Mintmaster and Builder (chosen): {data.MINTMASTERS} each",
        f"Bank: unlimited in practice; start {data.START_MONEY} guilders and {data.START_JOKERS} jokers each",
        f"Privilege cards (contents chosen):\n{privileges}",
    ]
    return "\n".join(lines)
