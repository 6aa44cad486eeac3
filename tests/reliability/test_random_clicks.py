"""Players who click about: legitimate moves mixed with random real clicks and menu picks, by
random players, on anything they can see (the thread's messages, their DMs, the private answers
they were given), forms answered with junk, `/table hand|undo|log`, and bot restarts. Every
interaction is answered, nothing is logged as an exception (see conftest.py), no secret mission
shows to others, and the game still plays to its end. One table keeps the live pace, with time moved
on at random steps (deadlines pass, computers play for players away) and `/table handover` asked.
Seeded: a failure replays the same."""

from __future__ import annotations

import random
from typing import Any

import discord
import pytest

from bot import create_bot
from play.results import seat_choices
from tests.bot.driver import (board_message, buttons, choice_target, choose, clicker, fix_deal, heuristic_players,
                              open_table, start, text_of)
from tests.bot.test_pace import live_table

JUNK = ["", "0", "1", "3", "-1", "99999", "abc", " 2 ", "１", "2.5", "x" * 100]
STEPS = 120


async def legitimate_move(table: Any, policy: Any, from_dms: bool = True) -> bool:
    """One person who must act makes the heuristic's choice, on their newest DM panel that offers
    it (`from_dms`; it may be out of date), else on a fresh "My hand". False when nobody has to act."""
    row = await table.row()
    spec, state = table.bot.service.spec(row), table.bot.service.state(row)
    for seat in await table.seats():
        if seat.user_id is None or seat.forfeited or seat.away or seat.seat not in spec.to_act(state):
            continue
        actor = next(p for p in table.players if p.id == seat.user_id)
        index = seat_choices(spec, state, seat.seat).index(policy(state, seat.seat))
        panel = await offering_panel(table, actor, index, from_dms)
        result = await choose(actor, panel, index)
        assert result.acknowledged, "a legitimate choice was not answered"
        return True
    return False


async def offering_panel(table: Any, actor: Any, index: int, from_dms: bool = True) -> discord.Message:
    dms = actor.user.dm_channel.history()[-3:] if actor.user.dm_channel is not None and from_dms else []
    for message in reversed(dms):
        try:
            choice_target(message, index)
        except AssertionError:
            continue
        if f"table #{table.table_id}" in message.content:
            return message
    hand = await actor.click(await board_message(table), label="My hand")
    return hand.response.message


async def random_click(rng: random.Random, table: Any, actor: Any, answers: list[discord.Message]) -> None:
    """`actor` clicks a random enabled component (or picks random options) on a random message of
    the thread, their DMs or their private answers; a form it opens is answered with junk."""
    seen = table.thread.history()[-6:] + (actor.user.dm_channel.history()[-6:] if actor.user.dm_channel else [])
    seen += answers[-3:]
    choices = [(m, c) for m in seen for c in buttons(m)
               if getattr(c, "custom_id", None) and not getattr(c, "disabled", False)]
    if not choices:
        return
    message, component = rng.choice(choices)
    result = await press(rng, clicker(actor, message), message, component)
    if result is None:
        return
    if result.response is not None and result.response.ephemeral and result.response.message.components:
        answers.append(result.response.message)


async def press(rng: random.Random, who: Any, message: discord.Message, component: Any) -> Any:
    """`who` clicks `component` (or picks random options of it); a form it opens is answered with
    junk. Every interaction must be answered. None: the component is gone (a later edit removed
    it, so no real user could press it)."""
    try:
        if getattr(component, "options", None):
            count = rng.randint(max(1, component.min_values or 1),
                                max(1, min(component.max_values or 1, len(component.options))))
            values = [option.value for option in rng.sample(component.options, count)]
            result = await who.select(message, values, custom_id=component.custom_id)
        else:
            result = await who.click(message, custom_id=component.custom_id)
    except Exception as exc:
        if type(exc).__name__ == "SetupError":
            return None
        raise
    assert result.acknowledged, f"{component.custom_id} was not answered"
    if result.modal:
        fields = {c["custom_id"]: rng.choice(JUNK) for row in result.modal.get("components", [])
                  for c in row.get("components", []) if c.get("custom_id")}
        assert (await who.submit_modal(result, fields)).acknowledged, "a form was not answered"
    return result


async def missions_kept_secret(table: Any, answers: dict[int, list[discord.Message]]) -> None:
    """Aelderman's short version, where "each player pursues a secret mission" (README, Game
    options): while the game runs, no message the thread or another player sees names one."""
    row = await table.row()
    if row.game != "aelderman" or row.status != "running":
        return
    spec, state = table.bot.service.spec(row), table.bot.service.state(row)
    for seat in await table.seats():
        mission = spec.view(state, seat.seat).players[seat.seat].mission_name
        if mission is None:
            continue
        assert all(mission not in text_of(m) for m in table.thread.history()), f"the thread names {mission}"
        for other in table.players:
            if other.id == seat.user_id:
                continue
            seen = (other.user.dm_channel.history() if other.user.dm_channel else []) + answers[other.id]
            assert all(mission not in text_of(m) for m in seen), f"{other.user.name} is shown {mission}"


@pytest.mark.slow
@pytest.mark.parametrize("game, names, options, seed, live", [
    ("augsburg1520", ["ada", "bo", "cy"], None, 1, False),
    ("baumeister", ["ada", "bo", "cy", "di"], None, 2, False),
    ("aelderman", ["ada", "bo"], "version=main", 3, False),
    ("aelderman", ["ada", "bo", "cy"], None, 4, False),
    ("baumeister", ["ada", "bo", "cy"], None, 5, True),
])
async def test_random_clicks_and_restarts_leave_a_game_that_plays_to_its_end(simcord_env, settings, monkeypatch,
                                                                             game, names, options, seed, live):
    fix_deal(monkeypatch, seed)
    rng = random.Random(seed)
    if live:  # names as live_table seats them
        table = await live_table(simcord_env, len(names), game=game)
    else:
        table = await open_table(simcord_env, game, names, options=options)
        await start(table)
    policy = heuristic_players(game, len(names))
    answers: dict[int, list[discord.Message]] = {p.id: [] for p in table.players}
    for _ in range(STEPS):
        if (await table.row()).status != "running":
            break
        roll, actor = rng.random(), rng.choice(table.players)
        if roll < 0.5:
            await legitimate_move(table, policy)
        elif roll < 0.6:
            command = rng.choice(["table hand", "table undo", "table log"])
            result = await actor.slash(table.thread, command)
            assert result.acknowledged and result.response.ephemeral, f"/{command} was not answered privately"
            if result.response.message.components:
                answers[actor.id].append(result.response.message)
        elif roll < 0.62:
            await simcord_env.restart_bot(create_bot(settings))
        elif live and roll < 0.68:
            await simcord_env.advance_time(rng.choice([120, 400, 700, 1000]))  # a decision has 900 s
        elif live and roll < 0.7:
            result = await actor.slash(table.thread, "table handover", player=rng.choice(table.players))
            assert result.acknowledged, "/table handover was not answered"
        else:
            await random_click(rng, table, actor, answers[actor.id])
    await missions_kept_secret(table, answers)
    for _ in range(3000):
        if not await legitimate_move(table, policy):
            break
    assert (await table.row()).status == "finished"
