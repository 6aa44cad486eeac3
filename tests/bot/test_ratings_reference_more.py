"""More of README's Ratings: a vote handover unrates a casual game; a tournament withdrawal is a
forfeit, rated and last; one player's ratings in two games; a restart after the end."""

from __future__ import annotations

import pytest

from bot import create_bot
from play.tournaments.ratings import tenths
from tests.bot.ratings_reference import Ledger, f1, ordinal, open_rated, played, rate_reference, rating_changes
from tests.bot.test_ratings_reference_sequence import check_changes, check_stored
from tests.bot.test_ratings_reference_tournament import rate_table
from tests.bot.driver import start
from tests.bot.tournament_driver import (create, new_event, play_moves, play_out, register_all,
                                         tournament_message)


@pytest.mark.slow
async def test_a_seat_handed_over_by_vote_leaves_the_game_unrated(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    people = [guild.add_member(env.create_user(n)) for n in ("ada", "bo", "cy")]
    ada, bo, cy = people
    ledger = Ledger()
    await rate_reference(ledger, env, (await played(env, guild, channel, people)).table_id)
    table = await open_rated(env, guild, channel, people)
    await start(table)
    await play_moves(env.bot, table.table_id, 20)
    await env.bot.store.tables.update_seat(table.table_id, await table.seat_of(cy), missed=2, away=True)
    await bo.slash(table.thread, "table handover", player=cy)
    vote = [m for m in table.thread.history() if "Agree" in str(m.components)][-1]
    assert "(the game is then no longer rated, for anyone)" in vote.content, vote.content
    await ada.click(vote, label="Agree")
    await play_out(env.bot, table.table_id)
    assert not await env.bot.store.ratings.is_rated(table.table_id)
    await check_stored(env, ledger, guild.id, "augsburg1520", people)
    assert rating_changes(table.thread) == ("None: not rated, as the other players voted an absent player's seat "
                                            "to a computer player.")


@pytest.mark.slow
async def test_a_withdrawal_during_a_round_is_a_rated_forfeit(simcord_env):
    env = simcord_env
    event = new_event(env, 6)
    ledger = Ledger()
    tid = await create(event, rounds=1)
    await register_all(event, tid)
    await event.organiser.click(tournament_message(event, tid), label="Start")
    games = await event.bot.store.tournaments.games(tid, 1)
    await play_moves(event.bot, games[0].table_id, 30)
    leaver = event.by_id(games[0].players[1])
    await leaver.click(tournament_message(event, tid), label="Withdraw")
    assert next(s for s in await event.bot.store.tables.seats(games[0].table_id) if s.user_id == leaver.id).forfeited
    for g in (games[1], games[0]):
        await play_out(event.bot, g.table_id)
        _, _, groups = await rate_table(event, ledger, g.table_id)
    assert groups[-1] == [leaver.id]
    await check_stored(env, ledger, event.guild.id, "baumeister", event.players)


@pytest.mark.slow
async def test_one_player_two_games_and_a_restart(simcord_env, settings, monkeypatch):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    people = [guild.add_member(env.create_user(n)) for n in ("ada", "bo", "cy")]
    ada = people[0]
    ledger = Ledger()
    for game, lineup in (("augsburg1520", people), ("baumeister", people), ("augsburg1520", people[:2])):
        t = await played(env, guild, channel, lineup, game)
        await rate_reference(ledger, env, t.table_id)
    # A rated game whose end the bot had stored but not yet shown or rated when it stopped.
    table = await open_rated(env, guild, channel, people, "baumeister")
    await start(table)
    await play_out(env.bot, table.table_id, publish=False)
    await env.restart_bot(create_bot(settings))
    before, after, _ = await rate_reference(ledger, env, table.table_id)
    check_changes(table, before, after, {p.id: p.user.name for p in people})
    for game in ("augsburg1520", "baumeister"):
        await check_stored(env, ledger, guild.id, game, people)
    prof = await ada.slash(channel, "profile")
    fields = {f.name: f.value for f in prof.response.embeds[0].fields}
    for title, game in (("Augsburg 1520", "augsburg1520"), ("Wettstreit der Baumeister", "baumeister")):
        key = (guild.id, game, ada.id)
        values = [ordinal(*ledger.r[(guild.id, game, p.id)]) for p in people if (guild.id, game, p.id) in ledger.r]
        place = 1 + sum(tenths(v) > tenths(ordinal(*ledger.r[key])) for v in values)  # as shown: ties share
        assert fields[title].startswith(f"Rating **{f1(ordinal(*ledger.r[key]))}** (#{place} on this server) · "
                                        f"{ledger.games[key]} games · {ledger.wins[key]} won"), fields
    assert len(fields["Recent rated games"].splitlines()) == 4


@pytest.mark.slow
async def test_two_games_with_a_common_player_rated_at_the_same_moment(simcord_env):
    """Both games' finish work runs at once: each is rated from the other's result (in the order
    the bot stored them), none from a stale rating."""
    import asyncio

    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ada, bo, cy = [guild.add_member(env.create_user(n)) for n in ("ada", "bo", "cy")]
    ledger = Ledger()
    await rate_reference(ledger, env, (await played(env, guild, channel, [ada, bo, cy])).table_id)
    first = await open_rated(env, guild, channel, [ada, bo])
    second = await open_rated(env, guild, channel, [cy, ada])
    for t in (first, second):
        await start(t)
        await play_out(env.bot, t.table_id, publish=False)
    await asyncio.gather(env.bot.service.finish_work(first.table_id), env.bot.service.finish_work(second.table_id))
    h1 = await env.bot.store.ratings.history_of_table(first.table_id)
    h2 = await env.bot.store.ratings.history_of_table(second.table_id)
    order = (first, second) if min(h.created_at for h in h1) <= min(h.created_at for h in h2) and \
        h1[0].mu_before != next(h.mu_after for h in h2 if h.user_id == ada.id) else (second, first)
    for t in order:
        before, after, _ = await rate_reference(ledger, env, t.table_id)
        stored = {h.user_id: h for h in await env.bot.store.ratings.history_of_table(t.table_id)}
        for u in before:
            assert (stored[u].mu_before, stored[u].sigma_before) == before[u]
            assert (stored[u].mu_after, stored[u].sigma_after) == after[u]
    await check_stored(env, ledger, guild.id, "augsburg1520", [ada, bo, cy])
