"""README: "if it is taken away during a game (or the picture cannot be drawn, which is logged), the
board goes on without its picture ... until its next new board." Any new board: also one posted in the
same period because the old one's log is full, not only a new period's."""

from __future__ import annotations

from types import SimpleNamespace

import discord

from bot.render import get_renderer
from tests.bot.driver import board_message, fix_deal, heuristic_players, open_table, play_turn_by_dm, start, text_of


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


async def test_an_ended_board_whose_picture_cannot_be_drawn_keeps_no_picture_of_an_earlier_position(
        simcord_env, monkeypatch):
    """The thread refused the board's edits while the map changed; then the table is cancelled and
    its picture cannot be drawn: the ended board's text shows the last position, so it goes without
    a picture rather than keep one of an earlier position."""
    fix_deal(monkeypatch, 4711)
    simcord_env.check_errors = False  # the drawing failure is logged as an error, on purpose
    table = await open_table(simcord_env, "aelderman", ["ada", "bo"])
    await start(table)
    policy = heuristic_players("aelderman", 2)
    board = await board_message(table)
    renderer, key = get_renderer("aelderman"), (await table.row()).board_key
    channel = simcord_env.bot.get_channel(table.channel.id)
    await channel.set_permissions(simcord_env.bot.user, send_messages_in_threads=False)
    boards = simcord_env.bot.controller.presenter.boards
    drawn = boards.shown.get(table.table_id).image_key
    assert drawn is not None
    for _ in range(20):  # until a move changes what the picture shows (its edit refused)
        assert await play_turn_by_dm(table, policy)
        news = await simcord_env.bot.service.news(table.table_id)
        if renderer.board_image_key(boards.service_info(news), news.view(await table.spec(), None)) != drawn:
            break
    assert (await table.row()).board_key == key and board.attachments
    await channel.set_permissions(simcord_env.bot.user, send_messages_in_threads=True)
    for name in ("board_image_now", "board_image"):
        monkeypatch.setattr(renderer, name, lambda *args, **kwargs: (_ for _ in ()).throw(RuntimeError("drawing")))
    ada, bo = table.players
    await ada.slash(table.thread, "table cancel")
    await bo.click(next(m for m in reversed(table.thread.history()) if m.components), label="Agree")
    assert (await table.row()).status == "cancelled"
    ended = next(m for m in table.thread.history() if m.id == board.id)
    assert ended.content.startswith("**Table #") and ended.attachments == []


async def test_a_picture_whose_key_cannot_be_worked_out_leaves_the_boards_text_going(simcord_env, monkeypatch):
    """What the picture shows cannot be worked out (a fault in the renderer): as for a picture that
    cannot be drawn, the board's text goes on without it."""
    fix_deal(monkeypatch, 4711)
    simcord_env.check_errors = False  # the fault is logged as an error, on purpose
    table = await open_table(simcord_env, "aelderman", ["ada", "bo"])
    await start(table)
    monkeypatch.setattr(get_renderer("aelderman"), "board_image_key",
                        lambda *args, **kwargs: (_ for _ in ()).throw(RuntimeError("keying")))
    before = text_of(await board_message(table))
    assert await play_turn_by_dm(table, heuristic_players("aelderman", 2))
    after = text_of(await board_message(table))
    news = await simcord_env.bot.service.news(table.table_id)
    latest = simcord_env.bot.controller.presenter.info(news).fill(news.table.recent_events[-1][1])
    assert after != before and latest in after, (latest, after)  # the move's last public line is on the board
