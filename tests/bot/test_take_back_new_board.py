"""README, `/table undo`: "The game is replayed without the action, which leaves the record." A move
that began a new board (a new turn, round or phase) posted it: once the move is taken back, that
board told a game that did not happen, so it goes; the board of the game as it is now follows."""

from __future__ import annotations

from tests.bot.database_faults import refuse
from tests.bot.driver import fix_deal, heuristic_players, labels, open_table, play_turn_by_dm, start, text_of

TAKE_BACK = "↩ Take back"


async def a_pass_that_ends_an_auction(table, policy):
    """Play on until a person's pass ends an auction (a new board, Turn 2) and their panel offers
    "Take back": (the player, their panel, the thread's messages before that move)."""
    for _ in range(400):
        row, state = await table.row(), await table.state()
        before = {m.id for m in table.thread.history()}
        passing = state.phase == "bidding" and policy(state, state.actor).kind == "pass"
        seat = state.actor
        assert await play_turn_by_dm(table, policy)
        if passing and (await table.state()).phase != "bidding":
            actor = await table.actor_of_seat(seat)
            panel = actor.user.dm_channel.history()[-1]
            if TAKE_BACK in labels(panel) and (await table.row()).version == row.version + 1:
                return actor, panel, before
    raise AssertionError("no pass ended an auction")


async def test_taking_back_the_pass_that_ended_an_auction_removes_the_turn_it_began(simcord_env, monkeypatch):
    fix_deal(monkeypatch, 3)
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    actor, panel, before = await a_pass_that_ends_an_auction(table, heuristic_players("baumeister", 3))
    began = [m for m in table.thread.history() if m.id not in before]
    assert any("Turn 2" in text_of(m) for m in began) and any(" buys " in text_of(m) for m in began)

    sent = len(simcord_env.http_requests)
    assert (await actor.user.click(panel, label=TAKE_BACK)).acknowledged
    board = (await table.row()).board_message_id
    assert [m.id for m in table.thread.history() if m.id not in before] == [board]  # the Turn 2 board went
    shown = text_of(next(m for m in table.thread.history() if m.id == board))
    assert "Turn 1" in shown and "took back their last action" in shown and " buys " not in shown
    # Its turn line names who took back, without pinging them for their own click.
    (posted,) = [r.json for r in simcord_env.http_requests[sent:]
                 if r.method == "POST" and r.path == f"/channels/{table.thread.id}/messages"]
    assert posted["content"] == f"Your move, <@{actor.id}>." and not posted["allowed_mentions"].get("users")
    assert "users" not in posted["allowed_mentions"].get("parse", [])


async def test_a_taken_back_board_goes_also_when_the_database_refuses_to_record_the_new_one(simcord_env, monkeypatch):
    """The new board's record refused (a full disk): the board the taken-back move began still goes."""
    fix_deal(monkeypatch, 3)
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    actor, panel, before = await a_pass_that_ends_an_auction(table, heuristic_players("baumeister", 3))
    began = [m.id for m in table.thread.history() if m.id not in before and "Turn 2" in text_of(m)]
    calls = refuse(simcord_env, simcord_env.bot.store.tables, "set_board", lambda n, kwargs: n == 1)
    await actor.user.click(panel, label=TAKE_BACK)
    assert calls and began and not {m.id for m in table.thread.history()} & set(began)
