"""A board whose picture Discord refuses as too large goes on with its text (it says the same), as
when Attach Files is taken away: without a picture until a new board is posted. One whose upload
meets a server error goes on with its text too, and tries the picture again at the next move."""

from __future__ import annotations

import logging

import simcord.http.router as router
from simcord.backend.errors import BackendError

from tests.bot.driver import board_message, heuristic_players, open_table, play_turn_by_dm, start


def failing_uploads(monkeypatch, status: int, code: int, message: str = "Request entity too large") -> dict[str, int]:
    """Requests that carry a file fail with `status` (while "failing" is true); the others go
    through. Returns the count of requests with a file tried, and the switch."""
    counts = {"tried": 0, "failing": True}
    real = router.dispatch

    def dispatch(backend, method, path, *, files=None, **kwargs):
        if files and counts["failing"]:
            counts["tried"] += 1
            raise BackendError(status, code, message)
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
    assert board.embeds and board.attachments == [] and uploads["tried"] == 1
    policy = heuristic_players("aelderman", 2)
    for _ in range(12):
        board, tried = await board_message(table), uploads["tried"]
        assert await play_turn_by_dm(table, policy)
        now = await board_message(table)
        assert shown(now) != shown(board) and now.attachments == []  # the text follows every move
        # Not tried again on the same board (it would fail the same way); a new board tries once.
        assert uploads["tried"] == tried + (now.id != board.id)
    assert uploads["failing"]
    assert any("was refused (413)" in r.getMessage() and "too large" in r.getMessage() for r in caplog.records)


async def test_a_board_whose_picture_meets_a_server_error_goes_on_without_it_until_the_next_move(
        simcord_env, monkeypatch, caplog):
    """An outage of Discord's uploads (a 500 after discord.py's own retries): each move's board edit
    goes through without the picture, instead of the thread staying on an old board, and the picture
    is back at the first move after uploads work again."""
    caplog.set_level(logging.WARNING)
    simcord_env.check_errors = False  # the injected failures are logged by discord.py
    table = await open_table(simcord_env, "aelderman", ["ada", "bo"])
    await start(table)
    policy = heuristic_players("aelderman", 2)
    while (await board_message(table)).attachments == []:  # up to a board with its picture
        assert await play_turn_by_dm(table, policy)
    uploads = failing_uploads(monkeypatch, 500, 0, "Internal Server Error")
    tried_while_failing = 0
    for _ in range(8):
        board, tried = await board_message(table), uploads["tried"]
        assert await play_turn_by_dm(table, policy)
        now = await board_message(table)
        assert shown(now) != shown(board)  # the text follows every move
        tried_while_failing += uploads["tried"] - tried
        assert now.attachments == [] or uploads["tried"] == tried  # a picture that failed is not left stale
    assert tried_while_failing >= 2  # tried again at later moves, not given up for good
    uploads["failing"] = False
    for _ in range(6):
        assert await play_turn_by_dm(table, policy)
        if (await board_message(table)).attachments:
            break
    assert (await board_message(table)).attachments, "the picture did not come back once uploads worked"
    assert any("failed to upload (500)" in r.getMessage() for r in caplog.records)

