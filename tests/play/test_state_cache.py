"""The table service keeps the state it last read or wrote per table and reuses it while the stored
JSON is the same: a move's load parses nothing new, and a state another process stored is read."""

from __future__ import annotations

import time

import pytest

from games import registry
from play.common import Caller
from play.results import panel_token
from play.tables import TableService
from storage import Store

PLAYERS = [Caller(user_id=100 + n, guild_id=10, name=f"p{n}") for n in range(2)]
GAME = "augsburg1520"


async def started(service: TableService) -> tuple[int, object]:
    table = await service.create_table(guild_id=10, channel_id=20, game=GAME, options={}, creator_id=100,
                                       creator_name="p0", chosen_seed=3)
    await service.join(table.id, PLAYERS[1])
    return table.id, await service.start(table.id, PLAYERS[0])


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(tmp_path / "bot.sqlite3")
    try:
        yield TableService(store, clock=time.time)
    finally:
        await store.close()


async def first_choice(service: TableService, table_id: int, news) -> object:
    spec = registry.get(GAME)
    seat = min(spec.to_act(news.state))
    return await service.act(table_id, PLAYERS[seat], panel_token(news.table, news.table.prompts[seat][0]), 0)


async def test_the_load_after_a_move_reuses_the_state_the_move_stored(service, monkeypatch):
    table_id, news = await started(service)
    news = await first_choice(service, table_id, news)
    spec = registry.get(GAME)
    parsed = []
    monkeypatch.setattr(type(spec), "load_state", lambda self, text: parsed.append(text) or None)
    loaded = await service.load(table_id)
    assert parsed == []  # the stored JSON is the one just written: nothing is parsed again
    assert loaded.state is news.state
    assert spec.dump_state(loaded.state) == (await service.store.tables.get(table_id)).state


async def test_a_state_another_process_stored_is_read_not_the_kept_one(tmp_path):
    here = await Store.open(tmp_path / "bot.sqlite3")
    there = await Store.open(tmp_path / "bot.sqlite3")  # say, another shard's process
    ours, theirs = TableService(here, clock=time.time), TableService(there, clock=time.time)
    try:
        table_id, news = await started(ours)
        news = await first_choice(ours, table_id, news)
        elsewhere = await first_choice(theirs, table_id, await theirs.news(table_id))
        loaded = await ours.load(table_id)
        spec = registry.get(GAME)
        assert loaded.table.version == elsewhere.table.version == news.table.version + 1
        assert spec.dump_state(loaded.state) == spec.dump_state(elsewhere.state)
        assert spec.dump_state(loaded.state) != spec.dump_state(news.state)
    finally:
        await here.close()
        await there.close()


async def test_a_table_that_ended_is_forgotten(service):
    table_id, _ = await started(service)
    assert service.kept.get(table_id) is not None
    service.forget(table_id)
    assert service.kept.get(table_id) is None


async def test_a_click_picks_from_the_choices_the_last_move_listed(service, monkeypatch):
    table_id, news = await started(service)
    news = await first_choice(service, table_id, news)
    spec = registry.get(GAME)
    seat = min(spec.to_act(news.state))
    offered = news.choices[seat]
    listed = []
    real = type(spec).legal_actions
    monkeypatch.setattr(type(spec), "legal_actions", lambda self, *a: listed.append(a) or real(self, *a))
    after = await service.act(table_id, PLAYERS[seat], panel_token(news.table, news.table.prompts[seat][0]), 0)
    assert all(state is after.state for state, _ in listed)  # only the next state's choices are listed
    assert after.moves[0].action == offered[0]


async def test_kept_choices_are_not_used_for_a_state_stored_elsewhere(tmp_path):
    here = await Store.open(tmp_path / "bot.sqlite3")
    there = await Store.open(tmp_path / "bot.sqlite3")
    ours, theirs = TableService(here, clock=time.time), TableService(there, clock=time.time)
    try:
        table_id, news = await started(ours)
        news = await first_choice(ours, table_id, news)
        elsewhere = await first_choice(theirs, table_id, await theirs.news(table_id))
        loaded = await ours.load(table_id)
        spec = registry.get(GAME)
        for seat in range(2):
            assert ours.kept.choices(loaded.table, seat) is None  # another state: listed again
        seat = min(spec.to_act(elsewhere.state))
        after = await ours.act(table_id, PLAYERS[seat], panel_token(elsewhere.table, elsewhere.table.prompts[seat][0]), 0)
        assert after.moves[0].action == spec.legal_actions(elsewhere.state, seat)[0]
    finally:
        await here.close()
        await there.close()
