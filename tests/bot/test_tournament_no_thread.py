"""README: a game whose thread is deleted while no new one may be opened goes on without one; "once
the bot may open threads there again, the game moves to a new thread ... a tournament's table when
the tournament next opens its tables, at `/tournament next` or a start"."""

from __future__ import annotations

from tests.bot.tournament_driver import answer, create, new_event, tournament_message


async def test_tournament_next_moves_a_table_that_went_on_without_a_thread_to_a_new_one(simcord_env):
    event = new_event(simcord_env, 4)
    tid = await create(event, game="augsburg1520", table_size=2, rounds=2)
    for player in event.players:
        await player.click(tournament_message(event, tid), label="Register")
    await event.organiser.click(tournament_message(event, tid), label="Start")
    game = (await event.bot.store.tournaments.games(tid, 1))[0]
    row = await event.bot.store.tables.get(game.table_id)
    channel = simcord_env.bot.get_channel(event.channel.id)
    await channel.set_permissions(simcord_env.bot.user, create_public_threads=False)
    simcord_env.backend.delete_channel(row.thread_id)
    await simcord_env.settle()
    assert (await event.bot.store.tables.get(row.id)).thread_id is None  # it goes on without one
    await channel.set_permissions(simcord_env.bot.user, create_public_threads=True)
    said = answer(await event.organiser.slash(event.channel, "tournament next"))
    moved = await event.bot.store.tables.get(row.id)
    assert moved.status == "running" and moved.thread_id is not None, said
    assert "tables are all open now" in said, said


async def test_a_duplicate_tables_thread_is_not_replaced_by_a_public_one_while_its_deal_is_played(simcord_env):
    """README: the game goes on in a new thread "private to its players in a duplicate round, like the
    one it replaces". Where the bot may no longer create private threads, a public one would let the
    other table read ahead in the deal it still plays: the game goes on without a thread instead, and
    its players are told which permission is missing."""
    event = new_event(simcord_env, 4)
    tid = await create(event, game="augsburg1520", table_size=2, rounds=2, duplicate=True)
    for player in event.players:
        await player.click(tournament_message(event, tid), label="Register")
    await event.organiser.click(tournament_message(event, tid), label="Start")
    game = (await event.bot.store.tournaments.games(tid, 1))[0]
    row = await event.bot.store.tables.get(game.table_id)
    assert simcord_env.backend.channels[row.thread_id].type == 12  # private
    channel = simcord_env.bot.get_channel(event.channel.id)
    await channel.set_permissions(simcord_env.bot.user, create_private_threads=False)
    public_before = {t.id for t in event.channel.threads}
    simcord_env.backend.delete_channel(row.thread_id)
    await simcord_env.settle()
    assert (await event.bot.store.tables.get(row.id)).thread_id is None
    assert not {t.id for t in event.channel.threads} - public_before - {row.thread_id}
    players = [event.by_id(s.user_id) for s in await event.bot.service.seats(row.id)]
    told = [m.content for p in players for m in p.user.dm_channel.history() if "was deleted" in (m.content or "")]
    assert len(told) == 2 and all("Create Private Threads" in t for t in told), told
    assert all("when the tournament next opens its tables" in t for t in told), told  # not "at its next move"
    await event.organiser.slash(event.channel, "tournament next")  # opens what it may: not a public thread
    assert (await event.bot.store.tables.get(row.id)).thread_id is None
    assert not {t.id for t in event.channel.threads} - public_before - {row.thread_id}
