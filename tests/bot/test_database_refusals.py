"""The database refusing a write for a moment (a full disk) while a table or a tournament is
opened: the asker is answered privately, and nothing is left half open (no lobby without its
thread counting against the open-table limit, no thread left empty, no tournament whose embed
does not follow its registrations), and a move refused by it changes nothing, also not what the
bot has learnt of the seats (their DMs closed) for its next write to store."""

from __future__ import annotations

import pytest

from bot.ui.requests import FAULT
from tests.bot.database_faults import refuse
from tests.bot.driver import heuristic_players, labels, open_table, play_to_the_end, play_turn_by_dm, start
from tests.bot.tournament_driver import create, new_event, register_all, tournament_message


def texts(result) -> list[str]:
    return [m.content for m in [result.response, *result.followups] if m is not None and m.content]


async def test_a_create_whose_thread_is_not_recorded_leaves_no_hidden_lobby(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ada = guild.add_member(simcord_env.create_user("ada"))
    calls = refuse(simcord_env, simcord_env.bot.service, "opened", lambda n, kwargs: "thread_id" in kwargs and n <= 3)
    for _ in range(3):  # as many as a member may have open (max_open_tables_per_member)
        assert FAULT in texts(await ada.slash(channel, "table create", game="augsburg1520"))
    assert len(calls) == 3 and not channel.threads  # each thread was removed again
    assert (await simcord_env.bot.store.tables.open_casual(guild.id, ada.id))[0] == []
    opened = texts(await ada.slash(channel, "table create", game="augsburg1520"))
    assert any("is open in" in text for text in opened) and len(channel.threads) == 1


async def test_a_create_whose_lobby_message_is_not_recorded_is_closed_with_its_thread(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ada = guild.add_member(simcord_env.create_user("ada"))
    refuse(simcord_env, simcord_env.bot.service, "opened", lambda n, kwargs: "lobby_message_id" in kwargs)
    assert FAULT in texts(await ada.slash(channel, "table create", game="augsburg1520"))
    assert not channel.threads and (await simcord_env.bot.store.tables.get(1)).status == "cancelled"


async def test_a_tournament_whose_embed_is_not_recorded_is_cancelled_and_its_embed_removed(simcord_env):
    event = new_event(simcord_env, 2)
    refuse(simcord_env, simcord_env.bot.tournament_ui.service, "set_message", lambda n, kwargs: n == 1)
    result = await event.organiser.slash(event.channel, "tournament create", game="baumeister", format="swiss",
                                         table_size=3, rounds=1)
    assert FAULT in texts(result)
    assert not [m for m in event.channel.history() if m.embeds]  # no Register button left to press
    assert await simcord_env.bot.store.tournaments.with_status("registration", guild_id=event.guild.id) == []
    tournament = await create(event, rounds=1)  # once the database takes writes again
    assert tournament_message(event, tournament) is not None


async def test_a_round_whose_thread_is_not_recorded_opens_at_the_retry(simcord_env):
    event = new_event(simcord_env, 4)
    tournament = await create(event, game="augsburg1520", table_size=2, rounds=1)
    await register_all(event, tournament)
    calls = refuse(simcord_env, simcord_env.bot.service, "opened", lambda n, kwargs: "thread_id" in kwargs and n == 1)
    await event.organiser.click(tournament_message(event, tournament), label="Start")
    await simcord_env.advance_time(121)  # a thread refused is tried again 2 minutes later
    games = await simcord_env.bot.store.tournaments.games(tournament, 1)
    rows = [await simcord_env.bot.store.tables.get(g.table_id) for g in games]
    assert len(calls) >= 3 and all(r.status == "running" and r.thread_id is not None for r in rows)
    assert {r.thread_id for r in rows} == {t.id for t in event.channel.threads}  # the refused one was removed


@pytest.mark.parametrize("game,names", [("augsburg1520", ["ada", "bo"]), ("baumeister", ["ada", "bo", "cy"]),
                                        ("aelderman", ["ada", "bo"])])
@pytest.mark.slow
async def test_a_refused_write_does_not_forget_that_dms_are_closed(simcord_env, game, names):
    env = simcord_env
    table = await open_table(env, game, names)
    await start(table)
    policy = heuristic_players(game, len(names))
    ada = table.players[0]
    dm = ada.user.dm_channel.id
    env.inject_error("POST", f"/channels/{dm}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    mark = len(env.http_requests)

    async def known():
        return next(s for s in await table.seats() if s.user_id == ada.id)

    for _ in range(80):  # until the bot next needs to DM her, and learns her DMs are closed
        assert await play_turn_by_dm(table, policy), "the game stopped"
        if (await known()).dm_ok is False:
            break
    assert (await known()).dm_ok is False
    # The next move's write is refused once (answered "Something went wrong"); played again, it is stored.
    calls = refuse(env, env.bot.store.tables, "save_move", lambda n, kwargs: n == 1)
    version = (await table.row()).version
    assert await play_turn_by_dm(table, policy)
    assert len(calls) == 1 and (await table.row()).version == version, "the refused move changed the table"
    assert (await known()).dm_ok is False, "the refused write took the bot's note with it"
    for _ in range(30):
        if not await play_turn_by_dm(table, policy):
            break
    attempts = [r for r in env.http_requests[mark:] if r.method == "POST" and r.path == f"/channels/{dm}/messages"]
    # README: "a refused DM is tried again at their next decision ten minutes or more later, not at every move"
    assert len(attempts) == 1, f"DMs to Ada tried {len(attempts)} times within minutes"


@pytest.mark.slow  # plays a whole game
async def test_a_rematch_whose_seats_are_not_recorded_leaves_no_hidden_lobby(simcord_env):
    """The rematch's table is written, then its players seated: a refusal of the seating must not
    leave a lobby without a thread that counts against the creator's open-table limit."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    await play_to_the_end(table, heuristic_players("augsburg1520", 2))
    standings = next(m for m in reversed(table.thread.history()) if "Rematch" in labels(m))
    ada, bo = table.players
    store = simcord_env.bot.store.tables
    calls = refuse(simcord_env, store, "set_rematch", lambda n, kwargs: True)
    assert FAULT in texts(await bo.click(standings, label="Rematch"))
    assert calls and (await store.open_casual(table.guild.id, bo.id))[0] == []
    del store.set_rematch  # the database takes writes again
    assert any("is open in" in text or "rematch" in text.lower()
               for text in texts(await bo.click(standings, label="Rematch")))
    (rematch,) = (await store.open_casual(table.guild.id, bo.id))[0]
    assert (await store.get(rematch)).thread_id is not None


async def test_a_tournament_start_the_database_cut_off_is_done_by_pressing_start_again(simcord_env):
    """README: a refused command changes nothing the user cannot redo. Registration closed, then
    storing round 1 was refused: the organiser's next press of Start seats it (it was "already
    started" for good, until a restart)."""
    event = new_event(simcord_env, 4)
    tid = await create(event, game="augsburg1520", table_size=2, rounds=2)
    await register_all(event, tid)
    store = simcord_env.bot.store.tournaments
    calls = refuse(simcord_env, store, "start_round", lambda n, kwargs: n == 1)
    assert FAULT in texts(await event.organiser.click(tournament_message(event, tid), label="Start"))
    assert calls and (await store.get(tid)).status == "running" and await store.rounds(tid) == []

    started = texts(await event.organiser.click(tournament_message(event, tid), label="Start"))
    assert any("round 1 is seated" in text for text in started)
    assert len(await store.games(tid, 1)) == 2
    assert [t.status for t in await simcord_env.bot.store.tables.of_tournament(tid)].count("running") == 2
