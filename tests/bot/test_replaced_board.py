"""README (Playing): a new board is posted for a new round or phase, and "the replaced one loses its
buttons, turn line and deadlines". What its embeds say of whose move it was goes too (Baumeister's
"Turn of" and "To bid" lines and ▶ marks, Augsburg 1520's first line and "to act" marks, Aelderman's
"Now" and "Turn of" lines): it would read as still running. The rest stays as the game stood."""

from __future__ import annotations

from tests.bot.driver import board_message, fix_deal, heuristic_players, open_table, play_until, start, text_of


async def replaced_board(env, monkeypatch, game: str, names: list[str], new_board) -> tuple[str, str]:
    """(the first board's text once replaced, the text it had before)."""
    fix_deal(monkeypatch, 7)
    table = await open_table(env, game, names)
    await start(table)
    first = await board_message(table)
    before = text_of(first)
    await play_until(table, heuristic_players(game, len(names)), new_board, "a new board")
    assert (await board_message(table)).id != first.id
    old = next(m for m in table.thread.history() if m.id == first.id)
    assert not old.components
    return text_of(old), before


async def test_a_replaced_baumeister_board_calls_nobody_to_act(simcord_env, monkeypatch):
    after, before = await replaced_board(simcord_env, monkeypatch, "baumeister", ["ada", "bo", "cy", "di"],
                                         lambda s: s.turn == 2)
    assert "**Turn of" in before and "▶" in before
    assert "To bid:" not in after and "▶" not in after and "**Turn of" not in after, after
    assert "Open stack:" in after and "Face-down stack:" in after  # the rest stays


async def test_a_replaced_augsburg_board_calls_nobody_to_act(simcord_env, monkeypatch):
    after, before = await replaced_board(simcord_env, monkeypatch, "augsburg1520", ["ada", "bo", "cy"],
                                         lambda s: s.round == 1)
    assert "to act" in before and "Everybody chooses secretly" in before
    assert "to act" not in after and "Everybody chooses secretly" not in after, after
    assert "prestige" in after and "Privilege cards" in after


async def test_a_replaced_aelderman_board_calls_nobody_to_act(simcord_env, monkeypatch):
    after, before = await replaced_board(simcord_env, monkeypatch, "aelderman", ["ada", "bo"],
                                         lambda s: s.phase == "trade" and s.period == 1)
    assert "**Now:**" in before or "**Turn of" in before
    assert "**Now:**" not in after and "**Turn of" not in after, after
    assert "Period indicators" in after and "Player order" in after
