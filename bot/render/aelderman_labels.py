"""Aelderman texts for choices: button and menu labels, menu groups, and short item texts.

Labels name players as {p0}, {p1}...; the table fills in their names.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any, Callable

from games.aelderman import data as D
from games.aelderman.improvements import described
from games.aelderman.orders import reward_text
from games.core import plural
from play.common import cut_to

ITEM_NAMES = {"ap": "action point", "votes": "council vote", "coins": "coin", "influence": "influence"}
PLURAL = {"action point", "council vote", "coin"}
SHORT_ACTION = {
    "buy1": "Buy I", "buy2": "Buy II", "buy3": "Buy III", "sell1": "Sell 4", "sell2": "Sell 4/6/8",
    "upgrade1": "Upgrade 1", "upgrade2": "Upgrade 2 +1c", "upgrade3": "Upgrade 3 +2c",
    "split1": "Split 1", "split2": "Split 2", "place1": "Place 1 (5c)", "place2": "Place 2 (9c)",
    "influence1": "+1 infl.", "influence2": "+2 infl.", "influence3": "+4 infl.",
    "wheel1": "Wheel +1c", "wheel2": "Wheel 1-2 +2c", "pelt": "Pelt (7c)", "spices": "Spices (7c)",
    "prod_ap1": "+1 AP prod. (6c)", "prod_ap2": "+2 AP prod. (8c)",
    "prod_influence1": "+1 infl. prod. (6c)", "prod_influence2": "+2 infl. prod. (8c)",
    "prod_fish": "+fish prod. (5c)", "prod_stone": "+stone prod. (5c)",
    "prod_wood": "+wood prod. (3c)", "prod_wheat": "+wheat prod. (3c)",
    "votes": "10 votes (18c)", "swap": "Swap cards (3c)", "improve": "Improvement (3c, 1 infl.)",
}
COLUMNS = ("left", "middle", "right")
LABEL_LIMIT = 80  # labels are cut here (a button holds 80 characters)
MENU_LABEL_LIMIT = 100  # and a menu's option 100
ABILITY_TEXT = {
    "carpentry": f"turn {D.CARPENTRY_WOOD} wood into {D.CARPENTRY_WOOD} council votes",
    "lighthouse": "pay 2 stone for +1 strength",
}


def fit(text: str, limit: int) -> str:
    """`text` within `limit` characters: cut after a whole word where one ends near the limit
    (never inside a character drawn from several), ending "…"."""
    text = text.strip() or "…"
    if len(text) <= limit:
        return text
    cut = cut_to(text, limit)[:-1]
    words = cut.rsplit(" ", 1)[0]
    return (words if " " in cut and len(words) >= limit - 20 else cut).rstrip(" ,;:") + "…"


def display_spots(view: Any) -> list[tuple[int, Any]]:
    """The improvement display's spots, 1 to 4 from the left, each with its improvement or None:
    once the pile has run out, spots on the left stay empty (the solo dummy's selection cards
    count them too)."""
    empty = D.IMPROVEMENT_DISPLAY - len(view.display)
    return [(spot, view.display[spot - 1 - empty] if spot > empty else None)
            for spot in range(1, D.IMPROVEMENT_DISPLAY + 1)]


def items_text(items: dict[str, int]) -> str:
    """'2 wood, 1 stone, 3 coins'; production keys read 'fish production'."""
    return _items_text(tuple(items.items()))


@lru_cache(maxsize=4096)  # a board and a panel name some ten supplies, most of them as on the last move
def _items_text(items: tuple[tuple[str, int], ...]) -> str:
    parts = []
    for key, count in items:
        if not count:
            continue
        name = ITEM_NAMES.get(key, key)
        if name in PLURAL and count != 1:
            name += "s"
        if key.startswith("prod_"):
            name = f"{ITEM_NAMES.get(key[5:], key[5:])} production"
        parts.append(f"{count} {name}")
    return ", ".join(parts) or "nothing"


def goods_list_text(goods: list[str]) -> str:
    """['fish', 'stone', 'stone'] -> '1 fish, 2 stone'."""
    return items_text(dict(Counter(goods)))


def yield_text(goods: list[str], coins: int = 0, influence: int = 0) -> str:
    return items_text({**Counter(goods), "coins": coins, "influence": influence})


def card_summary(card: Any) -> str:
    """An action card in one line, columns kept: 'Buy I · Buy II · – / Sell 4 · Place 2 (9c) · –'."""
    summary = _CARD_SUMMARIES.get(card.number)
    if summary is None:
        rows = [" · ".join("–" if s is None else SHORT_ACTION.get(s.action, s.text) for s in row)
                for row in card.rows]
        summary = _CARD_SUMMARIES[card.number] = " / ".join(rows)
    return summary


# A card's face depends on its number alone (games/aelderman/views.card_view); one line per card.
_CARD_SUMMARIES: dict[int, str] = {}


def me(view: Any) -> Any:
    return view.players[view.viewer] if view.viewer is not None else None


def zone_of(view: Any, city: str) -> str | None:
    return next((c.zone for c in view.cities if c.name == city), None)


def ring_yields(view: Any, ring: int) -> str:
    """What a buying action of this ring gives the viewer where their ship is."""
    player = me(view)
    zone = zone_of(view, player.location) if player else None
    if zone is None:
        return ""
    options = player.wheel.rings[zone][ring]
    return " or ".join(yield_text(o.goods, o.coins, o.influence) for o in options)


# -- labels per action kind ---------------------------------------------------------------------
def _card_action(a: Any, v: Any) -> str:
    action = D.SEA_ACTIONS[a.action]
    text = f"{action.text} ({a.cost} AP)"
    if action.family == "buy":
        text += f": {ring_yields(v, action.amount - 1)}"
    return text


def _trade(a: Any, v: Any) -> str:
    verb = "Buy" if a.side == "buy" else "Sell"
    return f"{verb} 1 {a.good} for {a.coins} coin{'s' * (a.coins != 1)}"


def _build(a: Any, v: Any) -> str:
    cost = v.build_costs.get(a.building) or _base_cost(a.building)
    strength = D.BUILDINGS[a.building].strength  # its operating costs each production, its weight in majorities
    return f"{a.building} (strength {strength}, {strength} coin{'s' * (strength > 1)} a round): {items_text(cost)}"


def _base_cost(name: str) -> dict[str, int]:
    building = D.BUILDINGS[name]
    return {**building.goods, "coins": building.coins}


def _sell_count(a: Any, v: Any) -> str:
    reward = {k: n for k, n in D.SALES[a.count].items() if k != "placements"}
    markers = D.SALES[a.count].get("placements", 0) if sale_places_markers(v) else 0
    extra = f" and {markers} marker{'s' * (markers > 1)} to place" if markers else ""
    return f"Sell {a.count} goods: {items_text(reward)}{extra}"


def _trade_sides(view: Any) -> str:
    """What the alternative trade of the player on turn can do: buy (coins for the cheapest good),
    sell (a good it buys: not a luxury good), or both, as the trade step will offer."""
    me = view.players[view.turn.seat] if getattr(view, "turn", None) is not None else None
    if me is None:
        return "buy or sell"
    sides = [side for side, possible in (("buy", me.coins >= min(D.BUY_PRICE.values())),
                                         ("sell", any(me.goods.get(good, 0) > 0 for good in D.SELL_PRICE))) if possible]
    return " or ".join(sides) or "buy or sell"


def sale_places_markers(view: Any) -> bool:
    """Whether a sale here brings markers to place: not in Lübeck, Levantehandel or Fernosthandel
    ("Placing influence markers is not possible" there), nor with no marker left in the general
    supply or no place for one in the city (the engine says: `places_here`)."""
    turn = getattr(view, "turn", None)
    return turn is None or (turn.city in D.CITY_ZONE and turn.places_here)


def _pay(a: Any, v: Any) -> str:
    return f"Give 1 {a.good}"


def _place(a: Any, v: Any) -> str:
    if a.where == "banner":
        return f"Place it on the banner of {a.city}"
    if a.where == "subsidiary":
        return f"Found a subsidiary in {a.city} ({a.coins} more coins)"
    return "Do not place it"


def _pick_city(a: Any, v: Any) -> str:
    city = next((c for c in v.cities if c.name == a.city), None)
    if city is None:
        return a.city
    return f"{a.city} ({city.zone} zone, {len(city.banner)}/10 on the banner)"


def _pass(a: Any, v: Any) -> str:
    kind = v.pending.kind if v.pending else ""
    if kind == "solo_votes3" and v.version == "main":
        return "Buy none of these cards"
    return {"pick_city": "Do not place a marker", "solo_votes3": "Skip the 3 council votes",
            "solo_draw": "Buy none of these cards"}.get(kind, "Pass")


def _stop(a: Any, v: Any) -> str:
    kind = v.pending.kind if v.pending else ""
    return {"upgrade": "Stop upgrading", "split": "Stop splitting"}.get(kind, "Stop")


def _ability(a: Any, v: Any) -> str:
    if a.choice == "skip":
        return f"{a.building}: do not use it now"
    ability = D.BUILDINGS[a.building].ability
    if ability == "deli":
        return f"{a.building}: 1 meat + {D.DELI_COINS} coins → 1 {a.choice}"
    return f"{a.building}: {ABILITY_TEXT.get(ability, 'use it')}"


BID_NEEDED = " (needs a bid of 5 or more)"  # the 10-votes cards' rule at an auction, not at a solo price


def council_card_text(number: int, *, auctioned: bool = True) -> str:
    """What a Council Hall card does, with resources named in words; `auctioned`: with the bid it
    needs (not for a card bought at a solo price, or one already held)."""
    card = D.COUNCIL_CARDS[number]
    if card.kind == "resources":
        return f"Receive {items_text(card.gain)} at once."
    return card.text if auctioned else card.text.replace(BID_NEEDED, "")


def _take_card(a: Any, v: Any) -> str:
    head, text = _card_offer(a)
    label = f"{head}: {text}"
    if len(label) <= LABEL_LIMIT:
        return label
    # Too long for a menu option: its name here, the whole text in the option's second line.
    name = text.split(":")[0] if ":" in text[:60] else text[:60].rsplit(" ", 1)[0] + "…"
    return f"{head}: {name}"


def _card_offer(a: Any) -> tuple[str, str]:
    """('Card 151 for 1 influence', what it does): solo cards are bought at a price, not won by a bid."""
    if not a.price:
        return f"Card {a.card}", council_card_text(a.card)
    return f"Card {a.card} for {a.price} influence", council_card_text(a.card, auctioned=False)


def _booster(a: Any, v: Any) -> str:
    return f"Start booster: {items_text(D.ALL_BOOSTERS.get(a.tile, {}))}"


def _activate(a: Any, v: Any) -> str:
    return f"Improvement {a.improvement}: {described(a.improvement)}"


def _site(a: Any, v: Any) -> str:
    site = D.SITES[a.site]
    column, row = site.x - D.DISTRICT_ORIGIN[site.district][0], site.y - D.DISTRICT_ORIGIN[site.district][1]
    return f"{a.district}: row {row + 1}, place {column + 1}"


def _feast(a: Any, v: Any) -> str:
    text = v.small_feast if a.size == "small" else v.big_feast or ""
    return f"{a.size.capitalize()} feast: {text.replace('->', '→')}"


def _end_turn(a: Any, v: Any) -> str:
    left = v.turn.ap_left if v.turn else 0
    notes = [f"{left} action point{'s' * (left != 1)} unused"] if left else []
    last_period = v.round == v.rounds and v.period + 1 == len(v.periods_revealed) + v.periods_hidden
    if v.turn and v.turn.city not in D.CITY_ZONE and v.players[v.turn.seat].wheel.turns_to_bonus == 1 \
            and not last_period:
        # The wheels turn as the next period begins (none after the game's last): its free marker
        # cannot go into this place.
        notes.append("the wheel's free marker is lost here")
    return f"End the turn ({'; '.join(notes)})" if notes else "End the turn"


def _wheel_steps(a: Any, v: Any) -> str:
    label = f"Turn the wheel {a.steps} step{'s' * (a.steps > 1)}"
    player = v.players[v.pending.seat] if v.pending else None
    if player is not None and player.location not in D.CITY_ZONE and a.steps >= player.wheel.turns_to_bonus:
        label += " (the wheel's free marker is lost here)"  # as at the end of a turn (_end_turn)
    return label


LABELS: dict[str, Callable[[Any, Any], str]] = {
    "wheel_start": lambda a, v: f"Wheel start position {a.position}"
                                + (" (recommended)" if a.position == D.WHEEL_STARTS[0] else ""),
    "booster": _booster,
    "move": lambda a, v: f"Sail to {a.city}",
    "card_action": _card_action,
    "alt_trade": lambda a, v: f"Alternative trade: {_trade_sides(v)} 1 good (1 AP)",
    "trade": _trade,
    "property": lambda a, v: f"Buy a property in Lübeck ({plural(a.coins, 'coin')})",
    "build_menu": lambda a, v: "Construct a building…",
    "build": _build,
    "feast": _feast,
    "end_turn": _end_turn,
    "cancel": lambda a, v: "Cancel",
    "goods_option": lambda a, v: f"Take {yield_text(a.goods, a.coins, a.influence)}",
    "sell_count": _sell_count,
    "pay": _pay,
    "upgrade": lambda a, v: f"Upgrade 1 {a.good} to {a.to}",
    "stop": _stop,
    "split": lambda a, v: f"Split 1 {a.good}",
    "split_into": lambda a, v: f"Into {goods_list_text(a.goods)}",
    "place": _place,
    "pick_city": _pick_city,
    "wheel_steps": _wheel_steps,
    "discard": lambda a, v: f"Remove 1 {a.good}",
    "ability": _ability,
    "bid": lambda a, v: f"Bid {a.amount} influence",
    "take_card": _take_card,
    "pass": _pass,
    "develop": lambda a, v: f"Improvement {a.improvement}{_twin_spot(a, v)}: {described(a.improvement)}",
    "activate": _activate,
    "fulfil": lambda a, v: f"Fulfil Council order {a.order}: {reward_text(a.order, final='at the end')}",
    "site": _site,
}


def _position(action: Any, view: Any) -> int:
    """The display spot of a develop choice, 1 to 4 from the left (empty spots are on the left)."""
    return action.slot + 1 + D.IMPROVEMENT_DISPLAY - len(view.display)


def _twin_spot(action: Any, view: Any) -> str:
    """" (position n)" when the display holds two of this improvement (28 tiles of 11 kinds): the
    two choices move different tiles, and their labels must differ where descriptions are not shown."""
    numbers = [shown.number for shown in view.display]
    return f" (position {_position(action, view)})" if numbers.count(action.improvement) > 1 else ""


def label(action: Any, view: Any) -> str:
    make = LABELS.get(action.kind)
    text = make(action, view) if make else action.kind.replace("_", " ").capitalize()
    return fit(text, MENU_LABEL_LIMIT if group(action, view) is not None else LABEL_LIMIT)


def group(action: Any, view: Any) -> str | None:
    """Menus: choices of one kind that can be many share a select menu."""
    kind = action.kind
    pending = view.pending.data if view.pending else {}
    if kind == "move":
        return "Sail to a neighbouring city…"
    if kind == "card_action":
        city = view.turn.city if view.turn else "this city"
        return f"Use an action of the {city} card (one per row)…"
    if kind == "trade":
        return "Buy one good (1 AP)…" if action.side == "buy" else "Sell one good (1 AP)…"
    if kind == "pick_city":
        if pending.get("purpose") == "swap":
            first = pending.get("first")
            return f"Swap the card of {first} with the card of…" if first else "Swap the card of which city?"
        return "Place an influence marker in which city?"
    return GROUPS.get(kind, lambda a, p: None)(action, pending)


GROUPS: dict[str, Callable[[Any, dict], str | None]] = {
    "booster": lambda a, p: f"Choose a start booster ({p.get('left', 1)} to take)…",
    "build": lambda a, p: "Construct which building?",
    "pay": lambda a, p: "Which good do you give for the open place?",
    "upgrade": lambda a, p: f"Upgrade which good? ({p.get('left', 1)} left)",
    "split": lambda a, p: f"Split which good? ({p.get('left', 1)} left)",
    "split_into": lambda a, p: f"Split 1 {p.get('good', 'good')} into…",
    "discard": lambda a, p: "Your storage is full: remove which good?",
    "bid": lambda a, p: "Your sealed bid (influence markers)…",
    "take_card": lambda a, p: "Choose a Council Hall card…",
    "develop": lambda a, p: "Develop which improvement? (left to right)",
    # One menu per district: a menu holds 25 choices and Lübeck has more free sites.
    "site": lambda a, p: ("Build on which of your properties?" if p.get("purpose") == "build"
                          else f"Place the property tile in {a.district}…"),
}


def description(action: Any, view: Any) -> str | None:
    """The second line of a menu option."""
    kind = action.kind
    if kind == "move":
        city = next((c for c in view.cities if c.name == action.city), None)
        if city is None:
            return None
        zone = f"{city.zone} zone" if city.zone else "no zone"
        return fit(f"{zone} · {card_summary(city.card)}", 100)
    if kind == "card_action":
        return f"Row {action.row + 1}, {COLUMNS[action.col]} column"
    if kind == "pick_city":
        city = next((c for c in view.cities if c.name == action.city), None)
        if city is not None and city.subsidiary is not None:
            return f"Subsidiary of {{p{city.subsidiary}}}"
        return "No subsidiary yet" if city is not None else None
    if kind == "build":
        left = view.buildings_left.get(action.building)
        return fit((f"{left} tile{'s' * (left != 1)} left. " if left is not None else "")
                   + D.BUILDINGS[action.building].text, 100)
    if kind == "develop":
        return fit(f"Position {_position(action, view)}; when: {D.IMPROVEMENTS[action.improvement].when}", 100)
    if kind == "fulfil":
        return fit(f"Requirement: {D.COUNCIL_ORDERS[action.order].text}", 100)
    if kind == "take_card":
        card = D.COUNCIL_CARDS[action.card]
        row = view.council.row if view.council.row is not None else 0
        head, text = _card_offer(action)
        bonus = f"Second-row bonus: {items_text(card.bonus)}" if card.bonus and row == 1 else ""
        whole = text if len(f"{head}: {text}") > LABEL_LIMIT else ""  # the label could not hold it
        if whole and bonus and len(f"{whole} · {bonus}") > 100 and ":" in text[:60]:
            whole = text.split(":", 1)[1].strip()  # the label names the card (_take_card): the rest, and the bonus
        return fit(" · ".join(filter(None, [whole, bonus])), 100) if whole or bonus else None
    return None


QUIET = frozenset({"end_turn", "cancel", "stop", "pass"})


def style(action: Any) -> str:
    kind = getattr(action, "kind", "")
    if kind in QUIET or getattr(action, "where", None) == "skip" or getattr(action, "choice", None) == "skip":
        return "secondary"
    if kind in ("feast", "property", "build_menu", "fulfil"):
        return "success"
    return "primary"
