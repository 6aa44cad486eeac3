"""Ties, abandons, away players, computer seats, two servers and the order of updates,
checked against openskill computed directly."""

from __future__ import annotations

import pytest

from bot import create_bot
from tests.bot.ratings_reference import (Ledger, f1, ordinal, open_rated, played, rate_reference, rating_changes,
                 standings)
from tests.bot.test_ratings_reference_sequence import check_changes, check_stored
from tests.bot.driver import fix_deal, start
from tests.bot.tournament_driver import play_moves, play_out

GAME = "augsburg1520"


def setup(env, names):
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    return guild, channel, [guild.add_member(env.create_user(n)) for n in names]


@pytest.mark.slow
async def test_a_tie_for_first_is_rated_as_a_shared_place(simcord_env, monkeypatch):
    env = simcord_env
    guild, channel, people = setup(env, ["ada", "bo", "cy"])
    fix_deal(monkeypatch, 8)  # heuristic play of this deal ends with two players tied for first
    ledger = Ledger()
    table = await played(env, guild, channel, people, "baumeister")
    before, after, groups = await rate_reference(ledger, env, table.table_id)
    assert any(len(g) == 2 for g in groups), groups
    await check_stored(env, ledger, guild.id, "baumeister", people)
    check_changes(table, before, after, {p.id: p.user.name for p in people})
    hist = {h.user_id: h for h in await env.bot.store.ratings.history_of_table(table.table_id)}
    place = {u: 1 + sum(len(g) for g in groups[:i]) for i, g in enumerate(groups) for u in g}
    assert {u: h.place for u, h in hist.items()} == place


@pytest.mark.slow
@pytest.mark.parametrize("seed", [2, 7, 19])
async def test_four_player_ties_after_a_first_game(simcord_env, monkeypatch, seed):
    env = simcord_env
    guild, channel, people = setup(env, ["ada", "bo", "cy", "dee"])
    ledger = Ledger()
    fix_deal(monkeypatch, 3)
    await rate_reference(ledger, env, (await played(env, guild, channel, people, "aelderman")).table_id)
    fix_deal(monkeypatch, seed)
    table = await played(env, guild, channel, people, "aelderman")
    before, after, groups = await rate_reference(ledger, env, table.table_id)
    assert any(len(g) == 2 for g in groups), groups
    await check_stored(env, ledger, guild.id, "aelderman", people)
    check_changes(table, before, after, {p.id: p.user.name for p in people})


@pytest.mark.slow
@pytest.mark.parametrize("count,quitters", [(2, 1), (3, 1), (4, 2)])
async def test_abandoners_are_ranked_last(simcord_env, monkeypatch, count, quitters):
    env = simcord_env
    guild, channel, people = setup(env, ["ada", "bo", "cy", "dee"][:count])
    ledger = Ledger()
    fix_deal(monkeypatch, 5)
    # A first game so that nobody starts from the default rating.
    await rate_reference(ledger, env, (await played(env, guild, channel, people)).table_id)
    table = await open_rated(env, guild, channel, people)
    await start(table)
    await play_moves(env.bot, table.table_id, 40)
    leaving = people[:quitters]  # the creator (and the next) abandon
    for p in leaving:
        await p.slash(table.thread, "table abandon")
    await play_out(env.bot, table.table_id)
    row = await table.row()
    assert row.status == "finished"
    before, after, groups = await rate_reference(ledger, env, table.table_id)
    assert set(groups[-1]) == {p.id for p in leaving}
    await check_stored(env, ledger, guild.id, GAME, people)
    check_changes(table, before, after, {p.id: p.user.name for p in people})
    emb = standings(table.thread)
    assert "Forfeited (ranked last)" in (emb.footer.text or "")
    prof = await people[-1].slash(channel, "profile", user=leaving[0])
    recent = next(f.value for f in prof.response.embeds[0].fields if f.name == "Recent rated games")
    assert recent.splitlines()[0].startswith(f"Augsburg 1520 table #{table.table_id}: forfeit, last — rating "
                                             f"{f1(ordinal(*after[leaving[0].id]))}")


@pytest.mark.slow
async def test_a_computer_seat_leaves_ratings_alone(simcord_env, monkeypatch):
    env = simcord_env
    guild, channel, people = setup(env, ["ada", "bo"])
    ledger = Ledger()
    await rate_reference(ledger, env, (await played(env, guild, channel, people)).table_id)
    table = await played(env, guild, channel, people, computers=1)
    assert not await env.bot.store.ratings.is_rated(table.table_id)
    await check_stored(env, ledger, guild.id, GAME, people)
    assert rating_changes(table.thread) == "None: not rated, as a computer player played a seat (added in the lobby)."
    prof = await people[0].slash(channel, "profile")
    assert "1 game · " in prof.response.embeds[0].fields[0].value


@pytest.mark.slow
async def test_two_servers_keep_separate_ratings(simcord_env, monkeypatch):
    env = simcord_env
    users = [env.create_user(n) for n in ("ada", "bo", "cy")]
    g1, g2 = env.create_guild(), env.create_guild()
    c1, c2 = g1.create_text_channel("games"), g2.create_text_channel("games")
    m1 = [g1.add_member(u) for u in users]
    m2 = [g2.add_member(u) for u in users]
    ledger = Ledger()
    for guild, channel, members in ((g1, c1, m1), (g2, c2, m2), (g1, c1, m1[:2]), (g2, c2, list(reversed(m2)))):
        table = await played(env, guild, channel, members)
        before, after, _ = await rate_reference(ledger, env, table.table_id)
        check_changes(table, before, after, {p.id: p.user.name for p in members})
    await check_stored(env, ledger, g1.id, GAME, m1)
    await check_stored(env, ledger, g2.id, GAME, m2)
    for guild, channel, members in ((g1, c1, m1), (g2, c2, m2)):
        for m in members:
            prof = await m.slash(channel, "profile")
            value = prof.response.embeds[0].fields[0].value
            key = (guild.id, GAME, m.id)
            assert value.startswith(f"Rating **{f1(ordinal(*ledger.r[key]))}** ("), value
            assert f"· {ledger.games[key]} game" in value
            recent = prof.response.embeds[0].fields[-1].value.splitlines()
            assert len(recent) == ledger.games[key]


@pytest.mark.slow
async def test_games_are_rated_in_the_order_they_finish(simcord_env, monkeypatch):
    """ada plays two tables at once; the one opened later ends first: it is rated from her
    rating before both, the other from the rating that game left."""
    env = simcord_env
    guild, channel, people = setup(env, ["ada", "bo", "cy"])
    ada, bo, cy = people
    ledger = Ledger()
    first = await open_rated(env, guild, channel, [ada, bo])
    await start(first)
    second = await open_rated(env, guild, channel, [cy, ada])
    await start(second)
    await play_moves(env.bot, first.table_id, 30)
    await play_out(env.bot, second.table_id)
    b2, a2, _ = await rate_reference(ledger, env, second.table_id)
    await play_out(env.bot, first.table_id)
    b1, a1, _ = await rate_reference(ledger, env, first.table_id)
    await check_stored(env, ledger, guild.id, GAME, people)
    check_changes(second, b2, a2, {p.id: p.user.name for p in (ada, cy)})
    check_changes(first, b1, a1, {p.id: p.user.name for p in (ada, bo)})
    assert b1[ada.id] == a2[ada.id]


@pytest.mark.slow
async def test_games_a_stop_cut_off_before_their_ratings_are_rated_in_the_order_they_finished(simcord_env, settings):
    """As while the bot runs: the game that ended first is rated first, from the ratings before
    both, also when the start-up rates them after a stop."""
    env = simcord_env
    guild, channel, people = setup(env, ["ada", "bo", "cy"])
    ada, bo, cy = people
    first = await open_rated(env, guild, channel, [ada, bo])
    await start(first)
    second = await open_rated(env, guild, channel, [cy, ada])
    await start(second)
    await play_out(env.bot, second.table_id, publish=False)  # the later table ends first...
    await play_out(env.bot, first.table_id, publish=False)  # ...then the other; the bot stops before rating them
    await env.restart_bot(create_bot(settings))
    ended_first = {h.user_id: h for h in await env.bot.store.ratings.history_of_table(second.table_id)}
    ended_last = {h.user_id: h for h in await env.bot.store.ratings.history_of_table(first.table_id)}
    assert ended_first[ada.id].mu_before == 25.0
    assert ended_last[ada.id].mu_before == ended_first[ada.id].mu_after
