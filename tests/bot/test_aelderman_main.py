"""Aelderman's main version through the bot: the lobby's option menus, a whole 2-player game with a
spare colour up to the election, and a solo game against the dummy."""

from __future__ import annotations

import re

import io

import pytest
from PIL import Image

from bot.render import aelderman_map as sea_map
from bot.settings import Settings
from games import Outcome, registry
from games.aelderman import data as D
from games.aelderman.majority import zone_counts
from tests.bot.driver import (board_message, heuristic_players, open_table, play_to_the_end,
                              play_until, start, text_of)

SPEC = registry.get("aelderman")


@pytest.fixture
def settings(tmp_path) -> Settings:
    """Decisions are timed; a day keeps the timers out of SimCord's settle window."""
    return Settings(token="", database=tmp_path / "bot.sqlite3", decision_timeout=24 * 3600)


@pytest.fixture
def fixed_seed(monkeypatch):
    monkeypatch.setattr("play.tables.secrets.randbits", lambda bits: 20_260_602)


def option_menu(lobby, table_id: int, key: str):
    found = [item for c in lobby.components for item in getattr(c, "children", [c])
             if getattr(item, "custom_id", "") == f"option:{table_id}:{key}"]
    assert len(found) == 1, f"one lobby menu for {key}"
    return found[0]


async def test_lobby_menus_for_version_setup_and_difficulty(simcord_env):
    table = await open_table(simcord_env, "aelderman", ["ada", "bo"])
    ada, bo = table.players
    lobby = table.thread.history()[0]
    menus = {key: option_menu(lobby, table.table_id, key) for key in ("version", "setup", "difficulty")}
    assert [o.label for o in menus["version"].options] == ["Version: short (2 rounds, secret missions)",
                                                           "Version: main (5 rounds, the election)"]
    assert [o.label for o in menus["setup"].options] == [
        f"Spare colour's setup {n}: {name} (2 players, solo main)"
        for n, name in ((1, "balanced"), (2, "buildings"), (3, "markers"))]
    assert [o.label for o in menus["difficulty"].options] == [
        "Solo dummy's difficulty: easy", "Solo dummy's difficulty: medium", "Solo dummy's difficulty: hard"]
    refused = await bo.select(lobby, ["main"], custom_id=menus["version"].custom_id)
    assert "Only the table's creator" in refused.response.content
    await ada.select(lobby, ["main"], custom_id=menus["version"].custom_id)
    await ada.select(lobby, ["3"], custom_id=menus["setup"].custom_id)
    await ada.select(lobby, ["hard"], custom_id=menus["difficulty"].custom_id)
    assert (await table.row()).options == {"version": "main", "setup": 3, "difficulty": "hard"}
    shown = text_of(table.thread.history()[0])
    assert "Version: main" in shown and "setup 3 (markers)" in shown and "Difficulty: hard" in shown


def _pixel_of_spare(png: bytes, city: str, spare: int) -> bool:
    image = Image.open(io.BytesIO(png)).convert("RGB")
    centre = sea_map.place_xy(city)
    box = sea_map.banner_box(city, centre)
    x0, y0, x1, y1 = sea_map.banner_cell(box, 0)
    return image.getpixel(((x0 + x1) // 2, (y0 + y1) // 2)) == sea_map.colour(spare)


@pytest.mark.slow
async def test_two_player_main_game_with_a_spare_colour_to_the_election(simcord_env, fixed_seed):
    table = await open_table(simcord_env, "aelderman", ["ada", "bo"], options="version=main,setup=2")
    await start(table)
    choose = heuristic_players("aelderman", 2)
    await play_until(table, choose, lambda state: state.phase == "trade", "the first period")
    board = await board_message(table)
    assert "round 1 of 5" in board.embeds[0].title
    png = simcord_env.backend.cdn.get(board.attachments[0].url)
    image = Image.open(io.BytesIO(png))
    assert image.height > sea_map.HEIGHT and len(png) <= 400_000  # Lübeck and the display below
    assert _pixel_of_spare(png, "London", 2)  # setup 2: two spare markers in London
    assert "Lübeck: properties" not in text_of(board)  # drawn, not repeated in text
    await play_to_the_end(table, choose, limit=3000)
    row = await table.row()
    assert row.status == "finished"
    results = table.thread.last_message.embeds[0].description
    outcome = Outcome.model_validate_json(row.outcome)
    assert "Elected Aelderman" in results and "Trading zones:" in results
    assert "Lübeck districts:" in results and "Spare colour" in results
    assert {s for group in outcome.ranking for s in group} == {0, 1}
    state = await table.state()
    assert state.round == 5 and state.setup_option == 2
    # The ended board's majorities are the final ones, not "so far".
    names = [f.name for f in (await board_message(table)).embeds[0].fields]
    assert "Majorities at the end (council votes for 1st/2nd)" in names and not any("so far" in n for n in names), names


@pytest.mark.slow
async def test_three_player_main_game_to_the_election(simcord_env, fixed_seed):
    table = await open_table(simcord_env, "aelderman", ["ada", "bo", "cy"], options="version=main")
    await start(table)
    await play_to_the_end(table, heuristic_players("aelderman", 3), limit=4000)
    row = await table.row()
    assert row.status == "finished"
    standings = table.thread.last_message.embeds[0]
    assert "final standings" in standings.title
    assert "Elected Aelderman" in standings.description and "Trading zones:" in standings.description
    assert "Spare colour" not in standings.description  # three players: no spare colour
    outcome = Outcome.model_validate_json(row.outcome)
    assert {s for group in outcome.ranking for s in group} == {0, 1, 2}
    state = await table.state()
    assert state.round == 5


@pytest.mark.slow
async def test_solo_game_against_the_dummy_reaches_its_result(simcord_env, fixed_seed):
    table = await open_table(simcord_env, "aelderman", ["ada"], options="version=main,difficulty=easy")
    await start(table)
    board = await board_message(table)
    assert "(solo)" in board.embeds[0].title
    await play_to_the_end(table, heuristic_players("aelderman", 1), limit=1500)
    row = await table.row()
    assert row.status == "finished"
    results = table.thread.last_message.embeds[0].description
    outcome = Outcome.model_validate_json(row.outcome)
    verdict = ("The dummy is not beaten" if not outcome.winners else "You tie with the dummy"
               if f": {int(outcome.scores[0])} to {int(outcome.scores[0])} " in results else "You beat the dummy")
    assert verdict in results and "**Dummy**" in results
    votes = int(outcome.scores[0])
    assert f": {votes} to " in results.splitlines()[0] and "**1.**" not in results  # one player: no places
    assert results.count("Trading zones:") == 2  # the player's score pad and the dummy's
    state = await table.state()
    setup = sum(D.DUMMY_SETUPS[1].values())
    placed = sum(banner.count(1) for banner in state.banners.values())
    assert placed > setup  # the dummy placed markers each round before the third period


@pytest.mark.parametrize("names,options,field,colour", [
    (["ada", "bo"], "version=main,setup=3", "Spare colour", "⚫ Spare colour (black)"),
    (["ada"], "version=main,difficulty=medium", "Dummy (medium)", "⚪ Dummy (medium) (white)")])
async def test_the_board_text_shows_the_spare_colour_like_a_player(simcord_env, fixed_seed, names, options, field,
                                                                  colour):
    """"All components of the dummy player are treated like those of other players during the game
    and in the final scoring": the board's text gives its markers and buildings as a player's (the
    solo dummy's first-round building of strength 2 among them), not only the picture."""
    table = await open_table(simcord_env, "aelderman", names, options=options)
    await start(table)
    await play_until(table, heuristic_players("aelderman", len(names)), lambda s: s.phase == "trade",
                     "the first period")
    state = await table.state()
    board = await board_message(table)
    # Its heading names the colour its pieces have on the map, as the map's list of colours does.
    shown = next(f.value for f in board.embeds[0].fields if f.name == colour)
    assert colour in board.embeds[1].footer.text, board.embeds[1].footer.text
    cities = {city for city, banner in state.banners.items() if state.seats in banner}
    markers = next(line for line in shown.splitlines() if line.startswith("Markers on banners: "))
    assert cities and all(city in markers for city in cities) and "Counts in every majority" in shown
    buildings = next(line for line in shown.splitlines() if line.startswith("Lübeck: "))
    strengths = [int(n) for n in re.findall(r"building (\d)", buildings)]
    assert sorted(strengths) == sorted(strength for _, strength in state.spare.lots)
    majorities = next(f.value for f in (await board_message(table)).embeds[0].fields
                      if f.name.startswith("Majorities so far"))
    assert f"{field} " in majorities and "Seat " not in majorities  # named as in its own field
    if len(names) == 1:
        assert "building 2" in buildings  # "a building of strength 2 is placed for the dummy player" in round 1


@pytest.mark.slow
@pytest.mark.parametrize("options", ["version=short", "version=main"])
async def test_the_board_text_says_where_each_players_markers_stand_and_the_majorities(simcord_env, fixed_seed,
                                                                                     options):
    """The picture is not the only place the map's markers are told: each player's field names the
    cities of their markers, and the main version's board gives the majorities so far ("You receive
    council votes by forming influence majorities in the trading zones ... and in the city districts
    of Lübeck"), player by player, in words. (A fixed deal: with some deals the heuristic players
    end a short game having placed only three markers.)"""
    names = ["ada", "bo", "cy"]
    table = await open_table(simcord_env, "aelderman", names, options=options)
    await start(table)
    placed = await play_until(table, heuristic_players("aelderman", 3),
                              lambda s: sum(len(banner) for banner in s.banners.values()) >= 4, "four markers placed")
    fields = {f.name: f.value for f in (await board_message(table)).embeds[0].fields}
    for seat, name in enumerate(names):
        field = next(value for heading, value in fields.items() if f" {name} " in heading)
        markers = next(line for line in field.splitlines() if line.startswith("Markers on banners: "))
        markers = markers.split(" · subsidiaries: ")[0]
        for city, banner in placed.banners.items():
            count = banner.count(seat)
            assert (f"{city} {count}" if count > 1 else city) in markers if count else city not in markers
    majorities = fields.get("Majorities so far (council votes for 1st/2nd)")
    if options == "version=short":
        assert majorities is None  # no majorities are scored in the short version
        return
    zones = zone_counts(placed)
    for zone, standing in zones.items():
        line = next((line for line in majorities.splitlines() if line.startswith(f"{zone} zone")), None)
        if not standing:
            assert line is None and zone in majorities.splitlines()[-1]  # "Nobody yet: ..."
            continue
        for seat, count in standing.items():
            assert f"{names[seat]} {count}" in line


@pytest.mark.slow  # plays to a turn in Lübeck with coins
async def test_buying_a_property_can_be_taken_back_from_the_site_panel(simcord_env, monkeypatch):
    """README: `/table undo` is the "same as ↩ Take back on the panel you answered". After "Buy a
    property in Lübeck", the site step's five district menus once filled the panel's five rows and
    the take-back was dropped: a misclick had to be paid for."""
    from games.aelderman import SPEC
    from tests.bot.driver import board_message, buttons, fix_deal, heuristic_players, labels, open_table, play_until

    def can_buy(state) -> bool:
        return (state.phase == "trade" and state.turn is not None and not state.pending
                and any(a.kind == "property" for a in SPEC.legal_actions(state, state.turn.seat)))

    fix_deal(monkeypatch, 3)
    table = await open_table(simcord_env, "aelderman", ["ada", "bo", "cy"], options="version=main")
    await start(table)
    state = await play_until(table, heuristic_players("aelderman", 3), can_buy, "a property to buy", limit=1500)
    actor = await table.actor_of_seat(state.turn.seat)
    panel = (await actor.click(await board_message(table), label="My hand")).response.message
    buy = next(text for text in labels(panel) if text.startswith("Buy a property in Lübeck"))
    after = (await actor.click(panel, label=buy)).response.message
    assert (await table.state()).pending[-1].kind == "site"
    assert "↩ Take back" in labels(after)
    sites = [option for c in buttons(after) for option in getattr(c, "options", [])]
    assert len(sites) == len(SPEC.legal_actions(await table.state(), state.turn.seat))  # every site offered
    await actor.click(after, label="↩ Take back")
    assert not (await table.state()).pending


@pytest.mark.slow
async def test_the_board_shows_each_players_improvements_and_fulfilled_orders(simcord_env, fixed_seed):
    """rulebook: "Each improvement must be placed in a free spot at the bottom of the player board.
    Once an improvement has been activated, it is flipped over" and "Once you have fulfilled a
    Council order, it is removed from the display and placed next to your player board": open to all."""
    table = await open_table(simcord_env, "aelderman", ["ada", "bo"], options="version=main")
    await start(table)
    state = await play_until(table, heuristic_players("aelderman", 2),
                             lambda s: any(p.improvements for p in s.players), "an improvement", limit=4000)
    fields = {f.name.split(" — in ")[0]: f.value for f in (await board_message(table)).embeds[0].fields
              if " — in " in f.name}  # a player's: "🔴 ada ⏳ — in Lübeck · ..."
    for seat, name in enumerate(["ada", "bo"]):
        player, shown = state.players[seat], next(v for k, v in fields.items() if name in k.split())
        for number, used in zip(player.improvements, player.activated):
            assert f"{number} ({D.IMPROVEMENTS[number].when}{', used this round' if used else ''})" in shown
        for number in player.orders:
            assert f"{number} ({D.COUNCIL_ORDERS[number].text})" in shown
        assert ("Improvements:" in shown) == bool(player.improvements)
        assert ("Council orders fulfilled:" in shown) == bool(player.orders)


@pytest.mark.slow
async def test_a_crowded_board_still_shows_every_action_card_of_the_sea_map(simcord_env, monkeypatch):
    """rulebook: "For all other cities, randomly draw action cards and place them on the remaining
    free spots." Four of Discord's longest names late in a main game: every card is still on the board."""
    from bot.render.aelderman_labels import card_summary
    from tests.bot.driver import fix_deal, play_turn_by_dm, text_of

    fix_deal(monkeypatch, 3)
    table = await open_table(simcord_env, "aelderman", [f"Maximilian von Habsburg-Lothr {n:02d}" for n in range(4)],
                             options="version=main")
    await start(table)
    policy, checked = heuristic_players("aelderman", 4), 0
    while await play_turn_by_dm(table, policy):
        state = await table.state()
        if state.round >= 4:  # the Council Hall's boards, with four sealed bids due, are the fullest
            shown = text_of(await board_message(table))
            assert all(card_summary(c.card) in shown for c in SPEC.view(state, None).cities)
            checked += 1
    assert checked > 50


@pytest.mark.slow
async def test_the_main_board_shows_operating_costs_and_the_uses_of_abilities(simcord_env, monkeypatch):
    """rulebook: "Mark your operating costs on the production bar on the right side of the player
    board" and (Lighthouse) "When you use the effect, place one of your influence markers from the
    general supply on the Lighthouse": both lie open."""
    from games.aelderman.rules import operating_costs
    from tests.bot.driver import fix_deal

    fix_deal(monkeypatch, 2)
    table = await open_table(simcord_env, "aelderman", ["ada", "bo"], options="version=main")
    await start(table)
    state = await play_until(table, heuristic_players("aelderman", 2),
                             lambda s: any(any(p.uses) for p in s.players), "an ability used", limit=1000)
    fields = [f for f in (await board_message(table)).embeds[0].fields if " — in " in f.name]
    for player, field in zip(state.players, fields, strict=True):
        costs = operating_costs(player)
        assert (f"· operating costs {costs}" in field.value) == (costs > 0)
        for building, used in zip(player.buildings, player.uses):
            assert not used or f"{building} " in field.value and f" ({used}/{D.ABILITY_USES} uses)" in field.value
    assert any(f"/{D.ABILITY_USES} uses)" in f.value for f in fields)


async def test_the_board_numbers_the_improvement_spots_once_the_pile_has_run_out(simcord_env, fixed_seed):
    """rulebook: "On the far left, a new improvement is revealed from the draw pile"; with none left the
    spots on the left stay empty, and the solo dummy's selection cards still count "from left to
    right" over all four: the board numbers the improvements by their spots and shows the empty ones."""
    from tests.bot.driver import choose

    table = await open_table(simcord_env, "aelderman", ["ada", "bo"], options="version=main")
    await start(table)
    state = await play_until(table, heuristic_players("aelderman", 2),
                             lambda s: s.phase == "trade" and s.turn is not None and not s.pending, "a sea turn")
    state.improvement_pile, state.display = [], [502, 503, 504]
    await table.put_state(state)
    seat = state.turn.seat
    actor = await table.actor_of_seat(seat)
    panel = (await actor.click(await board_message(table), label="My hand")).response.message
    await choose(actor, panel, 0)
    shown = text_of(await board_message(table))
    assert "1. – (empty: the improvement pile has run out)" in shown, shown
    for spot, number in ((2, 502), (3, 503), (4, 504)):
        assert f"{spot}. **{number}** ({D.IMPROVEMENTS[number].when})" in shown
