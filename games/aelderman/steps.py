"""Small decisions (sub-steps) waiting on the stack `state.pending`: their options and effects.

The top of the stack is the decision due now. Resolving pops it first; a step that goes on
(e.g. the second of two upgrades) puts itself back before its effects add new steps on top.
"""

from __future__ import annotations

from typing import Any, Callable

from games.aelderman import data as D
from games.aelderman.actions import (Cancel, ChooseBooster, Discard, PickCity, SellCount,
                                     SplitGood, Stop, TakeCard, WheelStart, WheelSteps, Pass)
from games.aelderman.city import (ability_options, pick_site, site_options,
                                  start_build, use_ability)
from games.aelderman.improvements import (develop, develop_options, offered_options, push_develop,
                                          use_offered)
from games.aelderman.council import (apply_card, card_effect, draw_council_cards, no_card_left, solo_buy,
                                     solo_draw_options, solo_votes3_options, take_card, take_options)
from games.aelderman.periods import reveal_period
from games.aelderman.placement import place_marker, place_options, placeable_cities, push_placement, why_not_placed
from games.aelderman.rules import REVEAL_PERIOD, capacity, check_storage, describe, gain, say, spend_ap, stored
from games.aelderman.sea import card_of, swap_cards, swappable, turn_wheel
from games.aelderman.state import Pending, State
from games.aelderman.trading import (buy_options, can_upgrade, do_split, pay_options, resolve_pay,
                                     split_options, splittable, start_sale, take_yield,
                                     upgrade_options)
from games.aelderman.turn import build_options, card_action_possible, may_end, trade_options
from games.core import Event, and_list, plural

Options = Callable[[State, Pending], list[Any]]
Resolve = Callable[[State, Pending, Any, list[Event]], None]


def _again(state: State, pending: Pending) -> None:
    state.pending.append(pending)


# -- setup ---------------------------------------------------------------------------------------
def _wheel_start(state: State, p: Pending, a: WheelStart, events: list[Event]) -> None:
    state.players[p.seat].rotation = a.position
    say(events, "wheel_start", f"{{p{p.seat}}} sets the resource wheel to position {a.position}.",
        seat=p.seat, position=a.position)


def _booster(state: State, p: Pending, a: ChooseBooster, events: list[Event]) -> None:
    player = state.players[p.seat]
    player.drawn.remove(a.tile)
    player.boosters.append(a.tile)
    p.data["left"] -= 1
    if p.data["left"]:
        _again(state, p)
    else:
        player.drawn = []  # the other tiles go back to the box unseen
    items = D.ALL_BOOSTERS[a.tile]
    say(events, "booster", f"{{p{p.seat}}} takes a start booster: {_items(items)}.", seat=p.seat,
        tile=a.tile)
    gain(state, p.seat, items, events)
    # Rulebook: "If you are to perform the action developing improvement, choose one from the
    # display and replace it immediately." A property tile is placed on a site at once.
    if items.get("improvement"):
        push_develop(state, p.seat)
    if items.get("property"):
        state.pending.append(Pending(kind="site", seat=p.seat, data={"purpose": "free"}))


def _items(items: dict[str, int]) -> str:
    return describe(items)


# -- placing and cities --------------------------------------------------------------------------
def _place(state: State, p: Pending, a, events: list[Event]) -> None:
    if a.where != "skip":
        place_marker(state, p.seat, a.city, a.where, events)


def _pick_city_options(state: State, p: Pending) -> list[Any]:
    if p.data["purpose"] == "swap":
        return [PickCity(city=c) for c in swappable(state, p.data.get("first"))]
    options: list[Any] = [PickCity(city=c) for c in placeable_cities(state, p.seat)]
    return options if options and not p.data.get("optional") else [*options, Pass()]


def _pick_city(state: State, p: Pending, a, events: list[Event]) -> None:
    if a.kind == "pass":
        return
    if p.data["purpose"] == "place":
        push_placement(state, p.seat, a.city, optional=False)
    elif "first" not in p.data:
        p.data["first"] = a.city
        _again(state, p)
    else:
        swap_cards(state, p.seat, p.data["first"], a.city, events)


# -- goods -----------------------------------------------------------------------------------------
def _sell_count(state: State, p: Pending, a: SellCount, events: list[Event]) -> None:
    player = state.players[p.seat]
    start_sale(state, p.seat, card_of(state, player.location).demand, a.count, events)


def _upgrade(state: State, p: Pending, a, events: list[Event]) -> None:
    if a.kind == "stop":
        return
    goods = state.players[p.seat].goods
    goods[a.good] -= 1
    goods[a.to] += 1
    say(events, "upgrade", f"{{p{p.seat}}} upgrades 1 {a.good} to {a.to}.", seat=p.seat)
    p.data["left"] -= 1
    if p.data["left"] and can_upgrade(state.players[p.seat]):
        _again(state, p)


def _split(state: State, p: Pending, a, events: list[Event]) -> None:
    if a.kind == "stop":
        return
    state.pending.append(Pending(kind="split_into", seat=p.seat,
                                 data={"good": a.good, "left": p.data["left"]}))


def _split_into(state: State, p: Pending, a, events: list[Event]) -> None:
    left = p.data["left"] - 1
    # Queued before the split is made, so that a discard step the parts may call for comes first.
    if left and splittable_after(state, p, a.goods):
        state.pending.append(Pending(kind="split", seat=p.seat, data={"left": left}))
    do_split(state, p.seat, p.data["good"], a.goods, events)


def splittable_after(state: State, p: Pending, parts: list[str]) -> bool:
    """Whether a good is left to split once this split is made: its parts count too (a glass split
    into stone and fish may have the stone split next, as an upgraded good may be upgraded again)."""
    goods = dict(state.players[p.seat].goods)
    goods[p.data["good"]] -= 1
    for part in parts:
        goods[part] += 1
    return any(goods[g] > 0 for g, level in D.LEVEL.items() if level >= 2)


def _trade(state: State, p: Pending, a, events: list[Event]) -> None:
    if a.kind == "cancel":
        return
    turn = state.turn
    assert turn is not None
    spend_ap(state, 1)
    turn.visit.alt = True
    player = state.players[p.seat]
    if a.side == "buy":
        player.coins -= a.coins
        player.goods[a.good] += 1
        check_storage(state, p.seat)  # bought into a full storage: a good is removed to make room
        text = f"buys 1 {a.good} for {plural(a.coins, 'coin')}"
    else:
        player.coins += a.coins
        player.goods[a.good] -= 1
        text = f"sells 1 {a.good} for {plural(a.coins, 'coin')}"
    say(events, "alt_trade", f"{{p{p.seat}}} {text} (alternative trade).", seat=p.seat)


def _trade_options(state: State, p: Pending) -> list[Any]:
    """Cancelling is offered unless this trade is the only sea action left that is still due."""
    options: list[Any] = trade_options(state, p.seat)
    if may_end(state) or card_action_possible(state):
        options.append(Cancel())
    return options


def _build(state: State, p: Pending, a, events: list[Event]) -> None:
    if a.kind == "cancel":
        return
    assert state.turn is not None
    state.turn.visit.city_actions = True
    start_build(state, p.seat, a.building, events)


def _discard(state: State, p: Pending, a: Discard, events: list[Event]) -> None:
    player = state.players[p.seat]
    player.goods[a.good] -= 1
    say(events, "discard", f"{{p{p.seat}}} removes 1 {a.good} from the full storage.", seat=p.seat)
    if stored(player) > capacity(player):
        _again(state, p)


# -- Council Hall ------------------------------------------------------------------------------------
def _take(state: State, p: Pending, a: TakeCard, events: list[Event]) -> None:
    if a.kind == "pass":
        no_card_left(state, p.seat, p.data["row"], events)
        return
    take_card(state, p.seat, a.card, p.data["row"], events)


def _tavern(state: State, p: Pending, a: TakeCard, events: list[Event]) -> None:
    state.council_discard.extend(c for c in p.data["cards"] if c != a.card)
    effect = card_effect(a.card, state.players[p.seat])
    say(events, "tavern", f"{{p{p.seat}}}'s Tavern gives Council Hall card {a.card}: {effect}.", seat=p.seat)
    apply_card(state, p.seat, a.card, events)


def _solo_votes3(state: State, p: Pending, a, events: list[Event]) -> None:
    # "You can first choose one of these cards ... Then draw three Council Hall cards": what the card
    # bought asks for (an improvement to develop) comes first, the draw after it.
    below = len(state.pending)
    if a.kind == "take_card":
        solo_buy(state, a.card, a.price, events)
    state.pending.insert(below, Pending(kind="solo_deal", seat=0))


def _solo_deal(state: State, p: Pending, a, events: list[Event]) -> None:
    """No choice (resolved by itself): the solo Council Hall's three cards are drawn."""
    cards = draw_council_cards(state, D.SOLO_DRAW)
    if cards:
        say(events, "council_drawn", f"Council Hall card{'s' * (len(cards) > 1)} drawn: {_numbers(cards)}.")
        state.pending.append(Pending(kind="solo_draw", seat=0, data={"cards": cards}))


def _solo_draw(state: State, p: Pending, a, events: list[Event]) -> None:
    chosen = a.card if a.kind == "take_card" else None
    dropped = [c for c in p.data["cards"] if c != chosen]
    state.council_discard.extend(dropped)
    if chosen is not None:  # the card bought first, then what became of the others
        solo_buy(state, chosen, a.price, events)
    if dropped:  # face up to the solo player, who may not have been offered them (no influence to pay)
        many = len(dropped) > 1
        other = "other " if chosen is not None else ""
        say(events, "council_discard", f"The {other}Council Hall card{'s' * many} drawn ({_numbers(dropped)}) "
            f"{'go' if many else 'goes'} to the discard pile.")


def _wheel_steps(state: State, p: Pending, a, events: list[Event]) -> None:
    """"Turn the resource wheel clockwise by one or up to two positions": how far is said."""
    say(events, "wheel_turned", f"{{p{p.seat}}} turns their resource wheel {a.steps} "
        f"position{'s' * (a.steps > 1)}.", seat=p.seat)
    turn_wheel(state, p.seat, a.steps, events)


def _numbers(cards: list[int]) -> str:
    """Card numbers as a line names them: "152", "152 and 155", "123, 152 and 155"."""
    return and_list([str(card) for card in cards])


STEPS: dict[str, tuple[Options, Resolve]] = {
    "wheel_start": (lambda s, p: [WheelStart(position=x) for x in D.WHEEL_STARTS], _wheel_start),
    "booster": (lambda s, p: [ChooseBooster(tile=t) for t in s.players[p.seat].drawn], _booster),
    "place": (lambda s, p: place_options(s, p.seat, p.data["city"], p.data["optional"]), _place),
    "pick_city": (_pick_city_options, _pick_city),
    "goods_option": (lambda s, p: buy_options(s, p.seat, p.data["ring"]),
                     lambda s, p, a, e: take_yield(s, p.seat, a, e)),
    "sell_count": (lambda s, p: [SellCount(count=n) for n in p.data["counts"]], _sell_count),
    "pay": (pay_options, resolve_pay),
    "upgrade": (lambda s, p: [*upgrade_options(s.players[p.seat]), Stop()], _upgrade),
    "split": (lambda s, p: [*(SplitGood(good=g) for g in splittable(s.players[p.seat])), Stop()],
              _split),
    "split_into": (lambda s, p: split_options(p.data["good"]), _split_into),
    "wheel_steps": (lambda s, p: [WheelSteps(steps=1), WheelSteps(steps=2)], _wheel_steps),
    "trade": (_trade_options, _trade),
    "build": (lambda s, p: [*build_options(s, p.seat), Cancel()], _build),
    "discard": (lambda s, p: [Discard(good=g) for g in D.GOODS if s.players[p.seat].goods[g]],
                _discard),
    "ability": (lambda s, p: ability_options(s.players[p.seat], p.data["index"]),
                lambda s, p, a, e: use_ability(s, p.seat, a, e)),
    "take_card": (take_options, _take),
    "tavern": (lambda s, p: [TakeCard(card=c) for c in p.data["cards"]], _tavern),
    "solo_votes3": (lambda s, p: solo_votes3_options(s), _solo_votes3),
    "site": (site_options, pick_site),
    "develop": (develop_options, lambda s, p, a, e: a.kind == "develop" and develop(s, p.seat, a, e)),
    "improvement": (offered_options,
                    lambda s, p, a, e: a.kind == "activate" and use_offered(s, p.seat, a.improvement, e)),
    "solo_deal": (lambda s, p: [Pass()], _solo_deal),
    REVEAL_PERIOD: (lambda s, p: [Pass()], lambda s, p, a, events: reveal_period(s, events)),
    "solo_draw": (solo_draw_options, _solo_draw),
}
_FORCED = frozenset({"pay", "discard"})
_NOTHING = frozenset({"skip", "pass"})


def step_options(state: State, pending: Pending) -> list[Any]:
    return STEPS[pending.kind][0](state, pending)


def resolve_step(state: State, action: Any, events: list[Event]) -> None:
    pending = state.pending.pop()
    STEPS[pending.kind][1](state, pending, action, events)


def settle_forced(state: State, events: list[Event]) -> bool:
    """Resolve the top step by itself when it leaves no real choice. True if it did."""
    pending = state.pending[-1]
    player = state.players[pending.seat] if pending.seat < len(state.players) else None
    if pending.kind == "discard" and player is not None and stored(player) <= capacity(player):
        state.pending.pop()  # goods left the storage since (a building took them): it fits again
        return True
    options = step_options(state, pending)
    if len(options) != 1:
        return False
    only = options[0]
    nothing = getattr(only, "where", None) in _NOTHING or getattr(only, "choice", None) in _NOTHING \
        or only.kind == "pass"
    if pending.kind in _FORCED or nothing:
        if pending.kind == "pick_city" and pending.data["purpose"] == "place" and not pending.data.get("optional"):
            _say_placement_lost(state, pending.seat, events)  # a card or building promised it: say why not
        elif pending.kind == "place" and (why := why_not_placed(state, pending.seat, pending.data["city"])):
            # Room when it was promised, taken since (a sale's second marker, two wheel bonuses for one space).
            say(events, "placement_lost", f"{{p{pending.seat}}}'s influence marker to place is lost: {why}.",
                seat=pending.seat)
        resolve_step(state, only, events)
        return True
    return False


def _say_placement_lost(state: State, seat: int, events: list[Event]) -> None:
    why = ("no marker is left in their general supply" if state.players[seat].general <= 0
           else "no city has room for one")
    say(events, "placement_lost", f"{{p{seat}}} places no influence marker: {why}.", seat=seat)
