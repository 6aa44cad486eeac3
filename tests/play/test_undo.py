"""Taking back one's own last action (BGA's policy): allowed while no other player has acted since
and nothing hidden was revealed or drawn at random; every other case is refused with the reason."""

from __future__ import annotations

import time

import pytest

from games import registry
from play.common import Caller, TableError
from play.results import panel_token
from play.tables import TableService
from storage import Store

PLAYERS = [Caller(user_id=100 + n, guild_id=10, name=f"p{n}") for n in range(3)]


async def new_table(tmp_path, game: str, seats: int, seed: int = 5) -> tuple[TableService, int, object]:
    store = await Store.open(tmp_path / "bot.sqlite3")
    service = TableService(store, clock=time.time)
    table = await service.create_table(guild_id=10, channel_id=20, game=game, options={}, creator_id=100,
                                       creator_name="p0", chosen_seed=seed)
    for caller in PLAYERS[1:seats]:
        await service.join(table.id, caller)
    news = await service.start(table.id, PLAYERS[0])
    return service, table.id, news


async def play_until(service, table_id, news, wanted, limit=400):
    """Players take choices until `wanted(spec, state, news)` holds after a move; returns (the
    table before that move, after it)."""
    spec = registry.get(news.table.game)
    for _ in range(limit):
        previous = news
        seat = min(spec.to_act(news.state))
        choices = spec.legal_actions(news.state, seat)
        policy = spec.policy("heuristic", seed=seat)
        index = choices.index(policy.choose(news.state, seat))
        news = await service.act(table_id, PLAYERS[seat], panel_token(news.table, news.table.prompts[seat][0]), index)
        if wanted(spec, news.state, news):
            return previous, news
    raise AssertionError("the situation never came")


async def test_an_auction_bid_is_taken_back_and_the_game_replays_without_it(tmp_path):
    service, table_id, news = await new_table(tmp_path, "augsburg1520", 2)
    try:
        _, news = await play_until(service, table_id, news,
                                   lambda spec, st, n: n.moves[-1].action.kind == "bid" and n.undo_seat is not None)
        bidder = news.moves[-1].seat
        before_bid = await service.store.tables.actions(table_id)
        version = news.table.version
        undone = await service.undo(table_id, PLAYERS[bidder])
        assert undone.table.version == version + 1  # versions only grow: every older panel is out of date
        assert bidder in registry.get("augsburg1520").to_act(undone.state)  # the bid is the bidder's to make again
        log = await service.store.tables.actions(table_id)
        assert log == before_bid[:-1]  # the taken-back action left the record
        assert undone.table.recent_events[-1][1] == f"{{p{bidder}}} took back their last action."
        replayed = await service.replay(table_id)
        assert registry.get("augsburg1520").dump_state(replayed) == (await service.store.tables.get(table_id)).state
        # The action before the bid was another's, made before it: not "since".
        with pytest.raises(TableError, match="the last action is now p.'s: you have taken back yours after it"):
            await service.undo(table_id, PLAYERS[bidder])
    finally:
        await service.store.close()


async def test_every_other_case_is_refused_with_its_reason(tmp_path):
    service, table_id, news = await new_table(tmp_path, "augsburg1520", 2)
    spec = registry.get("augsburg1520")
    try:
        with pytest.raises(TableError, match="not seated"):
            await service.undo(table_id, Caller(user_id=7, guild_id=10))
        # a card drawn at random: the purchase ends with cards dealt from the shuffled deck
        _, news = await play_until(service, table_id, news,
                                   lambda spec, st, n: n.undo_seat is None and len(n.moves) == 1)
        mover = news.moves[-1].seat
        state_before = (await service.store.tables.get(table_id)).state
        with pytest.raises(TableError, match="cannot be taken back: "):
            await service.undo(table_id, PLAYERS[mover])
        assert (await service.store.tables.get(table_id)).state == state_before  # nothing changed
        # another player has acted since
        other = 1 - mover
        if other in spec.to_act(news.state):
            news = await service.act(table_id, PLAYERS[other], panel_token(news.table, news.table.prompts[other][0]), 0)
            with pytest.raises(TableError, match="has acted since"):
                await service.undo(table_id, PLAYERS[mover])
    finally:
        await service.store.close()


@pytest.mark.parametrize("game, seats", [("augsburg1520", 2), ("baumeister", 3), ("aelderman", 2)])
async def test_one_accepted_undo_per_game(tmp_path, game, seats):
    service, table_id, news = await new_table(tmp_path, game, seats)
    try:
        before, news = await play_until(service, table_id, news, lambda spec, st, n: n.undo_seat is not None)
        seat = news.undo_seat
        undone = await service.undo(table_id, PLAYERS[seat])
        assert seat in registry.get(game).to_act(undone.state)
        assert undone.table.state == before.table.state  # exactly the game before the action
    finally:
        await service.store.close()


async def test_a_player_steps_back_through_their_own_actions_one_by_one(tmp_path):
    """"A player may take back their own last action while no other player has acted since": once
    taken back, the action before it is their last, and no one else has acted since it either."""
    service, table_id, news = await new_table(tmp_path, "aelderman", 2)
    spec, states = registry.get("aelderman"), {}
    try:
        for _ in range(400):  # a turn at sea of several actions of one player that hide nothing
            states[news.table.version] = news.table.state
            _, news = await play_until(service, table_id, news, lambda spec, st, n: True)
            log = await service.store.tables.actions(table_id)
            if news.undo_seat is not None and len(log) > 2 and log[-2][1] == log[-1][1] == news.undo_seat:
                break
        seat, version = news.undo_seat, news.table.version
        once = await service.undo(table_id, PLAYERS[seat])
        assert once.undo_seat == seat  # the panel offers the next step back
        twice = await service.undo(table_id, PLAYERS[seat])
        assert twice.table.version == version + 2 and seat in spec.to_act(twice.state)
        assert twice.table.state == states[version - 2]  # exactly the game before the two actions
        assert len(await service.store.tables.actions(table_id)) == len(log) - 2
        other = PLAYERS[1 - seat]
        with pytest.raises(TableError, match="has acted since|Only your own"):
            await service.undo(table_id, other)  # the other player's action is not theirs to take back now
    finally:
        await service.store.close()


async def test_another_players_take_back_stands_between(tmp_path):
    """A take-back is an action of its player: the one whose action came before it may not take
    that back, as another player has acted since."""
    service, table_id, news = await new_table(tmp_path, "augsburg1520", 2)
    try:
        for _ in range(400):
            _, news = await play_until(service, table_id, news, lambda spec, st, n: n.undo_seat is not None)
            log = await service.store.tables.actions(table_id)
            if len(log) > 1 and log[-2][1] != log[-1][1]:
                break
        first = log[-2][1]
        await service.undo(table_id, PLAYERS[news.undo_seat])
        with pytest.raises(TableError, match="another player has taken back an action since"):
            await service.undo(table_id, PLAYERS[first])
    finally:
        await service.store.close()


async def test_nothing_is_taken_back_before_anyone_acted(tmp_path):
    service, table_id, news = await new_table(tmp_path, "baumeister", 3)
    try:
        with pytest.raises(TableError, match="There is no action in this game to take back: nobody has acted yet, "
                                             "or every action was taken back"):
            await service.undo(table_id, PLAYERS[min(registry.get("baumeister").to_act(news.state))])
    finally:
        await service.store.close()


async def test_nothing_is_taken_back_once_the_game_has_ended(tmp_path):
    from tests.play.test_record import PLAYERS as RECORD_PLAYERS, played

    service, table_id = await played(tmp_path, to_the_end=True)
    try:
        last_seat = (await service.store.tables.last_action(table_id))[1]
        with pytest.raises(TableError, match="This game has ended: nothing can be taken back"):
            await service.undo(table_id, RECORD_PLAYERS[last_seat])
    finally:
        await service.store.close()


async def test_after_another_players_take_back_the_panel_offers_no_further_step_back(tmp_path):
    """The opening purchase is chosen at once. Ada picks a card, bo picks one and takes it back,
    ada picks a second and takes that back: her first pick came before bo's take-back, so it is
    not offered (nor allowed) as her next step back."""
    service, table_id, news = await new_table(tmp_path, "augsburg1520", 2)
    spec = registry.get("augsburg1520")
    try:
        def pick(seat):
            choices = spec.legal_actions(news.state, seat)
            index = next(i for i, a in enumerate(choices) if a.kind == "buy_card")
            return service.act(table_id, PLAYERS[seat], panel_token(news.table, news.table.prompts[seat][0]), index)

        news = await pick(0)
        news = await pick(1)
        news = await service.undo(table_id, PLAYERS[1])
        news = await pick(0)
        assert news.undo_seat == 0
        news = await service.undo(table_id, PLAYERS[0])
        assert news.undo_seat is None
        with pytest.raises(TableError, match="another player has taken back an action since"):
            await service.undo(table_id, PLAYERS[0])
    finally:
        await service.store.close()


async def test_the_next_step_back_is_not_offered_once_its_decisions_time_ran_out(tmp_path):
    """README: a take-back is "refused once the decision's time has run out", and the panel offers
    the next step back only "while the next one may be taken back". An auction winner spends most of
    the live pace on the privilege turn, then opens the next auction (a new turn, its whole time);
    after the privilege turn's time is over it bids and takes the bid back: the privilege is not
    offered to be taken back too (it would be refused)."""
    store = await Store.open(tmp_path / "bot.sqlite3")
    now = [1_800_000_000.0]
    service = TableService(store, clock=lambda: now[0])
    table = await service.create_table(guild_id=10, channel_id=20, game="augsburg1520", options={}, creator_id=100,
                                       creator_name="p0", chosen_seed=5, pace_name="live-15m")
    await service.join(table.id, PLAYERS[1])
    news = await service.start(table.id, PLAYERS[0])
    spec = registry.get("augsburg1520")
    policies = {seat: spec.policy("heuristic", seed=seat) for seat in range(2)}

    async def move(news, seat):
        choices = spec.legal_actions(news.state, seat)
        return await service.act(table.id, PLAYERS[seat], panel_token(news.table, news.table.prompts[seat][0]),
                                 choices.index(policies[seat].choose(news.state, seat)))
    try:
        for _ in range(400):  # a privilege turn played late, then the same seat's next auction
            seat = min(spec.to_act(news.state))
            if news.state.phase == "privileges" and spec.to_act(news.state) == {seat}:
                turn, now[0] = spec.turn_key(news.state, seat), now[0] + 800
                while spec.to_act(news.state) == {seat} and spec.turn_key(news.state, seat) == turn:
                    news = await move(news, seat)
                if spec.to_act(news.state) == {seat} and news.undo_seat == seat:
                    break
            else:
                news = await move(news, seat)
        now[0] += 200  # the privilege turn's fifteen minutes are over
        news = await move(news, seat)
        assert news.undo_seat == seat
        once = await service.undo(table.id, PLAYERS[seat])
        assert once.undo_seat is None
        with pytest.raises(TableError, match="the time for that decision has run out"):
            await service.undo(table.id, PLAYERS[seat])
    finally:
        await service.store.close()
