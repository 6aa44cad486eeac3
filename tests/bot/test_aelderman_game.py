"""Aelderman through the bot, as players play it: whole games by DM, the sea map on the board,
a restart in the middle of a turn, and /rules."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from bot.render import aelderman_map as sea_map
from bot.settings import Settings
from bot.render import get_renderer
from bot.ui.panels import table_info
from games import Outcome, registry
from games.aelderman import data as D
from games.aelderman.actions import Bid
from tests.bot.driver import (embeds_text, text_of, thread_text, board_message, heuristic_players, open_table, panel_message, play_to_the_end,
                              play_turn_by_dm, play_until, start)

SPEC = registry.get("aelderman")
RENDERER = get_renderer("aelderman")


@pytest.fixture
def settings(tmp_path) -> Settings:
    """Aelderman decisions are timed. SimCord waits, after each action, for timers due within its
    settle timeout (60 s); a decision timeout of a day keeps the timers out of that window."""
    return Settings(token="", database=tmp_path / "bot.sqlite3", decision_timeout=24 * 3600)


@pytest.fixture
def fixed_seed(monkeypatch):
    """Tables get a known seed, so each scenario plays the same game every time."""
    monkeypatch.setattr("play.tables.secrets.randbits", lambda bits: 20_260_601)




async def board_png(env, table) -> bytes:
    board = await board_message(table)
    assert len(board.attachments) == 1 and board.attachments[0].filename.endswith(".png")
    return env.backend.cdn.get(board.attachments[0].url)


@pytest.mark.slow
async def test_two_player_short_game_from_create_to_mission_results(simcord_env, fixed_seed):
    table = await open_table(simcord_env, "aelderman", ["ada", "bo"])
    lobby = table.thread.history()[0]
    assert "Version: short" in text_of(lobby) and "solo" in text_of(lobby)
    menus = [item for c in lobby.components for item in getattr(c, "children", [c])
             if getattr(item, "custom_id", "") == f"option:{table.table_id}:version"]
    assert len(menus) == 1 and [o.label for o in menus[0].options] == ["Version: short (2 rounds, secret missions)",
                                                                     "Version: main (5 rounds, the election)"]
    assert "main (5 rounds" in menus[0].placeholder
    await start(table)

    png = await board_png(simcord_env, table)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.width <= 1000 and len(png) <= 300_000
    for index in range(2):  # both ships start in Lübeck
        spot = sea_map.ship_spot("Lübeck", index, sea_map.place_xy("Lübeck"))
        assert image.getpixel(spot) == sea_map.colour(index)

    choose = heuristic_players("aelderman", 2)
    clicks, saw_turn_panel = 0, False
    while await play_turn_by_dm(table, choose):
        clicks += 1
        assert clicks < 1500
        state = await table.state()
        if state.turn is not None and state.turn.visit.spent and not saw_turn_panel:
            actor = await table.actor_of_seat(state.turn.seat)
            seat_row = next(s for s in await table.seats() if s.seat == state.turn.seat)
            panel = text_of(await panel_message(table, actor, seat_row))
            assert "action points left" in panel and "AP spent here" in panel
            saw_turn_panel = True
    assert saw_turn_panel
    row = await table.row()
    assert row.status == "finished"
    final = table.thread.last_message
    assert "final standings" in final.embeds[0].title
    results = final.embeds[0].description
    state = await table.state()
    for seat in range(2):
        mission = D.MISSIONS[state.players[seat].mission].name
        assert mission in results and "council votes" in results
    assert "✓" in results or "✗" in results
    assert "several players can win" in results
    outcome = Outcome.model_validate_json(row.outcome)
    assert {s for group in outcome.ranking for s in group} == {0, 1}
    replayed = await simcord_env.bot.service.replay(table.table_id)
    assert SPEC.dump_state(replayed) == row.state


async def until_both_bid(table, choose):
    """Play on until both players must seal a Council Hall bid."""
    return await play_until(
        table, choose,
        lambda state: state.council is not None and state.council.stage == "bid" and len(SPEC.to_act(state)) == 2,
        "a Council Hall auction with two bidders")


@pytest.mark.slow
async def test_sealed_council_bids_are_revealed_together_then_chosen_in_bid_order(simcord_env, fixed_seed):
    """Rulebook: "all players hold a secret amount of influence markers from their active supply to
    bid"; "the player who bids the most influence markers may first take a Council Hall card"."""
    table = await open_table(simcord_env, "aelderman", ["ada", "bo"])
    await start(table)
    state = await until_both_bid(table, heuristic_players("aelderman", 2))
    most = {s: max(a.amount for a in SPEC.legal_actions(state, s)) for s in (0, 1)}
    bids = {0: most[0], 1: 1 if most[0] >= 2 else most[1]}
    sealed = lambda st, seat: Bid(amount=bids[seat])  # noqa: E731
    names = {s.seat: s.display_name for s in await table.seats()}

    assert await play_turn_by_dm(table, sealed)  # seat 0 seals its bid from the DM panel
    state = await table.state()
    assert SPEC.to_act(state) == {1}
    assert f"{names[0]} has submitted a bid." in thread_text(table)
    assert "bids:" not in thread_text(table).split("has submitted a bid.")[-1]
    board = await board_message(table)
    assert f"{names[0]} ✅ has bid · {names[1]} ⏳ deciding" in text_of(board)
    # What the channel and the other player see is the same whatever the sealed amount is.
    row, seats = await table.row(), await table.seats()
    info = table_info(row, seats, SPEC)
    other = state.model_copy(deep=True)
    other.council.bids[0] = bids[0] + 7
    assert embeds_text(board.embeds[:-1]) == embeds_text(RENDERER.board(info, SPEC.view(other, None)))
    assert board.embeds[-1].title == "Game log"
    bo_hand = (await (await table.actor_of_seat(1)).click(board, label="My hand")).response
    assert embeds_text(bo_hand.embeds) == embeds_text([RENDERER.panel(info, SPEC.view(other, 1), 1)])
    ada_hand = (await (await table.actor_of_seat(0)).click(board, label="My hand")).response
    assert f"Your sealed bid for Council Hall row 1: **{bids[0]} influence**" in embeds_text(ada_hand.embeds)
    # README, /table log: "your own secret choices, not the others' until the game ends".
    sealed_line = f"{names[0]} bids {bids[0]} influence marker{'s' * (bids[0] != 1)} (sealed until every bid is in)."
    ada_log = (await (await table.actor_of_seat(0)).slash(table.thread, "table log")).response.embeds[0].description
    bo_log = (await (await table.actor_of_seat(1)).slash(table.thread, "table log")).response.embeds[0].description
    assert sealed_line in ada_log and "sealed until" not in bo_log

    assert await play_turn_by_dm(table, sealed)  # the last bid: all are revealed together
    assert f"Council Hall row 1 bids: {names[0]} {bids[0]}, {names[1]} {bids[1]}." in thread_text(table)
    coins = {s: state.players[s].coins for s in (0, 1)}
    order = sorted((0, 1), key=lambda s: (-bids[s], -coins[s], state.order.index(s)))
    state = await table.state()
    assert SPEC.to_act(state) == {order[0]} and state.pending[-1].kind == "take_card"
    choose = heuristic_players("aelderman", 2)
    while (await table.state()).council is not None and (await table.state()).council.row == 0:
        assert await play_turn_by_dm(table, choose)
    log = thread_text(table)
    first_take = log.index(f"{names[order[0]]} takes Council Hall card")
    assert first_take < log.index(f"{names[order[1]]} takes Council Hall card")


@pytest.mark.slow
async def test_solo_game_reaches_its_mission_result(simcord_env, fixed_seed):
    table = await open_table(simcord_env, "aelderman", ["ada"])
    await start(table)
    board = await board_message(table)
    assert "(solo)" in board.embeds[0].title
    choose = heuristic_players("aelderman", 1)
    await play_to_the_end(table, choose, limit=800)
    row = await table.row()
    assert row.status == "finished"
    results = table.thread.last_message.embeds[0].description
    state = await table.state()
    assert D.MISSIONS[state.players[0].mission].name in results
    won = bool(Outcome.model_validate_json(row.outcome).winners)
    # One player: the result is won or not, with no "Winners:" list of one.
    assert results.startswith("🏆 **Won**" if won else "**Not won**") and "Winners:" not in results
    result = table.players[0].user.dm_channel.history()[-1].content.splitlines()[0]
    assert result.endswith(": you won." if won else ": you did not win this time.")  # not "1st of 1"
    log = thread_text(table)
    assert "Council Hall phase begins" in log


async def test_restart_in_the_middle_of_a_turn_loses_nothing(simcord_env, settings, fixed_seed):
    from bot import create_bot

    table = await open_table(simcord_env, "aelderman", ["ada", "bo"])
    await start(table)
    choose = heuristic_players("aelderman", 2)
    state = await play_until(
        table, choose,
        lambda s: (s.turn is not None and s.turn.moved and s.turn.visit.spent and not s.pending
                   and s.turn.base_left),
        "a turn stopped half-way", limit=400)
    turn = state.turn
    before = await table.row()
    seat, start_city, period = turn.seat, turn.start, state.period
    spent = turn.base - turn.base_left

    await simcord_env.restart_bot(create_bot(settings))

    after = await table.row()
    assert (after.version, after.state) == (before.version, before.state)
    actor = await table.actor_of_seat(seat)
    seat_row = next(s for s in await table.seats() if s.seat == seat)
    panel = await panel_message(table, actor, seat_row)
    assert panel.channel.id == actor.user.dm_channel.id, "the DM panel from before the restart"
    assert f"{turn.base_left} of {turn.base} from the period indicator" in text_of(panel)
    # The player goes on from that DM panel with the same turn: nothing is reset.
    assert await play_turn_by_dm(table, choose)
    state = await table.state()
    if state.turn is not None and state.turn.seat == seat:
        assert state.turn.start == start_city and state.period == period
        assert state.turn.base - state.turn.base_left >= spent
    while (await table.state()).turn is not None and (await table.state()).turn.seat == seat:
        assert await play_turn_by_dm(table, choose)
    log = thread_text(table)
    assert f"{seat_row.display_name} ends the turn" in log
    assert await play_turn_by_dm(table, choose), "the game goes on with the next player"


async def test_rules_are_sent_in_messages_within_discord_limits(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ada = guild.add_member(simcord_env.create_user("ada"))
    result = await ada.slash(channel, "rules", game="aelderman")
    messages = [result.response, *result.followups]
    assert len(messages) >= 2 and all(m.ephemeral for m in messages)
    for message in messages:
        assert len(message.embeds) <= 10 and sum(len(e) for e in message.embeds) <= 6000
    text = "\n".join(text_of(m) for m in messages)
    assert "(chosen)" in text and "Johann Rinck" in text and "Card 037:" in text
    # The dummy's sheets, which every setup leaves room for.
    assert "Dummy hard:" in text and "Every setup and sheet fits the colour's 8 property tiles and 35" in text
    assert "3 coins" in text and not re.search(r"\b[2-9] (coin|crate)\b", text)  # the wheel's sector 9, plural
    # The missions in words, as the rulebook gives Johann Rinck's basic task ("place 3x influence
    # markers, at least one of them in London and at least one of them as a subsidiary").
    assert "3 influence markers placed; 1 influence marker in London; 1 subsidiary" in text
    assert "placed_in" not in text and "small_feast" not in text
    # Action cards in words, no names of the code's tables, counts in the singular where one.
    assert "Card 001: Upgrade 1 good · Upgrade 2 goods, +1 coin" in text and "upgrade1" not in text
    assert "Chosen tables" not in text and "ACTION_CARDS" not in text and " 1 coins" not in text


async def test_the_short_two_player_board_says_what_the_spare_colour_is_for(simcord_env, monkeypatch):
    """Rulebook (2-player setup): "Use a spare player color and be aware that those influence markers are
    also taken into account when it comes to an exchange of an action card." The board says so."""
    from tests.bot.driver import fix_deal

    fix_deal(monkeypatch, 3)
    table = await open_table(simcord_env, "aelderman", ["ada", "bo"], options="version=short,setup=1")
    await start(table)
    await play_until(table, heuristic_players("aelderman", 2), lambda s: s.phase == "trade", "the first period")
    board = await board_message(table)
    spare = next(f for f in board.embeds[0].fields if f.name == "⚫ Spare colour (black)")
    assert "count when an action card is exchanged" in spare.value, spare.value


async def test_the_main_two_player_board_says_what_the_spare_colour_is_for(simcord_env):
    """The same sentence of the 2-player setup holds in the main version (its rules on exchanging
    action cards are the same): its board says so too, beside the majorities the colour counts in."""
    table = await open_table(simcord_env, "aelderman", ["ada", "bo"], options="version=main,setup=1")
    await start(table)
    board = await board_message(table)
    spare = next(f for e in board.embeds for f in e.fields if f.name == "⚫ Spare colour (black)")
    assert "count when an action card is exchanged" in spare.value, spare.value
    assert "Counts in every majority, like a player." in spare.value, spare.value


@pytest.mark.slow  # a whole game
async def test_a_player_who_failed_the_mission_does_not_win_because_the_winner_abandoned(simcord_env, monkeypatch):
    """Rulebook (short version): "You win the game if you manage to complete at least the basic task
    of your mission." ada abandons (ranked last); her computer completes her basic task, bo none:
    nobody wins, and bo's rating counts no win."""
    from games.aelderman.scoring import mission_level
    from tests.bot.driver import fix_deal

    fix_deal(monkeypatch, 2)  # ada's computer reaches the basic task, bo does not
    table = await open_table(simcord_env, "aelderman", ["ada", "bo"])
    await table.players[0].click(table.thread.history()[0], label="Rated: off")
    await start(table)
    ada, bo = table.players
    await ada.slash(table.thread, "table abandon")
    await play_to_the_end(table, heuristic_players("aelderman", 2), limit=800)
    row, state = await table.row(), await table.state()
    bo_seat, ada_seat = await table.seat_of(bo), await table.seat_of(ada)
    assert row.status == "finished" and mission_level(state, ada_seat) >= 1 and mission_level(state, bo_seat) == 0
    assert Outcome.model_validate_json(row.outcome).winners == []
    rating = (await simcord_env.bot.store.ratings.of_players(table.guild.id, "aelderman", [bo.id]))[bo.id]
    assert rating.wins == 0
    end_note = next(m.content for m in reversed(bo.user.dm_channel.history()) if m.content.startswith("**Game over"))
    assert "you won" not in end_note


async def test_rules_mark_as_chosen_exactly_the_values_the_rulebook_does_not_give(simcord_env):
    guild = simcord_env.create_guild()
    ada = guild.add_member(simcord_env.create_user("ada"))
    result = await ada.slash(guild.create_text_channel("games"), "rules", game="aelderman")
    lines = "\n".join(text_of(m) for m in [result.response, *result.followups]).splitlines()

    def line(start: str) -> str:
        return next(text for text in lines if text.startswith(start))

    # "The number of buildings of each type is limited." (how many: the project's)
    assert line("Gabled House (strength 1, 4 tiles (chosen)):")
    # "Pay 18 coins to receive 10 council votes"; "For three coins, you may swap any two action
    # cards": the prices are the rulebook's, the action points the chosen cards'.
    assert line("10 council votes (18 coins): 2 AP") == "10 council votes (18 coins): 2 AP (AP chosen)"
    assert line("Swap two action cards (3 coins): 1 AP") == "Swap two action cards (3 coins): 1 AP (AP chosen)"
    # "Then he moves to Ribe and uses the action gaining influence markers for one action point": the
    # action points are the rulebook's, how many markers is chosen; developing an improvement costs
    # "three coins and one influence marker" (rulebook), its action points are chosen.
    assert line("Gain 1 influence: 1 AP") == "Gain 1 influence: 1 AP (amount chosen)"
    assert line("Develop an improvement (3 coins, 1 influence): 2 AP") == \
        "Develop an improvement (3 coins, 1 influence): 2 AP (AP chosen)"
    # Council Hall cards 101 and 117-127 are printed in the rulebook, their foot marking is not; the
    # cards it names without a number (3 and 10 council votes, developing improvement) keep their text.
    assert line("101: ") == "101: Four more storage spaces. Second-row bonus: 1 coin (chosen)."
    assert line("131") == "131 (number chosen): 3 council votes."
    assert line("140") == "140 (number chosen): Develop an improvement (the card is offered every round)."
    # The improvement table: "| 501 | none | ... pass up to two cities ..." (a requirement of none)
    assert line("Improvement 501 ").split(": ")[1] == "no requirement"
    # "Whenever you have turned your resource wheel five times, a bonus is activated."
    assert line("Zone slots:").endswith("(chosen); two starting positions (0 or 5); a free influence marker "
                                        "every fifth turn of the wheel")
    # Johann Rinck, "Expert (additional): 1x construct a building: Trade Guild; 1x place influence
    # marker in Edinburgh": one marker more, in Edinburgh.
    assert line("Johann Rinck expert").endswith(": 1x Trade Guild; 1 more influence marker placed, in Edinburgh")
    # "In Aalborg, Sarah sells four goods for one action point. ... and therefore receives 10 coins
    # and an influence marker in her active supply."
    assert line("Selling goods").startswith("Selling goods (the city's demand, left to right): 4 goods: 10 coins, "
                                            "1 influence; ")
    # "... and you may perform the placing influence marker action once": what that placing costs
    # (the card's action has a price) the rulebook does not say.
    assert line("Selling goods").endswith("; a sale's markers are placed in that city at no cost but a "
                                          "subsidiary's 5 coins (chosen)")
    # "Eric spends the last action point in Hamburg to increase production of fish for five coins."
    assert line("+1 fish production (5 coins): 1 AP") == "+1 fish production (5 coins): 1 AP"
    # "Eric pays nine coins to place two influence markers in Hamburg for two action points."
    assert line("Place 2 influence markers (9 coins): 2 AP") == "Place 2 influence markers (9 coins): 2 AP"
    # Option 1: "one influence marker in Edinburgh, one influence marker in Köln, ...": the markers
    # are the rulebook's, the buildings of the spare colour the project's.
    assert line("Setup 1: markers Edinburgh 1, Köln 1, Brügge 1, Hamburg 2, Aalborg 1, Stavanger 1, Visby 1, "
                "Malmö 2, Memel 1, Riga 1; buildings (strength) (chosen): ")
    # "If Sarah performs the buying goods action for one action point in Aalborg, she receives 1x
    # wheat and one coin. ... fish and wood ... three influence markers ... and an additional coin"
    assert line("Sector 0:") == "Sector 0: wheat, 1 coin | fish, wood, 1 crate | 1 coin, 3 influence"
    assert "(chosen, except what the rulebook gives: Sarah in the purple zone" in line("Sector 2:")
    assert line("Sector 1:").endswith(": stone | wheat, tools | spices, wheat OR stone, beer, 1 crate (chosen)")


async def test_every_resource_wheel_is_on_the_board_and_the_own_one_in_the_panel_between_turns(simcord_env,
                                                                                             monkeypatch):
    """rulebook: "The resource wheel on your player board shows, which goods you can buy" and "Whenever
    you have turned your resource wheel five times, a bonus is activated": player boards lie open."""
    from tests.bot.driver import fix_deal

    fix_deal(monkeypatch, 5)
    table = await open_table(simcord_env, "aelderman", ["ada", "bo"])
    await start(table)
    state = await play_until(table, heuristic_players("aelderman", 2),
                             lambda s: s.phase == "trade" and s.period == 1 and s.turn is not None and not s.pending,
                             "the second period")
    view = SPEC.view(state, None)
    fields = [f.value for f in (await board_message(table)).embeds[0].fields if " — in " in f.name]
    for player, field in zip(view.players, fields, strict=True):
        turns = player.wheel.turns_to_bonus
        assert f"Resource wheel at {player.wheel.rotation}, the free marker in {turns} turn" in field
    waiting = await table.actor_of_seat(1 - state.turn.seat)
    panel = (await waiting.click(await board_message(table), label="My hand")).response.message
    assert any(f.name.startswith("Buying goods now, by zone") for f in panel.embeds[0].fields)


async def test_the_sea_maps_legend_leaves_out_what_its_font_cannot_draw(simcord_env, fixed_seed):
    """A player named with an emoji: the picture's legend shows the rest of the name, not an empty
    box; the board's text names them in full."""
    def legend(png: bytes) -> bytes:
        image = Image.open(io.BytesIO(png)).convert("RGB")
        return image.crop((0, sea_map.MAP_HEIGHT, sea_map.WIDTH, sea_map.HEIGHT)).tobytes()

    shown = {}
    for names in (["🐉 Drache", "bo"], ["Drache", "bo"]):
        table = await open_table(simcord_env, "aelderman", names)
        await start(table)
        shown[names[0]] = legend(await board_png(simcord_env, table))
        assert names[0] in text_of(await board_message(table))
    assert shown["🐉 Drache"] == shown["Drache"]


@pytest.mark.slow  # plays on to the first building
async def test_the_board_shows_the_building_tiles_left_and_the_improvement_pile(simcord_env, fixed_seed):
    """Rulebook: "The number of buildings of each type is limited", and the tiles lie beside the
    board; the improvements form "a face-down pile". The board counts both for everyone: the tiles
    left of each kind built so far, and (main version) the pile beside the other two."""
    table = await open_table(simcord_env, "aelderman", ["ada", "bo"], options="version=main,setup=1")
    await start(table)
    state = await table.state()
    assert f"Improvement pile: {len(state.improvement_pile)}" in text_of(await board_message(table))
    assert "Building tiles left" not in text_of(await board_message(table))
    state = await play_until(table, heuristic_players("aelderman", 2), lambda s: s.built, "a first building")
    said = text_of(await board_message(table))
    for name, count in state.built.items():
        assert f"{name} {D.BUILDINGS[name].stock - count} of {D.BUILDINGS[name].stock}" in said, said
    assert "(the other kinds: all)" in said and f"Improvement pile: {len(state.improvement_pile)}" in said, said


async def test_a_player_about_to_sail_sees_what_the_next_cities_buy(simcord_env, monkeypatch):
    """"On each action card that allows selling goods, the resources that can be sold are indicated
    below" and "You must always fulfill the demand from left to right": printed face up on the map,
    so the panel of a player on turn lists them for the cities next to the ship, before it sails."""
    from tests.bot.driver import fix_deal

    fix_deal(monkeypatch, 7)
    table = await open_table(simcord_env, "aelderman", ["ada", "bo"])
    await start(table)

    def selling_next_door(s) -> bool:
        return (s.phase == "trade" and s.turn is not None and not s.turn.moved
                and any(D.ACTION_CARDS[s.cards[c]].demand for c in D.NEIGHBOURS[s.turn.visit.city]))

    state = await play_until(table, heuristic_players("aelderman", 2), selling_next_door, "a turn by selling cities")
    seat = state.turn.seat
    actor = await table.actor_of_seat(seat)
    panel = await panel_message(table, actor, next(s for s in await table.seats() if s.seat == seat))
    field = next(f for f in panel.embeds[0].fields if f.name.startswith("What the cities next to you buy"))
    selling = [city for city in sorted(D.NEIGHBOURS[state.turn.visit.city]) if D.ACTION_CARDS[state.cards[city]].demand]
    for city in selling:
        demand = ", ".join(D.ACTION_CARDS[state.cards[city]].demand)
        assert f"**{city}**" in field.value and demand in field.value, (city, demand, field.value)
