"""A member who may not see a staff-only channel: README, "Tables in channels you cannot see ... are not
listed"; a forged Join of a table there, or /table handover naming it, is refused the same way and tells
nothing of who plays there."""

from __future__ import annotations

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
