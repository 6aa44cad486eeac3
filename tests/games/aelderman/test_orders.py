"""Council orders, zone control and the main version's Council Hall cards."""

from __future__ import annotations

from games.aelderman import SPEC
from games.aelderman import data as D
from games.aelderman.council import lay_out_rows, take_options
from games.aelderman.state import Council, Pending
from tests.games.aelderman.helpers import act, clear_player, give_building, kinds, new_main, start_turn


def test_fulfilling_an_order_is_a_city_action_and_it_is_not_replaced():
    """'If you have fulfilled the requirements for one of the Council orders, you can perform the
    action fulfilling Council order at any time as a city action ... Afterwards, the Council order
    is removed from the display board and is not replaced by a new one.' 310: 'Min. 3 buildings of
    strength I constructed (in any district)': 'Receive 12 coins immediately.'"""
    state = new_main(2, 4)
    state.orders = [301, 310, 312, 0]
    for site, name in zip((0, 1, 8), ("Fountain", "Storage", "Tavern")):
        give_building(state, 0, name, site)
    clear_player(state, 0, coins=1)
    start_turn(state, 0, "Malmö", ap=3)
    assert "fulfil" not in kinds(state, 0)
    state, _ = act(state, 0, "move", city="Lübeck")
    assert [a.order for a in SPEC.legal_actions(state, 0) if a.kind == "fulfil"] == [310]
    state, _ = act(state, 0, "fulfil", order=310)
    assert state.players[0].coins == 13 and state.orders == [301, 0, 312, 0]
    assert state.players[0].orders == [310]


def test_order_with_final_votes_and_requirements_that_are_not_spent():
    """301: 'Min. 2x beer production': 'Receive 3 coins immediately. In the final scoring you get
    another 4 council votes.'"""
    from games.aelderman.election import score_pad
    state = new_main(2, 4)
    state.orders = [301, 0, 0, 0]
    give_building(state, 0, "Brewery", 0)
    give_building(state, 0, "Brewery", 1)
    clear_player(state, 0, coins=0)
    start_turn(state, 0, "Malmö", ap=3)
    state, _ = act(state, 0, "move", city="Lübeck")
    state, _ = act(state, 0, "fulfil", order=301)
    assert state.players[0].coins == 3 and state.players[0].buildings.count("Brewery") == 2
    assert score_pad(state)[0]["orders"] == 4


def test_zone_control_raises_influence_production_once():
    """'If you manage to place at least one influence marker in each city of a trading zone, you
    control this zone and gain an additional income of one influence marker'. Example: 'With the
    subsidiary in Edinburgh, he has occupied all cities in the green zone and immediately increases
    his influence production by one.'"""
    state = new_main(2, 4, setup=2)  # setup 2 holds London and Edinburgh for the spare colour
    state.subsidiary["Edinburgh"] = 0
    state.banners["Brügge"].append(0)
    state.players[0].general -= 2
    clear_player(state, 0, coins=20)
    state.cards["London"] = 13  # place1 place2 / buy1 - buy3
    start_turn(state, 0, "Brügge", ap=3)
    state, _ = act(state, 0, "move", city="London")
    before = state.players[0].production["influence"]
    state, _ = act(state, 0, "card_action", action="place1")
    state, _ = act(state, 0, "place", where="banner")
    assert state.players[0].production["influence"] == before + 1
    assert state.players[0].zones == ["green"]
    # "In London, the action card is also replaced immediately, since Eric has completed the first
    # row in the banner" (here the spare colour's two markers filled the first row already).
    assert state.banners["London"] == [2, 2, 0]


def _choosing(state, seat: int, bid: int):
    state.council = Council(bids=[None] * state.seats, stage="choose", revealed=[[bid] * state.seats],
                            taken=[[-1] * len(state.council_rows[0])])
    return Pending(kind="take_card", seat=seat, data={"row": 0})


def test_ten_council_votes_need_a_bid_of_five():
    """'Remember that in each Council Hall phase there is a card, which gives you ten council
    votes. To get this Council Hall card, you must bid at least five influence markers.'"""
    state = new_main(2, 4)
    ten = next(c for c in state.council_rows[0] if D.COUNCIL_CARDS[c].kind == "votes10")
    assert ten not in [a.card for a in take_options(state, _choosing(state, 0, 4))]
    assert ten in [a.card for a in take_options(state, _choosing(state, 0, 5))]


def test_developing_improvement_card_stays_every_round():
    """'In the main version, the Council Hall card "developing improvement" is never replaced. It is
    available every round.'"""
    state = new_main(2, 4)
    for _ in range(4):
        state.players[0].cards.extend(c for c in state.council_rows[0] if D.COUNCIL_CARDS[c].kind
                                      != "improve")
        lay_out_rows(state)
        assert D.IMPROVE_CARD in state.council_rows[0]
    assert D.IMPROVE_CARD not in state.players[0].cards


def test_who_developed_an_improvement_stays_shown_after_the_council_hall():
    """'In the main version, the Council Hall card "developing improvement" is never replaced': the
    card goes back to its place rather than to the player, and the board still shows who took it
    this round once the Council Hall is over, as it shows the takers of the other cards."""
    from games.aelderman.council import take_card
    state = new_main(2, 4)
    row = state.council_rows[0]
    state.council = Council(bids=[None] * 2, stage="choose", revealed=[[3, 1]], taken=[[-1] * len(row)])
    take_card(state, 1, D.IMPROVE_CARD, 0, [])
    assert D.IMPROVE_CARD not in state.players[1].cards
    state.council = None  # the Council Hall is over

    def taker(state):
        slots = SPEC.view(state, None).council.rows[0]
        return next(slot.taken_by for slot in slots if slot.card == D.IMPROVE_CARD)

    assert taker(state) == 1
    lay_out_rows(state)  # the next round's rows: nobody has taken it yet
    assert taker(state) is None


def test_lighthouse_reaches_strength_five():
    """'The Lighthouse can reach a maximum strength of 5. Operating costs are not increased'."""
    from games.aelderman.majority import district_strengths
    from games.aelderman.rules import operating_costs
    state = new_main(2, 4)
    give_building(state, 0, "Lighthouse", 0, uses=4)
    assert district_strengths(state)["St. Johannis"][0] == 5
    assert operating_costs(state.players[0]) == 1


def test_main_auction_example_anna_settles_for_the_monopoly():
    """'Marc first places six influence markers and is the first to choose the Council Hall card –
    he decides for the ten council votes. Anna has also speculated on the ten council votes with her
    five influence markers and must now settle for the monopoly on goods.'"""
    state = new_main(4, 4)
    ten = next(c for c in state.council_rows[0] if D.COUNCIL_CARDS[c].kind == "votes10")
    state.council_rows[0][-1] = 154  # a monopoly card in the top row
    state.council = Council(bids=[None] * 4, stage="choose", revealed=[[1, 1, 5, 6]],
                            taken=[[-1] * len(state.council_rows[0])])
    marc, anna = 3, 2
    state.pending = [Pending(kind="take_card", seat=anna, data={"row": 0}),
                     Pending(kind="take_card", seat=marc, data={"row": 0})]
    state, _ = act(state, marc, "take_card", card=ten)
    assert state.players[marc].votes == 10
    assert ten not in [a.card for a in SPEC.legal_actions(state, anna)]
    state, _ = act(state, anna, "take_card", card=154)
    assert 154 in state.players[anna].cards


def test_property_on_a_chosen_site_and_building_on_a_chosen_lot():
    """'Place one of your property tiles on a free building site in one of Lübeck's five city
    districts' 'Each building must be constructed on its own property tile.'"""
    state = new_main(2, 4)
    clear_player(state, 0, coins=20)
    state.players[0].goods.update(stone=2, tools=1)
    start_turn(state, 0, "Malmö", ap=3)
    state, _ = act(state, 0, "move", city="Lübeck")
    free = [s for s, owner in enumerate(state.site_owner) if owner < 0]
    state, _ = act(state, 0, "property")
    assert [a.site for a in SPEC.legal_actions(state, 0)] == free
    state, _ = act(state, 0, "site", site=free[0])
    state, _ = act(state, 0, "property")
    state, _ = act(state, 0, "site", site=free[-1])
    assert state.players[0].lots == [free[0], free[-1]] and state.site_owner[free[-1]] == 0
    state, _ = act(state, 0, "build_menu")
    state, _ = act(state, 0, "build", building="Fountain")
    assert [a.site for a in SPEC.legal_actions(state, 0)] == [free[0], free[-1]]
    state, _ = act(state, 0, "site", site=free[-1])
    assert state.players[0].sites == [free[-1]] and state.players[0].lots == [free[0]]
