"""A player whose DMs are closed is told in the thread that they are the last to choose. A take-back
that makes another player choose again makes that untrue: the notice is taken down (README,
Reliability: only after a crash is such a notice left as it was), and when the others have chosen
again the thread holds one notice, not two."""

from __future__ import annotations

from games import registry
from play.results import seat_choices
from tests.bot.driver import choose, heuristic_players, labels, panel_message
from tests.bot.test_closed_dms import table_with_closed_dms

SPEC = registry.get("augsburg1520")
TAKE_BACK = "↩ Take back"


async def finish_choosing(table, player, seat, policy) -> None:
    while seat in SPEC.to_act(state := await table.state()):
        row = next(s for s in await table.seats() if s.seat == seat)
        await choose(player, await panel_message(table, player, row), seat_choices(SPEC, state, seat).index(
            policy(state, seat)))


def notices(table) -> list:
    return [m for m in table.thread.history() if "last to choose" in (m.content or "")]


async def test_a_take_back_takes_down_the_last_to_choose_notice_in_the_thread(simcord_env):
    table, bo, _ = await table_with_closed_dms(simcord_env)
    ada = table.players[0]
    seat = await table.seat_of(ada)
    policy = heuristic_players("augsburg1520", 2)
    await finish_choosing(table, ada, seat, policy)  # the opening purchase: bo is the last to choose
    assert len(notices(table)) == 1 and notices(table)[0].content.startswith(f"<@{bo.id}>")

    panel = next(m for m in reversed(ada.user.dm_channel.history()) if TAKE_BACK in labels(m))
    assert (await ada.user.click(panel, label=TAKE_BACK)).acknowledged
    assert seat in SPEC.to_act(await table.state())  # ada chooses again: bo is not the last any more
    assert not notices(table)

    await finish_choosing(table, ada, seat, policy)
    assert len(notices(table)) == 1  # told again, once


async def test_restarts_do_not_mention_the_last_to_choose_again_and_its_my_hand_works(simcord_env, settings):
    """README: a player whose DMs are closed is mentioned "whenever it is their move, once: a restart
    does not mention them again for the same decision". The notice carries its own **My hand**,
    marked with the decision, by which a start sees they were told; it opens their hand."""
    from bot import create_bot

    table, bo, _ = await table_with_closed_dms(simcord_env)
    ada = table.players[0]
    await finish_choosing(table, ada, await table.seat_of(ada), heuristic_players("augsburg1520", 2))
    assert len(notices(table)) == 1
    for _ in range(2):
        await simcord_env.advance_time(3600)
        await simcord_env.restart_bot(create_bot(settings))
    (notice,) = notices(table)
    hand = await bo.click(notice, label="My hand")
    assert hand.ephemeral and hand.response.embeds, "the notice's My hand opens bo's hand"


async def test_dms_closed_mid_game_the_last_to_choose_is_mentioned_once_across_restarts(simcord_env, settings):
    """The same promise for a player whose DMs close after the start: that they are closed is
    stored with the table's next write, so the restarts below (before any) must find the
    thread's mention itself rather than trust the stored value."""
    from bot import create_bot
    from tests.bot.driver import open_table, start
    from tests.bot.test_closed_dms import close_dms

    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    ada, bo, cy = table.players
    close_dms(simcord_env, bo)
    policy = heuristic_players("augsburg1520", 3)
    for player in (ada, cy):  # the opening purchase: bo is the last to choose
        await finish_choosing(table, player, await table.seat_of(player), policy)
    assert len(notices(table)) == 1 and notices(table)[0].content.startswith(f"<@{bo.id}>")
    for _ in range(3):
        await simcord_env.restart_bot(create_bot(settings))
    assert len(notices(table)) == 1, [m.content[:60] for m in notices(table)]
