"""Solo main version: the board tells the dummy's own council votes ("You can see the number of
council votes on top of the dummy description"), the score the player has to beat."""

from __future__ import annotations

import pytest

from games.aelderman import data as D
from tests.bot.driver import board_message, fix_deal, open_table, start, text_of



@pytest.mark.parametrize("difficulty", ["medium", "hard"])
async def test_the_solo_board_tells_the_dummys_own_council_votes(simcord_env, monkeypatch, difficulty):
    """rulebook (Solo Mode, Final Score): "in addition to the scoring for majorities in city
    districts and sea zones, the dummy player receives a certain number of council votes, depending
    on the difficulty level. You can see the number of council votes on top of the dummy
    description." README: "The board in the thread shows everything public."

    The dummy's sheet lies open to the solo player, who needs its bonus to know the score to beat.
    The board's "Dummy (…)" field gives its markers and buildings only, the player's panel nothing:
    the bonus (6 medium, 10 hard) first shows in the final standings."""
    fix_deal(monkeypatch, 7)
    table = await open_table(simcord_env, "aelderman", ["ada"], options=f"version=main,difficulty={difficulty}")
    await start(table)
    bonus = D.DUMMY_SHEETS[difficulty].bonus_votes
    board = await board_message(table)
    dummy = next(f for f in board.embeds[0].fields if "Dummy (" in f.name)
    hand = (await table.players[0].click(board, label="My hand")).response.message
    lines = [*dummy.value.splitlines(), *(line for line in text_of(hand).splitlines() if "dummy" in line.lower())]
    told = [line for line in lines if f" {bonus} council votes" in f" {line}" or f"+{bonus} council" in line]
    assert told, f"nothing says the {difficulty} dummy scores {bonus} council votes of its own:\n{dummy.value}"
    # ... and what wins against it: "the dummy player will be treated like a real opponent in the final scoring".
    assert "**To win:** at least as many council votes as the dummy" in dummy.value, dummy.value
