"""The "You are the last to choose" notice is a copy of the seat's panel; the panel it copied must
not keep its controls once the decision ends otherwise than by a choice: time running out (the
computer plays the seat), or /table abandon.

README (Pace): when the deadline passes "a computer player makes the seat's move ... and the computer
keeps playing the seat until its player presses I'm back"; (/table abandon) "From then on the seat's
hand ... are the computer's"; (Stopping the bot) only "After a kill -9 or a crash, such a panel (a
"You are the last to choose" notice among them) may keep its controls once its player has moved
from My hand or an older panel"."""

from __future__ import annotations

from tests.bot.driver import buttons, heuristic_players, labels, opening_chosen_by_ada, table_control
from tests.bot.test_pace import LIVE, live_table, play_seat


def panels_with_controls(table, player) -> list:
    """The player's DMs still offering a choice of this table (not "I'm back")."""
    return [m for m in player.user.dm_channel.history() if any(table_control(c, table.table_id) for c in buttons(m))]


async def test_no_panel_keeps_its_choices_once_time_ran_out_for_the_last_to_choose(simcord_env):
    table = await live_table(simcord_env)
    ada, bo = table.players
    await play_seat(table, ada, heuristic_players("augsburg1520", 2))  # ada buys; bo is the last to choose
    assert "You are the last to choose" in bo.user.dm_channel.history()[-1].content
    await simcord_env.advance_time(LIVE + 1)  # bo lets his time run out: the computer buys for him
    assert next(s for s in await table.seats() if s.user_id == bo.id).away
    leftover = panels_with_controls(table, bo)
    assert not leftover, [(m.content.splitlines()[0], labels(m)) for m in leftover]


async def test_no_panel_keeps_its_choices_once_the_last_to_choose_abandons(simcord_env):
    table, _, _ = await opening_chosen_by_ada(simcord_env)  # no pace: bo is the last to choose
    bo = table.players[1]
    assert "You are the last to choose" in bo.user.dm_channel.history()[-1].content
    await bo.slash(table.thread, "table abandon")
    leftover = panels_with_controls(table, bo)
    assert not leftover, [(m.content.splitlines()[0], labels(m)) for m in leftover]


async def test_the_panel_a_notice_copied_loses_its_choices_once_the_notice_is_answered(simcord_env):
    """The last to choose answers on the notice (their newest DM): the older panel it copied offers
    a decision that is over, and keeps no controls (README: only "After a kill -9 or a crash" may a
    panel keep them)."""
    table, choose_on, older = await opening_chosen_by_ada(simcord_env)
    bo = table.players[1]
    notice = bo.user.dm_channel.history()[-1]
    assert "You are the last to choose" in notice.content
    assert any(table_control(c, table.table_id) for c in buttons(older))
    while await table.seat_of(bo) in table.bot.service.spec(await table.row()).to_act(await table.state()):
        await choose_on(bo, next(m for m in bo.user.dm_channel.history() if m.id == notice.id))
        if not any(table_control(c, table.table_id) for c in buttons(
                next(m for m in bo.user.dm_channel.history() if m.id == notice.id))):
            break
    copied = next(m for m in bo.user.dm_channel.history() if m.id == older.id)
    assert not any(table_control(c, table.table_id) for c in buttons(copied)), labels(copied)
