"""What the main version's build menu tells a player of a building: its strength, which is its
operating costs each production phase and its weight in the majorities."""

from __future__ import annotations

from games import registry
from games.aelderman import data as D
from games.aelderman.state import Visit
from tests.bot.driver import (board_message, buttons, fix_deal, heuristic_players, labels, open_table,
                              play_until, start)



async def at_a_sea_turn(env, monkeypatch, options: str | None = None):
    """A 2-player game of a fixed deal, played until someone's sea turn with two action points left:
    (the table, its state)."""
    fix_deal(monkeypatch, 11)
    table = await open_table(env, "aelderman", ["ada", "bo"], options=options)
    await start(table)
    state = await play_until(table, heuristic_players("aelderman", 2),
                             lambda s: s.phase == "trade" and s.turn is not None and not s.pending
                             and s.turn.base_left >= 2, "a sea turn")
    return table, state


async def in_lubeck_with_a_free_property(env, monkeypatch):
    """A 2-player main game: the player on turn has just sailed into Lübeck with a free property,
    goods for any building and coins."""
    table, state = await at_a_sea_turn(env, monkeypatch, "version=main")
    seat = state.turn.seat
    player = state.players[seat]
    site = next(s for s, owner in enumerate(state.site_owner) if owner < 0)
    state.site_owner[site] = seat
    player.lots.append(site)
    player.property += 1
    player.property_supply -= 1
    player.goods.update(wood=5, stone=3, tools=1, glass=1)
    player.coins = 40
    player.location = "Lübeck"
    state.turn.moved, state.turn.visit = True, Visit(city="Lübeck")
    await table.put_state(state)
    actor = await table.actor_of_seat(seat)
    panel = (await actor.click(await board_message(table), label="My hand")).response.message
    return table, actor, panel


async def test_the_build_menu_tells_each_buildings_strength_and_operating_costs(simcord_env, monkeypatch):
    """rulebook: "All buildings are assigned either to strength I or II ... For each building, you
    have to pay operating costs equal to their strength during the production phase. The strength
    of the buildings is also essential for the final scoring in the main version." Council orders
    ("Min. 3 buildings of strength I"), Council Hall cards ("Strength II buildings cost 2 wood less")
    and the scoring card "2 council votes per building of strength II" all go by it. Yet the menu
    that constructs a building gives its price and effect only: nothing on the panel says that a
    Brewery costs 2 coins of operating costs every round and a Fountain 1."""
    table, actor, panel = await in_lubeck_with_a_free_property(simcord_env, monkeypatch)
    build = next(text for text in labels(panel) if text.startswith("Construct a building"))
    menu = (await actor.click(panel, label=build)).response.message
    options = [option for c in buttons(menu) for option in getattr(c, "options", None) or []]
    assert len(options) >= 10, [o.label for o in options]  # the goods pay for most buildings
    missing = []
    for option in options:
        name = option.label.split(" (")[0].split(":")[0]
        strength = D.BUILDINGS[name].strength
        shown = f"{option.label} {option.description or ''}".lower()
        told = (f"strength {strength}", f"strength {'i' * strength}", f"operating costs {strength}",
                f"operating cost {strength}", f"{strength} operating", f"{strength} coin{'s' * (strength > 1)} a round")
        if not any(words in shown for words in told):
            missing.append(f"{option.label} | {option.description}")
    assert not missing, "no strength or operating costs shown for:\n" + "\n".join(missing)



async def test_the_build_menu_says_how_many_tiles_are_left_and_which_are_gone(simcord_env, monkeypatch):
    """Rulebook: "The number of buildings of each type is limited." Once every Tavern tile and one
    Fountain are built, the menu that constructs a building says how many Fountain tiles are left,
    offers no Tavern any more, and its prompt names the Tavern as gone."""
    table, actor, panel = await in_lubeck_with_a_free_property(simcord_env, monkeypatch)

    state = await table.state()
    spec, seat = registry.get("aelderman"), state.turn.seat
    opened, _ = spec.apply(state, seat, {"kind": "build_menu"})
    assert "Tavern" in {a.building for a in spec.legal_actions(opened, seat) if a.kind == "build"}  # affordable
    state.built["Tavern"], state.built["Fountain"] = D.BUILDINGS["Tavern"].stock, 1
    await table.put_state(state)
    panel = (await actor.click(await board_message(table), label="My hand")).response.message
    build = next(text for text in labels(panel) if text.startswith("Construct a building"))
    menu = (await actor.click(panel, label=build)).response.message
    options = {o.label.split(" (")[0]: o for c in buttons(menu) for o in getattr(c, "options", None) or []}
    assert "Tavern" not in options, ", ".join(sorted(options))
    left = D.BUILDINGS["Fountain"].stock - 1
    assert options["Fountain"].description.startswith(f"{left} tile{'s' * (left != 1)} left. ")
    assert "No tile is left of: Tavern." in "\n".join([menu.content or "", *(e.description or "" for e in menu.embeds)])
