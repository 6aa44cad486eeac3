"""The organiser's tools during a round: progress, deadlines, replacing and forfeiting players."""

from __future__ import annotations

import pytest

from bot.render.base import shown_name
from play.tournaments.organiser import ROUND_TIMER
from tests.bot.tournament_driver import (answer, create, new_event, play_out, play_round, register_all,
                                         tournament_message)


def deadline_notices(channel) -> int:
    return sum("has passed" in (m.content or "") for m in channel.history())


@pytest.mark.slow
async def test_progress_deadline_and_extension(simcord_env):
    event = new_event(simcord_env, 6)
    tid = await create(event, rounds=1, hours=1)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    status = await event.players[0].click(tournament_message(event, tid), label="Round progress")
    text = status.response.embeds[0].description
    assert "0 of 2 tables finished" in text and "waiting for" in text and "Board 2" in text

    # When the deadline passes nothing is decided for anyone: the organiser is told what is open.
    await simcord_env.advance_time(3700)
    notice = event.channel.last_message
    assert "deadline of round 1 has passed" in notice.content
    assert event.organiser.mention in notice.content and notice.content.count("Board") == 2
    tables = [await event.bot.store.tables.get(g.table_id) for g in await event.bot.store.tournaments.games(tid, 1)]
    assert [t.status for t in tables] == ["running", "running"]

    extended = await event.organiser.slash(event.channel, "tournament extend", hours=2)
    assert "Deadline extended" in answer(extended)
    assert "deadline of the current round is now" in event.channel.last_message.content
    await simcord_env.advance_time(3600)
    assert deadline_notices(event.channel) == 1
    await simcord_env.advance_time(3700)
    assert deadline_notices(event.channel) == 2

    # The deadline's timer is replaced by an extension and goes when the round ends: none is left
    # to fall due for nothing.
    await event.organiser.slash(event.channel, "tournament extend", hours=5)
    await event.organiser.slash(event.channel, "tournament extend", hours=5)
    assert len(await event.bot.store.tables.timers(kind=ROUND_TIMER)) == 1
    await play_round(event, tid, 1)
    assert (await event.bot.store.tournaments.get(tid)).status == "finished"
    assert await event.bot.store.tables.timers(kind=ROUND_TIMER) == []


async def round_one_of_two_tables(env):
    """Six players, one round, started: the event, its id and the two games."""
    event = new_event(env, 6)
    tid = await create(event, rounds=1)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    return event, tid, await event.bot.store.tournaments.games(tid, 1)


@pytest.mark.slow
async def test_replace_and_forfeit_absent_players(simcord_env):
    event, tid, (first, second) = await round_one_of_two_tables(simcord_env)
    bot = event.bot
    absent, quitter = event.by_id(first.players[0]), event.by_id(second.players[0])

    refused = await event.players[5].slash(event.channel, "tournament replace", player=absent)
    assert "organiser" in answer(refused)
    replaced = await event.organiser.slash(event.channel, "tournament replace", player=absent)
    assert "plays the seat on" in answer(replaced)
    seat = next(s for s in await bot.store.tables.seats(first.table_id) if s.user_id == absent.id)
    assert (seat.ai, seat.forfeited) == ("heuristic", False)
    thread_id = (await bot.store.tables.get(first.table_id)).thread_id
    thread = next(t for t in event.channel.threads if t.id == thread_id)
    assert any("replaced" in (m.content or "") for m in thread.history())

    forfeited = await event.organiser.slash(event.channel, "tournament forfeit", player=quitter)
    assert "forfeits this game" in answer(forfeited)
    again = await event.organiser.slash(event.channel, "tournament forfeit", player=quitter)
    assert "already forfeited" in answer(again)
    nobody = await event.organiser.slash(event.channel, "tournament forfeit", player=event.organiser)
    assert "no game running" in answer(nobody)

    await play_round(event, tid, 1)
    first_result = (await bot.store.tournaments.game_of_table(first.table_id)).result
    second_result = (await bot.store.tournaments.game_of_table(second.table_id)).result
    # A replaced player keeps the place the computer player earned; a forfeit ranks last.
    assert first_result["forfeits"] == [] and any(absent.id in g for g in first_result["ranking"])
    assert second_result["forfeits"] == [quitter.id]
    rows = {row.player_id: row for row in await bot.tournaments.standings(tid)}
    assert rows[quitter.id].points == 0 and rows[quitter.id].forfeits == 1
    # The replaced player's table is not rated; the forfeited one is, with the forfeit last.
    assert not await bot.store.ratings.is_rated(first.table_id)
    (line,) = await bot.store.ratings.history(event.guild.id, quitter.id)
    assert (line.table_id, line.place, line.forfeited) == (second.table_id, 3, True)
    assert (await bot.store.tournaments.get(tid)).status == "finished"


async def test_withdrawing_after_abandoning_the_round_table(simcord_env):
    """A player who abandoned their round's table and then withdraws is told they withdrew (their
    seat stays forfeited), not an error about the table."""
    event = new_event(simcord_env, 4)
    bot = event.bot
    tid = await create(event, rounds=2)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    game = (await bot.store.tournaments.games(tid, 1))[0]
    player = event.by_id(game.players[0])
    thread_id = (await bot.store.tables.get(game.table_id)).thread_id
    thread = next(t for t in event.channel.threads if t.id == thread_id)
    assert "abandoned" in answer(await player.slash(thread, "table abandon"))
    withdrew = await player.click(tournament_message(event, tid), label="Withdraw")
    assert "You withdrew from the tournament" in answer(withdrew)
    assert "already forfeited" not in answer(withdrew)
    assert next(e for e in await bot.tournaments.entrants(tid) if e.user_id == player.id).withdrawn


@pytest.mark.slow
async def test_a_replaced_player_who_then_forfeits_or_withdraws_leaves_the_game_unrated(simcord_env):
    """README: a computer 'that replaced an absent player, makes it unrated for everyone' — also
    when the replaced player is forfeited or withdraws afterwards."""
    event, tid, (first, second) = await round_one_of_two_tables(simcord_env)
    bot = event.bot
    absent, leaver = event.by_id(first.players[0]), event.by_id(second.players[0])
    for player in (absent, leaver):
        assert "not rated" in answer(await event.organiser.slash(event.channel, "tournament replace", player=player))
    assert "forfeits this game" in answer(await event.organiser.slash(event.channel, "tournament forfeit",
                                                                      player=absent))
    assert "withdrew" in answer(await leaver.click(tournament_message(event, tid), label="Withdraw"))
    await play_round(event, tid, 1)
    assert not await bot.store.ratings.is_rated(first.table_id)
    assert not await bot.store.ratings.is_rated(second.table_id)


@pytest.mark.slow
async def test_the_end_congratulates_the_best_player_still_in_the_tournament(simcord_env):
    event = new_event(simcord_env, 6)
    bot = event.bot
    tid = await create(event, format="elimination", advance=1)
    await register_all(event, tid)
    await event.organiser.slash(event.channel, "tournament start")
    await play_round(event, tid, 1)
    leader = next(row.player_id for row in await bot.tournaments.standings(tid) if row.rank == 1)
    quitter = event.by_id(leader)  # the first listed withdraws
    assert "withdrew" in answer(await quitter.click(tournament_message(event, tid), label="Withdraw"))
    await event.organiser.slash(event.channel, "tournament finish")
    again = answer(await event.organiser.slash(event.channel, "tournament finish", tournament=tid))
    assert again == f"Tournament #{tid} is already finished.", again
    active = [row for row in await bot.tournaments.standings(tid) if not row.withdrawn]
    best = min(row.rank for row in active)
    end = event.channel.last_message.content
    assert "is over" in end and quitter.mention not in end
    assert all(event.by_id(row.player_id).mention in end for row in active if row.rank == best)


async def test_an_admin_cancelling_the_last_table_of_a_round_ends_the_round(simcord_env):
    """`/table cancel` of a tournament table (Manage Server): its players forfeit, and the round it
    completes is announced with its standings and the Start next round button, as any round end."""
    import discord

    event = new_event(simcord_env, 3)
    tournament = await create(event, rounds=2)
    await register_all(event, tournament)
    await event.organiser.click(tournament_message(event, tournament), label="Start")
    mods = event.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    mod = event.guild.add_member(simcord_env.create_user("mod"), roles=[mods])
    (game,) = await event.bot.store.tournaments.games(tournament, 1)
    table = await event.bot.store.tables.get(game.table_id)
    thread = next(t for t in event.channel.threads if t.id == table.thread_id)
    cancelled = await mod.slash(thread, "table cancel")
    assert cancelled.ephemeral and "is cancelled" in answer(cancelled)
    summary = event.channel.last_message
    assert "round 1 is complete" in summary.content and "standings after round 1" in summary.embeds[0].title
    assert "Start next round" in [c.label for row in summary.components for c in row.children]
    assert all(row.games == 1 for row in await event.bot.tournaments.standings(tournament))


async def test_a_tournament_table_everyone_abandons_closes_unrated(simcord_env):
    """Nobody left playing: the table closes (computers do not play it out for a rated result
    nobody played for); its players forfeit and share its last place, and the round goes on."""
    event = new_event(simcord_env, 4)
    tournament = await create(event, game="augsburg1520", table_size=2, rounds=2)
    await register_all(event, tournament)
    await event.organiser.click(tournament_message(event, tournament), label="Start")
    first, second = await event.bot.store.tournaments.games(tournament, 1)
    table = await event.bot.store.tables.get(first.table_id)
    thread = next(t for t in event.channel.threads if t.id == table.thread_id)
    for player in first.players:
        answered = await event.by_id(player).slash(thread, "table abandon")
        assert answered.ephemeral
    assert (await event.bot.store.tables.get(first.table_id)).status == "cancelled"
    assert not await event.bot.store.ratings.is_rated(first.table_id)
    assert (await event.bot.store.tournaments.game_of_table(first.table_id)).result is not None
    await play_out(event.bot, second.table_id)  # the other table: then the round ends with standings
    assert "standings after round 1" in event.channel.last_message.embeds[0].title
    points = {row.player_id: row.points for row in await event.bot.tournaments.standings(tournament)}
    assert points[first.players[0]] == points[first.players[1]] == 0.5


async def test_an_organiser_who_plays_does_not_forfeit_an_opponent_before_the_deadline(simcord_env):
    """Forfeits and replacements are for absent players: at the organiser's own table, not while the
    round's time runs (that would win the table); after the deadline as at any table."""
    event = new_event(simcord_env, 1)
    tournament = await create(event, game="augsburg1520", table_size=2, rounds=1, hours=2)
    await event.organiser.click(tournament_message(event, tournament), label="Register")
    await register_all(event, tournament)
    await event.organiser.click(tournament_message(event, tournament), label="Start")
    (game,) = await event.bot.store.tournaments.games(tournament, 1)
    opponent = event.players[0]
    for command in ("tournament forfeit", "tournament replace"):
        refused = await event.organiser.slash(event.channel, command, player=opponent)
        assert refused.ephemeral and "You play at that table yourself" in answer(refused)
    assert not any(s.ai for s in await event.bot.store.tables.seats(game.table_id))
    await simcord_env.advance_time(2 * 3600 + 60)  # the deadline passed: the opponent never came
    done = await event.organiser.slash(event.channel, "tournament forfeit", player=opponent)
    assert "forfeits" in answer(done)


async def test_a_replaced_players_table_says_in_its_standings_why_it_is_not_rated(simcord_env):
    event = new_event(simcord_env, 2)
    tournament = await create(event, game="augsburg1520", table_size=2, rounds=1)
    await register_all(event, tournament)
    await event.organiser.click(tournament_message(event, tournament), label="Start")
    (game,) = await event.bot.store.tournaments.games(tournament, 1)
    replaced = await event.organiser.slash(event.channel, "tournament replace", player=event.by_id(game.players[0]))
    assert replaced.ephemeral
    await play_out(event.bot, game.table_id)
    table = await event.bot.store.tables.get(game.table_id)
    thread = next(t for t in event.channel.threads if t.id == table.thread_id)
    standings = next(m for m in reversed(thread.history()) if m.embeds and "final standings" in m.embeds[0].title)
    field = next(f.value for f in standings.embeds[0].fields if f.name == "Rating changes")
    assert field == "None: not rated, as a computer player played an absent player's seat on their behalf."


async def test_table_cancel_at_a_tournament_table_points_to_the_organisers_tools(simcord_env):
    """README limits the creator's cancel vote to casual games: at a tournament table (whose
    creator is stored as the organiser) `/table cancel` points to what works there instead."""
    event = new_event(simcord_env, 3)
    tid = await create(event, rounds=2)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    (game,) = await event.bot.store.tournaments.games(tid, 1)
    table = await event.bot.store.tables.get(game.table_id)
    thread = next(t for t in event.channel.threads if t.id == table.thread_id)
    for who in (event.organiser, event.players[0]):
        refused = await who.slash(thread, "table cancel")
        assert refused.ephemeral and answer(refused).startswith(
            "A tournament game is cancelled by someone with Manage Server; its organisers can forfeit or replace a "
            "seat (`/tournament forfeit`, `/tournament replace`) or cancel the tournament"), answer(refused)
    assert (await event.bot.store.tables.get(game.table_id)).status == "running"


@pytest.mark.slow  # a round played out
async def test_players_who_left_the_server_are_not_seated_in_the_next_round(simcord_env):
    """README: "a player who has left the server is not seated in it (a registration is removed;
    an entrant is withdrawn), and the organiser's answer names them"."""
    event = new_event(simcord_env, 8)
    tid = await create(event, rounds=2)
    await register_all(event, tid)
    early, late = event.players[7], event.players[0]
    event.guild.remove_member(early)  # registered, then left before the start
    started = await event.organiser.click(tournament_message(event, tid), label="Start")
    assert "Withdrawn, as they have left the server: p7." in answer(started), answer(started)
    seated = {p for g in await event.bot.store.tournaments.games(tid, 1) for p in g.players}
    assert seated == {p.id for p in event.players[:7]}  # tables of 3 and 4
    event.guild.remove_member(late)  # left during round 1, which they finish
    await play_round(event, tid, 1)
    following = await event.organiser.slash(event.channel, "tournament next", tournament=tid)
    assert "Withdrawn, as they have left the server: p0." in answer(following), answer(following)
    seated = {p for g in await event.bot.store.tournaments.games(tid, 2) for p in g.players}
    assert seated == {p.id for p in event.players[1:7]}  # two tables of 3
    entrants = {e.user_id: e for e in await event.bot.store.tournaments.players(tid)}
    assert early.id not in entrants and entrants[late.id].withdrawn


async def test_a_player_who_left_during_a_round_still_being_played_keeps_their_seat(simcord_env):
    """Only a round about to be seated leaves out players who left: "Next round" pressed while
    the round is still played is refused, and withdraws nobody."""
    event, tid, games = await round_one_of_two_tables(simcord_env)
    gone = event.players[0]
    event.guild.remove_member(gone)
    refused = await event.organiser.slash(event.channel, "tournament next", tournament=tid)
    assert "still being played" in answer(refused) and "left the server" not in answer(refused), answer(refused)
    entrant = next(e for e in await event.bot.store.tournaments.players(tid) if e.user_id == gone.id)
    table_id = next(g.table_id for g in games if gone.id in g.players)
    seat = next(s for s in await event.bot.store.tables.seats(table_id) if s.user_id == gone.id)
    assert not entrant.withdrawn and not seat.forfeited and seat.ai is None


async def test_a_refused_start_names_the_players_whose_registration_it_removed(simcord_env):
    """README: "the organiser's answer names them" — also when the start is then refused."""
    event = new_event(simcord_env, 3)
    tid = await create(event, rounds=1)  # Baumeister, tables of 3
    await register_all(event, tid)
    event.guild.remove_member(event.players[2])
    text = answer(await event.organiser.click(tournament_message(event, tid), label="Start"))
    assert "At least 3 players must register" in text and "Withdrawn, as they have left the server: p2." in text, text
    assert len(await event.bot.store.tournaments.players(tid)) == 2


@pytest.mark.slow  # over half a second
async def test_a_refused_next_round_names_the_players_it_withdrew(simcord_env):
    """The same when the next round is then refused: a player who left the server after round 1
    is withdrawn, too few are left to seat round 2, and the answer says both."""
    event = new_event(simcord_env, 3)
    tid = await create(event, rounds=2)  # Baumeister, tables of 3
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    await play_round(event, tid, 1)
    event.guild.remove_member(event.players[2])
    text = answer(await event.organiser.slash(event.channel, "tournament next", tournament=tid))
    assert "Round 2 cannot be seated" in text and "Withdrawn, as they have left the server: p2." in text, text
    assert next(e for e in await event.bot.store.tournaments.players(tid) if e.user_id == event.players[2].id).withdrawn


@pytest.mark.slow  # over half a second
async def test_an_answer_naming_more_players_than_one_message_holds_names_them_all(simcord_env):
    """35 registered players with long names left the server before the start: the organiser's
    answer names every one, whole, over as many messages as it takes (Discord allows 2,000
    characters a message), and still says the round is seated."""
    def long_name(i: int) -> str:
        return "*_" * 11 + f"Bo, Jo{i:04d}"  # 32 characters, Discord's most, a comma inside; escaped longer

    event = new_event(simcord_env, 0)
    event.players = [event.guild.add_member(simcord_env.create_user(f"u{i}"), nick=long_name(i)) for i in range(60)]
    tournament = await create(event, game="augsburg1520", table_size=5, rounds=2)
    await register_all(event, tournament)
    for player in event.players[25:]:
        event.guild.remove_member(player)
    started = await event.organiser.click(tournament_message(event, tournament), label="Start")
    parts = [started.response.content or ""] + [f.content or "" for f in started.followups]
    assert len(parts) > 1 and all(len(part) <= 2000 for part in parts)
    text = "\n".join(parts)
    assert text.startswith(f"Tournament #{tournament} has started: round 1 is seated.")
    names = text.split("Withdrawn, as they have left the server:\n")[1].splitlines()
    assert names == [f"- {shown_name(long_name(i))}" for i in range(25, 60)]


async def test_standings_before_anyone_registered_say_so(simcord_env):
    event = new_event(simcord_env, 0)
    tournament = await create(event, rounds=1)
    result = await event.organiser.slash(event.channel, "tournament standings", tournament=tournament)
    embed = result.response.embeds[0]
    assert result.ephemeral and "Nobody has registered yet" in (embed.description or ""), embed.to_dict()


async def test_a_member_who_may_not_create_a_tournament_is_told_so_before_anything_about_its_options(simcord_env):
    """README: `/tournament create` is for organisers. A member without the role is told that first,
    whatever they typed: not the game's option list, as if fixing the options would let them."""
    event = new_event(simcord_env, 1)
    member = event.players[0]
    for options in ({"options": "foo=1"}, {}):
        said = answer(await member.slash(event.channel, "tournament create", game="baumeister", format="swiss",
                                         table_size=3, rounds=2, **options))
        assert "can create tournaments" in said and "foo" not in said, said
    assert not [m for m in event.channel.history() if m.embeds]  # nothing was opened


async def test_status_and_standings_of_a_tournament_cancelled_mid_round_say_so(simcord_env):
    """After `/tournament cancel` mid-round, the round's status does not read as a round complete
    and timed (its running tables were cancelled with it), and the standings say when they stopped."""
    event = new_event(simcord_env, 6)
    tid = await create(event, rounds=2)
    await register_all(event, tid)
    await event.organiser.slash(event.channel, "tournament start")
    await event.organiser.slash(event.channel, "tournament cancel")
    status = (await event.players[0].slash(event.channel, "tournament status", tournament=tid)).response.embeds[0]
    assert status.description.startswith("This tournament was cancelled; its tables as they ended:")
    assert "Deadline" not in status.description and "tables finished" not in status.description
    standings = (await event.players[0].slash(event.channel, "tournament standings", tournament=tid)).response
    assert standings.embeds[0].title.endswith("standings when it was cancelled"), standings.embeds[0].title
