"""Aelderman's board picture is drawn while a move's answer is made (Boards.start_picture): the
board a player sees after each of their moves shows the sea map as the game stands after that
move, never an earlier or a later one."""

from __future__ import annotations

import io

from PIL import Image

from bot.render import get_renderer
from tests.bot.driver import board_message, fix_deal, heuristic_players, open_table, play_turn_by_dm, start


def pixels(png: bytes) -> bytes:
    with Image.open(io.BytesIO(png)) as image:
        return image.convert("RGB").tobytes()


async def test_after_every_move_the_board_picture_is_the_map_of_that_move(simcord_env, monkeypatch):
    fix_deal(monkeypatch, 20_260_601)
    env = simcord_env
    table = await open_table(env, "aelderman", ["ada", "bo"])
    await start(table)
    policy = heuristic_players("aelderman", 2)
    boards, renderer, spec = env.bot.controller.presenter.boards, get_renderer("aelderman"), await table.spec()
    pictures = set()
    for _ in range(24):
        assert await play_turn_by_dm(table, policy)
        news = await env.bot.service.news(table.table_id)
        board = await board_message(table)
        assert len(board.attachments) == 1
        shown = env.backend.cdn.get(board.attachments[0].url)
        drawn = renderer.board_image(boards.service_info(news), spec.view(news.state, None)).fp.getvalue()
        assert pixels(shown) == pixels(drawn)
        pictures.add(pixels(shown))
    assert len(pictures) >= 5  # ships moved: new pictures were shown, each the one of its move
