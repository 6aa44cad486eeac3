"""README (Playing): a new board is posted for a new round or phase, and "the replaced one loses its
buttons, turn line and deadlines". What its embeds say of whose move it was goes too (Baumeister's
"Turn of" and "To bid" lines and ▶ marks, Augsburg 1520's first line and "to act" marks, Aelderman's
"Now" and "Turn of" lines with that turn's details): it would read as still running. The rest stays as
the game stood."""

from __future__ import annotations

import copy
import re

from bot.render import get_renderer
from bot.render.base import TableInfo
from games import registry
from tests.bot.render.test_aelderman_render import random_states
from tests.bot.driver import board_message, fix_deal, heuristic_players, open_table, play_until, start, text_of

AELDERMAN = get_renderer("aelderman")


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
    assert ("**Now:**" in before or "**Turn of" in before) and "⏳" in before  # ⏳: after who must act
    assert "**Now:**" not in after and "**Turn of" not in after and "⏳" not in after, after
    assert "Period indicators" in after and "Player order" in after


async def test_a_replaced_aelderman_board_of_a_turn_under_way_keeps_none_of_its_details(simcord_env, monkeypatch):
    """The first period's board, last shown in the middle of a turn, once the second period begins:
    the action points left and the rows used in the city go with the "Turn of" line."""
    fix_deal(monkeypatch, 7)
    table = await open_table(simcord_env, "aelderman", ["ada", "bo"])
    await start(table)
    players = heuristic_players("aelderman", 2)
    await play_until(table, players, lambda s: s.phase == "trade" and s.turn is not None and s.turn.moved,
                     "a turn under way")
    board = await board_message(table)
    assert re.search(r"action points? left", text_of(board)) and "**Turn of" in text_of(board)
    await play_until(table, players, lambda s: s.phase == "trade" and s.period == 1, "the second period")
    old = next(m for m in table.thread.history() if m.id == board.id)
    after = text_of(old)
    assert "**Turn of" not in after and not re.search(r"action points? left|where the turn began|AP spent here",
                                                      after), after
    assert "Period indicators" in after and "Player order" in after


def test_a_replaced_aelderman_board_keeps_no_detail_of_the_turn_under_way():
    """The board of a turn in progress: its "Turn of" line and the details under it (action points
    left, the rows used in the city) go; the round's standing stays."""
    state = next(s for s in random_states(2, 3) if s.turn is not None and s.turn.moved)
    board = AELDERMAN.board(TableInfo(table_id=1, title="Aelderman", names={0: "ada", 1: "bo"}),
                            registry.get("aelderman").view(state, None))
    before = board[0].description
    assert "**Turn of" in before and re.search(r"action points? left", before) and "AP spent here" in before
    after = AELDERMAN.retired(board)[0].description
    assert "**Turn of" not in after and not re.search(r"action points? left|AP spent here", after), after
    assert after == before[before.index("Period indicators"):]


async def test_a_board_replaced_after_a_restart_also_calls_nobody_to_act(simcord_env, monkeypatch, settings):
    """A restart, then at once the move that starts a new board, at a table the start did not show
    again (it was not among the last to change): the bot has not kept what the old board's embeds say,
    so it reads them back (with the text it reads anyway) to retire them."""
    from bot import create_bot
    from play.tables import TableService

    fix_deal(monkeypatch, 7)
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy", "di"])
    await start(table)
    spec = registry.get("baumeister")
    players = {seat: spec.policy("heuristic", seed=seat) for seat in range(4)}

    def next_move_starts_turn_2(state) -> bool:
        seat = min(spec.to_act(state))
        action = copy.deepcopy(players[seat]).choose(state, seat)  # a peek: the player's own stays as it was
        return state.turn == 1 and spec.apply(state, seat, action)[0].turn == 2

    await play_until(table, lambda s, seat: players[seat].choose(s, seat), next_move_starts_turn_2,
                     "the last move of turn 1")
    first = await board_message(table)
    assert "**Turn of" in text_of(first) and "▶" in text_of(first)
    async def none_shown_again(self):
        return []

    monkeypatch.setattr(TableService, "last_moved_tables", none_shown_again)
    await simcord_env.restart_bot(create_bot(settings))
    await play_until(table, lambda s, seat: players[seat].choose(s, seat), lambda s: s.turn == 2, "a new board")
    assert (await board_message(table)).id != first.id
    after = text_of(next(m for m in table.thread.history() if m.id == first.id))
    assert "To bid:" not in after and "▶" not in after and "**Turn of" not in after, after
    assert "Open stack:" in after and "Face-down stack:" in after  # the rest stays


def test_a_replaced_baumeister_board_drops_the_sabotage_under_way():
    """A board last shown while a pay-off was negotiated: "are negotiating a pay-off" would read as
    still going on once the next board (and its log) says how it ended."""
    from games.baumeister.views import SabotageView, card_view
    from tests.games.baumeister.helpers import card, new_game

    spec, renderer = registry.get("baumeister"), get_renderer("baumeister")
    view = spec.view(new_game(), None)
    view.sabotage = SabotageView(attacker=0, victim=1, target="city", slot=0, building=card_view(card("church-5a")),
                                 shields=2, negotiating=True, offer=None, proposer=None)
    info = TableInfo(table_id=1, title="Wettstreit der Baumeister", names={0: "ada", 1: "bo", 2: "cy"})
    board = renderer.board(info, view)
    assert "are negotiating a pay-off" in text_of_embeds(board)
    after = text_of_embeds(renderer.retired(board))
    assert "Sabotage" not in after and "Open stack:" in after, after


def text_of_embeds(embeds) -> str:
    return "\n".join(str(e.to_dict()) for e in embeds)
