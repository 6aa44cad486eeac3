"""Structured rules and component text for `/rules aelderman`: (title, lines) per table.
Values the rulebook does not print are marked "(chosen)"."""

from __future__ import annotations

from games.aelderman import data as D
from games.aelderman.improvements import ACTION_PRICE
from games.aelderman.rules import describe
from games.aelderman.scoring import requirement_text
from games.core import plural

CHOSEN_MARK = " (chosen)"


def _mark(chosen: bool) -> str:
    return CHOSEN_MARK if chosen else ""


def summary_lines() -> list[str]:
    return [
        "Short version: 2 rounds; each player has a mission (hidden from the others until the end"
        f"{CHOSEN_MARK}) with a basic, advanced and expert task. Everyone who completes at least the "
        "basic task wins.",
        "Round: (from round 2) new player order by Council Hall bids, production and operating "
        "costs (2 council votes lost per unpaid coin); sea trade in 4 periods; Council Hall.",
        "A turn: sail along routes (spend at least 1 action point in every city you pass), use "
        "at most one action per row of the city's card, or one alternative trade instead.",
        "The card where a turn starts cannot be used; action points come from the period "
        "indicator (3-5; 2-5 in the main version) and additional ones up to 6 a turn.",
        "City actions (Lübeck and own subsidiaries, after moving): property, buildings, feasts "
        "(one per turn, players-many per round); a sea action of 1+ AP is still due there. With "
        "no action point left, the ship may still sail once more (not into Lübeck or an own subsidiary), "
        "which ends the turn.",
        "Council Hall: two rows of players+1 cards; sealed influence bids; choices in bid order "
        "(ties: coins, then player order); a card needs a bid of 1+; most second-row cards pay a bonus.",
        "Solo: 3 council votes for 1 influence, then draw 3 Council Hall cards and buy one for 1.",
        "Final council votes: cards and sales + 3 per three active influence + 3 per luxury good.",
        f"Places (for ratings and tournaments){CHOSEN_MARK}: mission level, then council votes. Nobody "
        "wins when no one completes a basic task.",
        "2 players (both versions): a spare colour holds the places of the chosen setup (table "
        "option setup 1-3); its markers count for the exchange of action cards (a row they fill at "
        f"setup exchanges none{CHOSEN_MARK}) and, in the main version, its markers and buildings for "
        "the majorities.",
    ]


def main_summary_lines() -> list[str]:
    return [
        "Main version: 5 rounds, no missions; period indicators 2-3-3-4-4-5; two start boosters of "
        "each kind, keep two.",
        "Improvements: four on display (moving one to the right each round); develop one as a sea "
        "action for 3 coins and 1 influence, or with the Council Hall card (its bid pays); 3 spaces, "
        "+1 per Guild House (up to 5); each activated once per round, +1 coin per Guild House.",
        "Council orders: four on display, fulfilled as a city action once the requirement holds, "
        "never replaced.",
        "Zone control: a marker in every city of a zone gives +1 influence production (once per "
        "zone).",
        "Council Hall: ten council votes (a bid of 5 or more) and developing improvement (every "
        "round) in the top row; monopoly and individual scoring cards count at the election. A bidder "
        f"left with no card they may take takes none; the bid still counts for the player order{CHOSEN_MARK}.",
        "Lübeck: property is bought onto a site of a district; Lighthouse strength up to 5; a Guard "
        "House adds 1 to every adjacent building, across districts too.",
        "Election: zone and district majorities (1st and 2nd; a tie for first shares both, a tie "
        "for second shares second (chosen), rounded down), 3 per three influence, 3 per luxury good, "
        "council votes, scoring cards, Council orders, minus penalties. Most council votes is "
        f"elected; tied leaders share{CHOSEN_MARK}.",
        "Solo (main version): the dummy builds each round preparation, removes an improvement and "
        "perhaps a Council order by selection card from round 2 on ('for each new round'; round 1 "
        "has no preparation phase, only its dummy building, at setup (chosen)), places markers "
        "before the third period, never "
        "adds to a majority it holds unless it holds all; it is scored like a player plus its "
        "sheet's council votes. Council Hall: one of 3 votes for 1, 10 votes for 7 or an improvement for 1, "
        "then one of three drawn cards for 1.",
    ]


def main_lines() -> list[str]:
    lines = []
    for imp in D.IMPROVEMENTS.values():
        price = ACTION_PRICE.get(imp.number)  # "perform the action ...": read as at that action's price
        cost = f" Costs {price} coins, as the action does{CHOSEN_MARK}." if price else ""
        lines.append(f"Improvement {imp.number} ({imp.copies} tiles{CHOSEN_MARK}): {imp.when}: {imp.text}{cost}")
    for order in D.COUNCIL_ORDERS.values():
        lines.append(f"Council order {order.number}: {order.text} -> {describe(order.reward)}")
    for tile, items in D.MAIN_BOOSTERS.items():
        lines.append(f"{tile} (main): {describe(items)}" + CHOSEN_MARK)
    for zone, (first, second) in D.ZONE_VOTES.items():
        lines.append(f"Zone {zone}: {first} / {second} council votes" + CHOSEN_MARK)
    for district, (first, second) in D.DISTRICT_VOTES.items():
        mark = "" if district == "St. Johannis" else CHOSEN_MARK
        lines.append(f"District {district}: {first} / {second} council votes{mark}")
    lines.append(f"Lübeck: {D.SITES_PER_DISTRICT} sites per district in two rows of four; blocks: "
                 + ", ".join(f"{d} at {xy}" for d, xy in D.DISTRICT_ORIGIN.items()) + CHOSEN_MARK)
    return lines


def spare_lines() -> list[str]:
    lines = []
    for option, markers in D.DUMMY_SETUPS.items():
        cities = ", ".join(f"{city} {n}" for city, n in markers.items())
        built = ", ".join(f"{d} {s}" for d, s in D.SETUP_BUILDINGS[option])
        lines.append(f"Setup {option}: markers {cities}; buildings (strength){CHOSEN_MARK}: {built}")
    for sheet in D.DUMMY_SHEETS.values():
        rounds = "; ".join(f"round {r + 1}: build {'+'.join(map(str, b)) or '-'}, {plural(m, 'marker')}"
                           for r, (b, m) in enumerate(zip(sheet.buildings, sheet.markers)))
        lines.append(f"Dummy {sheet.name}: +{sheet.bonus_votes} council votes; {rounds}" + CHOSEN_MARK)
    lines.append(f"Every setup and sheet fits the colour's {D.PROPERTY_TILES} property tiles and {D.INFLUENCE_MARKERS} "
                 "influence markers: the dummy builds all its sheet shows, save a building no placement card leads "
                 "to a free site for, which the log names.")
    return lines


def map_lines() -> list[str]:
    known = {"blue": "Aalborg", "purple": "Hamburg", "green": "London, Edinburgh"}  # zones the rulebook gives
    lines = []
    for zone in D.ZONES:
        cities = ", ".join(c for c, z in D.CITY_ZONE.items() if z == zone)
        source = f" (chosen except {known[zone]})" if zone in known else CHOSEN_MARK
        lines.append(f"{zone}: {cities}{source}")
    lines.append("No zone: Lübeck, Levantehandel, Fernosthandel")
    lines.append("Routes" + CHOSEN_MARK + " (Lübeck-Malmö, Aalborg-Ribe, Ribe-Hamburg from the "
                 "rulebook): " + "; ".join(f"{a}-{b}" for a, b in D.ROUTES))
    return lines


def wheel_lines() -> list[str]:
    lines = ["Crates: " + "; ".join(f"{z} = {describe(g)}" for z, g in D.CRATE.items())
             + " (green, red, yellow chosen)"]
    for sector in D.SECTORS:
        rings = []
        for ring in sector.rings:
            text = _yield(ring.regular)
            if ring.luxury is not None:
                text = f"{_yield(ring.luxury)} OR {text}"
            rings.append(text)
        partly = f" (chosen, except what the rulebook gives: {sector.source})" if sector.chosen and sector.source else ""
        lines.append(f"Sector {sector.number}: " + " | ".join(rings) + (partly or _mark(sector.chosen)))
    lines.append("Zone slots: " + ", ".join(f"{z} {s}" for z, s in D.ZONE_SLOT.items()) + CHOSEN_MARK
                 + "; two starting positions (0 or 5); a free influence marker every fifth turn of the wheel")
    return lines


def _yield(item) -> str:
    parts = list(item.goods)
    if item.crates:
        parts.append(plural(item.crates, "crate"))
    if item.coins:
        parts.append(plural(item.coins, "coin"))
    if item.influence:
        parts.append(f"{item.influence} influence")
    return ", ".join(parts)


def card_lines() -> list[str]:
    lines = [f"{a.text}: {a.ap} AP" + _action_mark(a) for a in D.SEA_ACTIONS.values()]
    for card in D.ACTION_CARDS.values():
        rows = " / ".join(" · ".join(D.SEA_ACTIONS[n].text if n else "–" for n in row) for row in card.rows)
        demand = f"; sells: {', '.join(card.demand)}" if card.demand else ""
        lines.append(f"Card {card.number:03d}: {rows}{demand}" + _mark(card.chosen))
    return lines


def _action_mark(action: D.SeaAction) -> str:
    """What of an action is chosen: all of it, its amount alone (the rulebook names its action
    points: "gaining influence markers for one action point"), or its action points alone."""
    if action.chosen:
        return " (amount chosen)" if action.name in D.AP_FROM_RULEBOOK else CHOSEN_MARK
    return _ap_mark(action.name)


def _ap_mark(name: str) -> str:
    """An action the rulebook prints whose action points the project chose."""
    return "" if name in D.AP_FROM_RULEBOOK else " (AP chosen)"


def trade_lines() -> list[str]:
    """The rulebook's values for trading and placing (aelderman.txt: selling goods, placing influence
    markers, luxury goods)."""
    levels = "; ".join(f"{'I' * n if n < 4 else 'IV'} {', '.join(D.BY_LEVEL[n])}" for n in sorted(D.BY_LEVEL))
    sales = "; ".join(f"{count} goods: {describe(gain)}" for count, gain in D.SALES.items())
    luxury = "; ".join(f"{good} only in the {' and '.join(zones)} zones" for good, zones in D.LUXURY_ZONES.items())
    return [
        f"Goods levels: {levels}; luxury goods: {', '.join(D.LUXURY)}",
        f"Selling goods (the city's demand, left to right): {sales}; 6 and 8 need a luxury good; a sale's "
        f"markers are placed in that city at no cost but a subsidiary's {D.SUBSIDIARY_EXTRA} coins{CHOSEN_MARK}",
        f"Luxury goods are bought in the resource wheel's outer ring for 3 action points: {luxury}; or for "
        f"{D.SEA_ACTIONS['pelt'].coins} coins each with an action card's Pelt or Spices action, in any zone",
        f"Placing influence markers: from the general supply, on a city's banner ({D.BANNER_SPACES} spaces, "
        f"left to right, top to bottom; a full row of two exchanges the action card) or as its one "
        f"subsidiary (+{D.SUBSIDIARY_EXTRA} coins; never exchanges the card)",
    ]


def building_lines() -> list[str]:
    lines = []
    for b in D.BUILDINGS.values():
        cost = describe({**b.goods, **({"coins": b.coins} if b.coins else {})})
        stock = _mark(not b.chosen)  # the number of tiles is chosen for every building
        lines.append(f"{b.name} (strength {b.strength}, {b.stock} tiles{stock}): {cost}. {b.text}"
                     + _mark(b.chosen))
    return lines


def council_lines() -> list[str]:
    """A card the rulebook prints has its text unmarked: its foot marking (the bonus) is chosen, and
    so are the numbers of the cards it names without one (3 and 10 votes, developing improvement)."""
    numbered = {*D.VOTES3_CARDS, *D.TEN_VOTES_CARDS, D.IMPROVE_CARD}
    lines = []
    for card in sorted(D.COUNCIL_CARDS.values(), key=lambda card: card.number):
        whole = card.chosen and card.number not in numbered
        bonus = f" Second-row bonus: {describe(card.bonus)}{'' if whole else CHOSEN_MARK}." if card.bonus else ""
        number = f"{card.number}{' (number chosen)' if card.number in numbered else ''}"
        lines.append(f"{number}: {card.text}{bonus}" + _mark(whole))
    return lines


def setup_lines() -> list[str]:
    lines = [f"Start: {D.START_COINS} coins{CHOSEN_MARK}, {D.START_INFLUENCE} influence, storage "
             f"{D.PLAYER_STORAGE}, {D.PROPERTY_TILES} property tiles, {D.INFLUENCE_MARKERS} markers"]
    for tile, items in D.START_BOOSTERS.items():
        lines.append(f"{tile}: {describe(items)}" + CHOSEN_MARK)
    for r in D.ROUNDS.values():
        big = f"; big feast {describe(r.big_feast[0])} -> {r.big_feast[1]} influence" if r.big_feast else ""
        lines.append(f"Round {r.round}: property {r.property_cost} coins; small feast "
                     f"{describe(r.small_feast[0])} -> {r.small_feast[1]} influence{big}" + CHOSEN_MARK)
    buy = ", ".join(f"{g} {p}" for g, p in D.BUY_PRICE.items())
    sell = ", ".join(f"{g} {p}" for g, p in D.SELL_PRICE.items())
    lines.append(f"Alternative trade buy: {buy} (beer 3 from the rulebook, rest chosen)")
    lines.append(f"Alternative trade sell: {sell}" + CHOSEN_MARK)
    return lines


def _level_texts(items) -> list[str]:
    """What one level of a mission adds. A marker to place in a given city, counted among the markers
    placed too (Rinck's expert task: "1x place influence marker in Edinburgh"), reads as one marker."""
    extra = {count: subject for kind, subject, count in items if kind == "placed_extra_in"}
    texts = []
    for kind, subject, count in items:
        if kind == "placed" and count in extra:
            texts.append(f"{plural(count, 'more influence marker')} placed, in {extra[count]}")
        elif not (kind == "placed_extra_in" and ("placed", "", count) in items):
            texts.append(requirement_text(kind, subject, count))
    return texts


def mission_lines() -> list[str]:
    lines = []
    for mission in D.MISSIONS.values():
        for number, (level, items) in enumerate(zip(D.LEVELS, mission.levels)):
            text = "; ".join(_level_texts(items))
            adds = f" (besides the {D.LEVELS[number - 1]} task)" if number else ""
            lines.append(f"{mission.name} {level}{adds}: {text}")
    return lines


def component_tables() -> list[tuple[str, list[str]]]:
    return [
        ("Rules summary", summary_lines()),
        ("Sea map", map_lines()),
        ("Resource wheel", wheel_lines()),
        ("Action cards", card_lines()),
        ("Trading and placing", trade_lines()),
        ("Buildings", building_lines()),
        ("Council Hall cards", council_lines()),
        ("Setup, rounds and prices", setup_lines()),
        ("Missions", mission_lines()),
        ("Main version", main_summary_lines()),
        ("Main version components", main_lines()),
        ("2 players and solo: spare colour and dummy", spare_lines()),
    ]
