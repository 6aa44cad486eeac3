"""Issue: "The player is mentioned when their turn starts". The board's first line mentions the
players whose move it is; a new board (a round's first) pings them, and every turn's ping is
also its DM ("Your turn in <game> (table #n)")."""

from __future__ import annotations

from tests.bot.driver import board_message, fix_deal, heuristic_players, latest_dm, open_table, play_turn_by_dm, start


def pinged(env, message) -> set[int]:
    return set(env.backend.messages[message.channel.id][message.id].ping_user_ids)


async def test_the_board_mentions_whose_move_it_is(simcord_env, monkeypatch):
    """The board names whom it shows to move: in a pay-off's secret steps both sides of the exchange
    (spec.shown_to_act), whose deadlines it does not show. A fixed deal keeps the last board checked
    below out of such a step."""
    fix_deal(monkeypatch, 5)
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    policy = heuristic_players("baumeister", 3)
    seen_single, boards = 0, []
    for _ in range(40):
        state, spec, seats = await table.state(), await table.spec(), await table.seats()
        to_act = {s.user_id for s in seats if s.seat in spec.shown_to_act(state)}
        board = await board_message(table)
        if not boards or boards[-1] != board.id:
            boards.append(board.id)
        assert {user.id for user in board.mentions} == to_act, (board.content, to_act)
        assert pinged(simcord_env, board) == to_act  # the allowed mentions name exactly them
        assert all(f"<@{user}>" in board.content for user in to_act)
        others = {p.id for p in table.players} - to_act
        assert not any(f"<@{user}>" in board.content for user in others)
        if len(to_act) == 1:
            seen_single += 1
            assert board.content.startswith("Your move, ")
            player = next(p for p in table.players if p.id in to_act)
            assert latest_dm(player).content.startswith("**Your turn in Wettstreit der Baumeister (table #")
        if not await play_turn_by_dm(table, policy):
            break
    assert seen_single >= 3
    assert len(boards) >= 2
    replaced = [m for m in table.thread.history() if m.id in boards[:-1]]
    assert replaced and all(not m.content and not m.components for m in replaced)
    # Nor do replaced boards keep the deadlines the new board shows (async, 24 hours a decision).
    fields = lambda message: [f.name for e in message.embeds for f in e.fields]  # noqa: E731
    assert "Waiting for" in fields(await board_message(table))
    assert all("Waiting for" not in fields(m) and "<t:" not in str([e.to_dict() for e in m.embeds])
               and m.embeds for m in replaced)
