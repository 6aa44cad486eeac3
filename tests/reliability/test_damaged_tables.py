"""A table whose stored game cannot be read is marked damaged: its row is never written again, its
players are told privately and its thread once, the operator finds it in the log, every request
naming it is refused privately, and the rest of the bot goes on serving."""

from __future__ import annotations

import logging

from bot import create_bot
from tests.bot.driver import (board_message, heuristic_players, open_table, panel_message, play_turn_by_dm,
                              start, choice_target, clicker)

BROKEN_STATE = '{"seats": "three", "not": "a game"}'


async def corrupt(table, column: str, value: str) -> None:
    async with table.bot.store.db.transaction() as conn:
        await conn.execute(f"UPDATE game_tables SET {column} = ? WHERE id = ?", (value, table.table_id))


async def click_first_choice(table, actor):
    seats = await table.bot.store.tables.seats(table.table_id)  # as stored: the service refuses
    seat = next(s for s in seats if s.user_id == actor.id)
    message = await panel_message(table, actor, seat)
    how, custom_id = choice_target(message, 0)
    if how == "click":
        return await clicker(actor, message).click(message, custom_id=custom_id)
    return await clicker(actor, message).select(message, ["0"], custom_id=custom_id)


def damage_notices(messages) -> list:
    return [m for m in messages if "could not be read" in (m.content or "")]


async def test_a_table_that_cannot_be_read_is_refused_and_told_once(simcord_env, settings, caplog):
    caplog.set_level(logging.INFO)
    broken = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(broken)
    other = await open_table(simcord_env, "augsburg1520", ["cy", "dee"])
    await start(other)
    await corrupt(broken, "state", BROKEN_STATE)
    ada, bo = broken.players

    refused = await click_first_choice(broken, ada)
    assert refused.ephemeral and "cannot be played any more" in refused.response.content
    assert f"#{broken.table_id}" in refused.response.content
    assert "seats" not in refused.response.content  # the stored data is not shown to players
    row = await broken.row()
    assert row.state == BROKEN_STATE and row.damaged  # marked, its game left as it was
    # The operator's log names the table and the reason, once.
    logged = [r for r in caplog.records if r.levelno == logging.ERROR and "damaged" in r.getMessage()]
    assert len(logged) == 1 and f"table {broken.table_id}" in logged[0].getMessage()
    # The thread is told once; each player privately.
    assert len(damage_notices(broken.thread.history())) == 1
    for player in broken.players:  # a player at several tables learns which game it is
        (notice,) = damage_notices(player.user.dm_channel.history())
        assert f"Table #{broken.table_id} (Augsburg 1520) cannot go on" in notice.content, notice.content

    # Another request naming it: refused again, nobody told twice.
    again = await bo.click(await board_message(broken), label="My hand")
    assert again.ephemeral and "cannot be played any more" in again.response.content
    assert len(damage_notices(broken.thread.history())) == 1
    assert (await broken.row()).state == BROKEN_STATE

    # The other table of the same server plays on.
    version = (await other.row()).version
    assert await play_turn_by_dm(other, heuristic_players("augsburg1520", 2))
    assert (await other.row()).version == version + 1

    # At the next start, one line lists the damaged tables.
    caplog.clear()
    await simcord_env.restart_bot(create_bot(settings))
    lines = [r.getMessage() for r in caplog.records if "damaged table" in r.getMessage()]
    assert len(lines) == 1 and f"#{broken.table_id}" in lines[0]


async def test_a_row_that_cannot_be_read_is_refused_in_its_own_server_only(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    await corrupt(table, "prompts", "not json at all")
    ada = table.players[0]
    hand = await ada.slash(table.thread, "table hand")
    assert hand.ephemeral and "cannot be played any more" in hand.response.content
    (notice,) = damage_notices(table.thread.history())
    assert f"Table #{table.table_id} (Augsburg 1520) cannot go on" in notice.content, notice.content
    # From another server the table is just not theirs: no word of its damage.
    elsewhere = simcord_env.create_guild()
    channel = elsewhere.create_text_channel("games")
    stranger = elsewhere.add_member(simcord_env.create_user("eve"))
    answer = await stranger.slash(channel, "table hand", table=table.table_id)
    assert answer.ephemeral and "not a table of this server" in answer.response.content


async def test_a_table_found_damaged_at_a_start_is_logged_once_without_its_stored_values(simcord_env, settings,
                                                                                         caplog):
    """README: the bot "logs it once with its number ... and lists such tables in one line at each
    start", and the log holds no player's hand: a state broken while the bot was stopped (a hand
    stored as something else) is found by the start's look at the table, logged once as damaged,
    with where the fault lies and not the hand, never as a fault of the bot, and listed by that start."""
    import json

    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    state = json.loads((await table.row()).state)
    hand = state["hands"][0]
    state["hands"][0] = {"oops": hand}
    await corrupt(table, "state", json.dumps(state))
    caplog.clear()
    caplog.set_level(logging.INFO)
    await simcord_env.restart_bot(create_bot(settings))
    logged = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(logged) == 1 and f"table {table.table_id} is damaged" in logged[0], logged
    assert "hands.0" in logged[0] and json.dumps(hand) not in logged[0] and str(hand) not in logged[0], logged[0]
    assert str(hand) not in (await table.row()).damaged
    listed = [r.getMessage() for r in caplog.records if "damaged table" in r.getMessage()]
    assert len(listed) == 1 and f"#{table.table_id}" in listed[0]


async def test_a_timer_that_cannot_be_read_is_dropped_and_the_others_fire(simcord_env, settings, caplog):
    """A damaged timer row first in the queue (found at a start) could never fire: it must not hold
    up every other table's deadlines and reminders (README, Reliability). It is dropped, and logged
    once."""
    from tests.bot.test_pace import LIVE, dms_with, live_table, play_seat

    simcord_env.check_errors = False  # the dropped row is logged as an error
    table = await live_table(simcord_env)
    ada, bo = table.players
    await play_seat(table, ada, heuristic_players("augsburg1520", 2))
    other = await open_table(simcord_env, "augsburg1520", ["cy", "dee"])
    async with simcord_env.bot.store.db.transaction() as conn:
        await conn.execute("INSERT INTO timers (kind, due_at, table_id, seat, payload, created_at) VALUES"
                           " ('show', 0, ?, NULL, 'not json', '2026-01-01')", (other.table_id,))
    await simcord_env.restart_bot(create_bot(settings))
    await simcord_env.advance_time(LIVE // 2 + 1)
    assert dms_with(bo, "Still your turn in Augsburg 1520"), "a reminder came"
    version = (await table.row()).version
    await simcord_env.advance_time(LIVE // 2 + 60)
    assert (await table.row()).version > version, "bo's deadline fired"
    dropped = [r.getMessage() for r in caplog.records if "cannot be read and is dropped" in r.getMessage()]
    assert len(dropped) == 1 and "not json" not in dropped[0], dropped
    assert not await simcord_env.bot.store.tables.timers(table_id=other.table_id, kind="show")


async def test_a_seat_that_cannot_be_read_leaves_its_table_out_of_the_list(simcord_env):
    """`/table list` goes on listing the server's other tables (a damaged table row is left out the same way)."""
    broken = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    fine = await open_table(simcord_env, "augsburg1520", ["cy", "dee"], guild=broken.guild)
    async with broken.bot.store.db.transaction() as conn:
        await conn.execute("UPDATE seats SET forfeited = 'yes please' WHERE table_id = ? AND seat = 1",
                           (broken.table_id,))
    listed = (await fine.players[0].slash(fine.channel, "table list")).response
    text = (listed.content or "") + "".join(str(e.to_dict()) for e in listed.embeds)
    assert listed.ephemeral and "went wrong" not in text
    assert f"#{fine.table_id}" in text and f"#{broken.table_id} " not in text, text
