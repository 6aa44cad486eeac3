"""Lobby requests at the same moment (joins, leaves, a Cancel crossing Start), and the order of a
lobby request's calls to Discord (the answer first)."""

from __future__ import annotations

from tests.bot.driver import labels, open_table
from tests.bot.test_lobby import moderator


def first_call_answers(env, since: int) -> bool:
    """The first call to Discord after `since` answers (or defers) the interaction: the answer's
    3 seconds are not spent waiting on the lobby's edit, a new lobby or a DM."""
    calls = env.http_requests[since:]
    return bool(calls) and calls[0].path.startswith("/interactions/")


async def test_lobby_requests_are_answered_before_the_lobby_is_edited(simcord_env):
    """Each accepted action is stored before the answer; the answer then comes before the lobby's
    edit, the new runner's ping and the welcome DM (Discord drops an answer later than 3 seconds,
    and an edit can wait that long on a rate limit)."""
    env = simcord_env
    table = await open_table(env, "augsburg1520", ["ada", "bo"])
    ada, bo = table.players
    lobby = table.thread.history()[0]
    cy = table.guild.add_member(env.create_user("cy"))
    since = len(env.http_requests)
    assert (await cy.click(lobby, label="Join")).response.content == "You joined the table."
    assert first_call_answers(env, since) and len(env.http_requests) - since >= 3  # answer, lobby, DM
    since = len(env.http_requests)
    await ada.select(lobby, ["true"], custom_id=f"option:{table.table_id}:open_money")
    assert first_call_answers(env, since) and "face up" in str(table.thread.history()[0].embeds[0].to_dict())
    since = len(env.http_requests)
    left = await ada.click(lobby, label="Leave")
    assert "bo now runs its lobby" in left.response.content and first_call_answers(env, since)
    assert any("runs it now" in (m.content or "") for m in table.thread.history())
    await moderator(env, table.guild).delete(next(m for m in table.thread.history() if m.id == lobby.id))
    since = len(env.http_requests)
    said = await bo.slash(table.thread, "table hand")
    assert first_call_answers(env, since) and env.http_requests[since].json["type"] == 5  # deferred
    (shown,) = [m for m in table.thread.history() if "Start" in labels(m)]
    assert str(shown.id) in said.response.content



async def test_joins_at_once_leave_the_lobby_showing_everyone(simcord_env):
    """Several people pressing Join at the same moment are all seated, and the lobby ends up
    showing every one of them (its edits come one at a time, each from the table as it is then,
    so an edit made from an earlier join never lands last)."""
    import asyncio

    from tests.reliability.forge import forge_component

    table = await open_table(simcord_env, "augsburg1520", ["ada"])
    lobby = table.thread.history()[0]
    joiners = [table.guild.add_member(simcord_env.create_user(name)) for name in ("bo", "cy", "dee", "eve")]
    answers = await asyncio.gather(*(forge_component(j, lobby, f"lobby:join:{table.table_id}", forged=False)
                                     for j in joiners))
    assert all(a.response.content.startswith("You joined") for a in answers)
    shown = next(m for m in table.thread.history() if m.id == lobby.id)
    players = next(f for f in shown.embeds[0].fields if f.name.startswith("Players"))
    assert "(5 of 2-5)" in players.name and all(n in players.value for n in ("bo", "cy", "dee", "eve"))
    assert shown.embeds[0].description.startswith("Full") and "Join" not in labels(shown)


async def test_a_deleted_lobby_shown_twice_at_once_is_posted_anew_once(simcord_env):
    """Two requests showing a deleted lobby at the same moment (two players' `/table hand`): it is
    posted anew once, and the second shows the new one."""
    import asyncio

    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await moderator(simcord_env, table.guild).delete(table.thread.history()[0])
    bot = simcord_env.bot
    news = await bot.service.news(table.table_id)
    shown = await asyncio.gather(bot.presenter.refresh_lobby(news), bot.presenter.refresh_lobby(news))
    (lobby,) = [m for m in table.thread.history() if "Start" in labels(m)]
    assert shown == [lobby.id, lobby.id] and (await table.row()).lobby_message_id == lobby.id


async def test_creator_and_next_player_leaving_at_once_ping_the_real_new_runner(simcord_env):
    """ada (creator) and bo press Leave together: cy runs the lobby, and is pinged for it; bo, if
    he ran it for a moment, is told he passed it on."""
    import asyncio

    from tests.reliability.forge import forge_component

    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    ada, bo, cy = table.players
    lobby = table.thread.history()[0]
    custom_id = f"lobby:leave:{table.table_id}"
    left = await asyncio.gather(forge_component(ada, lobby, custom_id, forged=False),
                                forge_component(bo, lobby, custom_id, forged=False))
    assert [s.user_id for s in await table.seats()] == [cy.id] and (await table.row()).creator_id == cy.id
    told = [m.content for m in table.thread.history() if "runs it now" in (m.content or "")]
    assert f"<@{cy.id}> runs it now" in told[-1], told
    # Whoever ran the lobby when their leave was taken is told whom they passed it to (whichever
    # press came first: ada's passes it to bo, bo's to cy; or bo leaves first and ada's goes to cy).
    answers = [r.response.content for r in left]
    assert "now runs its lobby" in answers[0], answers
    assert ("now runs its lobby" in answers[1]) == (told[0] != told[-1]), (answers, told)


async def cancel_crossing_start(env, canceller: int):
    """ada (creator) presses Start while the `canceller`-th player presses Cancel: the Cancel's answer."""
    import asyncio

    from tests.reliability.forge import forge_component

    table = await open_table(env, "augsburg1520", ["ada", "bo"])
    lobby = table.thread.history()[0]
    _, cancelled = await asyncio.gather(
        forge_component(table.players[0], lobby, f"lobby:start:{table.table_id}", forged=False),
        forge_component(table.players[canceller], lobby, f"lobby:cancel:{table.table_id}", forged=False))
    assert (await table.row()).status == "running"  # the start is taken first
    assert cancelled.response.ephemeral
    return cancelled.response.content


async def test_cancel_pressed_with_start_says_the_game_started_first(simcord_env):
    """The creator's Cancel crossed her Start: she is told so, and how a running game is cancelled
    (not a rule text as if she were not its creator)."""
    said = await cancel_crossing_start(simcord_env, 0)
    assert "started just before your cancel" in said and "/table cancel" in said, said


async def test_a_non_creator_cancel_pressed_with_start_is_not_told_to_ask_a_vote(simcord_env):
    """Only the creator may ask the others to cancel a running game (while playing it): a seated
    player whose Cancel crossed the creator's Start is refused as always."""
    said = await cancel_crossing_start(simcord_env, 1)
    assert "started just before" not in said and "cancel" in said.lower(), said
