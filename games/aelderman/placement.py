"""Placing influence markers on the sea map, subsidiaries, and the action-card exchange."""

from __future__ import annotations

from games.aelderman import data as D
from games.aelderman.actions import Place
from games.aelderman.rules import say
from games.aelderman.state import Pending, State
from games.core import Event, plural


def banner_free(state: State, city: str) -> int:
    return D.BANNER_SPACES - len(state.banners[city])


def subsidiary_possible(state: State, seat: int, city: str, reserved_coins: int = 0) -> bool:
    """A subsidiary needs a free anchor and 5 coins on top of what the placement costs (and of
    `reserved_coins`, which the player must keep; negative: coins still to come)."""
    return city not in state.subsidiary and state.players[seat].coins >= D.SUBSIDIARY_EXTRA + reserved_coins


def spots(state: State, seat: int, city: str, reserved_coins: int = 0) -> int:
    if city not in D.CITY_ZONE:
        return 0
    return banner_free(state, city) + (1 if subsidiary_possible(state, seat, city, reserved_coins) else 0)


def can_place(state: State, seat: int, city: str) -> bool:
    return state.players[seat].general > 0 and spots(state, seat, city) > 0


def why_not_placed(state: State, seat: int, city: str, coins_to_come: int = 0) -> str | None:
    """Why the seat cannot place an influence marker in `city` now, or once `coins_to_come` more
    are paid to it, which a subsidiary may use (None: it can). Rulebook: "These influence markers are always taken from the
    general supply", and "Placing influence markers is not possible in Lübeck, Levantehandel or
    Fernosthandel"."""
    if state.players[seat].general <= 0:
        return "no influence marker is left in the general supply"
    if spots(state, seat, city, -coins_to_come) <= 0:
        return f"no influence marker can be placed in {city}"
    return None


def place_options(state: State, seat: int, city: str, optional: bool) -> list[Place]:
    options: list[Place] = []
    if state.players[seat].general > 0 and city in D.CITY_ZONE:
        if banner_free(state, city):
            options.append(Place(city=city, where="banner"))
        if subsidiary_possible(state, seat, city):
            options.append(Place(city=city, where="subsidiary", coins=D.SUBSIDIARY_EXTRA))
    if optional or not options:
        options.append(Place(city=city, where="skip"))
    return options


def push_placement(state: State, seat: int, city: str | None, optional: bool, count: int = 1) -> None:
    """Queue `count` placement steps; city None means "any city" (a city choice comes first)."""
    for _ in range(count):
        if city is None:
            state.pending.append(Pending(kind="pick_city", seat=seat,
                                         data={"purpose": "place", "optional": optional}))
        elif can_place(state, seat, city):
            state.pending.append(Pending(kind="place", seat=seat,
                                         data={"city": city, "optional": optional}))


def placeable_cities(state: State, seat: int) -> list[str]:
    return [city for city in D.CITIES if can_place(state, seat, city)]


def place_marker(state: State, seat: int, city: str, where: str, events: list[Event]) -> None:
    player = state.players[seat]
    player.general -= 1
    guilds = player.buildings.count("Trade Guild")
    guild = (f" and receives {plural(guilds, 'coin')} from their Trade Guild{'s' * (guilds > 1)}"
             if guilds else "")
    if where == "subsidiary":
        player.coins -= D.SUBSIDIARY_EXTRA
        state.subsidiary[city] = seat
        say(events, "subsidiary", f"{{p{seat}}} founds a subsidiary in {city} for {D.SUBSIDIARY_EXTRA} more "
            f"coins{guild}.", seat=seat, city=city)
    else:
        state.banners[city].append(seat)
        say(events, "influence_placed", f"{{p{seat}}} places an influence marker in {city}{guild}.",
            seat=seat, city=city)
    if guilds:
        player.coins += guilds  # Trade Guild: +1 coin for every marker placed
    check_zone(state, seat, city, events)
    if where == "banner" and len(state.banners[city]) % 2 == 0:
        exchange_card(state, city, events)


def exchange_card(state: State, city: str, events: list[Event]) -> None:
    """A banner row was completed: the city's action card is replaced from the draw pile."""
    old = state.cards[city]
    if not state.card_pile and state.card_discard:
        # The pile ran out (chosen rule): the discarded cards are shuffled into a new pile.
        state.card_pile = state.card_discard
        state.card_discard = []
        state.rng.shuffle(state.card_pile)
    if not state.card_pile:
        return
    state.card_discard.append(old)
    state.cards[city] = state.card_pile.pop()
    say(events, "card_exchanged", f"The action card of {city} is exchanged.", city=city,
        old=old, new=state.cards[city])
    block_if_here(state, city)


def block_if_here(state: State, city: str) -> None:
    """Rulebook: "You cannot perform a second action in a city, if the action card is exchanged
    after you placed an influence marker with your first action." Exchanged before any sea action
    was made there (by the marker of a city action or an improvement), the new card's action is the
    first, and it is still due ("you must spend at least one action point on a sea trading action")."""
    turn = state.turn
    if turn is not None and turn.visit.city == city and (turn.visit.alt or any(turn.visit.rows)):
        turn.visit.blocked = True


def markers_in(state: State, seat: int, city: str) -> int:
    """Influence markers of a seat in a city, its subsidiary included."""
    return state.banners[city].count(seat) + (state.subsidiary.get(city) == seat)


def controls(state: State, seat: int, zone: str) -> bool:
    return all(markers_in(state, seat, city) for city, z in D.CITY_ZONE.items() if z == zone)


def check_zone(state: State, seat: int, city: str, events: list[Event]) -> None:
    """Rulebook: "If you manage to place at least one influence marker in each city of a trading
    zone, you control this zone and gain an additional income of one influence marker" (once per
    zone, main version only)."""
    if state.version != "main" or seat >= state.seats:
        return
    zone = D.CITY_ZONE[city]
    player = state.players[seat]
    if zone not in player.zones and controls(state, seat, zone):
        player.zones.append(zone)
        player.production["influence"] += 1
        say(events, "zone_control", f"{{p{seat}}} controls the {zone} zone: +1 influence production.",
            seat=seat, zone=zone)
