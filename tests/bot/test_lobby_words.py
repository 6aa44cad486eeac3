"""What a lobby says must be true at that moment: a refusal, the advice after a Start that took
off players who left the server, its footer, and its Rated line once the game has started."""

from __future__ import annotations

from play.lobby import creator_controls_shown
from tests.bot.driver import labels, open_table, text_of
from tests.reliability.forge import forge_component, refused


def lobby_of(table):
    return table.thread.history()[0]


def footer(message) -> str:
    return " | ".join(e.footer.text or "" for e in message.embeds if e.footer)


async def test_a_creator_alone_with_computers_is_the_only_person_not_the_only_player(simcord_env):
    table = await open_table(simcord_env, "aelderman", ["ada"], computers=1)
    said = (await table.players[0].click(lobby_of(table), label="Leave")).response
    assert said.ephemeral and said.content.startswith("You are the only person at this table: press **Cancel**")


async def test_a_start_that_leaves_too_few_does_not_advise_pressing_start_again(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    ada, bo = table.players
    table.guild.remove_member(bo)
    said = (await ada.click(lobby_of(table), label="Start")).response.content
    assert "bo left the server, so they were taken off the table." in said
    assert "Press **Start** again" not in said
    assert "Too few players are left to start (2 to 5 are needed): wait for others to join, or add computer" in said


async def test_a_full_lobby_does_not_say_join_to_play(simcord_env):
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"])
    assert footer(lobby_of(table)).startswith("Join to play.")
    await table.players[0].click(lobby_of(table), label="Add computer")
    lobby = lobby_of(table)
    assert "Join" not in labels(lobby) and footer(lobby).startswith("The table is full. ada runs this table")


async def test_a_game_started_with_a_computer_seated_shows_it_is_not_rated(simcord_env):
    """README: a rated lobby with a computer seated "says the game will not count"; once started the
    lobby message must not go back to "Yes (if ... no computer player)"."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"], computers=1)
    ada = table.players[0]
    await ada.click(lobby_of(table), label="Rated: off")
    assert "will not count while a computer player is seated" in text_of(lobby_of(table))
    await ada.click(lobby_of(table), label="Start")
    shown = text_of(lobby_of(table))
    assert "Game in progress" in shown
    assert "Rated\nNo: a rated game needs at least two people and no computer player" in shown, shown


async def test_players_who_left_are_named_as_typed_in_the_answer_to_start_as_in_the_thread(simcord_env):
    """Names with formatting characters are shown as typed: escaped once, in the thread's note and
    in the answer to the Start that took them off (before, the answer escaped them twice, and its
    backslashes showed)."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo_x_", "cy*z*"])
    ada, bo, cy = table.players
    table.guild.remove_member(bo)
    table.guild.remove_member(cy)
    said = (await ada.click(table.thread.history()[0], label="Start")).response.content
    assert table.thread.history()[-1].content.startswith("bo\\_x\\_, cy\\*z\\* left the server")
    assert said.startswith("bo\\_x\\_, cy\\*z\\* left the server, so they were taken off the table."), said


def field(message, name: str) -> str | None:
    return next((f.value for e in message.embeds for f in e.fields if f.name == name), None)


async def test_a_full_lobby_of_one_person_describes_the_pace_it_will_play_at(simcord_env):
    """README: "When every player at the table is away, the game is not played out without them";
    votes ask only the players playing their own seat. A full lobby of one person and computers
    says the game waits for them, and offers no hand-over vote nobody could ever ask."""
    table = await open_table(simcord_env, "baumeister", ["ada"], computers=2)
    lobby = lobby_of(table)
    assert "moves for the seat until its player is back" in field(lobby, "Pace")  # someone may still join
    assert field(lobby, "Absent players") is not None
    await table.players[0].click(lobby, label="Add computer")
    lobby = lobby_of(table)
    assert "finishes the turn that ran out, then the game waits for its player" in field(lobby, "Pace")
    assert field(lobby, "Absent players") is None
    assert not any(label.startswith("Vote out after") for label in labels(lobby))
    assert any(label.startswith("Pace") for label in labels(lobby))
    # README: **Vote out after** "not at a full table of one person and computer players, where nobody
    # could vote": a press of it (an older lobby message's, or forged) is refused and changes nothing.
    setting = (await table.row()).handover_after
    shown = creator_controls_shown(await table.row(), await table.seats())
    result = await forge_component(table.players[0], lobby, f"lobby:handover:{table.table_id}:{shown}")
    text = refused(result)
    assert "nobody could vote a seat out" in text and "Remove computer" in text, text
    assert (await table.row()).handover_after == setting


async def test_computer_players_are_named_without_the_program_s_own_word(simcord_env):
    """Players know them only as computer players (README): not "Computer 1 (heuristic)"."""
    table = await open_table(simcord_env, "augsburg1520", ["ada"], computers=2)
    players = field(lobby_of(table), "Players (3 of 2-5)")
    assert "Computer 1 🤖" in players and "Computer 2 🤖" in players and "heuristic" not in players, players


def lobby_players(message) -> list[str]:
    field = next(f for f in message.embeds[0].fields if f.name.startswith("Players"))
    return field.value.splitlines()


async def test_players_called_alike_are_told_apart_in_the_lobby_too(simcord_env):
    # README: "Two players or tournament entrants called alike ... read `ada (1)` and `ada (2)`".
    table = await open_table(simcord_env, "augsburg1520", ["ada", "ada", "bo"])
    lobby = lobby_of(table)
    assert lobby_players(lobby) == ["1. ada (1)", "2. ada (2)", "3. bo"]
    assert "ada (1) runs this table" in footer(lobby)


async def test_a_person_named_like_a_computer_player_is_told_apart_from_it(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "Computer 1 🤖"], computers=1)
    assert lobby_players(lobby_of(table)) == ["1. ada", "2. Computer 1 🤖 (2)", "3. Computer 1 🤖 (3)"]


async def test_a_creator_who_leaves_names_the_next_runner_as_the_lobby_does(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["cy", "ada", "ada"])
    left = await table.players[0].click(lobby_of(table), label="Leave")
    assert "; ada (1) now runs its lobby" in left.response.content, left.response.content
    assert lobby_players(lobby_of(table)) == ["1. ada (1)", "2. ada (2)"]
    assert "ada (1) runs this table" in footer(lobby_of(table))
