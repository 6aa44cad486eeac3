"""Open casual tables are limited per member and per server (each one opens a thread); one more
is refused privately with what is open, and no thread is opened for it."""

from __future__ import annotations

import asyncio

import pytest
from simcord.actors import _slash

from bot.settings import Settings
from tests.reliability.forge import forge_component


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings(token="", database=tmp_path / "bot.sqlite3", decision_timeout=3600,
                    max_open_tables_per_member=2, max_open_tables_per_server=3)


async def create(member, channel):
    return await member.slash(channel, "table create", game="augsburg1520")


def opened(result) -> bool:
    return "is open in" in result.response.content


async def test_open_tables_are_limited_per_member_and_per_server(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ada, bo, cy = (guild.add_member(simcord_env.create_user(n)) for n in ("ada", "bo", "cy"))
    for _ in range(2):
        assert opened(await create(ada, channel))
    threads = len(channel.threads)
    refused = await create(ada, channel)
    assert refused.ephemeral and "one member may have 2 open at once" in refused.response.content
    assert "#1, #2" in refused.response.content
    assert len(channel.threads) == threads  # no thread for a refused table

    assert opened(await create(bo, channel))  # the server's third table
    full = await create(cy, channel)
    assert full.ephemeral and "the most it allows (3)" in full.response.content
    assert len(channel.threads) == threads + 1

    # Another server has its own count.
    other = simcord_env.create_guild()
    elsewhere = other.create_text_channel("games")
    assert opened(await create(other.add_member(simcord_env.create_user("dee")), elsewhere))

    # Once one of ada's tables is cancelled, she and the server have room again.
    lobby = channel.threads[0]
    cancelled = await ada.slash(lobby, "table cancel")
    assert cancelled.response is not None
    assert opened(await create(ada, channel))


async def test_the_refusal_counts_every_open_table_in_words_that_fit_it(simcord_env):
    """README: one more is refused privately, "naming the open ones": the first ten, and how many
    more; "1 open table", not "1 open tables"."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ada, bo = (guild.add_member(simcord_env.create_user(n)) for n in ("ada", "bo"))
    simcord_env.bot.service.open_limits = (12, 50)
    for _ in range(12):
        assert opened(await create(ada, channel))
    refused = (await create(ada, channel)).response.content
    assert "You already have 12 open tables in this server (#1, #2, #3, #4, #5, #6, #7, #8, #9, #10 and 2 more)" \
        in refused, refused

    simcord_env.bot.service.open_limits = (1, 13)
    refused = (await create(bo, channel)).response.content
    assert "This server already has 12 open tables" not in refused  # bo may open the 13th
    refused = (await create(bo, channel)).response.content
    assert "You already have 1 open table in this server (#13)" in refused, refused
    simcord_env.bot.service.open_limits = (20, 1)
    refused = (await create(bo, channel)).response.content
    assert "This server already has 13 open tables, the most it allows (1)" in refused, refused


async def test_a_lobby_left_by_its_creator_goes_to_a_player_with_room_for_it(simcord_env):
    """README: the per-member limit counts the tables a member runs "as their creator (who opened
    it, or took it over when its creator left the lobby)". A creator leaving hands the lobby to the
    next player who may run one more; when nobody may, leaving is refused and says to cancel."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    mallory, bo, cy = (guild.add_member(simcord_env.create_user(n)) for n in ("mallory", "bo", "cy"))
    for _ in range(2):
        assert opened(await create(bo, channel))  # bo runs as many as a member may
    assert opened(await create(mallory, channel))
    lobby = channel.threads[-1].history()[0]
    await bo.click(lobby, label="Join")
    refused = await mallory.click(lobby, label="Leave")
    assert refused.ephemeral and "Nobody else at this table may take it over" in refused.response.content
    assert "**Cancel**" in refused.response.content and "runs 2 open tables," in refused.response.content
    table = await simcord_env.bot.store.tables.by_thread(channel.threads[-1].id)
    assert table.creator_id == mallory.id and len(await simcord_env.bot.service.seats(table.id)) == 2
    await cy.click(lobby, label="Join")  # cy runs none: the lobby goes to cy, past bo
    left = await mallory.click(lobby, label="Leave")
    assert left.ephemeral and "cy now runs its lobby" in left.response.content
    assert (await simcord_env.bot.store.tables.get(table.id)).creator_id == cy.id


async def runs(env, guild_id: int, member) -> int:
    """How many open casual tables `member` runs in the server, as stored."""
    mine, _ = await env.bot.store.tables.open_casual(guild_id, member.id)
    return len(mine)


async def test_lobbies_handed_over_at_the_same_moment_keep_the_limit(simcord_env):
    """Two creators leave at once, each handing their lobby to the same player who may run one more;
    and a player takes a lobby over while creating a table. Only one of each pair gets through:
    the count and the hand-over are one transaction. (Presses at the same moment are sent unguarded,
    as two clients would.)"""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ada, bo, cy = (guild.add_member(simcord_env.create_user(n)) for n in ("ada", "bo", "cy"))
    assert opened(await create(bo, channel))  # bo runs 1 of 2
    lobbies = []
    for creator in (ada, cy):
        assert opened(await create(creator, channel))
        lobby = channel.threads[-1].history()[0]
        await bo.click(lobby, label="Join")
        lobbies.append((creator, lobby, (await simcord_env.bot.store.tables.by_thread(channel.threads[-1].id)).id))
    answers = await asyncio.gather(*(forge_component(creator, lobby, f"lobby:leave:{table_id}")
                                     for creator, lobby, table_id in lobbies))
    assert await runs(simcord_env, guild.id, bo) == 2
    texts = sorted(answer.response.content for answer in answers)
    assert "Nobody else at this table may take it over" in texts[0] and "bo now runs its lobby" in texts[1]

    # bo cancels one: room for one more. Ada's new lobby goes to bo while bo creates a table.
    mine, _ = await simcord_env.bot.store.tables.open_casual(guild.id, bo.id)
    assert "cancelled" in (await bo.slash(channel, "table cancel", table=mine[-1])).response.content
    assert opened(await create(ada, channel))
    lobby = channel.threads[-1].history()[0]
    await bo.click(lobby, label="Join")
    table_id = (await simcord_env.bot.store.tables.by_thread(channel.threads[-1].id)).id
    await asyncio.gather(forge_component(ada, lobby, f"lobby:leave:{table_id}"),
                         _slash(bo, channel, "table create", {"game": "baumeister"}))
    assert await runs(simcord_env, guild.id, bo) == 2


async def test_a_game_whose_seat_its_creator_abandoned_no_longer_counts_for_them(simcord_env):
    """README: a running game "whose seat they abandoned ... no longer counts for them". Such a game
    may wait for its other players for long; the refusal named it, with a way out (cancel) its
    creator no longer had."""
    from tests.bot.driver import open_table, start

    env = simcord_env
    first = await open_table(env, "augsburg1520", ["ada", "bo"])
    await start(first)
    ada, _ = first.players
    assert opened(await create(ada, first.channel))  # her second: the limit (2)
    refused = await create(ada, first.channel)
    assert "one member may have 2 open at once" in refused.response.content
    assert "or abandon it (`/table abandon`)" in refused.response.content
    await ada.slash(first.thread, "table abandon")
    assert (await first.row()).status == "running"  # bo plays on
    assert opened(await create(ada, first.channel))
