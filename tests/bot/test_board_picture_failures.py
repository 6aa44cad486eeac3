"""A board whose picture Discord refuses as too large goes on with its text (it says the same), as
when Attach Files is taken away: without a picture until a new board is posted."""

from __future__ import annotations

import logging

import simcord.http.router as router
from simcord.backend.errors import BackendError

from tests.bot.driver import board_message, heuristic_players, open_table, play_turn_by_dm, start


def failing_uploads(monkeypatch, status: int, code: int) -> dict[str, int]:
    """Requests that carry a file fail with `status`; the others go through. Returns the count of
    requests with a file tried."""
    counts = {"tried": 0}
    real = router.dispatch

    def dispatch(backend, method, path, *, files=None, **kwargs):
        if files:
            counts["tried"] += 1
            raise BackendError(status, code, "Request entity too large")
        return real(backend, method, path, files=files, **kwargs)

    monkeypatch.setattr(router, "dispatch", dispatch)
    return counts


def shown(board) -> list:
    return [embed.to_dict() for embed in board.embeds]


async def test_a_picture_too_large_leaves_the_board_without_it_and_its_text_going(simcord_env, monkeypatch, caplog):
    caplog.set_level(logging.WARNING)
    simcord_env.check_errors = False  # the injected failures are logged by discord.py
    uploads = failing_uploads(monkeypatch, 413, 40005)
    table = await open_table(simcord_env, "aelderman", ["ada", "bo"])
    await start(table)
    board = await board_message(table)
    assert board.embeds and board.attachments == [] and uploads == {"tried": 1}
    policy = heuristic_players("aelderman", 2)
    for _ in range(12):
        board, tried = await board_message(table), uploads["tried"]
        assert await play_turn_by_dm(table, policy)
        now = await board_message(table)
        assert shown(now) != shown(board) and now.attachments == []  # the text follows every move
        # Not tried again on the same board (it would fail the same way); a new board tries once.
        assert uploads["tried"] == tried + (now.id != board.id)
    assert any("was refused (413)" in r.getMessage() and "too large" in r.getMessage() for r in caplog.records)

