"""README: "if it is taken away during a game (or the picture cannot be drawn, which is logged), the
board goes on without its picture ... until its next new board." Any new board: also one posted in the
same period because the old one's log is full, not only a new period's."""

from __future__ import annotations

from types import SimpleNamespace

import discord

from bot.render import get_renderer
from tests.bot.driver import board_message, fix_deal, heuristic_players, open_table, play_turn_by_dm, start


async def in_first_period(env, monkeypatch):
    """Aelderman (3 players) in round 1, period 1, whose board has its picture: (table, policy, board)."""
    fix_deal(monkeypatch, 4242)
    table = await open_table(env, "aelderman", ["ada", "bo", "cy"])
    await start(table)
    policy = heuristic_players("aelderman", 3)
    for _ in range(40):
        assert await play_turn_by_dm(table, policy)
        if (await table.row()).board_key == "round1-period1":
            break
    first = await board_message(table)
    assert first.attachments and (await table.row()).board_key == "round1-period1"
    return table, policy, first


async def until_a_board_without_picture(table, policy) -> None:
    for _ in range(20):  # until a move that changes the picture
        assert await play_turn_by_dm(table, policy)
        if not (await board_message(table)).attachments:
            return
    raise AssertionError("no move changed the picture")


async def next_new_board_has_its_picture(table, policy, first) -> None:
    """Play on until a new board of the same period is posted (the old one's log is full)."""
    for _ in range(60):
        assert await play_turn_by_dm(table, policy)
        board = await board_message(table)
        if board.id != first.id:
            break
    row = await table.row()
    assert board.id != first.id and row.board_key == "round1-period1", row.board_key
    assert board.attachments, f"the new board ({row.board_key}, posted because the log was full) has no picture"


async def test_after_a_picture_that_failed_to_draw_the_next_new_board_has_it_again(simcord_env, monkeypatch):
    simcord_env.check_errors = False
    table, policy, first = await in_first_period(simcord_env, monkeypatch)
    renderer = get_renderer("aelderman")
    failing = {"on": True}

    def fails_while_on(draw):
        def drawn(*args):
            if failing["on"]:
                raise RuntimeError("drawing failed once")
            return draw(*args)
        return drawn

    monkeypatch.setattr(renderer, "board_image_now", fails_while_on(renderer.board_image_now))
    monkeypatch.setattr(renderer, "board_image", fails_while_on(renderer.board_image))
    await until_a_board_without_picture(table, policy)
    failing["on"] = False  # drawing works again from here on
    await next_new_board_has_its_picture(table, policy, first)


async def test_after_attach_files_is_given_back_the_next_new_board_has_it_again(simcord_env, monkeypatch):
    """Attach Files refused for an edit (as tests/bot/test_permissions.py simulates it), then given back."""
    table, policy, first = await in_first_period(simcord_env, monkeypatch)
    refusing = {"on": True}
    real_edit = discord.http.HTTPClient.edit_message

    async def edit(http, channel_id, message_id, *, params):
        if refusing["on"] and params.files:
            raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"),
                                    {"code": 50013, "message": "Missing Permissions"})
        return await real_edit(http, channel_id, message_id, params=params)

    monkeypatch.setattr(discord.http.HTTPClient, "edit_message", edit)
    await until_a_board_without_picture(table, policy)
    refusing["on"] = False  # a moderator gives Attach Files back
    await next_new_board_has_its_picture(table, policy, first)
