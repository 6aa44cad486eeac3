"""The board's Game log lists what happened since the board was posted; when that is more than it
holds, it says that earlier lines exist and where to read them, rather than cutting them silently."""

from __future__ import annotations

from bot.ui.board import EARLIER, LOG_LINES, log_embed
from tests.bot.driver import board_message, fix_deal, heuristic_players, open_table, play_turn_by_dm, start


def test_a_log_that_fits_is_shown_whole_and_a_longer_one_says_so():
    short = [f"line {n}" for n in range(5)]
    assert log_embed(short, 6000).description == "\n".join(short)
    long = [f"line {n}" for n in range(LOG_LINES + 10)]
    shown = log_embed(long, 6000).description.splitlines()
    assert shown[0] == EARLIER and shown[1:] == long[-LOG_LINES:]
    tight = log_embed(long, 120).description.splitlines()  # little room: fewer lines, same note
    assert tight[0] == EARLIER and tight[1:] == long[-(len(tight) - 1):]


async def test_a_long_round_on_the_board_points_to_table_log(simcord_env, monkeypatch):
    fix_deal(monkeypatch, 7)
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    policy = heuristic_players("augsburg1520", 3)
    for _ in range(300):
        log = (await board_message(table)).embeds[-1]
        if log.title == "Game log" and log.description.startswith(EARLIER):
            break
        assert await play_turn_by_dm(table, policy)
    else:
        raise AssertionError("no round's log outgrew the board")
    assert len(log.description.splitlines()) <= LOG_LINES + 1
