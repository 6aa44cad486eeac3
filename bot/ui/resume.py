"""What a start does for the tables a stop cut off: finish work and computer moves that were due,
and Discord brought up to date for the tables changed just before the stop (a board showing the
move before, panels not sent, standings not posted, a cancel not shown)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.ui.presenter import safely
from bot.render import get_renderer
from bot.ui import panels
from bot.ui.shown import mentioned_for_turn, shows_away_notice, shows_current_panel, shows_lines
from bot.ui.turns import LAST_TO_CHOOSE, lone_chooser
from play.results import TableNews
from play.tournaments.rating_service import rated_as_it_stood
from storage import SeatRow

if TYPE_CHECKING:
    from bot.ui.controller import TablesController


class ResumeMixin:
    """The start-up work of TablesController."""

    async def resume(self: TablesController) -> None:
        """After a start: finish work and computer moves that were due when the bot stopped. Found by
        indexed queries, so the work does not grow with tables that have nothing due."""
        computers, finishes = await self.service.due_tables()
        moved = await self.service.last_moved_tables()
        for table_id in [*computers, *finishes, *moved]:  # a first board posted but not stored: found first
            self.presenter.boards.look_back.put(table_id, True)
        for table_id in finishes:
            await safely(f"finish of table {table_id}", self._resume_finish(table_id))
        for table_id in computers:
            await safely(f"computer moves of table {table_id}", self.play_computers(table_id))
        refused = await self.service.refused_tables()  # boards or panels Discord refused, not shown yet
        for table_id in dict.fromkeys([*await self.service.last_moved_tables(), *refused]):
            if table_id in refused:  # shown again now: its retry goes (a new refusal sets another)
                self.presenter.boards.thread_showed(table_id, refused[table_id])
                await safely(f"retry of table {table_id}", self.service.show_done(table_id))
            if table_id not in computers and table_id not in finishes:  # those were shown just now
                await safely(f"board and panels of table {table_id}",
                             self._resume_publish(table_id, refused=table_id in refused))
        for table_id in await self.service.lobbies_changed_last():  # a leave the stop cut off, say
            await safely(f"lobby of table {table_id}", self.presenter.refresh_lobby(await self.service.news(table_id)))
        await safely("lobbies whose thread went", self.close_lobbies_whose_thread_went())

    async def on_show_due(self: TablesController, table_id: int, attempt: int, seats: dict[int, int],
                          board_shows: int | None = None) -> None:
        """A board or due panels Discord refused: the board again (its log from `board_shows`, see
        Boards.thread_showed), and the panel of each seat in `seats` (seat: prompt version) still
        facing the decision it was not told of."""
        self.presenter.boards.thread_showed(table_id, board_shows)
        news = await self.service.news(table_id)
        if news.table.status == "cancelled":  # its board did not say so yet, nor its lobby (refused too)
            await self.presenter.refresh_lobby(news)
            await self.presenter.show_closed(news, attempt)
            return
        if news.state is None or news.table.status not in ("running", "finished"):
            return
        due = self.service.spec(news.table).to_act(news.state)  # nobody's at a game over: its board alone
        news.changed = {seat for seat, version in seats.items()
                        if seat in due and news.table.prompts.get(seat, (None,))[0] == version}
        if self.move_notes_due.get(table_id):  # a new thread's note, refused with the board: first
            await self.note_move_again(news)
        await self.presenter.publish(news, attempt=attempt)

    async def _resume_publish(self: TablesController, table_id: int, refused: bool = False) -> None:
        """The board again, and a panel for each player due to act whose DMs do not end with the
        panel of their current decision: a stop between storing a move and telling Discord would
        leave them showing the move before. A panel sent before the stop keeps working. A game
        that ended without its standings in the thread gets them, a cancel not shown is shown
        (`refused`: only its board, which Discord refused after the cancel was told)."""
        news = await self.service.news(table_id)
        if news.table.status in ("running", "cancelled") and not refused:  # a vote decided just before the stop
            await safely(f"vote questions of table {table_id}", self.retire_decided_questions(news))
        if news.table.status == "finished" and not news.table.finish_due:
            if refused and await self.presenter.standings_posted(news):
                await self.presenter.publish(news)  # its last board alone, which Discord refused
            else:
                await self._standings_again(news)  # stopped after its finish work
            return
        if news.table.status == "cancelled":  # stopped before the board, panels and thread heard of it
            if await self.presenter.close_shown(news):
                if rated_as_it_stood(news.table, news.seats):  # the stop may have come before its note
                    await self.close_note_again(news)
                return
            if refused:
                await self.presenter.show_closed(news)
            elif rated_as_it_stood(news.table, news.seats):
                await self.closed_rated(news, await self.close_note(
                    news, f"Everyone left, so table #{table_id} is closed."))
            else:
                await self.closed(news, f"Table #{table_id} was cancelled.")
            return
        if news.state is None or news.table.status != "running":
            return
        due = self.service.spec(news.table).to_act(news.state)
        news.changed = set()
        last = lone_chooser(news)  # told so by a copy of their panel, which a stop may have cut off
        if last is not None and await self._told_last(news, news.seats[last]):
            last = None
        for row in news.seats:
            if row.user_id is None or row.handed_over:
                continue
            if row.away and not await shows_away_notice(self.presenter.bot, news, row):
                # The stop came after the computer's move for them (a missed deadline) was stored,
                # perhaps before they were told: the notice with "I'm back", unless it is there
                # (pressing "I'm back" takes it off the notices of earlier absences).
                await safely(f"away notice of table {table_id}", self.presenter.away_notice(news, row.seat))
            elif row.seat == last:
                continue
            elif not row.away and row.seat in due and not await self._told_of_turn(news, row):
                news.changed.add(row.seat)
        await self.presenter.publish(news)
        if last is not None:
            await safely(f"last chooser of table {table_id}", self.presenter.tell_last(news, last))
        await self._private_news_again(news)

    async def _private_news_again(self: TablesController, news: TableNews) -> None:
        """The other side of a private exchange the last move settled (a pay-off agreed, and for
        how much) hears it by DM: a stop right after the move was stored would leave their panel
        showing the exchange still open. Not when their latest DM of the table shows it already."""
        if not self.service.spec(news.table).settling_events:
            return
        news.moves = await self.service.last_write_moves(news.table.id)  # (published already without them)
        info, renderer = self.presenter.info(news), get_renderer(news.table.game)
        for seat in sorted(self.presenter.told_privately(news) - news.changed):
            lines = panels.seat_lines(info, renderer, news, seat)
            if lines and not await shows_lines(self.presenter.bot, news, news.seats[seat], lines):
                await safely(f"private news of table {news.table.id} seat {seat}", self.presenter.dm_panel(news, seat))

    async def _told_last(self: TablesController, news: TableNews, row: SeatRow) -> bool:
        """Whether the player was told they are the last to choose: by a copy of their panel in their
        DMs, or (their DMs refused) by a mention in the thread, which a restart must not repeat."""
        bot = self.presenter.bot
        if await shows_current_panel(bot, news, row, LAST_TO_CHOOSE):
            return True
        # Not gated on the stored `dm_ok`: DMs found closed are stored only with the table's next
        # write, so a stop before it leaves the stored value out of date.
        return await mentioned_for_turn(bot, news, self.service.spec(news.table), row, saying=LAST_TO_CHOOSE)

    async def _told_of_turn(self: TablesController, news: TableNews, row: SeatRow) -> bool:
        """Whether the player's DMs end with the panel of their current decision, or (their DMs
        refused) the thread mentioned them for it."""
        bot = self.presenter.bot
        if await shows_current_panel(bot, news, row):
            return True
        if await mentioned_for_turn(bot, news, self.service.spec(news.table), row):  # as in _told_last
            return True
        # DMs closed, their own move opened this decision: its answer showed it on the panel they
        # answered (My hand), and the running bot mentions nobody for that, so nor does a restart.
        return row.dm_ok is False and await self.service.decision_opened_by_own_move(news.table, row.seat)

    async def on_standings_due(self: TablesController, table_id: int, attempt: int) -> None:
        """Standings Discord refused at a game's end: the last board and the standings, again (the
        note of a game rated as it stood when everyone left, which stands for its standings)."""
        news = await self.service.news(table_id)
        if news.table.status == "cancelled" and rated_as_it_stood(news.table, news.seats):
            await self.close_note_again(news, attempt)
        else:
            await self._standings_again(news, attempt)

    async def _standings_again(self: TablesController, news: TableNews, attempt: int = 0) -> None:
        """The last board and the standings of a finished game whose thread does not show them (a
        thread unreadable for now is tried again later). `attempt`: 0 at a start, else the retry of
        standings that were not posted."""
        if news.table.status != "finished":
            return
        thread = await self.presenter.channel(news.table.thread_id)
        if thread is None and not self.presenter.thread_gone(news, thread):
            await self.presenter.standings_later(news.table.id, attempt)
        elif not await self.presenter.standings_posted(news, refused=attempt > 0):
            await self.presenter.publish(news)
            await self.presenter.finished(news, again=True, attempt=attempt)
        elif attempt == 0:  # a start: the stop may have come between the standings and the result DMs
            await self.presenter.results_untold(news)

    async def on_finish_due(self: TablesController, table_id: int, attempt: int) -> None:
        """Finish work the database refused at a game's end (ratings, the tournament result), tried
        again; once stored, its rating changes follow the standings in the thread."""
        finish = await self.service.finish_work(table_id)
        if not finish.due:
            return  # stored meanwhile (by the start-up sweep)
        if not finish.done:
            await self.presenter.retry_finish(table_id, attempt + 1)
        if finish.stored:
            await self.presenter.finish_stored_late(await self.service.news(table_id), finish.reports)

    async def _resume_finish(self: TablesController, table_id: int) -> None:
        news = await self.service.news(table_id)
        if await self.presenter.standings_posted(news):  # the database refused the finish work after them
            await self.on_finish_due(table_id, 0)
            return
        await self.presenter.publish(news)  # the last board and the result may not have been posted
        await self.presenter.finished(news)

