"""Players who leave the server mid-game (the bot does not follow who leaves: it asks Discord when
it matters). A game does not wait for them for ever: a seat whose player left may be voted to a
computer player without waiting for missed deadlines (a table whose pace is off has none), and
once the table's creator has left, any of its players may ask to cancel it."""

from __future__ import annotations

from tests.bot.driver import labels, open_table, start


async def pace_off_table(env, names):
    table = await open_table(env, "augsburg1520", names)
    lobby = table.thread.history()[0]
    while "Pace: no deadlines" not in labels(lobby):
        await table.players[0].click(lobby, label=next(l for l in labels(lobby) if l.startswith("Pace")))
        lobby = table.thread.history()[0]
    await start(table)
    return table


def question(table, words: str):
    return next(m for m in reversed(table.thread.history()) if words in (m.content or "") and "agree?" in m.content)


async def test_a_player_who_left_the_server_can_be_voted_out_at_a_table_without_deadlines(simcord_env):
    table = await pace_off_table(simcord_env, ["ada", "bo", "cy"])
    ada, bo, cy = table.players
    table.guild.remove_member(bo)
    asked = await ada.slash(table.thread, "table handover", player=bo.user)
    assert "no deadlines" not in asked.response.content, asked.response.content
    vote = question(table, "has left the server")
    assert cy.id in vote.raw_mentions and bo.id not in vote.raw_mentions
    await cy.click(vote, label="Agree")
    seat = next(s for s in await table.seats() if s.user_id == bo.id)
    assert seat.ai and seat.handed_over


async def test_a_player_still_here_is_not_voted_out_without_deadlines(simcord_env):
    table = await pace_off_table(simcord_env, ["ada", "bo", "cy"])
    ada, bo, _ = table.players
    asked = await ada.slash(table.thread, "table handover", player=bo.user)
    assert asked.ephemeral and "no deadlines" in asked.response.content
    assert (await table.row()).votes == {}


async def test_once_the_creator_left_the_server_any_player_may_ask_to_cancel(simcord_env):
    table = await pace_off_table(simcord_env, ["ada", "bo", "cy"])
    ada, bo, cy = table.players
    refused = await bo.slash(table.thread, "table cancel")
    assert refused.ephemeral and "by its creator when every other player agrees" in refused.response.content
    table.guild.remove_member(ada)
    await bo.slash(table.thread, "table cancel")
    vote = question(table, "asks to cancel")
    assert cy.id in vote.raw_mentions and ada.id not in vote.raw_mentions
    await cy.click(vote, label="Agree")
    assert (await table.row()).status == "cancelled"


def lobby_of(table):
    return table.thread.history()[0]


async def test_start_takes_players_who_left_the_server_off_the_lobby(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    ada, bo, cy = table.players
    table.guild.remove_member(cy)
    refused = await ada.click(lobby_of(table), label="Start")
    assert refused.ephemeral and "cy left the server" in refused.response.content and "Start" in refused.response.content
    assert [s.user_id for s in await table.seats()] == [ada.id, bo.id] and (await table.row()).status == "lobby"
    await ada.click(lobby_of(table), label="Start")
    assert (await table.row()).status == "running"


async def test_a_lobby_whose_creator_left_the_server_passes_to_the_next_player(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    ada, bo, cy = table.players
    table.guild.remove_member(ada)
    told = await bo.click(lobby_of(table), label="Start")
    assert "ada left the server" in told.response.content and f"<@{bo.id}> runs the table now" in told.response.content
    assert (await table.row()).creator_id == bo.id
    await bo.click(lobby_of(table), label="Start")
    row = await table.row()
    assert row.status == "running" and ada.id not in [s.user_id for s in await table.seats()]


async def test_a_vote_on_a_player_who_left_ends_when_they_rejoin(simcord_env):
    """README: a vote whose player came back ends at the next answer."""
    table = await pace_off_table(simcord_env, ["ada", "bo", "cy"])
    ada, bo, cy = table.players
    table.guild.remove_member(bo)
    await ada.slash(table.thread, "table handover", player=bo.user)
    vote = question(table, "has left the server")
    table.guild.add_member(bo.user)  # back in the server before the others answer
    over = await cy.click(vote, label="Agree")
    assert "This vote is over" in over.response.content, over.response.content
    seat = next(s for s in await table.seats() if s.user_id == bo.id)
    assert not seat.ai and not seat.handed_over and (await table.row()).votes == {}


async def test_once_the_creator_was_voted_out_any_player_may_ask_to_cancel(simcord_env):
    table = await pace_off_table(simcord_env, ["ada", "bo", "cy"])
    ada, bo, cy = table.players
    table.guild.remove_member(ada)
    await bo.slash(table.thread, "table handover", player=ada.user)
    await cy.click(question(table, "has left the server"), label="Agree")
    asked = await bo.slash(table.thread, "table cancel")
    assert "asked in the thread" in asked.response.content, asked.response.content
    await cy.click(question(table, "asks to cancel"), label="Agree")
    assert (await table.row()).status == "cancelled"


async def test_start_by_another_player_asks_discord_of_the_creator_alone(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy", "dee"])
    _, bo, _, _ = table.players
    mark = len(simcord_env.http_requests)
    refused = await bo.click(lobby_of(table), label="Start")
    assert "creator" in refused.response.content
    lookups = [r for r in simcord_env.http_requests[mark:] if r.method == "GET" and "/members/" in r.path]
    assert len(lookups) == 1, [r.path for r in lookups]


async def test_a_lobby_passes_on_even_to_a_player_at_their_open_table_limit(simcord_env):
    """Else nobody could run or close it but Manage Server."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    ada, bo = table.players
    for _ in range(simcord_env.bot.settings.max_open_tables_per_member):
        await bo.slash(table.channel, "table create", game="baumeister")
    table.guild.remove_member(ada)
    told = await bo.click(lobby_of(table), label="Start")
    assert f"<@{bo.id}> runs the table now" in told.response.content, told.response.content
    assert (await table.row()).creator_id == bo.id
    note = [m for m in table.thread.history() if "runs the table now" in (m.content or "")]
    assert note and bo.id in note[-1].raw_mentions


async def test_a_rated_cancel_vote_ends_when_a_player_it_waits_for_leaves_the_server(simcord_env):
    """A rated game is cancelled only when everyone agrees: one who left can never answer, so the
    next answer ends the vote, saying why, instead of leaving it open for good."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    ada, bo, cy = table.players
    await ada.click(lobby_of(table), label="Rated: off")
    await start(table)
    await ada.slash(table.thread, "table cancel")
    vote = question(table, "asks to cancel")
    table.guild.remove_member(cy)
    over = await bo.click(vote, label="Agree")
    assert "This vote is over" in over.response.content and "cy left the server" in over.response.content
    row = await table.row()
    assert row.votes == {} and row.status == "running"


async def test_a_lobby_passes_first_to_a_player_under_their_limit_who_starts_it(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    ada, bo, cy = table.players
    for _ in range(simcord_env.bot.settings.max_open_tables_per_member):
        await bo.slash(table.channel, "table create", game="baumeister")
    table.guild.remove_member(ada)
    told = await bo.click(lobby_of(table), label="Start")
    assert f"<@{cy.id}> runs the table now" in told.response.content and "They can start it" in told.response.content
    assert (await table.row()).creator_id == cy.id
    await cy.click(lobby_of(table), label="Start")
    assert (await table.row()).status == "running"


async def test_a_rated_table_without_deadlines_can_vote_out_a_player_who_left_and_goes_unrated(simcord_env):
    """Else nothing would ever end it: no deadline passes, and a rated cancel needs them to agree."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    ada, bo, cy = table.players
    lobby = lobby_of(table)
    await ada.click(lobby, label="Rated: off")
    while "Pace: no deadlines" not in labels(lobby_of(table)):
        await ada.click(lobby_of(table), label=next(l for l in labels(lobby_of(table)) if l.startswith("Pace")))
    await start(table)
    table.guild.remove_member(cy)
    refused = await ada.slash(table.thread, "table cancel")
    assert "Now the others may vote their seat" in refused.response.content, refused.response.content
    await ada.slash(table.thread, "table handover", player=cy.user)
    await bo.click(question(table, "has left the server"), label="Agree")
    row = await table.row()
    assert next(s for s in await table.seats() if s.user_id == cy.id).handed_over and not row.rated


async def test_asking_again_ends_a_vote_that_no_longer_stands(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    ada, bo, cy = table.players
    await ada.click(lobby_of(table), label="Rated: off")
    await start(table)
    await ada.slash(table.thread, "table cancel")
    table.guild.remove_member(cy)
    again = await ada.slash(table.thread, "table cancel")
    assert "cy left the server" in again.response.content
    assert (await table.row()).votes == {}
