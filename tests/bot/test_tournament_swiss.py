"""A 9-player, 3-round Swiss tournament of Baumeister at 3-seat tables, through the bot."""

from __future__ import annotations

from itertools import combinations

import pytest

from bot import create_bot
from tests.bot.driver import labels
from tests.bot.tournament_driver import (answer, create, last_embed_titled, new_event, play_round, register_all,
                                         tournament_message)


@pytest.mark.slow
async def test_swiss_tournament_from_registration_to_final_standings(simcord_env, settings):
    event = new_event(simcord_env, 9)
    bot = event.bot
    tid = await create(event, rounds=3)
    await register_all(event, tid)
    embed = tournament_message(event, tid).embeds[0]
    assert "Players (9)" in [f.name for f in embed.fields]
    assert {"Register", "Withdraw", "Start"} <= set(labels(tournament_message(event, tid)))

    started = await event.organiser.click(tournament_message(event, tid), label="Start")
    assert "round 1 is seated" in answer(started)
    games = await bot.store.tournaments.games(tid, 1)
    assert [len(g.players) for g in games] == [3, 3, 3]
    assert len(event.channel.threads) == 3
    for game in games:
        table = await bot.store.tables.get(game.table_id)
        assert (table.status, table.tournament_id, table.rated) == ("running", tid, True)
        thread = next(t for t in event.channel.threads if t.id == table.thread_id)
        intro = thread.history()[0]
        assert all(f"<@{p}>" in intro.content for p in game.players)
        assert table.board_message_id is not None
    assert "round 1" in last_embed_titled(event.channel, "round 1").embeds[0].title

    await play_round(event, tid, 1)
    summary = last_embed_titled(event.channel, "standings after round 1")
    assert "Start next round" in labels(event.channel.last_message)
    lines = summary.embeds[0].description.splitlines()
    assert len(lines) == 9 and lines[0].startswith("1. ") and "pts (1 game" in lines[0]

    # The bot restarts between rounds; the "Start next round" button still works afterwards.
    await simcord_env.restart_bot(create_bot(settings))
    bot = simcord_env.bot
    refused = await event.players[0].click(event.channel.last_message, label="Start next round")
    assert refused.ephemeral and "Only the tournament's organiser" in refused.response.content
    await event.organiser.click(event.channel.last_message, label="Start next round")
    standings_before = await bot.tournaments.standings(tid)
    round2 = await bot.store.tournaments.games(tid, 2)
    # Board 1 holds the leader of the standings.
    assert standings_before[0].player_id in round2[0].players

    await play_round(event, tid, 2)
    await event.organiser.slash(event.channel, "tournament next")
    await play_round(event, tid, 3)

    await check_the_end(event, tid)


async def check_the_end(event, tid: int) -> None:
    """Final standings, no repeat opponents, and every game rated for everyone."""
    bot = event.bot
    tournament = await bot.store.tournaments.get(tid)
    assert tournament.status == "finished"
    final = last_embed_titled(event.channel, "final standings")
    assert len(final.embeds[0].description.splitlines()) == 9
    assert "is over" in final.content

    # Swiss avoids repeat opponents: 9 players in threes can meet new opponents every round.
    pairs = [frozenset(pair) for game in await bot.store.tournaments.games(tid)
             for pair in combinations(game.players, 2)]
    assert len(pairs) == len(set(pairs)) == 27
    rows = await bot.tournaments.standings(tid)
    assert sum(row.points for row in rows) == pytest.approx(9 * 1.5)  # each table gives 1 + 0.5 + 0
    assert all(row.games == 3 for row in rows)
    # Every tournament game was rated for everyone.
    ratings = await bot.store.ratings.of_players(event.guild.id, "baumeister", [p.id for p in event.players])
    assert all(ratings[p.id].games == 3 for p in event.players)
    assert sum(r.wins for r in ratings.values()) >= 9
    board = await event.players[0].slash(event.channel, "leaderboard", game="baumeister")
    lines = board.response.embeds[0].description.splitlines()
    assert len(lines) == 9 and "Page 1 of 1" in board.response.embeds[0].footer.text
    best = max(ratings.values(), key=lambda r: (r.mu - 3 * r.sigma, -r.user_id))
    assert lines[0].startswith(f"1. **{best.display_name}** — {best.mu - 3 * best.sigma:.1f}")
    profile = await event.players[0].slash(event.channel, "profile")
    text = str(profile.response.embeds[0].to_dict())
    assert "3 games" in text and text.count("Wettstreit der Baumeister table #") == 3
