"""Embed Links taken away from the bot in a tournament's channel during a round. Standings are
embeds: Discord refuses them, or, as the message has text too, takes it without its embeds. Either
way (README) a round's standings "that Discord refuses are tried again ... until Discord takes
them", and the organiser is told by DM, naming the permission."""

from __future__ import annotations

import json
from types import SimpleNamespace

import discord
import pytest

from tests.bot.driver import Table, heuristic_players, play_to_the_end, request_cursor, shown_to
from tests.bot.test_tournament_faults import round_tables, start_tournament, titled
from tests.bot.tournament_driver import play_out

HOUR = 3600


def channel_without_embed_links(env, channel_id: int, monkeypatch, how: str) -> None:
    """Discord's answer to the bot's messages with embeds in the channel while the bot may not embed
    links there (SimCord does not check Embed Links): refused, or the embeds dropped."""
    real_send = discord.http.HTTPClient.send_message

    def without_embeds(to, params):
        payload = params.payload or {}
        channel = env.bot.get_channel(channel_id)
        if int(to) != channel_id or not payload.get("embeds") or \
                discord.abc.GuildChannel.permissions_for(channel, channel.guild.me).embed_links:
            return params
        if how == "refused" or not payload.get("content"):
            raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"),
                                    {"code": 50013, "message": "Missing Permissions"})
        payload["embeds"] = []
        return params

    async def send(http, to, *, params):
        return await real_send(http, to, params=without_embeds(to, params))

    monkeypatch.setattr(discord.http.HTTPClient, "send_message", send)


async def finish_round_one(env, event, tournament) -> None:
    """Both tables of round 1 end, the last through its players' clicks."""
    first, second = await round_tables(event, tournament, 1)
    await play_out(event.bot, first.id)
    thread = next(t for t in event.channel.threads if t.id == second.thread_id)
    seated = {s.user_id for s in await event.bot.store.tables.seats(second.id)}
    table = Table(env, event.guild, event.channel, thread, second.id, [p for p in event.players if p.id in seated])
    await play_to_the_end(table, heuristic_players("augsburg1520", 2))


@pytest.mark.slow
@pytest.mark.parametrize("how", ["refused", "dropped"])
async def test_standings_taken_without_embeds_are_posted_once_the_permission_is_back(simcord_env, monkeypatch,
                                                                                     how):
    env = simcord_env
    event, tournament, _ = await start_tournament(env, 2)
    channel_without_embed_links(env, event.channel.id, monkeypatch, how)
    await env.bot.get_channel(event.channel.id).set_permissions(env.bot.user, embed_links=False)
    mark = request_cursor(env)
    await finish_round_one(env, event, tournament)
    assert not titled(event, "standings after round 1")
    assert not any("round 1 is complete" in (m.content or "") for m in event.channel.history()), \
        "a round end without its standings, never posted again"
    told = [text for text in shown_to(env, event.organiser.id, mark) if "**Embed Links**" in text]
    assert len(told) == 1 and "I try again by myself" in told[0], told
    await env.bot.get_channel(event.channel.id).set_permissions(env.bot.user, embed_links=True)
    await env.advance_time(HOUR)
    assert len(titled(event, "standings after round 1")) == 1
    assert sum("round 1 is complete" in (m.content or "") for m in event.channel.history()) == 1
