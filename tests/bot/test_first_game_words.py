"""What a new player reads: the Baumeister board offers a saboteur only to a player who may play
one, a take-back asked before one's first action says there is nothing of one's own to take back,
and the lobby's option menus say in words what each choice means."""

from __future__ import annotations

import pytest

from tests.bot.driver import board_message, fix_deal, heuristic_players, open_table, play_until, start, text_of


def turn_line(board) -> str:
    return next(line for line in text_of(board).splitlines() if line.startswith("**Turn of"))


@pytest.mark.slow  # over half a second
async def test_the_board_offers_a_saboteur_only_to_a_player_who_may_play_one(simcord_env, monkeypatch):
    """"Instead of building a player can play a saboteur, provided he/she possesses one"."""
    fix_deal(monkeypatch, 12345)
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    policy = heuristic_players("baumeister", 3)
    await play_until(table, policy, lambda s: s.phase == "build" and s.saboteurs[s.actor] == 0,
                     "a build step of a player without saboteurs", limit=400)
    line = turn_line(await board_message(table))
    assert line.endswith("— builds") and "saboteur" not in line
    await play_until(table, policy, lambda s: s.phase == "build" and s.saboteurs[s.actor] > 0 and not s.placed
                     and any(s.cities[v] for v in range(s.seats) if v != s.actor),
                     "a build step of a player who may sabotage", limit=800)
    assert turn_line(await board_message(table)).endswith("— builds or plays a saboteur")


async def test_a_take_back_before_ones_first_action_says_there_is_nothing_of_ones_own(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"], computers=1)
    await start(table)  # the computer player has chosen its cards; ada and bo have done nothing yet
    version = (await table.row()).version
    answer = await table.players[1].slash(table.thread, "table undo")
    assert answer.ephemeral
    assert answer.response.content == ("You have no action in this game to take back: you have not acted yet, or "
                                       "took back every one.")
    assert (await table.row()).version == version


async def test_the_lobbys_option_menus_say_what_each_choice_means(simcord_env):
    menus = {}
    for game in ("augsburg1520", "baumeister", "aelderman"):
        table = await open_table(simcord_env, game, ["ada"])
        lobby = table.thread.history()[0]
        for row in lobby.components:
            for component in getattr(row, "children", [row]):
                chosen = [o.label for o in getattr(component, "options", None) or [] if o.default]
                if chosen:
                    menus[(game, component.custom_id.split(":")[-1])] = chosen[0]
    assert menus == {
        ("augsburg1520", "open_money"): "Money face down: each player sees only their own",
        ("baumeister", "swap_open_card"): "Swap the open card for 1 thaler: on",
        ("baumeister", "take_three"): "Take 3 thalers instead of rolling: on",
        ("baumeister", "first_build"): "First build: exactly 3 cards",
        ("aelderman", "version"): "Version: short (2 rounds, secret missions)",
        ("aelderman", "setup"): "Spare colour's setup 1: balanced (2 players, solo main)",
        ("aelderman", "difficulty"): "Solo dummy's difficulty: medium",
    }
