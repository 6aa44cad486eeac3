"""Votes at tables with a player who has left the server: they are neither asked nor waited for,
their seat may be handed over, and a rated game is not cancelled behind them."""

from __future__ import annotations

import discord

from tests.bot.driver import labels, open_table, start
from tests.bot.test_votes import pace_button, vote_messages


async def test_the_seat_of_a_player_who_left_the_server_can_be_handed_over(simcord_env):
    """/table handover names the absent player; one who has left the server is still named (as a
    user), and the others are asked as for any absent player."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada, bo, cy = table.players
    await table.bot.store.tables.update_seat(table.table_id, await table.seat_of(cy), missed=2, away=True)
    table.guild.remove_member(cy)
    asked = await bo.slash(table.thread, "table handover", player=cy.user)
    assert asked.ephemeral and "asked in the thread" in asked.response.content, asked.response.content
    (vote,) = vote_messages(table)
    assert "cy's seat" in vote.content and f"<@{ada.id}>" in vote.content


async def test_a_cancel_vote_neither_waits_for_nor_pings_a_player_who_left_the_server(simcord_env):
    """A player who left the server (and can no longer see the thread) is not one of those asked."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    ada, bo, cy = table.players
    while (await table.row()).pace != "off":
        await ada.click(table.thread.history()[0], custom_id=pace_button(table))
    await start(table)
    table.guild.remove_member(cy)
    asked = await ada.slash(table.thread, "table cancel")
    assert "asked in the thread" in asked.response.content, asked.response.content
    (vote,) = vote_messages(table)
    assert bo.mention in vote.content and cy.mention not in vote.content, vote.content
    done = await bo.click(vote, label="Agree")
    assert done.response.content == "Noted: everyone agreed, so it is done."
    assert (await table.row()).status == "cancelled"


async def test_a_player_who_leaves_while_a_vote_is_open_is_no_longer_waited_for(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada, bo, cy = table.players
    await ada.slash(table.thread, "table cancel")
    (vote,) = vote_messages(table)
    assert cy.mention in vote.content
    table.guild.remove_member(cy)
    await bo.click(vote, label="Agree")
    assert (await table.row()).status == "cancelled"


async def test_a_rated_game_is_not_cancelled_behind_a_player_who_left_the_server(simcord_env):
    """As with an away player: else a creator could remove a player who is winning and erase the
    rated result."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    ada, bo, cy = table.players
    await ada.click(table.thread.history()[0], label="Rated: off")
    await start(table)
    table.guild.remove_member(cy)
    refused = await ada.slash(table.thread, "table cancel")  # cy can never agree: said at once
    assert refused.ephemeral and "cy left the server and cannot answer" in refused.response.content
    assert "/table handover" in refused.response.content and vote_messages(table) == []
    # A rated game keeps the rule of missed deadlines: leaving the server (or being removed) alone
    # does not let the others vote the seat out.
    handover = await ada.slash(table.thread, "table handover", player=cy.user)
    assert handover.ephemeral and "has missed 0 deadlines" in handover.response.content, handover.response.content
    assert vote_messages(table) == [] and (await table.row()).rated and (await table.row()).status == "running"


async def test_a_member_look_up_that_gets_no_answer_takes_the_player_as_a_member(simcord_env, monkeypatch):
    """Asking Discord whether a player is still in the server is best effort: a connection error
    (no HTTP answer at all) counts them as a member, and the answer is recorded as ever."""
    import aiohttp

    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada, bo, cy = table.players
    await ada.slash(table.thread, "table cancel")
    (vote,) = vote_messages(table)

    async def unreachable(self, user_id):
        raise aiohttp.ClientOSError(104, "Connection reset by peer")

    monkeypatch.setattr(discord.Guild, "fetch_member", unreachable)
    answer = await bo.click(vote, label="Agree")
    texts = [m.content for m in [answer.response, *answer.followups] if m is not None]
    assert any("Still waiting for cy" in (t or "") for t in texts), texts
    assert bo.id in (await table.row()).votes["cancel"]["yes"]


async def test_a_vote_asked_again_once_its_last_player_left_the_server_is_done_and_loses_its_buttons(simcord_env):
    """README: a vote waiting only for players who have left the server is carried out "when it is
    asked again", and its question loses its buttons."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada, bo, cy = table.players
    await ada.slash(table.thread, "table cancel")
    (vote,) = vote_messages(table)
    assert "Still waiting for cy" in (await bo.click(vote, label="Agree")).response.content
    table.guild.remove_member(cy)
    again = await ada.slash(table.thread, "table cancel")
    answered = again.followups[-1].content if again.followups else again.response.content
    assert answered == "Done: nobody still asked refused (the others went away, abandoned or left the server)."
    assert (await table.row()).status == "cancelled"
    assert [labels(m) for m in vote_messages(table)] == [[]]


async def test_a_vote_question_discord_failed_does_not_blame_a_permission_it_does_not_need(simcord_env):
    """Aelderman's board went on without its picture (Attach Files taken away, as README allows);
    a question refused by a Discord fault is not blamed on Attach Files, which a text needs not."""
    simcord_env.check_errors = False
    table = await open_table(simcord_env, "aelderman", ["ada", "bo", "cy"])
    await start(table)
    await simcord_env.bot.get_channel(table.channel.id).set_permissions(simcord_env.bot.user, attach_files=False)
    simcord_env.inject_error("POST", f"/channels/{table.thread.id}/messages", status=500,
                             message="Internal Server Error")
    said = (await table.players[0].slash(table.thread, "table cancel")).response.content
    assert "could not be posted" in said and "Attach Files" not in said, said


async def test_handing_over_a_departed_players_seat_at_a_rated_table_without_deadlines_says_it_unrates(simcord_env):
    """README: a seat handed over by vote makes the game unrated for everyone, "the vote's question
    says so"; at a rated table whose pace is off, a player who left the server may be voted out at
    once, and that question says it too."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    ada, bo, cy = table.players
    await ada.click(table.thread.history()[0], label="Rated: off")
    while (await table.row()).pace != "off":
        await ada.click(table.thread.history()[0], custom_id=pace_button(table))
    await start(table)
    assert (await table.row()).rated
    table.guild.remove_member(cy)
    await ada.slash(table.thread, "table handover", player=cy.user)
    (vote,) = vote_messages(table)
    assert "as cy has left the server (the game is then no longer rated, for anyone)." in vote.content, vote.content
    await bo.click(vote, label="Agree")
    assert not (await table.row()).rated


async def test_a_refused_hand_over_of_a_player_who_left_says_only_that_they_keep_their_seat(simcord_env):
    """No computer plays the seat of a player who only left the server (they are not away): the
    refusal does not say one does until they press I'm back."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada, bo, cy = table.players
    table.guild.remove_member(cy)  # an unrated table: they may be voted out at once
    await bo.slash(table.thread, "table handover", player=cy.user)
    (vote,) = vote_messages(table)
    refused = await ada.click(vote, label="Refuse")
    assert refused.response.content == ("Noted: you refused, so cy keeps their seat; the vote can be asked again "
                                        "with `/table handover`.")
    assert not next(s for s in await table.seats() if s.user_id == cy.id).away
