"""Clicks that reach the bot at the same moment: a player's double click, everyone who must act
choosing at once, other players pressing anything they see meanwhile, take-backs pressed amid
the others' moves, and restarts. Every click is answered, nothing is logged as an exception (see
conftest.py), a double click makes one move (the second waits for the first, then is told the
panel is out of date), after every step each player's newest DM panel is their current one, the
game plays to its end, and its exported record verifies (every action replays to the same game).
Seeded: a failure replays the same."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from bot import create_bot
from play import record
from play.moves import OUT_OF_DATE
from play.results import panel_token, seat_choices
from bot.ui.requests import custom_ids
from tests.bot.driver import (board_message, buttons, choice_target, choose, clicker, fix_deal, heuristic_players,
                              open_table, play_to_the_end, start, table_control)
from tests.reliability.forge import forge_component
from tests.reliability.test_random_clicks import offering_panel

STEPS = 150


async def choices_now(rng: random.Random, table: Any, policy: Any) -> list[Any]:
    """The heuristic's choice of everyone who must act, each sent once or (a double click) twice."""
    row = await table.row()
    spec, state = table.bot.service.spec(row), table.bot.service.state(row)
    clicks = []
    for seat in await table.seats():
        if seat.user_id is None or seat.forfeited or seat.away or seat.seat not in spec.to_act(state):
            continue
        actor = next(p for p in table.players if p.id == seat.user_id)
        index = seat_choices(spec, state, seat.seat).index(policy(state, seat.seat))
        panel = await offering_panel(table, actor, index)  # their DM panel, as most players click
        how, custom_id = choice_target(panel, index)
        for _ in range(2 if rng.random() < 0.4 else 1):
            clicks.append(forge_component(clicker(actor, panel), panel, custom_id,
                                          None if how == "click" else [str(index)], forged=False))
    return clicks


def any_press(rng: random.Random, table: Any, actor: Any, prefix: str = "") -> Any:
    """`actor` presses a random enabled control (whose custom_id starts with `prefix`) of the
    thread's or their DMs' latest messages; None when there is none."""
    seen = table.thread.history()[-6:] + (actor.user.dm_channel.history()[-6:] if actor.user.dm_channel else [])
    controls = [(m, c) for m in seen for c in buttons(m) if (getattr(c, "custom_id", None) or "").startswith(prefix)
                and getattr(c, "custom_id", None) and not getattr(c, "disabled", False)]
    if not controls:
        return None
    message, control = rng.choice(controls)
    values = [rng.choice(control.options).value] if getattr(control, "options", None) else None
    return forge_component(clicker(actor, message), message, control.custom_id, values, forged=False)


async def panels_current(table: Any) -> None:
    """Everyone who must act and takes DMs has, as their newest DM with the table's controls, the
    panel of their current decision (a click that crossed a panel or notice on its way made the
    one sent out of date: it must not be left as their panel)."""
    row = await table.row()
    if row.status != "running":
        return
    spec, state = table.bot.service.spec(row), table.bot.service.state(row)
    for seat in await table.seats():
        if seat.user_id is None or seat.away or seat.forfeited or seat.dm_ok is False \
                or seat.seat not in spec.to_act(state):
            continue
        actor = next(p for p in table.players if p.id == seat.user_id)
        panels = [m for m in actor.user.dm_channel.history()
                  if any(table_control(c, table.table_id) for c in buttons(m))]
        token = f":{panel_token(row, row.prompts[seat.seat][0])}:"
        assert panels and token in str(custom_ids(panels[-1])), \
            f"{actor.user.name}'s newest panel is out of date at version {row.version}: {panels[-1].content[:80]}"


async def all_answered(clicks: list[Any]) -> list[str]:
    """Sends `clicks` together; what each was told privately."""
    told = []
    for result in await asyncio.gather(*clicks):
        assert result.acknowledged, "a click was not answered"
        if result.response is not None and result.response.ephemeral:
            told.append(result.response.content or "")
    return told


@pytest.mark.slow
@pytest.mark.parametrize("game, names, options, seed", [
    ("augsburg1520", ["ada", "bo", "cy"], None, 0),  # a click crossing a last-to-choose notice
    ("baumeister", ["ada", "bo", "cy"], None, 2),
    ("aelderman", ["ada", "bo"], "version=main", 3),
    ("aelderman", ["ada", "bo", "cy"], None, 4),
])
async def test_clicks_at_once_leave_one_move_each_and_a_record_that_verifies(simcord_env, settings, monkeypatch,
                                                                             game, names, options, seed):
    fix_deal(monkeypatch, seed)
    rng = random.Random(seed)
    table = await open_table(simcord_env, game, names, options=options)
    await start(table)
    policy = heuristic_players(game, len(names))
    told: list[str] = []
    for _ in range(STEPS):
        if (await table.row()).status != "running":
            break
        clicks = await choices_now(rng, table, policy)
        for actor in rng.sample(table.players, rng.randint(0, 2)):
            clicks.append(any_press(rng, table, actor))
        if rng.random() < 0.15:
            clicks.append(any_press(rng, table, rng.choice(table.players), prefix="undo:"))
        rng.shuffle(clicks)
        told += await all_answered([click for click in clicks if click is not None])
        await panels_current(table)
        if rng.random() < 0.03:
            await simcord_env.restart_bot(create_bot(settings))
    for _ in range(3000):
        if not (clicks := await choices_now(rng, table, policy)):
            break
        told += await all_answered(clicks)
    assert (await table.row()).status == "finished"
    assert any(OUT_OF_DATE in text for text in told)  # double clicks did reach the bot together
    # ... and waited for each other (the table's lock): none found its move overtaken while it was made.
    assert not [text for text in told if "Someone else moved at the same moment" in text]
    exported = await table.players[1].slash(table.thread, "table export")
    (attachment,) = exported.response.attachments
    data = json.loads(simcord_env.backend.cdn.get(attachment.url))
    assert data["table"] == table.table_id and record.verify(data) == []


@pytest.mark.slow  # over half a second
async def test_a_choice_made_on_the_out_of_date_answer_keeps_the_real_dm_panel(simcord_env, monkeypatch, caplog):
    """README: "a double click makes one move (the second is told the panel is out of date)", with the
    current panel in its answer. Choosing on that answer (an ephemeral message in the DM, which
    nobody can edit later) leaves the DM panel itself the seat's panel: the bot never tries to edit
    the answer afterwards, and no other DM of the player keeps choices."""
    fix_deal(monkeypatch, 1)
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    ada = table.players[0]
    policy = heuristic_players("augsburg1520", 2)
    seat = await table.seat_of(ada)

    async def index_now() -> int:
        row = await table.row()
        spec, state = table.bot.service.spec(row), table.bot.service.state(row)
        return seat_choices(spec, state, seat).index(policy(state, seat))

    panel = ada.user.dm_channel.history()[-1]
    how, custom_id = choice_target(panel, await index_now())
    values = None if how == "click" else [str(await index_now())]
    clicks = await asyncio.gather(*(forge_component(ada.user, panel, custom_id, values, forged=False)
                                    for _ in range(2)))
    answer = next(c.response for c in clicks if "out of date" in (c.response.content or ""))
    assert answer.ephemeral and any(table_control(c, table.table_id) for c in buttons(answer.message))
    version = (await table.row()).version
    await choose(ada, answer.message, await index_now())
    assert (await table.row()).version == version + 1
    noted = table.bot.service.dm_panel_noted(table.table_id, next(s for s in await table.seats() if s.seat == seat))
    assert noted.dm_message_id == panel.id  # the DM panel itself, not the answer
    live = [m.id for m in ada.user.dm_channel.history() if any(table_control(c, table.table_id) for c in buttons(m))]
    assert set(live) <= {panel.id}, "no DM with choices but the seat's panel" 
    await play_to_the_end(table, policy)
    assert not [r.getMessage() for r in caplog.records if "404" in r.getMessage()]


async def test_an_old_dm_panel_that_kept_its_controls_loses_them_when_pressed(simcord_env, monkeypatch):
    """Discord refuses (once) the edit that takes the controls off ada's DM panel after she chose from
    **My hand**: that panel still offers choices. Pressed, it is refused as out of date with her
    current panel, and loses its controls, so it cannot be pressed in vain again."""
    fix_deal(monkeypatch, 1)
    env = simcord_env
    table = await open_table(env, "augsburg1520", ["ada", "bo"])
    await start(table)
    ada = table.players[0]
    policy = heuristic_players("augsburg1520", 2)
    seat = await table.seat_of(ada)
    old = ada.user.dm_channel.history()[-1]
    env.inject_error("PATCH", f"/channels/{ada.user.dm_channel.id}/messages/{old.id}", status=500, times=1)
    hand = (await ada.click(await board_message(table), label="My hand")).response.message
    row = await table.row()
    spec, state = table.bot.service.spec(row), table.bot.service.state(row)
    await choose(ada, hand, seat_choices(spec, state, seat).index(policy(state, seat)))
    assert not env.backend.faults, "the edit was refused"

    def offers(message) -> bool:
        shown = next(m for m in ada.user.dm_channel.history() if m.id == message.id)
        return any(table_control(c, table.table_id) for c in buttons(shown))

    assert offers(old)
    control = next(c for c in buttons(old) if table_control(c, table.table_id))
    values = [control.options[0].value] if getattr(control, "options", None) else None
    pressed = await forge_component(ada.user, old, control.custom_id, values, forged=False)
    told = pressed.followups[-1] if pressed.followups else pressed.response
    assert "out of date" in told.content and told.ephemeral
    assert not offers(old)
    assert (await table.row()).version == row.version + 1
