"""A game's finish work (ratings, the tournament result) that the database refused at the end (a
full disk for a moment) is tried again while the bot runs, not only at its next start: the rating
changes then follow the standings in the thread, once."""

from __future__ import annotations

from types import SimpleNamespace

import discord
import pytest

from bot import create_bot
from tests.bot.database_faults import refuse
from tests.bot.driver import Table, heuristic_players, labels, open_table, play_to_the_end, start
from tests.bot.tournament_driver import create, new_event, register_all, tournament_message

GAME = "augsburg1520"


async def rated_game_whose_ratings_are_refused(env, times: int, monkeypatch=None):
    """A rated 2-player game played to its end while the ratings' write fails `times` times (and,
    given `monkeypatch`, Discord refuses its standings once)."""
    table = await open_table(env, GAME, ["ada", "bo"])
    await table.players[0].click(table.thread.history()[0], label="Rated: off")
    await start(table)
    calls = refuse(env, env.bot.store.ratings, "record_game", lambda n, kwargs: n <= times)
    if monkeypatch is not None:
        refuse_standings_once(monkeypatch)
    await play_to_the_end(table, heuristic_players(GAME, 2))
    row = await table.row()
    assert row.status == "finished" and row.rated and row.finish_due and len(calls) == 1
    return table, calls


def refuse_standings_once(monkeypatch) -> None:
    send, refused = discord.abc.Messageable.send, []

    async def refusing(channel, *args, **fields):
        embed = fields.get("embed")
        if embed is not None and (embed.title or "").endswith("final standings") and not refused:
            refused.append(embed.title)
            raise discord.HTTPException(SimpleNamespace(status=500, reason="Internal Server Error"),
                                        {"code": 0, "message": "Internal Server Error"})
        return await send(channel, *args, **fields)

    monkeypatch.setattr(discord.abc.Messageable, "send", refusing)


def standings_and_late_ratings(table):
    standings = [m for m in table.thread.history() if m.embeds and m.embeds[0].title.endswith("final standings")]
    late = [m for m in table.thread.history() if m.embeds and m.embeds[0].title.startswith("Rating changes")]
    return standings, late


@pytest.mark.slow
async def test_refused_ratings_are_stored_by_a_retry_and_follow_the_standings(simcord_env):
    table, calls = await rated_game_whose_ratings_are_refused(simcord_env, times=2)
    (standings,), late = standings_and_late_ratings(table)
    field = next(f for f in standings.embeds[0].fields if f.name == "Rating changes")
    assert field.value.startswith("Not stored yet") and not late
    await simcord_env.advance_time(61)  # the first retry: refused again
    assert len(calls) == 2 and not await table.bot.store.ratings.history_of_table(table.table_id)
    await simcord_env.advance_time(601)  # the second: stored
    assert len(await table.bot.store.ratings.history_of_table(table.table_id)) == 2
    assert not (await table.row()).finish_due
    (_,), (late,) = standings_and_late_ratings(table)
    assert "ada: " in late.embeds[0].description and "bo: " in late.embeds[0].description
    await simcord_env.advance_time(7200)
    assert len(calls) == 3 and len(standings_and_late_ratings(table)[1]) == 1  # stored and told once


@pytest.mark.slow
async def test_a_restart_before_the_retry_stores_them_without_posting_the_standings_again(simcord_env, settings):
    table, calls = await rated_game_whose_ratings_are_refused(simcord_env, times=1)
    await simcord_env.restart_bot(create_bot(settings))
    assert len(await simcord_env.bot.store.ratings.history_of_table(table.table_id)) == 2
    standings, late = standings_and_late_ratings(table)
    assert len(standings) == 1 and len(late) == 1
    await simcord_env.advance_time(3700)  # the retry timer finds nothing left to do
    assert len(standings_and_late_ratings(table)[1]) == 1


@pytest.mark.slow
@pytest.mark.parametrize("refused", ["the result", "the finish mark"])
async def test_a_refused_tournament_result_or_finish_mark_is_stored_by_a_retry_and_the_round_ends(simcord_env,
                                                                                                  refused):
    event = new_event(simcord_env, 4)
    tournament = await create(event, game=GAME, table_size=2, rounds=2)
    await register_all(event, tournament)
    await event.organiser.click(tournament_message(event, tournament), label="Start")
    store, games = simcord_env.bot.store.tournaments, await simcord_env.bot.store.tournaments.games(tournament, 1)
    owner, method = (store, "record_result") if refused == "the result" else (simcord_env.bot.store.tables,
                                                                             "finish_done")
    calls = refuse(simcord_env, owner, method, lambda n, kwargs: n == 2)  # the round's last game
    for game in games:  # played by DM, as the players play them
        row = await simcord_env.bot.store.tables.get(game.table_id)
        seats = await simcord_env.bot.store.tables.seats(row.id)
        thread = next(t for t in event.channel.threads if t.id == row.thread_id)
        table = Table(simcord_env, event.guild, event.channel, thread, row.id,
                      [event.by_id(s.user_id) for s in seats])
        await play_to_the_end(table, heuristic_players(GAME, 2))
    assert len(calls) == 2
    await simcord_env.advance_time(61)  # the retry stores it: the round is over
    assert all(g.result is not None for g in await store.games(tournament, 1)) and len(calls) == 3
    assert not (await simcord_env.bot.store.tables.get(row.id)).finish_due
    assert len([m for m in event.channel.history() if "Start next round" in labels(m)]) == 1
    # Its ratings were stored at once and are in its standings: nothing follows them.
    thread = next(t for t in event.channel.threads if t.id == row.thread_id)
    assert [m for m in thread.history() if m.embeds and m.embeds[0].title.endswith("final standings")]
    assert not [m for m in thread.history() if m.embeds and m.embeds[0].title.startswith("Rating changes")]


@pytest.mark.slow
async def test_a_refused_mark_of_the_finish_work_done_still_posts_the_standings_and_is_tried_again(simcord_env):
    table = await open_table(simcord_env, GAME, ["ada", "bo"])
    await start(table)
    calls = refuse(simcord_env, simcord_env.bot.store.tables, "finish_done", lambda n, kwargs: n == 1)
    await play_to_the_end(table, heuristic_players(GAME, 2))
    assert len(calls) == 1 and len(standings_and_late_ratings(table)[0]) == 1
    await simcord_env.advance_time(61)
    assert len(calls) == 2 and not (await table.row()).finish_due
    assert len(standings_and_late_ratings(table)[0]) == 1  # posted once


@pytest.mark.slow
async def test_a_rated_table_a_computer_played_is_not_promised_ratings_when_its_finish_is_refused(simcord_env):
    table = await open_table(simcord_env, GAME, ["ada", "bo"], computers=1)
    await table.players[0].click(table.thread.history()[0], label="Rated: off")
    await start(table)
    refuse(simcord_env, simcord_env.bot.store.tables, "finish_done", lambda n, kwargs: n == 1)
    await play_to_the_end(table, heuristic_players(GAME, 3))
    (standings,), _ = standings_and_late_ratings(table)
    field = next(f for f in standings.embeds[0].fields if f.name == "Rating changes")
    assert field.value.startswith("None: not rated, as a computer player")


@pytest.mark.slow
async def test_ratings_and_standings_both_refused_show_the_rating_changes_once(simcord_env, monkeypatch):
    table, calls = await rated_game_whose_ratings_are_refused(simcord_env, times=1, monkeypatch=monkeypatch)
    assert not standings_and_late_ratings(table)[0]
    await simcord_env.advance_time(61)  # both retries fall due
    assert len(calls) == 2
    (standings,), late = standings_and_late_ratings(table)
    shown = any(f.name == "Rating changes" and "ada: " in f.value for f in standings.embeds[0].fields)
    assert shown + len(late) == 1
