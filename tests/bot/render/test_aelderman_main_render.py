"""The Aelderman renderer in the main version: its board, panels and labels over random games,
the Lübeck map picture, the election lines and options, the solo Council Hall, and the sea map's
names and colours."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.render import aelderman_map as sea_map
from bot.render.base import TableInfo
from games import Outcome
from games.aelderman import SPEC
from games.aelderman import data as D
from games.aelderman.state import Pending
from tests.bot.render.test_aelderman_render import LONG_NAMES, RENDERER, check_controls, check_embed, table
from tests.games.aelderman.helpers import new_game, new_main


def main_states(seats: int, seed: int, **options):
    rng = random.Random(seed)
    heuristic = {s: SPEC.policy("heuristic", seed=s) for s in range(seats)}
    state = SPEC.setup(seats, seed, {"version": "main", **options})
    yield state
    while SPEC.outcome(state) is None:
        seat = rng.choice(sorted(SPEC.to_act(state)))
        policy = heuristic[seat].choose if rng.random() < 0.7 else None
        action = policy(state, seat) if policy else rng.choice(SPEC.legal_actions(state, seat))
        state, _ = SPEC.apply(state, seat, action)
        yield state


@pytest.mark.slow
@pytest.mark.parametrize("seats", [1, 2, 4])
def test_main_version_board_panel_and_labels(seats):
    info = table(seats)
    kinds = set()
    for state in main_states(seats, 60 + seats):
        public = SPEC.view(state, None)
        embeds = RENDERER.board(info, public)
        assert sum(len(e) for e in embeds) <= 6000
        for embed in embeds:
            check_embed(embed)
        for seat in range(seats):
            view = SPEC.view(state, seat)
            check_embed(RENDERER.panel(info, view, seat))
            actions = SPEC.legal_actions(state, seat)
            kinds.update(a.kind for a in actions)
            check_controls(info, actions, view)
    assert {"develop", "card_action", "move"} <= kinds and ("site" in kinds or seats == 1)
    lines = RENDERER.outcome_lines(info, SPEC.outcome(state))
    assert sum(line.startswith("  Trading zones:") for line in lines) == seats + (seats <= 2)


@pytest.mark.slow
def test_main_board_image_draws_lubeck_and_redraws_only_when_it_changes():
    state = SPEC.setup(2, 5, {"version": "main", "setup": 2})
    info = table(2)
    view = SPEC.view(state, None)
    image = Image.open(io.BytesIO(RENDERER.board_image(info, view).fp.read()))
    assert image.width == sea_map.WIDTH and image.height > sea_map.HEIGHT
    key = RENDERER.board_image_key(info, view)
    assert RENDERER.board_image_key(info, SPEC.view(state, None)) == key
    site = next(s for s, owner in enumerate(state.site_owner) if owner < 0)
    state.site_owner[site] = 0
    state.players[0].buildings, state.players[0].uses, state.players[0].sites = ["Fountain"], [0], [site]
    assert RENDERER.board_image_key(info, SPEC.view(state, None)) != key
    state.display.reverse()
    later = SPEC.view(state, None)
    assert RENDERER.board_image_key(info, later) != key
    drawn = Image.open(io.BytesIO(RENDERER.board_image(info, later).fp.read())).convert("RGB")
    from bot.render import aelderman_lubeck as strip
    box = strip._site_box(later.sites[site])
    centre = (box[0] + 3, sea_map.HEIGHT + box[1] + 3)
    assert drawn.getpixel(centre) == sea_map.colour(0)
    # the strip is drawn once for what it shows: a move of a ship alone reuses it, as it was drawn
    state.players[1].location = next(c for c in D.PLACES if c != state.players[1].location)
    moved = SPEC.view(state, None)
    assert strip.strip_for(moved) is strip.strip_for(later)
    assert strip.strip_for(moved).tobytes() == strip.draw_panel(moved).tobytes()


def test_main_version_election_lines_and_options():
    outcome = Outcome(ranking=[[1], [0]], scores={0: 40.0, 1: 55.0}, winners=[1],
                      tie_break="Most council votes; tied leaders share the election.",
                      details={0: ["Trading zones: 12 (blue 12)", "Total: 40 council votes"],
                               1: ["Lübeck districts: 14 (St. Johannis 14)", "Total: 55 council votes"],
                               2: ["Trading zones: 10 (red 10)", "Total: 10 council votes"]})
    lines = RENDERER.outcome_lines(table(2), outcome)
    assert lines[0] == f"🏆 **Elected Aelderman: {LONG_NAMES[1]}**"
    assert lines[1] == f"**1.** {LONG_NAMES[1]} — 55 council votes"
    assert "  Lübeck districts: 14 (St. Johannis 14)" in lines
    assert "**Spare colour** (not a candidate)" in lines
    options = RENDERER.options_lines(SPEC.Options(version="main", setup=3, difficulty="hard"))
    assert options[0].startswith("Version: main") and "markers" in options[1] and "hard" in options[2]


def test_the_solo_council_hall_of_the_main_version_says_what_is_for_sale():
    """'3 council votes cost 1 influence marker - 10 council votes cost 7 influence markers -
    developing improvement costs 1 influence marker': the prompt points to the cards offered, each
    choice leads with its price (a long label is cut at its end); no bid is needed in a solo game."""
    state = new_main(1, 9)
    state.players[0].influence = 7
    state.pending = [Pending(kind="solo_votes3", seat=0)]
    view = SPEC.view(state, 0)
    panel = RENDERER.panel(table(1), view, 0).description
    assert "buy one of the cards offered below at its price" in panel  # which ones varies: the menu says
    labels = [RENDERER.action_label(a, view) for a in SPEC.legal_actions(state, 0) if a.kind == "take_card"]
    assert len(labels) == 3 and all(label.startswith("Card ") and " influence: " in label[:30] for label in labels)
    assert not any("needs a bid" in label for label in labels)


def test_each_of_two_lighthouses_is_named_by_its_district():
    """'Increase the strength of the Lighthouse by 1 by paying 2x stone', and each district scores
    its buildings' strength: a player with two Lighthouses (main version, 2 players, a state saved
    from a game) is asked about each in turn, and each prompt says which one, its strength and its
    uses left."""
    from pathlib import Path

    from bot.render.aelderman import RENDERER
    from bot.render.base import TableInfo
    from games import registry
    from games.aelderman import data as D

    spec = registry.get("aelderman")
    state = spec.load_state((Path(__file__).parent / "fixtures" / "aelderman_main_2_5_step276_two_lighthouses.json")
                            .read_text())
    player = state.players[0]
    assert player.buildings.count("Lighthouse") == 2
    info = TableInfo(table_id=1, title="Aelderman", names={0: "ada", 1: "bo"})
    prompts = []
    for index in (0, 1):
        state.pending[-1].data["index"] = index
        prompts.append(RENDERER.panel(info, spec.view(state, 0), 0).description.splitlines()[0])
        district = D.SITES[player.sites[index]].district
        assert f"Your **Lighthouse** in {district} (strength " in prompts[-1], prompts[-1]
        assert " left of 4 in the game." in prompts[-1]
    assert prompts[0] != prompts[1]



def test_the_sea_maps_colour_key_shows_names_as_typed():
    """An embed's footer shows no markdown: names there are written as typed, not escaped (the
    escapes would show as backslashes)."""
    info = TableInfo(table_id=1, title="Aelderman", names={0: "**ada**", 1: "bo_the_`great`"})
    footers = [e.footer.text for e in RENDERER.board(info, SPEC.view(new_game(2), None)) if e.footer.text]
    key = next(text for text in footers if "Colours:" in text)
    assert "**ada**" in key and "bo_the_`great`" in key and "\\" not in key



def test_the_board_says_what_its_short_buying_actions_buy():
    """"If you invest one action point for a buying goods action, you get everything that is shown in
    the innermost circle segment of the resource wheel." The card rows call the three buying actions
    Buy I, II and III, numerals that name goods levels elsewhere: the board's key says which ring."""
    info = TableInfo(table_id=1, title="Aelderman", names={0: "ada", 1: "bo"})
    embeds = RENDERER.board(info, SPEC.view(new_game(2), None))
    cards = next(e for e in embeds if e.title == "Action cards of the sea map")
    assert "Buy I" in cards.description
    assert "Buy I, II, III: the goods of your resource wheel's inner, middle, outer ring." in cards.footer.text


def test_a_develop_choice_names_its_spot_counted_over_the_empty_ones():
    """"choose any improvement from the current display": once the pile has run out, spots on the
    left are empty, and a choice's position counts them as the board does (its spot 1 is empty)."""
    from bot.render.aelderman_labels import description, display_spots
    from games.aelderman.actions import Develop

    state = new_main(2, 3)
    state.improvement_pile, state.display = [], [502, 503, 504]
    view = SPEC.view(state, 0)
    assert [(spot, imp and imp.number) for spot, imp in display_spots(view)] == [
        (1, None), (2, 502), (3, 503), (4, 504)]
    assert description(Develop(slot=0, improvement=502), view).startswith("Position 2; when: ")
    state.display = [501, 502, 503, 504]
    assert description(Develop(slot=0, improvement=501), SPEC.view(state, 0)).startswith("Position 1; when: ")


@pytest.mark.slow
def test_a_four_player_board_with_the_longest_names_keeps_the_rounds_standing():
    """With four names of Discord's longest (32 characters), a late main-version board is too long
    for an embed: the details of what happens now give way, then the majorities (drawn on the board
    picture), never the period indicators, the player order, the feasts or the piles."""
    info = TableInfo(table_id=7, title="Aelderman", names={s: "W" * 32 for s in range(4)})
    without_majorities = 0
    for state in main_states(4, 1):
        embeds = RENDERER.board(info, SPEC.view(state, None))
        status = embeds[0].description
        for line in ("Period indicators (action points): ", "Player order: ", "Feasts this round: ",
                     "Action-card pile: "):
            assert line in status, (line, status)
        assert sum(len(e) for e in embeds) <= 6000
        if not any(f.name.startswith("Majorities so far") for f in embeds[0].fields):
            without_majorities += 1
    assert without_majorities  # the case this test is about did occur


def test_two_of_the_same_improvement_on_display_are_told_apart_by_their_labels():
    """The rulebook's 28 improvement tiles are 11 kinds, so the display may show one twice: the two
    choices move different tiles, and their labels say which (a phone may not show descriptions)."""
    from bot.render.aelderman_labels import label
    from games.aelderman.actions import Develop

    state = new_main(2, 3)
    state.display = [510, 510, 503, 504]
    view = SPEC.view(state, 0)
    shown = [label(Develop(slot=slot, improvement=number), view) for slot, number in enumerate(state.display)]
    assert shown[:2] == ["Improvement 510 (position 1): Exchange 5 coins for 3 council votes.",
                         "Improvement 510 (position 2): Exchange 5 coins for 3 council votes."]
    assert shown[2].startswith("Improvement 503: ") and len(set(shown)) == 4


@pytest.mark.slow  # draws pictures
def test_the_ended_games_strip_is_drawn_anew_with_its_final_title():
    """The strip under the map is kept once drawn for what it shows; the end of a game changes its
    title ("Majorities at the end") but often nothing else, so the end is part of what it shows."""
    from bot.render.aelderman_lubeck import panel_key, strip_for

    view = SPEC.view(new_main(3, 5), None)
    ended = view.model_copy(update={"phase": "over"})
    assert panel_key(view) != panel_key(ended)
    assert strip_for(view).tobytes() != strip_for(ended).tobytes()
