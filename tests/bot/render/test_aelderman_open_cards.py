"""What lies open at each player's board in Aelderman's main version, on the public board: their
improvements (flipped once used) and the Council orders they fulfilled."""

from __future__ import annotations

from bot.render import get_renderer
from bot.render.base import TableInfo
from games.aelderman import SPEC
from games.aelderman import data as D
from tests.games.aelderman.helpers import new_main

RENDERER = get_renderer("aelderman")
INFO = TableInfo(table_id=1, title="Aelderman", names={0: "ada", 1: "bo"})


def player_field(state, name: str) -> str:
    embeds = RENDERER.board(INFO, SPEC.view(state, None))
    return next(f.value for f in embeds[0].fields if " — in " in f.name and name in f.name.split(" — ")[0].split())


def test_improvements_show_on_the_board_flipped_once_used():
    """rulebook: "Each improvement must be placed in a free spot at the bottom of the player board.
    Once an improvement has been activated, it is flipped over and cannot be used until the next round.\""""
    state = new_main(2, 5)
    ready, used = [n for n in sorted(D.IMPROVEMENTS) if n not in state.display][:2]
    state.players[0].improvements, state.players[0].activated = [ready, used], [False, True]
    field = player_field(state, "ada")
    assert (f"Improvements: {ready} ({D.IMPROVEMENTS[ready].when}); "
            f"{used} ({D.IMPROVEMENTS[used].when}, used this round)") in field
    assert "Improvements:" not in player_field(state, "bo")


def test_fulfilled_council_orders_show_next_to_their_players_board():
    """rulebook: "Once you have fulfilled a Council order, it is removed from the display and placed
    next to your player board.\""""
    state = new_main(2, 5)
    number = state.orders[0]
    state.orders[0] = 0
    state.players[1].orders = [number]
    assert f"Council orders fulfilled: {number} ({D.COUNCIL_ORDERS[number].text})" in player_field(state, "bo")
    assert "Council orders fulfilled:" not in player_field(state, "ada")
