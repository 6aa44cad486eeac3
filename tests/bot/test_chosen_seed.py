"""/table create seed:<n> (Manage Server only) deals a chosen game for bug reports and teaching;
such a table is never rated and says so on its board."""

from __future__ import annotations

import discord
import pytest

from play.common import Caller, TableError
from tests.bot.driver import embeds_text, labels


async def refusal(env, table_id, caller) -> str:
    """A forged Rated toggle reaches the service: refused."""
    with pytest.raises(TableError) as refused:
        await env.bot.service.toggle_rated(table_id, caller)
    return str(refused.value)



async def test_an_admin_deals_a_chosen_seed_and_the_table_is_never_rated(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("ada"), roles=[mods])
    member = guild.add_member(simcord_env.create_user("bo"))
    store = simcord_env.bot.store

    refused = await member.slash(channel, "table create", game="augsburg1520", seed=42)
    assert refused.ephemeral and "Manage Server" in refused.response.content
    rated = await admin.slash(channel, "table create", game="augsburg1520", seed=42, rated=True)
    assert rated.ephemeral and "never rated" in rated.response.content
    assert not channel.threads

    states = []
    for _ in range(2):
        await admin.slash(channel, "table create", game="augsburg1520", seed=42)
        thread = channel.threads[-1]
        table = await store.tables.by_thread(thread.id)
        assert (table.seed, table.seed_chosen, table.rated) == (42, True, False)
        lobby = thread.history()[0]
        assert not [label for label in labels(lobby) if label.startswith("Rated")]
        assert "chosen by an admin" in embeds_text(lobby.embeds)
        assert "never rated" in await refusal(simcord_env, table.id, Caller(admin.id, guild.id))
        await member.click(lobby, label="Join")
        await admin.click(lobby, label="Start")
        states.append((await store.tables.get(table.id)).state)
        row = await store.tables.get(table.id)
        board = next(m for m in thread.history() if m.id == row.board_message_id)
        assert "seed 42, chosen by an admin: not rated" in board.embeds[-1].footer.text
    assert states[0] == states[1]  # the same seed deals the same game


@pytest.mark.slow  # over half a second
async def test_two_tables_dealt_one_chosen_seed_keep_the_finished_ones_log_until_both_end(simcord_env):
    """README, /table log: a table "dealt the same cards as another still being played, in a duplicate
    tournament round or by an admin's `seed:` chosen for both" shows its log only to its own players
    until both end; the refusal names the other table (there is no tournament round here). A table of
    another number of players is dealt another game: its export is not held back."""
    from tests.bot.tournament_driver import play_out

    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("ada"), roles=[mods])
    players = [guild.add_member(simcord_env.create_user(name)) for name in ("bo", "cy", "dee", "eve")]
    spectator = guild.add_member(simcord_env.create_user("spec"))
    ids = []
    for seated in ([players[0]], [players[1]], players[2:]):
        await admin.slash(channel, "table create", game="augsburg1520", seed=42)
        thread = channel.threads[-1]
        ids.append((await simcord_env.bot.store.tables.by_thread(thread.id)).id)
        for player in seated:
            await player.click(thread.history()[0], label="Join")
        await admin.click(thread.history()[0], label="Start")
    await play_out(simcord_env.bot, ids[0])
    said = (await spectator.slash(channel, "table log", table=ids[0])).response.content
    assert f"dealt the same cards as table #{ids[1]}, still being played" in said and "tournament" not in said, said
    await play_out(simcord_env.bot, ids[1])
    export = await players[0].slash(channel, "table export", table=ids[0])  # table 3 deals 3 players: another game
    assert export.response.attachments or export.followups and export.followups[-1].attachments, export.response.content
