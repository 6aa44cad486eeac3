"""The spare colour: the 2-player setups (markers and buildings that hold places) and the solo
dummy that develops each round, drawing placement and selection cards.

The spare colour's seat number is `state.seats`: seat 2 at two players, seat 1 in a solo game.
"""

from __future__ import annotations

from games.aelderman import data as D
from games.aelderman.improvements import position_index
from games.aelderman.majority import district_strengths, holds_majority, zone_counts
from games.aelderman.placement import exchange_card
from games.aelderman.rules import say
from games.aelderman.state import Spare, State
from games.core import Event, plural


def choose_spare(state: State, option: int, sheet: str) -> None:
    """The spare colour and its setup option (or the solo dummy's description), chosen at setup;
    its pieces are placed once the start boosters are chosen (place_spare)."""
    state.spare = Spare(sheet=sheet, placed=False)
    state.setup_option = option


def place_spare(state: State, events: list[Event]) -> None:
    """Setup step 9, after the start boosters of step 8: "According to the chosen scenario, place
    buildings in the city districts and influence markers on the sea map in the selected player
    color". Markers go on the banners as any marker would; placed before the game, they exchange
    no action card (they are part of the setup, like the cards themselves). The solo dummy's first
    building is told as its later ones are: "The randomly drawn placement card determines that this
    is built in the district St. Johannis"."""
    if state.spare is None or state.spare.placed:
        return
    state.spare.placed = True
    spare, option, sheet = state.seats, state.setup_option, state.spare.sheet
    for city, count in D.DUMMY_SETUPS[option].items():
        state.banners[city].extend([spare] * count)
    if state.site_owner:  # Lübeck's sites are used in the main version only
        for district, strength in D.SETUP_BUILDINGS[option]:
            build_spare(state, district, strength)
    if sheet:
        used: list[str] = []
        for strength in D.DUMMY_SHEETS[sheet].buildings[0]:
            dummy_build(state, strength, events, used)


def build_spare(state: State, district: str, strength: int) -> bool:
    """A property tile of the spare colour with `strength` markers on it, on the district's next
    free site along its placement card's arrows. False when the district is full."""
    site = next((s for s in D.PLAN[district] if state.site_owner[s] < 0), None)
    if site is None:
        return False
    assert state.spare is not None
    state.site_owner[site] = state.seats
    state.spare.lots.append([site, strength])
    return True


def spare_supply(state: State) -> tuple[int, int]:
    """(property tiles, influence markers) the spare colour has left. Each colour has "8 property
    tiles, 35 influence markers"; the spare marks a building's strength with markers on its tile,
    so those come out of the same 35."""
    assert state.spare is not None
    on_map = sum(banner.count(state.seats) for banner in state.banners.values())
    on_tiles = sum(strength for _, strength in state.spare.lots)
    return D.PROPERTY_TILES - len(state.spare.lots), D.INFLUENCE_MARKERS - on_map - on_tiles


def _draw(state: State, cards: list[str]) -> str | None:
    return cards.pop(state.rng.below(len(cards))) if cards else None


def dummy_build(state: State, strength: int, events: list[Event], used: list[str] | None = None) -> None:
    """Rulebook: "If the dummy player already owns the majority in a city district ... do not perform
    that action, but draw a new placement card! ... If the dummy player has the majority in all city
    districts ..., the action is still performed." A full district also draws a new card. With
    no property tile or too few markers left in its colour's supply, the dummy builds nothing."""
    tiles, markers = spare_supply(state)
    if tiles < 1 or markers < strength:  # its sheet asks for more than its colour has left: told
        what = "property tile" if tiles < 1 else "influence markers"
        say(events, "dummy_cannot_build", f"The dummy has no {what} left for a building: it builds nothing.")
        return
    cards = [d for d in D.DISTRICTS if used is None or d not in used]
    strengths = district_strengths(state)
    held_all = all(holds_majority(strengths[d], state.seats) for d in D.DISTRICTS)
    while (district := _draw(state, cards)) is not None:
        if used is not None:
            used.append(district)  # two buildings never go to one district in the same round
        if not held_all and holds_majority(strengths[district], state.seats):
            continue
        if build_spare(state, district, strength):
            say(events, "dummy_built", f"The dummy builds a building of strength {strength} in "
                f"{district}.", district=district, strength=strength)
            return
    # Every card drawn: the districts it does not hold are full (the book does not say more).
    say(events, "dummy_cannot_build", f"No placement card leads the dummy's building of strength {strength} to a "
        "free site in a district it does not hold: it builds nothing.", strength=strength)


def dummy_markers(state: State, events: list[Event]) -> None:
    """Before the third period indicator: the sheet's markers, one per drawn city card (no city
    twice in a round), skipping zones where the dummy already holds the majority unless it holds
    all. A marker that completes a banner row exchanges the action card (rulebook)."""
    assert state.spare is not None
    count = D.DUMMY_SHEETS[state.spare.sheet].markers[state.round - 1]
    cards = list(D.CITIES)
    total = min(count, spare_supply(state)[1])
    if total < count:  # its sheet asks for more than its colour has left: told
        say(events, "dummy_cannot_place", f"The dummy has {plural(total, 'influence marker')} left for the "
            f"{count} its description places this round.", markers=count - total)
    for placed in range(total):
        while (city := _draw(state, cards)) is not None:
            counts = zone_counts(state)
            held_all = all(holds_majority(counts[z], state.seats) for z in D.ZONES)
            if not held_all and holds_majority(counts[D.CITY_ZONE[city]], state.seats):
                continue
            if len(state.banners[city]) >= D.BANNER_SPACES:
                continue
            state.banners[city].append(state.seats)
            say(events, "dummy_marker", f"The dummy places an influence marker in {city}.", city=city)
            if len(state.banners[city]) % 2 == 0:
                exchange_card(state, city, events)
            break
        else:  # every card drawn: the cities of the zones it does not hold are full
            left = total - placed
            say(events, "dummy_cannot_place", f"No placement card leads the dummy to a free banner space in a zone "
                f"it does not hold: {left} of its influence markers are not placed this round.", markers=left)
            return


def dummy_selection(state: State, events: list[Event]) -> None:
    """Round preparation of the solo dummy, on the display as the players last saw it (before its
    usual move to the right): an improvement and perhaps a Council order leave by selection card.
    Rounds 2-5: "In the preparation phase for each new round" (the first round has none: "This phase
    is skipped in the first round"; only its dummy building is placed, at setup, as in the example)."""
    assert state.spare is not None
    pick = state.rng.below(D.SELECTION_CARDS)
    index = position_index(state, pick)  # "counting from left to right": an empty spot removes nothing
    if index is not None:
        gone = state.display.pop(index)
        revealed = state.improvement_pile.pop() if state.improvement_pile else None
        if revealed is not None:
            state.display.insert(0, revealed)
        again = "another " if revealed == gone else ""  # improvements come in several copies
        say(events, "dummy_improvement", f"Selection card {pick + 1}: improvement {gone} leaves the display"
            + (f"; {again}{revealed} is revealed on the far left." if revealed is not None else "."),
            improvement=gone)
    else:  # the drawn card is told all the same: the dummy's step was taken
        say(events, "dummy_improvement", f"Selection card {pick + 1}: its spot of the display is empty, so no "
            "improvement leaves.")
    pick = state.rng.below(D.SELECTION_CARDS)
    if pick < len(state.orders) and state.orders[pick]:
        say(events, "dummy_order", f"Selection card {pick + 1}: Council order {state.orders[pick]} is "
            "removed.", order=state.orders[pick])
        state.orders[pick] = 0
    else:
        say(events, "dummy_order", f"Selection card {pick + 1}: no Council order is left there to remove.")


def dummy_buildings(state: State, events: list[Event]) -> None:
    """The buildings of the dummy description's row for this round."""
    assert state.spare is not None
    used: list[str] = []
    for strength in D.DUMMY_SHEETS[state.spare.sheet].buildings[state.round - 1]:
        dummy_build(state, strength, events, used)


def is_solo_dummy(state: State) -> bool:
    return state.spare is not None and bool(state.spare.sheet)
