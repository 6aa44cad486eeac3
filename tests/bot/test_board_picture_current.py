"""Aelderman's board picture: the board a player sees after each of their moves shows the sea map as
the game stands after that move, never an earlier or a later one. A map whose layout was drawn before
is drawn at once (about a millisecond, less than a trip to a worker thread and back); the main
version's picture, with Lübeck's strip under the map, goes to a worker thread."""

from __future__ import annotations

import asyncio
import io

import pytest
from PIL import Image

from bot.render import get_renderer
from tests.bot.driver import board_message, fix_deal, heuristic_players, labels, open_table, play_turn_by_dm, start


def pixels(png: bytes) -> bytes:
    with Image.open(io.BytesIO(png)) as image:
        return image.convert("RGB").tobytes()


@pytest.mark.slow  # an image test
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


async def pictures_in_threads(env, monkeypatch, options: str | None, turns: int) -> tuple[int, int]:
    """(pictures drawn in a worker thread, pictures shown) over `turns` turns after the first board."""
    import bot.ui.board

    table = await open_table(env, "aelderman", ["ada", "bo"], options=options)
    await start(table)
    policy = heuristic_players("aelderman", 2)
    assert await play_turn_by_dm(table, policy)  # the first picture of this layout may be drawn cold
    threads, shown, real = [], set(), asyncio.to_thread

    async def to_thread(function, *args):
        threads.append(function)
        return await real(function, *args)

    monkeypatch.setattr(bot.ui.board.asyncio, "to_thread", to_thread)
    for _ in range(turns):
        assert await play_turn_by_dm(table, policy)
        board = await board_message(table)
        shown.add(board.attachments[0].url if board.attachments else None)
    return len(threads), len(shown)


@pytest.mark.slow  # an image test
async def test_a_warm_sea_map_is_drawn_without_a_worker_thread(simcord_env, monkeypatch):
    threads, shown = await pictures_in_threads(simcord_env, monkeypatch, None, 16)
    assert shown >= 3 and threads == 0, (shown, threads)


@pytest.mark.slow
async def test_the_main_versions_picture_is_drawn_in_a_worker_thread(simcord_env, monkeypatch):
    threads, shown = await pictures_in_threads(simcord_env, monkeypatch, "version=main", 16)
    assert shown >= 3 and threads >= shown - 1, (shown, threads)


@pytest.mark.slow  # an image test
async def test_a_cancelled_board_shows_the_map_it_ended_with(simcord_env, monkeypatch):
    """Moves made while the thread refused the board's edits (Send Messages in Threads taken away)
    changed the map; the table is then cancelled: its board's text and its picture both show the
    game as it ended, not the picture of before."""
    fix_deal(monkeypatch, 4711)
    env = simcord_env
    env.check_errors = False
    table = await open_table(env, "aelderman", ["ada", "bo"])
    await start(table)
    policy = heuristic_players("aelderman", 2)
    boards, renderer, spec = env.bot.controller.presenter.boards, get_renderer("aelderman"), await table.spec()

    async def drawn_now() -> bytes:
        news = await env.bot.service.news(table.table_id)
        return pixels(renderer.board_image(boards.service_info(news), spec.view(news.state, None)).fp.getvalue())

    assert await play_turn_by_dm(table, policy)
    board = await board_message(table)
    before = pixels(env.backend.cdn.get(board.attachments[0].url))
    channel = env.bot.get_channel(table.channel.id)
    await channel.set_permissions(env.bot.user, send_messages_in_threads=False)
    for _ in range(12):
        assert await play_turn_by_dm(table, policy)
        if await drawn_now() != before:
            break
    assert await drawn_now() != before and (await board_message(table)).id == board.id
    await channel.set_permissions(env.bot.user, send_messages_in_threads=True)
    ada, bo = table.players
    await ada.slash(table.thread, "table cancel")
    question = next(m for m in reversed(table.thread.history()) if "Agree" in labels(m))
    await bo.click(question, label="Agree")
    assert (await table.row()).status == "cancelled"
    board = next(m for m in table.thread.history() if m.id == board.id)
    assert board.content.startswith("**Table #") and len(board.attachments) == 1
    assert pixels(env.backend.cdn.get(board.attachments[0].url)) == await drawn_now()
