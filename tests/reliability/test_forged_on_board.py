"""A player's own, valid control forged onto the public board: the choice counts, but its answer is
private and the board stays the board (an answer edits only a private panel in place)."""

from __future__ import annotations

from tests.bot.driver import board_message, labels, open_table, panel_message, start
from tests.reliability.forge import forge_component


async def started_with_a_choice(env):
    """A started 2-player table, its first player, and the custom_id of one of their choices."""
    table = await open_table(env, "augsburg1520", ["ada", "bo"])
    await start(table)
    ada = table.players[0]
    seat = next(s for s in await table.seats() if s.user_id == ada.id)
    panel = await panel_message(table, ada, seat)
    custom_id = next(c.custom_id for row in panel.components for c in getattr(row, "children", [row])
                     if (getattr(c, "custom_id", "") or "").startswith("act:"))
    return table, ada, custom_id


async def test_a_valid_choice_sent_from_the_board_leaves_the_board_as_it_is(simcord_env):
    table, ada, custom_id = await started_with_a_choice(simcord_env)
    board = await board_message(table)
    version = (await table.row()).version
    result = await forge_component(ada, board, custom_id)
    assert result.ephemeral  # the new panel came privately
    assert (await table.row()).version == version + 1
    shown = next(m for m in table.thread.history() if m.id == board.id)
    assert "My hand" in labels(shown) and shown.embeds  # still the board, not a panel


async def test_a_choice_sent_from_the_board_whose_answer_fails_still_brings_the_next_panel(simcord_env):
    """The choice is stored before the answer; when the answer fails, the player's next panel comes
    by DM, as after a failed answer on the DM panel itself."""
    table, ada, custom_id = await started_with_a_choice(simcord_env)
    version, dms = (await table.row()).version, len(ada.user.dm_channel.history())
    simcord_env.check_errors = False
    simcord_env.inject_error("POST", "/interactions/*/callback", times=1, status=404, code=10062,
                             message="Unknown interaction")
    await forge_component(ada, await board_message(table), custom_id)
    assert (await table.row()).version == version + 1
    assert len(ada.user.dm_channel.history()) == dms + 1  # the next panel, by DM
    latest = ada.user.dm_channel.history()[-1]  # her panel as the move left it (waiting for bo)
    assert next(s for s in await table.seats() if s.user_id == ada.id).dm_message_id == latest.id
    assert "ada has chosen which cards to buy" in latest.content
