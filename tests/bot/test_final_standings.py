"""The final standings as players read them when someone abandoned or was away at the end: the
places, the tie-break line, the headline and the footer agree with each other; and each player's
newest DM of the table says how it ended, once."""

from __future__ import annotations

import pytest

from games import registry
from games.aelderman.scoring import mission_level
from tests.bot.driver import (Table, fix_deal, heuristic_players, labels, open_table, play_to_the_end,
                              play_turn_by_dm, start, text_of)
from tests.bot.test_pace import LIVE, live_table

pytestmark = pytest.mark.slow  # each plays a whole game


def standings(table):
    return next(m for m in table.thread.history() if "Rematch" in labels(m))


async def bo_abandons_at_once(env, monkeypatch, game: str, deal: int) -> str:
    """ada and bo play `game`; bo abandons at once and a computer finishes his seat. The standings' text."""
    fix_deal(monkeypatch, deal)
    table = await open_table(env, game, ["ada", "bo"])
    await start(table)
    await table.players[1].slash(table.thread, "table abandon")
    await play_to_the_end(table, heuristic_players(game, 2))
    return text_of(standings(table))


async def test_the_tie_break_line_does_not_name_a_player_ranked_last_as_the_winner(simcord_env, monkeypatch):
    """README: a player who abandons is "ranked last"; the computer finishing bo's seat ties ada on
    45 prestige with the dearer church, which the rules' tie-break would give the win."""
    text = await bo_abandons_at_once(simcord_env, monkeypatch, "augsburg1520", 3)
    assert "**1.** ada" in text and "**2.** bo (forfeited)" in text
    assert "bo (forfeited) wins" not in text, text


async def test_the_footer_names_an_abandoned_player_once(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    await table.players[2].slash(table.thread, "table abandon")
    await play_to_the_end(table, heuristic_players("augsburg1520", 3))
    assert standings(table).embeds[0].footer.text == "Forfeited (ranked last): cy"


async def test_the_footer_shows_names_as_typed(simcord_env):
    """A footer shows no markdown: a name with markdown characters reads as typed there, without the
    backslashes that keep it from applying in message text."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "Bo_the_*great*"])
    await start(table)
    await table.players[1].slash(table.thread, "table abandon")
    await play_to_the_end(table, heuristic_players("augsburg1520", 2))
    assert standings(table).embeds[0].footer.text == "Forfeited (ranked last): Bo_the_*great*"


async def test_the_footer_names_two_abandoned_players_called_alike_without_the_mark(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bob", "bob"])
    await start(table)
    for player in table.players[1:]:
        await player.slash(table.thread, "table abandon")
    await play_to_the_end(table, heuristic_players("augsburg1520", 3))
    footer = standings(table).embeds[0].footer.text
    assert footer.startswith("Forfeited (ranked last): bob") and "(forfeited)" not in footer, footer


async def test_players_ranked_last_together_are_not_called_tied(simcord_env, monkeypatch):
    """README: a player who abandons is "ranked last"; two who abandoned share the last place, but
    their different points are no tie (Baumeister marks a tie of equal points "(tie)")."""
    fix_deal(monkeypatch, 5)
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    for player in table.players[1:]:
        await player.slash(table.thread, "table abandon")
    await play_to_the_end(table, heuristic_players("baumeister", 3))
    lines = [line for line in text_of(standings(table)).splitlines() if line.startswith("**2.**")]
    assert [line.split(" — ")[0] for line in lines] == ["**2.** bo (forfeited)", "**2.** cy (forfeited)"], lines
    assert lines[0].split(" — ")[1] != lines[1].split(" — ")[1], "this deal should score them apart"
    assert not any("(tie)" in line for line in lines), lines


async def test_a_solo_mission_completed_then_away_is_not_called_failed(simcord_env, monkeypatch):
    """Aelderman rulebook (short version): "You win the game if you manage to complete at least the
    basic task of your mission." ada completed it, then let her last decision's deadline pass: the
    game ends with her away, which the headline gives as the reason (a game of one has no last
    place to be ranked in)."""
    fix_deal(monkeypatch, 10)  # the task is done before the last decision
    table = await live_table(simcord_env, seats=1, game="aelderman")
    policy = heuristic_players("aelderman", 1)
    spec = registry.get("aelderman")
    while True:
        state = await table.state()
        if all(spec.outcome(spec.apply(state, 0, action)[0]) is not None for action in spec.legal_actions(state, 0)):
            break  # the last decision
        assert await play_turn_by_dm(table, policy)
    assert mission_level(state, 0) >= 1
    await simcord_env.advance_time(LIVE + 1)  # the last decision's deadline passes
    assert (await table.row()).status == "finished"
    message = standings(table)
    text = text_of(message)
    assert "**Not won**: the game ended with you away (the basic task of the mission is complete)." in text
    assert "basic task completed" in text and "ranked last" not in text
    assert message.embeds[0].footer.text == "Away at the end: ada"


async def test_no_winner_says_why_when_only_an_abandoned_player_completed_the_task(simcord_env, monkeypatch):
    """Aelderman, short version, two players: bo abandons, the computer finishing his seat completes
    his basic task, ada does not complete hers: nobody wins, but not because nobody completed it."""
    text = await bo_abandons_at_once(simcord_env, monkeypatch, "aelderman", 3)
    assert "basic task completed" in next(line for line in text.splitlines() if "bo (forfeited) — " in line)
    assert "**No winner**: only players ranked last for leaving the game completed the basic task" in text, text


async def test_a_player_at_two_tables_gets_one_game_over_dm(simcord_env, monkeypatch):
    """README: "Each player's last DM panel is turned into their result". ada's newest DM is a panel
    of her other table when the first ends: that is no reason to send the result again."""
    fix_deal(monkeypatch, 7)
    first = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    ada = first.players[0]
    await ada.slash(first.channel, "table create", game="baumeister")
    thread = first.channel.threads[-1]
    cy = first.guild.add_member(simcord_env.create_user("cy"))
    await cy.click(thread.history()[0], label="Join")
    await ada.click(thread.history()[0], label="Add computer")
    second = Table(simcord_env, first.guild, first.channel, thread,
                   (await simcord_env.bot.store.tables.by_thread(thread.id)).id, [ada, cy])
    await start(first)
    await start(second)
    policy_a, policy_b = heuristic_players("augsburg1520", 2), heuristic_players("baumeister", 3)
    while (await first.row()).status == "running":  # a move at the second table after each at the first
        assert await play_turn_by_dm(first, policy_a)
        await play_turn_by_dm(second, policy_b)
    over = [m for m in ada.user.dm_channel.history() if (m.content or "").startswith("**Game over in Augsburg")]
    assert len(over) == 1, [m.content[:60] for m in over]
