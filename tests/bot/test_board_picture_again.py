"""README: "if it is taken away during a game (or the picture cannot be drawn, which is logged), the
board goes on without its picture ... until its next new board." Any new board: also one posted in the
same period because the old one's log is full, not only a new period's."""
from __future__ import annotations

from bot.render import get_renderer
from tests.bot.driver import board_message, fix_deal, heuristic_players, open_table, play_turn_by_dm, start


async def test_after_a_picture_that_failed_to_draw_the_next_new_board_of_the_period_has_it_again(simcord_env, monkeypatch):
    fix_deal(monkeypatch, 4242)
    env = simcord_env
    env.check_errors = False
    table = await open_table(env, "aelderman", ["ada", "bo", "cy"])
    await start(table)
    policy = heuristic_players("aelderman", 3)
    for _ in range(40):  # into round 1, period 1 (its own board, with a picture)
        assert await play_turn_by_dm(table, policy)
        if (await table.row()).board_key == "round1-period1":
            break
    first = await board_message(table)
    row = await table.row()
    assert first.attachments and row.board_key == "round1-period1"
    renderer = get_renderer("aelderman")
    real_now, real_img = renderer.board_image_now, renderer.board_image
    failing = {"on": True}

    def now(*a):
        if failing["on"]:
            raise RuntimeError("drawing failed once")
        return real_now(*a)

    def img(*a):
        if failing["on"]:
            raise RuntimeError("drawing failed once")
        return real_img(*a)

    monkeypatch.setattr(renderer, "board_image_now", now)
    monkeypatch.setattr(renderer, "board_image", img)
    for _ in range(20):  # until one picture-changing move's drawing failed
        assert await play_turn_by_dm(table, policy)
        if not (await board_message(table)).attachments:
            break
    assert not (await board_message(table)).attachments
    failing["on"] = False  # drawing works again from here on
    for _ in range(60):
        assert await play_turn_by_dm(table, policy)
        board = await board_message(table)
        if board.id != first.id:
            break
    row = await table.row()
    assert board.id != first.id, "a new board was posted"
    assert board.attachments, f"the new board ({row.board_key}, posted because the log was full) has no picture"


async def test_after_attach_files_is_given_back_the_next_new_board_of_the_period_has_it_again(simcord_env,
                                                                                                  monkeypatch):
    """Attach Files refused for one edit (simulated as tests/bot/test_permissions.py does), then granted
    again: the next new board of the same period (log full) is posted without its picture."""
    from types import SimpleNamespace

    import discord

    fix_deal(monkeypatch, 4242)
    env = simcord_env
    table = await open_table(env, "aelderman", ["ada", "bo", "cy"])
    await start(table)
    policy = heuristic_players("aelderman", 3)
    for _ in range(40):
        assert await play_turn_by_dm(table, policy)
        if (await table.row()).board_key == "round1-period1":
            break
    first = await board_message(table)
    assert first.attachments
    refusing = {"on": True}
    refused = []
    real_edit = discord.http.HTTPClient.edit_message

    async def edit(http, channel_id, message_id, *, params):
        if refusing["on"] and params.files:
            refused.append(message_id)
            raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"),
                                    {"code": 50013, "message": "Missing Permissions"})
        return await real_edit(http, channel_id, message_id, params=params)

    monkeypatch.setattr(discord.http.HTTPClient, "edit_message", edit)
    for _ in range(20):
        assert await play_turn_by_dm(table, policy)
        if refused:
            break
    assert refused and not (await board_message(table)).attachments
    refusing["on"] = False  # the moderator gives Attach Files back
    for _ in range(60):
        assert await play_turn_by_dm(table, policy)
        board = await board_message(table)
        if board.id != first.id:
            break
    row = await table.row()
    assert board.id != first.id
    assert board.attachments, f"the new board ({row.board_key}, posted because the log was full) has no picture"
