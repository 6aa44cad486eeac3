"""Aelderman's board picture when the bot loses Send Messages in Threads (not Attach Files) for a moment."""

from __future__ import annotations

import pytest

from tests.bot.driver import board_message, fix_deal, heuristic_players, open_table, play_turn_by_dm, start


pytestmark = pytest.mark.slow  # image tests


async def test_a_board_refused_for_send_messages_in_threads_gets_its_picture_back_with_the_permission(
        simcord_env, monkeypatch):
    """README: only "if [Attach Files] is taken away during a game, the board goes on without its
    picture". Here Attach Files is never taken away: the bot loses Send Messages in Threads for a
    moment while its board must be posted anew (a moderator deleted it); once the permission is
    back, the board posted again must have its picture."""
    fix_deal(monkeypatch, 20_260_601)
    env = simcord_env
    env.check_errors = False
    table = await open_table(env, "aelderman", ["ada", "bo"])
    await start(table)
    policy = heuristic_players("aelderman", 2)
    for _ in range(3):
        assert await play_turn_by_dm(table, policy)
    boards = env.bot.controller.presenter.boards
    channel = env.bot.get_channel(table.channel.id)
    spec = await table.spec()
    from bot.render import get_renderer
    renderer = get_renderer("aelderman")
    key_of = lambda st: renderer.board_key(spec.view(st, None))  # noqa: E731

    def next_keys(state, n):
        keys = []
        for _ in range(n):
            (seat,) = sorted(spec.to_act(state))[:1]
            state, _ = spec.apply(state, seat, policy(state, seat))
            keys.append(key_of(state))
        return keys

    for _ in range(60):  # up to a point where the next two moves stay on the same board
        state = await table.state()
        if next_keys(state.model_copy(deep=True), 2) == [key_of(state)] * 2:
            break
        assert await play_turn_by_dm(table, policy)
    board = await board_message(table)
    assert board.attachments, "the board has its picture to begin with"
    await channel.set_permissions(env.bot.user, send_messages_in_threads=False)
    env.backend.delete_message(table.thread.id, board.id)  # a moderator deletes the board
    assert await play_turn_by_dm(table, policy)  # its new board is refused (no Send Messages in Threads)
    refused = table.table_id in boards.pictures_refused
    await channel.set_permissions(env.bot.user, send_messages_in_threads=True)
    assert await play_turn_by_dm(table, policy)  # same round and phase: the board is posted again
    board = await board_message(table)
    assert board.attachments, (f"the board goes on without its picture though Attach Files was never taken away "
                               f"(table marked as picture-refused: {refused})")


async def test_a_picture_that_cannot_be_drawn_leaves_the_board_going_without_it(simcord_env, monkeypatch, caplog):
    """The board's text (turn, log) keeps up with every move when drawing its picture fails; the
    failure is logged and the picture is tried again with the next new board."""
    fix_deal(monkeypatch, 20_260_601)
    env = simcord_env
    env.check_errors = False
    from bot.render import get_renderer
    renderer = get_renderer("aelderman")

    def broken(*args, **kwargs):
        raise RuntimeError("the drawing failed")

    monkeypatch.setattr(renderer, "board_image_now", broken)
    monkeypatch.setattr(renderer, "board_image", broken)
    table = await open_table(env, "aelderman", ["ada", "bo"])
    await start(table)
    policy = heuristic_players("aelderman", 2)
    for _ in range(12):
        assert await play_turn_by_dm(table, policy)
        board, row = await board_message(table), await table.row()
        assert board.id == row.board_message_id and not board.attachments
        log = next(e for e in board.embeds if e.title == "Game log").description
        events = [line for line in log.splitlines() if line]
        assert events, "the board shows no log"
        assert env.bot.controller.presenter.boards.shown.get(table.table_id).version == row.version
    assert any("could not be drawn" in r.getMessage() for r in caplog.records)
