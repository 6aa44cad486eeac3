"""A duplicate tournament round deals every table the same cards. A table that ends first keeps
the deal secret while another still plays it: its standings hold back the seed, and its record
and secret log lines wait for the last of them (a player there could otherwise read ahead)."""

from __future__ import annotations

import pytest
from simcord.backend.errors import SetupError

from play.common import Caller
from play.record import visible_events
from storage.timers import MEMBERS_TIMER
from tests.bot.driver import request_cursor, shown_to
from tests.bot.tournament_driver import create, new_event, play_out, register_all, tournament_message


async def duplicate_round(env):
    event = new_event(env, 6)
    tournament = await create(event, rounds=1, duplicate=True)
    await register_all(event, tournament)
    await event.organiser.click(tournament_message(event, tournament), label="Start")
    games = await event.bot.store.tournaments.games(tournament, 1)
    first, second = [await event.bot.store.tables.get(g.table_id) for g in games]
    assert first.seed == second.seed  # the same deal
    return event, games, first, second



async def duplicate_round_where(env, **bot_permissions: bool):
    """A duplicate round of 6 players started in a channel where the bot has `bot_permissions`:
    (event, tournament id, the Start press's result)."""
    import discord

    from tests.bot.tournament_driver import ORGANISER_ROLE, Event

    guild = env.create_guild()
    channel = guild.create_text_channel("tournaments", overwrites={
        env.bot.user: discord.PermissionOverwrite(**bot_permissions)})
    organiser = guild.add_member(env.create_user("org"), roles=[guild.create_role(ORGANISER_ROLE)])
    event = Event(env, guild, channel, organiser, [guild.add_member(env.create_user(f"p{n}")) for n in range(6)])
    tournament = await create(event, rounds=1, duplicate=True)
    await register_all(event, tournament)
    return event, tournament, await organiser.click(tournament_message(event, tournament), label="Start")

def files(result) -> list:
    return [a for m in [result.response, *result.followups] if m is not None for a in (m.attachments or [])]


@pytest.mark.slow
async def test_a_finished_table_keeps_the_deal_another_still_plays(simcord_env):
    event, games, first, second = await duplicate_round(simcord_env)
    ahead = await event.by_id(games[1].players[0]).slash(event.channel, "table log", table=first.id)
    assert ahead.ephemeral and "You play the same cards" in ahead.response.content  # not while both play
    mark = request_cursor(simcord_env)
    await play_out(event.bot, first.id)
    assert (await event.bot.store.tables.get(first.id)).status == "finished"
    assert (await event.bot.store.tables.get(second.id)).status == "running"
    playing = event.by_id(games[1].players[0])  # plays the same deal at the second table

    assert str(first.seed) not in "\n".join(shown_to(simcord_env, playing.id, since=mark))
    thread = next(t for t in event.channel.threads if t.id == first.thread_id)
    standings = next(m for m in thread.history() if m.embeds and "final standings" in m.embeds[0].title)
    fair = next(f.value for f in standings.embeds[0].fields if f.name == "Fair deal")
    assert f"still being played at table #{second.id}" in fair and first.seed_salt not in fair
    refused = await playing.slash(event.channel, "table export", table=first.id)
    assert refused.ephemeral and not files(refused)
    assert f"same cards as table #{second.id}, still being played" in refused.response.content

    refused = await playing.slash(event.channel, "table log", table=first.id)  # what its cards brought
    assert refused.ephemeral and f"You play the same cards at table #{second.id}" in refused.response.content
    # Nor to anyone seated at neither table: its thread is private to its players, and what it
    # shows could be passed on to those still playing the same cards.
    spectator = event.guild.add_member(simcord_env.create_user("spectator"))
    refused = await spectator.slash(event.channel, "table log", table=first.id)
    assert refused.ephemeral and f"dealt the same cards as table #{second.id}, still" in refused.response.content
    seated = event.by_id(games[0].players[0])  # a player of the first table reads its log
    log = await event.bot.service.log(first.id, Caller(user_id=seated.id, guild_id=event.guild.id))
    row, seats = await event.bot.store.tables.get(first.id), await event.bot.store.tables.seats(first.id)
    actions = await event.bot.store.tables.timed_actions(first.id)
    own = next(s.seat for s in seats if s.user_id == seated.id)
    assert log.log == visible_events(row, seats, actions, own, False)  # their own secrets, not the others'
    assert len(visible_events(row, seats, actions, None, True)) > len(log.log)  # there are secrets to keep

    await play_out(event.bot, second.id)  # the deal is played out everywhere: nothing more to keep
    exported = await playing.slash(event.channel, "table export", table=first.id)
    assert files(exported)
    log = await event.bot.service.log(first.id, Caller(user_id=playing.id, guild_id=event.guild.id))
    assert log.log == visible_events(row, seats, actions, None, True)


async def test_a_duplicate_round_plays_each_board_in_a_thread_private_to_its_players(simcord_env):
    """Boards of the same deal cannot read each other's play: each table's thread is private to
    its players (a public thread would show the next boards what their own cards bring)."""
    import discord

    event, games, first, second = await duplicate_round(simcord_env)
    backend = simcord_env.backend
    for game, table in zip(games, (first, second)):
        thread = backend.get_channel(table.thread_id)
        assert thread.type == discord.ChannelType.private_thread.value
        assert set(game.players) <= set(thread.thread_members)
        others = set(p.id for p in event.players) - set(game.players)
        assert not others & set(thread.thread_members)
    outsider = event.by_id(games[1].players[0])
    thread = next(t for t in event.channel.threads if t.id == first.thread_id)
    board = next(m for m in thread.history() if "My hand" in [c.label for row in m.components for c in row.children])
    with pytest.raises(SetupError, match="not visible to this user"):  # not a member of that thread
        await outsider.click(board, label="My hand")
    mine = await event.by_id(games[0].players[0]).click(board, label="My hand")  # its own players play on
    assert mine.ephemeral and mine.response.embeds


async def test_without_the_private_threads_permission_a_duplicate_round_is_played_in_public(simcord_env):
    """A server that does not let the bot create private threads still gets its round: the tables
    are opened in public threads (and play goes on) rather than not at all; the organiser is told."""
    import discord

    from tests.bot.tournament_driver import answer

    event, tournament, started = await duplicate_round_where(simcord_env, create_private_threads=False)
    assert "public threads" in answer(started) and "**Create Private Threads**" in answer(started)  # told why
    for game in await event.bot.store.tournaments.games(tournament, 1):
        table = await event.bot.store.tables.get(game.table_id)
        assert table.status == "running"
        assert simcord_env.backend.get_channel(table.thread_id).type == discord.ChannelType.public_thread.value


@pytest.mark.parametrize("manage_threads", [True, False])
async def test_a_private_thread_is_closed_to_invites_only_when_the_bot_may_add_players_to_it(simcord_env,
                                                                                          manage_threads):
    """Discord: `invitable` is "whether non-moderators can add other non-moderators to a thread",
    and a moderator has Manage Threads. With it, a duplicate round's threads are closed to invites
    (only the bot adds their players); without it (README lists it as optional), a closed thread
    could not be given its players, so they may invite others too."""
    import discord

    event, tournament, _ = await duplicate_round_where(simcord_env, manage_threads=manage_threads)
    private = [r.json for r in simcord_env.http_requests if r.method == "POST" and r.path.endswith("/threads")
               and (r.json or {}).get("type") == discord.ChannelType.private_thread.value]
    assert len(private) == 2
    assert all(body.get("invitable") is (not manage_threads) for body in private), private
    for game in await event.bot.store.tournaments.games(tournament, 1):
        thread = simcord_env.backend.get_channel((await event.bot.store.tables.get(game.table_id)).thread_id)
        assert set(game.players) <= set(thread.thread_members)


async def duplicate_start_with_refused_additions(env, event, times):
    """Start a duplicate round while Discord refuses `times` additions of players to threads:
    (the round's games, a function listing the players their private threads lack)."""
    tournament = await create(event, rounds=1, duplicate=True)
    await register_all(event, tournament)
    env.inject_error("PUT", "/channels/*/thread-members/*", status=500, times=times)
    await event.organiser.click(tournament_message(event, tournament), label="Start")
    env.backend.faults.clear()
    games = await event.bot.store.tournaments.games(tournament, 1)
    tables = {g.table_id: await event.bot.store.tables.get(g.table_id) for g in games}

    def missing() -> list[int]:
        found = []
        for game in games:
            thread = env.backend.get_channel(tables[game.table_id].thread_id)
            found += [p for p in game.players if p not in thread.thread_members]
        return found

    return games, missing


async def test_a_player_not_added_to_the_private_thread_is_added_a_minute_later(simcord_env):
    """Discord refuses (once) to add players as the duplicate round's threads open: a minute
    later the bot adds them, and nobody else; the retry then goes."""
    event = new_event(simcord_env, 6)
    games, missing = await duplicate_start_with_refused_additions(simcord_env, event, times=2)
    assert len(missing()) == 2
    calls = len(simcord_env.http_requests)
    await simcord_env.advance_time(61)
    assert missing() == []
    added = [r for r in simcord_env.http_requests[calls:] if r.method == "PUT" and "thread-members" in r.path]
    assert len(added) == 2
    assert not await event.bot.store.tables.timers(kind=MEMBERS_TIMER)


async def test_additions_still_due_at_a_stop_are_made_after_the_start(simcord_env, settings):
    """Additions Discord refused until the bot stopped are tried again after the start, from the
    stored retry: a start itself adds nobody to a thread that lacks no one."""
    from bot import create_bot

    event = new_event(simcord_env, 6)
    games, missing = await duplicate_start_with_refused_additions(simcord_env, event, times=None)
    assert len(missing()) == 6
    await simcord_env.restart_bot(create_bot(settings))
    await simcord_env.advance_time(61)
    assert missing() == []
    calls = len(simcord_env.http_requests)
    await simcord_env.restart_bot(create_bot(settings))
    assert not [r for r in simcord_env.http_requests[calls:] if "thread-members" in r.path]


async def before_v21(conn) -> None:
    """The database as a version before migration V21 left it: V21 and the migrations after it
    undone (V22 added the actions' deadline column)."""
    from storage.db import run

    await run(conn, "DELETE FROM schema_migrations WHERE version >= 21")
    await run(conn, "ALTER TABLE actions DROP COLUMN deadline")


async def test_an_upgrade_adds_the_players_a_running_rounds_thread_lacks(simcord_env, settings):
    """A version before the stored retry added every player of a running duplicate table at each
    start; the upgrade (migration V21) gives each such open table one retry, due at once."""
    from bot import create_bot
    from storage.db import run

    event = new_event(simcord_env, 6)
    games, missing = await duplicate_start_with_refused_additions(simcord_env, event, times=None)
    async with event.bot.store.db.transaction() as conn:  # as an older version left the database
        await run(conn, "DELETE FROM timers WHERE kind = 'members'")
        await before_v21(conn)
    assert len(missing()) == 6
    await simcord_env.restart_bot(create_bot(settings))
    await simcord_env.advance_time(1)
    assert missing() == []
    assert not await event.bot.store.tables.timers(kind=MEMBERS_TIMER)


async def test_the_upgrade_leaves_a_table_that_has_its_retry_already_alone(simcord_env, settings):
    """Migration V21 gives a retry only to open duplicate tables without one: a table whose retry
    is already stored keeps it (one timer, its count of tries), not a second one due at once."""
    from bot import create_bot

    event = new_event(simcord_env, 6)
    games, missing = await duplicate_start_with_refused_additions(simcord_env, event, times=None)
    kept = {t.table_id: (t.due_at, t.payload) for t in await event.bot.store.tables.timers(kind=MEMBERS_TIMER)}
    assert len(kept) == len(games)
    async with event.bot.store.db.transaction() as conn:
        await before_v21(conn)
    simcord_env.inject_error("PUT", "/channels/*/thread-members/*", status=500, times=None)
    await simcord_env.restart_bot(create_bot(settings))
    after = {t.table_id: (t.due_at, t.payload) for t in await event.bot.store.tables.timers(kind=MEMBERS_TIMER)}
    assert after == kept


@pytest.mark.slow
async def test_a_twin_waiting_for_its_thread_keeps_the_deal_secret(simcord_env):
    """A duplicate round's table whose thread Discord refused waits in its lobby, to play the same
    deal as a table that ends first: that table's seed, record and log stay hidden from it too."""
    from storage.db import run

    event, games, first, second = await duplicate_round(simcord_env)
    # The second table as a round leaves it when Discord refused its thread: still in its lobby.
    async with event.bot.store.db.transaction() as conn:
        await run(conn, "UPDATE game_tables SET status = 'lobby' WHERE id = ?", (second.id,))
    playing = event.by_id(games[1].players[0])
    mark = request_cursor(simcord_env)
    await play_out(event.bot, first.id)
    assert (await event.bot.store.tables.get(first.id)).status == "finished"
    seen = "\n".join(shown_to(simcord_env, playing.id, since=mark))
    exported = await playing.slash(event.channel, "table export", table=first.id)
    got = [a for m in [exported.response, *exported.followups] if m is not None for a in (m.attachments or [])]
    problems = []
    if str(first.seed) in seen:
        problems.append("the standings show the seed of the deal the waiting table will play")
    if got:
        problems.append("a player of the waiting twin exports the record (seed, every action) of its deal")
    log = await playing.slash(event.channel, "table log", table=first.id)
    if log.response.embeds:
        problems.append("a player of the waiting twin reads the finished table's log (secret lines included)")
    assert not problems, problems


@pytest.mark.slow
async def test_standings_asked_while_a_duplicate_deal_is_played_leave_out_its_round(simcord_env):
    """A finished table's result would tell the players still at the same deal how it came out:
    `/tournament standings` leaves the round out (and says so) until its last table is over."""
    event, games, first, second = await duplicate_round(simcord_env)
    await play_out(event.bot, first.id)
    playing, tid = event.by_id(games[1].players[0]), games[0].tournament_id  # still at the same deal
    title, shown = standings_read(await playing.slash(event.channel, "tournament standings", tournament=tid))
    assert "without round 1: its deal is still being played" in title, title
    assert "1 game" not in shown and "1 won" not in shown, shown
    await play_out(event.bot, second.id)
    title, shown = standings_read(await playing.slash(event.channel, "tournament standings", tournament=tid))
    assert "without round" not in title and "1 game" in shown, (title, shown)


def standings_read(answer) -> tuple[str, str]:
    """(the first page's title, every page's lines) of a /tournament standings answer."""
    embeds = [e for m in [answer.response, *answer.followups] if m is not None for e in (m.embeds or [])]
    assert embeds, (answer.response, answer.followups)
    return embeds[0].title, "\n".join(e.description or "" for e in embeds)


def event_without_private_threads(env, count: int):
    import discord

    from tests.bot.tournament_driver import ORGANISER_ROLE, Event

    guild = env.create_guild()
    channel = guild.create_text_channel("tournaments", overwrites={
        env.bot.user: discord.PermissionOverwrite(create_private_threads=False)})
    organiser = guild.add_member(env.create_user("org"), roles=[guild.create_role(ORGANISER_ROLE)])
    return Event(env, guild, channel, organiser, [guild.add_member(env.create_user(f"p{n}")) for n in range(count)])


async def test_a_duplicate_round_of_unequal_tables_is_not_said_to_share_a_deal(simcord_env):
    """README: `duplicate` "gives every table of a round the same deal when all tables have the same
    size". 7 players at tables of 3 sit 4 + 3: two deals, nothing to read ahead, so the organiser
    is not warned that public threads let players read how others played the same deal."""
    from tests.bot.tournament_driver import answer

    event = event_without_private_threads(simcord_env, 7)
    tid = await create(event, game="augsburg1520", table_size=3, rounds=1, duplicate=True)
    await register_all(event, tid)
    started = await event.organiser.click(tournament_message(event, tid), label="Start")
    games = await event.bot.store.tournaments.games(tid, 1)
    assert sorted(len(g.players) for g in games) == [3, 4]
    assert len({(await event.bot.store.tables.get(g.table_id)).seed for g in games}) == 2
    assert "has started" in answer(started) and "the same deal" not in answer(started), answer(started)


@pytest.mark.slow  # over half a second
async def test_a_duplicate_elimination_final_of_one_table_is_not_said_to_share_a_deal(simcord_env):
    from tests.bot.tournament_driver import answer, play_round

    event = event_without_private_threads(simcord_env, 6)
    tid = await create(event, format="elimination", table_size=3, duplicate=True)
    await register_all(event, tid)
    started = await event.organiser.click(tournament_message(event, tid), label="Start")
    assert "the same deal" in answer(started)  # round 1: two tables of 3 play one deal in public
    await play_round(event, tid, 1)
    final = await event.organiser.slash(event.channel, "tournament next")
    assert len(await event.bot.store.tournaments.games(tid, 2)) == 1
    assert "Round 2 is seated" in answer(final) and "the same deal" not in answer(final), answer(final)


@pytest.mark.slow
async def test_aelderman_standings_name_no_secret_mission_while_the_same_deal_is_played(simcord_env):
    """README (Fair deals): "A table that ends while another is still playing that deal keeps it
    secret until that game ends too". Each seat of that deal holds the same secret mission at both
    tables: the first table's standings say how each did, not which mission it was."""
    import discord

    from games.aelderman.data_missions import MISSIONS
    from tests.bot.driver import text_of

    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    admin = guild.add_member(env.create_user("ada"), roles=[guild.create_role(
        "mods", permissions=discord.Permissions(manage_guild=True))])
    bo, cy, dee = (guild.add_member(env.create_user(name)) for name in ("bo", "cy", "dee"))
    tables = []
    for seated in ([bo, cy], [dee, bo]):
        await admin.slash(channel, "table create", game="aelderman", seed=42)
        thread = channel.threads[-1]
        for player in seated:
            await player.click(thread.history()[0], label="Join")
        await admin.click(thread.history()[0], label="Start")
        tables.append((await env.bot.store.tables.by_thread(thread.id), thread))
    (first, first_thread), (second, _) = tables
    await play_out(env.bot, first.id)
    assert (await env.bot.store.tables.get(second.id)).status == "running"
    standings = next(m for m in first_thread.history() if m.embeds and "final standings" in m.embeds[0].title)
    shown = text_of(standings)
    assert "A secret mission:" in shown and "council votes" in shown, shown
    assert not [m.name for m in MISSIONS.values() if m.name in shown], shown
    assert "Checked against" not in shown  # nor what it asked
