"""Tournament tables are always rated: rounds whose tables finish in different orders, a forfeit,
a replace (unrated) and a duplicate round, checked against openskill computed directly."""

from __future__ import annotations

import pytest

from tests.bot.ratings_reference import Ledger, f1, ordinal, played, rate_reference, rating_changes
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
async def test_a_duplicate_round_is_rated_table_by_table(simcord_env):
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
        for i in order:
            await play_out(event.bot, games[i].table_id)
            await rate_table(event, ledger, games[i].table_id)
        await check_stored(env, ledger, event.guild.id, GAME, event.players)
    # /profile after the tournament: the rating and the last game's line for everyone.
    for p in event.players:
        prof = await p.slash(event.channel, "profile")
        value = prof.response.embeds[0].fields[0].value
        assert value.startswith(f"Rating **{f1(ordinal(*ledger.r[(event.guild.id, GAME, p.id)]))}**"), value


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
