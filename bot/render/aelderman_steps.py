"""Aelderman: what a player decides now, for the private panel (you) and the board (them)."""

from __future__ import annotations

from typing import Any

from bot.render.aelderman_labels import SHORT_ACTION, items_text, me, sale_places_markers, yield_text
from bot.render.base import plural
from games.aelderman import data as D
from games.aelderman.improvements import described

COUNTS = {1: "one", 2: "two", 3: "three"}


def step_prompt(view: Any) -> str:
    """The pending small decision, addressed to the player who takes it."""
    pending = view.pending
    data = pending.data
    kind = pending.kind
    if kind == "place":
        leave = " You may also leave it." if data.get("optional") else ""
        city = next((c for c in view.cities if c.name == data.get("city")), None)
        if data.get("subsidiary", True):
            where = " or as its subsidiary for 5 more coins"
        elif city is not None and city.subsidiary is not None:
            where = "; its subsidiary is taken"
        else:
            where = "; a subsidiary would need 5 more coins than you have"
        return (f"Place an influence marker in **{data.get('city')}**: on its banner (a full row of two "
                f"exchanges the city's action card){where}.{leave}")
    if kind == "trade":
        sides = data.get("sides", ["buy", "sell"])
        other = "sold" if sides[0] == "buy" else "bought"
        what = "buy or sell" if len(sides) != 1 else f"{sides[0]} (nothing can be {other} here now)"
        return (f"Alternative trade: {what} one good for 1 action point. Then no action of this city's card "
                "can be used.")
    if kind == "pick_city":
        if data.get("purpose") == "swap":
            which = "second" if data.get("first") else "first"
            return (f"Swap two action cards (never those of Lübeck, Levantehandel, Fernosthandel): "
                    f"choose the {which} city.")
        return "Choose the city where your influence marker goes."
    if kind == "discard":
        player = me(view)
        used = f" ({player.storage_used} goods, room for {player.storage_capacity})" if player else ""
        return f"Your storage is full{used}: remove a good."
    if kind == "ability":
        player = me(view)
        index = data.get("index", 0)
        if player is None or index >= len(player.buildings):
            return "Your building can be used now (at most four times in the game)."
        building = player.buildings[index]  # which one: a player may own two of a kind
        where = f" in {building.district} (strength {building.strength})" if building.district else ""
        left = D.ABILITY_USES - building.uses
        return (f"Your **{building.name}**{where} can be used now: {plural(left, 'use')} left of "
                f"{D.ABILITY_USES} in the game.")
    if kind == "build":
        gone = [name for name, left in view.buildings_left.items() if left <= 0]
        return ("Choose a building to construct on one of your properties, or cancel."
                + (f" No tile is left of: {', '.join(gone)}." if gone else ""))
    if kind == "take_card":
        row = data.get("row", 0)
        bonus = " Cards of the second row also pay their bonus." if row == 1 else ""
        return f"Your bid lets you choose a Council Hall card of row {row + 1} now.{bonus}"
    if kind == "solo_votes3" and getattr(view, "version", "short") == "main":  # what is offered varies
        return "Solo Council Hall: buy one of the cards offered below at its price in influence, or none."
    if kind == "booster":
        left = data.get("left", 1)
        return (f"Choose {COUNTS.get(left, left)} of the start boosters you drew; the others go back "
                "to the box unseen.")
    if kind == "pay":
        return _pay_prompt(data, view)
    simple = PROMPTS.get(kind)
    return simple(data) if callable(simple) else simple or "Make your choice."


def _pay_prompt(data: dict[str, Any], view: Any = None) -> str:
    return (("Choose which luxury good fills the luxury place of the sale." if data.get("lux")
             else "Choose which good fills an open place of the sale (a luxury good given here "
                  "is not kept for its 3 council votes at the end).") + sale_reward_text(data.get("count"), view))


def sale_reward_text(count: int | None, view: Any) -> str:
    """What the sale of `count` goods brings, as the action card's sale row gives it."""
    reward = D.SALES.get(count or 0)
    if not reward:
        return ""
    placements = reward.get("placements", 0) if sale_places_markers(view) else 0
    gains = items_text({k: v for k, v in reward.items() if k != "placements"})
    marker = f", and {plural(placements, 'free influence marker')} to place here" if placements else ""
    return f" The sale of {count} goods brings {gains}{marker}."


PROMPTS: dict[str, Any] = {
    "pay": _pay_prompt,
    "wheel_start": "Set your resource wheel to a starting position: 0 (recommended for a first game) "
                   "or 5.",
    "goods_option": "Choose which goods you buy: the luxury good or the regular goods.",
    "sell_count": "Choose how many goods to sell; the card shows which goods it buys, left to right.",
    "upgrade": lambda d: f"Upgrade goods one level up: {d.get('left', 1)} left. Stop when you like.",
    "split": lambda d: (f"Split a good into goods of lower levels that add up to its level: "
                        f"{d.get('left', 1)} left."),
    "split_into": lambda d: f"Choose how to split the {d.get('good', 'good')}.",
    "wheel_steps": "Turn your resource wheel one or two steps.",
    "tavern": "Your Tavern drew two Council Hall cards: keep one.",
    "solo_votes3": "Solo Council Hall: buy the 3 council votes card for 1 influence, or skip it.",
    "solo_draw": "Solo Council Hall: buy one of the three drawn cards for 1 influence, or take none.",
    "site": lambda d: ("Choose which of your properties the building goes on." if d.get("purpose") == "build"
                       else "Choose a free site in one of Lübeck's districts for your property tile."),
    "develop": ("Develop an improvement: choose one of the display (the ones to its left move right and a "
                "new one is revealed on the far left)."),
    "improvement": lambda d: _improvement_offer(d.get("number")),
}


def _improvement_offer(number: Any) -> str:
    offer = f"You may activate your improvement {number} now (once per round)"
    return f"{offer}: {described(number)}" if number in D.IMPROVEMENTS else offer + "."


PUBLIC: dict[str, str] = {
    "wheel_start": "sets the resource wheel", "booster": "chooses start boosters",
    "place": "places an influence marker", "pick_city": "chooses a city",
    "goods_option": "chooses which goods to buy", "sell_count": "chooses how many goods to sell",
    "pay": "chooses goods for a sale", "upgrade": "upgrades goods", "split": "splits goods",
    "split_into": "splits goods", "wheel_steps": "turns the resource wheel",
    "trade": "makes an alternative trade", "build": "chooses a building",
    "discard": "removes goods from a full storage", "ability": "decides on a building's ability",
    "take_card": "chooses a Council Hall card", "tavern": "chooses a card drawn by the Tavern",
    "solo_votes3": "buys Council Hall cards", "solo_draw": "buys Council Hall cards",
    "site": "chooses a site in Lübeck", "develop": "develops an improvement",
    "improvement": "decides on an improvement",
}


def public_step(view: Any) -> str:
    pending = view.pending
    text = PUBLIC.get(pending.kind, "decides")
    city = pending.data.get("city")
    return f"{text} in {city}" if pending.kind == "place" and city else text


NOW, TURN_OF = "**Now:** ", "**Turn of "  # whose move it is (a replaced board loses them)
# Lines of the board's status (AeldermanRenderer._now_lines, _standing).
WAITING, STANDING = "Waiting for ", "Period indicators (action points): "


def without_turn(lines: list[str]) -> list[str]:
    """A board's status lines without what was happening: NOW and WAITING lines, a TURN_OF line and
    the turn's details under it (down to the round's standing or the Council's revealed bids, "Row
    n bids"), and the "…" left for details cut short."""
    kept, in_turn = [], False
    for line in lines:
        if line.startswith(TURN_OF):
            in_turn = True
        elif line.startswith((STANDING, "Row ")):
            in_turn = False
        if not in_turn and line != "…" and not line.startswith((NOW, WAITING)):
            kept.append(line)
    return kept


def turn_lines(view: Any, own: bool) -> list[str]:
    """Action points and what is used in the current city (for the player or for everyone)."""
    turn = view.turn
    left = f"{turn.ap_available} action point{'s' * (turn.ap_available != 1)} left"
    lines = [f"{left}: {turn.ap_left} of {turn.ap_period} from the period indicator + "
             f"{turn.ap_extra_usable} additional usable (at most 6 a turn)."]
    if not turn.moved:
        lines.append(f"Ship in {turn.city}, where the turn began: its card can't be used; sail first.")
        return lines
    if turn.card_blocked:
        lines.append(f"In {turn.city}: the card was exchanged, no more card actions here.")
    elif turn.alt_trade_used:
        lines.append(f"In {turn.city}: alternative trade made, no card actions here.")
    else:
        rows = " · ".join(f"row {i + 1} {'used ✓' if used else 'free'}" for i, used in enumerate(turn.rows_used))
        lines.append(f"In {turn.city}: {rows}; {turn.spent_here} AP spent here.")
    if own and turn.may_pass:  # improvement 501
        lines.append(f"You may sail on without spending here: improvement 501 lets you pass "
                     f"{plural(turn.passes_left, 'more city', 'more cities')} without an action.")
    elif own and turn.spent_here == 0 and turn.ap_available:
        lines.append("Spend at least 1 action point here before you sail on: every city you pass takes one.")
    if turn.feasted:
        lines.append("Feast celebrated this turn.")
    return lines


def sales_in_reach(view: Any, city_name: str) -> tuple[str, str] | None:
    """What the action cards of the cities next to `city_name` buy, for a player about to sail: "the
    resources that can be sold are indicated below" on each card, sold "from left to right"."""
    cards = {c.name: c.card for c in view.cities}
    lines = [f"**{name}**{f' ({D.CITY_ZONE[name]})' if name in D.CITY_ZONE else ''}: {', '.join(cards[name].demand)}"
             for name in sorted(D.NEIGHBOURS.get(city_name, ())) if name in cards and cards[name].demand]
    return ("What the cities next to you buy (sold left to right)", "\n".join(lines)) if lines else None


def card_field(view: Any, city_name: str) -> tuple[str, str] | None:
    """The action card of a city with the rows already used this turn, and what it buys."""
    city = next((c for c in view.cities if c.name == city_name), None)
    if city is None:
        return None
    turn = view.turn
    used = turn.rows_used if turn and turn.moved and turn.city == city_name else [False, False]
    lines = []
    for index, row in enumerate(city.card.rows):
        slots = " · ".join(f"{SHORT_ACTION.get(s.action, s.text)} [{s.ap}]" for s in row if s is not None)
        lines.append(f"Row {index + 1}{' (used)' if used[index] else ''}: {slots or '—'}")
    if city.card.demand:
        lines.append("Sells, left to right: " + ", ".join(city.card.demand))
    lines.append("[n] = action points; c = coins.")
    return f"Action card in {city_name} (#{city.card.number:03d})", "\n".join(lines)


def wheel_field(view: Any) -> tuple[str, str] | None:
    """What buying goods gives the viewer in each zone now (inner, middle, outer ring), the zone
    where the ship is first."""
    player = me(view)
    if player is None:
        return None
    here = next((c.zone for c in view.cities if c.name == player.location), None)
    wheel = player.wheel
    key = (wheel.rotation, wheel.turns_to_bonus, here)
    field = _WHEEL_FIELDS.get(key)
    if field is None:
        field = _WHEEL_FIELDS[key] = _wheel_field(wheel, here)
    return field


# The wheel's view depends on its rotation and turns alone (games/aelderman/views.wheel_view), so
# this holds at most rotations x turns to the bonus x zones entries.
_WHEEL_FIELDS: dict[tuple[int, int, str | None], tuple[str, str]] = {}


def _wheel_field(wheel: Any, here: str | None) -> tuple[str, str]:
    zones = sorted(wheel.rings, key=lambda zone: zone != here)
    lines = []
    for zone in zones:
        rings = " | ".join(" or ".join(yield_text(o.goods, o.coins, o.influence) for o in options)
                           for options in wheel.rings[zone])
        mark = " (here)" if zone == here else ""
        lines.append(f"**{zone}**{mark}: {rings}")
    lines.append(f"Wheel turns until the free marker: {wheel.turns_to_bonus}")
    return "Buying goods now, by zone: inner | middle | outer ring (1 | 2 | 3 AP)", "\n".join(lines)
