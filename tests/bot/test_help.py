"""/help: how a game goes here and every command with its description, only to the asker."""

from __future__ import annotations


async def test_help_lists_the_games_the_steps_of_a_game_and_every_command(simcord_env):
    guild = simcord_env.create_guild()
    ada = guild.add_member(simcord_env.create_user("ada"))
    result = await ada.slash(guild.create_text_channel("games"), "help")
    assert result.response.ephemeral
    embed = result.response.embeds[0]
    assert "Augsburg 1520 (2-5 players)" in embed.description and "Aelderman (1-4 players)" in embed.description
    assert "`/table create game:<game>`" in embed.description and "**My hand**" in embed.description
    # README, /table undo: "while no other player has acted since and the action neither revealed
    # anything hidden nor drew anything at random"
    assert ("takes back your last action while nobody has acted since, unless it revealed something hidden "
            "or drew something at random" in embed.description), embed.description
    listed = "\n".join(field.value for field in embed.fields)
    commands = [c for c in simcord_env.bot.tree.walk_commands() if not hasattr(c, "commands")]
    for command in commands:
        assert f"`/{command.qualified_name}`: {command.description}" in listed
    assert {field.name for field in embed.fields} == {"/table", "/tournament", "Other commands"}
    assert len(embed) <= 6000 and all(len(field.value) <= 1024 for field in embed.fields)


async def test_help_in_a_dm_does_not_speak_of_this_server(simcord_env):
    """/help works in a DM (README); there it is not titled as if asked in a server."""
    guild = simcord_env.create_guild()
    ada = guild.add_member(simcord_env.create_user("ada"))
    in_server = (await ada.slash(guild.create_text_channel("games"), "help")).response.embeds[0]
    assert in_server.title == "Board games on this server"
    in_dm = (await ada.user.slash("help")).response.embeds[0]
    assert "this server" not in in_dm.title and in_dm.fields == in_server.fields
