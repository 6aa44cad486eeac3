"""Mathias Mulich's mission, as a player meets it in Discord: "celebrate a small feast (mark that you
celebrated a feast by placing one of your influence markers from your general supply on the icon
on your mission card)". The feast chosen on the panel takes the second marker from the general
supply, and only the player's own panel says so: the mission stays secret."""

from __future__ import annotations

from games import registry
from games.aelderman import data as D
from games.aelderman.actions import Feast
from games.aelderman.state import Visit
from play.results import seat_choices
from tests.bot.driver import board_message, choose
from tests.bot.test_aelderman_build_menu import at_a_sea_turn

SPEC = registry.get("aelderman")


async def test_mulichs_small_feast_is_marked_on_his_mission_card_and_told_to_him_alone(simcord_env, monkeypatch):
    table, state = await at_a_sea_turn(simcord_env, monkeypatch)
    seat = state.turn.seat
    player = state.players[seat]
    player.mission = D.FEAST_MARK_MISSION
    player.goods.update(D.ROUNDS[state.round].small_feast[0])
    player.location = "Lübeck"
    state.turn.moved, state.turn.visit = True, Visit(city="Lübeck")
    await table.put_state(state)
    general = player.general
    actor = await table.actor_of_seat(seat)
    other = next(p for p in table.players if p.id != actor.id)
    panel = (await actor.click(await board_message(table), label="My hand")).response.message
    answered = await choose(actor, panel, seat_choices(SPEC, state, seat).index(Feast(size="small")))
    after = (await table.state()).players[seat]
    assert after.mission_markers == 1 and after.small_feasts == 1
    assert after.general == general - 2 - D.ROUNDS[state.round].small_feast[1]  # the indicator's, the card's
    mark = "marks the small feast on the mission card"
    own = answered.response.message  # their DM panel, answered in place: their latest lines
    assert mark in own.content, own.content
    board = await board_message(table)
    public = [m.content for m in table.thread.history()] + [str(e.to_dict()) for e in board.embeds]
    assert "celebrates a small feast" in str(public) and mark not in str(public)
    # Nor does the count of the general supply tell: the board shows one marker fewer, as for any feast.
    name = table.players[[p.id for p in table.players].index(actor.id)].user.name
    field = next(f.value for f in board.embeds[0].fields if f" {name} " in f.name and "general supply" in f.value)
    assert f"· {general - 1 - D.ROUNDS[state.round].small_feast[1]} in the general supply" in field, field
    assert not any(mark in (m.content or "") for m in other.user.dm_channel.history())
