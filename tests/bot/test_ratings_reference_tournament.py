"""Tournament tables are always rated: rounds whose tables finish in different orders, a forfeit,
a replace (unrated) and a duplicate round, checked against openskill computed directly."""

from __future__ import annotations

import pytest

from tests.bot.ratings_reference import (Ledger, f1, ordinal, played, rate_reference, rating_changes,
                                         standings)
from tests.bot.test_ratings_reference_sequence import check_changes, check_stored
from tests.bot.driver import fix_deal
from tests.bot.tournament_driver import (answer, create, new_event, play_moves, play_out, register_all,
                                         tournament_message)

GAME = "baumeister"


def thread_of(event, table):
    return next(t for t in event.channel.threads if t.id == table.thread_id)


class T:  # what check_changes needs of a table
    def __init__(self, thread):
        self.thread = thread


async def rate_table(event, ledger, table_id):
    before, after, groups = await rate_reference(ledger, event.env, table_id)
    table = await event.bot.store.tables.get(table_id)
    names = {p: event.by_id(p).user.name for g in groups for p in g}
    check_changes(T(thread_of(event, table)), before, after, names)
    return before, after, groups


@pytest.mark.slow
async def test_swiss_rounds_rated_in_the_order_tables_finish(simcord_env, monkeypatch):
    env = simcord_env
    event = new_event(env, 9)
    ledger = Ledger()
    # Some casual rated games first, so that the tournament starts from ratings of their own.
    casual = event.guild.create_text_channel("games")
    for k in range(3):
        fix_deal(monkeypatch, 100 + k)
        t = await played(env, event.guild, casual, event.players[k:k + 3], GAME)
        await rate_reference(ledger, env, t.table_id)
    tid = await create(event, rounds=2)
    await register_all(event, tid)
    started = await event.organiser.click(tournament_message(event, tid), label="Start")
    assert "round 1 is seated" in answer(started), answer(started)
    # The ratings taken at the start (seeding, tie-breaks) are the display ratings of then.
    entrants = {p.user_id: p.rating for p in await event.bot.store.tournaments.players(tid)}
    for p in event.players:
        assert entrants[p.id] == pytest.approx(ordinal(*ledger.get(event.guild.id, GAME, p.id)), abs=1e-6)

    games = await event.bot.store.tournaments.games(tid, 1)
    assert len(games) == 3
    for g in (games[2], games[0], games[1]):  # board 3 ends first, then 1, then 2
        await play_moves(event.bot, g.table_id, 5000)
        await play_out(event.bot, g.table_id)
        await rate_table(event, ledger, g.table_id)
    await check_stored(env, ledger, event.guild.id, GAME, event.players)

    await event.organiser.slash(event.channel, "tournament next")
    games = await event.bot.store.tournaments.games(tid, 2)
    assert len(games) == 3
    # Board 1: a player forfeits (ranked last, still rated); board 2: a player is replaced (unrated).
    quitter = event.by_id(games[0].players[0])
    absent = event.by_id(games[1].players[1])
    assert "forfeits this game" in answer(await event.organiser.slash(event.channel, "tournament forfeit",
                                                                      player=quitter))
    answer(await event.organiser.slash(event.channel, "tournament replace", player=absent))
    for g in (games[1], games[2], games[0]):
        await play_out(event.bot, g.table_id)
        if g is games[1]:
            assert not await event.bot.store.ratings.is_rated(g.table_id)
            table = await event.bot.store.tables.get(g.table_id)
            assert rating_changes(thread_of(event, table)).startswith("None: not rated")
            continue
        _, _, groups = await rate_table(event, ledger, g.table_id)
        if g is games[0]:
            assert groups[-1] == [quitter.id]
    await check_stored(env, ledger, event.guild.id, GAME, event.players)
    assert (await event.bot.store.tournaments.get(tid)).status == "finished"


@pytest.mark.slow
async def test_a_duplicate_round_is_rated_when_its_deal_has_been_played_everywhere(simcord_env):
    """README (Fair deals): a duplicate round's "players' ratings (`/profile`, `/leaderboard`) change
    when the last table of that deal ends, not before: its standings say their rating changes are
    held back until then". Tables that end early are then rated as if each were rated as it ended."""
    env = simcord_env
    event = new_event(env, 9)
    ledger = Ledger()
    tid = await create(event, rounds=2, duplicate=True)
    await register_all(event, tid)
    started = await event.organiser.click(tournament_message(event, tid), label="Start")
    assert "round 1 is seated" in answer(started), answer(started)
    for round_no, order in ((1, (1, 2, 0)), (2, (2, 0, 1))):
        if round_no == 2:
            await event.organiser.slash(event.channel, "tournament next")
        games = await event.bot.store.tournaments.games(tid, round_no)
        seeds = {(await event.bot.store.tables.get(g.table_id)).seed for g in games}
        assert len(seeds) == 1
        for i in order[:-1]:
            await play_out(event.bot, games[i].table_id)
            await held_back(event, games[i], [games[j].table_id for j in order[order.index(i) + 1:]], round_no - 1)
        await play_out(event.bot, games[order[-1]].table_id)
        for i in order:  # the round's tables seat different players: any order rates them alike
            before, after, groups = await rate_reference(ledger, env, games[i].table_id)
            if i == order[-1]:  # the last table's standings show its own changes
                table = await event.bot.store.tables.get(games[i].table_id)
                names = {p: event.by_id(p).user.name for g in groups for p in g}
                check_changes(T(thread_of(event, table)), before, after, names)
        await check_stored(env, ledger, event.guild.id, GAME, event.players)
    # /profile after the tournament: the rating and the last game's line for everyone.
    for p in event.players:
        prof = await p.slash(event.channel, "profile")
        value = prof.response.embeds[0].fields[0].value
        assert value.startswith(f"Rating **{f1(ordinal(*ledger.r[(event.guild.id, GAME, p.id)]))}**"), value


async def held_back(event, game, playing: list[int], games_before: int) -> None:
    """A duplicate round's table that ended while `playing` still play its deal: not rated, its
    standings say why, and neither `/profile` nor `/leaderboard` tells anything of it (its players
    show the `games_before` rated games they had played before it)."""
    table = await event.bot.store.tables.get(game.table_id)
    assert not await event.bot.store.ratings.is_rated(table.id)
    tables = ", ".join(f"#{t}" for t in sorted(playing))
    said = rating_changes(thread_of(event, table))
    named = f"table{'s' if len(playing) > 1 else ''} {tables}"
    assert said.startswith(f"Held back while {named} "), said
    fair = next(f.value for f in standings(thread_of(event, table)).fields if f.name == "Fair deal")
    assert fair.startswith(f"This deal is still being played at {named}:"), fair
    still = event.by_id((await event.bot.store.tournaments.game_of_table(playing[0])).players[0])
    for user_id in game.players:
        profile = await still.slash(event.channel, "profile", user=event.by_id(user_id))
        shown = " ".join(f.value for e in profile.response.embeds for f in e.fields)
        assert f"table #{table.id}" not in shown, shown
    board = await still.slash(event.channel, "leaderboard", game=GAME)
    text = " ".join((e.description or "") + " ".join(f.value for f in e.fields) for e in board.response.embeds)
    text += board.response.content or ""
    for user_id in game.players:
        name = event.by_id(user_id).user.name
        line = next((line for line in text.splitlines() if f"**{name}**" in line), None)
        if games_before:
            assert line is not None and f"({games_before} game{'s' if games_before > 1 else ''}," in line, text
        else:
            assert line is None, text


@pytest.mark.slow
async def test_tournament_entrants_called_alike_are_told_apart_on_the_leaderboard_by_mention(simcord_env):
    """README (Playing): "Two players or tournament entrants called alike ... read `ada (1)` and
    `ada (2)`, with their seat number (or their number in the tournament's list of players), in the
    thread's notes about them too; on a `/leaderboard` page, each is followed by their mention."
    The numbers a tournament's tables give them mean nothing on the leaderboard: it names each by
    their own name, followed by their mention, as after a casual rated game."""
    from tests.bot.tournament_driver import ORGANISER_ROLE, Event, play_round, tournament_message
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("tournaments")
    organiser = guild.add_member(env.create_user("org"), roles=[guild.create_role(ORGANISER_ROLE)])
    adas = [guild.add_member(env.create_user("ada")) for _ in range(2)]
    others = [guild.add_member(env.create_user(name)) for name in ("bo", "cy")]
    event = Event(env, guild, channel, organiser, [*adas, *others])
    tid = await create(event, game="augsburg1520", table_size=2, rounds=1)
    await register_all(event, tid)
    await organiser.click(tournament_message(event, tid), label="Start")
    await play_round(event, tid, 1)

    board = await others[0].slash(channel, "leaderboard", game="augsburg1520")
    lines = board.response.embeds[0].description.splitlines()
    ada_lines = [line for line in lines if "ada" in line]
    assert len(ada_lines) == 2
    for ada in adas:
        line = next((line for line in ada_lines if f"<@{ada.id}>" in line), None)
        assert line is not None, f"no mention tells this ada apart: {ada_lines}"
        assert "**ada**" in line, f"the leaderboard names the player by a tournament number: {line}"


async def first_table_held_back(env):
    """A duplicate round of two tables whose first has ended (its rating held back), and a member
    with Manage Server who plays in none: (event, tournament id, first game, second game, member)."""
    import discord

    event = new_event(env, 6)
    tid = await create(event, rounds=2, duplicate=True)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    first, second = await event.bot.store.tournaments.games(tid, 1)
    await play_out(event.bot, first.table_id)
    await held_back(event, first, [second.table_id], 0)
    mods = event.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    return event, tid, first, second, event.guild.add_member(env.create_user("mod"), roles=[mods])


async def rated_as_the_reference(env, event, table_id: int) -> None:
    """The table's three players rated once, as openskill rates them from their first ratings."""
    assert len(await env.bot.store.ratings.history_of_table(table_id)) == 3
    ledger = Ledger()
    await rate_reference(ledger, env, table_id)
    await check_stored(env, ledger, event.guild.id, GAME, event.players)


@pytest.mark.slow  # over half a second
async def test_a_held_back_rating_is_stored_when_the_deal_ends_by_a_cancel_after_a_restart(simcord_env):
    """The last table of a duplicate round's deal cancelled (Manage Server) rather than played out,
    after a restart: the table that ended first is rated then, once, as the README's ratings say."""
    from bot import create_bot

    env = simcord_env
    event, _, first, second, mod = await first_table_held_back(env)
    await env.restart_bot(create_bot(event.bot.settings))
    assert not await env.bot.store.ratings.is_rated(first.table_id)
    assert "is cancelled" in answer(await mod.slash(event.channel, "table cancel", table=second.table_id))
    assert "standings after round 1" in event.channel.last_message.embeds[0].title
    assert not await env.bot.store.ratings.is_rated(second.table_id)
    await rated_as_the_reference(env, event, first.table_id)


@pytest.mark.slow  # over half a second
async def test_a_held_back_rating_is_stored_when_the_tournament_is_cancelled(simcord_env):
    """A cancel ends the deal too (its other table is cancelled with the tournament): the table that
    ended first is rated then (README, Fair deals: "or the tournament is cancelled")."""
    env = simcord_env
    event, tid, first, second, mod = await first_table_held_back(env)
    assert "cancel" in answer(await mod.slash(event.channel, "tournament cancel", tournament=tid)).lower()
    assert (await env.bot.store.tables.get(second.table_id)).status == "cancelled"
    await rated_as_the_reference(env, event, first.table_id)
