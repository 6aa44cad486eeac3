"""City actions in Lübeck and in own subsidiaries: property, buildings and feasts."""

from __future__ import annotations

from games.aelderman import data as D
from games.aelderman.actions import Ability, Build
from games.aelderman.council import draw_council_cards
from games.aelderman.placement import push_placement
from games.aelderman.rules import (building_cost, check_storage, gain, gain_influence,
                                   has_goods, pay_goods, property_cost, say)
from games.aelderman.state import Pending, Player, State
from games.core import Event


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
    say(events, "feast", f"{{p{seat}}} celebrates a {size} feast and gains {got} influence.",
        seat=seat, size=size)


def can_buy_property(state: State, seat: int) -> bool:
    player = state.players[seat]
    return player.property_supply > 0 and player.coins >= property_cost(state, player)


def buy_property(state: State, seat: int, events: list[Event]) -> None:
    player = state.players[seat]
    cost = property_cost(state, player)
    player.coins -= cost
    player.property += 1
    player.property_supply -= 1
    say(events, "property", f"{{p{seat}}} buys a property in Lübeck for {cost} coins.", seat=seat)


def can_build(state: State, seat: int, name: str) -> bool:
    player = state.players[seat]
    if player.property < 1 or state.built.get(name, 0) >= D.BUILDINGS[name].stock:
        return False
    goods, coins = building_cost(player, name)
    return player.coins >= coins and has_goods(player, goods)


def build_options(state: State, seat: int) -> list[Build]:
    return [Build(building=name) for name in D.BUILDINGS if can_build(state, seat, name)]


def construct(state: State, seat: int, name: str, events: list[Event]) -> None:
    player = state.players[seat]
    goods, coins = building_cost(player, name)
    pay_goods(player, goods)
    player.coins -= coins
    player.property -= 1
    player.buildings.append(name)
    player.uses.append(0)
    state.built[name] = state.built.get(name, 0) + 1
    say(events, "built", f"{{p{seat}}} builds a {name}.", seat=seat, building=name)
    building_effect(state, seat, len(player.buildings) - 1, events, at_once=True)


def building_effect(state: State, seat: int, index: int, events: list[Event], at_once: bool) -> None:
    """Production and abilities of one building: at construction and in each production phase."""
    player = state.players[seat]
    building = D.BUILDINGS[player.buildings[index]]
    if building.produces:
        gain(state, seat, building.produces)
    if building.ability in ("carpentry", "lighthouse", "deli") and ability_choices(player, index):
        state.pending.append(Pending(kind="ability", seat=seat, data={"index": index}))
    if not at_once:
        return
    if building.ability == "tavern":
        draw_tavern(state, seat)
    elif building.ability == "trade_guild":
        push_placement(state, seat, None, optional=False)
    elif building.ability == "guard_house":
        player.votes += D.GUARD_HOUSE_VOTES
    elif building.ability == "storage":
        check_storage(state, seat)


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
        text = "raises the Lighthouse's strength by 1"
    else:
        player.goods["meat"] -= 1
        player.coins -= D.DELI_COINS
        player.goods[action.choice] += 1
        text = f"turns 1 meat and {D.DELI_COINS} coins into 1 {action.choice}"
    say(events, "ability", f"{{p{seat}}}'s {action.building} {text}.", seat=seat)
