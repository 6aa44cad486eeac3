"""Embed Links taken away from the bot in a running table's channel. A board is made of embeds:
Discord refuses it (403) or, when the message has text too, takes it without its embeds. Either
way the move is stored, the player who moved is told once, naming **Embed Links**, the log says
the same, and the board catches up once the permission is given back."""

from __future__ import annotations

import json
import logging
from types import SimpleNamespace

import discord
import pytest

from tests.bot.driver import play_turn_by_dm, request_cursor, shown_to
from tests.bot.moderation import running
from tests.bot.test_board_refused import augsburg_table, play_to, public_log, thread_log

TOLD = "I am missing the permission **Embed Links**"


def discord_without_embed_links(env, table, monkeypatch, how: str) -> list[str]:
    """Discord's answer to the bot's messages with embeds in the table's thread while the bot may
    not embed links there (SimCord does not check Embed Links): refused, or the embeds dropped."""
    real_send, real_edit = discord.http.HTTPClient.send_message, discord.http.HTTPClient.edit_message
    refused: list[str] = []

    def without_embeds(channel_id, params):
        # A board with a picture goes as a multipart request, its JSON in the part "payload_json".
        parts = [part for part in params.multipart or [] if part.get("name") == "payload_json"]
        payload = params.payload if params.payload is not None else json.loads(parts[0]["value"]) if parts else {}
        channel = env.bot.get_channel(table.channel.id)
        if int(channel_id) != table.thread.id or not payload.get("embeds") or \
                discord.abc.GuildChannel.permissions_for(channel, channel.guild.me).embed_links:
            return params
        refused.append(how)
        if how == "refused" or not payload.get("content"):
            raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"),
                                    {"code": 50013, "message": "Missing Permissions"})
        payload["embeds"] = []
        for part in parts:
            part["value"] = json.dumps(payload)
        return params

    async def send(http, channel_id, *, params):
        return await real_send(http, channel_id, params=without_embeds(channel_id, params))

    async def edit(http, channel_id, message_id, *, params):
        return await real_edit(http, channel_id, message_id, params=without_embeds(channel_id, params))

    monkeypatch.setattr(discord.http.HTTPClient, "send_message", send)
    monkeypatch.setattr(discord.http.HTTPClient, "edit_message", edit)
    return refused


@pytest.mark.parametrize("how", ["refused", "dropped"])
@pytest.mark.parametrize("first", ["new board", "edited board"])
@pytest.mark.slow  # over half a second
async def test_the_mover_is_told_to_grant_embed_links_and_the_board_catches_up(
        simcord_env, monkeypatch, caplog, how, first):
    env = simcord_env
    env.check_errors = False
    caplog.set_level(logging.INFO)
    table, policy = await augsburg_table(env, monkeypatch)
    await play_to(table, policy, "round")  # the next move posts a new board...
    if first == "edited board":
        assert await play_turn_by_dm(table, policy)  # ...and the one after edits it
    refused = discord_without_embed_links(env, table, monkeypatch, how)
    await env.bot.get_channel(table.channel.id).set_permissions(env.bot.user, embed_links=False)
    mark, before = request_cursor(env), len(caplog.records)
    assert await play_turn_by_dm(table, policy)
    assert refused and (await table.row()).status == "running"  # stored: the game goes on by DM
    told = [text for p in table.players for text in shown_to(env, p.id, mark) if TOLD in text]
    assert len(told) == 1 and "Your move is stored" in told[0], told
    for _ in range(3):
        assert await play_turn_by_dm(table, policy)
    told = [text for p in table.players for text in shown_to(env, p.id, mark) if TOLD in text]
    assert len(told) == 1, told  # once
    lines = [r.getMessage() for r in caplog.records[before:] if r.levelno >= logging.WARNING]
    assert any("board of table" in line and "Embed Links" in line for line in lines), lines

    await env.bot.get_channel(table.channel.id).set_permissions(env.bot.user, embed_links=True)
    assert await play_turn_by_dm(table, policy)
    await env.advance_time(6 * 60)
    board = [m for m in table.thread.history() if m.author.id == env.bot.user.id and m.embeds]
    assert board, "no board with its embeds in the thread"
    shown, public = thread_log(table), await public_log(table)
    assert [line for line in public if line not in shown] == []


async def test_embeds_a_moderator_removed_from_the_board_are_not_taken_for_a_missing_permission(
        simcord_env, monkeypatch, caplog):
    """A moderator's "Remove embeds" on the board: Discord answers its edits without embeds, with
    the message flag that says why. That is the moderator's choice, not a permission to grant."""
    env = simcord_env
    caplog.set_level(logging.INFO)
    table, policy = await augsburg_table(env, monkeypatch)
    await play_to(table, policy, "round")
    assert await play_turn_by_dm(table, policy)
    board_id = (await table.row()).board_message_id
    real_edit = discord.http.HTTPClient.edit_message

    async def edit(http, channel_id, message_id, *, params):
        data = await real_edit(http, channel_id, message_id, params=params)
        return {**data, "embeds": [], "flags": 4} if int(message_id) == board_id else data

    monkeypatch.setattr(discord.http.HTTPClient, "edit_message", edit)
    mark, before = request_cursor(env), len(caplog.records)
    for _ in range(2):
        assert await play_turn_by_dm(table, policy)
    assert not [text for p in table.players for text in shown_to(env, p.id, mark) if "Embed Links" in text]
    assert not [r for r in caplog.records[before:] if r.levelno >= logging.WARNING and "board of table" in r.getMessage()]


async def test_a_board_shown_without_its_embeds_does_not_upload_the_same_picture_again(simcord_env, monkeypatch):
    """Issue 11: "Board images are drawn and uploaded only when what they show changed". While the
    bot may not embed links, Aelderman's board edits go without their embeds but with their map: a
    move that changes nothing drawn uploads no picture (each move uploaded the same one again)."""
    env = simcord_env
    env.check_errors = False
    table, policy = await running(env, monkeypatch, "aelderman", moves=3)
    dropped = discord_without_embed_links(env, table, monkeypatch, "dropped")
    await env.bot.get_channel(table.channel.id).set_permissions(env.bot.user, embed_links=False)
    uploads: list[bytes] = []
    cdn = env.backend.cdn
    real_store = cdn.store_attachment

    def store(attachment_id, channel_id, filename, data, *args, **kwargs):
        if channel_id == table.thread.id:
            uploads.append(bytes(data))
        return real_store(attachment_id, channel_id, filename, data, *args, **kwargs)

    monkeypatch.setattr(cdn, "store_attachment", store)
    for _ in range(20):
        assert await play_turn_by_dm(table, policy)
    assert dropped and uploads, "the boards went without their embeds, with pictures"
    again = [n for n in range(1, len(uploads)) if uploads[n] == uploads[n - 1]]
    assert again == [], f"the same picture uploaded again after upload(s) {again} of {len(uploads)}"
