"""README: where no thread can be opened "the game goes on without one, from the DM panels and
`/table hand`, and the players are told so". A player whose DMs are closed hears of it, of their
turns, reminders and a missed deadline in the table's channel, with a mention (nowhere else would
they hear of them)."""

from __future__ import annotations

from games import registry
from play.results import seat_choices
from tests.bot.driver import choose, fix_deal, heuristic_players, play_turn_by_dm
from tests.bot.test_closed_dms import seat_of, table_with_closed_dms

SPEC = registry.get("augsburg1520")
NO_THREAD = "has no thread at the moment; `/table hand table:1` shows your hand"


async def without_a_thread(env, table) -> int:
    """The bot loses Create Public Threads in the table's channel and its thread is deleted: the
    game goes on without one. Returns a mark in the channel's messages."""
    mark = max([m.id for m in table.channel.history()] + [0])
    await env.bot.get_channel(table.channel.id).set_permissions(env.bot.user, create_public_threads=False)
    env.backend.delete_channel(table.thread.id)
    await env.settle()
    assert (await table.row()).thread_id is None
    return mark


async def test_a_player_with_closed_dms_hears_in_the_channel_that_the_game_goes_on_and_of_his_turn(
        simcord_env, monkeypatch):
    fix_deal(monkeypatch, 3)
    table, bo, _ = await table_with_closed_dms(simcord_env)
    policy = heuristic_players("augsburg1520", 2)
    for _ in range(3):
        assert await play_turn_by_dm(table, policy)
    mark = await without_a_thread(simcord_env, table)
    said = [m.content for m in table.channel.history() if m.id > mark]
    assert any(t.startswith(f"<@{bo.id}>: the thread of **Augsburg 1520 — table #1** was deleted, and the game goes on "
                            "without one (") for t in said), said
    moved_by_ada = False
    for _ in range(80):  # ada plays by DM, bo by /table hand, until bo is due after one of ada's moves
        state, row = await table.state(), await seat_of(table, bo)
        if row.seat in SPEC.to_act(state) and moved_by_ada:
            break
        if row.seat in SPEC.to_act(state):
            hand = await bo.slash(table.channel, "table hand", table=table.table_id)
            await choose(bo, hand.response.message, seat_choices(SPEC, state, row.seat).index(policy(state, row.seat)))
            moved_by_ada = False
        else:
            mark = max(m.id for m in table.channel.history())
            assert await play_turn_by_dm(table, policy)
            moved_by_ada = True
    turn = [m for m in table.channel.history() if m.id > mark and f"<@{bo.id}>, it is your move" in (m.content or "")]
    assert len(turn) == 1 and NO_THREAD in turn[0].content and bo.id in {u.id for u in turn[0].mentions}
    assert "My hand" in [c.label for row in turn[0].components for c in row.children]


async def test_reminders_and_a_missed_deadline_reach_him_in_the_channel(simcord_env, monkeypatch):
    from tests.bot.test_pace import LIVE, play_seat

    fix_deal(monkeypatch, 1)
    table, bo, _ = await table_with_closed_dms(simcord_env, live=True)
    await play_seat(table, table.players[0], heuristic_players("augsburg1520", 2))
    mark = await without_a_thread(simcord_env, table)
    await simcord_env.advance_time(LIVE // 2 + 5)
    await simcord_env.advance_time(LIVE // 2 + 5)
    assert (await seat_of(table, bo)).away
    told = [m for m in table.channel.history() if m.id > mark and f"<@{bo.id}>" in (m.content or "")]
    said = [m.content for m in told]
    assert any("Still your turn" in t for t in said) and any("Time ran out" in t for t in said), said
    assert all(NO_THREAD in t for t in said), said
    reminder = next(m for m in told if "Still your turn" in m.content)  # with a My hand of its own
    assert "My hand" in [c.label for row in reminder.components for c in row.children]


async def test_a_restart_does_not_mention_him_again_for_the_same_decision(simcord_env, monkeypatch, settings):
    """README: mentioned "once: a restart does not mention them again for the same decision", also
    in the channel, where the mention went for want of a thread."""
    from bot import create_bot

    fix_deal(monkeypatch, 3)
    table, bo, _ = await table_with_closed_dms(simcord_env)
    policy = heuristic_players("augsburg1520", 2)
    for _ in range(3):
        assert await play_turn_by_dm(table, policy)
    await without_a_thread(simcord_env, table)

    def turn_mentions():
        return [m for m in table.channel.history() if f"<@{bo.id}>, it is your move" in (m.content or "")]

    for _ in range(80):  # ada plays by DM, bo by /table hand, until bo is due and was mentioned for it
        state, row = await table.state(), await seat_of(table, bo)
        if row.seat in SPEC.to_act(state) and turn_mentions():
            break
        if row.seat in SPEC.to_act(state):
            hand = await bo.slash(table.channel, "table hand", table=table.table_id)
            await choose(bo, hand.response.message, seat_choices(SPEC, state, row.seat).index(policy(state, row.seat)))
        else:
            assert await play_turn_by_dm(table, policy)
    before = len(turn_mentions())
    assert before and (await seat_of(table, bo)).seat in SPEC.to_act(await table.state())
    await simcord_env.restart_bot(create_bot(settings))
    await simcord_env.settle()
    assert len(turn_mentions()) == before, [m.content for m in turn_mentions()[before:]]


async def test_the_end_of_a_game_without_a_thread_is_posted_in_its_channel(simcord_env, monkeypatch):
    """README: "At the end the thread gets the final standings": without a thread, its channel does,
    mentioning the players whose DMs are closed (no last DM panel tells them); `/table hand` does
    not send them to a thread that does not exist."""
    from tests.bot.tournament_driver import play_out

    fix_deal(monkeypatch, 3)
    table, bo, _ = await table_with_closed_dms(simcord_env)
    mark = await without_a_thread(simcord_env, table)
    await play_out(simcord_env.bot, table.table_id)
    ended = [m for m in table.channel.history() if m.id > mark and m.embeds and "standings" in m.embeds[0].title]
    assert len(ended) == 1 and ended[0].content.startswith(f"<@{bo.id}>: Augsburg 1520 — table #1"), ended
    assert {u.id for u in ended[0].mentions} == {bo.id}
    hand = await bo.slash(table.channel, "table hand", table=table.table_id)
    shown = " ".join(e.description or "" for e in hand.response.embeds)
    assert "in the table's thread" not in shown and "without a thread" in shown, shown
