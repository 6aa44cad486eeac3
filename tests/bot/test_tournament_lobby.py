"""A tournament table waits in its lobby while Discord refuses its thread (README: it "waits (not
started)" and the thread is tried again). The tournament seats its own tables: nobody leaves,
joins or changes that lobby, and only Manage Server cancels it, so it starts once the thread opens."""

from __future__ import annotations

from tests.reliability.forge import forge_component
from tests.bot.tournament_driver import answer, create, new_event, register_all, tournament_message

THREAD_RETRY = 130  # seconds: past the bot's retry of a refused thread


async def waiting_table(env):
    env.check_errors = False
    event = new_event(env, 4)
    tournament = await create(event, game="augsburg1520", table_size=2, rounds=1)
    await register_all(event, tournament)
    env.inject_error("POST", f"/channels/{event.channel.id}/threads", status=500, times=1)
    await event.organiser.click(tournament_message(event, tournament), label="Start")
    games = await event.bot.store.tournaments.games(tournament, 1)
    table = await event.bot.store.tables.get(games[0].table_id)
    assert table.status == "lobby"
    return event, table


async def test_a_player_cannot_leave_a_tournament_table_waiting_for_its_thread(simcord_env):
    event, table = await waiting_table(simcord_env)
    seats = await event.bot.store.tables.seats(table.id)
    player = event.by_id(seats[0].user_id)
    text = answer(await player.slash(event.channel, "table leave", table=table.id))
    assert "game of a tournament" in text and "Once it runs, the tournament's organisers can replace" in text, text
    assert len(await event.bot.store.tables.seats(table.id)) == 2
    await simcord_env.advance_time(THREAD_RETRY)
    assert (await event.bot.store.tables.get(table.id)).status == "running"


async def test_its_organiser_cannot_cancel_it_as_a_lobby(simcord_env):
    """Its creator is the organiser; the tournament is cancelled with /tournament cancel."""
    event, table = await waiting_table(simcord_env)
    text = answer(await event.organiser.slash(event.channel, "table cancel", table=table.id))
    assert "cancelled by someone with Manage Server" in text, text
    await simcord_env.advance_time(THREAD_RETRY)
    assert (await event.bot.store.tables.get(table.id)).status == "running"


async def test_an_outsider_cannot_join_it_with_a_forged_lobby_button(simcord_env):
    event, table = await waiting_table(simcord_env)
    outsider = event.guild.add_member(simcord_env.create_user("outsider"))
    carrier = event.channel.history()[-1]  # the tournament's message
    answered = await forge_component(outsider, carrier, f"lobby:join:{table.id}")
    assert "game of a tournament" in answered.response.content, answered.response.content
    assert outsider.id not in [s.user_id for s in await event.bot.store.tables.seats(table.id)]


async def test_the_organiser_cannot_start_a_tournament_table_waiting_for_its_thread(simcord_env):
    """"A tournament seats, deals and starts its own tables": its creator of record is the organiser,
    whose forged Start must not run it without its thread (and before its round is open)."""
    from tests.reliability.forge import refused
    env = simcord_env
    event, table = await waiting_table(env)
    assert table.thread_id is None
    text = refused(await forge_component(event.organiser, tournament_message(event, table.tournament_id),
                                         f"lobby:start:{table.id}"))
    assert "is a game of a tournament" in text, text
    assert (await env.bot.store.tables.get(table.id)).status == "lobby"
    await env.advance_time(THREAD_RETRY)  # the retry opens its thread and starts it as the tournament does
    after = await env.bot.store.tables.get(table.id)
    assert after.status == "running" and after.thread_id is not None and after.board_message_id is not None


async def test_abandon_at_it_points_to_withdraw_which_works(simcord_env):
    """README: "nobody joins, leaves or changes such a lobby"; a refusal says what is allowed, so
    /table abandon there names the tournament's **Withdraw**, not the lobby's refused **Leave**."""
    event, table = await waiting_table(simcord_env)
    seats = await event.bot.store.tables.seats(table.id)
    player = event.by_id(seats[0].user_id)
    text = answer(await player.slash(event.channel, "table abandon", table=table.id))
    assert "nothing to abandon" in text and "**Withdraw**" in text and "Leave" not in text, text
    said = answer(await player.click(tournament_message(event, table.tournament_id), label="Withdraw"))
    assert "withdr" in said.lower(), said
    await simcord_env.advance_time(THREAD_RETRY)
    seats = await event.bot.store.tables.seats(table.id)
    gone = next(s for s in seats if s.user_id == player.id)
    assert gone.forfeited and gone.ai  # the table started without them: a computer finishes their seat
