"""The lines the bot itself writes into a table's log ("ran out of time", "took back their last
action", "did not decide in time") are kept with their move, so /table log shows them as the board
did, also after a restart."""

from __future__ import annotations

from bot import create_bot
from tests.bot.driver import heuristic_players, labels, open_table, play_turn_by_dm, start
from tests.bot.test_pace import LIVE, live_table, play_seat
from tests.bot.test_take_back import TAKE_BACK


async def log_lines(table, player) -> list[str]:
    """The last page of /table log as `player` reads it, one line per event."""
    shown = await player.slash(table.thread, "table log")
    assert shown.ephemeral
    return shown.response.embeds[0].description.splitlines()


async def test_the_log_says_who_ran_out_of_time_also_after_a_restart(simcord_env, settings):
    table = await live_table(simcord_env)
    ada, bo = table.players
    await play_seat(table, ada, heuristic_players("augsburg1520", 2))
    version = (await table.row()).version
    await simcord_env.advance_time(LIVE + 60)  # bo's deadline passes: the computer buys for bo
    assert (await table.row()).version > version
    note = "bo ran out of time: a computer player moves for them until they are back."
    lines = await log_lines(table, ada)
    assert any(line.endswith(note) for line in lines), lines
    await simcord_env.restart_bot(create_bot(settings))
    assert any(line.endswith(note) for line in await log_lines(table, bo))


async def test_the_log_says_who_took_back_and_drops_what_they_took_back(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    policy = heuristic_players("augsburg1520", 2)
    for _ in range(80):  # on to a move that can be taken back and that everyone saw
        before = await log_lines(table, table.players[0])
        version = (await table.row()).version
        assert await play_turn_by_dm(table, policy)
        after = await log_lines(table, table.players[0])
        actor = next((p for p in table.players if TAKE_BACK in labels(p.user.dm_channel.history()[-1])), None)
        if actor and (await table.row()).version == version + 1 and after[-1] not in before:
            break
    else:
        raise AssertionError("no move that everyone saw could be taken back")
    undone = after[-1].split("`")[1]  # the number of the move taken back
    back = await actor.user.click(actor.user.dm_channel.history()[-1], label=TAKE_BACK)
    assert back.acknowledged
    lines = await log_lines(table, table.players[0])
    name = "ada" if actor is table.players[0] else "bo"
    assert lines[-1] == f"`{undone}` {name} took back their last action.", lines
    # The action taken back is gone from the log; what came before it stays as it was.
    assert lines[:-1] == [line for line in after if line.split("`")[1] != undone][-len(lines) + 1:]
