"""A pace's deadline is per turn of a player: the decisions a player makes one after another share
one clock, so stepping back and forth (pick a card, take it back off) never buys time; and a move
cannot be taken back once the time of its decision has run out."""

from __future__ import annotations

import pytest

from games import registry
from play.common import Caller, TableError
from play.results import panel_token
from play.tables import TableService
from storage import Store

PLAYERS = [Caller(user_id=100 + n, guild_id=10, name=f"p{n}") for n in range(3)]


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


async def live_table(tmp_path, clock: Clock, game: str):
    """A service on a new database, and a live-15m table of `game` opened by the first player."""
    service = TableService(await Store.open(tmp_path / "bot.sqlite3"), clock=clock)
    table = await service.create_table(guild_id=10, channel_id=20, game=game, options={},
                                       creator_id=100, creator_name="p0", pace_name="live-15m")
    return service, table


async def baumeister_build_step(tmp_path, clock: Clock):
    """A live-15m Baumeister table where a player is about to pick a card to build."""
    service, table = await live_table(tmp_path, clock, "baumeister")
    for caller in PLAYERS[1:]:
        await service.join(table.id, caller)
    news = await service.start(table.id, PLAYERS[0])
    spec = registry.get("baumeister")
    for _ in range(400):
        (seat,) = spec.to_act(news.state)
        choices = spec.legal_actions(news.state, seat)
        if any(a.kind == "pick" for a in choices):
            return service, table.id, news, seat
        policy = spec.policy("heuristic", seed=seat)
        clock.now += 5
        news = await service.act(table.id, PLAYERS[seat], panel_token(news.table, news.table.prompts[seat][0]),
                                 choices.index(policy.choose(news.state, seat)))
    raise AssertionError("no build step came")


async def test_picking_and_putting_back_a_card_keeps_the_turns_deadline(tmp_path):
    clock = Clock()
    service, table_id, news, seat = await baumeister_build_step(tmp_path, clock)
    spec = registry.get("baumeister")
    try:
        deadline = news.table.deadlines[seat]
        for _ in range(3):
            clock.now += 120
            pick = next(i for i, a in enumerate(spec.legal_actions(news.state, seat)) if a.kind == "pick")
            news = await service.act(table_id, PLAYERS[seat], panel_token(news.table, news.table.prompts[seat][0]), pick)
            clock.now += 120
            back = next(i for i, a in enumerate(spec.legal_actions(news.state, seat)) if a.kind == "unpick")
            news = await service.act(table_id, PLAYERS[seat], panel_token(news.table, news.table.prompts[seat][0]), back)
            assert news.table.deadlines[seat] == deadline  # 12 minutes on, still the same deadline
    finally:
        await service.store.close()


async def test_no_take_back_once_the_decisions_time_has_run_out(tmp_path):
    clock = Clock()
    service, table_id, news, seat = await baumeister_build_step(tmp_path, clock)
    spec = registry.get("baumeister")
    try:
        pick = next(i for i, a in enumerate(spec.legal_actions(news.state, seat)) if a.kind == "pick")
        news = await service.act(table_id, PLAYERS[seat], panel_token(news.table, news.table.prompts[seat][0]), pick)
        clock.now = news.table.deadlines[seat] + 1  # (the deadline timer has not fired yet)
        with pytest.raises(TableError, match="the time for that decision has run out"):
            await service.undo(table_id, PLAYERS[seat])
    finally:
        await service.store.close()


async def test_a_turn_that_comes_back_after_computer_seats_moved_has_a_new_clock(tmp_path):
    """One person with computer seats: their move, the computers' turns, then their own next turn
    come back in one answer. The next turn is a new decision with its whole time, not the rest of
    the turn before it."""
    clock = Clock()
    service, table = await live_table(tmp_path, clock, "augsburg1520")
    try:
        for _ in range(2):
            await service.add_computer(table.id, PLAYERS[0])
        news = await service.start(table.id, PLAYERS[0])
        spec = registry.get("augsburg1520")
        policy, fresh_turns = spec.policy("heuristic", seed=0), 0
        for _ in range(60):
            if 0 not in spec.to_act(news.state):
                break
            clock.now += 600  # ten of the fifteen minutes used on each decision
            choices = spec.legal_actions(news.state, 0)
            action = policy.choose(news.state, 0)
            after_own_move, _ = spec.apply(news.state, 0, action)
            news = await service.act(table.id, PLAYERS[0], panel_token(news.table, news.table.prompts[0][0]), choices.index(action))
            if 0 not in spec.to_act(after_own_move) and 0 in spec.to_act(news.state):  # the others' turns came between
                assert news.table.deadlines[0] == clock.now + 900
                fresh_turns += 1
        assert fresh_turns >= 2
    finally:
        await service.store.close()


async def test_taking_back_the_opening_move_keeps_the_time_since_the_game_started(tmp_path):
    """The first player's turn began when the game started: taking back their opening move gives
    back only what was left of it, not a whole new deadline."""
    clock = Clock()
    service, table = await live_table(tmp_path, clock, "aelderman")
    try:
        await service.join(table.id, PLAYERS[1])
        news = await service.start(table.id, PLAYERS[0])
        started, spec = clock.now, registry.get("aelderman")
        (seat,) = spec.to_act(news.state)
        player = next(p for p in PLAYERS if p.user_id == news.seats[seat].user_id)
        clock.now += 600  # ten of the fifteen minutes pass before the opening move
        news = await service.act(table.id, player, panel_token(news.table, news.table.prompts[seat][0]), 0)
        assert seat not in spec.to_act(news.state)  # the turn passed on
        clock.now += 60
        news = await service.undo(table.id, player)
        assert news.table.deadlines[seat] == started + 900
    finally:
        await service.store.close()
