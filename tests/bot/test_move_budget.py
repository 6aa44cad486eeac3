"""A move's I/O budget, counted through the real bot: one load, one transaction and a few Discord
calls. A typical move (the board is edited, not posted anew) is at most 8 SQL statements counting
BEGIN and COMMIT, exactly one commit, and the REST calls are the answer, the board edit and one
DM to each other player whose choices changed, or who is the last to choose in a sealed choice
(at most 3 when one other player is next); the last to choose, answering on their notice, also
takes the controls off the panel it copied."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from bot.ui.turns import LAST_TO_CHOOSE
from play.results import NO_CHOICES, seat_choices
from tests.bot.driver import choose, heuristic_players, open_table, panel_message, start


@dataclass
class MoveCount:
    statements: list[str]
    rest: list[str]
    new_board: bool
    others_changed: int  # other people whose choices changed with this move
    thread_id: int
    on_notice: bool  # answered on a last-to-choose notice: the panel it copied loses its controls

    @property
    def copied_retired(self) -> int:
        return sum(r.startswith("PATCH /channels/") and f"/channels/{self.thread_id}/" not in r for r in self.rest)

    @property
    def dms(self) -> int:
        return sum(r.startswith("POST /channels/") for r in self.rest) - self.new_board

    @property
    def commits(self) -> int:
        return sum(s.strip().upper() == "COMMIT" for s in self.statements)


async def counted_moves(env, game: str, names: list[str], moves: int) -> list[MoveCount]:
    table = await open_table(env, game, names)
    await start(table)
    policy = heuristic_players(game, len(names))
    statements: list[str] = []
    await table.bot.store.db.trace(statements.append)
    counted = []
    for _ in range(moves):
        click = await next_click(table, policy)
        if click is None:
            break
        prompts = (await table.row()).prompts
        statements.clear()
        before = len(env.http_requests)
        await choose(*click)
        done = list(statements)  # what the bot ran for the click (the reads below are the test's)
        rest = [f"{r.method} {r.path}" for r in env.http_requests[before:]]
        after = (await table.row()).prompts
        clicked = await table.seat_of(click[0])
        others = sum(1 for s in await table.seats() if s.user_id is not None and s.seat != clicked
                     and after.get(s.seat) != prompts.get(s.seat) and after.get(s.seat) is not None)
        others += last_to_choose(prompts, after)
        board_posts = [r for r in rest if r == f"POST /channels/{table.thread.id}/messages"]
        on_notice = LAST_TO_CHOOSE in (click[1].content or "")
        counted.append(MoveCount(done, rest, bool(board_posts), others, table.thread.id, on_notice))
    await table.bot.store.db.trace(None)
    return counted


def last_to_choose(before: dict, after: dict) -> int:
    """1 when the move left one person still to choose in a choice several made at once (they are
    told so by DM), else 0."""
    choosing = lambda prompts: {seat for seat, (_, digest) in prompts.items() if digest != NO_CHOICES}  # noqa: E731
    was, now = choosing(before), choosing(after)
    return int(len(was) >= 2 and len(now) == 1 and now <= was and all(after[s] == before[s] for s in now))


async def next_click(table, policy):
    """(player, their DM panel, index of the policy's choice) of a person who must act now."""
    row = await table.row()
    if row.status != "running":
        return None
    spec, state = table.bot.service.spec(row), table.bot.service.state(row)
    for seat in await table.seats():
        if seat.user_id is not None and seat.seat in spec.to_act(state):
            actor = next(p for p in table.players if p.id == seat.user_id)
            index = seat_choices(spec, state, seat.seat).index(policy(state, seat.seat))
            return actor, await panel_message(table, actor, seat), index
    return None


@pytest.mark.parametrize("game, names", [("augsburg1520", ["ada", "bo", "cy"]),
                                         ("baumeister", ["ada", "bo", "cy"]),
                                         ("aelderman", ["ada", "bo"])])
@pytest.mark.slow
async def test_a_typical_move_is_one_transaction_and_few_calls(simcord_env, game, names):
    moves = await counted_moves(simcord_env, game, names, 80)
    assert len(moves) == 80
    typical = [m for m in moves if not m.new_board]
    assert len(typical) >= 60
    for move in typical:
        assert move.commits == 1, move.statements
        assert len(move.statements) <= 8, move.statements
        assert move.dms == move.others_changed, move
        # The answer and the board edit (none when nothing the thread sees changed), and the DMs;
        # answered on a last-to-choose notice, the panel it copied loses its controls.
        assert move.copied_retired <= move.on_notice, move.rest
        assert len(move.rest) - move.dms - move.copied_retired in (1, 2), move.rest
        board_edits = [r for r in move.rest if r.startswith(f"PATCH /channels/{move.thread_id}/")]
        assert len(board_edits) <= 1, move.rest
    assert sum(len(m.rest) <= 3 for m in typical) >= 0.8 * len(typical)
    for move in moves:  # a new board (a round boundary) records its message id: one more commit
        assert move.commits <= 2, move.statements
