"""A member who may not see a staff-only channel: README, "Tables in channels you cannot see ... are not
listed"; a forged Join of a table there, or /table handover naming it, is refused the same way and tells
nothing of who plays there."""

from __future__ import annotations

import discord

from tests.bot.driver import staff_only_channel
from tests.reliability.forge import forge_component, refused


async def test_a_forged_join_of_a_table_in_a_channel_one_cannot_see_is_refused(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    staff, hidden = staff_only_channel(env, guild)
    ada = guild.add_member(env.create_user("ada"), roles=[staff])
    await ada.slash(hidden, "table create", game="augsburg1520")
    table = await env.bot.store.tables.by_thread(hidden.threads[-1].id)
    # Eve is an ordinary member: she may not see #staff-games, so /table list does not show its table.
    eve = guild.add_member(env.create_user("eve"))
    general = guild.create_text_channel("general")
    await eve.slash(general, "table create", game="baumeister")
    carrier = general.threads[-1].history()[0]  # her own lobby message carries the forged click
    result = await forge_component(eve, carrier, f"lobby:join:{table.id}")
    text = refused(result)
    seats = await env.bot.service.seats(table.id)
    assert all(s.user_id != eve.id for s in seats), f"Eve was seated at the staff-only table; bot said {text!r}"
    assert "cannot see" in text, text


async def test_table_handover_does_not_tell_who_plays_at_a_table_one_cannot_see(simcord_env):
    """`/table handover player:<user> table:<n>` of a staff-only table, by a member who cannot see it:
    refused as /table log and /table cancel are ("played in a channel you cannot see"), not with an
    answer that differs with whether the named member plays there."""
    from tests.bot.test_moderator_hidden_channel import staff_table
    env = simcord_env
    guild = env.create_guild()
    ada, bo, table = await staff_table(env, guild)
    eve = guild.add_member(env.create_user("eve"))
    carl = guild.add_member(env.create_user("carl"))
    general = guild.create_text_channel("general")
    about_bo = refused(await eve.slash(general, "table handover", player=bo.user, table=table.id))
    about_carl = refused(await eve.slash(general, "table handover", player=carl.user, table=table.id))
    assert about_bo == about_carl, (about_bo, about_carl)
    assert "cannot see" in about_bo, about_bo


async def test_a_seated_player_who_can_no_longer_see_the_channel_still_reads_and_cancels_their_table(simcord_env):
    """README: "A tournament run in a channel you cannot see is refused to you, as is any command or
    button naming a table there (joining it, `/table log`, `/table export`, `/table cancel`,
    `/table handover`; Manage Server included) unless you are seated at it." Bo and Ada lose the role
    that shows the staff channel: Bo still reads his running game's log from another channel, and
    Ada, its creator, still cancels her lobby there and exports her ended game."""
    env = simcord_env
    guild = env.create_guild()
    staff, hidden = staff_only_channel(env, guild)
    ada, bo = (guild.add_member(env.create_user(name), roles=[staff]) for name in ("ada", "bo"))
    await ada.slash(hidden, "table create", game="augsburg1520")
    lobby = hidden.threads[-1].history()[0]
    await bo.click(lobby, label="Join")
    await ada.click(lobby, label="Start")
    running = await env.bot.store.tables.by_thread(hidden.threads[-1].id)
    await ada.slash(hidden, "table create", game="baumeister")
    waiting = await env.bot.store.tables.by_thread(hidden.threads[-1].id)
    for member in (ada, bo):
        env.backend.remove_member_role(guild.id, member.id, staff.id)
    await env.settle()
    general = guild.create_text_channel("general")
    shown = await bo.slash(general, "table log", table=running.id)
    assert shown.ephemeral and shown.response.embeds, shown.response.content
    assert "cannot see" not in (shown.response.content or "")
    answer = await ada.slash(general, "table cancel", table=waiting.id)
    assert "cannot see" not in (answer.response.content or ""), answer.response.content
    assert (await env.bot.store.tables.get(waiting.id)).status == "cancelled"
    # An admin (not Ada) ends Ada's running game; she exports its record from elsewhere.
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[staff, admins])
    await admin.slash(hidden, "table cancel", table=running.id)
    assert (await env.bot.store.tables.get(running.id)).status == "cancelled"
    exported = await ada.slash(general, "table export", table=running.id)
    assert "cannot see" not in (exported.response.content or ""), exported.response.content
    assert exported.response.attachments, exported.response.content
    # Someone unseated who cannot see the channel is still refused, saying nothing of the game.
    eve = guild.add_member(env.create_user("eve"))
    refused_log = await eve.slash(general, "table log", table=running.id)
    assert "cannot see" in refused_log.response.content and not refused_log.response.embeds
