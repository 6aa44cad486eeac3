"""Improvements 501-511 (main version): the display, developing, activation once per round."""

from __future__ import annotations

from games.aelderman import SPEC
from games.aelderman import data as D
from games.aelderman.improvements import new_round, slots
from tests.games.aelderman.helpers import act, clear_player, kinds, new_main, start_turn


def _with(state, seat: int, *numbers: int):
    player = state.players[seat]
    player.improvements = list(numbers)
    player.activated = [False] * len(numbers)
    return state


def _sold_six_in_aalborg(state):
    """Seat 0 sells six goods in Aalborg (card 26, 'selling 2': wood, wheat, two of any, a luxury
    good, fish), up to the first improvement offered after the sale."""
    clear_player(state, 0, coins=0)
    state.cards["Aalborg"] = 26
    state.players[0].goods.update(wood=1, wheat=1, stone=2, pelt=1, fish=1)
    start_turn(state, 0, "Ribe", ap=3)
    state, _ = act(state, 0, "move", city="Aalborg")
    state, _ = act(state, 0, "card_action", action="sell2")
    state, _ = act(state, 0, "sell_count", count=6)
    while state.pending and state.pending[-1].kind != "improvement":
        state, _ = SPEC.apply(state, 0, SPEC.legal_actions(state, 0)[-1])
    return state


def test_develop_at_sea_costs_three_coins_and_an_influence():
    """'If you pay three coins and one influence marker from your active supply, you will receive
    one improvement. You may choose any improvement from the current display. Afterwards, all
    improvements to the left of the vacant spot are moved to the right.'"""
    state = new_main(2, 4)
    clear_player(state, 0, coins=10)
    state.cards["Malmö"] = 39  # buy1 buy2 / swap improve
    start_turn(state, 0, "Lübeck", ap=4)
    state, _ = act(state, 0, "move", city="Malmö")
    display, influence = list(state.display), state.players[0].influence
    state, _ = act(state, 0, "card_action", action="improve")
    state, _ = act(state, 0, "develop", slot=3)
    player = state.players[0]
    assert player.improvements == [display[3]] and player.coins == 7
    assert player.influence == influence - 1
    assert state.display[1:] == display[:3]


def test_three_spaces_and_guild_houses_unlock_two_more():
    """'At the beginning of the game, three of the five improvement slots are already available to
    you. The last two slots can be unlocked by building Guild Houses.'"""
    state = new_main(2, 4)
    player = state.players[0]
    assert slots(player) == 3
    player.buildings = ["Guild House"] * 3
    assert slots(player) == 5


def test_display_moves_right_each_round_and_improvements_turn_back():
    """'All improvements are moved one position to the right. The improvement on the far right is
    discarded. Then a new improvement is placed on the far left position.' 'All your improvements
    that have been activated in the last round ... will be turned to the active side again.'"""
    state = _with(new_main(2, 4), 0, 501)
    state.players[0].activated = [True]
    display, top = list(state.display), state.improvement_pile[-1]
    events: list = []
    new_round(state, events)
    assert state.display == [top, *display[:3]]
    assert [e.text for e in events] == [f"The improvements move one place to the right: {display[3]} leaves the "
                                        f"display; {top} is revealed on the far left."]
    assert state.players[0].activated == [False]
    # Improvements come in several copies: one like the one discarded is "another" of them.
    state.improvement_pile.append(state.display[-1])
    events = []
    new_round(state, events)
    assert events[0].text.endswith(f"{display[2]} leaves the display; another {display[2]} is revealed on the far left.")


def test_501_passes_two_cities_without_an_action():
    """501: 'you may pass up to two cities on the sea map once without taking an action there.'"""
    state = _with(new_main(2, 4), 0, 501)
    clear_player(state, 0, coins=0)
    start_turn(state, 0, "Lübeck", ap=3)
    state, _ = act(state, 0, "move", city="Malmö")
    assert "move" not in kinds(state, 0)
    state, _ = act(state, 0, "activate", improvement=501)
    state, _ = act(state, 0, "move", city="Visby")
    state, _ = act(state, 0, "move", city="Riga")
    assert "move" not in kinds(state, 0) and "activate" not in kinds(state, 0)


def test_501_does_not_pass_a_city_where_city_actions_were_taken():
    """501 passes a city only 'without taking an action there'; and 'Even if you perform one or more
    city actions, you must spend at least one action point on a sea trading action.'"""
    state = _with(new_main(3, 2), 0, 501)
    clear_player(state, 0, coins=30)
    start_turn(state, 0, "Malmö", ap=3)
    state, _ = act(state, 0, "move", city="Lübeck")
    state, _ = act(state, 0, "activate", improvement=501)
    state, _ = act(state, 0, "property")
    state, _ = SPEC.apply(state, 0, SPEC.legal_actions(state, 0)[0])  # the property's site
    assert state.turn.visit.city_actions and state.turn.passes == 2
    assert "move" not in kinds(state, 0) and "end_turn" not in kinds(state, 0)
    state, _ = act(state, 0, "alt_trade")
    state, _ = SPEC.apply(state, 0, next(a for a in SPEC.legal_actions(state, 0) if a.kind == "trade"))
    assert "move" in kinds(state, 0) and state.turn.passes == 2  # the sea action is made: no pass used


def test_501_does_not_pass_a_city_where_504_was_used():
    """504: '... perform the action placing influence marker in the city where you activate the
    improvement. You still need to perform a regular action there as well.' 501 passes a city only
    'without taking an action there'."""
    state = _with(new_main(3, 2), 0, 501, 504)
    clear_player(state, 0, coins=30)
    state.players[0].goods["wood"] = 2
    start_turn(state, 0, "Hamburg", ap=4)
    state, _ = act(state, 0, "move", city="Ribe")
    state, _ = act(state, 0, "activate", improvement=501)
    state, _ = act(state, 0, "move", city="Aalborg")  # Ribe passed: one pass left
    state, _ = act(state, 0, "activate", improvement=504)
    while state.pending:  # the marker goes on the banner
        options = SPEC.legal_actions(state, 0)
        state, _ = SPEC.apply(state, 0, next((o for o in options if getattr(o, "where", "") == "banner"), options[0]))
    assert state.turn.visit.improved and state.turn.passes == 1
    assert "move" not in kinds(state, 0) and "end_turn" not in kinds(state, 0)


def test_502_places_a_marker_for_one_action_point_and_a_regular_action_is_still_due():
    """502: 'Whenever your ship is in the purple trading zone, you may use the improvement to spend
    1 action point and perform the action placing influence marker ... You still need to perform a
    regular action there as well.'"""
    state = _with(new_main(2, 4), 0, 502)
    clear_player(state, 0, coins=8)
    state.players[0].buildings, state.players[0].uses, state.players[0].sites = ["Guild House"], [0], [-1]
    start_turn(state, 0, "Lübeck", ap=3)
    state, _ = act(state, 0, "move", city="Hamburg")
    banner = list(state.banners["Hamburg"])
    state, _ = act(state, 0, "activate", improvement=502)
    state, _ = act(state, 0, "place", where="banner")
    assert state.banners["Hamburg"] == [*banner, 0]
    assert state.players[0].coins == 8 - 5 + 1 + 0  # 5 for the marker, 1 from the Guild House
    assert state.turn.base_left == 2
    assert "end_turn" not in kinds(state, 0) and "move" not in kinds(state, 0)
    assert "activate" not in kinds(state, 0)  # once per round


def _place_on_banner(state, seat: int = 0):
    while state.pending:
        options = SPEC.legal_actions(state, seat)
        state, _ = SPEC.apply(state, seat, next((o for o in options if getattr(o, "where", "") == "banner"), options[0]))
    return state


def test_two_placing_improvements_in_one_city():
    """'Improvements can be activated once per round if you fulfill the requirements.' 509: '...
    perform the action placing influence marker in the city where you activate the improvement.'
    Nothing limits a city to one improvement: after 504 and the regular action, 509 is offered
    in the same city."""
    state = _with(new_main(3, 2), 0, 504, 509)
    clear_player(state, 0, coins=30)
    state.players[0].goods.update(glass=3, wood=2)
    state.cards["Aalborg"] = 7  # buy1 buy2 buy3 / sell1 place2 -
    start_turn(state, 0, "Ribe", ap=4)
    state, _ = act(state, 0, "move", city="Aalborg")
    state = _place_on_banner(act(state, 0, "activate", improvement=504)[0])
    state = _place_on_banner(act(state, 0, "card_action", action="buy1")[0])
    assert {a.improvement for a in SPEC.legal_actions(state, 0) if a.kind == "activate"} == {509}
    state = _place_on_banner(act(state, 0, "activate", improvement=509)[0])
    assert state.banners["Aalborg"].count(0) == 2


def test_a_placing_improvement_leaves_room_for_the_regular_action():
    """'Remember that you still have to perform an action for at least one action point in the city,
    even if you activate an improvement there.' 504 costs one action point of its own: with only one
    left and no action made in the city, it is not offered; nor is 509 in a city reached with none."""
    state = _with(new_main(3, 2), 0, 504, 509)
    clear_player(state, 0, coins=30)
    state.players[0].goods.update(glass=3)
    state.cards["Aalborg"] = 7
    start_turn(state, 0, "Ribe", ap=1)
    state, _ = act(state, 0, "move", city="Aalborg")
    assert {a.improvement for a in SPEC.legal_actions(state, 0) if a.kind == "activate"} == {509}
    state, _ = act(state, 0, "card_action", action="buy1")  # the last action point
    state, _ = act(state, 0, "move", city="Ribe")  # "you cannot enter Lübeck or any of your subsidiaries"
    assert kinds(state, 0) == {"end_turn"}  # 509 would leave no action for an action point


def test_510_exchanges_coins_after_selling_exactly_six():
    """510: 'Whenever you sell exactly six goods, you may use the improvement to exchange 5 coins for
    3 council votes.'"""
    state = _with(new_main(2, 4), 0, 510)
    clear_player(state, 0, coins=0)
    state.cards["Aalborg"] = 7  # sells wood wheat wheat meat luxury stone
    state.players[0].goods.update(wood=1, wheat=2, meat=1, pelt=1, stone=1)
    start_turn(state, 0, "Ribe", ap=3)
    state, _ = act(state, 0, "move", city="Aalborg")
    state, _ = act(state, 0, "card_action", action="sell1")
    assert state.pending == []  # four goods sold: nothing offered
    state = _sold_six_in_aalborg(_with(new_main(2, 4), 0, 510))
    state, _ = act(state, 0, "activate", improvement=510)
    assert state.players[0].votes == 3 and state.players[0].coins == 15 - 5


def test_506_turns_the_wheel_after_building():
    """506: 'Whenever you construct a building, you may use the improvement to turn your resource
    wheel up to two positions clockwise.'"""
    state = _with(new_main(2, 4), 0, 506)
    clear_player(state, 0, coins=10)
    state.players[0].goods.update(stone=3)
    start_turn(state, 0, "Hamburg", ap=3)
    state, _ = act(state, 0, "move", city="Lübeck")
    state, _ = act(state, 0, "property")
    state, _ = act(state, 0, "site", site=0)
    state, _ = act(state, 0, "build_menu")
    rotation = state.players[0].rotation
    state, _ = act(state, 0, "build", building="Lighthouse")
    while state.pending[-1].kind != "improvement":
        state, _ = act(state, 0, "ability", choice="skip")
    state, _ = act(state, 0, "activate", improvement=506)
    state, _ = act(state, 0, "wheel_steps", steps=2)
    assert state.players[0].rotation == (rotation + 2) % 10


def test_505_swaps_action_cards_after_a_sale():
    """505: 'Whenever you sell goods by using the action selling goods, you may use the improvement
    to perform the action swapping action cards.'"""
    state = _with(new_main(2, 4), 0, 505)
    clear_player(state, 0, coins=0)
    state.cards["Aalborg"] = 7  # sells wood wheat wheat meat first
    state.players[0].goods.update(wood=1, wheat=2, meat=1)
    start_turn(state, 0, "Ribe", ap=3)
    state, _ = act(state, 0, "move", city="Aalborg")
    state, _ = act(state, 0, "card_action", action="sell1")
    assert state.players[0].coins == 10  # the sale of four
    state, _ = act(state, 0, "activate", improvement=505)
    london, oslo = state.cards["London"], state.cards["Oslo"]
    state, _ = act(state, 0, "pick_city", city="London")
    state, _ = act(state, 0, "pick_city", city="Oslo")
    assert (state.cards["London"], state.cards["Oslo"]) == (oslo, london)
    # "For three coins, you may swap any two action cards": "perform the action" is read, as for
    # 502-504, 509 and 511 ("perform the action placing influence marker"), at the action's price.
    assert state.players[0].coins == 10 - D.SEA_ACTIONS["swap"].coins


def test_505_is_not_offered_to_a_player_who_cannot_pay_the_swap():
    """505 is offered only to a player who can pay the swap's 3 coins (its Guild House coins count)."""
    from games.aelderman.improvements import offered_options
    state = _with(new_main(2, 4), 0, 505)
    clear_player(state, 0, coins=0)
    state.players[0].coins = 2
    pending = type("P", (), {"seat": 0, "data": {"number": 505}})()
    assert [o.kind for o in offered_options(state, pending)] == ["pass"]
    state.players[0].buildings.append("Guild House")  # +1 coin when the improvement is used
    assert [o.kind for o in offered_options(state, pending)] == ["activate", "pass"]


def test_507_buys_a_second_spices_after_the_wheel_gave_one():
    """507: 'Whenever you receive 1x spices through the resource wheel, you may use the improvement
    to pay four coins to get another token spices.'"""
    state = _with(new_main(2, 4), 0, 507)
    clear_player(state, 0, coins=6)
    state.players[0].rotation = 3  # purple looks at sector 5: outer ring spices + stone
    state.cards["Hamburg"] = 12  # buy1 buy2 buy3
    start_turn(state, 0, "Lübeck", ap=3)
    state, _ = act(state, 0, "move", city="Hamburg")
    state, _ = act(state, 0, "card_action", action="buy3")
    state, _ = act(state, 0, "goods_option", option=0)
    state, _ = act(state, 0, "activate", improvement=507)
    assert state.players[0].goods["spices"] == 2 and state.players[0].coins == 2


def test_509_places_a_marker_with_three_level_four_goods():
    """509: 'Whenever you store 3x level IV goods in your storage, you may use the improvement to
    perform the action placing influence marker in the city where you activate the improvement.'"""
    state = _with(new_main(2, 4), 0, 509)
    clear_player(state, 0, coins=5)
    state.players[0].goods.update(glass=2)
    start_turn(state, 0, "Lübeck", ap=3)
    state, _ = act(state, 0, "move", city="Danzig")
    assert "activate" not in kinds(state, 0)
    state.players[0].goods["meat"] = 1
    state, _ = act(state, 0, "activate", improvement=509)
    state, _ = act(state, 0, "place", where="banner")
    assert 0 in state.banners["Danzig"] and state.players[0].coins == 0
    assert state.players[0].goods["glass"] == 2  # the goods are only shown, not spent
    # "you still have to perform an action for at least one action point in the city, even if
    # you activate an improvement there."
    assert "end_turn" not in kinds(state, 0) and "move" not in kinds(state, 0)


def test_511_places_a_marker_after_buying_two_level_three_goods():
    """511: 'Whenever you buy 2x level III goods with a single buying goods action (there is only one
    possibility on the resource wheel that allows this!), you may use the improvement to perform the
    action placing influence marker in the city where you activate the improvement.'"""
    state = _with(new_main(2, 4), 0, 511)
    clear_player(state, 0, coins=5)
    state.players[0].rotation = 7  # blue looks at sector 7: middle ring tools + beer
    state.cards["Aalborg"] = 7  # buy1 buy2 buy3
    start_turn(state, 0, "Ribe", ap=3)
    state, _ = act(state, 0, "move", city="Aalborg")
    state, _ = act(state, 0, "card_action", action="buy2")
    state, _ = act(state, 0, "activate", improvement=511)
    state, _ = act(state, 0, "place", where="banner")
    assert state.banners["Aalborg"][-1] == 0 and state.players[0].goods["tools"] == 1


def test_a_placing_improvement_needs_a_free_banner_space_or_the_subsidiarys_coins_too():
    """502: 'spend 1 action point and perform the action placing influence marker in the city where
    you activate the improvement'. 'If all ten spaces on a city's banner are filled with influence
    markers, no more influence markers can be added', and a subsidiary costs five coins more. With a
    full banner and 7 coins nothing can be placed: the improvement is not offered (it took 5 coins
    and placed nothing). With 10 coins it places the subsidiary."""
    for coins, offered in ((7, False), (10, True)):
        state = _with(new_main(2, 4), 0, 502)
        clear_player(state, 0, coins=coins)
        state.banners["Hamburg"] = [1] * 10
        start_turn(state, 0, "Lübeck", ap=3)
        state, _ = act(state, 0, "move", city="Hamburg")
        assert ("activate" in kinds(state, 0)) is offered
        if offered:
            state, _ = act(state, 0, "activate", improvement=502)
            state, _ = act(state, 0, "place", city="Hamburg", where="subsidiary", coins=5)
            assert state.subsidiary["Hamburg"] == 0 and state.players[0].coins == 0


def test_improvement_511_is_not_offered_when_only_an_unaffordable_subsidiary_is_left():
    """511, after buying two level III goods: '... perform the action placing influence marker in the
    city where you activate the improvement'. Full banner, 7 coins: no marker can be placed."""
    state = _with(new_main(2, 4), 0, 511)
    clear_player(state, 0, coins=7)
    state.players[0].rotation = 7
    state.cards["Aalborg"] = 7
    state.banners["Aalborg"] = [1] * 10
    start_turn(state, 0, "Ribe", ap=3)
    state, _ = act(state, 0, "move", city="Aalborg")
    state, _ = act(state, 0, "card_action", action="buy2")
    assert not any(p.kind == "improvement" and p.data["number"] == 511 for p in state.pending)


def test_a_guild_house_coin_paid_on_activation_counts_towards_the_placement():
    """Guild House: 'From now on you will receive one coin when you use an improvement.' It comes
    with the activation, before the placement's coins: 4 coins and a Guild House place a marker on a
    free banner space, and 9 coins and a Guild House a subsidiary on a full banner."""
    for coins, full in ((4, False), (9, True)):
        state = _with(new_main(2, 4), 0, 502)
        clear_player(state, 0, coins=coins)
        state.players[0].buildings = ["Guild House"]
        if full:
            state.banners["Hamburg"] = [1] * 10
        start_turn(state, 0, "Lübeck", ap=3)
        state, _ = act(state, 0, "move", city="Hamburg")
        assert "activate" in kinds(state, 0), coins
        state, _ = act(state, 0, "activate", improvement=502)
        where = "subsidiary" if full else "banner"
        state, _ = act(state, 0, "place", city="Hamburg", where=where, **({"coins": 5} if full else {}))
        placed = state.subsidiary.get("Hamburg") == 0 if full else 0 in state.banners["Hamburg"]
        assert placed and state.players[0].coins == 0


def test_the_far_right_improvement_leaves_each_round_after_the_pile_ran_out():
    """Round preparation: 'All improvements are moved one position to the right. The improvement
    on the far right is discarded. Then a new improvement is placed on the far left position.'
    With the pile empty no new one comes in ('On the far left, a new improvement is revealed from
    the draw pile' finds none), so the display shrinks from the left; its far right one still goes."""
    state = new_main(2, 3)
    state.improvement_pile = []
    state.display = [502, 503, 504]  # the far-left spot is empty
    events: list = []
    new_round(state, events)
    assert state.display == [502, 503]
    assert [e.text for e in events] == ["The improvements move one place to the right: 504 leaves the display."]
    new_round(state, [])
    new_round(state, [])
    assert state.display == []
    events = []
    new_round(state, events)
    assert state.display == [] and events == []


def test_two_copies_of_an_event_improvement_are_both_offered_for_one_event():
    """'Improvements can be activated once per round if you fulfill the requirements.' 510:
    'Whenever you sell exactly six goods, you may use the improvement to exchange 5 coins for 3
    council votes.' Each tile is an improvement of its own: one sale of six fulfils the requirement
    of both copies, as two copies of a turn improvement are both usable in one city."""
    state = _sold_six_in_aalborg(_with(new_main(2, 4), 0, 510, 510))
    state, _ = act(state, 0, "activate", improvement=510)
    assert (state.players[0].coins, state.players[0].votes) == (10, 3)
    state, _ = act(state, 0, "activate", improvement=510)  # the second tile, for the same sale
    assert (state.players[0].coins, state.players[0].votes) == (5, 6)
    assert state.players[0].activated == [True, True]
    assert not any(p.kind == "improvement" for p in state.pending)  # no third copy to offer
