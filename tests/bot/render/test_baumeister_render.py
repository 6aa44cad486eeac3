"""The Baumeister renderer against views from random games: Discord limits, labels, secrets."""

from __future__ import annotations

import random

import discord
import pytest

from bot.render import get_renderer
from bot.render.base import TableInfo
from games.baumeister import SPEC
from games.baumeister.state import Options

RENDERER = get_renderer("baumeister")
INFO = TableInfo(table_id=1, title=SPEC.title, names={0: "Alice", 1: "Bob", 2: "Carol", 3: "Dave"},
                 mentions={0: "<@100>", 1: "<@101>", 2: "<@102>", 3: "<@103>"})


def check_embed(embed: discord.Embed) -> None:
    assert len(embed) <= 6000
    assert len(embed.title or "") <= 256
    assert len(embed.description or "") <= 4096
    assert len(embed.fields) <= 25
    for field in embed.fields:
        assert 0 < len(field.name) <= 256 and 0 < len(field.value) <= 1024
        assert not field.inline  # mobile-safe: no layouts built from inline columns


def embed_text(embeds) -> str:
    parts = []
    for embed in embeds:
        parts += [embed.title or "", embed.description or "", embed.footer.text or ""]
        parts += [f.name + f.value for f in embed.fields]
    return "\n".join(parts)


def random_states(seats: int, seed: int, options=None):
    rng = random.Random(seed)
    state = SPEC.setup(seats, seed, options)
    while SPEC.outcome(state) is None:
        yield state
        (seat,) = SPEC.to_act(state)
        state, _ = SPEC.apply(state, seat, rng.choice(SPEC.legal_actions(state, seat)))
    yield state


@pytest.mark.parametrize("seats,options", [(3, Options()), pytest.param(4, Options(), marks=pytest.mark.slow),
                                           (4, Options(swap_open_card=False, take_three=False,
                                                       first_build="at_least"))])
@pytest.mark.slow  # over half a second
def test_views_from_random_games_render_within_limits(seats, options):
    labelled = set()
    for game in range(3):
        for state in random_states(seats, 40 + game, options):
            public = SPEC.view(state, None)
            board = RENDERER.board(INFO, public)
            assert sum(len(e) for e in board) <= 6000
            for embed in board:
                check_embed(embed)
            assert RENDERER.board_key(public)
            for seat in range(seats):
                view = SPEC.view(state, seat)
                check_embed(RENDERER.panel(INFO, view, seat))
                groups: dict[str, int] = {}
                for action in SPEC.legal_actions(state, seat):
                    label = INFO.fill(RENDERER.action_label(action, view))
                    assert 0 < len(label) <= 80 and "{" not in label  # every placeholder is a seat
                    description = RENDERER.action_description(action, view)
                    assert description is None or 0 < len(description) <= 100
                    group = RENDERER.action_group(action, view)
                    if group is not None:
                        assert len(group) <= 150
                        groups[group] = groups.get(group, 0) + 1
                    labelled.add(action.kind)
                assert all(count <= 25 for count in groups.values())
    assert {"roll", "auction", "bid", "pass", "pick", "place", "done"} <= labelled


def test_board_shows_the_table_but_no_money():
    """The board shows cities, counts and the open card; players' money never."""
    states = list(random_states(4, 7))
    state = states[len(states) // 2]
    text = embed_text(RENDERER.board(INFO, SPEC.view(state, None)))
    assert "Money:" not in text and "thalers (only you" not in text
    assert f"Open stack: {len(state.open_stack)} cards" in text
    assert f"Face-down stack: {len(state.hidden_stack)} cards" in text
    for seat, name in INFO.names.items():
        assert f"{seat + 1}. {name}" in text
        assert f"{len(state.hands[seat])} in hand" in text


def test_city_row_left_to_right_with_gaps():
    from tests.games.baumeister.helpers import give, new_game

    state = new_game()
    give(state, 1, city=("corner-2a", "gate-3a", None, "church-5a"))
    text = embed_text(RENDERER.board(INFO, SPEC.view(state, None)))
    assert "[Corner 2🛡] [Gate 3🪙🪙] [ — ] [Church 5]" in text
    assert "1🛡 · 2🪙" in text


def test_whose_turn_uses_the_mention():
    state = SPEC.setup(4, 3)
    text = embed_text(RENDERER.board(INFO, SPEC.view(state, None)))
    assert f"Turn of {INFO.mention(state.actor)}" in text


def test_auction_bids_on_the_board_and_blind_card_in_the_auctioneer_panel():
    from tests.games.baumeister.helpers import new_game

    state = new_game()
    state.phase = "lot"
    state, _ = SPEC.apply(state, 0, {"kind": "auction", "stack": "hidden"})
    state, _ = SPEC.apply(state, 0, {"kind": "bid", "amount": 2})
    state, _ = SPEC.apply(state, 1, {"kind": "bid", "amount": 4})
    board = embed_text(RENDERER.board(INFO, SPEC.view(state, None)))
    assert "Bids: Alice 2 · Bob 4" in board and "Highest bid: **4** by Bob" in board
    lot_name = SPEC.view(state, 0).auction.card.name
    assert lot_name in RENDERER.panel(INFO, SPEC.view(state, 0), 0).description
    assert "face-down card you auction" not in RENDERER.panel(INFO, SPEC.view(state, 2), 2).description
    view = SPEC.view(state, 2)
    labels = [RENDERER.action_label(a, view) for a in SPEC.legal_actions(state, 2)]
    assert labels[0] == "Raise to 5 (+1)" and labels[-1] == "Pass"


def test_panel_shows_money_hand_and_decision():
    from tests.games.baumeister.helpers import give, new_game

    state = new_game()
    give(state, 0, hand=("church-9a", "gate-2a"), money=13)
    panel = RENDERER.panel(INFO, SPEC.view(state, 0), 0).description
    assert "**Money:** 13 thalers" in panel
    assert "Church 9" in panel and "City gate 2 (2 coins)" in panel
    assert "roll the die" in panel
    other = RENDERER.panel(INFO, SPEC.view(state, 1), 1).description
    assert "Waiting for Alice" in other and "Church 9" not in other


def test_build_and_sabotage_labels():
    from games.baumeister.flow import begin_build
    from tests.games.baumeister.helpers import give, new_game

    state = new_game()
    give(state, 0, hand=("gate-4a",), city=("church-5a",), saboteurs=1)
    give(state, 2, city=("church-7a", "tower-2a"), money=5)
    give(state, 3, hand=("church-4a", "church-6a", "gate-2a", "gate-3a", "hall-5a"))
    begin_build(state, 0, False, [])
    view = SPEC.view(state, 0)
    labels = {INFO.fill(RENDERER.action_label(a, view)) for a in SPEC.legal_actions(state, 0)}
    assert {"Build City gate 4 (1 coin)", "Saboteur on Carol's city",
            "Saboteur on Dave's hand (5 cards)", "Build nothing, end turn"} <= labels
    picked, _ = SPEC.apply(state, 0, {"kind": "pick", "card": "gate-4a"})
    view = SPEC.view(picked, 0)
    places = [RENDERER.action_label(a, view) for a in SPEC.legal_actions(picked, 0)]
    assert places == ["City gate 4 (1 coin) → left end, beside Church 5",
                      "City gate 4 (1 coin) → right end, beside Church 5", "Take the card back"]
    state, _ = SPEC.apply(state, 0, {"kind": "sabotage", "seat": 2, "target": "city"})
    view = SPEC.view(state, 0)
    assert INFO.fill(RENDERER.action_label(SPEC.legal_actions(state, 0)[0], view)) == "Church 7 (position 1) of Carol"
    state, _ = SPEC.apply(state, 0, {"kind": "aim", "slot": 0})
    view = SPEC.view(state, 2)
    offers = [RENDERER.action_label(a, view) for a in SPEC.legal_actions(state, 2)]
    assert offers[0] == "Offer 1 thaler" and offers[-1] == "No offer: let the die decide"
    assert "Offer thalers to call it off" in RENDERER.panel(INFO, view, 2).description
    state, _ = SPEC.apply(state, 2, {"kind": "offer", "amount": 3})
    view = SPEC.view(state, 0)
    answers = [RENDERER.action_label(a, view) for a in SPEC.legal_actions(state, 0)]
    assert answers[0] == "Accept 3 thalers" and answers[1] == "Ask for 4 thalers"
    assert answers[-1] == "Refuse and roll the die"


def negotiation():
    """Alice's saboteur on Carol's Church 7: Carol offered 3, Alice asked for 8."""
    from games.baumeister.flow import begin_build
    from tests.games.baumeister.helpers import give, new_game

    state = new_game()
    give(state, 0, saboteurs=1)
    give(state, 2, city=("church-7a", "tower-2a"), money=9)
    begin_build(state, 0, False, [])
    for seat, action in ((0, {"kind": "sabotage", "seat": 2, "target": "city"}), (0, {"kind": "aim", "slot": 0}),
                         (2, {"kind": "offer", "amount": 3}), (0, {"kind": "offer", "amount": 8})):
        state, _ = SPEC.apply(state, seat, action)
    return state


def test_the_pay_off_negotiation_is_shown_to_the_two_players_only():
    """rulebook: "The victim and saboteur may then negotiate a pay-off": each side's panel shows
    the amount on the table and its choices; the board shows only that they negotiate."""
    state = negotiation()
    carol = SPEC.view(state, 2)
    labels = [INFO.fill(RENDERER.action_label(a, carol)) for a in SPEC.legal_actions(state, 2)]
    assert labels[0] == "Pay the 8 thalers asked" and labels[1] == "Offer 1 thaler instead"
    assert labels[-1] == "Refuse and let the die decide"
    groups = {RENDERER.action_group(a, carol) for a in SPEC.legal_actions(state, 2)}
    assert "Offer less (thalers)" in groups
    panel = RENDERER.panel(INFO, carol, 2).description
    assert "Alice asks for **8** thalers" in panel and "Counter-proposals left" not in panel
    alice = RENDERER.panel(INFO, SPEC.view(state, 0), 0).description
    assert "you asked for **8** thalers; Carol answers" in alice and "Waiting for Carol" in alice
    board = embed_text(RENDERER.board(INFO, SPEC.view(state, None)))
    assert "Carol and Alice are negotiating a pay-off" in board
    for seat in (None, 1, 3):
        shown = embed_text(RENDERER.board(INFO, SPEC.view(state, seat)))
        if seat is not None:
            shown += RENDERER.panel(INFO, SPEC.view(state, seat), seat).description
        assert "**8**" not in shown and "**3**" not in shown and "asks for" not in shown


def test_an_empty_reserve_offers_each_holder_or_no_saboteur():
    """rulebook: "If no more saboteurs lie in the reserve, he/she may take away a saboteur from
    any player." """
    from tests.games.baumeister.helpers import give, new_game, rig_die

    state = new_game()
    give(state, 1, saboteurs=3)
    give(state, 3, saboteurs=2)
    rig_die(state, 0)
    state, _ = SPEC.apply(state, 0, {"kind": "roll"})
    view = SPEC.view(state, 0)
    labels = [INFO.fill(RENDERER.action_label(a, view)) for a in SPEC.legal_actions(state, 0)]
    assert labels == ["Take a saboteur from Bob", "Take a saboteur from Dave", "Take no saboteur"]
    assert "you may take a saboteur from a player, or none" in RENDERER.panel(INFO, view, 0).description
    assert "may take a saboteur from another player" in embed_text(RENDERER.board(INFO, SPEC.view(state, None)))


def test_rules_and_options():
    embeds = RENDERER.rules()
    assert sum(len(e) for e in embeds) <= 6000
    for embed in embeds:
        check_embed(embed)
    text = embed_text(embeds)
    assert "(chosen)" in text and "(sourced)" in text and "Churches: 1× 4" in text
    assert "exactly 3 cards ◀ the text" in text
    # "By a roll of the die, determine the starting player." and "places an opening bid on it": how,
    # and from what amount, the text does not say.
    assert "**Start player** (chosen detail): the die is rolled until it shows a seat number" in text
    assert "**Opening bid** (chosen): at least 0 thalers" in text
    # "The player whose city scores most points at the end wins the contest.": no tie-break given.
    assert "**Equal scores** (chosen): Players with equal scores share their place" in text
    # "the saboteur is discarded with no further effect" (bought off) beside "the sabotage token is
    # returned to the pool" (rolled): where a discarded one goes is read, so /rules says so.
    assert "**Saboteur bought off** (chosen): A saboteur bought off with a pay-off goes back to the reserve" in text
    lines = RENDERER.options_lines(Options(take_three=False, first_build="at_least"))
    assert lines == ["Swap the open card for 1 thaler: on", "Take 3 thalers instead of rolling: off",
                     "First build: at least 3 cards"]


def test_outcome_details_line_by_line():
    from tests.games.playout import random_playout

    state = random_playout(SPEC, 4, 5).state
    outcome = SPEC.outcome(state)
    lines = RENDERER.outcome_lines(INFO, outcome)
    assert lines[0].startswith("**1.**")
    for seat in range(4):
        for detail in outcome.details[seat]:
            assert f"  · {detail}" in lines
    assert len("\n".join(lines)) <= 4096


def test_a_score_of_one_reads_one_point():
    from games.core import Outcome

    outcome = Outcome(ranking=[[0], [1], [2]], winners=[0], scores={0: 9, 1: 1, 2: -1}, details={})
    lines = RENDERER.outcome_lines(INFO, outcome)
    assert lines == ["**1.** Alice — 9 points", "**2.** Bob — 1 point", "**3.** Carol — -1 points"]


def test_the_build_step_says_only_what_the_player_can_do():
    """The words of the build step match its buttons: building is offered when a hand card can go
    into the city, a saboteur when one can be played, and with neither, only ending the turn."""
    said = set()
    for seed in range(8):
        for state in random_states(3, seed):
            if state.phase != "build":
                continue
            seat = state.actor
            text = RENDERER.panel(INFO, SPEC.view(state, seat), seat).description
            kinds = {a.kind for a in SPEC.legal_actions(state, seat)}
            assert ("play a saboteur" in text) == bool(kinds & {"sabotage"}), (text, kinds)
            nothing = "no card of yours fits" in text or "no first build of exactly 3 cards can be made" in text
            assert nothing == (kinds <= {"done"}), (text, kinds)
            assert ("end your turn" in text) == ("done" in kinds), (text, kinds)
            said |= {part for part in ("play a saboteur", "no card of yours fits", "build up to") if part in text}
    assert said == {"play a saboteur", "no card of yours fits", "build up to"}
