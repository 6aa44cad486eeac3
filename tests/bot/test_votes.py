"""Votes of the players: the creator may cancel a running casual game when every other seated
player agrees; a seat whose player keeps missing deadlines goes to a computer player for good when
every other seated player agrees. One refusal ends a vote."""

from __future__ import annotations

import discord
import pytest

from tests.bot.driver import Table, buttons, fix_deal, heuristic_players, labels, open_table, play_to_the_end, start
from tests.reliability.forge import forge_component


def vote_messages(table) -> list:
    return [m for m in table.thread.history() if "agree?" in (m.content or "")]


async def test_the_creator_cancels_a_running_game_when_everyone_agrees(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada, bo, cy = table.players
    asked = await ada.slash(table.thread, "table cancel")
    assert asked.ephemeral and "asked in the thread" in asked.response.content
    (vote,) = vote_messages(table)
    assert "ada asks to cancel this game." in vote.content and bo.mention in vote.content and cy.mention in vote.content
    assert labels(vote) == ["Agree", "Refuse"]
    asker = await ada.click(vote, label="Agree")
    assert asker.ephemeral and "it counts you as agreeing" in asker.response.content
    first = await bo.click(vote, label="Agree")
    assert first.ephemeral and "Still waiting for cy" in first.response.content
    refused = await cy.click(vote, label="Refuse")
    assert refused.ephemeral and refused.response.content == "Noted: you refused, so the game goes on."
    assert "cy refused: the game goes on." in table.thread.last_message.content
    assert (await table.row()).status == "running"

    again = await ada.slash(table.thread, "table cancel")
    assert "asked in the thread" in again.response.content, again.response.content
    vote = vote_messages(table)[-1]
    assert labels(vote) == ["Agree", "Refuse"], vote.content
    await bo.click(vote, label="Agree")
    last = await cy.click(vote, label="Agree")
    assert last.response.content == "Noted: everyone agreed, so it is done."
    assert (await table.row()).status == "cancelled"
    assert "Everyone agreed: table #" in table.thread.last_message.content
    assert not labels(next(m for m in table.thread.history() if m.id == vote.id))  # the vote is over


async def test_a_seat_that_keeps_missing_deadlines_is_handed_over_when_the_others_agree(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada, bo, cy = table.players
    early = await bo.slash(table.thread, "table handover", player=cy)
    assert early.ephemeral and "missed 0 deadlines" in early.response.content
    seat = await table.seat_of(cy)
    await table.bot.store.tables.update_seat(table.table_id, seat, missed=2, away=True)
    await bo.slash(table.thread, "table handover", player=cy)
    (vote,) = vote_messages(table)
    assert ada.mention in vote.content and cy.mention not in vote.content  # cy has no say
    await ada.click(vote, label="Agree")
    row = next(s for s in await table.seats() if s.user_id == cy.id)
    assert row.ai == "heuristic" and not row.forfeited
    assert any("a computer player plays cy's seat for the rest of the game" in (m.content or "")
               for m in table.thread.history())


async def test_the_creator_sets_after_how_many_missed_deadlines_a_seat_may_be_voted_out(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    ada, bo, cy = table.players
    lobby = table.thread.history()[0]
    assert "Vote out after: 2 missed" in labels(lobby)
    refused = await bo.click(lobby, label="Vote out after: 2 missed")
    assert refused.ephemeral and "Only the table's creator" in refused.response.content
    answer = await ada.click(lobby, label="Vote out after: 2 missed")
    assert "after 3 missed deadlines" in answer.response.content
    assert "Vote out after: 3 missed" in labels(table.thread.history()[0])
    await start(table)
    await table.bot.store.tables.update_seat(table.table_id, await table.seat_of(cy), missed=2, away=True)
    early = await bo.slash(table.thread, "table handover", player=cy)
    assert early.ephemeral and "after 3" in early.response.content
    assert not vote_messages(table)


async def test_a_vote_whose_question_failed_to_post_is_asked_again(simcord_env):
    """The vote is stored before its question is posted: when Discord refuses the post, the asker
    is told so, and asking again posts the question of the open vote (its answers so far kept)."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada, bo, cy = table.players
    simcord_env.inject_error("POST", f"/channels/{table.thread.id}/messages", status=500,
                             message="Internal Server Error")
    failed = await ada.slash(table.thread, "table cancel")
    assert failed.ephemeral and "could not be posted" in failed.response.content
    assert not vote_messages(table) and "cancel" in (await table.row()).votes

    again = await ada.slash(table.thread, "table cancel")
    assert again.ephemeral and "asked again" in again.response.content
    (vote,) = vote_messages(table)
    assert "ada asks to cancel this game." in vote.content and labels(vote) == ["Agree", "Refuse"]
    await bo.click(vote, label="Agree")
    once_more = await ada.slash(table.thread, "table cancel")
    assert "waiting for cy" in once_more.response.content
    latest = vote_messages(table)[-1]
    assert cy.mention in latest.content and bo.mention not in latest.content  # bo has agreed already
    await cy.click(latest, label="Agree")
    assert (await table.row()).status == "cancelled"


async def test_a_vote_question_the_bot_may_not_post_names_the_permission_to_grant(simcord_env):
    """A question refused because a permission was taken away mid-game says which one, so the
    asker knows what a server admin must grant before asking again."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    await simcord_env.bot.get_channel(table.channel.id).set_permissions(simcord_env.bot.user,
                                                                        send_messages_in_threads=False)
    refused = await table.players[0].slash(table.thread, "table cancel")
    assert refused.ephemeral, refused.response.content
    assert "missing the permission **Send Messages in Threads**" in refused.response.content
    assert "The vote stays open: run the command again" in refused.response.content
    assert "cancel" in (await table.row()).votes and not vote_messages(table)


async def test_votes_overtaken_by_a_cancel_lose_their_buttons(simcord_env):
    """A manager cancels the game while the creator's cancel vote and a hand-over vote are open:
    both questions lose their buttons (README: a cancelled table's controls go); an answer already
    on its way is told the vote is over."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada, bo, cy = table.players
    await table.bot.store.tables.update_seat(table.table_id, await table.seat_of(cy), missed=2, away=True)
    await ada.slash(table.thread, "table cancel")
    await ada.slash(table.thread, "table handover", player=cy)
    votes = vote_messages(table)
    assert len(votes) == 2 and all(labels(vote) for vote in votes)
    custom_id = next(c.custom_id for row in votes[0].components for c in row.children)
    role = table.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    manager = table.guild.add_member(simcord_env.create_user("mod"), roles=[role])
    await manager.slash(table.thread, "table cancel")
    assert (await table.row()).status == "cancelled"
    assert not [labels(m) for m in table.thread.history() if m.id in {vote.id for vote in votes} and labels(m)]
    late = await forge_component(bo, votes[0], custom_id, forged=False)  # pressed as the cancel came
    assert late.ephemeral and late.response.content == "This vote is over: the game was cancelled."
    assert (await table.row()).status == "cancelled"


@pytest.mark.slow
async def test_a_vote_still_open_when_the_game_ends_loses_its_buttons(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    await table.players[0].slash(table.thread, "table cancel")  # nobody answers it
    (vote,) = vote_messages(table)
    await play_to_the_end(table, heuristic_players("augsburg1520", 3))
    assert (await table.row()).status == "finished"
    assert not labels(next(m for m in table.thread.history() if m.id == vote.id))


async def test_only_players_playing_their_seat_vote_and_a_returned_player_is_not_voted_out(simcord_env):
    """Votes ask the players playing their seat: a seat handed to a computer, or one whose player
    is away, has no say (it could never answer). A hand-over vote ends when its player comes back,
    and a seat handed over for good cannot be handed over again nor be taken back with I'm back."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy", "dee"])
    await start(table)
    ada, bo, cy, dee = table.players
    for player in (cy, dee):  # both missed their deadlines and are away
        await table.bot.store.tables.update_seat(table.table_id, await table.seat_of(player), missed=2, away=True)
    await bo.slash(table.thread, "table handover", player=dee)
    vote = vote_messages(table)[-1]
    assert ada.mention in vote.content and cy.mention not in vote.content and dee.mention not in vote.content
    hand = await dee.slash(table.thread, "table hand")  # dee is back
    assert "Welcome back" in (await dee.click(hand.response.message, label="I'm back")).response.content
    assert not labels(next(m for m in table.thread.history() if m.id == vote.id))  # the question is over
    late = await pressed_anyway(ada, vote, "Agree")  # as its buttons were, by a client that kept them
    assert late.ephemeral and late.response.content == (
        "This vote is over (answered, or its question no longer stands). It can be asked again with "
        "`/table handover`.")
    assert not next(s for s in await table.seats() if s.user_id == dee.id).ai
    refused = await bo.slash(table.thread, "table handover", player=dee)
    assert refused.ephemeral and "is playing their seat" in refused.response.content

    await bo.slash(table.thread, "table handover", player=cy)
    await ada.click(vote_messages(table)[-1], label="Agree")
    await dee.click(vote_messages(table)[-1], label="Agree")
    assert next(s for s in await table.seats() if s.user_id == cy.id).ai == "heuristic"
    again = await bo.slash(table.thread, "table handover", player=cy)
    assert again.ephemeral and again.response.content == (
        "A computer player already plays cy's seat for the rest of this game: there is nothing to vote on.")
    back = await cy.slash(table.thread, "table hand")
    assert "I'm back" not in labels(back.response.message)

    await ada.slash(table.thread, "table cancel")  # cy's seat is the computer's: bo and dee decide
    cancel = vote_messages(table)[-1]
    assert cy.mention not in cancel.content
    await bo.click(cancel, label="Agree")
    await dee.click(cancel, label="Agree")
    assert (await table.row()).status == "cancelled"


async def test_a_rated_game_someone_abandoned_is_not_cancelled_by_a_vote(simcord_env):
    """README: a player who abandons is still rated, ranked last. Were the creator then able to
    cancel alone (nobody left to ask), the abandoner's rated loss would vanish."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    ada, bo = table.players
    await ada.click(table.thread.history()[0], label="Rated: off")
    await start(table)
    assert (await table.row()).rated
    await bo.slash(table.thread, "table abandon")
    refused = await ada.slash(table.thread, "table cancel")
    assert refused.ephemeral and "counts for bo, who abandoned it" in refused.response.content
    assert (await table.row()).status == "running"


async def test_a_hand_over_vote_ends_for_good_when_its_player_comes_back(simcord_env):
    """bo agrees to hand dee's seat over; dee presses I'm back: the vote is over, even if dee lapses
    again later (bo's agreement does not count twice)."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy", "dee"])
    await start(table)
    ada, bo, cy, dee = table.players
    seat = await table.seat_of(dee)
    await table.bot.store.tables.update_seat(table.table_id, seat, missed=2, away=True)
    await ada.slash(table.thread, "table handover", player=dee)
    vote = vote_messages(table)[-1]
    await bo.click(vote, label="Agree")
    hand = await dee.slash(table.thread, "table hand")
    assert "Welcome back" in (await dee.click(hand.response.message, label="I'm back")).response.content
    assert "handover:" + str(seat) not in (await table.row()).votes
    await table.bot.store.tables.update_seat(table.table_id, seat, away=True)  # dee lapses again
    late = await pressed_anyway(cy, vote, "Agree")
    assert late.ephemeral and late.response.content == (
        "This vote is over (answered, or its question no longer stands). It can be asked again with "
        "`/table handover`.")
    assert not next(s for s in await table.seats() if s.user_id == dee.id).ai


async def rated_with_away(env, missed: dict[str, int]):
    """A started rated 3-player table (ada, bo, cy) whose players named in `missed` are away, having
    missed that many deadlines."""
    table = await open_table(env, "augsburg1520", ["ada", "bo", "cy"])
    await table.players[0].click(table.thread.history()[0], label="Rated: off")
    await start(table)
    for player in table.players:
        if player.user.name in missed:
            await table.bot.store.tables.update_seat(table.table_id, await table.seat_of(player),
                                                     missed=missed[player.user.name], away=True)
    return table


async def test_a_rated_game_is_not_cancelled_behind_an_away_or_abandoning_player(simcord_env):
    """Cancelling a rated game needs the away players too (else a creator could wait for a lapse),
    and a vote asked before someone abandons cannot pass after."""
    table = await rated_with_away(simcord_env, {"bo": 1})
    ada, bo, cy = table.players
    await ada.slash(table.thread, "table cancel")
    vote = vote_messages(table)[-1]
    assert bo.mention in vote.content and (await table.row()).status == "running"
    assert "asks to cancel this game (it is rated: cancelled, it counts for nobody)." in vote.content
    await table.bot.store.tables.update_seat(table.table_id, await table.seat_of(bo), away=False)
    await bo.slash(table.thread, "table abandon")
    refused = await cy.click(vote, label="Agree")
    assert refused.ephemeral and "who abandoned it" in refused.response.content
    assert (await table.row()).status == "running"


async def test_a_rated_games_seat_is_not_handed_over_behind_an_away_player(simcord_env):
    """README, `/table handover`: not asked are players away after a missed deadline, "except at a
    rated game, which the hand-over unrates: there they must agree too" (else one player could
    unrate a rated game alone while the others lapse, and then cancel it alone)."""
    table = await rated_with_away(simcord_env, {"bo": 2, "cy": 1})
    ada, bo, cy = table.players
    asked = await ada.slash(table.thread, "table handover", player=bo)
    assert "no other player had to agree" not in (asked.response.content or ""), asked.response.content
    vote = vote_messages(table)[-1]
    assert cy.mention in vote.content and "no longer rated" in vote.content, vote.content
    assert (await table.row()).rated and not next(s for s in await table.seats() if s.user_id == bo.id).ai
    await cy.click(vote, label="Agree")  # cy may answer while away: the hand-over is carried out
    assert next(s for s in await table.seats() if s.user_id == bo.id).ai
    said = [m.content for m in table.thread.history() if "Everyone agreed" in (m.content or "")]
    assert said and said[-1].endswith("for the rest of the game. The game is no longer rated, for anyone."), said


async def test_a_vote_left_waiting_for_nobody_by_a_hand_over_is_carried_out(simcord_env):
    """README: a vote left waiting for nobody "is carried out at that moment, and its question loses
    its buttons"; "players whose seat went to a computer ask and answer no vote". The cancel vote
    waits for bo alone; the others hand bo's seat over: the cancel is carried out then."""
    table = await rated_with_away(simcord_env, {"bo": 2})
    ada, bo, cy = table.players
    await ada.slash(table.thread, "table cancel")
    await cy.click(vote_messages(table)[-1], label="Agree")  # the cancel now waits for bo alone
    await cy.slash(table.thread, "table handover", player=bo)
    handover = vote_messages(table)[-1]
    await ada.click(handover, label="Agree")
    assert (await table.row()).status == "cancelled"
    assert not [m for m in table.thread.history() if m.id in {v.id for v in vote_messages(table)} and labels(m)]


async def test_a_vote_answer_forged_onto_another_message_leaves_its_buttons(simcord_env):
    """Only a vote's own question loses its buttons when the vote is over: an Agree forged onto the
    board or a lobby by someone in the server is refused and strips nothing."""
    from tests.bot.driver import board_message
    from tests.reliability.forge import forge_component, private_answer, stored_rows

    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    lobby_table = await open_table(simcord_env, "baumeister", ["cy", "dee"])
    await start(table)
    eve = table.guild.add_member(simcord_env.create_user("eve"))  # in the server, seated nowhere
    fay = lobby_table.guild.add_member(simcord_env.create_user("fay"))  # the same in the lobby's server
    board, lobby = await board_message(table), lobby_table.thread.history()[0]
    shown = labels(board), labels(lobby)
    rows = await stored_rows(simcord_env.bot)
    private_answer(await forge_component(eve, board, f"vote:{table.table_id}:cancel:yes:1"))
    private_answer(await forge_component(fay, lobby, f"vote:{lobby_table.table_id}:handover-1:no:0"))
    assert await stored_rows(simcord_env.bot) == rows
    assert (labels(await board_message(table)), labels(lobby_table.thread.history()[0])) == shown
    assert "My hand" in shown[0] and "Join" in shown[1]


@pytest.mark.slow  # plays the game to its end
async def test_a_rated_game_made_unrated_by_a_hand_over_vote_says_why_in_its_standings(simcord_env, monkeypatch):
    """README: a computer that replaced an absent player makes the game unrated for everyone "(the
    standings say so, and why ...)"; a seat handed over by a vote is such a replacement."""
    fix_deal(monkeypatch, 3)
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    ada, bo, cy = table.players
    await ada.click(table.thread.history()[0], label="Rated: off")
    await start(table)
    await table.bot.store.tables.update_seat(table.table_id, await table.seat_of(cy), missed=2, away=True)
    await bo.slash(table.thread, "table handover", player=cy)
    await ada.click(vote_messages(table)[-1], label="Agree")
    assert not (await table.row()).rated
    await play_to_the_end(table, heuristic_players("augsburg1520", 3))
    standings = next(m for m in reversed(table.thread.history()) if m.embeds and "standings" in m.embeds[0].title)
    field = next(f for f in standings.embeds[0].fields if f.name == "Rating changes")
    assert field.value == ("None: not rated, as the other players voted an absent player's seat to a computer "
                           "player.")
    assert await table.bot.store.ratings.is_rated(table.table_id) is False
    # A rematch is the game its players asked for: rated, as its lobby was before the vote.
    await ada.click(standings, label="Rematch")
    rematch = await table.bot.store.tables.by_thread(table.channel.threads[-1].id)
    assert rematch.id != table.table_id and rematch.status == "lobby" and rematch.rated


async def test_a_vote_pings_the_players_who_must_answer_even_when_names_are_alike(simcord_env):
    """Players are told apart by who they are, not by their names: with two players called "same",
    a vote's question pings the one who must answer, not the other (the seat voted on, away)."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    asker, absent, other = (guild.add_member(simcord_env.create_user(f"u{n}"), nick=nick)
                            for n, nick in enumerate(["asker", "same", "same"]))
    await asker.slash(channel, "table create", game="augsburg1520")
    thread = channel.threads[-1]
    for player in (absent, other):
        await player.click(thread.history()[0], label="Join")
    table = Table(simcord_env, guild, channel, thread, (await simcord_env.bot.store.tables.by_thread(thread.id)).id,
                  [asker, absent, other])
    await start(table)
    await simcord_env.bot.store.tables.update_seat(table.table_id, 1, missed=2, away=True)
    await asker.slash(thread, "table handover", player=absent)
    (question,) = vote_messages(table)
    assert simcord_env.backend.messages[thread.id][question.id].ping_user_ids == [other.id]
    await other.click(question, label="Refuse")
    await asker.slash(thread, "table cancel")  # the player away has no say in cancelling a casual game
    question = vote_messages(table)[-1]
    assert "asks to cancel" in question.content
    assert simcord_env.backend.messages[thread.id][question.id].ping_user_ids == [other.id]


async def test_a_refusal_shows_the_names_it_gives_as_typed(simcord_env):
    """A refusal naming a player shows the name as typed: its markdown is not applied, its
    mention pings nobody."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "__bo__ @everyone"])
    await start(table)
    ada, bo = table.players
    refused = await ada.slash(table.thread, "table handover", player=bo)
    assert refused.ephemeral
    assert refused.response.content.startswith("\\_\\_bo\\_\\_ @\u200beveryone has missed 0 deadlines")


def pace_button(table) -> str:
    """The custom_id of the lobby's Pace button as the lobby shows it now."""
    return next(c.custom_id for c in buttons(table.thread.history()[0])
                if (getattr(c, "label", None) or "").startswith("Pace"))


async def test_a_table_without_deadlines_offers_no_vote_out(simcord_env):
    """Seats are voted out after missed deadlines; at a table whose pace is off nobody misses one:
    its lobby has no "Vote out after" button and /table handover says why there is no such vote."""
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    ada, bo, cy = table.players
    lobby = table.thread.history()[0]
    assert any(label.startswith("Vote out after") for label in labels(lobby))
    while (await table.row()).pace != "off":
        await ada.click(table.thread.history()[0], custom_id=pace_button(table))
    assert not any(label.startswith("Vote out after") for label in labels(table.thread.history()[0]))
    stale = await forge_component(ada, lobby, f"lobby:handover:{table.table_id}")  # as the lobby showed it before
    assert stale.ephemeral and stale.response.content.startswith("This table has no deadlines (its pace is off)")
    assert (await table.row()).handover_after == 2
    await start(table)
    version = (await table.row()).version
    answer = await bo.slash(table.thread, "table handover", player=cy)
    assert answer.ephemeral
    assert answer.response.content.startswith("This table has no deadlines (its pace is off), so no seat can be "
                                              "voted out unless its player has left the server."), answer.response.content
    row = await table.row()
    assert row.version == version and row.votes == {}


async def test_a_forged_answer_with_another_at_leaves_the_open_question_its_buttons(simcord_env):
    """A member seated nowhere forges an answer to the open vote's own question with another `at`:
    refused, nothing stored, and the question keeps Agree / Refuse for the players who must answer."""
    from tests.reliability.forge import private_answer, stored_rows

    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada = table.players[0]
    eve = table.guild.add_member(simcord_env.create_user("eve"))
    await ada.slash(table.thread, "table cancel")
    (vote,) = vote_messages(table)
    at = (await table.row()).votes["cancel"]["at"]
    rows = await stored_rows(simcord_env.bot)
    forged = await forge_component(eve, vote, f"vote:{table.table_id}:cancel:yes:{(at + 1) % 10**15}")
    assert "This vote is over" in private_answer(forged)
    assert await stored_rows(simcord_env.bot) == rows
    assert labels(next(m for m in table.thread.history() if m.id == vote.id)) == ["Agree", "Refuse"]


async def pressed_anyway(player, question, label: str):
    """A press of a button a vote's question had when it was asked (it has none now)."""
    from tests.reliability.forge import forge_component

    custom_id = next(c.custom_id for row in question.components for c in row.children if c.label == label)
    return await forge_component(player, question, custom_id)


async def test_a_table_cancelled_by_vote_has_no_rematch_not_even_a_forged_one(simcord_env):
    """Its players agreed to stop: no Rematch button, and one forged onto its thread seats nobody."""
    from tests.reliability.forge import private_answer

    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    ada, bo = table.players
    await ada.slash(table.thread, "table cancel")
    await bo.click(next(m for m in reversed(table.thread.history()) if "Agree" in labels(m)), label="Agree")
    assert (await table.row()).status == "cancelled"
    assert not any("Rematch" in labels(m) for m in table.thread.history())
    said = private_answer(await forge_component(ada, table.thread.history()[-1], f"rematch:{table.table_id}"))
    assert said == "This table was cancelled, so it has no rematch. Open a new table with `/table create`.", said
    assert len(await simcord_env.bot.store.db.fetchall("SELECT id FROM game_tables")) == 1
