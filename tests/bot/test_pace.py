"""A table's pace: every decision has a deadline, shown on the board; reminders at half time and
near the end; when it passes, a computer player moves for the seat until its player presses
"I'm back". Deadlines are stored with the move that starts them and fire after a restart, also
those that fell due while the bot was down."""

from __future__ import annotations

import contextlib
import sqlite3

import pytest

from bot import create_bot
from games.core import Outcome
from bot.ui.components import BackButton
from play.scheduler import CLAIM_SECONDS
from play.results import seat_choices
from tests.bot.driver import (board_message, choose, fix_deal, heuristic_players, labels, open_table, panel_message,
                              play_turn_by_dm, thread_text)
from tests.reliability.forge import forge_component

BO_BIDS_FIRST = 1  # a deal whose first auction bo opens, after the purchase both players miss
LIVE = 900  # pace live-15m. SimCord runs the bot's timers that fall due within its settling window
# (a minute) at once, so the steps below stay more than a minute apart.


async def live_table(env, seats: int = 2, computers: int = 0, game: str = "augsburg1520"):
    table = await open_table(env, game, ["ada", "bo", "cy", "dee", "eve"][:seats], computers=computers)
    lobby = table.thread.history()[0]
    ada = table.players[0]
    # README: "`async` (12 hours, 24 hours (the default) or 3 days a decision)": the button says it in those words
    assert "Pace: async, 24 hours a decision" in labels(lobby)
    while "Pace: live, 15 minutes a decision" not in labels(table.thread.history()[0]):  # the lobby's Pace button goes round
        answer = await ada.click(lobby, label=next(label for label in labels(lobby) if label.startswith("Pace")))
        assert answer.ephemeral and answer.response.content.startswith("Pace: ")
        lobby = table.thread.history()[0]
    assert "live, 15 minutes a decision" in str([e.to_dict() for e in lobby.embeds])
    await ada.click(lobby, label="Start")
    return table


async def play_seat(table, player, policy) -> None:
    """`player` makes choices until they have none."""
    for _ in range(30):
        row = await table.row()
        state, spec = await table.state(), await table.spec()
        seat = next(s for s in await table.seats() if s.user_id == player.id)
        if seat.seat not in spec.to_act(state):
            return
        index = seat_choices(spec, state, seat.seat).index(policy(state, seat.seat))
        await choose(player, await panel_message(table, player, seat), index)
        assert (await table.row()).version > row.version


async def bo_to_move(env, monkeypatch):
    """A 3-seat casual table with a pace where ada and cy have moved and bo's deadline runs."""
    fix_deal(monkeypatch, 1)
    table = await live_table(env, seats=3)
    ada, _, cy = table.players
    policy = heuristic_players("augsburg1520", 3)
    await play_seat(table, ada, policy)
    await play_seat(table, cy, policy)
    return table


def dms_with(player, text: str) -> list:
    return [m for m in player.user.dm_channel.history() if text in (m.content or "")]


async def test_reminders_then_a_computer_move_then_back(simcord_env):
    table = await live_table(simcord_env)
    ada, bo = table.players
    row = await table.row()
    assert set(row.deadlines) == {0, 1}  # the opening purchase: both choose at once, one deadline
    assert len(set(row.deadlines.values())) == 1
    board = await board_message(table)
    assert f"<t:{int(row.deadlines[0])}:R>" in str([e.to_dict() for e in board.embeds])

    await play_seat(table, ada, heuristic_players("augsburg1520", 2))  # ada chooses in time, bo does not
    assert set((await table.row()).deadlines) == {1}
    await simcord_env.advance_time(LIVE // 2 + 1)
    assert dms_with(bo, "Still your turn in Augsburg 1520 (table #") and not dms_with(ada, "Still your turn")
    await simcord_env.advance_time(LIVE * 4 // 10)
    assert dms_with(bo, "Last call: your turn in Augsburg 1520")
    version = (await table.row()).version
    await simcord_env.advance_time(LIVE // 10)  # past the deadline: the computer buys for bo
    row = await table.row()
    assert row.version > version
    seats = {s.user_id: s for s in await table.seats()}
    assert seats[bo.id].away and seats[bo.id].missed == 1 and not seats[ada.id].away
    assert "bo ran out of time: a computer player moves for them until they are back" in thread_text(table)
    notice = dms_with(bo, "Time ran out in Augsburg 1520")[-1]
    assert "I'm back" in labels(notice)
    assert notice.content.endswith(f"\nTable: https://discord.com/channels/{table.guild.id}/{table.thread.id}")

    back = await bo.user.click(notice, label="I'm back")
    assert back.ephemeral and "Welcome back" in back.response.content
    assert not next(s for s in await table.seats() if s.user_id == bo.id).away
    assert "I'm back" not in labels(dms_with(bo, "Time ran out in Augsburg 1520")[-1])  # the notice's button went
    again = await forge_component(bo.user, notice, BackButton(table.table_id).custom_id)  # an old copy of it
    assert again.ephemeral and "nothing to come back to" in again.response.content
    assert "a notice in the thread is for the one it names" in again.response.content


async def test_a_deadline_fires_after_a_restart_and_one_that_fell_due_while_down(simcord_env, settings):
    table = await live_table(simcord_env)
    policy = heuristic_players("augsburg1520", 2)
    await play_seat(table, table.players[0], policy)  # ada buys; bo's deadline is pending
    await simcord_env.restart_bot(create_bot(settings))
    before = await table.row()
    await simcord_env.advance_time(LIVE + 1)  # due after the restart: fires
    after = await table.row()
    assert after.version > before.version
    assert any(s.away for s in await table.seats())

    # The bot is down while the next deadline falls due; it fires as soon as the bot is back.
    row = await table.row()
    assert row.deadlines, "a person's decision with a deadline is open"
    await simcord_env.bot.scheduler.stop()  # the process is down: nothing fires
    await simcord_env.advance_time(LIVE + 1)
    assert (await table.row()).version == row.version
    await simcord_env.restart_bot(create_bot(settings))
    assert (await table.row()).version > row.version


async def test_a_deadline_whose_move_failed_fires_again(simcord_env):
    """A deadline is deleted only once its computer move is stored: a failed write leaves it to
    fire again a little later, rather than leaving the table waiting for the away seat forever."""
    table = await live_table(simcord_env)
    await play_seat(table, table.players[0], heuristic_players("augsburg1520", 2))  # bo's deadline is pending
    row = await table.row()
    store = simcord_env.bot.store.tables
    save_move, calls = store.save_move, []

    async def fails_once(move):
        calls.append(move)
        if len(calls) == 1:
            raise sqlite3.OperationalError("disk I/O error")
        return await save_move(move)

    store.save_move = fails_once
    simcord_env.check_errors = False  # the failed write is logged as an error
    await simcord_env.advance_time(LIVE + 1)
    assert len(calls) == 1 and (await table.row()).version == row.version
    await simcord_env.advance_time(CLAIM_SECONDS + 61)
    assert (await table.row()).version > row.version
    assert next(s for s in await table.seats() if s.seat == 1).away


async def test_a_deadline_interrupted_by_a_crash_fires_after_the_restart(simcord_env, settings):
    table = await live_table(simcord_env)
    await play_seat(table, table.players[0], heuristic_players("augsburg1520", 2))
    row = await table.row()

    class Killed(BaseException):
        """The process dies while storing the computer's move."""

    async def killed(move):
        raise Killed()

    simcord_env.bot.store.tables.save_move = killed
    simcord_env.check_errors = False
    with contextlib.suppress(Killed):  # the simulated stop
        await simcord_env.advance_time(LIVE + 1)
    await simcord_env.restart_bot(create_bot(settings))
    await simcord_env.advance_time(CLAIM_SECONDS + 61)
    assert (await table.row()).version > row.version
    assert next(s for s in await table.seats() if s.seat == 1).away


@pytest.mark.slow
async def test_a_player_who_stays_away_keeps_missing_deadlines_and_can_be_voted_out(simcord_env, settings):
    """Once the computer plays an away seat, each further stretch of the pace's time counts as
    another missed deadline (also across a restart), so a player who never comes back reaches the
    table's "Vote out after" number; one who comes back stops the count."""
    table = await live_table(simcord_env, seats=3)
    ada, bo, cy = table.players
    policy = heuristic_players("augsburg1520", 3)

    async def play_on(players, seconds: int) -> None:
        """Time passes in steps shorter than a deadline; `players` make their choices in each."""
        for _ in range(2):
            await simcord_env.advance_time(seconds // 2)
            for player in players:
                await play_seat(table, player, policy)

    def missed(player):
        return next(s for s in seats if s.user_id == player.id).missed

    await play_seat(table, ada, policy)
    await play_seat(table, bo, policy)
    await simcord_env.advance_time(LIVE + 1)  # cy misses the opening purchase's deadline: away
    seats = await table.seats()
    assert missed(cy) == 1 and next(s for s in seats if s.user_id == cy.id).away
    early = await ada.slash(table.thread, "table handover", player=cy)
    assert "missed 1 deadline;" in early.response.content
    version = (await table.row()).version
    undo = await cy.slash(table.thread, "table undo")  # the computer's move for cy is not cy's to take back
    assert undo.ephemeral and "I'm back" in undo.response.content and (await table.row()).version == version
    await play_on([ada, bo], LIVE // 2)
    await simcord_env.restart_bot(create_bot(settings))
    await play_on([ada, bo], LIVE // 2 + 200)  # cy stayed away a whole pace more
    seats = await table.seats()
    assert missed(cy) == 2 and missed(ada) == 0 and missed(bo) == 0
    asked = await ada.slash(table.thread, "table handover", player=cy)
    assert "asked in the thread" in asked.response.content, asked.response.content

    notice = dms_with(cy, "Time ran out in Augsburg 1520")[-1]
    await cy.user.click(notice, label="I'm back")
    await play_on([ada, bo, cy], 2 * LIVE)
    seats = await table.seats()
    assert missed(cy) == 2  # back and playing: no more missed deadlines


@pytest.mark.slow
async def test_a_seat_voted_out_misses_no_more_deadlines(simcord_env):
    """Once the others voted an away player's seat to a computer player for good, its player is no
    longer counted as missing deadlines: the seat has no away timer left, and its count stays."""
    table = await live_table(simcord_env, seats=3)
    ada, bo, cy = table.players
    policy = heuristic_players("augsburg1520", 3)
    await play_seat(table, ada, policy)
    await play_seat(table, bo, policy)
    await simcord_env.advance_time(LIVE + 1)  # cy misses the opening purchase's deadline: away
    seat = await table.seat_of(cy)
    await table.bot.store.tables.set_handover_after(table.table_id, 1)  # as the lobby's "Vote out after: 1"
    await ada.slash(table.thread, "table handover", player=cy)
    vote = next(m for m in reversed(table.thread.history()) if "Agree" in labels(m))
    await bo.click(vote, label="Agree")
    row = next(s for s in await table.seats() if s.user_id == cy.id)
    assert row.ai == "heuristic" and row.missed == 1
    for _ in range(9):  # three paces pass, ada and bo playing on
        await simcord_env.advance_time(LIVE // 3)
        for _ in range(5):
            await play_seat(table, ada, policy)
            await play_seat(table, bo, policy)
    row = next(s for s in await table.seats() if s.user_id == cy.id)
    assert row.missed == 1
    assert [t for t in await table.bot.store.tables.timers(table_id=table.table_id, kind="away") if t.seat == seat] == []


async def test_a_lost_notice_does_not_lock_the_player_out(simcord_env):
    """Discord fails the "Time ran out" DM and its thread fallback: the player still finds **I'm
    back** on their panel from the board's My hand, and it gives them their seat back."""
    table = await live_table(simcord_env)
    ada, bo = table.players
    await play_seat(table, ada, heuristic_players("augsburg1520", 2))
    for path in (f"/channels/{bo.user.dm_channel.id}/messages", f"/channels/{table.thread.id}/messages"):
        simcord_env.inject_error("POST", path, status=500, message="Internal Server Error", times=None)
    await simcord_env.advance_time(LIVE + 1)
    simcord_env.backend.faults.clear()
    assert next(s for s in await table.seats() if s.user_id == bo.id).away
    assert not dms_with(bo, "Time ran out")  # the notice never arrived
    hand = await bo.click(await board_message(table), label="My hand")
    assert hand.ephemeral and "press **I'm back**" in hand.response.content
    assert labels(hand.response.message) == ["I'm back"]
    back = await bo.click(hand.response.message, label="I'm back")
    assert back.ephemeral and "Welcome back" in back.response.content
    assert not next(s for s in await table.seats() if s.user_id == bo.id).away


@pytest.mark.slow  # over half a second
async def test_with_computer_seats_each_of_ones_turns_has_the_whole_time(simcord_env):
    """One person with two computer seats: the computers' turns come back with the answer, and the
    person's next turn starts a new clock. Ten of fifteen minutes on every turn never runs out."""
    table = await live_table(simcord_env, seats=1, computers=2)
    (ada,) = table.players
    policy, spec = heuristic_players("augsburg1520", 3), await table.spec()
    new_turns = 0
    for _ in range(40):
        state = await table.state()
        if 0 not in spec.to_act(state):
            break
        after_own_move, _ = spec.apply(state, 0, policy(state, 0))
        assert await play_turn_by_dm(table, policy)
        if 0 not in spec.to_act(after_own_move) and 0 in spec.to_act(await table.state()):
            new_turns += 1  # the computers took their turns in between: ten minutes to think
            await simcord_env.advance_time(600)
    assert new_turns >= 3
    assert not dms_with(ada, "Time ran out") and not (await table.seats())[0].away


@pytest.mark.slow
async def test_a_player_away_when_the_game_ends_is_ranked_last(simcord_env):
    """A player who let the computer play after a missed deadline, and never came back, does not
    gain from its play: at the end they are ranked last (as one who abandoned), in a rated game too."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    lobby = table.thread.history()[0]
    ada, bo = table.players
    await ada.click(lobby, label="Rated: off")
    while "Pace: live, 15 minutes a decision" not in labels(table.thread.history()[0]):
        await ada.click(table.thread.history()[0], label=next(x for x in labels(table.thread.history()[0])
                                                              if x.startswith("Pace")))
    await ada.click(table.thread.history()[0], label="Start")
    policy = heuristic_players("augsburg1520", 2)
    await play_seat(table, ada, policy)
    await simcord_env.advance_time(LIVE + 1)  # bo misses the opening purchase and never comes back
    for _ in range(600):
        if not await play_turn_by_dm(table, policy):  # ada alone: the computer plays bo at once
            break
    row = await table.row()
    assert row.status == "finished" and row.rated
    outcome = Outcome.model_validate_json(row.outcome)
    assert outcome.ranking[-1] == [await table.seat_of(bo)] and outcome.winners == [await table.seat_of(ada)]
    standings = next(m for m in reversed(table.thread.history()) if m.embeds and "final standings" in m.embeds[0].title)
    assert "Away at the end (ranked last): bo" in standings.embeds[0].footer.text
    assert "**2.** bo (away: ranked last) — " in standings.embeds[0].description  # the line itself says why
    newest = bo.user.dm_channel.history()[-1]  # after the "Time ran out" notice: the result
    assert newest.content.startswith("**Game over in Augsburg 1520") and "you placed 2nd of 2" in newest.content
    refused = await bo.click(standings, label="Rematch")  # absent at the end: not the one to open it
    assert refused.ephemeral and "You were away when this game ended" in refused.response.content
    assert len(table.channel.threads) == 1
    await ada.click(standings, label="Rematch")  # bo, absent at the end, is not seated again
    rematch = await table.bot.store.tables.by_thread(table.channel.threads[-1].id)
    assert {s.user_id for s in await table.bot.store.tables.seats(rematch.id)} == {ada.id}


async def test_no_reminders_of_a_deadline_that_passed_while_the_bot_was_down(simcord_env, settings):
    """Down across a player's whole decision time: at the restart they are told their time ran out,
    not first reminded of a deadline already gone."""
    table = await live_table(simcord_env)
    ada, bo = table.players
    await play_seat(table, ada, heuristic_players("augsburg1520", 2))
    seen = len(bo.user.dm_channel.history())
    await simcord_env.bot.scheduler.stop()
    await simcord_env.advance_time(LIVE + 300)
    await simcord_env.restart_bot(create_bot(settings))
    firsts = [(m.content or "").splitlines()[0] for m in bo.user.dm_channel.history()[seen:]]
    assert any("Time ran out" in line for line in firsts)
    assert not any("Still your turn" in line or "Last call" in line for line in firsts)


async def test_reminders_that_fell_due_while_down_come_as_one(simcord_env, settings):
    """Down across both reminder times with the deadline still ahead: at the restart the player gets
    the latest reminder ("Last call"), not the half-time one as well."""
    table = await live_table(simcord_env)
    ada, bo = table.players
    await play_seat(table, ada, heuristic_players("augsburg1520", 2))
    seen = len(bo.user.dm_channel.history())
    await simcord_env.bot.scheduler.stop()
    await simcord_env.advance_time(LIVE * 92 // 100)  # past 90% of the time, not past the deadline
    await simcord_env.restart_bot(create_bot(settings))
    firsts = [(m.content or "").splitlines()[0] for m in bo.user.dm_channel.history()[seen:]]
    assert sum("Last call" in line for line in firsts) == 1, firsts
    assert not any("Still your turn" in line or "Time ran out" in line for line in firsts), firsts


async def test_when_everyone_is_away_the_game_waits_for_the_first_back(simcord_env, monkeypatch):
    """The computer plays an away seat so the others can play on; when nobody is left playing their
    own seat, the game is not played out without them: it waits, and says so, until one is back."""
    fix_deal(monkeypatch, BO_BIDS_FIRST)
    table = await live_table(simcord_env)
    ada, bo = table.players
    await simcord_env.advance_time(LIVE + 1)  # both miss the opening purchase: both away
    row = await table.row()
    assert all(s.away for s in await table.seats())
    assert row.status == "running"
    await simcord_env.advance_time(3 * LIVE)  # nothing moves while nobody plays
    assert (await table.row()).version == row.version
    board = await board_message(table)
    assert board.content.startswith("The game waits: every player is away")
    assert "Everyone at the table is away now" in dms_with(bo, "Time ran out")[-1].content

    notice = dms_with(ada, "Time ran out")[-1]
    back = await ada.user.click(notice, label="I'm back")
    assert back.ephemeral and "Welcome back" in back.response.content
    spec, state = await table.spec(), await table.state()
    assert (await table.row()).version > row.version  # the computer played bo's seat on at once
    assert spec.to_act(state) == {await table.seat_of(ada)}  # and ada's turn comes to her
    assert ada.user.dm_channel.history()[-1].content.startswith("**Your turn in Augsburg 1520")


async def test_im_back_whose_answer_expired_still_plays_on(simcord_env, monkeypatch):
    """The return is stored before the bot answers: when the answer fails, the game that waited goes
    on all the same, and the player's turn comes to them. (The deal: bo bids first.)"""
    fix_deal(monkeypatch, BO_BIDS_FIRST)
    table = await live_table(simcord_env)
    ada, bo = table.players
    await simcord_env.advance_time(LIVE + 1)
    row = await table.row()
    simcord_env.check_errors = False
    simcord_env.inject_error("POST", "/interactions/*/callback", times=1, status=404, code=10062,
                             message="Unknown interaction")
    await ada.user.click(dms_with(ada, "Time ran out")[-1], label="I'm back")
    assert not next(s for s in await table.seats() if s.user_id == ada.id).away
    assert (await table.row()).version > row.version  # the computer played bo's seat on
    assert not (await board_message(table)).content.startswith("The game waits")
    assert ada.user.dm_channel.history()[-1].content.startswith("**Your turn in Augsburg 1520")


async def test_back_to_a_game_that_waited_on_ones_own_turn_starts_its_clock(simcord_env, monkeypatch):
    """Everyone away and bo's turn: bo presses I'm back. Bo's decision gets its deadline (shown on
    the board) and its reminders; idle again, the computer moves for bo at that deadline."""
    fix_deal(monkeypatch, BO_BIDS_FIRST)
    table = await live_table(simcord_env)
    ada, bo = table.players
    await simcord_env.advance_time(LIVE + 1)  # both miss the opening purchase: both away
    spec, state = await table.spec(), await table.state()
    bo_seat = await table.seat_of(bo)
    assert spec.to_act(state) == {bo_seat} and all(s.away for s in await table.seats())
    back = await bo.user.click(dms_with(bo, "Time ran out")[-1], label="I'm back")
    assert "Welcome back" in back.response.content
    row = await table.row()
    assert row.deadlines[bo_seat] >= table.bot.service.clock() + LIVE - 5
    assert f"<t:{int(row.deadlines[bo_seat])}:R>" in str([e.to_dict() for e in (await board_message(table)).embeds])
    assert bo.user.dm_channel.history()[-1].content.startswith("**Your turn in Augsburg 1520")
    await simcord_env.advance_time(LIVE // 2 + 1)
    assert dms_with(bo, "Still your turn")
    version = row.version
    await simcord_env.advance_time(LIVE // 2 + 1)  # idle again: the computer moves for bo
    assert (await table.row()).version > version
