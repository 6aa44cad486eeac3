"""The standings of a game that ended without a thread go to its channel, and are looked after as
a thread's are (README): refused, "posted again a minute, ten minutes and an hour later"; a stop
before them, posted at the next start, once; rating changes stored late follow them."""

from __future__ import annotations

import pytest

from bot import create_bot
from tests.bot.database_faults import refuse
from tests.bot.driver import heuristic_players, open_table, play_to_the_end, start
from tests.bot.test_closed_dms_no_thread import without_a_thread
from tests.bot.test_finish_refused import refuse_standings_once
from tests.bot.tournament_driver import play_out

GAME = "augsburg1520"


def in_channel(table, mark: int, title_end: str) -> list:
    return [m for m in table.channel.history()
            if m.id > mark and m.embeds and (m.embeds[0].title or "").endswith(title_end)]


@pytest.mark.slow  # over half a second
async def test_channel_standings_refused_are_posted_again(simcord_env, monkeypatch):
    table = await open_table(simcord_env, GAME, ["ada", "bo"])
    await start(table)
    mark = await without_a_thread(simcord_env, table)
    refuse_standings_once(monkeypatch)
    await play_to_the_end(table, heuristic_players(GAME, 2))
    assert (await table.row()).status == "finished" and not in_channel(table, mark, "final standings")
    for wait in (61, 601, 3601):
        await simcord_env.advance_time(wait)
    assert len(in_channel(table, mark, "final standings")) == 1


async def test_channel_standings_after_a_stop_are_posted_once(simcord_env, settings):
    table = await open_table(simcord_env, GAME, ["ada", "bo"])
    await start(table)
    mark = await without_a_thread(simcord_env, table)
    await play_out(simcord_env.bot, table.table_id, publish=False)  # stopped before anything was posted
    for _ in range(2):
        await simcord_env.restart_bot(create_bot(settings))
        await simcord_env.settle()
        assert len(in_channel(table, mark, "final standings")) == 1


@pytest.mark.slow  # over half a second
async def test_rating_changes_stored_late_follow_channel_standings(simcord_env):
    table = await open_table(simcord_env, GAME, ["ada", "bo"])
    await table.players[0].click(table.thread.history()[0], label="Rated: off")
    await start(table)
    mark = await without_a_thread(simcord_env, table)
    refuse(simcord_env, simcord_env.bot.store.ratings, "record_game", lambda n, kwargs: n <= 1)
    await play_to_the_end(table, heuristic_players(GAME, 2))
    (standings,) = in_channel(table, mark, "final standings")
    field = next(f for f in standings.embeds[0].fields if f.name == "Rating changes")
    assert field.value.endswith("They follow here once stored."), field.value
    await simcord_env.advance_time(61)
    assert len(await table.bot.store.ratings.history_of_table(table.table_id)) == 2
    late = [m for m in table.channel.history()
            if m.id > mark and m.embeds and (m.embeds[0].title or "").startswith("Rating changes")]
    assert len(late) == 1


@pytest.mark.slow  # over half a second
async def test_channel_standings_behind_chatter_are_not_posted_again_at_a_start(simcord_env, settings):
    """A channel is where people talk: a start soon after the end (its standings' check still due)
    finds the standings behind the messages posted since, and does not post them twice."""
    table = await open_table(simcord_env, GAME, ["ada", "bo"])
    await start(table)
    mark = await without_a_thread(simcord_env, table)
    await play_to_the_end(table, heuristic_players(GAME, 2))
    for number in range(25):
        await table.players[number % 2].send(table.channel, f"gg {number}")
    await simcord_env.restart_bot(create_bot(settings))
    await simcord_env.settle()
    assert len(in_channel(table, mark, "final standings")) == 1
