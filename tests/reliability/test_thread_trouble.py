"""A game played through moderation and Discord trouble: the thread locked and unlocked, the bot's
Send Messages in Threads taken away and given back, Discord failing the thread and the DMs for a
while, players closing and opening their DMs, bot restarts, time moved on (the retries of what was
refused fall due), `/table hand|log|undo` and random clicks, mixed with the players' moves. Every
interaction is answered and no exception is logged (see conftest.py); once the trouble is over, the
game plays to its end and the thread, read in order, has every public line of the game (README:
"a board ... that Discord refuses altogether is shown again"; the lines of an action taken back
stay in the thread, and the bot's own lines are not in the record). Seeded: a failure replays the
same."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot import create_bot
from tests.bot.driver import fix_deal, heuristic_players, open_table, start
from tests.bot.moderation import log_gap
from tests.reliability.test_random_clicks import legitimate_move, random_click

STEPS = 200
# (seed, game, players, options, computer seats): the seeds of runs that once lost lines among others.
CASES = [(11, "aelderman", ["ada", "bo", "cy"], None, 0), (29, "baumeister", ["ada", "bo", "cy"], None, 0),
         (57, "baumeister", ["ada", "bo", "cy"], None, 0), (153, "baumeister", ["ada", "bo", "cy"], None, 0),
         (200, "augsburg1520", ["ada", "bo", "cy"], None, 0), (35, "augsburg1520", ["ada", "bo"], None, 2),
         (38, "aelderman", ["ada", "bo"], "version=main", 1), (41, "baumeister", ["ada", "bo"], None, 1)]


class Trouble:
    """Faults switched on and off at random, and all cleared at the end."""

    def __init__(self, env: Any, table: Any) -> None:
        self.env, self.table, self.on = env, table, {}

    def toggle(self, name: str, faults: list[tuple[str, str, int, int]]) -> None:
        if name in self.on:
            for fault in self.on.pop(name):
                if fault in self.env.backend.faults:
                    self.env.backend.faults.remove(fault)
            return
        for method, path, status, code in faults:
            self.env.inject_error(method, path, status=status, code=code, times=None)
        self.on[name] = self.env.backend.faults[-len(faults):] if faults else []

    def dms(self, player: Any) -> None:
        """The player closes (or opens again) their DMs."""
        if player.user.dm_channel is not None:
            self.toggle(f"dms of {player.id}",
                        [("POST", f"/channels/{player.user.dm_channel.id}/messages", 403, 50007)])

    def lock(self) -> None:
        """A moderator locks (or unlocks) the thread: Discord refuses posts in it as archived."""
        self.toggle("lock", [("POST", f"/channels/{self.table.thread.id}/messages*", 400, 50083)])

    def outage(self) -> None:
        """Discord fails (or works again for) the thread's posts and edits and every DM."""
        thread = self.table.thread.id
        faults = [("PATCH", f"/channels/{thread}/messages/*", 500, 0), ("POST", f"/channels/{thread}/messages", 500, 0)]
        faults += [("POST", f"/channels/{p.user.dm_channel.id}/messages", 500, 0)
                   for p in self.table.players if p.user.dm_channel is not None]
        self.toggle("outage", faults)

    async def permission(self) -> None:
        """An admin takes the bot's Send Messages in Threads away (or gives it back)."""
        channel = self.env.bot.get_channel(self.table.channel.id)
        if self.on.pop("permission", None) is not None:
            await channel.set_permissions(self.env.bot.user, overwrite=None)
        else:
            self.on["permission"] = []
            await channel.set_permissions(self.env.bot.user, send_messages_in_threads=False)

    async def clear(self) -> None:
        if "permission" in self.on:
            await self.permission()
        for name in list(self.on):
            self.toggle(name, [])


async def trouble_step(rng: random.Random, env: Any, settings: Any, table: Any, policy: Any, trouble: Trouble,
                       answers: dict[int, list[Any]]) -> None:
    roll, actor = rng.random(), rng.choice(table.players)
    if roll < 0.45:
        await legitimate_move(table, policy)
    elif roll < 0.53:
        trouble.dms(actor)
    elif roll < 0.58:
        trouble.lock()
    elif roll < 0.63:
        await trouble.permission()
    elif roll < 0.67:
        trouble.outage()
    elif roll < 0.70:
        await env.restart_bot(create_bot(settings))
    elif roll < 0.76:
        await env.advance_time(rng.choice([301, 1801, 7201]))
    elif roll < 0.82:
        command = rng.choice(["table hand", "table log", "table undo"])
        result = await actor.slash(table.thread, command)
        assert result.acknowledged and result.response.ephemeral, f"/{command} was not answered privately"
    else:
        await random_click(rng, table, actor, answers[actor.id])


async def thread_has_every_line(table: Any) -> None:
    shown, public = await log_gap(table)
    info = table.bot.presenter.info(await table.bot.service.news(table.table_id))
    notes = {info.fill(text) for _, text in await table.bot.store.tables.notes(table.table_id)}
    shown = [line for line in shown if line not in notes]  # the bot's own lines are not in the record
    rest = iter(shown)
    missing = next((line for line in public if line not in rest), None)
    assert missing is None, f"the thread misses public lines of the game, the first: {missing!r}"
    if not any("took back" in note for note in notes):  # else the thread keeps the lines taken back
        assert shown == public, "the thread shows a line twice or out of order"


@pytest.mark.slow
@pytest.mark.parametrize("seed, game, names, options, computers", CASES)
async def test_a_game_through_moderation_and_discord_trouble_keeps_every_line(simcord_env, settings, monkeypatch, seed,
                                                                             game, names, options, computers):
    env = simcord_env
    env.check_errors = False  # the refusals are this test's own doing
    rng = random.Random(seed)
    fix_deal(monkeypatch, seed)
    table = await open_table(env, game, names, options=options, computers=computers)
    await start(table)
    policy = heuristic_players(game, len(names) + computers)
    trouble, answers = Trouble(env, table), {p.id: [] for p in table.players}
    for _ in range(STEPS):
        if (await table.row()).status != "running":
            break
        await trouble_step(rng, env, settings, table, policy, trouble, answers)
    await trouble.clear()
    await env.advance_time(3 * 7201)  # the retries of what Discord refused fall due
    for _ in range(3000):
        version = (await table.row()).version
        if not await legitimate_move(table, policy):
            break
        if (await table.row()).version == version:  # the DM panel was out of date (its new one refused)
            assert await legitimate_move(table, policy, from_dms=False)
    assert (await table.row()).status == "finished"
    await env.advance_time(7201)
    await thread_has_every_line(table)
