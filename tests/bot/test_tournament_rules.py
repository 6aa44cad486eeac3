"""Who may run a tournament, registration and withdrawal, byes, duplicate deals, elimination."""

from __future__ import annotations

import pytest

import discord

from games import registry
from tests.bot.driver import labels
from tests.bot.tournament_driver import (ORGANISER_ROLE, Event, answer, create, last_embed_titled, new_event,
                                         play_round, register_all, tournament_message)


async def test_only_organisers_create_start_and_run_rounds(simcord_env):
    event = new_event(simcord_env, 3)
    store = event.bot.store
    plain = event.players[0]
    refused = await plain.slash(event.channel, "tournament create", game="baumeister", format="swiss",
                                rounds=2, table_size=3)
    assert refused.ephemeral and "Tournament Organiser" in refused.response.content
    assert await store.tournaments.with_status("registration") == []

    # Manage Server is enough to create one; the organiser role is enough to run it.
    managers = event.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    mod = event.guild.add_member(simcord_env.create_user("mod"), roles=[managers])
    made = await mod.slash(event.channel, "tournament create", game="baumeister", format="swiss", rounds=1,
                           table_size=3)
    assert "open for registration" in made.response.content
    tid = (await store.tournaments.with_status("registration"))[0].id
    bad_size = await mod.slash(event.channel, "tournament create", game="baumeister", format="swiss", rounds=1,
                               table_size=5)
    assert "3-4 seats a table" in bad_size.response.content

    await event.players[0].click(tournament_message(event, tid), label="Register")
    early = await event.organiser.click(tournament_message(event, tid), label="Start")
    assert "At least 3 players must register; 1 has" in answer(early)
    for player in event.players[1:]:
        await player.click(tournament_message(event, tid), label="Register")
    not_organiser = await plain.click(tournament_message(event, tid), label="Start")
    assert not_organiser.ephemeral and "Only the tournament's organiser" in not_organiser.response.content
    for command, extra in [("tournament next", {}), ("tournament extend", {"hours": 2}),
                           ("tournament forfeit", {"player": event.players[1]}), ("tournament cancel", {})]:
        result = await plain.slash(event.channel, command, **extra)
        assert "organiser" in answer(result), command
    assert (await store.tournaments.get(tid)).status == "registration"

    started = await event.organiser.click(tournament_message(event, tid), label="Start")
    assert "round 1 is seated" in answer(started)
    again = await event.organiser.slash(event.channel, "tournament start")
    assert "already started" in answer(again)
    too_soon = await event.organiser.slash(event.channel, "tournament next")
    (game,) = await store.tournaments.games(tid, 1)
    assert f"Round 1 is still being played (table #{game.table_id})." in answer(too_soon), answer(too_soon)
    # and what the organiser can do meanwhile
    assert answer(too_soon).endswith(
        "`/tournament status` shows whom they wait for; an organiser can move the round's deadline with "
        "`/tournament extend`, or let a computer play an absent player's seat with `/tournament replace` or "
        "`/tournament forfeit`."), answer(too_soon)


@pytest.mark.slow
async def test_withdrawals_before_and_during_the_tournament_and_a_bye(simcord_env):
    event = new_event(simcord_env, 7)
    bot = event.bot
    tid = await create(event, rounds=2)
    await register_all(event, tid)
    early = await event.players[6].click(tournament_message(event, tid), label="Withdraw")
    assert "You withdrew" in early.response.content
    assert "Players (6)" in [f.name for f in tournament_message(event, tid).embeds[0].fields]
    assert [p.user_id for p in await bot.store.tournaments.players(tid)] == [p.id for p in event.players[:6]]
    await event.organiser.click(tournament_message(event, tid), label="Start")
    assert [len(g.players) for g in await bot.store.tournaments.games(tid, 1)] == [3, 3]

    # A player withdraws in the middle of round 1: their game goes on with a computer player in the
    # seat, they are ranked last there, and they are not seated again.
    leaver = event.players[0]
    game = next(g for g in await bot.store.tournaments.games(tid, 1) if leaver.id in g.players)
    left = await leaver.click(tournament_message(event, tid), label="Withdraw")
    assert "recorded as a forfeit" in left.response.content
    seat = next(s for s in await bot.store.tables.seats(game.table_id) if s.user_id == leaver.id)
    assert seat.forfeited and seat.ai == "heuristic"
    twice = await leaver.click(tournament_message(event, tid), label="Withdraw")
    assert "already withdrawn" in twice.response.content
    await play_round(event, tid, 1)
    result = (await bot.store.tournaments.game_of_table(game.table_id)).result
    assert result["forfeits"] == [leaver.id]

    # Five players remain for 3-4 seat tables: one table of four and a bye (nothing else works).
    await event.organiser.slash(event.channel, "tournament next")
    round2 = await bot.store.tournaments.games(tid, 2)
    byes = (await bot.store.tournaments.rounds(tid))[1].byes
    assert [len(g.players) for g in round2] == [4] and len(byes) == 1
    assert leaver.id not in round2[0].players + byes
    assert "Bye (0.5 points)" in last_embed_titled(event.channel, "round 2").embeds[0].description
    await play_round(event, tid, 2)
    rows = {row.player_id: row for row in await bot.tournaments.standings(tid)}
    assert rows[byes[0]].byes == 1 and rows[leaver.id].withdrawn and rows[leaver.id].points == 0
    final = last_embed_titled(event.channel, "final standings").embeds[0].description
    assert f"~~{leaver.name}~~" in final


async def test_a_withdrawal_keeps_the_numbers_that_tell_players_called_alike_apart(simcord_env):
    """README: players called alike are told apart "by their number in the tournament's list of
    players". One who withdraws keeps their number there, so "ada (2)" is still number 2."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("tournaments")
    organiser = guild.add_member(simcord_env.create_user("org"), roles=[guild.create_role(ORGANISER_ROLE)])
    players = [guild.add_member(simcord_env.create_user(name)) for name in ["pat", "ada", "kim", "ada", "lou", "sam"]]
    event = Event(simcord_env, guild, channel, organiser, players)
    tid = await create(event, rounds=2, table_size=3)
    await register_all(event, tid)
    await event.organiser.slash(event.channel, "tournament start")
    await players[0].click(tournament_message(event, tid), label="Withdraw")
    field = next(f for f in tournament_message(event, tid).embeds[0].fields if f.name.startswith("Players"))
    assert field.name == "Players (5 playing, 1 withdrawn)"
    assert field.value.splitlines() == ["1. ~~pat~~ (withdrawn)", "2. ada (2)", "3. kim", "4. ada (4)", "5. lou",
                                        "6. sam"], field.value


async def test_duplicate_deals_give_equal_tables_the_same_cards(simcord_env):
    event = new_event(simcord_env, 6)
    bot = event.bot
    tid = await create(event, rounds=1, duplicate=True)
    assert "Duplicate deals" in tournament_message(event, tid).embeds[0].fields[0].value
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    tables = [await bot.store.tables.get(g.table_id) for g in await bot.store.tournaments.games(tid, 1)]
    assert tables[0].seed == tables[1].seed
    first, second = (bot.service.state(t) for t in tables)
    spec = registry.get(tables[0].game)
    assert spec.dump_state(first) == spec.dump_state(second)  # the same deal and the same shuffles

    # With unequal tables (4 + 3) every table gets its own deal.
    uneven = new_event(simcord_env, 7, names="q")
    other = await create(uneven, rounds=1, duplicate=True)
    await register_all(uneven, other)
    await uneven.organiser.click(tournament_message(uneven, other), label="Start")
    games = await bot.store.tournaments.games(other, 1)
    assert sorted(len(g.players) for g in games) == [3, 4]
    seeds = {(await bot.store.tables.get(g.table_id)).seed for g in games}
    assert len(seeds) == 2


@pytest.mark.slow
async def test_elimination_advances_the_top_of_each_table_to_a_final(simcord_env):
    event = new_event(simcord_env, 6)
    bot = event.bot
    tid = await create(event, format="elimination", advance=1)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    await play_round(event, tid, 1)
    first_round = await bot.store.tournaments.games(tid, 1)
    # One winner a table is too few for a final of three: the larger share goes to one table.
    await event.organiser.click(event.channel.last_message, label="Start next round")
    (final_game,) = await bot.store.tournaments.games(tid, 2)
    assert len(final_game.players) == 3
    for game in first_round:  # each table's winner went through
        assert set(game.result["ranking"][0]) & set(final_game.players)
    await play_round(event, tid, 2)
    assert (await bot.store.tournaments.get(tid)).status == "finished"
    (final_game,) = await bot.store.tournaments.games(tid, 2)
    rows = await bot.tournaments.standings(tid)
    assert rows[0].player_id in final_game.result["ranking"][0]
    assert {r.player_id for r in rows[:3]} == set(final_game.players)
    assert "Start next round" not in labels(event.channel.last_message)


async def test_round_robin_needs_rounds_and_seats_everyone(simcord_env):
    event = new_event(simcord_env, 8)
    refused = await event.organiser.slash(event.channel, "tournament create", game="augsburg1520",
                                          format="round_robin", table_size=4)
    assert "needs `rounds` between 1 and" in refused.response.content
    bad_option = await event.organiser.slash(event.channel, "tournament create", game="augsburg1520",
                                             format="round_robin", table_size=4, rounds=2, options="colour=red")
    assert "no option `colour`" in bad_option.response.content
    tid = await create(event, game="augsburg1520", format="round_robin", table_size=4, rounds=2,
                       options="open_money=true")
    assert (await event.bot.store.tournaments.get(tid)).options == {"open_money": True}
    await register_all(event, tid)
    await event.organiser.slash(event.channel, "tournament start")
    games = await event.bot.store.tournaments.games(tid, 1)
    assert sorted(p for g in games for p in g.players) == sorted(p.id for p in event.players)
    table = await event.bot.store.tables.get(games[0].table_id)
    assert table.options == {"open_money": True} and table.game == "augsburg1520"


@pytest.mark.slow
async def test_an_elimination_left_with_one_finalist_points_to_finish(simcord_env):
    """A finalist withdraws before the final: one player remains, and the organiser is told how to
    end the tournament."""
    event = new_event(simcord_env, 4)
    tid = await create(event, game="augsburg1520", format="elimination", table_size=2)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    await play_round(event, tid, 1)
    winners = [g.result["ranking"][0][0] for g in await event.bot.store.tournaments.games(tid, 1)]
    await event.by_id(winners[0]).click(tournament_message(event, tid), label="Withdraw")
    refused = await event.organiser.slash(event.channel, "tournament next")
    assert ("Round 2 cannot be seated: 1 player remains and a table needs at least 2; end the tournament "
            "with `/tournament finish`.") == answer(refused)


async def test_an_elimination_whose_round_leaves_one_player_is_over(simcord_env):
    """README: elimination "sends the top of each table (`advance`; never a player who forfeited)
    on until one final table", and a cancelled table counts as a forfeit for each of its players.
    Four players at two tables; a server manager cancels one: its winner is the only one going on,
    so the tournament is decided when the other table ends, and no next round is offered. With
    both cancelled nobody goes on: it is over, and nobody is congratulated as its winner."""
    from tests.bot.tournament_driver import play_out

    for cancelled in (1, 2):
        event = new_event(simcord_env, 4)
        tid = await create(event, game="augsburg1520", format="elimination", table_size=2)
        await register_all(event, tid)
        await event.organiser.click(tournament_message(event, tid), label="Start")
        games = await event.bot.store.tournaments.games(tid, 1)
        mods = event.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
        manager = event.guild.add_member(simcord_env.create_user("mod"), roles=[mods])
        for game in games[:cancelled]:
            thread_id = (await event.bot.store.tables.get(game.table_id)).thread_id
            await manager.slash(next(t for t in event.channel.threads if t.id == thread_id), "table cancel")
        if cancelled == 1:
            await play_out(event.bot, games[1].table_id)
        assert (await event.bot.store.tournaments.get(tid)).status == "finished"
        final = last_embed_titled(event.channel, "final standings")
        assert "Start next round" not in labels(final)
        if cancelled == 1:
            winner = (await event.bot.store.tournaments.games(tid, 1))[1].result["ranking"][0][0]
            assert (await event.bot.tournaments.standings(tid))[0].player_id == winner
            assert final.content.endswith(f"Congratulations, <@{winner}>!"), final.content
        else:
            assert final.content == f"Tournament #{tid} is over.", final.content


async def test_an_elimination_advance_of_none_is_refused_not_replaced_by_the_default(simcord_env):
    """README: "`advance` is how many go through from each elimination table (default half)"; bad
    input "is answered privately and changes nothing": advance:0 is refused like advance:3 at tables
    of 3, not taken for "not given"."""
    event = new_event(simcord_env, 3)
    for advance in (3, 0):
        refused = await event.organiser.slash(event.channel, "tournament create", game="baumeister",
                                              format="elimination", table_size=3, advance=advance)
        assert refused.ephemeral and "Between 1 and 2" in refused.response.content
    refused = await event.organiser.slash(event.channel, "tournament create", game="augsburg1520",
                                          format="elimination", table_size=2, advance=2)
    assert refused.response.content == "Only 1 player can advance from a table of 2."  # not "between 1 and 1"
    assert await event.bot.store.tournaments.with_status("registration", guild_id=event.guild.id) == []


async def test_an_option_the_format_does_not_use_is_refused_not_ignored(simcord_env):
    """README: "`rounds` is needed for Swiss and round robin (elimination plays to the final)";
    `advance` is for elimination tables. Given to a format that has no use for it, it is refused
    rather than silently dropped."""
    event = new_event(simcord_env, 3)
    rounds = await event.organiser.slash(event.channel, "tournament create", game="baumeister",
                                         format="elimination", table_size=3, rounds=2)
    assert rounds.ephemeral and "leave `rounds` out" in rounds.response.content
    advance = await event.organiser.slash(event.channel, "tournament create", game="baumeister",
                                          format="swiss", table_size=3, rounds=2, advance=1)
    assert advance.ephemeral and "`advance` is for elimination tournaments" in advance.response.content
    assert await event.bot.store.tournaments.with_status("registration", guild_id=event.guild.id) == []


async def test_a_tournament_the_bot_may_not_post_is_not_kept(simcord_env):
    """Where the bot may not post (403 Missing Permissions), /tournament create says which
    permissions it needs, and no tournament is kept without its Register button."""
    event = new_event(simcord_env, 1)
    simcord_env.inject_error("POST", f"/channels/{event.channel.id}/messages", status=403, code=50013,
                             message="Missing Permissions", times=1)
    result = await event.organiser.slash(event.channel, "tournament create", game="augsburg1520", format="swiss",
                                         table_size=2, rounds=1)
    simcord_env.check_errors = False  # the refused post is this test's own doing
    assert result.ephemeral and "Send Messages" in answer(result), answer(result)
    assert await event.bot.store.tournaments.with_status("registration", "running", guild_id=event.guild.id) == []


@pytest.mark.slow
async def test_elimination_bye_holder_withdraws_and_no_final_is_played(simcord_env):
    """Baumeister elimination at tables of 3, 5 players: round 1 is a table of 4 and a bye. The bye
    holder withdraws during round 1. README: "when a round before the final would leave fewer players
    than the game needs, its tables, largest first, each send one more until enough go on" -- the
    table of 4 can send 3, so a final of 3 follows (the tournament once ended after round 1)."""
    event = new_event(simcord_env, 5)
    bot = event.bot
    tid = await create(event, format="elimination")
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    rnd = (await bot.store.tournaments.rounds(tid))[0]
    assert len(rnd.byes) == 1
    bye = event.by_id(rnd.byes[0])
    left = await bye.click(tournament_message(event, tid), label="Withdraw")
    assert "You withdrew" in answer(left)
    await play_round(event, tid, 1)
    tournament = await bot.store.tournaments.get(tid)
    over = [m.content for m in event.channel.history() if "is over" in (m.content or "")]
    assert tournament.status == "running", f"the elimination ended after round 1 without a final: {over}"
    nxt = await event.organiser.slash(event.channel, "tournament next")
    assert "Round 2 is seated" in answer(nxt), answer(nxt)
    assert [len(g.players) for g in await bot.store.tournaments.games(tid, 2)] == [3]


@pytest.mark.slow
async def test_a_swiss_round_left_without_a_full_table_points_to_finish(simcord_env):
    """Withdrawals leave too few players for a table of the next Swiss round: the organiser is
    told why, and how to end the tournament with the standings so far."""
    event = new_event(simcord_env, 3)
    tid = await create(event, game="baumeister", format="swiss", table_size=3, rounds=2)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    await play_round(event, tid, 1)
    await event.players[0].click(tournament_message(event, tid), label="Withdraw")
    refused = await event.organiser.slash(event.channel, "tournament next")
    assert answer(refused) == ("Round 2 cannot be seated: 2 active players cannot fill a table of at least 3; end "
                               "the tournament with `/tournament finish` (its standings so far are final).")
