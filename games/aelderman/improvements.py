"""Improvements of the main version: the display of four, developing one, and activating an own
improvement once per round (flipped until the next round; +1 coin per Guild House)."""

from __future__ import annotations

from games.aelderman import data as D
from games.aelderman.actions import Activate, Develop, Pass
from games.aelderman.placement import banner_free, push_placement
from games.aelderman.rules import ap_available, gain, listed, say, spend_ap
from games.aelderman.state import Pending, Player, State
from games.core import Event, plural

# "perform the action placing influence marker": one marker at the action's price (5 coins).
PLACE_COINS = D.SEA_ACTIONS["place1"].coins
# The improvements whose effect is that action: their cards do not name its price.
PLACING = frozenset({*D.IMPROVEMENT_ZONE, 509, 511})
# 505 "perform the action swapping action cards": read as 502's sentence is, at that action's price.
SWAP_COINS = D.SEA_ACTIONS["swap"].coins
ACTION_PRICE = {**{number: PLACE_COINS for number in PLACING}, 505: SWAP_COINS}


def described(number: int) -> str:
    """An improvement's rulebook text, and the coins it costs where the text does not say."""
    text = D.IMPROVEMENTS[number].text
    return f"{text} Costs {ACTION_PRICE[number]} coins." if number in ACTION_PRICE else text


def slots(player: Player) -> int:
    """Three spaces; each Guild House removes one of the two barriers (rulebook)."""
    extra = min(D.IMPROVEMENT_SLOTS - D.IMPROVEMENT_SLOTS_OPEN, player.buildings.count("Guild House"))
    return D.IMPROVEMENT_SLOTS_OPEN + extra


def can_develop(state: State, seat: int) -> bool:
    return bool(state.display) and len(state.players[seat].improvements) < slots(state.players[seat])


def develop_options(state: State, pending: Pending) -> list:
    options: list = [Develop(slot=i, improvement=n) for i, n in enumerate(state.display)]
    if not can_develop(state, pending.seat):
        return [Pass()]
    return options


def develop(state: State, seat: int, action: Develop, events: list[Event]) -> None:
    """Rulebook: "all improvements to the left of the vacant spot are moved to the right. On the
    far left, a new improvement is revealed from the draw pile." """
    player = state.players[seat]
    state.display.pop(action.slot)
    if state.improvement_pile:
        state.display.insert(0, state.improvement_pile.pop())
    player.improvements.append(action.improvement)
    player.activated.append(False)
    say(events, "improvement", f"{{p{seat}}} develops improvement {action.improvement}.", seat=seat,
        improvement=action.improvement)


def push_develop(state: State, seat: int) -> None:
    if can_develop(state, seat):
        state.pending.append(Pending(kind="develop", seat=seat))


def new_round(state: State, events: list[Event]) -> None:
    """Rulebook: all improvements move one position right, the far right one is discarded, a new
    one is placed on the far left; own improvements are turned to the active side again. Once the
    pile has run out, the spots left empty are on the left (see `position_index`): the far right
    one is still taken, and leaves."""
    gone = state.display.pop() if state.display else None
    revealed = state.improvement_pile.pop() if state.improvement_pile else None
    if revealed is not None:
        state.display.insert(0, revealed)
    again = "another " if revealed is not None and revealed == gone else ""  # several copies of each
    parts = ([f"{gone} leaves the display"] if gone is not None else []) + (
        [f"{again}{revealed} is revealed on the far left"] if revealed is not None else [])
    if parts:
        say(events, "display_moved", f"The improvements move one place to the right: {'; '.join(parts)}.",
            improvement=gone, revealed=revealed)
    for player in state.players:
        player.activated = [False] * len(player.improvements)


def position_index(state: State, position: int) -> int | None:
    """The index in `state.display` of the tile at display position `position` (0 is the far
    left), or None for an empty spot. Tiles only ever move right and new ones come in on the far
    left, so a display short of tiles (an empty pile) has its empty spots on the left."""
    index = position - (D.IMPROVEMENT_DISPLAY - len(state.display))
    return index if 0 <= index < len(state.display) else None


def ready(player: Player, number: int) -> int | None:
    """Index of an own, not yet activated copy of the improvement."""
    for index, (own, used) in enumerate(zip(player.improvements, player.activated)):
        if own == number and not used:
            return index
    return None


def activate(state: State, seat: int, number: int, events: list[Event]) -> None:
    player = state.players[seat]
    index = ready(player, number)
    assert index is not None
    player.activated[index] = True
    houses = player.buildings.count("Guild House")
    player.coins += houses  # rulebook: +1 coin per Guild House
    # What the activation costs (its action's price, paid by the caller) and gives, named in its line.
    cost = {**({"ap": 1} if number in D.IMPROVEMENT_ZONE else {}),
            **({"coins": ACTION_PRICE[number]} if number in ACTION_PRICE else {})}
    paying = f" for {listed(cost)}" if cost else ""
    house = f" and receives {plural(houses, 'coin')} from their Guild House{'s' * (houses > 1)}" if houses else ""
    say(events, "activated", f"{{p{seat}}} activates improvement {number}{paying}{house}.", seat=seat,
        improvement=number)


# -- improvements activated as a move of the turn (501-504, 509) ------------------------------------
def turn_improvements(state: State) -> list[Activate]:
    turn = state.turn
    if state.version != "main" or turn is None or not turn.moved:
        return []
    player = state.players[turn.seat]
    result = []
    for number in dict.fromkeys(player.improvements):
        if ready(player, number) is not None and _turn_ready(state, number):
            result.append(Activate(improvement=number))
    return result


def _turn_ready(state: State, number: int) -> bool:
    turn = state.turn
    assert turn is not None
    seat, city = turn.seat, turn.visit.city
    player = state.players[seat]
    if number == 501:
        return turn.visit.spent == 0 and turn.passes == 0 and ap_available(state) >= 1
    placeable = _placement_affordable(state, seat, city)
    # "You still have to perform an action for at least one action point in the city, even if you
    # activate an improvement there": one must have been made here, or be left to make. Nothing
    # else limits a city to one improvement ("Improvements can be activated once per round").
    regular_due = 0 if any(turn.visit.rows) or turn.visit.alt else 1
    if number in D.IMPROVEMENT_ZONE:
        return (D.CITY_ZONE.get(city) == D.IMPROVEMENT_ZONE[number] and not turn.visit.blocked
                and ap_available(state) >= 1 + regular_due and placeable)
    if number == 509:
        return (placeable and not turn.visit.blocked and ap_available(state) >= regular_due
                and player.goods["glass"] + player.goods["meat"] >= 3)
    return False


def use_turn_improvement(state: State, seat: int, number: int, events: list[Event]) -> None:
    turn = state.turn
    assert turn is not None
    activate(state, seat, number, events)
    if number == 501:
        turn.passes = 2  # "pass up to two cities on the sea map once without taking an action"
        return
    if number in D.IMPROVEMENT_ZONE:
        spend_ap(state, 1)
    # Rulebook: "you still have to perform an action for at least one action point in the city,
    # even if you activate an improvement there."
    turn.visit.improved = True
    _place_here(state, seat)


def _place_here(state: State, seat: int) -> None:
    state.players[seat].coins -= PLACE_COINS
    push_placement(state, seat, state.players[seat].location, optional=False)


# -- improvements offered after the event they name (505-508, 510, 511) -----------------------------
def offer(state: State, seat: int, trigger: str) -> None:
    """After `trigger` happened: offer each own, ready improvement of that trigger (optional)."""
    if state.version != "main":
        return
    player = state.players[seat]
    for number in dict.fromkeys(player.improvements):
        if D.IMPROVEMENTS[number].trigger == trigger and ready(player, number) is not None:
            if _affordable(state, seat, number):
                state.pending.append(Pending(kind="improvement", seat=seat, data={"number": number}))


def _affordable(state: State, seat: int, number: int) -> bool:
    player = state.players[seat]
    if number in (507, 508):
        return player.coins >= D.LUXURY_PRICE_507
    if number == 510:
        return player.coins >= 5
    if number == 505:  # its Guild House coins come first (paid by `activate`)
        return player.coins + player.buildings.count("Guild House") >= SWAP_COINS
    if number == 511:
        return _placement_affordable(state, seat, player.location)
    return True


def _placement_affordable(state: State, seat: int, city: str) -> bool:
    """Whether the action "placing influence marker" (5 coins) can place one in `city` once the
    improvement is activated (its Guild House coins come first): on a free banner space, or as a
    subsidiary with its 5 coins more ("If all ten spaces on a city's banner are filled with
    influence markers, no more influence markers can be added")."""
    player = state.players[seat]
    coins = player.coins + player.buildings.count("Guild House")  # paid by `activate`
    if coins < PLACE_COINS or player.general <= 0 or city not in D.CITY_ZONE:
        return False
    return banner_free(state, city) > 0 or (city not in state.subsidiary
                                            and coins >= PLACE_COINS + D.SUBSIDIARY_EXTRA)


def offered_options(state: State, pending: Pending) -> list:
    number = pending.data["number"]
    if not _affordable(state, pending.seat, number):
        return [Pass()]
    return [Activate(improvement=number), Pass()]


def use_offered(state: State, seat: int, number: int, events: list[Event]) -> None:
    beneath = len(state.pending)  # the offer is off the steps: its effects go above this
    activate(state, seat, number, events)
    player = state.players[seat]
    if number == 505:
        player.coins -= SWAP_COINS
        state.pending.append(Pending(kind="pick_city", seat=seat, data={"purpose": "swap"}))
    elif number == 506:
        state.pending.append(Pending(kind="wheel_steps", seat=seat))
    elif number in (507, 508):
        player.coins -= D.LUXURY_PRICE_507
        luxury = "spices" if number == 507 else "pelt"
        say(events, "improvement_luxury", f"{{p{seat}}} pays {D.LUXURY_PRICE_507} coins for 1 {luxury} "
            f"(improvement {number}).", seat=seat)
        gain(state, seat, {luxury: 1})
    elif number == 510:
        player.coins -= 5
        player.votes += 3
        say(events, "improvement_votes", f"{{p{seat}}} pays 5 coins for 3 council votes (improvement 510).",
            seat=seat)
    elif number == 511:
        _place_here(state, seat)
    # "Improvements can be activated once per round if you fulfill the requirements": each copy
    # is an improvement of its own, so the same event offers another unused copy after this one.
    if ready(player, number) is not None and _affordable(state, seat, number):
        state.pending.insert(beneath, Pending(kind="improvement", seat=seat, data={"number": number}))
