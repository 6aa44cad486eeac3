"""Aelderman main version through the bot: what an improvement used for its event did is in the
game log (as a card action's purchase is), and turning the wheel in Lübeck onto its bonus warns that
the free marker is lost there, as ending the turn there does."""

from __future__ import annotations

import pytest

from games import registry
from games.aelderman.state import Pending, Visit
from play.results import seat_choices
from tests.bot.driver import (board_message, choose, fix_deal, heuristic_players, labels, open_table, play_until,
                              start, text_of)

SPEC = registry.get("aelderman")


async def my_hand(table, seat):
    actor = await table.actor_of_seat(seat)
    return actor, (await actor.click(await board_message(table), label="My hand")).response.message


async def sea_turn(env, monkeypatch):
    fix_deal(monkeypatch, 5)
    table = await open_table(env, "aelderman", ["ada", "bo"], options="version=main")
    await start(table)
    state = await play_until(table, heuristic_players("aelderman", 2),
                             lambda s: s.phase == "trade" and s.turn is not None and not s.pending
                             and not s.turn.moved, "a sea turn")
    return table, state, state.turn.seat


@pytest.mark.parametrize("number,said", [
    # "507: ... you may use the improvement to pay four coins to get another token spices."
    (507, "pays 4 coins for 1 spices (improvement 507)."),
    # "508: ... pay four coins to get another token pelt."
    (508, "pays 4 coins for 1 pelt (improvement 508)."),
    # "510: Whenever you sell exactly six goods, you may use the improvement to exchange 5 coins for 3 council votes."
    (510, "pays 5 coins for 3 council votes (improvement 510)."),
])
async def test_the_log_says_what_an_improvement_bought(simcord_env, monkeypatch, number, said):
    table, state, seat = await sea_turn(simcord_env, monkeypatch)
    player = state.players[seat]
    player.improvements, player.activated, player.coins = [number], [False], 20
    state.pending.append(Pending(kind="improvement", seat=seat, data={"number": number}))
    await table.put_state(state)
    actor, panel = await my_hand(table, seat)
    choices = seat_choices(SPEC, state, seat)
    await choose(actor, panel, choices.index(next(a for a in choices if a.kind == "activate")))
    assert (await table.state()).players[seat].coins < 20
    name = next(s.display_name for s in await table.seats() if s.seat == seat)
    assert f"{name} {said}" in text_of(await board_message(table))


async def test_wheel_steps_onto_the_bonus_in_lubeck_warn_that_the_free_marker_is_lost(simcord_env, monkeypatch):
    """"Placing influence markers is not possible in Lübeck, Levantehandel or Fernosthandel. So, make
    sure you don't end your turn at these locations if you would get the bonus"."""
    table, state, seat = await sea_turn(simcord_env, monkeypatch)
    player = state.players[seat]
    player.location, state.turn.start, state.turn.visit, state.turn.moved = "Lübeck", "Malmö", Visit(city="Lübeck"), True
    player.wheel_turns = 4  # one more step gives the bonus
    state.pending.append(Pending(kind="wheel_steps", seat=seat))
    await table.put_state(state)
    _, panel = await my_hand(table, seat)
    steps = [label for label in labels(panel) if label.startswith("Turn the wheel")]
    assert steps == ["Turn the wheel 1 step (the wheel's free marker is lost here)",
                     "Turn the wheel 2 steps (the wheel's free marker is lost here)"], labels(panel)

    player.wheel_turns = 2  # three steps to the bonus: neither choice reaches it
    await table.put_state(state)
    _, panel = await my_hand(table, seat)
    assert [label for label in labels(panel) if label.startswith("Turn the wheel")] == [
        "Turn the wheel 1 step", "Turn the wheel 2 steps"]
