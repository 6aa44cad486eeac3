"""A tournament table's finish work and the tournament settling its round (`/tournament next`, a
cancelled table, the deadline, a start) rate the same table at once: it is rated once, and both
report its rating lines, so the final standings always show the rating changes."""

from __future__ import annotations

import asyncio

import pytest

from storage import RatedResult
from storage.ratings import RatingStore
from tests.bot.tournament_driver import answer, create, new_event, play_out, register_all, tournament_message


@pytest.mark.parametrize("settle_first", [False, True])
@pytest.mark.slow  # over half a second
async def test_a_table_rated_twice_at_once_is_rated_once_and_both_report_its_lines(
        simcord_env, monkeypatch, settle_first):
    event = new_event(simcord_env, 3)
    tournament = await create(event, rounds=1)
    await register_all(event, tournament)
    started = await event.organiser.click(tournament_message(event, tournament), label="Start")
    assert "round 1 is seated" in answer(started), answer(started)
    (game,) = await event.bot.store.tournaments.games(tournament, 1)
    bot = event.bot
    await play_out(bot, game.table_id, publish=False)  # the last move is stored, its finish work not yet run
    read, reads = RatingStore.history_of_table, []

    async def slow(self, table_id):  # a busy disk: the first caller's read takes a while
        rows = await read(self, table_id)
        reads.append(table_id)
        if len(reads) == 1:
            await asyncio.sleep(0.05)
        return rows

    monkeypatch.setattr(RatingStore, "history_of_table", slow)
    work = [bot.service.finish_work(game.table_id), bot.tournaments.settle(tournament)]
    done = await asyncio.gather(*(reversed(work) if settle_first else work))
    finish = done[1] if settle_first else done[0]
    lines = [r for report in finish.reports if isinstance(report, list) for r in report if isinstance(r, RatedResult)]
    assert len(await read(bot.store.ratings, game.table_id)) == 3
    assert len(lines) == 3, "the finish work reports no rating changes: the standings would show none"
