"""The text above a private panel: what is asked, then the latest happenings."""

from __future__ import annotations

from bot.render.base import TableInfo
from bot.ui.panels import panel_content
from tests.bot.driver import open_table


async def test_a_panel_says_when_it_shows_only_the_latest_lines(simcord_env):
    """A move with many lines (a round's end) shows its latest eight, and says that earlier ones
    are in the table's log rather than dropping them without a word."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    row = await table.row()
    info = TableInfo(table_id=row.id, title="Augsburg 1520", names={0: "ada", 1: "bo"})
    lines = [f"line {n}" for n in range(1, 12)]
    text = panel_content(info, row, lines, None, turn="turn")
    assert "… (3 earlier lines in the table's log)" in text
    assert "line 4\n" in text and "line 11" in text and "line 3\n" not in text
    short = panel_content(info, row, lines[:8], None, turn="turn")
    assert "earlier line" not in short and "line 1\n" in short


def test_a_player_tied_for_a_place_is_told_so_at_the_end():
    """The final standings mark a shared place "(tie)"; each player's game-over DM says it too."""
    from bot.ui.results import _your_result
    from games.core import Outcome

    outcome = Outcome(ranking=[[0], [1], [2, 3]], scores={0: 30, 1: 20, 2: 18, 3: 18}, winners=[0])
    assert _your_result(outcome, 2, outcome.place_of(2), 4) == "you placed 3rd of 4, tied with 1 more"
    assert _your_result(outcome, 1, outcome.place_of(1), 4) == "you placed 2nd of 4"
