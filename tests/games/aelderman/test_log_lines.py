"""Every change an effect makes to a player's supply is named in its log line (the board shows
the change; the log says why), quoting the rulebook sentence that gives it."""

from __future__ import annotations

import pytest

from games.aelderman import data as D
from games.aelderman.council import take_card
from games.aelderman.orders import fulfil
from games.aelderman.state import Council, Visit
from tests.games.aelderman.helpers import act, clear_player, give_building, new_main, start_turn


def lines(events, kind: str) -> list[str]:
    return [e.text for e in events if e.kind == kind]


def at(city: str, action: str | None = None, coins: int = 50):
    """Seat 0's turn (main version, 4 players), its ship already in `city`, whose card shows `action`."""
    state = new_main(4, 1)
    clear_player(state, 0, coins=coins)
    if action:
        state.cards[city] = next(n for n, c in D.ACTION_CARDS.items() if any(action in r for r in c.rows))
    start_turn(state, 0, city, 3)
    state.turn.moved = True
    state.turn.visit = Visit(city=city)
    return state


def in_lubeck_with_a_lot():
    state = at("Lübeck", coins=30)
    player = state.players[0]
    player.goods.update(wood=5, stone=5, tools=1, glass=1, wheat=1)
    site = D.DISTRICT_SITES["Lohberg"][0]
    player.property, player.property_supply, player.lots = 1, player.property_supply - 1, [site]
    state.site_owner[site] = 0
    return state


@pytest.mark.parametrize("name,line", [
    ("Gabled House", "{p0} builds a Gabled House in Lohberg for 4 wood, 1 stone, 1 glass and 1 coin and receives "
                     "4 coins at once."),
    ("Guard House", None),
])
def test_building_names_its_cost_and_what_it_gives_at_once(name, line):
    """'The Gabled House produces four coins: once immediately during construction and afterwards in
    each production phase.' 'Once you have paid the building costs, you can place the corresponding
    building'."""
    state = in_lubeck_with_a_lot()
    state, _ = act(state, 0, "build_menu")
    state, events = act(state, 0, "build", building=name)
    (said,) = lines(events, "built")
    if line is not None:
        assert said == line
    else:  # the project's chosen Guard House votes
        assert said.endswith(f"and receives {D.GUARD_HOUSE_VOTES} council votes at once."), said


@pytest.mark.parametrize("card,effect", [(102, "2 wood, 1 stone and 1 coin"), (116, "5 coins"),
                                         (131, "3 council votes"), (141, "10 council votes")])
def test_a_council_hall_card_taken_names_what_it_gives(card, effect):
    """'102-116 Additional resources: You will receive the depicted resources immediately and once.'"""
    state = new_main(4, 1)
    clear_player(state, 0, coins=10)
    state.council = Council(bids=[1, 0, 0, 0], revealed=[[1, 0, 0, 0]], taken=[[-1] * 5])
    state.council_rows = [[card, 1, 1, 1, 1], [1, 1, 1, 1, 1]]
    events: list = []
    take_card(state, 0, card, 0, events)
    assert lines(events, "council_card") == [f"{{p0}} takes Council Hall card {card}: {effect}."]


def test_a_council_order_names_its_reward_now_and_at_the_final_scoring():
    """'301 … Receive 3 coins immediately. In the final scoring you get another 4 council votes.'"""
    state = at("Lübeck", coins=0)
    state.orders = [301, 0, 0, 0]
    events: list = []
    fulfil(state, 0, 301, events)
    assert state.players[0].coins == 3
    assert lines(events, "order") == [
        "{p0} fulfils Council order 301: 3 coins now and 4 council votes at the final scoring."]


def test_a_placement_names_the_trade_guild_coin_and_a_subsidiary_its_five_coins():
    """Trade Guild: 'you will always receive an additional coin when you place an influence marker.'
    'To set up a subsidiary you need to pay five coins.'"""
    state = at("Hamburg", "place1")
    give_building(state, 0, "Trade Guild", 3)
    state, _ = act(state, 0, "card_action", action="place1")
    state, events = act(state, 0, "place", where="banner")
    assert state.players[0].coins == 50 - 5 + 1
    assert lines(events, "influence_placed") == [
        "{p0} places an influence marker in Hamburg and receives 1 coin from their Trade Guild."]
    state = at("Hamburg", "place1")
    state, _ = act(state, 0, "card_action", action="place1")
    state, events = act(state, 0, "place", where="subsidiary")
    assert state.players[0].coins == 50 - 5 - 5
    assert lines(events, "subsidiary") == ["{p0} founds a subsidiary in Hamburg for 5 more coins."]


def test_an_improvement_names_its_price_and_the_guild_house_coin():
    """(502) 'spend 1 action point and perform the action placing influence marker'; Guild House:
    'From now on you will receive one coin when you use an improvement.'"""
    state = at("Hamburg", "buy1", coins=20)
    give_building(state, 0, "Guild House", 3)
    player = state.players[0]
    player.improvements, player.activated = [502], [False]
    state, events = act(state, 0, "activate", improvement=502)
    assert state.players[0].coins == 20 + 1 - 5
    assert lines(events, "activated") == [
        "{p0} activates improvement 502 for 1 action point and 5 coins and receives 1 coin from their Guild House."]


def test_a_feast_names_the_goods_it_costs_and_its_marker():
    """'The round indicator shows your costs for a feast as well as the amount of influence markers
    you gain.' '…place one of your influence markers from the general supply on the round indicator.'"""
    state = at("Lübeck", coins=5)
    state.players[0].goods.update(wheat=1, fish=1)
    state, events = act(state, 0, "feast", size="small")
    assert lines(events, "feast") == ["{p0} celebrates a small feast with 1 wheat and 1 fish and gains 2 influence; "
                                      "one of their markers goes on the round indicator."]


def test_how_far_the_wheel_turned_is_said():
    """'Turn the resource wheel clockwise by one or up to two positions.'"""
    state = at("Hamburg", "wheel2")
    state, _ = act(state, 0, "card_action", action="wheel2")
    state, events = act(state, 0, "wheel_steps", steps=2)
    assert lines(events, "wheel_turned") == ["{p0} turns their resource wheel 2 positions."]


def test_the_lighthouse_names_the_stone_and_the_marker_that_counts_the_use():
    """'Increase the strength of the Lighthouse by 1 by paying 2x stone'."""
    state = in_lubeck_with_a_lot()
    state, _ = act(state, 0, "build_menu")
    state, _ = act(state, 0, "build", building="Lighthouse")
    state, events = act(state, 0, "ability", choice="use")
    assert lines(events, "ability") == [
        f"{{p0}}'s Lighthouse gains 1 strength for 2 stone; a marker of theirs counts the use "
        f"(1 of {D.ABILITY_USES})."]


def test_card_124_taken_with_no_operating_costs_says_it_gives_nothing():
    """'124: The operating costs you have when you take it: 4 coins less (an unused part is lost).'"""
    state = new_main(4, 1)
    clear_player(state, 0, coins=10)
    state.players[0].buildings, state.players[0].production = [], {k: 0 for k in state.players[0].production}
    state.council = Council(bids=[1, 0, 0, 0], revealed=[[1, 0, 0, 0]], taken=[[-1] * 5])
    state.council_rows = [[124, 1, 1, 1, 1], [1, 1, 1, 1, 1]]
    events: list = []
    take_card(state, 0, 124, 0, events)
    assert lines(events, "council_card") == [
        "{p0} takes Council Hall card 124: nothing, as they have no operating costs."]


def test_influence_short_of_what_an_effect_gives_is_said_with_the_reason():
    """A feast gives influence from the general supply; with too few markers left there, the line
    says how many came of how many, and why."""
    state = at("Lübeck", coins=5)
    state.players[0].goods.update(wheat=1, fish=1)
    state.players[0].general = 2  # one goes on the round indicator, one is left to gain
    state, events = act(state, 0, "feast", size="small")
    assert lines(events, "feast") == ["{p0} celebrates a small feast with 1 wheat and 1 fish and gains 1 of 2 "
                                      "influence (their general supply ran out); one of their markers goes on the "
                                      "round indicator."]


def test_several_trade_guilds_are_named_as_several():
    state = at("Hamburg", "place1")
    give_building(state, 0, "Trade Guild", 3)
    give_building(state, 0, "Trade Guild", 3)
    state, _ = act(state, 0, "card_action", action="place1")
    state, events = act(state, 0, "place", where="banner")
    assert lines(events, "influence_placed") == [
        "{p0} places an influence marker in Hamburg and receives 2 coins from their Trade Guilds."]


# -- influence markers promised and lost -------------------------------------------------------
def sell(state, count: int):
    """Seat 0 sells `count` goods by the card of the city its ship is in, paying as offered."""
    from games.aelderman import SPEC

    state, events = act(state, 0, "card_action", action="sell2")
    state, more = act(state, 0, "sell_count", count=count)
    events += more
    while state.pending and state.pending[-1].kind == "pay":
        state, more = SPEC.apply(state, 0, SPEC.legal_actions(state, 0)[0])
        events += more
    return state, events


@pytest.mark.parametrize("city", ["Lübeck", "Levantehandel", "Fernosthandel"])
def test_a_sale_where_no_marker_is_placed_does_not_promise_one(city):
    """Rulebook: "When you sell six goods, you receive 15 coins, two influence markers in your active
    supply, and you may perform the placing influence marker action once", and "Placing influence
    markers is not possible in Lübeck, Levantehandel or Fernosthandel": the sale's line names no
    marker to place there (as its option does not)."""
    state = at(city, "sell2")
    state.players[0].goods.update(wood=2, wheat=1, stone=2, tools=2, beer=2, meat=1, spices=2)
    state, events = sell(state, 6)
    (sold,) = lines(events, "goods_sold")
    assert sold.endswith("for 15 coins and 2 influence."), sold
    assert not state.pending


def test_the_second_marker_of_a_sale_with_room_for_one_is_said_to_be_lost():
    """Rulebook: "When you sell eight goods ... you may use the action placing influence marker
    twice", and "If all ten spaces on a city's banner are filled with influence markers, no more
    influence markers can be added": the first takes the last space, and the second is said lost."""
    from games.aelderman import SPEC

    city = "Riga"
    state = at(city, "sell2")
    state.players[0].goods.update(wood=2, wheat=2, stone=2, tools=2, beer=2, meat=2, spices=2, pelt=2)
    state.banners[city] = [1] * 9
    state.subsidiary[city] = 2
    state, events = sell(state, 8)
    assert "2 influence markers to place" in lines(events, "goods_sold")[0]
    banner = next(o for o in SPEC.legal_actions(state, 0) if getattr(o, "where", "") == "banner")
    state, more = SPEC.apply(state, 0, banner)
    assert len(state.banners[city]) == 10 and not any(p.kind == "place" for p in state.pending)
    assert lines(more, "placement_lost") == [
        "{p0}'s influence marker to place is lost: no influence marker can be placed in Riga."], more


def test_a_wheel_bonus_that_an_earlier_one_left_no_room_for_is_said_to_be_lost():
    """Rulebook: "Whenever you have turned your resource wheel five times, a bonus is activated and you
    may place an influence marker ... at your current location": two ships in a city with one space
    left both earn it; the one whose marker finds no room any more is told it is lost."""
    from games.aelderman import SPEC
    from games.aelderman.flow import advance
    from games.aelderman.periods import begin_period

    state = new_main(3, 1)
    city = "Riga"
    state.banners[city] = [2] * 9
    state.subsidiary[city] = 2
    state.phase, state.round, state.period, state.turn, state.pending = "trade", 2, 1, None, []
    for seat in (0, 1):
        state.players[seat].location = city
        state.players[seat].wheel_turns = 4
    events: list = []
    begin_period(state, events)
    advance(state, events)
    while state.pending and state.pending[-1].kind == "place":
        seat = state.pending[-1].seat
        banner = next(o for o in SPEC.legal_actions(state, seat) if getattr(o, "where", "") == "banner")
        state, more = SPEC.apply(state, seat, banner)
        events += more
    assert len(lines(events, "wheel_bonus")) == 2 and len(state.banners[city]) == 10
    placed = state.banners[city][-1]
    other = 1 - placed
    assert lines(events, "placement_lost") == [
        f"{{p{other}}}'s influence marker to place is lost: no influence marker can be placed in Riga."], events
