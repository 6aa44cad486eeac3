"""Aelderman: a panel's words say only true things and offer only what its buttons and menus do
(a subsidiary, the side of an alternative trade, a storage that is full, counts, costs)."""

from __future__ import annotations

import pytest

from bot.settings import Settings
from games import registry
from games.aelderman.rules import capacity, stored
from games.aelderman.state import Visit
from tests.bot.driver import (board_message, fix_deal, heuristic_players, labels, menu_options, open_table,
                              panel_message, play_turn_by_dm, play_until, start)

SPEC = registry.get("aelderman")


@pytest.fixture
def settings(tmp_path) -> Settings:
    """Aelderman decisions are timed; a day keeps the timers out of SimCord's settle window."""
    return Settings(token="", database=tmp_path / "bot.sqlite3", decision_timeout=24 * 3600)


async def panel_of(table, seat: int):
    actor = await table.actor_of_seat(seat)
    row = next(s for s in await table.seats() if s.seat == seat)
    return await panel_message(table, actor, row)


def prompt(panel) -> str:
    """The first line of the panel embed's description: the pending decision."""
    return (panel.embeds[0].description or "").splitlines()[0]


def top(state, kind: str):
    return state.pending[-1] if state.pending and state.pending[-1].kind == kind else None


async def table_at(env, monkeypatch, seed: int, names: list[str], options: str, reached, what: str, limit=600):
    fix_deal(monkeypatch, seed)
    table = await open_table(env, "aelderman", names, options=options)
    await start(table)
    state = await play_until(table, heuristic_players("aelderman", len(names)), reached, what, limit=limit)
    return table, state


def subsidiary_not_offered(state) -> bool:
    step = top(state, "place")
    return step is not None and not any(getattr(a, "where", "") == "subsidiary"
                                        for a in SPEC.legal_actions(state, step.seat))


async def test_a_placement_without_a_possible_subsidiary_does_not_offer_one(simcord_env, monkeypatch):
    """Rulebook: "There is only one possibility to build a subsidiary in each city. To set up a
    subsidiary you need to pay five coins." Seed 1, short version, two players: ada places a marker in
    a city where she cannot found a subsidiary (no 5 coins, or the city has one); the only button is
    "Place it on the banner of ...", but the panel says "... or as its subsidiary for 5 more coins."."""
    table, state = await table_at(simcord_env, monkeypatch, 1, ["ada", "bo"], "version=short",
                                  subsidiary_not_offered, "a placement with no subsidiary possible")
    panel = await panel_of(table, top(state, "place").seat)
    assert not [text for text in labels(panel) if text.startswith("Found a subsidiary")]
    assert "or as its subsidiary" not in prompt(panel), prompt(panel)
    assert "its subsidiary is taken" in prompt(panel) or "a subsidiary would need 5 more coins" in prompt(panel)


def one_sided_trade(state) -> bool:
    step = top(state, "trade")
    return step is not None and {a.side for a in SPEC.legal_actions(state, step.seat)
                                 if a.kind == "trade"} != {"buy", "sell"}


@pytest.mark.slow
async def test_an_alternative_trade_offering_one_side_says_which(simcord_env, monkeypatch):
    """Rulebook: "you always have the option of performing an alternative trade for one action point.
    This allows you to buy or sell one good". Seed 4, short version, two players: the menu offers one
    side only (nothing to sell, or too few coins to buy), and the panel says which, not "buy or sell"."""
    table, state = await table_at(simcord_env, monkeypatch, 4, ["ada", "bo"], "version=short",
                                  one_sided_trade, "an alternative trade with one side only")
    seat = top(state, "trade").seat
    panel = await panel_of(table, seat)
    sides = {a.side for a in SPEC.legal_actions(state, seat) if a.kind == "trade"}
    shown = menu_options(panel)
    assert all(text.startswith("Sell") for text in shown) or all(text.startswith("Buy") for text in shown)
    (side,) = sides
    assert prompt(panel).startswith(f"Alternative trade: {side} (nothing can be "), prompt(panel)


def discard_with_room(state) -> bool:
    step = top(state, "discard")
    if step is None:
        return False
    player = state.players[step.seat]
    return stored(player) <= capacity(player)


@pytest.mark.slow
async def test_a_storage_with_room_is_not_called_full_nor_emptied(simcord_env, monkeypatch):
    """Rulebook: "Goods can be removed from the storage at any time to make room for new goods."
    Seed 1, main version, three players, production of round 2: production overfills ada's storage,
    then her Lighthouse takes 2 stone (11 goods, room for 12); the panel still says "Your storage is
    full (11 goods, room for 12): remove a good." and offers only "Remove 1 ..." choices: she must
    throw a good away although it fits."""
    table, state = await table_at(simcord_env, monkeypatch, 1, ["ada", "bo", "cy"], "version=main",
                                  lambda s: discard_with_room(s) or s.round >= 3,
                                  "a discard step with room in the storage, or round 3", limit=1500)
    assert state.round >= 3 and not discard_with_room(state)  # a discard step goes once the goods fit


@pytest.mark.slow
async def test_one_property_tile_left_is_singular(simcord_env, monkeypatch):
    """Seed 3, main version, three players: a player with one property tile left in supply reads
    "1 tile left", not "1 tiles left", on the panel ("Your property and buildings in Lübeck")."""
    def one_left(state):
        return any(p.property_supply == 1 for p in state.players)

    table, state = await table_at(simcord_env, monkeypatch, 3, ["ada", "bo", "cy"], "version=main", one_left,
                                  "a player with one property tile left", limit=1500)
    seat = next(s for s, p in enumerate(state.players) if p.property_supply == 1)
    panel = await panel_of(table, seat)
    field = next(f.value for f in panel.embeds[0].fields if f.name == "Your property and buildings in Lübeck")
    assert "1 tile left" in field, field


def subsidiary_offered(state) -> bool:
    step = top(state, "place")
    return step is not None and any(getattr(a, "where", "") == "subsidiary"
                                    for a in SPEC.legal_actions(state, step.seat))


async def test_the_subsidiary_button_says_it_costs_coins(simcord_env, monkeypatch):
    """Rulebook: "you have the option to establish a subsidiary for an additional payment of five
    coins". Seed 1, short version, two players: the button reads "Found a subsidiary in ... (+5 coins)",
    the notation other labels use for coins received ("Turn the wheel 1, +1 coin", "Upgrade 2 goods,
    +1 coin"); the prompt above it says "for 5 more coins"."""
    table, state = await table_at(simcord_env, monkeypatch, 1, ["ada", "bo"], "version=short",
                                  subsidiary_offered, "a placement where a subsidiary can be founded")
    panel = await panel_of(table, top(state, "place").seat)
    found = [text for text in labels(panel) if text.startswith("Found a subsidiary")]
    assert found and found[0].endswith("(5 more coins)"), found


def bidding(state) -> bool:
    return state.council is not None and state.council.stage == "bid" and not state.pending


@pytest.mark.slow
async def test_the_sealed_bid_panel_shows_the_cards_of_the_row_bid_for(simcord_env, monkeypatch):
    """Rulebook: "all players hold a secret amount of influence markers ... to bid" for a row of
    Council Hall cards: the DM panel that asks for the bid lists that row's cards."""
    table, state = await table_at(simcord_env, monkeypatch, 1, ["ada", "bo"], "version=short", bidding,
                                  "a sealed Council Hall bid")
    seat = min(SPEC.to_act(state))
    panel = await panel_of(table, seat)
    field = next(f for f in panel.embeds[0].fields if f.name == f"Council Hall row {state.council.row + 1}: its cards")
    shown = SPEC.view(state, seat).council.rows[state.council.row]
    assert [line.split(":")[0] for line in field.value.splitlines()] == [str(slot.card) for slot in shown]


def paying_a_sale(state) -> bool:
    step = top(state, "pay")
    return step is not None and not step.data.get("lux")


@pytest.mark.slow
async def test_a_sale_step_says_what_the_sale_brings(simcord_env, monkeypatch):
    """'When you sell four goods, you receive 10 coins and an influence marker in your active
    supply.' The step asking which good fills an open place says what the sale brings."""
    table, state = await table_at(simcord_env, monkeypatch, 1, ["ada", "bo"], "version=short", paying_a_sale,
                                  "an open place of a sale to fill", limit=900)
    count = top(state, "pay").data["count"]
    panel = await panel_of(table, top(state, "pay").seat)
    reward = {4: "10 coins, 1 influence", 6: "15 coins, 2 influence", 8: "20 coins, 3 council votes"}[count]
    assert f"The sale of {count} goods brings {reward}" in prompt(panel), prompt(panel)


async def test_an_improvement_that_places_a_marker_says_it_costs_the_placing_actions_coins(simcord_env, monkeypatch):
    """Rulebook: improvements 502-504 let you "spend 1 action point and perform the action placing
    influence marker", an action that costs coins. The button says so before the coins are taken."""
    fix_deal(monkeypatch, 3)
    table = await open_table(simcord_env, "aelderman", ["ada"], options="version=main")
    await start(table)
    state = await play_until(table, heuristic_players("aelderman", 1),
                             lambda s: s.phase == "trade" and s.turn is not None and not s.pending, "ada's first turn")
    player = state.players[0]
    player.improvements, player.activated, player.coins, player.location = [504], [False], 12, "Malmö"  # blue zone
    state.turn.moved, state.turn.visit = True, Visit(city="Malmö")
    await table.put_state(state)
    panel = (await table.players[0].click(await board_message(table), label="My hand")).response.message
    label = next(text for text in labels(panel) if text.startswith("Improvement 504"))
    assert label == "Improvement 504: 1 action point: place an influence marker here. Costs 5 coins."
    activate = next(a for a in SPEC.legal_actions(state, 0) if a.kind == "activate")
    assert SPEC.apply(state, 0, activate)[0].players[0].coins == 12 - 5  # what the label said


def big_sale_outside_the_zones(state) -> bool:
    from games.aelderman import data as D

    step = top(state, "sell_count")
    return (step is not None and state.players[step.seat].location not in D.CITY_ZONE
            and any(a.count >= 6 for a in SPEC.legal_actions(state, step.seat)))


@pytest.mark.slow
async def test_a_sale_where_no_marker_can_be_placed_promises_none(simcord_env, monkeypatch):
    """Rulebook: "When you sell six goods, you receive 15 coins, two influence markers in your active
    supply, and you may perform the placing influence marker action once", but "Placing influence
    markers is not possible in Lübeck, Levantehandel or Fernosthandel". Seed 12, three players: a
    sale of 6 or 8 goods in Lübeck."""
    table, state = await table_at(simcord_env, monkeypatch, 12, ["ada", "bo", "cy"], "version=short",
                                  big_sale_outside_the_zones, "a sale of 6 or 8 goods outside the zones")
    seat = top(state, "sell_count").seat
    shown = labels(await panel_of(table, seat)) + menu_options(await panel_of(table, seat))
    assert "Sell 6 goods: 15 coins, 2 influence" in shown and not [t for t in shown if "to place" in t], shown
    six = next(a for a in SPEC.legal_actions(state, seat) if a.count == 6)
    assert await play_turn_by_dm(table, lambda st, s: six)
    step = top(await table.state(), "pay")
    assert step is not None and step.seat == seat
    text = prompt(await panel_of(table, seat))
    assert "The sale of 6 goods brings 15 coins, 2 influence." in text and "marker" not in text, text


def one_sided_alt_trade_on_offer(state) -> bool:
    from games.aelderman.turn import trade_options

    if state.pending or state.turn is None:
        return False
    seat = state.turn.seat
    return (any(a.kind == "alt_trade" for a in SPEC.legal_actions(state, seat))
            and len({o.side for o in trade_options(state, seat)}) == 1)


@pytest.mark.slow
async def test_the_alternative_trade_choice_names_the_side_it_can_take(simcord_env, monkeypatch):
    """Seed 1, three players, move 11: the player on turn has nothing to sell; the choice that opens
    the alternative trade says "buy", as the trade step does, not "buy or sell"."""
    from games.aelderman.turn import trade_options

    table, state = await table_at(simcord_env, monkeypatch, 1, ["ada", "bo", "cy"], "version=short",
                                  one_sided_alt_trade_on_offer, "an alternative trade with one side possible")
    seat = state.turn.seat
    (side,) = {o.side for o in trade_options(state, seat)}
    panel = await panel_of(table, seat)
    shown = [t for t in labels(panel) + menu_options(panel) if t.startswith("Alternative trade")]
    assert shown == [f"Alternative trade: {side} 1 good (1 AP)"], shown


def choosing_124_in_row_2(state) -> bool:
    step = top(state, "take_card")
    return (step is not None and step.data.get("row") == 1
            and any(getattr(a, "card", None) == 124 for a in SPEC.legal_actions(state, step.seat)))


@pytest.mark.slow
async def test_a_second_row_card_with_a_long_text_keeps_its_bonus_in_view(simcord_env, monkeypatch):
    """Rulebook: "Some Council Hall cards have a marking at the foot of the card, which indicates an
    additional bonus that the bidder receives". Card 124's text fills its menu option's label; the
    option's second line gives the rest of it and the second-row bonus, whole."""
    from tests.bot.driver import buttons

    table, state = await table_at(simcord_env, monkeypatch, 1, ["ada", "bo", "cy"], "version=short",
                                  choosing_124_in_row_2, "a second-row choice offering card 124")
    panel = await panel_of(table, top(state, "take_card").seat)
    option = next(o for c in buttons(panel) for o in (getattr(c, "options", None) or [])
                  if o.label.startswith("Card 124"))
    assert option.label == "Card 124: The operating costs you have when you take it"
    assert option.description == "4 coins less (an unused part is lost). · Second-row bonus: 1 action point"


async def test_a_big_sale_promises_no_marker_to_a_seller_with_none_left_to_place(simcord_env, monkeypatch):
    """"These influence markers are always taken from the general supply": a seller with none left
    there is not offered "markers to place" with a sale of 6 or 8 goods."""
    from games.aelderman import data as D
    from games.aelderman.state import Pending

    fix_deal(monkeypatch, 12345)
    table = await open_table(simcord_env, "aelderman", ["ada", "bo", "cy"], options="version=main")
    await start(table)
    state = await play_until(table, heuristic_players("aelderman", 3),
                             lambda s: s.phase == "trade" and s.turn is not None and not s.pending
                             and not s.turn.moved, "a sea turn", limit=300)
    seat = state.turn.seat
    city = next(city for city, number in state.cards.items()
                if city in D.CITY_ZONE and any(name and D.SEA_ACTIONS[name].family == "sell"
                                               for row in D.ACTION_CARDS[number].rows for name in row))
    player = state.players[seat]
    player.location = city
    state.turn.moved, state.turn.visit = True, Visit(city=city, rows=[True, True], spent=2)
    player.influence, player.general = player.influence + player.general, 0
    state.pending.append(Pending(kind="sell_count", seat=seat, data={"counts": [4, 6, 8]}))
    await table.put_state(state)
    actor = await table.actor_of_seat(seat)
    panel = (await actor.click(await board_message(table), label="My hand")).response.message
    shown = labels(panel) + menu_options(panel)
    assert any(text.startswith("Sell 8 goods: 20 coins") for text in shown), shown
    assert not [text for text in shown if "to place" in text]


async def test_a_ship_without_action_points_is_offered_the_cities_it_may_still_enter(simcord_env, monkeypatch):
    """Rulebook: "If you have no remaining action points, you cannot enter Lübeck or any of your
    subsidiaries in this turn." Any other neighbour stays open: after the last action point is spent
    in Hamburg, the panel offers to sail on, but not to Lübeck nor to the player's own subsidiary."""
    table, state = await table_at(simcord_env, monkeypatch, 3, ["ada", "bo"], "version=short",
                                  lambda s: s.phase == "trade" and s.turn is not None and not s.pending,
                                  "a sea turn")
    seat = state.turn.seat
    state.players[seat].location, state.subsidiary["Köln"] = "Hamburg", seat
    state.turn.moved, state.turn.base_left = True, 0
    state.turn.visit = Visit(city="Hamburg", rows=[True, False], spent=1)
    state.players[seat].ap = 0  # no additional action points either
    await table.put_state(state)
    actor = await table.actor_of_seat(seat)
    panel = (await actor.click(await board_message(table), label="My hand")).response.message
    sails = sorted(o for o in menu_options(panel) if o.startswith("Sail to "))
    assert sails == ["Sail to Brügge", "Sail to London", "Sail to Ribe"], menu_options(panel) + labels(panel)


def acting_with_a_subsidiary(state) -> bool:
    return any(owner is not None and owner in SPEC.to_act(state) for owner in state.subsidiary.values())


def acting_with_a_subsidiary_and_markers(state) -> bool:
    """A player to act with a subsidiary and markers on banners besides."""
    return any(owner is not None and owner in SPEC.to_act(state)
               and any(owner in banner for banner in state.banners.values()) for owner in state.subsidiary.values())


async def test_the_panel_names_the_markers_on_banners_as_the_board_does(simcord_env, monkeypatch):
    """A subsidiary is listed apart ("subsidiaries: ...") on the panel as on the board, and the
    panel's "Markers on banners" names their cities as the board does (missions ask for markers in
    given cities and zones; it gave only their number)."""
    table, state = await table_at(simcord_env, monkeypatch, 1, ["ada", "bo"], "version=short",
                                  acting_with_a_subsidiary_and_markers, "a player with a subsidiary and markers to act")
    seat = next(owner for owner in state.subsidiary.values() if owner is not None and owner in SPEC.to_act(state)
                and any(owner in banner for banner in state.banners.values()))
    on_banners = sum(banner.count(seat) for banner in state.banners.values())
    panel = await panel_of(table, seat)
    own = next(line for field in panel.embeds[0].fields for line in field.value.splitlines()
               if line.startswith("Markers on banners: "))
    assert " · subsidiaries: " in own, own
    name = next(s.display_name for s in await table.seats() if s.seat == seat)
    board = next(f.value for f in (await board_message(table)).embeds[0].fields if name in f.name)
    listed = next(line for line in board.splitlines() if line.startswith("Markers on banners: "))
    assert (on_banners == 0) == listed.startswith("Markers on banners: none"), listed
    assert own == listed
