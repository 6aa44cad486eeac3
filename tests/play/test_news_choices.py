"""A move's news carries each seat's choices as the prompts were computed from them, so the panels
drawn next do not ask the engine again; they are the choices the engine gives for the new state."""

from __future__ import annotations

import time

import pytest

from games import registry
from play.common import Caller
from play.results import panel_token, seat_choices
from play.tables import TableService
from storage import Store

PLAYERS = [Caller(user_id=100 + n, guild_id=10, name=f"p{n}") for n in range(3)]


@pytest.mark.parametrize("game", registry.names())
async def test_the_choices_a_move_reports_are_the_engines(tmp_path, game):
    spec = registry.get(game)
    seats = max(spec.min_seats, 2)
    store = await Store.open(tmp_path / "bot.sqlite3")
    service = TableService(store, clock=time.time)
    try:
        table = await service.create_table(guild_id=10, channel_id=20, game=game, options={}, creator_id=100,
                                           creator_name="p0", chosen_seed=4)
        for caller in PLAYERS[1:seats]:
            await service.join(table.id, caller)
        news = await service.start(table.id, PLAYERS[0])
        for _ in range(40):
            assert news.choices is not None
            for seat in range(seats):
                assert news.choices_of(spec, seat) == seat_choices(spec, news.state, seat)
            seat = min(spec.to_act(news.state))
            policy = spec.policy("heuristic", seed=seat)
            index = news.choices_of(spec, seat).index(policy.choose(news.state, seat))
            news = await service.act(table.id, PLAYERS[seat], panel_token(news.table, news.table.prompts[seat][0]), index)
            if news.table.status != "running":
                break
        plain = await service.news(table.id)
        assert plain.choices is None  # a table read without a move computes choices when asked
        assert news.table.status == "running"  # forty moves end no game
        assert plain.choices_of(spec, min(spec.to_act(plain.state))) != []
    finally:
        await store.close()
