"""What Baumeister players read agrees with what the engine plays.

Engine-level set-ups (helpers from the project's own tests) rendered through the Discord renderer.
"""

from __future__ import annotations

from games.baumeister import SPEC
from games.baumeister.flow import begin_build
from bot.render.base import TableInfo
from bot.render.baumeister import RENDERER
from tests.games.baumeister.helpers import give, new_game, play, rig_die


def info(seats=4):
    return TableInfo(table_id=1, title="Baumeister", names={s: f"p{s}" for s in range(seats)})


def panel_text(state, seat):
    return RENDERER.panel(info(state.seats), SPEC.view(state, seat), seat).description


def test_first_build_at_least_three_panel_does_not_say_up_to_three():
    """components.md (table option): "first build: exactly 3 cards (text) or at least 3 cards
    (original)". With `first_build="at_least"` the engine lets a first build lay out more than three
    cards (max_place = 40), but the panel says "build up to three cards ... A first build is at
    least 3 cards": two contradictory limits, and the first one is wrong for this table."""
    state = new_game(4, first_build="at_least")
    give(state, 0, hand=("church-5a", "gate-2a", "hall-5a", "tower-1a", "church-6a"))
    begin_build(state, 0, False, [])
    assert state.max_place > 3  # the engine allows a first build of more than three cards
    # lay out four cards: the engine allows it
    for cid, slot in (("church-5a", 0), ("gate-2a", 1), ("hall-5a", 2), ("tower-1a", 3)):
        state, _ = play(state, 0, {"kind": "pick", "card": cid}, {"kind": "place", "slot": slot})
    assert len(state.cities[0]) == 4
    state = new_game(4, first_build="at_least")
    give(state, 0, hand=("church-5a", "gate-2a", "hall-5a", "tower-1a", "church-6a"))
    begin_build(state, 0, False, [])
    text = panel_text(state, 0)
    assert "up to three" not in text, text


def test_a_first_build_of_the_final_round_is_worded_as_exactly_three_whatever_the_option():
    """"Each player may one last time lay out up to three building cards", so a first build there
    is exactly three cards even where the table's option lets a first build be "at least 3"; the
    panel says so instead of both "up to three" and "at least 3"."""
    from games.baumeister.flow import end_turn

    for option in ("exactly", "at_least"):
        state = new_game(3, first_build=option)
        give(state, 0, hand=("church-4a", "gate-2a", "hall-5a", "church-5a"), built=False)
        state.last_turn, state.current = True, 2
        end_turn(state, [])
        assert state.phase == "final" and state.min_place == state.max_place == 3
        text = panel_text(state, 0)
        assert "lay out three cards" in text and "A first build is exactly 3 cards (0 laid out)" in text, text
        assert "up to three" not in text and "at least" not in text, text
        state, _ = play(state, 0, {"kind": "pick", "card": "church-4a"}, {"kind": "place", "slot": 0})
        assert "lay out 2 more cards" in panel_text(state, 0)


def test_income_log_says_what_was_paid_when_the_cash_supply_runs_short():
    """rulebook: "With a result from 1 to 5, he/she gets that many Thalers from the cash register";
    data.SHORT_SUPPLY_RULE (chosen): "When the cash supply runs short, a player receives only what is
    left in it." With 2 thalers left in the supply the engine pays 2, but the public log tells the
    table "{p0} rolls a 5: 5 thalers." (and "takes 3 thalers" for the safe income), which is false
    and misleads everybody counting the player's secret money."""
    state = new_game(4)
    state.money = state.money[:3] + (state.money[3] + state.bank - 2,)
    state.bank = 2
    rig_die(state, 5)
    after, events = play(state, 0, {"kind": "roll"})
    paid = after.money[0] - state.money[0]
    assert paid == 2
    text = " ".join(e.text for e in events if e.kind == "roll")
    assert "5 thalers" not in text and "only 2 thalers left" in text, text
    after, events = play(state, 0, {"kind": "take_three"})
    assert after.money[0] - state.money[0] == 2
    text = " ".join(e.text for e in events if e.kind == "income")
    assert "takes 3 thalers" not in text and "only 2 thalers left" in text, text


def test_victim_panel_mentions_the_saboteur_face():
    """rulebook: "To be successful either the dot must be rolled, or the number rolled must be
    strictly greater than the number of shields in the city being attacked." With 5 shields no
    number can beat the city, yet the saboteur face still tears the building down. The victim's panel
    (the decision whether to pay) says only "let the die decide (it must beat 5 🛡)", and the aim
    menu says "the roll must beat it": both read as if the city were safe."""
    state = new_game(4)
    give(state, 0, saboteurs=1)
    give(state, 2, city=("corner-1a", "gate-2a", "tower-1a", "church-4a", "tower-1b", "hall-5a", "tower-2a"))
    begin_build(state, 0, False, [])
    state, _ = play(state, 0, {"kind": "sabotage", "seat": 2, "target": "city"})
    aim = SPEC.legal_actions(state, 0)[0]
    description = RENDERER.action_description(aim, SPEC.view(state, 0))
    state, _ = play(state, 0, {"kind": "aim", "slot": 1})
    assert SPEC.view(state, 2).sabotage.shields >= 5
    text = panel_text(state, 2)
    assert "saboteur" in text.split("let the die decide", 1)[1], text
    assert "saboteur" in description.lower(), description


def test_without_take_three_the_city_gates_line_speaks_of_the_die_alone():
    """Rulebook: "he/she gets for 1 additional Thaler for each coin on his/her city gates"."""
    from bot.render import get_renderer
    from bot.render.base import TableInfo
    from games.baumeister import SPEC
    from tests.games.baumeister.helpers import give, new_game

    state = new_game(take_three=False)
    give(state, 0, city=("gate-2a", "church-9a", "gate-3a"), built=True)
    info = TableInfo(table_id=1, title=SPEC.title, names={0: "ada", 1: "bo", 2: "cy"},
                     mentions={0: "<@100>", 1: "<@101>", 2: "<@102>"})
    text = get_renderer("baumeister").panel(info, SPEC.view(state, 0), 0).description
    assert ("**Now:** roll the die for your revenues (1 to 5 thalers, or a saboteur instead). Your city gates "
            "add 4 thalers.") in text, text


def test_own_panel_marks_a_hand_card_whose_type_the_others_know():
    """A face-down lot whose type was named ("The auctioneer ... must name the type of building")
    goes to its winner's hand: the board shows the others "a church (value unknown)", and the
    winner's own panel marks that card, as it marks cards bought openly "(seen by all)"."""
    from tests.games.baumeister.helpers import card

    state = new_game(3)
    give(state, 0, hand=("church-4a", "church-5a", "gate-2a"))
    state.typed_cards |= 1 << card("church-5a")
    text = panel_text(state, 0)
    assert "Church 5" in text and "(its type known to all)" in text, text
    assert text.count("(its type known to all)") == 1
    board = "".join(f.value for e in RENDERER.board(info(3), SPEC.view(state, None)) for f in e.fields)
    assert "a church (value unknown)" in board and "Church 5" not in board


def test_a_bidder_s_panel_names_the_auction_and_the_bid_to_beat():
    """"One-half goes into the cash supply, the other half goes to the auctioneer": whose auction
    it is matters to a bidder, as does whose bid they must beat; the panel names both."""
    from tests.games.baumeister.test_auction import at_lot

    state = at_lot(4)
    state, _ = play(state, 0, {"kind": "auction", "stack": "open"}, {"kind": "bid", "amount": 0})
    state, _ = play(state, 1, {"kind": "bid", "amount": 1})
    assert set(SPEC.to_act(state)) == {2}
    text = panel_text(state, 2)
    assert "raise above 1 (p1's bid)" in text and "in p0's auction" in text, text


def test_the_first_board_says_why_its_player_starts():
    """"By a roll of the die, determine the starting player": the first turn's board says who the die
    chose, and with which rolls (a face naming no seat, such as the saboteur, is rolled again)."""
    state = SPEC.setup(4, 3)
    board = RENDERER.board(info(4), SPEC.view(state, None))[0].description
    rolls = ", ".join("saboteur" if face == 0 else str(face) for face in state.start_rolls)
    assert f"Start player: p{state.start_player} (the die, rolled until it showed a seat's number: {rolls})." in board


def test_the_revenue_choice_says_what_rolling_risks_and_the_sabotage_menu_what_each_attack_does():
    """Rulebook: "If the saboteur appears as the die result (*), the player gets only the Thalers for
    his/her city-gates" and a saboteur; taking 3 instead: "there is no chance of obtaining a saboteur
    this way though". A city attack is negotiated and rolled; one on a hand of five has no defence."""
    from bot.render import get_renderer
    from bot.render.base import TableInfo
    from games.baumeister import SPEC
    from games.baumeister.actions import Sabotage
    from tests.games.baumeister.helpers import new_game

    state = new_game(take_three=True)
    info = TableInfo(table_id=1, title=SPEC.title, names={0: "ada", 1: "bo", 2: "cy"},
                     mentions={0: "<@100>", 1: "<@101>", 2: "<@102>"})
    renderer, view = get_renderer("baumeister"), SPEC.view(state, 0)
    text = renderer.panel(info, view, 0).description
    assert ("roll the die for your revenues (1 to 5 thalers, or a saboteur instead), or take 3 thalers "
            "(no saboteur).") in text, text
    on_city = renderer.action_description(Sabotage(seat=1, target="city"), view)
    on_hand = renderer.action_description(Sabotage(seat=1, target="hand"), view)
    assert "buy you off" in on_city and "die" in on_city and "No defence" in on_hand


def test_a_bidder_with_too_few_thalers_to_raise_is_told_so_plainly():
    """Rulebook: "It is illegal to bid more Thalers than you actually have." A bidder who holds no
    more than the bid standing can only pass: the panel says it is their thalers that fall short."""
    from bot.render import get_renderer
    from bot.render.base import TableInfo
    from games.baumeister import SPEC
    from tests.games.baumeister.helpers import give, new_game, play

    state = new_game(4)
    state.phase = "lot"
    state, _ = play(state, 0, {"kind": "auction", "stack": "open"}, {"kind": "bid", "amount": 3})
    give(state, 1, money=4)
    state, _ = play(state, 1, {"kind": "bid", "amount": 4})
    give(state, 2, money=4)
    info = TableInfo(table_id=1, title=SPEC.title, names={0: "ada", 1: "bo", 2: "cy", 3: "dee"},
                     mentions={s: f"<@{100 + s}>" for s in range(4)})
    text = get_renderer("baumeister").panel(info, SPEC.view(state, 2), 2).description
    assert "stands at 4 (bo's bid); you have too few thalers to raise it: pass." in text, text
