"""A hand-over vote carried out after the last other player abandons leaves nobody playing: the
table closes, and is shown closed (a "nobody is left" note, not "the game goes on"; DMs say it was
cancelled and lose their controls).

README: (/table abandon) "If no person is left playing, the table closes."; (/table cancel) "Once
cancelled, the board and each player's latest DM panel say so, and the table's buttons in their
recent DMs go."; "a vote left waiting only for players who then miss a deadline or abandon is
carried out at that moment"."""

from __future__ import annotations

from tests.bot.driver import buttons, open_table, start, table_control
from tests.bot.test_abandon_and_votes import away


async def test_a_hand_over_that_leaves_nobody_playing_is_shown_as_a_closed_table(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy", "dee"])
    await start(table)
    ada, bo, cy, dee = table.players
    await away(table, dee)  # dee missed enough deadlines and is away
    await ada.slash(table.thread, "table handover", player=dee)  # bo and cy are asked
    for player in (ada, bo, cy):  # everyone else abandons; the vote waited only for bo and cy
        await player.slash(table.thread, "table abandon")
    row = await table.row()
    assert row.status == "cancelled"  # dee's seat went to a computer: nobody is left playing
    lines = [m.content or "" for m in table.thread.history()]
    assert not any("plays dee's seat for the rest of the game" in line for line in lines), lines[-3:]
    assert any("is closed" in line or "cancelled" in line.lower() for line in lines[-3:]), lines[-3:]
    latest = [m for m in dee.user.dm_channel.history() if f"table #{table.table_id}" in (m.content or "").lower()][-1]
    assert "cancelled" in latest.content, latest.content
    live = [m for p in table.players for m in p.user.dm_channel.history()
            if any(table_control(c, table.table_id) for c in buttons(m))]
    assert not live, [m.content.splitlines()[0] for m in live]
