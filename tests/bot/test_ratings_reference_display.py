"""What a player reads: the rating changes in the standings and the history lines of /profile,
whose numbers should add up (after = before + change, as shown)."""

from __future__ import annotations

import re

import pytest

from tests.bot.ratings_reference import Ledger, f1, ordinal, parse_changes, played, rate_reference, rating_changes
from tests.bot.test_ratings_reference_sequence import check_stored
from tests.bot.driver import fix_deal

GAME = "augsburg1520"
HISTORY = re.compile(r"table #(\d+): .* — rating (-?\d+\.\d) \(([+-]\d+\.\d)\)$")


def adds_up(before: str, after: str, delta: str) -> bool:
    return round(float(after) - float(before), 1) == round(float(delta), 1)


@pytest.mark.slow
async def test_shown_rating_changes_add_up(simcord_env, monkeypatch):
    """Five fixed deals among four players. In the standings' "Rating changes" each line reads
    "before → after (change)"; a player who checks it finds after - before = change."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    people = [guild.add_member(env.create_user(n)) for n in ("ada", "bo", "cy", "dee")]
    ledger = Ledger()
    wrong, history_wrong = [], []
    for seed in (11, 12, 13, 14, 15):
        fix_deal(monkeypatch, seed)
        table = await played(env, guild, channel, people)
        before, after, _ = await rate_reference(ledger, env, table.table_id)
        shown = parse_changes(rating_changes(table.thread))
        for p in people:
            b, a, d = shown[p.user.name]
            # The shown numbers are the stored (and reference) ratings, rounded.
            assert (b, a) == (f1(ordinal(*before[p.id])), f1(ordinal(*after[p.id])))
            if not adds_up(b, a, d):
                wrong.append(f"table #{table.table_id} {p.user.name}: {b} → {a} ({d})")
    await check_stored(env, ledger, guild.id, GAME, people)
    for p in people:
        prof = await p.slash(channel, "profile")
        lines = next(f.value for f in prof.response.embeds[0].fields if f.name == "Recent rated games").splitlines()
        # Each history line's "rating X (±d)": X minus d is the rating shown by the line below it.
        ratings = [HISTORY.search(line).groups() for line in lines]
        for (tid, after, delta), (_, previous, _) in zip(ratings, ratings[1:]):
            if not adds_up(previous, after, delta):
                history_wrong.append(f"{p.user.name} #{tid}: {previous} then {after} ({delta})")
    assert not wrong and not history_wrong, (wrong, history_wrong)


@pytest.mark.slow
async def test_no_minus_zero_is_shown(simcord_env, monkeypatch):
    """A rating or change that rounds to zero is shown as 0.0 / +0.0, not -0.0."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    people = [guild.add_member(env.create_user(n)) for n in ("ada", "bo", "cy", "dee")]
    shown = []
    for seed in range(11, 31):
        fix_deal(monkeypatch, seed)
        table = await played(env, guild, channel, people[(seed % 2):(seed % 2) + 3])
        shown += [(table.table_id, line) for line in rating_changes(table.thread).splitlines()]
    bad = [(t, line) for t, line in shown if "-0.0" in line]
    assert not bad, bad
