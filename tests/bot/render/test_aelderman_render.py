"""The Aelderman renderer over views from random games: Discord limits, labels, menus, the sea
map picture, hidden missions and sealed bids, /rules and the mission results."""

from __future__ import annotations

import io
import math
import random

import discord
import pytest
from PIL import Image, ImageDraw

from bot.ui.requests import embed_batches
from bot.render import get_renderer
from bot.render import aelderman_map as sea_map
from bot.render.base import TableInfo
from games import Outcome
from games.aelderman import SPEC
from games.aelderman import data as D
from games.aelderman.actions import Bid, CardAction, EndTurn, Move, TakeCard
from tests.games.aelderman.helpers import act, finish_setup, new_game, start_turn

RENDERER = get_renderer("aelderman")
LONG_NAMES = {s: f"Player with a long name {s} ŠŠŠ" for s in range(4)}


def table(seats: int) -> TableInfo:
    names = {s: LONG_NAMES[s] for s in range(seats)}
    return TableInfo(table_id=7, title="Aelderman", names=names,
                     mentions={s: f"<@{10**17 + s}>" for s in range(seats)})


def embed_text(embed: discord.Embed) -> str:
    parts = [embed.title or "", embed.description or "", embed.footer.text or ""]
    parts += [f"{f.name}\n{f.value}" for f in embed.fields]
    return "\n".join(parts)


def check_embed(embed: discord.Embed) -> None:
    assert len(embed) <= 6000
    assert len(embed.fields) <= 25
    assert len(embed.title or "") <= 256
    assert len(embed.description or "") <= 4096
    for field in embed.fields:
        assert field.inline is False, "mobile-safe: no inline field layouts"
        assert 0 < len(field.name) <= 256 and 0 < len(field.value) <= 1024


def check_controls(info: TableInfo, actions, view) -> None:
    """Every legal action labelled (at most 80 characters once names are filled in); menus of at
    most 25 options; the controls fit Discord's five rows without the catch-all menu."""
    buttons, groups = 0, {}
    for action in actions:
        label = info.fill(RENDERER.action_label(action, view))
        assert label.strip() and len(label) <= 80 and "{p" not in label, (action, label)
        description = RENDERER.action_description(action, view)
        assert description is None or len(info.fill(description)) <= 100
        group = RENDERER.action_group(action, view)
        if group is None:
            buttons += 1
        else:
            assert len(info.fill(group)) <= 150
            groups[group] = groups.get(group, 0) + 1
        assert RENDERER.action_style(action) in ("primary", "secondary", "success", "danger")
    assert all(count <= 25 for count in groups.values()), groups
    assert buttons <= 10
    assert math.ceil(buttons / 5) + len(groups) <= 5


def random_states(seats: int, seed: int):
    """A game played by the heuristic computer player with random moves mixed in."""
    rng = random.Random(seed)
    heuristic = {s: SPEC.policy("heuristic", seed=s) for s in range(seats)}
    state = SPEC.setup(seats, seed)
    yield state
    while SPEC.outcome(state) is None:
        seat = rng.choice(sorted(SPEC.to_act(state)))
        if rng.random() < 0.6:
            action = heuristic[seat].choose(state, seat)
        else:
            action = rng.choice(SPEC.legal_actions(state, seat))
        state, _ = SPEC.apply(state, seat, action)
        yield state


@pytest.mark.slow
@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_board_panel_and_labels_over_random_games(seats):
    info = table(seats)
    phases, kinds = set(), set()
    for state in random_states(seats, 30 + seats):
        public = SPEC.view(state, None)
        embeds = RENDERER.board(info, public)
        assert sum(len(e) for e in embeds) <= 6000, "one board message holds at most 6000 characters"
        for embed in embeds:
            check_embed(embed)
        assert RENDERER.board_key(public)
        phases.add(state.phase)
        running = state.phase != "over"
        board_text = "".join(embed_text(e) for e in embeds)
        panels = {}
        for seat in range(seats):
            view = SPEC.view(state, seat)
            panel = RENDERER.panel(info, view, seat)
            check_embed(panel)
            panels[seat] = embed_text(panel)
            actions = SPEC.legal_actions(state, seat)
            kinds.update(a.kind for a in actions)
            check_controls(info, actions, view)
        for seat in range(seats):
            mission = D.MISSIONS[state.players[seat].mission].name
            assert mission in panels[seat], "a player sees their own mission"
            if running:
                assert mission not in board_text, "missions stay secret until the end"
                assert all(mission not in text for other, text in panels.items() if other != seat)
        check_sealed_bids(info, state, board_text, panels)
    assert {"setup", "trade", "council", "over"} <= phases
    assert {"move", "card_action", "end_turn"} | ({"bid"} if seats > 1 else set()) <= kinds


def check_sealed_bids(info: TableInfo, state, board_text: str, panels: dict[int, str]) -> None:
    """While bids are sealed, the board and the other panels read the same whatever a seat bid."""
    council = state.council
    if council is None or council.stage != "bid":
        return
    for seat, amount in enumerate(council.bids):
        if amount is None:
            continue
        other = state.model_copy(deep=True)
        other.council.bids[seat] = amount + 5
        board = "".join(embed_text(e) for e in RENDERER.board(info, SPEC.view(other, None)))
        assert board == board_text
        for viewer, text in panels.items():
            if viewer != seat:
                assert embed_text(RENDERER.panel(info, SPEC.view(other, viewer), viewer)) == text


def bidding_state(first_bid: int):
    """Two players in the Council Hall: seat 0 has sealed its bid, seat 1 still decides."""
    state = new_game(2, seed=4)
    while not (state.council is not None and state.council.stage == "bid"):
        seat = min(SPEC.to_act(state))
        state, _ = SPEC.apply(state, seat, SPEC.policy("heuristic", seed=seat).choose(state, seat))
    for seat in (0, 1):
        state.players[seat].influence = 6
        state.council.bids[seat] = None
    state, _ = SPEC.apply(state, 0, Bid(amount=first_bid))
    return state


@pytest.mark.slow
def test_sealed_bid_shows_only_that_a_player_has_bid():
    """Rulebook: "all players hold a secret amount of influence markers ... to bid"."""
    info = table(2)
    low, high = bidding_state(1), bidding_state(4)
    board_low = [e.to_dict() for e in RENDERER.board(info, SPEC.view(low, None))]
    board_high = [e.to_dict() for e in RENDERER.board(info, SPEC.view(high, None))]
    assert board_low == board_high, "the board does not depend on the sealed amount"
    assert "has bid" in str(board_low) and "deciding" in str(board_low)
    other_low = RENDERER.panel(info, SPEC.view(low, 1), 1).to_dict()
    assert other_low == RENDERER.panel(info, SPEC.view(high, 1), 1).to_dict()
    # The seat still deciding sees what it bids for: the row's cards, as the board lists them.
    row = next(f["value"] for f in other_low["fields"] if f["name"] == "Council Hall row 1: its cards")
    first = SPEC.view(low, 1).council.rows[0][0].card
    assert row.splitlines()[0].startswith(f"{first}: ")
    own = embed_text(RENDERER.panel(info, SPEC.view(high, 0), 0))
    assert "Your sealed bid for Council Hall row 1: **4 influence**" in own
    # Once the second bid is in, both amounts are shown together and the choices follow.
    state, _ = SPEC.apply(high, 1, Bid(amount=2))
    board = embed_text(RENDERER.board(info, SPEC.view(state, None))[0])
    assert f"Row 1 bids: {LONG_NAMES[0]} 4, {LONG_NAMES[1]} 2. The highest bid chooses first" in board
    assert f"<@{10**17}> chooses a Council Hall card" in board


def test_panel_shows_what_remains_of_the_turn():
    state = new_game(2, seed=2)
    state.players[0].coins = 20
    start_turn(state, 0, "Lübeck", ap=4)
    state.cards["Hamburg"] = 9  # prod_fish place2 prod_ap2 / buy1 upgrade2 -
    info = table(2)
    view = SPEC.view(state, 0)
    text = embed_text(RENDERER.panel(info, view, 0))
    assert "4 action points left: 4 of 4 from the period indicator" in text
    assert "where the turn began: its card can't be used" in text
    assert RENDERER.action_label(Move(city="Hamburg"), view) == "Sail to Hamburg"
    assert RENDERER.action_group(Move(city="Hamburg"), view) == "Sail to a neighbouring city…"
    assert "purple zone" in RENDERER.action_description(Move(city="Hamburg"), view)
    state, _ = act(state, 0, "move", city="Hamburg")
    state, _ = act(state, 0, "card_action", action="buy1")
    view = SPEC.view(state, 0)
    text = embed_text(RENDERER.panel(info, view, 0))
    assert "3 action points left: 3 of 4" in text
    assert "In Hamburg: row 1 free · row 2 used ✓; 1 AP spent here." in text
    assert "Action card in Hamburg (#009)" in text and "Row 2 (used)" in text
    upgrade = next(a for a in SPEC.legal_actions(state, 0) if a.kind == "card_action")
    assert RENDERER.action_label(upgrade, view).endswith("(1 AP)")
    assert RENDERER.action_group(upgrade, view) == "Use an action of the Hamburg card (one per row)…"
    assert RENDERER.action_label(EndTurn(), view) == "End the turn (3 action points unused)"


def test_buying_goods_label_shows_the_wheel_yield():
    """Rulebook example: Eric in Aalborg receives 1x fish and 1x beer for two action points
    (his wheel shows sector 5 in the blue zone)."""
    state = new_game(2, seed=2)
    start_turn(state, 0, "Ribe", ap=4)
    state.players[0].rotation = 5
    state, _ = act(state, 0, "move", city="Aalborg")
    view = SPEC.view(state, 0)
    buy = CardAction(row=0, col=1, action="buy2", cost=2)
    assert RENDERER.action_label(buy, view) == "Buy goods: middle ring (2 AP): 1 fish, 1 beer"


@pytest.mark.slow
def test_council_card_labels_and_second_row_bonus():
    state = bidding_state(3)
    state, _ = SPEC.apply(state, 1, Bid(amount=1))
    view = SPEC.view(state, 0)
    actions = SPEC.legal_actions(state, 0)
    assert all(a.kind == "take_card" for a in actions)
    first = actions[0]
    label = RENDERER.action_label(first, view)
    assert label.startswith(f"Card {first.card}: ")
    assert RENDERER.action_group(first, view) == "Choose a Council Hall card…"
    with_ap = next(n for n, c in D.COUNCIL_CARDS.items() if c.kind == "resources" and "ap" in c.gain)
    label = RENDERER.action_label(TakeCard(card=with_ap), view)
    assert "action point" in label and " ap" not in label, "resources are named in words"
    bonus_card = next(n for n, c in D.COUNCIL_CARDS.items() if c.bonus == {"coins": 1})
    view.council.row = 1
    assert RENDERER.action_description(TakeCard(card=bonus_card), view) == "Second-row bonus: 1 coin"


def play_to_end(seats: int, seed: int, kind: str = "heuristic"):
    policies = {s: SPEC.policy(kind, seed=s) for s in range(seats)}
    state = SPEC.setup(seats, seed)
    while SPEC.outcome(state) is None:
        seat = min(SPEC.to_act(state))
        state, _ = SPEC.apply(state, seat, policies[seat].choose(state, seat))
    return state


def ship_colour(png: bytes, city: str, index: int) -> tuple[int, int, int]:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    return image.getpixel(sea_map.ship_spot(city, index, sea_map.place_xy(city)))


@pytest.mark.slow
@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_sea_map_image_shows_ships_banners_and_subsidiaries(seats):
    state = play_to_end(seats, seed=11 + seats, kind="heuristic" if seats <= 2 else "random")
    view = SPEC.view(state, None)
    assert any(city.banner for city in view.cities)
    file = RENDERER.board_image(table(seats), view)
    png = file.fp.read()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and file.filename.endswith(".png")
    assert len(png) <= 300_000
    image = Image.open(io.BytesIO(png))
    assert image.width <= 1000 and image.height <= 1000
    rgb = image.convert("RGB")
    for city in view.cities:
        centre = sea_map.place_xy(city.name)
        for index, seat in enumerate(city.ships):
            assert ship_colour(png, city.name, index) == sea_map.colour(seat), (city.name, seat)
        if city.zone is not None:
            box = sea_map.banner_box(city.name, centre)
            for index, seat in enumerate(city.banner):
                left, top, right, bottom = sea_map.banner_cell(box, index)
                assert rgb.getpixel(((left + right) // 2, (top + bottom) // 2)) == sea_map.colour(seat)
            for index in range(len(city.banner), 10):  # an empty space is not the paper white of a marker
                left, top, right, bottom = sea_map.banner_cell(box, index)
                assert rgb.getpixel(((left + right) // 2, (top + bottom) // 2)) == sea_map.EMPTY_SPACE
        if city.subsidiary is not None:
            left, top, _, _ = sea_map.subsidiary_box(centre)
            assert rgb.getpixel((left + 2, top + 2)) == sea_map.colour(city.subsidiary)
    assert sum(len(c.ships) for c in view.cities) == seats, "every player's ship is drawn"


@pytest.mark.slow
def test_ships_move_on_the_map():
    state = new_game(2, seed=2)
    start_turn(state, 0, "Lübeck", ap=4)
    before = RENDERER.board_image(table(2), SPEC.view(state, None)).fp.read()
    assert ship_colour(before, "Lübeck", 0) == sea_map.colour(0)
    state, _ = act(state, 0, "move", city="Hamburg")
    after = RENDERER.board_image(table(2), SPEC.view(state, None)).fp.read()
    assert ship_colour(after, "Hamburg", 0) == sea_map.colour(0)
    assert ship_colour(after, "Lübeck", 0) == sea_map.colour(1), "the other ship moves up in Lübeck"


@pytest.mark.slow
def test_the_legend_draws_names_once_per_table_and_each_round_once(monkeypatch):
    view = SPEC.view(new_game(2, seed=2), None)
    names = table(2).names
    sea_map._names_band.cache_clear()
    sea_map._status_band.cache_clear()
    first = sea_map._draw(view, names)
    drawn: list[str] = []
    real_text = ImageDraw.ImageDraw.text
    monkeypatch.setattr(ImageDraw.ImageDraw, "text",
                        lambda self, xy, text, *a, **k: drawn.append(text) or real_text(self, xy, text, *a, **k))
    assert sea_map._draw(view, names).tobytes() == first.tobytes() and drawn == []  # the band is reused
    next_round = view.model_copy(update={"round": view.round + 1})
    later = sea_map._draw(next_round, names)
    assert drawn == [sea_map.status_text(next_round)], "a new round draws its status alone"
    band = (0, sea_map.MAP_HEIGHT, sea_map.WIDTH, sea_map.HEIGHT)
    assert later.crop(band).tobytes() != first.crop(band).tobytes()
    assert later.crop((0, 0, sea_map.WIDTH, sea_map.MAP_HEIGHT)).tobytes() == \
        first.crop((0, 0, sea_map.WIDTH, sea_map.MAP_HEIGHT)).tobytes()
    square = (17, sea_map.MAP_HEIGHT + sea_map.LEGEND_HEIGHT // 2)  # the first seat's colour, exact
    assert later.convert("RGB").getpixel(square) == sea_map.colour(0)
    other_names = {**names, 0: "Zoë"}
    drawn.clear()
    sea_map._draw(next_round, other_names)
    shown = [name for _, name in sea_map.legend_entries(view, other_names)]  # the players and the spare colour
    assert drawn == shown and len(shown) == 3, "other names draw the names alone"


@pytest.mark.slow
def test_board_key_changes_by_period_and_phase():
    state = new_game(2, seed=2)
    assert RENDERER.board_key(SPEC.view(state, None)) == "round1-period1"
    state.period = 2
    assert RENDERER.board_key(SPEC.view(state, None)) == "round1-period3"
    assert RENDERER.board_key(SPEC.view(bidding_state(1), None)) == "round1-council"


def test_rules_cover_every_component_within_discord_limits():
    embeds = RENDERER.rules()
    for embed in embeds:
        check_embed(embed)
    batches = embed_batches(embeds)
    assert all(len(b) <= 10 and sum(len(e) for e in b) <= 6000 for b in batches)
    assert sum(len(b) for b in batches) == len(embeds) and len(batches) >= 2
    text = "\n".join(embed_text(e) for e in embeds)
    assert "(chosen)" in text and "Short version: 2 rounds" in text
    for name in [*D.BUILDINGS, *(m.name for m in D.MISSIONS.values()), *D.CITIES]:
        assert name in text
    for number in D.ACTION_CARDS:
        assert f"Card {number:03d}:" in text
    for number in D.COUNCIL_CARDS:
        assert f"{number}: " in text or f"{number} (number chosen): " in text


@pytest.mark.slow
def test_results_show_mission_levels_requirements_and_several_winners():
    state = play_to_end(3, seed=3)
    outcome = SPEC.outcome(state)
    info = table(3)
    lines = RENDERER.outcome_lines(info, outcome)
    text = "\n".join(lines)
    assert len(text) <= 4096
    for seat in range(3):
        mission = D.MISSIONS[state.players[seat].mission].name
        assert f"{LONG_NAMES[seat]}" in text and f"{mission}: " in text
    assert "✓" in text and "✗" in text and "Checked against" in text
    assert "several players can win" in text
    several = Outcome(ranking=[[1], [0]], scores={0: 12.0, 1: 18.0}, winners=[1, 0], details={
        0: ["Mathias Mulich: basic task reached; 12 council votes", "✗ 1x Gabled House (has 0)"],
        1: ["Johann Rinck: expert task reached; 18 council votes", "✓ 1x Trade Guild (has 1)"]})
    lines = RENDERER.outcome_lines(table(2), several)
    assert lines[0] == f"🏆 **Winners: {LONG_NAMES[1]}, {LONG_NAMES[0]}**"
    one = several.model_copy(update={"winners": [1]})
    assert RENDERER.outcome_lines(table(2), one)[0] == f"🏆 **Winner: {LONG_NAMES[1]}**"  # one: no plural
    assert f"**1.** {LONG_NAMES[1]} 🏆 — Johann Rinck: expert task completed, 18 council votes" in lines
    assert "  Checked against the advanced task:" in lines
    assert "  All three tasks completed, each checked:" in lines  # the expert's list reads plainly
    nobody = Outcome(ranking=[[0]], scores={0: 9.0}, winners=[], details={
        0: ["Bernd Pal: none task reached; 9 council votes", "✗ 2x Deli Market (has 0)"]})
    lines = RENDERER.outcome_lines(table(1), nobody)  # solo: no other players, places or tie-break
    assert lines[0] == "**Not won**: the basic task of the mission was not completed."
    assert lines[1].startswith(f"{LONG_NAMES[0]} — Bernd Pal: no task completed, 9 council votes")
    assert not any("several players" in line or "**1.**" in line for line in lines)


def test_options_line_explains_the_version_and_solo():
    line = RENDERER.options_lines(SPEC.Options())[0]
    assert "short" in line and "solo" in line


# -- the main version ------------------------------------------------------------------------------


def test_a_solo_board_says_what_wins_against_the_dummy():
    """Rulebook (solo): the dummy "will be treated like a real opponent in the final scoring": the
    board says so from the start, not only at the result."""
    solo = RENDERER.board(table(1), SPEC.view(finish_setup(SPEC.setup(1, 2, {"version": "main"})), None))
    assert "**To win:** at least as many council votes as the dummy" in "\n".join(embed_text(e) for e in solo)
    pair = RENDERER.board(table(2), SPEC.view(finish_setup(SPEC.setup(2, 2, {"version": "main"})), None))
    assert "To win" not in "\n".join(embed_text(e) for e in pair)


def test_a_mission_s_higher_levels_are_headed_as_totals():
    """The rulebook's advanced and expert tasks come on top of the basic one ("place 2x influence
    markers" more); the panel lists their figures as totals, and its headings say so rather than
    "(adds)", which read as 4 more where 4 in all is meant."""
    from bot.render.aelderman import mission_lines

    state = new_game(2, seed=21)
    state.players[0].mission = "mission-pal"
    view = SPEC.view(state, 0).players[0]
    lines = mission_lines(view)
    assert lines[0] == "**Basic**" and "**Advanced** (the level below, and in all:)" in lines
    assert not any("(adds)" in line for line in lines)


@pytest.mark.slow  # over half a second
def test_a_mission_is_called_secret_only_while_the_game_runs():
    """Once the game is over the standings show every mission: the panel no longer calls it secret."""
    over = play_to_end(2, seed=3)
    running = list(random_states(2, 3))[1]
    info = table(2)
    assert "Your mission (secret until the end): " in embed_text(RENDERER.panel(info, SPEC.view(running, 0), 0))
    final = embed_text(RENDERER.panel(info, SPEC.view(over, 0), 0))
    assert f"Your mission: {D.MISSIONS[over.players[0].mission].name}" in final and "secret" not in final
