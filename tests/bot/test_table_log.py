"""/table log: the game's events as the asker may see them, a page at a time, paged with buttons."""

from __future__ import annotations

import pytest

from tests.bot.driver import fix_deal, heuristic_players, open_table, play_to_the_end, play_turn_by_dm, start


async def test_the_log_pages_through_the_game_privately(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    policy = heuristic_players("augsburg1520", 2)
    for _ in range(45):
        assert await play_turn_by_dm(table, policy)
    ada = table.players[0]
    shown = await ada.slash(table.thread, "table log")
    assert shown.ephemeral
    embed = shown.response.embeds[0]
    assert embed.title.endswith(f"table #{table.table_id}: game log")
    assert "ada" in embed.description or "bo" in embed.description  # names, not placeholders
    assert "{p0}" not in embed.description
    footer = embed.footer.text
    assert footer.startswith("Page ") and "hidden until the game ends" in footer
    page, _, pages = footer.split(" · ")[0].removeprefix("Page ").partition(" of ")
    assert int(page) == int(pages) >= 2  # the latest page first, and there are earlier ones
    earlier = await ada.click(shown.response.message, label="◀ Earlier")
    assert earlier.acknowledged
    assert earlier.response.embeds[0].footer.text.startswith(f"Page {int(page) - 1} of {pages}")
    first = await ada.slash(table.thread, "table log", page=1)
    assert first.response.embeds[0].footer.text.startswith(f"Page 1 of {pages}")

    # Someone of another server cannot read it.
    other = simcord_env.create_guild()
    stranger = other.add_member(simcord_env.create_user("eve"))
    refused = await stranger.slash(other.create_text_channel("x"), "table log", table=table.table_id)
    assert refused.ephemeral and "not a table of this server" in refused.response.content
    assert not refused.response.embeds


@pytest.mark.slow
async def test_every_line_of_the_log_is_whole_with_long_names(simcord_env, monkeypatch):
    """Names of 32 characters, shown as typed (twice as long escaped): every page of /table log has
    each of its lines whole, read in order the pages are the whole log, and none is over the limit."""
    from bot.ui.log import log_pages
    from play.common import Caller

    names = ["_*" * 15 + c for c in "ab"]
    fix_deal(monkeypatch, 1)  # a deal whose log has lines over 190 characters with these names
    table = await open_table(simcord_env, "augsburg1520", names)
    await start(table)
    await play_to_the_end(table, heuristic_players("augsburg1520", 2))
    player = table.players[0]
    first = await player.slash(table.thread, "table log", page=1)
    pages = int(first.response.embeds[0].footer.text.split(" · ")[0].rsplit(" ", 1)[-1])
    shown = []
    for page in range(1, pages + 1):
        embed = (await player.slash(table.thread, "table log", page=page)).response.embeds[0]
        assert len(embed.description) <= 4096
        shown += embed.description.splitlines()
    news = await table.bot.service.log(table.table_id, Caller(player.id, table.guild.id))
    info = table.bot.presenter.boards.service_info(news)
    assert shown == [f"`{number:>4}` {info.fill(text)}" for number, text in news.log]
    assert any(len(line) > 190 for line in shown)  # lines the page used to cut
    assert [line for page in log_pages(news, info) for line in page] == shown


async def test_a_log_page_past_the_end_says_so(simcord_env):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    answer = (await table.players[0].slash(table.thread, "table log", page=50)).response
    assert answer.ephemeral and answer.embeds[0].footer.text.startswith("Page 1 of 1")
    assert answer.content == "There is no page 50: the log has 1 page; here is the last."


async def test_ones_own_secret_purchase_is_in_ones_own_log_only(simcord_env, monkeypatch):
    """README: /table log shows "your own secret choices, not the others' until the game ends". In
    Augsburg 1520 which dealt cards a player buys is theirs to know (rulebook: they "place them face
    down in front of" themselves); how many, and for how much, everyone sees."""
    from games.augsburg1520.cards import label

    fix_deal(monkeypatch, 3)
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    policy = heuristic_players("augsburg1520", 2)
    while (state := await table.state()).phase == "buy":
        assert await play_turn_by_dm(table, policy)
    ada, bo = table.players
    for player, other in ((ada, bo), (bo, ada)):
        lines = (await player.slash(table.thread, "table log", page=1)).response.embeds[0].description.splitlines()
        counted = next(line for line in lines if f"{player.user.name} buys " in line and " guilders" in line)
        (own,) = [line for line in lines if f"{player.user.name} buys " in line and " guilders" not in line]
        cards = own.split(" buys ", 1)[1].rstrip(".").split(", ")
        assert f"buys {len(cards)} of " in counted  # the same purchase the public line counts
        hand = {label(card) for card in state.hands[await table.seat_of(player)]}
        assert set(cards) <= hand, (cards, hand)
        assert not [line for line in lines if f"{other.user.name} buys " in line and " guilders" not in line]
