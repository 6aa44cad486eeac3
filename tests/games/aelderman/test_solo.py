"""Solo against the dummy player (main version, five rounds)."""

from __future__ import annotations

from games.aelderman import SPEC
from games.aelderman import data as D
from games.aelderman.dummy import dummy_build, dummy_buildings, dummy_markers, dummy_selection, spare_supply
from games.aelderman.majority import district_strengths, holds_majority, zone_counts
from tests.games.aelderman.helpers import act, finish_setup, new_main

DUMMY = 1


def test_solo_uses_the_two_player_setup_and_the_first_round_building():
    """'place influence markers on the sea map and buildings in the city districts as in the
    2-player version' 'During the round preparation in the first round, a building of strength 2 is
    placed for the dummy player according to the dummy description.'"""
    state = finish_setup(SPEC.setup(1, 4, {"version": "main", "difficulty": "hard", "setup": 3}))
    placed = {city: banner.count(DUMMY) for city, banner in state.banners.items() if banner}
    assert placed == D.DUMMY_SETUPS[3]
    strengths = sorted(strength for _, strength in state.spare.lots)
    assert strengths == sorted([s for _, s in D.SETUP_BUILDINGS[3]] + [2])
    assert state.spare.sheet == "hard"


def test_short_solo_has_no_dummy():
    state = SPEC.setup(1, 4, {"version": "short"})
    assert state.spare is None and not any(state.banners.values())


def test_markers_before_the_third_period():
    """'the dummy player places four influence markers according to the dummy description. This
    happens before the third period indicator tile is revealed.' 'two influence markers can never be
    placed in the same city in one round.'"""
    state = new_main(1, 6, difficulty="medium")
    for banner in state.banners.values():
        banner.clear()
    dummy_markers(state, [])
    cities = [c for c, b in state.banners.items() if DUMMY in b]
    assert len(cities) == 4 and all(state.banners[c] == [DUMMY] for c in cities)


def test_the_dummy_never_adds_to_a_majority_it_holds_unless_it_holds_all():
    """'If the dummy player already owns the majority in a city district or in a trading zone, do
    not perform that action, but draw a new placement card! ... If the dummy player has the majority
    in all city districts or trading zones, the action is still performed.'"""
    for seed in range(10):
        state = new_main(1, seed)
        # The player builds in two districts, so the dummy does not hold every majority.
        for district in ("Lohberg", "St. Jakobi"):
            site = D.PLAN[district][-1]
            state.players[0].buildings.append("Guard House")
            state.players[0].uses.append(0)
            state.players[0].sites.append(site)
            state.site_owner[site] = 0
        held = {d for d, s in district_strengths(state).items() if holds_majority(s, DUMMY)}
        before = district_strengths(state)
        dummy_build(state, 1, [], [])
        after = district_strengths(state)
        grown = [d for d in D.DISTRICTS if after[d].get(DUMMY, 0) > before[d].get(DUMMY, 0)]
        assert len(grown) == 1 and grown[0] not in held
    state = new_main(1, 3)
    for site, _ in state.spare.lots:  # one building in each district instead (within its 8 tiles)
        state.site_owner[site] = -1
    state.spare.lots.clear()
    for district in D.DISTRICTS:
        state.spare.lots.append([D.PLAN[district][-1], 2])
        state.site_owner[D.PLAN[district][-1]] = DUMMY
    assert all(holds_majority(s, DUMMY) for s in district_strengths(state).values())
    lots = len(state.spare.lots)
    dummy_build(state, 1, [], [])
    assert len(state.spare.lots) == lots + 1
    counts = zone_counts(state)
    assert any(holds_majority(counts[z], DUMMY) for z in D.ZONES)


def test_round_preparation_removes_an_improvement_and_perhaps_an_order():
    """'draw one of the selection cards numbered 1 to 4 and remove the corresponding improvement,
    counting from left to right. After all remaining improvements have been moved to the right, a
    new improvement is revealed on the far left.' 'If the corresponding place is still occupied by a
    Council order, it is removed without replacement.'"""
    state = new_main(1, 9)
    state.round = 2
    display, pile_top = list(state.display), state.improvement_pile[-1]
    orders = list(state.orders)
    events: list = []
    dummy_selection(state, events)
    assert state.display[0] == pile_top and len(state.display) == 4
    removed = [x for x in display if display.count(x) > state.display[1:].count(x)]
    assert len(removed) == 1
    # Counted on the display as the players saw it: card n names the n-th improvement from the left.
    (said,) = [e for e in events if e.kind == "dummy_improvement"]
    assert said.text.startswith(f"Selection card {display.index(removed[0]) + 1}: improvement {removed[0]} ")
    assert sum(1 for o in state.orders if o == 0) == sum(1 for o in orders if o == 0) + (
        state.orders != orders)


def test_solo_council_hall_of_the_main_version():
    """'3 council votes cost 1 influence marker - 10 council votes cost 7 influence markers -
    developing improvement costs 1 influence marker'."""
    from games.aelderman.council import solo_votes3_options
    state = new_main(1, 9)
    state.players[0].influence = 7
    prices = sorted((a.price, D.COUNCIL_CARDS[a.card].kind) for a in solo_votes3_options(state)
                    if a.kind == "take_card")
    assert prices == [(1, "improve"), (1, "votes3"), (7, "votes10")]


def test_the_improvement_bought_first_is_developed_before_the_three_cards_are_drawn():
    """Solo, Council Hall: 'You can first choose one of these cards at the given cost: ... developing
    improvement costs 1 influence marker. Then draw three Council Hall cards from the face-down draw
    pile.' The improvement is chosen first, without knowing the three cards; they are drawn after."""
    from games.aelderman.council import start_council
    state = new_main(1, 5)
    state.turn, state.phase, state.period = None, "council", 3
    state.players[0].influence = 10
    start_council(state, [])
    pile = list(state.council_pile)
    state, _ = act(state, 0, "take_card", card=D.IMPROVE_CARD)
    assert {a.kind for a in SPEC.legal_actions(state, 0)} == {"develop"}
    assert state.council_pile == pile and not any(p.kind == "solo_draw" for p in state.pending)
    state, _ = act(state, 0, "develop")
    assert state.pending[-1].kind == "solo_draw" and len(state.pending[-1].data["cards"]) == D.SOLO_DRAW
    assert state.council_pile == pile[:-D.SOLO_DRAW]  # drawn only now, from the top of the pile


def test_the_three_cards_drawn_are_named_when_they_go_to_the_discard_pile():
    """Solo, Council Hall: 'Then draw three Council Hall cards from the face-down draw pile. One of
    these can be purchased for the price of one influence marker.' A player without influence is
    offered none of them, and the log names the three as they go to the discard pile."""
    from games.aelderman.council import start_council
    from games.aelderman.flow import advance
    state = new_main(1, 5)
    state.turn, state.phase, state.period = None, "council", 3
    state.players[0].influence = 0
    drawn = state.council_pile[-D.SOLO_DRAW:]
    events: list = []
    start_council(state, events)
    advance(state, events)
    assert sorted(state.council_discard[-D.SOLO_DRAW:]) == sorted(drawn)
    told = [e.text for e in events if e.kind == "council_discard"]
    assert len(told) == 1 and all(str(card) in told[0] for card in drawn), [e.text for e in events]


def test_the_result_says_whether_the_player_beat_the_dummy():
    """'A dummy player acts as the actual opponent, against whom the final scores are counted after
    five rounds.' 'the dummy player receives a certain number of council votes, depending on the
    difficulty level.'"""
    from tests.games.playout import random_playout
    state = random_playout(SPEC, 1, 2, {"version": "main", "difficulty": "easy"}).state
    outcome = SPEC.outcome(state)
    dummy = outcome.details[DUMMY]
    assert dummy[-1].startswith("Total:")
    votes, dummy_votes = outcome.scores[0], float(dummy[-1].split()[1])
    assert outcome.details[0][-1].endswith("you beat it and are elected Aelderman." if votes > dummy_votes
                                           else "you tie with it and are elected together, as tied leaders are."
                                           if votes == dummy_votes else "it is not beaten.")
    assert outcome.winners == ([0] if votes >= dummy_votes else [])
    state.players[0].votes += 1000
    assert SPEC.outcome(state).winners == [0]


def test_a_tie_with_the_dummy_elects_both_as_a_tie_between_players_does():
    """'You can compete against a dummy player ... that will be treated like a real opponent in the
    final scoring.' 'Whoever has the most council votes after the count is elected Aelderman and
    thus wins the game.' Between players a tie elects the tied leaders together; so does a tie with
    the dummy."""
    from games.aelderman.election import score_pad
    from tests.games.playout import random_playout
    state = random_playout(SPEC, 1, 2, {"version": "main", "difficulty": "easy"}).state
    pad = score_pad(state)
    state.players[0].votes += sum(pad[DUMMY].values()) - sum(pad[0].values())  # exactly level
    outcome = SPEC.outcome(state)
    assert outcome.scores[0] == float(outcome.details[DUMMY][-1].split()[1])
    assert outcome.winners == [0]
    assert outcome.details[0][-1].endswith("you tie with it and are elected together, as tied leaders are.")
    state.players[0].votes -= 1
    assert SPEC.outcome(state).winners == []


def test_the_dummy_places_its_markers_as_the_third_period_begins_each_round():
    """'The right column shows how many influence markers the dummy player places on the sea map in
    each round before the third period indicator tile is revealed.'"""
    import random
    rng = random.Random(3)
    state = SPEC.setup(1, 3, {"version": "main", "difficulty": "hard"})
    placed_in_round: dict[int, int] = {}
    while SPEC.to_act(state):
        state, events = SPEC.apply(state, 0, rng.choice(SPEC.legal_actions(state, 0)))
        kinds = [e.kind for e in events]
        if "dummy_marker" in kinds:
            third = next(e for e in events if e.kind == "period")
            assert third.data["period"] == 2
            assert kinds.index("dummy_marker") < kinds.index("period")
            placed_in_round[state.round] = kinds.count("dummy_marker")
    assert placed_in_round == dict(enumerate(D.DUMMY_SHEETS["hard"].markers, start=1))


def test_the_location_plan_gives_the_site_and_an_occupied_one_is_passed():
    """'The randomly drawn placement card determines that this is built in the district St.
    Johannis and the location plan specifies the exact position.' 'If a property is already
    occupied, you use the next free spot following the direction of the arrows.'"""
    from games.aelderman.dummy import build_spare
    state = new_main(1, 2)
    plan = [s for s in D.PLAN["St. Johannis"] if state.site_owner[s] < 0]
    state.site_owner[plan[0]] = 0  # the player owns the plan's first free site
    lots = len(state.spare.lots)
    assert build_spare(state, "St. Johannis", 2)
    assert state.spare.lots[lots] == [plan[1], 2] and state.site_owner[plan[1]] == DUMMY
    for site in D.PLAN["St. Johannis"]:
        state.site_owner[site] = 0
    assert not build_spare(state, "St. Johannis", 1)  # a full district: a new card is drawn


def test_the_dummy_builds_and_places_only_from_its_colours_supply():
    """Each colour has "8 property tiles, 35 influence markers"; the dummy marks a building's
    strength with "one or two influence markers on a property tile", so those come from the same
    supply. Setup option 2 uses four of its tiles and the hard sheet's buildings the other four, and
    markers stop when none is left."""
    state = new_main(1, 5, difficulty="hard", setup=2)
    assert len(state.spare.lots) == 5  # four from the setup, the first round's strength-2 building
    for round_number in (2, 3, 4, 5):
        state.round = round_number
        dummy_selection(state, [])
        dummy_buildings(state, [])
    assert len(state.spare.lots) == D.PROPERTY_TILES
    on_tiles = sum(strength for _, strength in state.spare.lots)
    on_map = D.INFLUENCE_MARKERS - on_tiles - 1  # one marker left in the supply
    for city, banner in state.banners.items():
        banner[:] = [DUMMY] * min(D.BANNER_SPACES - 1, on_map)  # room for one more in every city
        on_map -= len(banner)
    assert on_map == 0 and spare_supply(state) == (0, 1)
    state.round = 5
    events: list = []
    dummy_markers(state, events)
    assert D.DUMMY_SHEETS["hard"].markers[4] == 2
    assert [e.kind for e in events].count("dummy_marker") == 1 and spare_supply(state) == (0, 0)


def test_the_selection_card_counts_on_the_display_the_players_saw():
    """'draw one of the selection cards numbered 1 to 4 and remove the corresponding improvement,
    counting from left to right. ... In this phase, remember to also move all the improvements one
    position to the right, as described in the preparation phase.' The card is counted on the
    display as the last round showed it, and both moves are told."""
    from games.aelderman.production import prepare_round

    for seed in range(1, 9):
        state = new_main(1, seed)
        shown = list(state.display)
        events: list = []
        prepare_round(state, events)
        (selection,) = [e for e in events if e.kind == "dummy_improvement"]
        number = int(selection.text.split(":")[0].removeprefix("Selection card "))
        assert selection.text.startswith(f"Selection card {number}: improvement {shown[number - 1]} leaves")
        assert any(e.kind == "display_moved" for e in events)
        assert events.index(selection) < next(i for i, e in enumerate(events) if e.kind == "display_moved")


def test_a_selection_card_on_an_empty_spot_of_a_short_display_removes_nothing():
    """'draw one of the selection cards numbered 1 to 4 and remove the corresponding improvement,
    counting from left to right.' Once the pile has run out the display's empty spots are on its
    left (new improvements are revealed 'on the far left'); the cards count the spots, empty or not."""
    for pick, removed in ((0, None), (1, None), (2, 503), (3, 504)):
        state = new_main(1, 9)
        state.improvement_pile, state.display = [], [503, 504]  # spots 3 and 4
        state.rng.below = lambda n, pick=pick: pick  # the selection card drawn: `pick + 1`
        events: list = []
        dummy_selection(state, events)
        assert state.display == [x for x in (503, 504) if x != removed]
        said = [e.text for e in events if e.kind == "dummy_improvement"]
        assert said == ([f"Selection card {pick + 1}: its spot of the display is empty, so no improvement leaves."]
                        if removed is None else [f"Selection card {pick + 1}: improvement {removed} leaves the display."])


def test_the_order_selection_card_is_told_also_when_its_place_is_empty():
    """'Also draw one out of four selection cards to remove a Council order card. Again, counting
    starts from the left. If the corresponding place is still occupied by a Council order, it is
    removed without replacement.' The card drawn is told either way: the dummy's step was taken."""
    for orders, said in (([0, 0, 0, 0], "Selection card 2: no Council order is left there to remove."),
                         ([0, 307, 0, 0], "Selection card 2: Council order 307 is removed.")):
        state = new_main(1, 9)
        state.orders = list(orders)
        state.rng.below = lambda n: 1  # the selection card drawn: 2, for the improvement and the order
        events: list = []
        dummy_selection(state, events)
        assert [e.text for e in events if e.kind == "dummy_order"] == [said]
        assert state.orders == [0, 0, 0, 0]


def test_every_dummy_sheet_fits_its_colours_supply_after_every_setup():
    """Each colour has "8 property tiles, 35 influence markers"; the dummy marks its buildings "on a
    property tile of the corresponding color" with "one or two influence markers", after "the
    2-player setup" has placed its own. The chosen setups and sheets leave a tile and the markers
    for every building and marker a sheet shows, whichever setup option is played."""
    for option, buildings in D.SETUP_BUILDINGS.items():
        setup_markers = sum(D.DUMMY_SETUPS[option].values()) + sum(strength for _, strength in buildings)
        for sheet in D.DUMMY_SHEETS.values():
            built = [strength for row in sheet.buildings for strength in row]
            assert len(buildings) + len(built) <= D.PROPERTY_TILES, (option, sheet.name)
            assert setup_markers + sum(built) + sum(sheet.markers) <= D.INFLUENCE_MARKERS, (option, sheet.name)


def test_the_hard_dummy_builds_its_whole_sheet_with_every_setup():
    """'In the left column of the overview you can see the buildings constructed in Lübeck at the
    beginning of each round': played out with every setup option, the hard dummy builds each of
    them (a building is left out only when no placement card leads to a site, which is told)."""
    import random

    sheet = D.DUMMY_SHEETS["hard"]
    for option in D.SETUP_BUILDINGS:
        state = SPEC.setup(1, 5, {"version": "main", "difficulty": "hard", "setup": option})
        rng, built, refused = random.Random(3), 0, []
        while SPEC.outcome(state) is None:
            seat = min(SPEC.to_act(state))
            state, events = SPEC.apply(state, seat, rng.choice(SPEC.legal_actions(state, seat)))
            built += sum(e.kind == "dummy_built" for e in events)
            refused += [e.text for e in events if e.kind == "dummy_cannot_build"]
        assert not [text for text in refused if "left for a building" in text], (option, refused)
        assert built + len(refused) == sum(len(row) for row in sheet.buildings), option
        assert len(state.spare.lots) == len(D.SETUP_BUILDINGS[option]) + built


def test_a_dummy_with_no_property_tile_left_says_it_builds_nothing():
    """Should a sheet ever ask for more than the colour's "8 property tiles", the log says so rather
    than skip the sheet's building silently."""
    state = finish_setup(SPEC.setup(1, 3, {"version": "main", "setup": 1}))
    free = [site for site, owner in enumerate(state.site_owner) if owner == -1 and site not in
            {s for s, _ in state.spare.lots}]
    while len(state.spare.lots) < D.PROPERTY_TILES:
        site = free.pop()
        state.spare.lots.append([site, 1])
        state.site_owner[site] = DUMMY
    assert spare_supply(state)[0] == 0
    events: list = []
    dummy_build(state, 1, events, [])
    assert [e.text for e in events] == ["The dummy has no property tile left for a building: it builds nothing."]
    assert len(state.spare.lots) == D.PROPERTY_TILES


def test_the_first_rounds_dummy_building_is_told_as_the_later_ones_are():
    """'During the round preparation in the first round, a building of strength 2 is placed for the
    dummy player according to the dummy description. The randomly drawn placement card determines
    that this is built in the district St. Johannis': placed as the setup ends, and told."""
    state = SPEC.setup(1, 3, {"version": "main", "difficulty": "medium"})
    said = []
    while state.phase == "setup":
        seat = min(SPEC.to_act(state))
        state, events = SPEC.apply(state, seat, SPEC.legal_actions(state, seat)[0])
        said += events
    built = [e for e in said if e.kind == "dummy_built"]
    assert [e.data["strength"] for e in built] == [2]
    site, strength = state.spare.lots[-1]  # built after the setup option's buildings
    assert strength == 2 and site in D.DISTRICT_SITES[built[0].data["district"]]


def test_a_dummy_building_with_no_district_to_go_to_is_told():
    """'If a city district is completely filled, draw a new placement card.' 'If the dummy player
    already owns the majority in a city district ..., do not perform that action, but draw a new
    placement card!' It holds four districts and the fifth is full: every card is drawn, nothing is
    built, and the log says so."""
    from tests.games.aelderman.helpers import give_building
    state = finish_setup(SPEC.setup(1, 3, {"version": "main", "setup": 1}))
    for site, _ in state.spare.lots:
        state.site_owner[site] = -1
    state.spare.lots.clear()
    for district in D.DISTRICTS[:4]:
        state.spare.lots.append([D.PLAN[district][0], 1])
        state.site_owner[D.PLAN[district][0]] = DUMMY
    state.players[0].property_supply = D.PROPERTY_TILES
    for site in D.DISTRICT_SITES[D.DISTRICTS[4]]:
        give_building(state, 0, "Fountain", site)
    strengths = district_strengths(state)
    assert [holds_majority(strengths[d], DUMMY) for d in D.DISTRICTS] == [True] * 4 + [False]
    lots, events = len(state.spare.lots), []
    dummy_build(state, 1, events, [])
    assert len(state.spare.lots) == lots
    assert [e.kind for e in events] == ["dummy_cannot_build"]
    assert "builds nothing" in events[0].text


def test_dummy_markers_with_no_city_to_go_to_are_told():
    """'If the dummy player already owns the majority ... in a trading zone, do not perform that
    action, but draw a new placement card!' It holds four zones and every banner of the fifth is
    full: its markers are not placed, and the log says how many."""
    from tests.games.aelderman.helpers import empty_map
    state = empty_map(finish_setup(SPEC.setup(1, 3, {"version": "main", "difficulty": "hard"})))
    for zone in D.ZONES:
        cities = [c for c, z in D.CITY_ZONE.items() if z == zone]
        if zone == "yellow":
            for city in cities:
                state.banners[city] = [0] * D.BANNER_SPACES
        else:
            state.banners[cities[0]] = [DUMMY]
    state.round = 2
    events = []
    dummy_markers(state, events)
    wanted = D.DUMMY_SHEETS["hard"].markers[1]
    assert [e.kind for e in events] == ["dummy_cannot_place"]
    assert f"{wanted} of its influence markers are not placed" in events[0].text


def test_the_log_names_the_three_cards_drawn_then_the_one_bought_then_the_others_discarded():
    """Solo, Council Hall: 'Then draw three Council Hall cards from the face-down draw pile. One of
    these can be purchased for the price of one influence marker.' The log reads in that order."""
    from games.aelderman.council import start_council
    from games.aelderman.flow import advance
    state = new_main(1, 5)
    state.turn, state.phase, state.period = None, "council", 3
    state.players[0].influence = 10
    a, b, c = reversed(state.council_pile[-D.SOLO_DRAW:])  # drawn from the top
    events: list = []
    start_council(state, events)
    advance(state, events)
    state, passed = act(state, 0, "pass")  # no card of the first row's offer
    drawn = [e.text for e in [*events, *passed] if e.kind == "council_drawn"]
    assert drawn == [f"Council Hall cards drawn: {a}, {b} and {c}."], drawn
    bought = next(x for x in SPEC.legal_actions(state, 0) if x.kind == "take_card")
    state, later = act(state, 0, "take_card", card=bought.card, price=bought.price)
    lines = [e.text for e in later if e.kind in ("council_card", "council_discard")]
    others = [card for card in (a, b, c) if card != bought.card]
    from games.aelderman.council import card_effect
    effect = card_effect(bought.card, state.players[0])
    assert lines == [f"{{p0}} buys Council Hall card {bought.card} for 1 influence: {effect}.",
                     f"The other Council Hall cards drawn ({others[0]} and {others[1]}) go to the discard pile."], lines
