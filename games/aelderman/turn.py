"""A player's turn in the sea trade phase: moving, card actions, alternative trade,
city actions and ending the turn."""

from __future__ import annotations

from typing import Any, Callable, Iterator

from games.aelderman import data as D
from games.aelderman.actions import (AltTrade, Build, BuildMenu, BuyProperty, CardAction, EndTurn, Feast,
                                     Move, Trade, quick)
from games.aelderman.city import buy_property, can_build, can_buy_property, can_feast, celebrate, construct
from games.aelderman.improvements import turn_improvements, use_turn_improvement
from games.aelderman.orders import fulfil, order_options
from games.aelderman.rules import ap_available, property_cost, say, spend_ap
from games.aelderman.sea import action_allowed, card_of, perform
from games.aelderman.state import Pending, State, Turn
from games.core import Event, RuleError, copy_state


def can_move(state: State) -> bool:
    """Movement is free, but at least one action point must be spent in every city passed,
    so the ship leaves a city only after spending there (or from where the turn started). With
    no action point left it may still sail on, once, to a city it may enter (moves_offered)."""
    turn = state.turn
    assert turn is not None
    if not turn.moved:
        return True
    visit = turn.visit
    if turn.passes > 0 and visit.spent == 0 and not (visit.city_actions or visit.improved):
        return True  # improvement 501: a city passed "without taking an action there"
    return visit.spent >= 1 and may_end(state)


def moves_offered(state: State) -> list[Move]:
    """The cities the ship may sail to now. Rulebook: "If you have no remaining action points, you
    cannot enter Lübeck or any of your subsidiaries in this turn" (where city actions, which cost
    none, would follow); any other city it may still enter, and ends its turn there."""
    turn = state.turn
    assert turn is not None
    if not can_move(state):
        return []
    cities = D.NEIGHBOURS[turn.visit.city]
    if ap_available(state) < 1:
        cities = [c for c in cities if c != D.LUBECK and state.subsidiary.get(c) != turn.seat]
    return [quick(Move, city=c) for c in cities]


def card_actions(state: State) -> list[CardAction]:
    return [quick(CardAction, row=row, col=col, action=name, cost=col + 1)
            for row, col, name in _card_actions_allowed(state)]


def card_action_possible(state: State) -> bool:
    """Whether card_actions has any (asked often: stops at the first)."""
    return next(_card_actions_allowed(state), None) is not None


def _card_actions_allowed(state: State) -> Iterator[tuple[int, int, str]]:
    """(row, col, action) of each card action the turn's player may use now."""
    turn = state.turn
    assert turn is not None
    visit = turn.visit
    if not turn.moved or visit.alt or visit.blocked:
        return
    available = ap_available(state)
    card = card_of(state, visit.city)
    for row, names in enumerate(card.rows):
        if visit.rows[row]:
            continue
        for col, name in enumerate(names):
            if name is None or D.card_action_cost(col) > available:
                continue
            if action_allowed(state, turn.seat, D.SEA_ACTIONS[name]):
                yield row, col, name


def trade_options(state: State, seat: int) -> list[Trade]:
    player = state.players[seat]
    options = []
    # A full storage does not stop a purchase: "Goods can be removed from the storage at any time to
    # make room for new goods" (the discard step follows, as after buying by a card action).
    options.extend(quick(Trade, side="buy", good=g, coins=price) for g, price in D.BUY_PRICE.items()
                   if player.coins >= price)
    options.extend(quick(Trade, side="sell", good=g, coins=price) for g, price in D.SELL_PRICE.items()
                   if player.goods[g] > 0)
    return options


def alt_trade_allowed(state: State) -> bool:
    turn = state.turn
    assert turn is not None
    visit = turn.visit
    if not turn.moved or visit.alt or visit.blocked or any(visit.rows):
        return False
    if ap_available(state) < 1:
        return False
    player = state.players[turn.seat]
    return any(player.goods[g] for g in D.SELL_PRICE) or player.coins >= min(D.BUY_PRICE.values())


def in_own_city(state: State) -> bool:
    """City actions: in Lübeck or an own subsidiary, and only after moving this turn."""
    turn = state.turn
    assert turn is not None
    city = turn.visit.city
    return turn.moved and (city == D.LUBECK or state.subsidiary.get(city) == turn.seat)


def city_actions(state: State) -> list:
    if not in_own_city(state):
        return []
    seat = state.turn.seat  # type: ignore[union-attr]
    result: list = []
    if can_buy_property(state, seat):
        result.append(BuyProperty(coins=property_cost(state, state.players[seat])))
    if can_open_build_menu(state, seat):
        result.append(BuildMenu())
    result.extend(Feast(size=size) for size in ("small", "big") if can_feast(state, seat, size))
    if state.version == "main":
        result.extend(order_options(state, seat))
    if sea_action_due(state):
        result = [a for a in result
                  if a.kind == "build_menu" or keeps_a_sea_action(state, lambda s, a=a: resolve_turn(s, seat, a, []))]
    return result


def build_options(state: State, seat: int) -> list[Build]:
    """The buildings the build menu offers now."""
    return [Build(building=name) for name in _buildable(state, seat)]


def can_open_build_menu(state: State, seat: int) -> bool:
    """Whether build_options has any (stops at the first: each is tried on a copy of the game)."""
    return next(_buildable(state, seat), None) is not None


def _buildable(state: State, seat: int) -> Iterator[str]:
    names = [name for name in D.BUILDINGS if can_build(state, seat, name)]
    if names and sea_action_due(state):
        return (name for name in names if keeps_a_sea_action(state, lambda s, name=name: build_now(s, seat, name)))
    return iter(names)


def build_now(state: State, seat: int, name: str) -> None:
    """Construct `name` (on any free lot: which one changes nothing a sea action needs)."""
    assert state.turn is not None
    state.turn.visit.city_actions = True
    lots = state.players[seat].lots
    construct(state, seat, name, [], lots[0] if lots else -1)


def sea_action_due(state: State) -> bool:
    """No sea action made in this city yet, and one is possible: the rulebook's 'Even if you
    perform one or more city actions, you must spend at least one action point on a sea trading
    action' still has to be met."""
    turn = state.turn
    assert turn is not None
    visit = turn.visit
    return not (visit.alt or any(visit.rows)) and (card_action_possible(state) or alt_trade_allowed(state))


def keeps_a_sea_action(state: State, change: Callable[[State], Any]) -> bool:
    """Whether a sea action is still possible after `change` (tried on a copy). A city action that
    would spend what the only possible sea actions need is not offered: the player could then end
    the turn without one. A change that asks a further choice first is judged at that choice, and
    one that turns up a face-down card keeps it possible (see turned_up_hidden)."""
    trial = copy_state(state)
    change(trial)
    return (len(trial.pending) > len(state.pending) or turned_up_hidden(state, trial)
            or card_action_possible(trial) or alt_trade_allowed(trial))


def face_down_counts(state: State) -> tuple[int, int, int]:
    """How many cards the face-down piles hold: action cards, Council Hall cards, improvements."""
    return len(state.card_pile), len(state.council_pile), len(state.improvement_pile)


def turned_up_hidden(state: State, trial: State) -> bool:
    """Whether a move tried on a copy of `state` drew from a face-down pile (an action card
    exchanged as a banner row fills, a Tavern's Council Hall cards, a new improvement). What it
    drew, the player cannot know, so the moves offered must not depend on it: such a way keeps a
    sea action possible. If the card turned up leaves none, the rule asks nothing more (may_end)."""
    return face_down_counts(trial) != face_down_counts(state)


def may_end(state: State) -> bool:
    """After city actions (or improvements 502-504) a regular sea action of at least one action
    point is due in that city, if one is possible (city actions that would make it impossible
    are not offered: keeps_a_sea_action)."""
    turn = state.turn
    assert turn is not None
    visit = turn.visit
    if not (visit.city_actions or visit.improved) or visit.alt or any(visit.rows):
        return True
    return not card_action_possible(state) and not alt_trade_allowed(state)


def turn_options(state: State) -> list:
    turn = state.turn
    assert turn is not None
    options: list = []
    options.extend(moves_offered(state))
    options.extend(card_actions(state))
    if alt_trade_allowed(state):
        options.append(quick(AltTrade))
    options.extend(city_actions(state))
    options.extend(turn_improvements(state))
    if may_end(state):
        options.append(quick(EndTurn))
    return options


def turn_options_of_kind(state: State, kind: str) -> list:
    """The legal turn moves of one kind (cheaper than all of them, to check a submitted move)."""
    turn = state.turn
    assert turn is not None
    if kind == "move":
        return moves_offered(state)
    if kind == "card_action":
        return card_actions(state)
    if kind == "alt_trade":
        return [AltTrade()] if alt_trade_allowed(state) else []
    if kind in ("property", "build_menu", "feast", "fulfil"):
        return city_actions(state)
    if kind == "activate":
        return turn_improvements(state)
    if kind == "end_turn":
        return [EndTurn()] if may_end(state) else []
    return []


def resolve_turn(state: State, seat: int, action, events: list[Event]) -> None:
    turn = state.turn
    assert turn is not None
    kind = action.kind
    if kind == "move":
        _move(state, turn, action.city, events)
    elif kind == "card_action":
        turn.visit.rows[action.row] = True
        spend_ap(state, action.cost)
        say(events, "card_action", f"{{p{seat}}} uses {D.SEA_ACTIONS[action.action].text} in "
            f"{turn.visit.city} ({action.cost} AP).", seat=seat, action=action.action)
        perform(state, seat, D.SEA_ACTIONS[action.action], events)
    elif kind == "alt_trade":
        state.pending.append(Pending(kind="trade", seat=seat))
    elif kind == "property":
        turn.visit.city_actions = True
        buy_property(state, seat, events)
    elif kind == "build_menu":
        state.pending.append(Pending(kind="build", seat=seat))
    elif kind == "feast":
        turn.visit.city_actions = True
        celebrate(state, seat, action.size, events)
    elif kind == "fulfil":
        turn.visit.city_actions = True
        fulfil(state, seat, action.order, events)
    elif kind == "activate":
        use_turn_improvement(state, seat, action.improvement, events)
    elif kind == "end_turn":
        end_turn(state, events)
    else:
        raise RuleError("That move does not belong to a turn.")


def end_turn(state: State, events: list[Event]) -> None:
    """The turn is over; the order of play (flow.advance) seats the next player."""
    turn = state.turn
    assert turn is not None
    say(events, "turn_end", f"{{p{turn.seat}}} ends the turn in {turn.visit.city}.", seat=turn.seat)
    state.turn = None
    state.turn_index += 1


def _move(state: State, turn: Turn, city: str, events: list[Event]) -> None:
    if turn.moved and turn.visit.spent == 0:
        turn.passes -= 1  # left without an action: one of improvement 501's passes
    turn.moved = True
    turn.visit = type(turn.visit)(city=city)
    state.players[turn.seat].location = city
    say(events, "move", f"{{p{turn.seat}}} sails to {city}.", seat=turn.seat, city=city)
