"""Computer seats move in the background, in batches, so a player's answer is never held up by
a long run of computer turns; moves left due at a restart are played after it."""

from __future__ import annotations

import pytest

import play.moves
from bot import create_bot
from tests.bot.driver import fix_deal, heuristic_players, open_table, play_turn_by_dm, start


@pytest.mark.slow
async def test_long_runs_of_computer_moves_go_on_in_batches(simcord_env, monkeypatch):
    monkeypatch.setattr(play.moves, "COMPUTER_STEPS", 1)  # a request plays one computer move
    fix_deal(monkeypatch, 7)  # the same game every run (a deal where ada's purchase takes many clicks once failed)
    table = await open_table(simcord_env, "augsburg1520", ["ada"], computers=2)
    service = simcord_env.bot.service
    batches = []
    run_computers = service.run_computers

    async def counted(table_id):
        news = await run_computers(table_id)
        batches.append(news is not None and len(news.moves))
        return news

    monkeypatch.setattr(service, "run_computers", counted)
    await start(table)
    policy = heuristic_players("augsburg1520", 3)
    versions = []
    for _ in range(30):
        row = await table.row()
        assert not row.computer_due  # every batch was played once the bot settled
        versions.append(row.version)
        if not await play_turn_by_dm(table, policy):
            break
    spec = await table.spec()
    state = await table.state()
    assert spec.to_act(state) <= {0}  # the computers have played until ada must act
    assert batches and all(size == 1 for size in batches if size)  # background batches of one
    # the computers made more moves between ada's clicks than one request holds
    assert max(b - a for a, b in zip(versions, versions[1:])) >= 3


@pytest.mark.slow
async def test_computer_moves_due_at_a_restart_are_played_after_it(simcord_env, settings, monkeypatch):
    table = await open_table(simcord_env, "augsburg1520", ["ada"], computers=2)
    bot = simcord_env.bot
    # The background task that would play the computers' batch never runs (the process dies).
    monkeypatch.setattr(play.moves, "COMPUTER_STEPS", 1)
    monkeypatch.setattr(bot.controller, "spawn", lambda work, name: work.close())
    await start(table)
    policy = heuristic_players("augsburg1520", 3)
    for _ in range(10):
        if (await table.row()).computer_due:
            break
        assert await play_turn_by_dm(table, policy)
    before = await table.row()
    assert before.computer_due
    monkeypatch.undo()
    await simcord_env.restart_bot(create_bot(settings))
    after = await table.row()
    assert after.version > before.version and not after.computer_due
    spec, state = await table.spec(), await table.state()
    assert spec.to_act(state) <= {0}  # the computers played until ada must act (or the end)
