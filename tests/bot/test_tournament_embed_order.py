"""A tournament embed's edits come one at a time, each showing the tournament as it is by then: an
edit that reaches Discord late (a slow or retried request) never covers a newer one. Without that,
a registration's late edit could leave a started tournament showing "Registration is open" with
**Register** and **Start** until its next change."""

from __future__ import annotations

import asyncio

from tests.bot.driver import labels, text_of
from tests.bot.tournament_driver import create, new_event, tournament_message
from tests.reliability.forge import forge_component


def first_edit_held(env, message_id: int, release: asyncio.Event) -> list[int]:
    """Hold the first edit of `message_id` on its way to Discord until `release` is set; returns
    the list that counts the edits sent."""
    http, request, seen = env.bot.http, env.bot.http.request, []

    async def held(route, **kwargs):
        if route.method == "PATCH" and str(message_id) in route.url:
            seen.append(1)
            if len(seen) == 1:
                await env.external_wait(release.wait(), reason="the first edit reaches Discord late")
        return await request(route, **kwargs)

    http.request = held
    return seen


def custom_id(message, label: str) -> str:
    return next(c.custom_id for row in message.components for c in row.children if c.label == label)


async def test_a_late_registration_edit_does_not_reopen_a_started_tournament_s_embed(simcord_env):
    event = new_event(simcord_env, 4)
    tid = await create(event, rounds=1, game="augsburg1520", table_size=2)
    for player in event.players[:3]:
        await player.click(tournament_message(event, tid), label="Register")
    embed = tournament_message(event, tid)
    release = asyncio.Event()
    seen = first_edit_held(simcord_env, embed.id, release)
    registering = asyncio.ensure_future(forge_component(event.players[3], embed, custom_id(embed, "Register"),
                                                        forged=False))
    for _ in range(200):  # until its edit is on its way (and held)
        if seen:
            break
        await asyncio.sleep(0)
    starting = asyncio.ensure_future(forge_component(event.organiser, embed, custom_id(embed, "Start"), forged=False))
    for _ in range(20_000):  # the start goes through meanwhile (its own edit too, unless it must wait)
        if starting.done() or len(seen) > 1:
            break
        await asyncio.sleep(0)
    release.set()  # the registration's edit reaches Discord after the start was stored
    await asyncio.wait({registering, starting}, timeout=10)
    assert registering.done() and starting.done()
    assert (await simcord_env.bot.store.tournaments.get(tid)).status == "running"
    shown = next(m for m in event.channel.history() if m.id == embed.id)
    assert "Register" not in labels(shown) and "Start" not in labels(shown), (labels(shown), text_of(shown))
    assert all(p.user.name in text_of(shown) for p in event.players), text_of(shown)
