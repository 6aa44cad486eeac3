"""A take-back while the thread is far behind (Discord refused its boards for long): the lines
kept with the table stay the latest ones of the game, so the board that catches up replays the
lines the table no longer keeps, and the thread, read in order, still has every public line."""

from __future__ import annotations

import pytest

from play.results import RECENT_EVENTS
from tests.bot.driver import play_turn_by_dm
from tests.bot.test_board_refused import augsburg_table, public_log, thread_log


def in_order(shown: list[str], public: list[str]) -> bool:
    """Whether every line of `public` is in `shown`, in the same order (the thread also keeps the
    lines of an action taken back, which the record no longer has)."""
    rest = iter(shown)
    return all(line in rest for line in public)


@pytest.mark.slow  # over half a second
async def test_a_take_back_of_a_move_of_several_lines_while_the_thread_is_far_behind_loses_no_line(
        simcord_env, monkeypatch):
    env = simcord_env
    env.check_errors = False
    table, policy = await augsburg_table(env, monkeypatch)
    spec = table.bot.service.spec(await table.row())
    assert await play_turn_by_dm(table, policy)
    shown_before = len(await public_log(table))
    for method in ("POST", "PATCH"):
        env.inject_error(method, f"/channels/{table.thread.id}/messages*", status=500, times=None)
    while len(await public_log(table)) - shown_before <= RECENT_EVENTS + 5:
        assert await play_turn_by_dm(table, policy)
    for _ in range(200):  # on to a move of two lines or more that its player may take back
        state = await table.state()
        seat = min(spec.to_act(state))
        after, events = spec.apply(state, seat, policy(state, seat))
        lines = [e for e in events if e.seats is None and e.text]
        assert await play_turn_by_dm(table, policy)
        if len(lines) >= 2 and not spec.undo_refusal(state, after, events) and spec.outcome(after) is None:
            break
    else:
        raise AssertionError("no such move")
    env.backend.faults[:] = []  # the thread takes posts again
    mover = await table.actor_of_seat(seat)
    result = await mover.slash(table.thread, "table undo")
    assert result.response is not None and "taken back" in result.response.content
    assert (await table.row()).recent_events == (await public_log_kept(table))
    assert in_order(thread_log(table), await public_log(table))


async def public_log_kept(table) -> list[tuple[int, str]]:
    """The latest RECENT_EVENTS public lines of the record, as the table keeps them."""
    lines = await table.bot.service.public_lines(table.table_id)
    return [tuple(line) for line in lines[-RECENT_EVENTS:]]
