"""The thread, read in order, has every public line of the game once (README: "the old one keeps
its log, so the thread, read in order, has every public line of the game"): also when Discord
refuses a new board (a new round's, one going on from a full log, a game's last) or a board's edit,
when the bot restarts before the retry, and when a chain of computer moves makes more lines than a
board holds. A finished game's refused board stops saying whose move it is once shown again."""

from __future__ import annotations

import contextlib

import discord
import pytest

from bot import create_bot
from bot.render import get_renderer
from bot.ui import board as board_module
from bot.ui.board import Boards
from bot.ui.board_log import LOG_LINES, LOG_TITLE, log_of
from play.record import visible_events
from play.results import RECENT_EVENTS
from tests.bot.driver import (board_message, fix_deal, heuristic_players, labels, open_table, play_to_the_end,
                              play_turn_by_dm, start, thread_text)

PLAYERS = {"augsburg1520": ["ada", "bo"], "aelderman": ["ada", "bo", "cy"]}


async def next_move(table, policy):
    """(whether the next person's move starts a new board, whether it ends the game)."""
    row = await table.row()
    spec, state = table.bot.service.spec(row), table.bot.service.state(row)
    seat = next((s.seat for s in await table.seats() if s.user_id is not None and s.seat in spec.to_act(state)), None)
    if seat is None:  # a step nobody sees whose it is (a pay-off's answers): not a person's move to time
        return False, False
    after, _ = spec.apply(spec.load_state(spec.dump_state(state)), seat, policy(state, seat))
    key = get_renderer(row.game).board_key
    return key(spec.view(after, None)) != key(spec.view(state, None)), spec.outcome(after) is not None


async def play_to(table, policy, wanted: str) -> None:
    """Play until the next person's move starts a new round's board ("round") or ends the game ("end")."""
    for _ in range(3000):
        new_board, ends = await next_move(table, policy)
        if (wanted == "end" and ends) or (wanted == "round" and new_board and not ends):
            return
        assert await play_turn_by_dm(table, policy)
    raise AssertionError(f"never reached {wanted}")


async def augsburg_table(env, monkeypatch, names=("ada", "bo"), seed: int = 7):
    """A started Augsburg 1520 table with a fixed deal, and the heuristic players' choices."""
    fix_deal(monkeypatch, seed)
    table = await open_table(env, "augsburg1520", list(names))
    await start(table)
    return table, heuristic_players("augsburg1520", len(names))


def refuse_next_post(env, table, times: int = 1) -> None:
    env.inject_error("POST", f"/channels/{table.thread.id}/messages", status=500, message="Internal Server Error",
                     times=times)


def refuse_next_board(env, table, game: str) -> None:
    """Discord fails the next new board: Aelderman's is tried with its picture, then without it (a
    server error may have been the upload's alone)."""
    refuse_next_post(env, table, 2 if game == "aelderman" else 1)


@pytest.mark.parametrize("game", list(PLAYERS))
@pytest.mark.parametrize("shown_by", ["the next move", "the retry"])
async def test_the_lines_of_a_move_whose_new_board_was_refused_reach_the_thread(simcord_env, monkeypatch, game,
                                                                                shown_by):
    fix_deal(monkeypatch, 7)
    table = await open_table(simcord_env, game, PLAYERS[game])
    await start(table)
    policy = heuristic_players(game, len(PLAYERS[game]))
    await play_to(table, policy, "round")
    before = await table.row()
    refuse_next_board(simcord_env, table, game)
    assert await play_turn_by_dm(table, policy)
    assert not simcord_env.backend.faults and (await table.row()).board_message_id == before.board_message_id
    if shown_by == "the retry":
        await simcord_env.advance_time(301)
    else:
        assert await play_turn_by_dm(table, policy)
    row = await table.row()
    assert row.board_message_id != before.board_message_id
    info = table.bot.presenter.info(await table.bot.service.news(table.table_id))
    lines = [info.fill(text) for version, text in row.recent_events if version == before.version + 1]
    assert lines and not [line for line in lines if line not in thread_text(table)], lines


@pytest.mark.slow
async def test_a_finished_games_board_refused_is_shown_again_without_a_turn(simcord_env, monkeypatch):
    table, policy = await augsburg_table(simcord_env, monkeypatch, seed=5)
    await play_to(table, policy, "end")
    refuse_next_post(simcord_env, table)
    assert await play_turn_by_dm(table, policy)
    assert (await table.row()).status == "finished" and not simcord_env.backend.faults
    assert "Your move" in (await board_message(table)).content  # the last round's board, as it was
    await simcord_env.advance_time(301)
    board = await board_message(table)
    assert "My hand" not in labels(board) and "move" not in (board.content or ""), board.content
    assert not board.mentions
    assert not await table.bot.store.tables.timers(table_id=table.table_id)  # its retry is done


def thread_log(table) -> list[str]:
    """The lines of every Game log in the thread (boards, and logs continued in messages of their
    own), in order."""
    lines = []
    for message in table.thread.history():
        content = message.content or ""
        if content.startswith(f"**{LOG_TITLE}** (continued)\n"):
            lines += content.split("\n")[1:]
        elif f"**{LOG_TITLE}**\n" in content:
            lines += content.split(f"**{LOG_TITLE}**\n", 1)[1].splitlines()
        lines += [line for e in message.embeds if e.title == LOG_TITLE for line in (e.description or "").splitlines()]
    return [line.replace(" (forfeited)", "") for line in lines if line]


async def public_log(table) -> list[str]:
    """Every public line of the game, in order, named as the board names players."""
    row, seats = await table.row(), await table.seats()
    actions = await table.bot.store.tables.timed_actions(table.table_id)
    info = table.bot.presenter.info(await table.bot.service.news(table.table_id))
    return [info.fill(text).replace(" (forfeited)", "") for _, text in visible_events(row, seats, actions, None, False)]


async def test_a_refused_board_edit_repeats_no_line(simcord_env, monkeypatch):
    """The old board stays, with its log up to the move before: the new one goes on from there."""
    simcord_env.check_errors = False
    table, policy = await augsburg_table(simcord_env, monkeypatch, ["ada", "bo", "cy"])
    for _ in range(6):
        assert await play_turn_by_dm(table, policy)
    assert not (await next_move(table, policy))[0]  # the next move edits the board
    before = (await table.row()).board_message_id
    simcord_env.inject_error("PATCH", f"/channels/{table.thread.id}/messages/{before}", status=500, times=1)
    assert await play_turn_by_dm(table, policy)
    assert (await table.row()).board_message_id != before and before in [m.id for m in table.thread.history()]
    assert thread_log(table) == await public_log(table)


async def test_a_refused_new_board_keeps_its_lines_over_a_restart(simcord_env, monkeypatch, settings):
    simcord_env.check_errors = False
    table, policy = await augsburg_table(simcord_env, monkeypatch)
    await play_to(table, policy, "round")
    refuse_next_post(simcord_env, table)
    assert await play_turn_by_dm(table, policy)
    await simcord_env.restart_bot(create_bot(settings))  # before the retry: the start shows it
    assert await play_turn_by_dm(table, policy)
    assert thread_log(table) == await public_log(table)


@pytest.mark.slow
async def test_a_chain_of_computer_moves_longer_than_a_board_loses_no_line(simcord_env, monkeypatch):
    """One person and three computer seats: one click brings many computer moves, whose lines go
    on in messages of their own before the new board rather than being cut."""
    fix_deal(monkeypatch, 11)
    table = await open_table(simcord_env, "aelderman", ["ada"], computers=3)
    await start(table)
    await play_to_the_end(table, heuristic_players("aelderman", 4))
    continued = [m for m in table.thread.history() if (m.content or "").startswith(f"**{LOG_TITLE}** (continued)")]
    assert continued and all(len(m.content) <= 2000 for m in continued)
    assert thread_log(table) == await public_log(table)


async def test_a_refused_board_going_on_from_a_full_log_loses_no_line(simcord_env, monkeypatch):
    simcord_env.check_errors = False
    table, policy = await augsburg_table(simcord_env, monkeypatch, ["ada", "bo", "cy"])
    for _ in range(600):  # until a move of the same round is refused its new board (its log was full)
        new_board, ends = await next_move(table, policy)
        if not (new_board or ends):
            refuse_next_post(simcord_env, table)
        assert await play_turn_by_dm(table, policy)
        refused, simcord_env.backend.faults[:] = not simcord_env.backend.faults, []
        if refused and thread_log(table) != await public_log(table):  # the refused post was that board
            break
    else:
        raise AssertionError("no board's log filled up")
    assert await play_turn_by_dm(table, policy)
    assert thread_log(table) == await public_log(table)


async def test_a_board_refused_again_at_the_start_still_gets_the_refused_moves_lines(simcord_env, monkeypatch,
                                                                                   settings):
    simcord_env.check_errors = False
    table, policy = await augsburg_table(simcord_env, monkeypatch)
    await play_to(table, policy, "round")
    before = await table.row()
    refuse_next_post(simcord_env, table)
    assert await play_turn_by_dm(table, policy)
    refuse_next_post(simcord_env, table)  # ... and again as the next start shows it
    await simcord_env.restart_bot(create_bot(settings))
    assert (await table.row()).board_message_id == before.board_message_id
    await simcord_env.advance_time(301)  # the retry
    assert (await table.row()).board_message_id != before.board_message_id
    assert thread_log(table) == await public_log(table)


class Killed(BaseException):
    """The process dies after a move is stored, before Discord hears of it."""


async def test_a_stop_before_a_new_rounds_board_loses_no_line(simcord_env, monkeypatch, settings):
    """At the start the board is read back: its log shows where the thread stopped."""
    simcord_env.check_errors = False
    table, policy = await augsburg_table(simcord_env, monkeypatch)
    await play_to(table, policy, "round")
    before = await table.row()

    async def killed(*args, **kwargs):
        raise Killed()

    monkeypatch.setattr(simcord_env.bot.presenter, "publish", killed)
    with contextlib.suppress(Killed):
        await play_turn_by_dm(table, policy)
    assert (await table.row()).version == before.version + 1
    await simcord_env.restart_bot(create_bot(settings))
    assert (await table.row()).board_message_id != before.board_message_id
    assert thread_log(table) == await public_log(table)


async def refused_for_long(env, monkeypatch, behind: int = RECENT_EVENTS + 5):
    """A 2-player Augsburg 1520 table whose thread Discord refused while `behind` lines, more than
    the table keeps (RECENT_EVENTS), went by, the players going on by DM; Discord takes posts again now."""
    env.check_errors = False
    table, policy = await augsburg_table(env, monkeypatch)
    assert await play_turn_by_dm(table, policy)
    shown_before = len(await public_log(table))
    for method in ("POST", "PATCH"):
        env.inject_error(method, f"/channels/{table.thread.id}/messages*", status=500, times=None)
    while len(await public_log(table)) - shown_before <= behind:
        assert await play_turn_by_dm(table, policy)
    env.backend.faults[:] = []
    return table, policy


async def test_a_thread_refused_for_long_gets_every_line_back(simcord_env, monkeypatch):
    """The board that goes on replays the lines the table no longer keeps."""
    table, policy = await refused_for_long(simcord_env, monkeypatch)
    assert await play_turn_by_dm(table, policy)
    assert thread_log(table) == await public_log(table)


async def overflow_then_refused_board(env, monkeypatch):
    """An Aelderman table of one person and three computers whose first chain of computer moves
    overflowed a board: the continued logs went out, and Discord refused the board after them."""
    fix_deal(monkeypatch, 11)
    table = await open_table(env, "aelderman", ["ada"], computers=3)
    await start(table)
    policy = heuristic_players("aelderman", 4)
    overflowed, overflow = [], Boards._post_overflow

    async def then_refuse_the_board(self, thread, news, info, public, since):
        start_at, text = await overflow(self, thread, news, info, public, since)
        if start_at != since and not overflowed:
            overflowed.append(start_at)
            env.backend.faults.append({"method": "POST", "path": f"/channels/{table.thread.id}/messages",
                                       "status": 500, "code": 0, "message": "Internal Server Error", "times": 1})
        return start_at, text

    monkeypatch.setattr(Boards, "_post_overflow", then_refuse_the_board)
    while not overflowed:
        assert await play_turn_by_dm(table, policy)
    return table


@pytest.mark.slow
async def test_continued_logs_are_not_posted_again_when_the_board_after_them_is_refused(simcord_env, monkeypatch):
    simcord_env.check_errors = False
    table = await overflow_then_refused_board(simcord_env, monkeypatch)
    await simcord_env.advance_time(301)  # the board's retry
    assert thread_log(table) == await public_log(table)


async def play_to_full_log(table, policy) -> None:
    """Play until the next person's move stays on the board but its lines no longer fit in its log."""
    for _ in range(3000):
        row = await table.row()
        spec, state = table.bot.service.spec(row), table.bot.service.state(row)
        seat = next((s.seat for s in await table.seats() if s.user_id is not None and s.seat in spec.to_act(state)),
                    None)
        if seat is not None:
            after, events = spec.apply(spec.load_state(spec.dump_state(state)), seat, policy(state, seat))
            key = get_renderer(row.game).board_key
            lines = sum(1 for e in events if e.seats is None and e.text)
            if (lines and key(spec.view(after, None)) == key(spec.view(state, None)) and spec.outcome(after) is None
                    and len(log_of(await board_message(table))) + lines > LOG_LINES):
                return
        assert await play_turn_by_dm(table, policy)
    raise AssertionError("no board's log filled up")


async def test_a_stop_before_a_board_going_on_from_a_full_log_loses_no_line(simcord_env, monkeypatch, settings):
    simcord_env.check_errors = False
    table, policy = await augsburg_table(simcord_env, monkeypatch)
    await play_to_full_log(table, policy)

    async def killed(*args, **kwargs):
        raise Killed()

    monkeypatch.setattr(simcord_env.bot.presenter, "publish", killed)
    with contextlib.suppress(Killed):
        await play_turn_by_dm(table, policy)
    await simcord_env.restart_bot(create_bot(settings))
    assert thread_log(table) == await public_log(table)


async def test_a_cancel_after_a_refused_board_keeps_what_the_thread_showed(simcord_env, monkeypatch):
    """The cancelled board keeps its own log; the lines Discord refused to show go below it."""
    simcord_env.check_errors = False
    table, policy = await augsburg_table(simcord_env, monkeypatch)
    await play_to_full_log(table, policy)
    shown = thread_log(table)
    refuse_next_post(simcord_env, table)  # the board going on from the full log
    assert await play_turn_by_dm(table, policy)
    await cancel_by_a_manager(simcord_env, table)
    assert thread_log(table)[:len(shown)] == shown
    assert thread_log(table) == await public_log(table)


async def cancel_by_a_manager(env, table) -> None:
    manager = table.guild.add_member(env.create_user("mod"), roles=[table.guild.create_role(
        "mods", permissions=discord.Permissions(manage_guild=True))])
    await manager.slash(table.thread, "table cancel")
    assert (await table.row()).status == "cancelled"


@pytest.mark.parametrize("refused", ["continued log", "board edit"])
async def test_a_cancel_discord_refused_once_is_retried_with_every_line_once(simcord_env, monkeypatch, refused):
    simcord_env.check_errors = False
    table, policy = await augsburg_table(simcord_env, monkeypatch)
    await play_to_full_log(table, policy)
    refuse_next_post(simcord_env, table)  # the board going on from the full log
    assert await play_turn_by_dm(table, policy)
    if refused == "continued log":  # the lines refused before go below the cancelled board
        refuse_next_post(simcord_env, table)
    else:
        board = (await table.row()).board_message_id
        simcord_env.inject_error("PATCH", f"/channels/{table.thread.id}/messages/{board}", status=500, times=1)
    await cancel_by_a_manager(simcord_env, table)
    await simcord_env.advance_time(301)  # the cancelled board's retry
    assert thread_log(table) == await public_log(table)


@pytest.mark.slow  # over half a second
async def test_a_cancel_after_a_long_refusal_replays_the_lines_the_thread_missed(simcord_env, monkeypatch):
    table, _ = await refused_for_long(simcord_env, monkeypatch)
    await cancel_by_a_manager(simcord_env, table)
    assert thread_log(table) == await public_log(table)


@pytest.mark.slow
async def test_a_cancel_after_continued_logs_and_a_refused_board_repeats_no_line(simcord_env, monkeypatch):
    """The old board keeps its own log, which ends before the continued messages."""
    simcord_env.check_errors = False
    table = await overflow_then_refused_board(simcord_env, monkeypatch)
    await cancel_by_a_manager(simcord_env, table)
    assert thread_log(table) == await public_log(table)


def refuse_the_second_continued_log(env, table, monkeypatch) -> list[int]:
    """Discord takes the first message of continued log the bot sends next, and refuses the second
    (once); returns how many continued messages the bot meant to send each time (filled in then)."""
    meant, continued = [], board_module.continued_logs

    def refusing_after_the_first(lines):
        messages = continued(lines)
        meant.append(len(messages))

        def sent_one_by_one():
            for number, message in enumerate(messages):
                if number == 1 and len(meant) == 1:
                    refuse_next_post(env, table)
                yield message
        return sent_one_by_one()

    monkeypatch.setattr(board_module, "continued_logs", refusing_after_the_first)
    return meant


@pytest.mark.slow
async def test_a_refusal_partway_through_continued_logs_repeats_none_of_them_at_the_retry(simcord_env, monkeypatch):
    table, policy = await refused_for_long(simcord_env, monkeypatch, behind=3 * RECENT_EVENTS)
    meant = refuse_the_second_continued_log(simcord_env, table, monkeypatch)
    assert await play_turn_by_dm(table, policy)
    assert meant and meant[0] > 1 and not simcord_env.backend.faults
    await simcord_env.advance_time(301)  # the board's retry
    assert thread_log(table) == await public_log(table)


@pytest.mark.slow
async def test_a_cancel_refused_partway_through_its_continued_logs_repeats_none_of_them(simcord_env, monkeypatch):
    table, _ = await refused_for_long(simcord_env, monkeypatch, behind=3 * RECENT_EVENTS)
    meant = refuse_the_second_continued_log(simcord_env, table, monkeypatch)
    await cancel_by_a_manager(simcord_env, table)
    assert meant and meant[0] > 1 and not simcord_env.backend.faults
    await simcord_env.advance_time(301)  # the cancelled board's retry
    assert thread_log(table) == await public_log(table)
