"""City actions in Lübeck and in own subsidiaries: property, buildings and feasts."""

from __future__ import annotations

from games.aelderman import data as D
from games.aelderman.actions import Ability, PickSite, quick
from games.aelderman.council import draw_council_cards
from games.aelderman.improvements import offer
from games.aelderman.placement import push_placement
from games.aelderman.rules import (building_cost, check_storage, gain, gain_influence,
                                   has_goods, influence_gained, listed, pay_goods, property_cost, say)
from games.aelderman.state import Pending, Player, State
from games.core import Event, own_choice, plural


def feast_limit(state: State) -> int:
    """Rulebook: the total number of feasts per round equals the number of players."""
    return state.seats


def feast_cost(state: State, size: str) -> tuple[dict[str, int], int] | None:
    indicator = D.ROUNDS[state.round]
    return indicator.small_feast if size == "small" else indicator.big_feast


def can_feast(state: State, seat: int, size: str) -> bool:
    turn = state.turn
    feast = feast_cost(state, size)
    if turn is None or turn.feasted or feast is None or state.feasts >= feast_limit(state):
        return False
    if state.players[seat].general < 1:  # the feast's marker comes from the general supply
        return False
    return has_goods(state.players[seat], feast[0])


def celebrate(state: State, seat: int, size: str, events: list[Event]) -> None:
    goods, influence = feast_cost(state, size) or ({}, 0)
    player = state.players[seat]
    pay_goods(player, goods)
    # Rulebook: "place one of your influence markers from the general supply on the round indicator".
    player.general -= 1
    player.feast_markers += 1
    got = gain_influence(player, influence)
    state.feasts += 1
    if state.turn is not None:
        state.turn.feasted = True
    if size == "small":
        player.small_feasts += 1
    else:
        player.big_feasts += 1
    say(events, "feast", f"{{p{seat}}} celebrates a {size} feast with {listed(goods)} and gains "
        f"{influence_gained(got, influence)}; "
        "one of their markers goes on the round indicator.", seat=seat, size=size)
    if size == "small" and player.mission == D.FEAST_MARK_MISSION and not player.mission_markers:
        _mark_mission(player, seat, events)


def _mark_mission(player: Player, seat: int, events: list[Event]) -> None:
    """Mathias Mulich's small feast is marked with a marker from the general supply on the mission
    card, where it stays. With none left there, the feast is not marked but still counts: the mark
    records it, and the mission asks for the feast."""
    if player.general < 1:
        return
    player.general -= 1
    player.mission_markers = 1
    events.append(own_choice(seat, "mission_mark", f"{{p{seat}}} marks the small feast on the mission card with "
                             "an influence marker from the general supply."))


def can_buy_property(state: State, seat: int) -> bool:
    player = state.players[seat]
    return player.property_supply > 0 and player.coins >= property_cost(state, player)


def buy_property(state: State, seat: int, events: list[Event]) -> None:
    """Short version: any district will do, so the tile has no site. Main version: the player
    places it on a free site of a district (a site step), and pays then."""
    if state.version == "main":
        state.pending.append(Pending(kind="site", seat=seat, data={"purpose": "property"}))
        return
    player = state.players[seat]
    cost = property_cost(state, player)
    player.coins -= cost
    player.property += 1
    player.property_supply -= 1
    say(events, "property", f"{{p{seat}}} buys a property in Lübeck for {plural(cost, 'coin')}.", seat=seat)


def site_options(state: State, pending: Pending) -> list[PickSite]:
    """Free sites for a new property tile, or the player's own free lots to build on."""
    if pending.data["purpose"] == "build":
        sites = state.players[pending.seat].lots
    else:
        sites = [s for s, owner in enumerate(state.site_owner) if owner < 0]
    return [quick(PickSite, site=s, district=D.SITES[s].district) for s in sites]


def pick_site(state: State, pending: Pending, action: PickSite, events: list[Event]) -> None:
    seat = pending.seat
    player = state.players[seat]
    if pending.data["purpose"] == "build":
        construct(state, seat, pending.data["building"], events, action.site)
        return
    cost = property_cost(state, player) if pending.data["purpose"] == "property" else 0
    player.coins -= cost
    player.property += 1
    player.property_supply -= 1
    player.lots.append(action.site)
    state.site_owner[action.site] = seat
    # A start booster's tile is received with the booster ("receive the resources depicted on the
    # tiles"), not bought.
    text = (f"{{p{seat}}} buys a property in {action.district} for {plural(cost, 'coin')}."
            if pending.data["purpose"] == "property" else
            f"{{p{seat}}} places the start booster's property tile in {action.district}.")
    say(events, "property", text, seat=seat, site=action.site, district=action.district)


def start_build(state: State, seat: int, name: str, events: list[Event]) -> None:
    """Main version: with several free lots the player says which one the building goes on."""
    lots = state.players[seat].lots
    if state.version == "main" and len(lots) > 1:
        state.pending.append(Pending(kind="site", seat=seat,
                                     data={"purpose": "build", "building": name}))
    else:
        construct(state, seat, name, events, lots[0] if lots else -1)


def can_build(state: State, seat: int, name: str) -> bool:
    player = state.players[seat]
    if player.property < 1 or state.built.get(name, 0) >= D.BUILDINGS[name].stock:
        return False
    goods, coins = building_cost(player, name)
    return player.coins >= coins and has_goods(player, goods)


def construct(state: State, seat: int, name: str, events: list[Event], site: int = -1) -> None:
    player = state.players[seat]
    goods, coins = building_cost(player, name)
    pay_goods(player, goods)
    player.coins -= coins
    player.property -= 1
    if site >= 0:
        player.lots.remove(site)
    player.buildings.append(name)
    player.uses.append(0)
    player.sites.append(site)
    state.built[name] = state.built.get(name, 0) + 1
    where = f" in {D.SITES[site].district}" if site >= 0 else ""
    paid = {**goods, **({"coins": coins} if coins else {})}
    say(events, "built", f"{{p{seat}}} builds a {name}{where} for {listed(paid)}{_at_once(name)}.", seat=seat,
        building=name, site=site)
    offer(state, seat, "built")  # improvement 506, offered after the building's own effects
    building_effect(state, seat, len(player.buildings) - 1, events, at_once=True)


def _at_once(name: str) -> str:
    """What a building gives as it is built (rulebook: "once immediately during construction")."""
    building = D.BUILDINGS[name]
    given = {**building.produces, **({"votes": D.GUARD_HOUSE_VOTES} if building.ability == "guard_house" else {})}
    return f" and receives {listed(given)} at once" if given else ""


def building_effect(state: State, seat: int, index: int, events: list[Event], at_once: bool) -> None:
    """Production and abilities of one building: at construction and in each production phase
    (where `produce` offers the abilities once every building has paid: see offer_ability)."""
    player = state.players[seat]
    building = D.BUILDINGS[player.buildings[index]]
    if building.produces:
        gain(state, seat, building.produces, events)
    if not at_once:
        return
    offer_ability(state, seat, index)
    if building.ability == "tavern":
        draw_tavern(state, seat)
    elif building.ability == "trade_guild":
        push_placement(state, seat, None, optional=False)
    elif building.ability == "guard_house":
        player.votes += D.GUARD_HOUSE_VOTES
    elif building.ability == "storage":
        check_storage(state, seat)


def offer_ability(state: State, seat: int, index: int) -> None:
    """The Carpentry, Lighthouse or Deli Market decision, when the player can use it now."""
    player = state.players[seat]
    if D.BUILDINGS[player.buildings[index]].ability in ("carpentry", "lighthouse", "deli") and ability_choices(
            player, index):
        state.pending.append(Pending(kind="ability", seat=seat, data={"index": index}))


def draw_tavern(state: State, seat: int) -> None:
    cards = draw_council_cards(state, 2)
    if cards:
        state.pending.append(Pending(kind="tavern", seat=seat, data={"cards": cards}))


def ability_choices(player: Player, index: int) -> list[str]:
    """What a Carpentry, Lighthouse or Deli Market can do now (empty: nothing possible)."""
    name = player.buildings[index]
    ability = D.BUILDINGS[name].ability
    if player.uses[index] >= D.ABILITY_USES or player.general < 1:
        return []  # each use puts a marker from the general supply on the building
    if ability == "carpentry" and player.goods["wood"] >= D.CARPENTRY_WOOD:
        return ["use"]
    if ability == "lighthouse" and player.goods["stone"] >= 2 and player.uses[index] < D.LIGHTHOUSE_MAX - 1:
        return ["use"]
    if ability == "deli" and player.goods["meat"] >= 1 and player.coins >= D.DELI_COINS:
        return ["spices", "pelt"]
    return []


def ability_options(player: Player, index: int) -> list[Ability]:
    name = player.buildings[index]
    choices = [*ability_choices(player, index), "skip"]
    return [Ability(building=name, index=index, choice=c) for c in choices]


def use_ability(state: State, seat: int, action: Ability, events: list[Event]) -> None:
    if action.choice == "skip":
        return
    player = state.players[seat]
    player.uses[action.index] += 1
    player.general -= 1  # the marker that counts the use
    ability = D.BUILDINGS[action.building].ability
    if ability == "carpentry":
        player.goods["wood"] -= D.CARPENTRY_WOOD
        player.votes += D.CARPENTRY_WOOD
        text = "turns 3 wood into 3 council votes"
    elif ability == "lighthouse":
        player.goods["stone"] -= 2
        text = "gains 1 strength for 2 stone"
    else:
        player.goods["meat"] -= 1
        player.coins -= D.DELI_COINS
        player.goods[action.choice] += 1
        text = f"turns 1 meat and {D.DELI_COINS} coins into 1 {action.choice}"
    # One marker from the general supply counts the use (up to four): said, as the supply changes.
    say(events, "ability", f"{{p{seat}}}'s {action.building} {text}; a marker of theirs counts the use "
        f"({player.uses[action.index]} of {D.ABILITY_USES}).", seat=seat)
