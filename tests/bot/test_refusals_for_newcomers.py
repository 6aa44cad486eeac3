"""Refusals a newcomer meets around lobbies say what is wrong and what to do instead: a command
for a game being played when only lobbies are open, /table hand by someone not seated at a lobby
or seated nowhere, and a lobby's Cancel pressed by a player who did not open it."""

from __future__ import annotations

from tests.bot.tournament_driver import answer


def games_channel(env):
    guild = env.create_guild()
    return guild, guild.create_text_channel("games")


async def test_a_game_command_with_only_lobbies_open_says_how_a_game_starts(simcord_env):
    guild, channel = games_channel(simcord_env)
    cy = guild.add_member(simcord_env.create_user("cy"))
    await cy.slash(channel, "table create", game="baumeister")
    await cy.slash(channel, "table create", game="aelderman")
    for command in ("table hand", "table undo", "table log"):
        said = await cy.slash(channel, command)
        assert said.ephemeral and "None of your tables here has started (#1" in answer(said), answer(said)
        assert "a game starts when its creator presses **Start** on its lobby" in answer(said), answer(said)


async def test_hand_at_a_lobby_by_someone_not_seated_points_to_join_not_to_a_board(simcord_env):
    guild, channel = games_channel(simcord_env)
    ada, bo = (guild.add_member(simcord_env.create_user(name)) for name in ("ada", "bo"))
    await ada.slash(channel, "table create", game="augsburg1520")
    said = answer(await bo.slash(channel.threads[-1], "table hand"))
    assert said.startswith("You are not seated at this table (#1); to play at it, press **Join** on its lobby "
                           "while a seat is free."), said
    assert "board" not in said.split(".")[0], said  # a lobby has no board yet


async def test_hand_by_someone_seated_nowhere_says_how_to_join_or_open_a_table(simcord_env):
    guild, channel = games_channel(simcord_env)
    ada, eve = (guild.add_member(simcord_env.create_user(name)) for name in ("ada", "eve"))
    await ada.slash(channel, "table create", game="augsburg1520")
    said = answer(await eve.slash(channel, "table hand"))
    assert said.startswith("You are not at any open table here. To play, press **Join** on a table's lobby "
                           "(`/table list` shows them) or open one with `/table create`"), said


async def test_cancel_pressed_by_a_player_who_did_not_open_the_lobby_names_its_creator(simcord_env):
    guild, channel = games_channel(simcord_env)
    ada, bo = (guild.add_member(simcord_env.create_user(name)) for name in ("ada", "bo"))
    await ada.slash(channel, "table create", game="augsburg1520")
    thread = channel.threads[-1]
    await bo.click(thread.history()[0], label="Join")
    said = answer(await bo.click(thread.history()[0], label="Cancel"))
    assert said == ("Only the table's creator (ada) or someone with Manage Server can cancel it; ask them, or use "
                    "**Leave** for your own seat."), said
