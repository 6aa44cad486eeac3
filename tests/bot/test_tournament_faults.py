"""Discord refusing a tournament's posts or threads for a moment: nothing is left half done. The
round's tables start once they have a thread, the organiser is answered and told, and what was
refused is tried again by a timer, without a restart."""

from __future__ import annotations

import discord
import pytest

from bot import create_bot

from tests.bot.driver import Table, heuristic_players, play_to_the_end
from tests.bot.tournament_driver import (answer, create, new_event, play_out, play_round, register_all,
                                         tournament_message)

RETRY = 130  # a little more than the first wait before a new try


def titled(event, text: str) -> list:
    return [m for m in event.channel.history() if m.embeds and text in (m.embeds[0].title or "")]


def as_now(event, message):
    """The channel's message as it is now."""
    return next(m for m in event.channel.history() if m.id == message.id)


async def round_tables(event, tournament: int, round_no: int) -> list:
    return [await event.bot.store.tables.get(g.table_id)
            for g in await event.bot.store.tournaments.games(tournament, round_no)]


async def start_tournament(env, rounds: int, refuse: str | None = None, times: int | None = 1):
    """Four players registered for an Augsburg 1520 tournament of tables of two; Discord refuses
    POSTs to `refuse` (a path under the tournament's channel) `times` times; the organiser presses
    Start. Returns (event, tournament id, the answer to Start)."""
    env.check_errors = False
    event = new_event(env, 4)
    tournament = await create(event, game="augsburg1520", table_size=2, rounds=rounds)
    await register_all(event, tournament)
    if refuse:
        env.inject_error("POST", f"/channels/{event.channel.id}/{refuse}", status=500, times=times)
    return event, tournament, await event.organiser.click(tournament_message(event, tournament), label="Start")


async def test_a_refused_round_announcement_still_starts_the_tables_and_is_posted_later(simcord_env):
    event, tournament, started = await start_tournament(simcord_env, 1, "messages")
    assert "round 1 is seated" in answer(started) and "I try again in two minutes" in answer(started)
    tables = await round_tables(event, tournament, 1)
    assert all(t.status == "running" and t.thread_id and t.board_message_id for t in tables)
    assert titled(event, "round 1") == []
    await simcord_env.advance_time(RETRY)
    assert len(titled(event, "round 1")) == 1


async def test_a_table_whose_thread_was_refused_waits_for_it_and_starts_when_it_opens(simcord_env):
    event, tournament, started = await start_tournament(simcord_env, 1, "threads")
    assert "I try again in two minutes" in answer(started)
    first, second = await round_tables(event, tournament, 1)
    assert (first.status, first.thread_id) == ("lobby", None)  # no thread, so no board: not started yet
    assert second.status == "running" and second.board_message_id
    assert titled(event, "round 1") == []  # announced once every table is open
    await simcord_env.advance_time(RETRY)
    first = await event.bot.store.tables.get(first.id)
    assert first.status == "running" and first.thread_id and first.board_message_id
    assert len(titled(event, "round 1")) == 1


@pytest.mark.parametrize("then", ["retry", "restart"])
async def test_a_table_cancelled_while_it_waited_for_its_thread_gets_none(simcord_env, settings, then):
    """README: such a table "waits (not started) for it ... and only Manage Server cancels it". Once
    cancelled, neither the retry nor the next start opens a thread for it or pings its players to
    play; the round's announcement says it was cancelled."""
    event, tournament, _ = await start_tournament(simcord_env, 2, "threads")
    waiting = next(t for t in await round_tables(event, tournament, 1) if t.status == "lobby")
    admins = event.guild.create_role("Admin", permissions=discord.Permissions(manage_guild=True))
    admin = event.guild.add_member(simcord_env.create_user("admin"), roles=[admins])
    assert "is cancelled" in answer(await admin.slash(event.channel, "table cancel", table=waiting.id))
    if then == "retry":
        await simcord_env.advance_time(RETRY)
    else:
        await simcord_env.restart_bot(create_bot(settings))
    bot = simcord_env.bot
    after = await bot.store.tables.get(waiting.id)
    assert after.status == "cancelled" and after.thread_id is None
    (announced,) = titled(event, "round 1")
    board = next(line for line in announced.embeds[0].description.splitlines() if f"table #{waiting.id}" in line)
    assert "cancelled" in board, board


async def test_a_forfeit_at_a_table_waiting_for_its_thread_says_why_it_waits(simcord_env):
    """`/tournament status` lists the player at a table waiting for its thread; a forfeit or a
    replacement of that player is refused with that reason (not "no game running"), and goes
    through once the table has started. The player's `/table hand` says the tournament starts it."""
    event, tournament, _ = await start_tournament(simcord_env, 1, "threads")
    waiting = next(t for t in await round_tables(event, tournament, 1) if t.status == "lobby")
    player = event.by_id((await event.bot.store.tables.seats(waiting.id))[0].user_id)
    for command in ("tournament forfeit", "tournament replace"):
        said = answer(await event.organiser.slash(event.channel, command, player=player))
        assert f"table (#{waiting.id}) has not started yet" in said and "no game running" not in said, said
    said = answer(await player.slash(event.channel, "table hand", table=waiting.id))  # no Start for players here
    assert "the tournament starts it once its thread opens" in said and "**Start**" not in said, said
    await simcord_env.advance_time(RETRY)
    said = answer(await event.organiser.slash(event.channel, "tournament forfeit", player=player))
    assert "has not started" not in said and "no game running" not in said, said
    assert any(s.forfeited for s in await event.bot.store.tables.seats(waiting.id))


@pytest.mark.slow
async def test_refused_round_standings_are_posted_again_without_a_restart(simcord_env):
    event, tournament, _ = await start_tournament(simcord_env, 2)
    first, second = await round_tables(event, tournament, 1)
    await play_out(event.bot, first.id)
    # The last table ends by its players' clicks; the round's standings are then refused once.
    thread = next(t for t in event.channel.threads if t.id == second.thread_id)
    seated = {s.user_id for s in await event.bot.store.tables.seats(second.id)}
    table = Table(simcord_env, event.guild, event.channel, thread, second.id,
                  [p for p in event.players if p.id in seated])
    simcord_env.inject_error("POST", f"/channels/{event.channel.id}/messages", status=500)
    await play_to_the_end(table, heuristic_players("augsburg1520", 2))
    assert titled(event, "standings after round 1") == []
    await simcord_env.advance_time(RETRY)
    summary = titled(event, "standings after round 1")
    assert len(summary) == 1 and "Start next round" in str(summary[0].components)


async def test_the_next_round_command_opens_tables_still_waiting_for_their_threads(simcord_env):
    """Discord kept refusing a round's threads: `/tournament next` (or the timer, which keeps
    trying) opens them once Discord takes them, and says so, instead of "seated already"."""
    event, tournament, _ = await start_tournament(simcord_env, 2, "threads", times=None)
    status = await event.players[0].slash(event.channel, "tournament status", tournament=tournament)
    assert "waiting for its thread" in status.response.embeds[0].description
    simcord_env.backend.faults.clear()
    again = await event.organiser.slash(event.channel, "tournament next", tournament=tournament)
    assert answer(again) == "Round 1 is seated already; its tables are all open now."
    assert all(t.status == "running" and t.board_message_id for t in await round_tables(event, tournament, 1))
    assert len(titled(event, "round 1")) == 1


@pytest.mark.slow
async def test_a_round_end_posted_late_after_the_next_round_has_no_button_and_pings_nobody(simcord_env):
    event, tournament, _ = await start_tournament(simcord_env, 3)
    first, second = await round_tables(event, tournament, 1)
    await play_out(event.bot, first.id)
    simcord_env.inject_error("POST", f"/channels/{event.channel.id}/messages", status=500, times=3)
    await play_out(event.bot, second.id)  # round 1's standings refused; then the next round's posts
    seated = await event.organiser.slash(event.channel, "tournament next", tournament=tournament)
    assert "Round 2 is seated" in answer(seated) and "I try again in two minutes" in answer(seated)
    await simcord_env.advance_time(RETRY)
    (late,) = titled(event, "standings after round 1")
    assert late.content == "The standings after round 1."
    assert not late.components and "<@" not in late.content
    assert len(titled(event, "round 2")) == 1


@pytest.mark.slow
async def test_final_standings_refused_at_finish_are_posted_later(simcord_env):
    event, tournament, _ = await start_tournament(simcord_env, 3)
    for table in await round_tables(event, tournament, 1):
        await play_out(event.bot, table.id)
    simcord_env.inject_error("POST", f"/channels/{event.channel.id}/messages", status=500)
    finished = await event.organiser.slash(event.channel, "tournament finish", tournament=tournament)
    assert answer(finished) == f"Tournament #{tournament} is finished."
    assert titled(event, "final standings") == []
    await simcord_env.advance_time(RETRY)
    assert len(titled(event, "final standings")) == 1


async def test_a_player_who_withdrew_while_the_table_waited_for_its_thread_is_not_seated_in_it(simcord_env):
    event, tournament, _ = await start_tournament(simcord_env, 2, "threads")
    waiting = next(t for t in await round_tables(event, tournament, 1) if t.status == "lobby")
    seated = {s.user_id for s in await event.bot.store.tables.seats(waiting.id)}
    leaver = next(p for p in event.players if p.id in seated)
    await leaver.click(tournament_message(event, tournament), label="Withdraw")
    await simcord_env.advance_time(RETRY)
    assert (await event.bot.store.tables.get(waiting.id)).status == "running"
    seat = next(s for s in await event.bot.store.tables.seats(waiting.id) if s.user_id == leaver.id)
    assert seat.forfeited


async def test_organiser_commands_are_answered_when_discord_refuses_their_notice_in_the_channel(simcord_env):
    event, tournament, _ = await start_tournament(simcord_env, 2)
    simcord_env.inject_error("POST", f"/channels/{event.channel.id}/messages", status=403, code=50013)
    extended = await event.organiser.slash(event.channel, "tournament extend", hours=2)
    assert answer(extended).startswith("Deadline extended to")
    simcord_env.inject_error("POST", f"/channels/{event.channel.id}/messages", status=500)
    cancelled = await event.organiser.slash(event.channel, "tournament cancel")
    assert answer(cancelled) == f"Tournament #{tournament} is cancelled."
    assert (await event.bot.store.tournaments.get(tournament)).status == "cancelled"
    assert not simcord_env.errors


@pytest.mark.slow
async def test_the_next_round_is_seated_when_discord_lost_the_command_answer(simcord_env):
    """The interaction expired before the bot could answer (Discord says "Unknown interaction"):
    the organiser asked for the next round, so it is seated all the same."""
    event, tournament, _ = await start_tournament(simcord_env, 2)
    for table in await round_tables(event, tournament, 1):
        await play_out(event.bot, table.id)
    simcord_env.inject_error("POST", "/interactions/*/callback", status=404, code=10062, message="Unknown interaction")
    await event.organiser.slash(event.channel, "tournament next")
    assert [r.status for r in await event.bot.store.tournaments.rounds(tournament)] == ["finished", "running"]
    assert not simcord_env.errors


@pytest.mark.slow
async def test_a_start_next_round_button_discord_would_not_take_off_goes_later(simcord_env):
    event, tournament, _ = await start_tournament(simcord_env, 3)
    for table in await round_tables(event, tournament, 1):
        await play_out(event.bot, table.id)
    (summary,) = titled(event, "standings after round 1")
    simcord_env.inject_error("PATCH", f"/channels/{event.channel.id}/messages/{summary.id}", status=500, times=2)
    await event.organiser.click(summary, label="Start next round")
    assert as_now(event, summary).components  # Discord refused to take the button off
    await simcord_env.advance_time(RETRY)
    assert as_now(event, summary).components  # and refused again
    await simcord_env.advance_time(610)
    assert not as_now(event, summary).components


@pytest.mark.slow
async def test_final_standings_refused_while_the_organiser_asks_for_a_next_round_are_posted_later(simcord_env):
    """The last table of the last round ended unseen; `/tournament next` finds the tournament over,
    and Discord refuses its final standings then: they come with the retry."""
    event, tournament, _ = await start_tournament(simcord_env, 1)
    first, second = await round_tables(event, tournament, 1)
    await play_out(event.bot, first.id)
    await play_out(event.bot, second.id, publish=False)
    simcord_env.inject_error("POST", f"/channels/{event.channel.id}/messages", status=500)
    await event.organiser.slash(event.channel, "tournament next", tournament=tournament)
    assert titled(event, "final standings") == []
    await simcord_env.advance_time(RETRY)
    assert len(titled(event, "final standings")) == 1


async def test_a_tournament_message_a_moderator_deleted_is_posted_anew(simcord_env):
    """README: a tournament's message that a moderator deleted "is posted anew at its next change,
    or at `/tournament status`": it is the only place with Register and Withdraw."""
    event = new_event(simcord_env, 4)
    tid = await create(event, rounds=1)
    first = event.players[0]
    await first.click(tournament_message(event, tid), label="Register")
    mods = event.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    await event.guild.add_member(simcord_env.create_user("mod"), roles=[mods]).delete(tournament_message(event, tid))
    await event.organiser.slash(event.channel, "tournament status", tournament=tid)
    message = tournament_message(event, tid)
    assert (await event.bot.store.tournaments.get(tid)).message_id == message.id
    assert "registered" in (await event.players[1].click(message, label="Register")).response.content
    assert len(await event.bot.store.tournaments.players(tid)) == 2


async def test_a_deadline_notice_the_channel_refuses_is_tried_again_until_it_is_taken(simcord_env, caplog):
    """README: "when a round's deadline passes ... the bot tells the organiser in the channel which
    tables are still playing", and a refused one is tried again like the tournament's other posts."""
    event = new_event(simcord_env, 6)
    tid = await create(event, rounds=1, hours=1)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    channel = simcord_env.bot.get_channel(event.channel.id)
    await channel.set_permissions(simcord_env.bot.user, send_messages=False)  # a moderator's change
    simcord_env.check_errors = False
    for _ in range(8):  # the deadline passes; two hours of refused tries
        await simcord_env.advance_time(900)
    assert not [m for m in event.channel.history() if "has passed" in (m.content or "")]
    await channel.set_permissions(simcord_env.bot.user, overwrite=None)
    for _ in range(4):
        await simcord_env.advance_time(900)
    assert len([m for m in event.channel.history() if "has passed" in (m.content or "")]) == 1
    assert not [r for r in caplog.records if r.levelname == "ERROR"], [r.getMessage() for r in caplog.records]


@pytest.mark.slow  # over half a second
async def test_standings_refused_for_a_missing_permission_are_named_to_the_organiser_once(simcord_env, caplog,
                                                                                         settings):
    """Send Messages taken away in the tournament's channel while its round plays: the round's end
    is refused; the log and a DM to the organiser name the permission (once), and the standings
    are posted by the retry once it is given back."""
    event, tournament, _ = await start_tournament(simcord_env, 2)
    first, second = await round_tables(event, tournament, 1)
    channel = simcord_env.bot.get_channel(event.channel.id)
    await channel.set_permissions(simcord_env.bot.user, send_messages=False)
    await play_out(event.bot, first.id)
    thread = next(t for t in event.channel.threads if t.id == second.thread_id)  # the last by its players' clicks
    seated = {s.user_id for s in await event.bot.store.tables.seats(second.id)}
    await play_to_the_end(Table(simcord_env, event.guild, event.channel, thread, second.id,
                                [p for p in event.players if p.id in seated]), heuristic_players("augsburg1520", 2))
    await simcord_env.advance_time(RETRY * 3)
    assert titled(event, "standings after round 1") == []
    dms = [m.content for m in event.organiser.user.dm_channel.history() if "**Send Messages**" in (m.content or "")]
    assert len(dms) == 1 and f"tournament #{tournament}" in dms[0] and "I try again by myself" in dms[0], dms
    assert any("tournament" in r.getMessage() and "lacks Send Messages" in r.getMessage() for r in caplog.records)
    for _ in range(2):  # restarts try again, and do not tell the organiser again
        await simcord_env.restart_bot(create_bot(settings))
        await simcord_env.advance_time(RETRY)
    dms = [m.content for m in event.organiser.user.dm_channel.history() if "**Send Messages**" in (m.content or "")]
    assert len(dms) == 1, dms
    channel = simcord_env.bot.get_channel(event.channel.id)
    await channel.set_permissions(simcord_env.bot.user, send_messages=True)
    await simcord_env.advance_time(2 * 3600)  # the retries are hourly by then
    assert len(titled(event, "standings after round 1")) == 1


@pytest.mark.parametrize("press", ["Register", "Withdraw"])
async def test_a_tournament_message_discord_refused_at_a_registration_is_shown_later(simcord_env, press):
    """README: "the tournament's embed ... that Discord refuses [is] tried again 2, 10 and 30 minutes
    later": a Register or Withdraw whose edit of the message Discord refused is answered at once
    (the change is stored), and the message shows it after the retry, with no further press."""
    simcord_env.check_errors = False
    event = new_event(simcord_env, 3)
    tournament = await create(event, game="augsburg1520", table_size=2, rounds=1)
    first, second = event.players[:2]
    await first.click(tournament_message(event, tournament), label="Register")
    await second.click(tournament_message(event, tournament), label="Register")
    message = tournament_message(event, tournament)
    simcord_env.inject_error("PATCH", f"/channels/{event.channel.id}/messages/{message.id}", status=500, times=1)
    said = answer(await second.click(message, label=press))
    assert ("registered" if press == "Register" else "withdrew") in said
    entrants = " ".join(f.value for f in tournament_message(event, tournament).embeds[0].fields)
    assert entrants.count("p1") == 1  # as before the press: Discord refused the edit
    await simcord_env.advance_time(RETRY)
    entrants = " ".join(f.value for f in tournament_message(event, tournament).embeds[0].fields)
    assert ("~~" in entrants or "p1" not in entrants) if press == "Withdraw" else "p1" in entrants, entrants


async def test_a_tournament_whose_channel_was_deleted_is_not_seated_and_the_organiser_is_told_why(simcord_env):
    """README: before it seats a round the bot checks the tournament's channel and "refuses ...
    nothing is stored". A moderator deleted the channel during registration: the start is refused
    privately, saying so and what to do, and no table is seated."""
    event = new_event(simcord_env, 3)
    tid = await create(event, rounds=1)
    await register_all(event, tid)
    simcord_env.backend.delete_channel(event.channel.id)
    await simcord_env.settle()
    refused = await event.organiser.slash(event.guild.create_text_channel("other"), "tournament start", tournament=tid)
    assert refused.ephemeral and "channel was deleted" in answer(refused) and "/tournament cancel" in answer(refused)
    assert (await simcord_env.bot.store.tournaments.get(tid)).status == "registration"
    assert await simcord_env.bot.store.tournaments.games(tid, 1) == []


@pytest.mark.slow  # over half a second
async def test_a_tournament_whose_channel_went_after_a_round_can_be_finished_with_its_standings(simcord_env):
    """After a round played, the refusal of the next one points to `/tournament finish` too (the
    rounds played stand), and that finish ends the tournament without retrying posts to a channel
    that is gone."""
    event = new_event(simcord_env, 4)
    tid = await create(event, game="augsburg1520", table_size=2, rounds=2)
    await register_all(event, tid)
    await event.organiser.slash(event.channel, "tournament start", tournament=tid)
    await play_round(event, tid, 1)
    simcord_env.backend.delete_channel(event.channel.id)
    await simcord_env.settle()
    elsewhere = event.guild.create_text_channel("other")
    refused = await event.organiser.slash(elsewhere, "tournament next", tournament=tid)
    said = answer(refused)
    assert refused.ephemeral and "channel was deleted" in said and "/tournament finish" in said, said
    assert await simcord_env.bot.store.tournaments.games(tid, 2) == []
    finished = await event.organiser.slash(elsewhere, "tournament finish", tournament=tid)
    assert "is finished" in answer(finished)
    assert (await simcord_env.bot.store.tournaments.get(tid)).status == "finished"
    await simcord_env.advance_time(3 * 3600)
    timers = await simcord_env.bot.store.tables.timers()
    assert not [t for t in timers if (t.payload or {}).get("tournament_id") == tid], timers
