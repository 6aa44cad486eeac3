"""Goods handling of sea actions: buying by ring, selling 4/6/8, upgrading and splitting."""

from __future__ import annotations

from collections import Counter
from itertools import product

from games.aelderman import data as D
from games.aelderman.actions import GoodsOption, Pay, SplitInto, Upgrade, quick
from games.aelderman.improvements import offer
from games.aelderman.placement import push_placement, why_not_placed
from games.aelderman.rules import describe, gain, listed, say
from games.aelderman.state import Pending, Player, State
from games.core import Event, plural


# -- buying goods ------------------------------------------------------------------------------
def buy_options(state: State, seat: int, ring: int) -> list[GoodsOption]:
    player = state.players[seat]
    zone = D.CITY_ZONE[player.location]
    result = []
    for index, item in enumerate(D.ring_options(zone, player.rotation, ring)):
        result.append(GoodsOption(option=index, goods=D.yield_goods(zone, item), coins=item.coins,
                                  influence=item.influence))
    return result


def take_yield(state: State, seat: int, option: GoodsOption, events: list[Event]) -> None:
    items: dict[str, int] = dict(Counter(option.goods))
    if option.coins:
        items["coins"] = option.coins
    if option.influence:
        items["influence"] = option.influence
    before = state.players[seat].influence
    gain(state, seat, items)
    got = state.players[seat].influence - before  # as many markers as the general supply has left
    short = f" (the general supply had {'only ' + str(got) if got else 'none'} left)" if got < option.influence else ""
    parts = [describe(dict(Counter(option.goods)))] if option.goods else []
    parts += [plural(option.coins, "coin")] if option.coins else []
    parts += [f"{got} influence{short}"] if option.influence else []
    say(events, "goods_bought", f"{{p{seat}}} buys goods: {', '.join(parts) or 'nothing'}.", seat=seat)
    for luxury in ("spices", "pelt"):
        if luxury in option.goods:
            offer(state, seat, f"wheel_{luxury}")  # improvements 507 and 508
    if sum(1 for g in option.goods if D.LEVEL.get(g) == 3) >= 2:
        offer(state, seat, "bought_two_iii")  # improvement 511


def start_buy(state: State, seat: int, ring: int, events: list[Event]) -> None:
    options = buy_options(state, seat, ring)
    if len(options) == 1:
        take_yield(state, seat, options[0], events)
    else:
        state.pending.append(Pending(kind="goods_option", seat=seat, data={"ring": ring}))


# -- selling goods -----------------------------------------------------------------------------
def sale_needs(demand: tuple[str, ...], count: int) -> tuple[Counter, int, int]:
    """Fixed goods, luxury places and "any" places among the first `count` demanded goods."""
    wanted = demand[:count]
    fixed = Counter(g for g in wanted if g not in ("any", "luxury"))
    return fixed, wanted.count("luxury"), wanted.count("any")


def can_sell(player: Player, demand: tuple[str, ...], count: int) -> bool:
    fixed, lux, anything = sale_needs(demand, count)
    if any(player.goods[g] < n for g, n in fixed.items()):
        return False
    lux_left = player.goods["pelt"] + player.goods["spices"] - fixed["pelt"] - fixed["spices"]
    rest = sum(player.goods.values()) - sum(fixed.values())
    return lux_left >= lux and rest - lux >= anything


def start_sale(state: State, seat: int, demand: tuple[str, ...], count: int,
               events: list[Event]) -> None:
    player = state.players[seat]
    fixed, lux, anything = sale_needs(demand, count)
    for good, n in fixed.items():
        player.goods[good] -= n
    pending = Pending(kind="pay", seat=seat, data={"count": count, "lux": lux, "any": anything,
                                                   "paid": dict(+fixed)})
    resolve_pay(state, pending, None, events)


def pay_options(state: State, pending: Pending) -> list[Pay]:
    goods = state.players[pending.seat].goods
    names = D.LUXURY if pending.data["lux"] else D.GOODS
    return [quick(Pay, good=g) for g in names if goods[g] > 0]


def resolve_pay(state: State, pending: Pending, action: Pay | None, events: list[Event]) -> None:
    """Pay one open place (the step is off the stack); forced places are paid at once, and the
    step goes back on the stack while a real choice remains. Reward when all are paid."""
    player = state.players[pending.seat]
    paid = pending.data.setdefault("paid", {})  # named in the sale's line (a step stored before: from here on)
    if action is not None:
        player.goods[action.good] -= 1
        paid[action.good] = paid.get(action.good, 0) + 1
        pending.data["lux" if pending.data["lux"] else "any"] -= 1
    while pending.data["lux"] or pending.data["any"]:
        options = pay_options(state, pending)
        if len(options) > 1:
            state.pending.append(pending)
            return
        player.goods[options[0].good] -= 1
        paid[options[0].good] = paid.get(options[0].good, 0) + 1
        pending.data["lux" if pending.data["lux"] else "any"] -= 1
    sale_reward(state, pending.seat, pending.data["count"], events, paid)


def sale_reward(state: State, seat: int, count: int, events: list[Event], paid: dict[str, int] | None = None) -> None:
    reward = D.SALES[count]
    city = state.players[seat].location
    what = f" ({describe(paid)})" if paid and sum(paid.values()) == count else ""
    # Everything the sale gives (rulebook: "you receive 10 coins and an influence marker"), so the
    # log explains each change the board shows; outside the zones no marker is placed ("Placing
    # influence markers is not possible in Lübeck, Levantehandel or Fernosthandel"), as its option says.
    shown = reward if city in D.CITY_ZONE else {k: v for k, v in reward.items() if k != "placements"}
    say(events, "goods_sold", f"{{p{seat}}} sells {count} goods{what} for {listed(shown)}.", seat=seat, count=count)
    gain(state, seat, {k: v for k, v in reward.items() if k != "placements"}, events)
    offer(state, seat, "sold")  # improvement 505
    if count == 6:
        offer(state, seat, "sold6")  # improvement 510
    placements = reward.get("placements", 0)
    # Outside the zones the sale's row offers none; in a zone, none left to place is said.
    if placements and city in D.CITY_ZONE and (why := why_not_placed(state, seat, city)):
        say(events, "sale_markers_lost", f"{{p{seat}}}'s {plural(placements, 'influence marker')} to place "
            f"from the sale {'is' if placements == 1 else 'are'} lost: {why}.", seat=seat)
    elif placements:
        push_placement(state, seat, city, optional=True, count=placements)


# -- upgrading and splitting -------------------------------------------------------------------
def can_upgrade(player: Player) -> bool:
    """Whether upgrade_options has any (checked often, where building them all would be wasted)."""
    return any(level < 4 and player.goods[good] > 0 for good, level in D.LEVEL.items())


def upgrade_options(player: Player) -> list[Upgrade]:
    options = []
    for good, level in D.LEVEL.items():
        if level < 4 and player.goods[good] > 0:
            options.extend(quick(Upgrade, good=good, to=to) for to in D.BY_LEVEL[level + 1])
    return options


def _partitions(total: int, largest: int) -> list[list[int]]:
    if total == 0:
        return [[]]
    result = []
    for part in range(min(total, largest), 0, -1):
        result.extend([part, *rest] for rest in _partitions(total - part, part))
    return result


def _splits(level: int) -> list[tuple[str, ...]]:
    found: set[tuple[str, ...]] = set()
    for parts in _partitions(level, level - 1):
        for goods in product(*(D.BY_LEVEL[p] for p in parts)):
            found.add(tuple(sorted(goods)))
    return sorted(found, key=lambda g: (len(g), g))


# Rulebook: the levels before and after must add up; never into goods of the same level.
SPLITS: dict[int, list[tuple[str, ...]]] = {level: _splits(level) for level in (2, 3, 4)}


def splittable(player: Player) -> list[str]:
    return [g for g, level in D.LEVEL.items() if level >= 2 and player.goods[g] > 0]


def split_options(good: str) -> list[SplitInto]:
    return [SplitInto(goods=list(parts)) for parts in SPLITS[D.LEVEL[good]]]


def do_split(state: State, seat: int, good: str, parts: list[str], events: list[Event]) -> None:
    state.players[seat].goods[good] -= 1
    say(events, "goods_split", f"{{p{seat}}} splits 1 {good} into {', '.join(parts)}.", seat=seat)
    gain(state, seat, dict(Counter(parts)), events)
