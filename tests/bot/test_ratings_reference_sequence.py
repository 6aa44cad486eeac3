"""Ratings after sequences of rated casual games, checked against openskill computed directly."""

from __future__ import annotations

import pytest

from play.tournaments.ratings import tenths
from tests.bot.ratings_reference import (Ledger, f1, ordinal, parse_changes, played, rate_reference, rating_changes,
                                         shown_change)

GAME = "augsburg1520"


async def check_stored(env, ledger, guild_id, game, users):
    rows = await env.bot.store.ratings.of_players(guild_id, game, [u.id for u in users])
    for u in users:
        key = (guild_id, game, u.id)
        if key not in ledger.r:
            assert u.id not in rows, f"{u.user.name} has a rating without a rated game"
            continue
        row = rows[u.id]
        mu, sigma = ledger.r[key]
        assert row.mu == pytest.approx(mu, abs=1e-9) and row.sigma == pytest.approx(sigma, abs=1e-9), (
            u.user.name, row.mu, row.sigma, mu, sigma)
        assert row.games == ledger.games[key] and row.wins == ledger.wins[key], (u.user.name, row, ledger.wins[key])


def check_changes(table, before, after, names):
    """The standings' "Rating changes" lines: before/after ordinals of the stored values."""
    shown = parse_changes(rating_changes(table.thread))
    assert set(shown) == set(names.values()), shown
    for uid, name in names.items():
        b, a = ordinal(*before[uid]), ordinal(*after[uid])
        sb, sa, sd = shown[name]
        assert (sb, sa) == (f1(b + 0.0), f1(a + 0.0)), (name, shown[name], b, a)
        assert sd == shown_change(b, a), (name, shown[name], a - b)


@pytest.mark.slow
async def test_a_sequence_of_two_to_five_player_games(simcord_env, monkeypatch):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    people = [guild.add_member(env.create_user(n)) for n in ("ada", "bo", "cy", "dee", "eve")]
    ada, bo, cy, dee, eve = people
    ledger = Ledger()
    lineups = [[ada, bo, cy], [bo, dee], [cy, ada, eve, dee], [eve, dee, cy, bo, ada], [ada, bo]]
    for lineup in lineups:
        table = await played(env, guild, channel, lineup, GAME)
        before, after, groups = await rate_reference(ledger, env, table.table_id)
        await check_stored(env, ledger, guild.id, GAME, people)
        hist = await env.bot.store.ratings.history_of_table(table.table_id)
        for h in hist:
            assert (h.mu_before, h.sigma_before) == pytest.approx(before[h.user_id], abs=1e-9)
            assert (h.mu_after, h.sigma_after) == pytest.approx(after[h.user_id], abs=1e-9)
        print(groups, rating_changes(table.thread))
        check_changes(table, before, after, {p.id: p.user.name for p in lineup})

    # /profile of every player: rating, place, games, wins and the history lines.
    values = {p.id: ordinal(*ledger.r[(guild.id, GAME, p.id)]) for p in people}
    for p in people:
        key = (guild.id, GAME, p.id)
        place = shown_place(values, p.id)
        games = ledger.games[key]
        prof = await ada.slash(channel, "profile", user=p)
        emb = prof.response.embeds[0]
        field = next(f.value for f in emb.fields if f.name == "Augsburg 1520")
        assert field == (f"Rating **{f1(values[p.id])}** (#{place} on this server) · {games} game"
                         f"{'s' if games != 1 else ''} · {ledger.wins[key]} won"), field
    board = await ada.slash(channel, "leaderboard", game=GAME)
    lines = board.response.embeds[0].description.splitlines()
    order = sorted(people, key=lambda p: (-values[p.id], p.id))
    want = []
    for p in order:
        key = (guild.id, GAME, p.id)
        place = shown_place(values, p.id)
        g = ledger.games[key]
        want.append(f"{place}. **{p.user.name}** — {f1(values[p.id])} ({g} game{'s' if g != 1 else ''}, "
                    f"{ledger.wins[key]} won)")
    assert lines == want


def shown_place(values: dict[int, float], user_id: int) -> int:
    """README: "Players of equal rating share a place (1, 1, 3)": equal as shown, to one decimal."""
    return 1 + sum(tenths(v) > tenths(values[user_id]) for v in values.values())
