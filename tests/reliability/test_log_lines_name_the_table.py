"""An operator of a server with many tables reads in the log which table a failure was at: a user
id alone does not say it when the player sits at several tables."""

from __future__ import annotations

from tests.bot.driver import board_message, heuristic_players
from tests.reliability.test_faults import GAME, PLAYERS, inject, new_game, one_move


def warnings_of(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelname in ("WARNING", "ERROR")]


async def test_a_failed_answer_and_a_failed_dm_name_their_table(simcord_env, caplog):
    simcord_env.check_errors = False  # the failures are logged, as they should be
    table = await new_game(simcord_env, caplog)
    ada = table.players[0]
    for press in ("button", "command"):
        inject(simcord_env, "POST", "/interactions/*/callback", status=404, code=10062, message="Unknown interaction")
        if press == "button":
            await ada.click(await board_message(table), label="My hand")
        else:
            await ada.slash(table.thread, "table hand")
        answer = [line for line in warnings_of(caplog) if f"the answer to {ada.id}'s request" in line]
        named = f"(hand of table {table.table_id})" if press == "button" else "(/table hand)"
        assert len(answer) == 1 and named in answer[0], answer
        caplog.clear()
    for player in table.players:  # a "Your turn" DM fails
        inject(simcord_env, "POST", f"/channels/{player.user.dm_channel.id}/messages", status=500, times=None)
    policy = heuristic_players(GAME, len(PLAYERS))
    for _ in range(10):
        await one_move(table, policy)
        if failed := [line for line in warnings_of(caplog) if line.startswith("DM to ")]:
            break
    assert failed and all(f"(table {table.table_id}) failed" in line for line in failed), warnings_of(caplog)


def test_a_request_is_named_by_its_command_or_its_controls_kind_and_table_or_tournament():
    from types import SimpleNamespace

    from bot.ui.requests import request_of

    def named(custom_id: str) -> str:
        return request_of(SimpleNamespace(command=None, data={"custom_id": custom_id}))

    assert named("act:4:8817263:2") == "act of table 4"  # the panel's token stays out
    assert named("lobby:join:5") == "lobby join of table 5"
    assert named("tourney:start:7") == "tourney start of tournament 7"
    assert request_of(SimpleNamespace(command=SimpleNamespace(qualified_name="table hand"), data={})) == "/table hand"
