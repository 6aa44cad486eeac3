"""Aelderman's words on panels and menus: what a step brings, and cards whose text is too long
for a menu option's label."""

from __future__ import annotations

from bot.render import get_renderer
from games.aelderman import SPEC
from games.aelderman.actions import Build, EndTurn
from tests.games.aelderman.helpers import first_trade_turn, new_game, start_turn

RENDERER = get_renderer("aelderman")


def test_a_sale_step_says_what_the_sale_brings():
    """'When you sell six goods, you receive 15 coins, two influence markers in your active supply,
    and you may perform the placing influence marker action once.' The step that asks which good
    fills an open place says so, and that a luxury good given there is gone with its votes."""
    from bot.render.aelderman_steps import PROMPTS

    six = PROMPTS["pay"]({"count": 6, "lux": 0, "any": 2})
    assert "15 coins, 2 influence, and 1 free influence marker to place here" in six
    assert "3 council votes" in six
    assert "10 coins, 1 influence." in PROMPTS["pay"]({"count": 4, "lux": 0, "any": 1})


def test_a_card_too_long_for_its_menu_option_is_named_there_and_told_in_full_below():
    """Discord cuts a label at 80 characters: a solo Council Hall card's option names the card
    (and its price) and gives its whole text in the option's second line."""
    from types import SimpleNamespace

    offer = SimpleNamespace(kind="take_card", card=151, price=1)
    view = SimpleNamespace(council=SimpleNamespace(row=0), pending=None)
    assert RENDERER.action_label(offer, view) == "Card 151 for 1 influence: Monopoly on level I goods"
    assert RENDERER.action_description(offer, view) == "Monopoly on level I goods: 1 council vote per wood and wheat."
    short = SimpleNamespace(kind="take_card", card=102, price=0)
    assert RENDERER.action_label(short, view) == "Card 102: Receive 2 wood, 1 stone, 1 coin at once."
    assert RENDERER.action_description(short, view) is None


def test_the_solo_headline_agrees_with_the_totals_it_gives():
    from types import SimpleNamespace

    from bot.render.aelderman_results import solo_headline

    def outcome(winners, dummy_total):
        details = {0: ["Total: 120 council votes"], 1: [f"Total: {dummy_total} council votes"] if dummy_total else []}
        return SimpleNamespace(scores={0: 120.0}, winners=winners, details=details)

    assert solo_headline(outcome([0], 100)) == "🏆 **You beat the dummy and are elected Aelderman: 120 to 100 council votes!**"
    assert solo_headline(outcome([0], 120)) == ("🏆 **You tie with the dummy and are elected Aelderman together: "
                                                "120 to 120 council votes!**")
    assert solo_headline(outcome([], 120)) == ("**Not won**: the game ended with you away (120 to the dummy's 120 "
                                               "council votes).")
    assert solo_headline(outcome([], 130)) == "**The dummy is not beaten: 120 to 130 council votes.**"
    assert solo_headline(outcome([], 100)) == ("**Not won**: the game ended with you away (120 to the dummy's 100 "
                                               "council votes).")
    assert solo_headline(outcome([], None)) == "**The dummy is not beaten.**"


def test_end_the_turn_warns_where_the_wheels_free_marker_would_be_lost():
    """'So, make sure you don't end your turn at these locations if you would get the bonus at the
    beginning of the next turn!' The button says so where the wheel's next turn is its bonus."""
    state = new_game(2, seed=2)
    start_turn(state, 0, "Lübeck", ap=4)
    state.players[0].wheel_turns = 4
    label = RENDERER.action_label(EndTurn(), SPEC.view(state, 0))
    assert label == "End the turn (4 action points unused; the wheel's free marker is lost here)"
    state.players[0].wheel_turns = 3
    assert RENDERER.action_label(EndTurn(), SPEC.view(state, 0)) == "End the turn (4 action points unused)"
    # After the game's last period no wheel turns again: nothing is lost there.
    state.players[0].wheel_turns = 4
    state.round, state.period = SPEC.view(state, 0).rounds, len(state.periods) - 1
    assert RENDERER.action_label(EndTurn(), SPEC.view(state, 0)) == "End the turn (4 action points unused)"


def _panel_text(state, seat):
    from bot.render.base import TableInfo

    info = TableInfo(table_id=1, title="Aelderman", names={s: f"p{s}" for s in range(len(state.players))})
    return RENDERER.panel(info, SPEC.view(state, seat), seat).description or ""


def test_card_124_says_an_unused_reduction_is_lost():
    """Card 124: "If your marker shows less than four operating costs when you purchase this Council
    Hall card, reset it to zero. If you have no operating costs, this card is irrelevant for you.\""""
    from bot.render.aelderman_labels import council_card_text
    from games.aelderman.council import apply_card
    from games.aelderman.rules import operating_costs
    from tests.games.aelderman.helpers import give_building, new_main

    state = new_main(2, seed=2)
    assert operating_costs(state.players[0]) == 0
    apply_card(state, 0, 124, [])
    give_building(state, 0, "Merchant House", site=0)
    assert operating_costs(state.players[0]) == 2  # the card took nothing off a later building
    assert "when you take it" in council_card_text(124) and "lost" in council_card_text(124)


def test_after_improvement_501_the_panel_lets_the_ship_sail_on():
    """Improvement 501: "When you activate this improvement, you may pass up to two cities on the sea
    map once without taking an action there." The panel no longer asks for an action point first."""
    from tests.games.aelderman.helpers import act, new_main

    state = new_main(2, seed=4)
    seat = state.order[0]
    state.players[seat].improvements, state.players[seat].activated = [501], [False]
    start_turn(state, seat, "Lübeck", 4)
    state, _ = act(state, seat, "move", city="Malmö")
    assert "Spend at least 1 action point here" in _panel_text(state, seat)
    state, _ = act(state, seat, "activate", improvement=501)
    assert "move" in {a.kind for a in SPEC.legal_actions(state, seat)}
    text = _panel_text(state, seat)
    assert "Spend at least 1 action point here" not in text, text
    assert "improvement 501 lets you pass 2 more cities" in text, text


def test_the_start_city_asks_for_no_action_point_before_sailing():
    """"The movement itself does not cost any action points. However, you must spend at least one
    action point in each city you pass." The city a turn starts in is not passed: the ship may sail
    at once, and the panel does not say otherwise."""
    state = new_game(2, seed=3)
    seat = state.order[0]
    start_turn(state, seat, "Ribe", 3)
    assert "move" in {a.kind for a in SPEC.legal_actions(state, seat)}
    assert "Spend at least 1 action point here" not in _panel_text(state, seat)


def test_the_short_two_player_board_says_what_the_spare_colour_is_for():
    """2-player setup: "Use a spare player color and be aware that those influence markers are also
    taken into account when it comes to an exchange of an action card.\""""
    from bot.render.base import TableInfo

    state = new_game(2, seed=3)
    board = RENDERER.board(TableInfo(table_id=1, title="Aelderman", names={0: "a", 1: "b"}), SPEC.view(state, None))
    spare = next(f for e in board for f in e.fields if f.name == "⚫ Spare colour (black)")
    assert "count when an action card is exchanged" in spare.value, spare.value


def test_the_alternative_trade_choice_names_the_sides_the_trade_step_offers():
    """Whatever the player holds, the turn's choice names what the trade step then offers: "buy",
    "sell" (a luxury good is not bought by the trade) or "buy or sell"."""
    import random

    from games.aelderman.turn import trade_options

    seen = set()
    for seed in range(6):
        rng = random.Random(seed)
        state = SPEC.setup(3, seed, {"version": "short"})
        while SPEC.outcome(state) is None:
            seat = rng.choice(sorted(SPEC.to_act(state)))
            actions = SPEC.legal_actions(state, seat)
            for action in actions:
                if action.kind == "alt_trade":
                    sides = sorted({o.side for o in trade_options(state, seat)})
                    label = RENDERER.action_label(action, SPEC.view(state, seat))
                    assert label == f"Alternative trade: {' or '.join(sides)} 1 good (1 AP)", (sides, label)
                    seen.add(tuple(sides))
            state, _ = SPEC.apply(state, seat, rng.choice(actions))
    assert seen == {("buy",), ("sell",), ("buy", "sell")}, seen


def test_every_council_card_option_shows_its_whole_text_and_second_row_bonus():
    """A Council Hall card's option: its label and second line hold its whole text, and in the
    second row its bonus, none of it cut at Discord's 80 and 100 characters."""
    from types import SimpleNamespace

    from bot.render.aelderman_labels import council_card_text, items_text
    from games.aelderman import data as D
    from games.aelderman.actions import TakeCard

    for row in (0, 1):
        view = SimpleNamespace(council=SimpleNamespace(row=row), pending=None)
        for number, card in D.COUNCIL_CARDS.items():
            action = TakeCard(card=number)
            label = RENDERER.action_label(action, view)
            second = RENDERER.action_description(action, view) or ""
            assert "…" not in label + second, (label, second)
            text = council_card_text(number)
            assert text in f"{label.removeprefix(f'Card {number}: ')}: {second}" or text in label, (label, second)
            if row == 1 and card.bonus:
                assert second.endswith(f"Second-row bonus: {items_text(card.bonus)}"), second


def test_a_sale_whose_coins_pay_for_a_subsidiary_is_said_to_bring_markers_to_place():
    """A subsidiary costs 5 coins more than the placement: a seller with 3 coins in a city whose
    banner is full may found one with the sale's coins, and the sale's row says it brings markers."""
    from bot.render.aelderman_labels import _sell_count
    from games import registry
    from games.aelderman import data as D
    from games.aelderman.actions import SellCount
    from games.aelderman.state import Pending, Visit

    spec = registry.get("aelderman")
    state = first_trade_turn()
    seat = state.turn.seat
    city = next(c for c in D.CITY_ZONE if c not in state.subsidiary)
    state.banners[city] = [(seat + 1) % 3] * D.BANNER_SPACES  # every banner space taken, the anchor free
    player = state.players[seat]
    player.location, player.coins, player.goods = city, 3, {good: 8 for good in player.goods}
    state.turn.moved, state.turn.visit = True, Visit(city=city, rows=[True, True], spent=2)
    state.pending.append(Pending(kind="sell_count", seat=seat, data={"counts": [4, 6, 8]}))
    assert "and 2 markers to place" in _sell_count(SellCount(count=8), spec.view(state, seat))
    after, _ = spec.apply(state, seat, SellCount(count=8))
    assert any(a.kind == "place" and a.where == "subsidiary" for a in spec.legal_actions(after, seat))


def test_the_build_menu_says_how_many_tiles_of_each_building_are_left():
    """'The number of buildings of each type is limited', and the tiles lie open next to the board:
    each building's option says how many are left, and the step names the types none is left of
    (they are not offered)."""
    from bot.render.aelderman_steps import step_prompt
    from games.aelderman import data as D
    from tests.games.aelderman.helpers import act, clear_player

    state = new_game(2, seed=21)
    clear_player(state, 0, coins=10)
    state.players[0].goods.update(wood=8, stone=4, glass=2, tools=2)
    state.players[0].property, state.players[0].property_supply = 1, state.players[0].property_supply - 1
    state.built["Tavern"] = D.BUILDINGS["Tavern"].stock  # every Tavern tile is used
    state.built["Gabled House"] = 1
    start_turn(state, 0, "Hamburg", ap=4)
    state, _ = act(state, 0, "move", city="Lübeck")
    state, _ = act(state, 0, "build_menu")
    view = SPEC.view(state, 0)
    assert view.buildings_left["Tavern"] == 0 == SPEC.view(state, None).buildings_left["Tavern"]
    assert "No tile is left of: Tavern." in step_prompt(view)
    options = {a.building: a for a in SPEC.legal_actions(state, 0) if a.kind == "build"}
    assert "Tavern" not in options
    left = D.BUILDINGS["Gabled House"].stock - 1
    assert RENDERER.action_description(options["Gabled House"], view).startswith(f"{left} tiles left. ")
    # Every building's effect is read whole in the menu, with as many tiles left as a type has.
    for name, building in D.BUILDINGS.items():
        fresh = view.model_copy(update={"buildings_left": {**view.buildings_left, name: building.stock}})
        shown = RENDERER.action_description(Build(building=name), fresh)
        assert shown == f"{building.stock} tiles left. {building.text}", shown


def test_the_solo_election_gives_its_verdict_once():
    """The solo standings open with the verdict against the dummy ("You beat the dummy ..."); the
    score pad's own verdict line is not repeated under the player."""
    from bot.render.aelderman_results import election_lines
    from bot.render.base import TableInfo
    from games.core import Outcome

    outcome = Outcome(ranking=[[0]], scores={0: 119.0}, winners=[0],
                      details={0: ["Council votes: 100", "Total: 119 council votes",
                                   "The dummy has 104 council votes: you beat it and are elected Aelderman."],
                               1: ["Total: 104 council votes"]})
    info = TableInfo(table_id=1, title="Aelderman", names={0: "ada"})
    text = "\n".join(election_lines(info, outcome))
    assert text.count("elected Aelderman") == 1 and "119 to 104" in text and "Council votes: 100" in text


def test_an_orders_option_says_its_votes_count_at_the_final_scoring():
    """'301 … Receive 3 coins immediately. In the final scoring you get another 4 council votes.'"""
    from types import SimpleNamespace

    from bot.render.aelderman_labels import label

    def option(number: int) -> str:
        return label(SimpleNamespace(kind="fulfil", order=number), SimpleNamespace(pending=None, turn=None))

    assert option(301) == "Fulfil Council order 301: 3 coins now and 4 council votes at the end"
    assert option(310) == "Fulfil Council order 310: 12 coins now"


def test_action_point_production_is_named_in_words():
    """An action card's '+1 AP production' reads "action point production" in the log."""
    from games.aelderman import data as D
    from games.aelderman.state import Visit
    from tests.games.aelderman.helpers import act, clear_player, new_main

    state = new_main(3, 1)
    clear_player(state, 0, coins=50)
    city = "Bergen"
    state.cards[city] = next(n for n, c in D.ACTION_CARDS.items()
                             if any(x and x.startswith("prod_ap") for r in c.rows for x in r))
    start_turn(state, 0, city, 5)
    state.turn.moved, state.turn.visit = True, Visit(city=city)
    action = next(a for a in SPEC.legal_actions(state, 0)
                  if a.kind == "card_action" and a.action.startswith("prod_ap"))
    state, events = act(state, 0, "card_action", action=action.action)
    said = [e.text for e in events if e.kind == "production"]
    assert said and said[0].startswith("{p0} raises action point production by "), said


def test_a_develop_option_keeps_its_price_when_the_display_holds_two_of_it():
    """A menu option holds 100 characters (a button 80): two 502s on display read in full,
    "Costs 5 coins." included; a text longer still is cut after a whole word."""
    from types import SimpleNamespace

    from bot.render.aelderman_labels import fit, label
    from games.aelderman.actions import Develop

    view = SimpleNamespace(display=[SimpleNamespace(number=502), SimpleNamespace(number=502),
                                    SimpleNamespace(number=505)], pending=None, turn=None)
    text = label(Develop(slot=1, improvement=502), view)
    assert text.endswith("place an influence marker here. Costs 5 coins.") and "(position" in text, text
    assert fit("word " * 30, 80).endswith("word…") and len(fit("word " * 30, 80)) <= 80


def test_a_quoted_input_is_not_cut_inside_a_flag():
    from play.common import quote

    assert quote("a" * 40 + "\U0001F1E9\U0001F1EA\U0001F1EB\U0001F1F7", 42) == "a" * 40 + "…"
