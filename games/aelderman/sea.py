"""The actions printed on action cards: when each is allowed and what it does."""

from __future__ import annotations

from games.aelderman import data as D
from games.aelderman.improvements import can_develop, push_develop
from games.aelderman.placement import can_place, push_placement, spots, why_not_placed
from games.aelderman.rules import gain, gain_influence, influence_gained, say
from games.aelderman.state import Pending, State
from games.aelderman.trading import can_sell, can_upgrade, splittable, start_buy, start_sale
from games.core import Event


def card_of(state: State, city: str) -> D.ActionCard:
    return D.ACTION_CARDS[state.cards[city]]


def sale_counts(state: State, seat: int, action: D.SeaAction) -> list[int]:
    player = state.players[seat]
    demand = card_of(state, player.location).demand
    counts = (4,) if action.amount == 4 else (4, 6, 8)
    return [n for n in counts if can_sell(player, demand, n)]


def action_allowed(state: State, seat: int, action: D.SeaAction) -> bool:
    """Whether the seat can pay for and complete this card action where its ship is."""
    player = state.players[seat]
    city = player.location
    family = action.family
    if player.coins < action.coins:
        return False
    if family == "buy":
        return city in D.CITY_ZONE
    if family == "sell":  # whoever can sell more can sell the first 4 demanded goods
        return can_sell(player, card_of(state, city).demand, 4)
    if family == "upgrade":
        return can_upgrade(player)
    if family == "split":
        return bool(splittable(player))
    if family == "place":
        if player.general < action.amount:
            return False
        return spots(state, seat, city, reserved_coins=action.coins) >= action.amount
    if family == "improve":
        return player.influence >= D.IMPROVE_INFLUENCE and can_develop(state, seat)
    if family == "swap":
        return True
    return True  # influence, wheel, luxury, production, votes: only the price matters


def perform(state: State, seat: int, action: D.SeaAction, events: list[Event]) -> None:
    player = state.players[seat]
    player.coins -= action.coins
    family = action.family
    if family == "buy":
        start_buy(state, seat, action.amount - 1, events)
    elif family == "sell":
        counts = sale_counts(state, seat, action)
        demand = card_of(state, player.location).demand
        if len(counts) == 1:
            start_sale(state, seat, demand, counts[0], events)
        else:
            state.pending.append(Pending(kind="sell_count", seat=seat, data={"counts": counts}))
    elif family == "upgrade":
        player.coins += action.bonus_coins
        state.pending.append(Pending(kind="upgrade", seat=seat, data={"left": action.amount}))
    elif family == "split":
        state.pending.append(Pending(kind="split", seat=seat, data={"left": action.amount}))
    elif family == "place":
        push_placement(state, seat, player.location, optional=False, count=action.amount)
    elif family == "influence":
        got = gain_influence(player, action.amount)
        say(events, "influence_gained", f"{{p{seat}}} gains {influence_gained(got, action.amount)}.", seat=seat)
    elif family == "wheel":
        player.coins += action.bonus_coins
        if action.amount == 1:
            turn_wheel(state, seat, 1, events)
        else:
            state.pending.append(Pending(kind="wheel_steps", seat=seat))
    else:
        _perform_purchase(state, seat, action, events)


def _perform_purchase(state: State, seat: int, action: D.SeaAction, events: list[Event]) -> None:
    player = state.players[seat]
    if action.family == "luxury":
        say(events, "luxury_bought", f"{{p{seat}}} buys 1 {action.target}.", seat=seat)
        gain(state, seat, {action.target: 1}, events)
    elif action.family == "production":
        player.production[action.target] += action.amount
        what = "action point" if action.target == "ap" else action.target
        say(events, "production", f"{{p{seat}}} raises {what} production by {action.amount}.", seat=seat)
    elif action.family == "votes":
        player.votes += 10
        say(events, "votes_bought", f"{{p{seat}}} buys 10 council votes.", seat=seat)
    elif action.family == "swap":
        state.pending.append(Pending(kind="pick_city", seat=seat, data={"purpose": "swap"}))
    elif action.family == "improve":
        player.influence -= D.IMPROVE_INFLUENCE  # back to the general supply
        player.general += D.IMPROVE_INFLUENCE
        push_develop(state, seat)


def turn_wheel(state: State, seat: int, steps: int, events: list[Event]) -> None:
    """Turn clockwise; every fifth turn the bonus lets the player place a free marker here."""
    player = state.players[seat]
    for _ in range(steps):
        player.rotation = (player.rotation + 1) % D.WHEEL_SIZE
        player.wheel_turns += 1
        if player.wheel_turns % D.BONUS_EVERY == 0 and can_place(state, seat, player.location):
            say(events, "wheel_bonus", f"{{p{seat}}}'s resource wheel gives a free influence "
                f"marker in {player.location}.", seat=seat)
            push_placement(state, seat, player.location, optional=True)
        elif player.wheel_turns % D.BONUS_EVERY == 0:
            # Rulebook: "Placing influence markers is not possible in Lübeck, Levantehandel or
            # Fernosthandel. So, make sure you don't end your turn at these locations..."
            why = why_not_placed(state, seat, player.location)
            say(events, "wheel_bonus_lost", f"{{p{seat}}}'s resource wheel bonus is lost: {why}.", seat=seat)


def swappable(state: State, exclude: str | None = None) -> list[str]:
    """Cards of Lübeck, Levantehandel and Fernosthandel are never swapped (rulebook)."""
    return [city for city in D.CITIES if city != exclude]


def swap_cards(state: State, seat: int, first: str, second: str, events: list[Event]) -> None:
    state.cards[first], state.cards[second] = state.cards[second], state.cards[first]
    say(events, "cards_swapped", f"{{p{seat}}} swaps the action cards of {first} and {second}.",
        seat=seat, cities=[first, second])
    turn = state.turn
    if turn is not None and turn.visit.city in (first, second):
        turn.visit.blocked = True
