"""A player away at the end (missed a deadline, never pressed I'm back) is rated last, as is one
who abandoned; checked against openskill computed directly."""

from __future__ import annotations

import pytest

from play.results import seat_choices
from tests.bot.ratings_reference import (Ledger, f1, open_rated, ordinal, played, rate_reference, shown_change,
                                         standings)
from tests.bot.test_ratings_reference_sequence import check_changes, check_stored
from tests.bot.driver import choose, fix_deal, heuristic_players, labels, panel_message

GAME = "augsburg1520"
LIVE = 900


async def live_rated(env, guild, channel, people):
    table = await open_rated(env, guild, channel, people)
    lobby = table.thread.history()[0]
    ada = people[0]
    while "Pace: live, 15 minutes a decision" not in labels(table.thread.history()[0]):
        await ada.click(lobby, label=next(label for label in labels(lobby) if label.startswith("Pace")))
        lobby = table.thread.history()[0]
    await ada.click(lobby, label="Start")
    return table


async def play_people(env, table, policy, skip: set[int], stop=None, limit: int = 4000) -> None:
    """The people not in `skip` play by DM; seats of away players are the computer's."""
    for _ in range(limit):
        row = await table.row()
        if row.status != "running":
            return
        spec, state = await table.spec(), await table.state()
        if stop is not None and stop(state):
            return
        for seat in await table.seats():
            if (seat.user_id is None or seat.user_id in skip or seat.forfeited or seat.away
                    or seat.seat not in spec.to_act(state)):
                continue
            actor = next(p for p in table.players if p.id == seat.user_id)
            index = seat_choices(spec, state, seat.seat).index(policy(state, seat.seat))
            await choose(actor, await panel_message(table, actor, seat), index)
            break
        else:
            await env.settle()
            assert (await table.row()).version != row.version or (await table.row()).status != "running", \
                "nobody moved"
    if limit > 1:
        raise AssertionError("the game did not end")


@pytest.mark.slow
async def test_away_at_the_end_and_an_abandoner_share_last_place(simcord_env, monkeypatch):
    env = simcord_env
    env.settle_timeout = 20
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    people = [guild.add_member(env.create_user(n)) for n in ("ada", "bo", "cy", "dee")]
    ada, bo, cy, dee = people
    ledger = Ledger()
    fix_deal(monkeypatch, 1)
    await rate_reference(ledger, env, (await played(env, guild, channel, people)).table_id)
    table = await live_rated(env, guild, channel, people)
    policy = heuristic_players(GAME, 4)
    # Everyone but bo makes the opening choices; bo's deadline passes: he is away from then on.
    for _ in range(10):
        spec, state = await table.spec(), await table.state()
        due = {s.user_id for s in await table.seats() if s.seat in spec.to_act(state)}
        if due == {bo.id}:
            break
        await play_people(env, table, policy, {bo.id}, limit=1)
    await env.advance_time(LIVE + 5)
    assert next(s for s in await table.seats() if s.user_id == bo.id).away
    await dee.slash(table.thread, "table abandon")
    await play_people(env, table, policy, {bo.id})
    row = await table.row()
    assert row.status == "finished"
    before, after, groups = await rate_reference(ledger, env, table.table_id)
    assert set(groups[-1]) == {bo.id, dee.id}, groups
    await check_stored(env, ledger, guild.id, GAME, people)
    check_changes(table, before, after, {p.id: p.user.name for p in people})
    footer = standings(table.thread).footer.text
    assert "Forfeited (ranked last): dee" in footer and "Away at the end (ranked last): bo" in footer, footer
    hist = {h.user_id: h for h in await env.bot.store.ratings.history_of_table(table.table_id)}
    assert hist[bo.id].place == hist[dee.id].place == 3
    prof = await ada.slash(channel, "profile", user=bo)
    recent = next(f.value for f in prof.response.embeds[0].fields if f.name == "Recent rated games")
    b, a = ordinal(*before[bo.id]), ordinal(*after[bo.id])
    assert recent.splitlines()[0] == (f"Augsburg 1520 table #{table.table_id}: 3 of 4 — rating {f1(a)} "
                                      f"({shown_change(b, a)})")


@pytest.mark.slow
async def test_a_game_that_ends_with_everyone_away_is_not_rated(simcord_env, monkeypatch):
    """README: "A game that ends with every player ranked last so (all away, or gone) is not rated:
    one shared place tells nothing" (rated as a draw, it would raise both ratings)."""
    env = simcord_env
    env.settle_timeout = 20
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    people = [guild.add_member(env.create_user(n)) for n in ("ada", "bo")]
    ada, bo = people
    fix_deal(monkeypatch, 61)
    table = await live_rated(env, guild, channel, people)
    policy = heuristic_players(GAME, 2)
    for _ in range(10):  # ada makes the opening choices; bo's deadline passes: he is away from then on
        spec, state = await table.spec(), await table.state()
        if {s.user_id for s in await table.seats() if s.seat in spec.to_act(state)} == {bo.id}:
            break
        await play_people(env, table, policy, {bo.id}, limit=1)
    await env.advance_time(LIVE + 5)
    spec = await table.spec()

    def last_decision(state):
        acting = spec.to_act(state)
        return bool(acting) and spec.outcome(spec.apply(state, min(acting), policy(state, min(acting)))[0]) is not None

    await play_people(env, table, policy, {bo.id}, stop=last_decision)
    await env.advance_time(LIVE + 5)  # ada lets her last deadline pass too: everyone is away, the game ends
    await env.advance_time(120)
    assert (await table.row()).status == "finished"
    assert all(s.away for s in await table.seats())
    assert await env.bot.store.ratings.history_of_table(table.table_id) == []
    field = next(f for f in standings(table.thread).fields if f.name == "Rating changes")
    assert field.value == "None: not rated, as every player had left it or was away when it ended.", field.value
    assert await env.bot.store.ratings.of_players(guild.id, GAME, [ada.id, bo.id]) == {}
