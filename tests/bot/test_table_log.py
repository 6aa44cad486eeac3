"""/table log: the game's events as the asker may see them, a page at a time, paged with buttons."""

from __future__ import annotations

from tests.bot.driver import heuristic_players, open_table, play_turn_by_dm, start


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
