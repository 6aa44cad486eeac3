"""/table list at realistic server scale: 40 lobbies and 30 running games in this server, others
in another server, some finished or cancelled."""

from __future__ import annotations

import re

import pytest

from bot.settings import Settings
from bot.ui.listing import ROOM
from tests.bot.tournament_driver import play_out


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings(token="", database=tmp_path / "bot.sqlite3", decision_timeout=3600,
                    max_open_tables_per_server=500)


NAMES = ["Maximilian von Habsburg", "ada", "Bartholomew_the_great", "**bold**", "zoë", "x_x_x_x_x_x_x_x_x_x",
         "Kunigunde", "li", "Jakob Fugger der Reiche", "<@123>"]


async def new_table(env, guild, channel, creator, game, joiners=(), *, start=False, rated=False) -> int:
    options = {"game": game}
    if rated:
        options["rated"] = True
    result = await creator.slash(channel, "table create", **options)
    assert result.response is not None
    thread = channel.threads[-1]
    lobby = thread.history()[0]
    for p in joiners:
        await p.click(lobby, label="Join")
    if start:
        await creator.click(lobby, label="Start")
    return (await env.bot.store.tables.by_thread(thread.id)).id


def ids_in(text: str) -> list[int]:
    return [int(m) for m in re.findall(r"^\*\*#(\d+)\*\*", text, flags=re.M)]


def section(text: str, title: str) -> str:
    lines = text.splitlines()
    if f"**{title}**" not in lines:
        return ""
    start = lines.index(f"**{title}**") + 1
    out = []
    for line in lines[start:]:
        if line == "" or line.startswith("**") and not line.startswith("**#"):
            break
        out.append(line)
    return "\n".join(out)


@pytest.mark.slow
async def test_table_list_at_server_scale(simcord_env):
    env = simcord_env
    a = env.create_guild()
    b = env.create_guild()
    games_a = a.create_text_channel("games")
    more_a = a.create_text_channel("more-games")
    games_b = b.create_text_channel("games")
    counter = iter(range(10_000))

    def member(guild):
        n = next(counter)
        return guild.add_member(env.create_user(f"u{n}", global_name=f"{NAMES[n % len(NAMES)]}"))

    lobbies_a, running_a, other, closed = [], [], [], []
    for i in range(40):
        # interleave: lobbies, running games, the other server's and closed tables
        channel = games_a if i % 2 else more_a
        game = ("augsburg1520", "baumeister", "aelderman")[i % 3]
        lobbies_a.append(await new_table(env, a, channel, member(a), game, [member(a)] if game != "aelderman" else [],
                                         rated=i % 4 == 0))
        if i < 30:
            joiners = [member(a), member(a)]
            running_a.append(await new_table(env, a, channel, member(a), "baumeister" if i % 2 else "augsburg1520",
                                             joiners, start=True, rated=i % 3 == 0))
        if i % 5 == 0:
            other.append(await new_table(env, b, games_b, member(b), "augsburg1520"))
            other.append(await new_table(env, b, games_b, member(b), "augsburg1520", [member(b)], start=True))
        if i % 10 == 0:
            creator = member(a)
            t = await new_table(env, a, games_a, creator, "augsburg1520", [member(a)])
            await creator.click(games_a.threads[-1].history()[0], label="Cancel")
            closed.append(t)
    # one finished game, the newest of all
    creator = member(a)
    fin = await new_table(env, a, games_a, creator, "augsburg1520", [member(a)], start=True)
    await play_out(env.bot, fin)
    closed.append(fin)
    assert (await env.bot.store.tables.get(fin)).status == "finished"

    asker = member(a)
    result = await asker.slash(games_a, "table list")
    assert result.response.ephemeral
    embed = result.response.embeds[0]
    text = embed.description
    assert len(text) <= 4096 and len(embed) <= 6000
    shown = ids_in(text)
    lob, run = ids_in(section(text, "Open to join")), ids_in(section(text, "Being played"))
    assert not set(shown) & set(other), "another server's tables listed"
    assert not set(shown) & set(closed), "closed tables listed"
    assert lob == sorted(lobbies_a, reverse=True)[:15], (lob, text)
    assert run == sorted(running_a, reverse=True)[:15], (run, text)
    assert text.count("… and more: the newest 15 are listed.") == 2, text
    # nothing of the other server's channels or people
    for ch in [games_b, *games_b.threads]:
        assert str(ch.id) not in text
    # the other server sees only its own
    text_b = (await member(b).slash(games_b, "table list")).response.embeds[0].description
    assert set(ids_in(text_b)) == set(other)


async def bump_table_ids(env, guild, to: int) -> None:
    """A server where the bot has run a while: the next table gets number `to` + 1 (one cancelled
    lobby of another server carries the number `to`)."""
    from storage.db import run
    ch = guild.create_text_channel("elsewhere")
    creator = guild.add_member(env.create_user("old"))
    t = await new_table(env, guild, ch, creator, "augsburg1520")
    await creator.click(ch.threads[-1].history()[0], label="Cancel")
    async with env.bot.store.db.transaction() as conn:
        await run(conn, "DELETE FROM seats WHERE table_id = ?", (t,))
        await run(conn, "UPDATE game_tables SET id = ? WHERE id = ?", (to, t))


@pytest.mark.slow  # over half a second
async def test_a_short_running_section_does_not_cut_the_lobbies_the_answer_holds(simcord_env):
    """README: /table list shows "up to 15 of each, as many whole lines as one answer holds".
    Fifteen full rated Baumeister lobbies (creators with underscores in their names) and two
    running games fit in one answer many times over (about 2,300 of 4,096 characters), yet the
    lobbies are cut to 14 with "... and more" because the first section only ever gets half the
    room, even when the second needs a fraction of its half."""
    env = simcord_env
    a = env.create_guild()
    await bump_table_ids(env, env.create_guild(), 2000)
    ch = a.create_text_channel("games")
    lobbies = []
    for i in range(15):
        creator = a.add_member(env.create_user(f"c{i}", global_name=f"the_one_and_only_{i}"))
        lobbies.append(await new_table(env, a, ch, creator, "baumeister",
                                       [a.add_member(env.create_user(f"j{i}{k}")) for k in range(3)], rated=True))
    running = []
    for i in range(2):
        running.append(await new_table(env, a, ch, a.add_member(env.create_user(f"d{i}")), "augsburg1520",
                                       [a.add_member(env.create_user(f"e{i}"))], start=True))
    asker = a.add_member(env.create_user("asker"))
    text = (await asker.slash(ch, "table list")).response.embeds[0].description
    assert len(text) < 2600, len(text)  # far from the 4,000 the answer may take
    assert ids_in(section(text, "Being played")) == running[::-1]
    assert "… and more" not in text, text
    assert ids_in(section(text, "Open to join")) == lobbies[::-1]


@pytest.mark.slow
async def test_two_overflowing_sections_show_as_many_whole_lines_as_the_answer_holds(simcord_env):
    """README: /table list shows "up to 15 of each, as many whole lines as one answer holds".
    16 rated Augsburg lobbies and 16 rated 5-player Augsburg games (names of 16 letters): both
    sections overflow, and what the first leaves of its share goes to the second."""
    env = simcord_env
    a = env.create_guild()
    await bump_table_ids(env, env.create_guild(), 2000)
    ch = a.create_text_channel("games")
    counter = iter(range(10_000))

    def member():
        n = next(counter)
        return a.add_member(env.create_user(f"u{n}", global_name=f"Kunigunde{n:07d}"))  # 16 letters

    for i in range(16):
        await new_table(env, a, ch, member(), "augsburg1520", rated=True)
    for i in range(16):
        await new_table(env, a, ch, member(), "augsburg1520", [member() for _ in range(4)], start=True, rated=True)
    text = (await member().slash(ch, "table list")).response.embeds[0].description
    lobby_lines = section(text, "Open to join").splitlines()
    game_lines = section(text, "Being played").splitlines()
    shown = [line for line in game_lines if line.startswith("**#")]
    widths = ({len(line) for line in lobby_lines if line.startswith("**#")}, {len(line) for line in shown})
    assert "… and more: the newest" in section(text, "Being played")
    spare = ROOM - len(text)
    assert spare < max(widths[1]) + 1, (
        f"the games are cut at {len(shown)} though one more ({max(widths[1])} characters) fits: the answer "
        f"is {len(text)} of {ROOM} characters; line widths {widths}")
