"""A moderator takes Read Message History from the bot in a channel while a game runs there. README:
"Once cancelled, the board and each player's latest DM panel say so", and a vote carried out at a
missed deadline "loses its buttons"; the only allowance for a bot that cannot read its thread back
is after a restart ("a board replaced then loses its buttons only")."""

from __future__ import annotations

from tests.bot.driver import board_message, labels, text_of
from tests.bot.moderation import moderator, running
from tests.bot.test_pace import LIVE, bo_to_move


async def no_read_history(env, table) -> None:
    await env.bot.get_channel(table.channel.id).set_permissions(env.bot.user, read_message_history=False)


async def cancelled_board(env, monkeypatch, readable: bool) -> str:
    """The text of a cancelled Baumeister board (its log has lines after a few moves)."""
    table, _ = await running(env, monkeypatch, "baumeister", moves=6)
    board = await board_message(table)
    assert "My hand" in labels(board)
    if not readable:
        await no_read_history(env, table)
    cancelled = await moderator(env, table).slash(table.thread, "table cancel")
    assert "is cancelled" in cancelled.response.content
    board = next(m for m in table.thread.history() if m.id == board.id)
    assert labels(board) == [], f"the cancelled game's board still offers {labels(board)}"
    return text_of(board).replace(f"#{table.table_id}", "#N")


async def test_a_game_cancelled_without_read_message_history_says_so_on_its_board(simcord_env, monkeypatch):
    """The board is written again from the stored lines: as it reads when the bot may read it back."""
    shown = await cancelled_board(simcord_env, monkeypatch, readable=False)
    assert "was cancelled" in shown and "Game log" in shown, shown[:300]
    assert shown == await cancelled_board(simcord_env, monkeypatch, readable=True)


async def test_a_vote_carried_out_at_a_missed_deadline_loses_its_buttons_without_read_message_history(
        simcord_env, monkeypatch):
    env = simcord_env
    table = await bo_to_move(env, monkeypatch)  # live pace; ada and cy have moved, bo's deadline runs
    ada, bo, cy = table.players
    await no_read_history(env, table)
    await ada.slash(table.thread, "table cancel")
    (question,) = [m for m in table.thread.history() if "agree?" in (m.content or "")]
    await cy.click(question, label="Agree")
    await env.advance_time(LIVE + 1)  # bo misses the deadline: nobody is left to answer
    assert (await table.row()).status == "cancelled"
    question = next(m for m in table.thread.history() if m.id == question.id)
    assert labels(question) == [], f"the carried-out vote's question still offers {labels(question)}"
