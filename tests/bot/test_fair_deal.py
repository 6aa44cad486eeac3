"""Provably fair deals through Discord: the board shows the deal's commitment from the first move,
the final standings reveal the seed and salt, and /table export gives the record that
`python -m bot verify` checks."""

from __future__ import annotations

import json

import pytest

from play import record
from tests.bot.driver import board_message, heuristic_players, open_table, play_to_the_end, start


async def test_the_board_shows_the_commitment_and_a_running_game_is_not_exported(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    row = await table.row()
    board = await board_message(table)
    assert record.commitment(row.seed, row.seed_salt) in board.embeds[-1].footer.text
    assert str(row.seed) not in str([e.to_dict() for e in board.embeds])  # the seed itself stays hidden
    refused = await table.players[0].slash(table.thread, "table export")
    assert refused.ephemeral and "once it has ended" in refused.response.content
    assert not refused.response.attachments


@pytest.mark.slow
async def test_an_ended_game_reveals_its_seed_and_exports_a_record_that_verifies(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    first_board = await board_message(table)
    await play_to_the_end(table, heuristic_players("augsburg1520", 2))
    row = await table.row()
    standings = table.thread.last_message.embeds[0]
    fair = next(f for f in standings.fields if f.name == "Fair deal")
    assert str(row.seed) in fair.value and row.seed_salt in fair.value
    exported = await table.players[1].slash(table.thread, "table export")
    assert exported.ephemeral and "python -m bot verify" in exported.response.content
    (attachment,) = exported.response.attachments
    data = json.loads(simcord_env.backend.cdn.get(attachment.url))
    assert data["table"] == table.table_id and len(data["actions"]) == row.version
    assert data["commitment"] in first_board.embeds[-1].footer.text  # shown before the first card
    assert record.verify(data) == []
