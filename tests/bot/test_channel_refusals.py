"""Where no grant of a permission would let the bot run tables: an announcement channel (Discord
allows only announcement threads there, never the threads tables are played in) and a bot that a
moderator timed out (Discord refuses its posts whatever its permissions say). Refused up front,
saying what to do instead, and nothing is stored or created."""

from __future__ import annotations

import datetime
from types import SimpleNamespace

import discord

from tests.bot.driver import play_turn_by_dm, request_cursor, shown_to
from tests.bot.test_board_refused import augsburg_table, play_to
from tests.bot.tournament_driver import ORGANISER_ROLE, answer


async def test_an_announcement_channel_is_refused_for_tables_and_tournaments(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    news = guild.create_news_channel("announcements")
    ada = guild.add_member(env.create_user("ada"), roles=[guild.create_role(ORGANISER_ROLE)])
    refused = await ada.slash(news, "table create", game="augsburg1520")
    assert refused.ephemeral and "announcement channel" in answer(refused)
    assert "Try again" not in answer(refused) and "permission" not in answer(refused)
    refused = await ada.slash(news, "tournament create", game="baumeister", format="swiss", table_size=3)
    assert refused.ephemeral and "announcement channel" in answer(refused)
    assert news.threads == [] and news.history() == []
    assert await env.bot.store.tables.tables_of_user(ada.id, "lobby", "running") == []
    assert await env.bot.store.tournaments.with_status("registration", guild_id=guild.id) == []


def time_out_the_bot(env, guild_id: int) -> None:
    """A moderator times the bot out for an hour (as Discord's member update tells the bot)."""
    until = env.now() + datetime.timedelta(hours=1)
    env.backend.guilds[guild_id].members[env.backend.bot_user.id].timed_out_until = until.isoformat()
    env.bot.get_guild(guild_id).me.timed_out_until = until


async def test_a_timed_out_bot_says_so_instead_of_asking_for_permissions_it_has(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ada = guild.add_member(env.create_user("ada"))
    time_out_the_bot(env, guild.id)
    refused = await ada.slash(channel, "table create", game="augsburg1520")
    assert refused.ephemeral and "timed me out" in answer(refused) and "**Remove Timeout**" in answer(refused)
    assert "missing the permission" not in answer(refused)
    assert channel.threads == [] and await env.bot.store.tables.tables_of_user(ada.id, "lobby", "running") == []


async def test_a_board_refused_while_the_bot_is_timed_out_is_explained_to_the_mover(simcord_env, monkeypatch):
    env = simcord_env
    env.check_errors = False
    table, policy = await augsburg_table(env, monkeypatch)
    await play_to(table, policy, "round")
    time_out_the_bot(env, table.guild.id)
    real_send, real_edit = discord.http.HTTPClient.send_message, discord.http.HTTPClient.edit_message

    def refuse_in_thread(channel_id) -> None:  # Discord refuses a timed-out member's posts
        if int(channel_id) == table.thread.id:
            raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"),
                                    {"code": 50013, "message": "Missing Permissions"})

    async def send(http, channel_id, *, params):
        refuse_in_thread(channel_id)
        return await real_send(http, channel_id, params=params)

    async def edit(http, channel_id, message_id, *, params):
        refuse_in_thread(channel_id)
        return await real_edit(http, channel_id, message_id, params=params)

    monkeypatch.setattr(discord.http.HTTPClient, "send_message", send)
    monkeypatch.setattr(discord.http.HTTPClient, "edit_message", edit)
    mark = request_cursor(env)
    assert await play_turn_by_dm(table, policy)
    told = [text for p in table.players for text in shown_to(env, p.id, mark) if "Your move is stored" in text]
    assert len(told) == 1 and "timed me out" in told[0] and "missing the permission" not in told[0], told
