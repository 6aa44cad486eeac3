"""/leaderboard and /profile with 25+ rated players: ties, players who left, players rated only in
another server; paging at the ends, by someone else, after a restart, after new results."""

from __future__ import annotations

import re

import pytest
from simcord import SetupError

from bot import create_bot
from storage import RatedResult
from tests.bot.driver import labels

GAME = "augsburg1520"
_next_table = iter(range(900_000, 10_000_000))


async def rate(env, guild_id, member, mu, sigma, *, game=GAME, name=None, won=False):
    """One rated result that leaves the member at (mu, sigma) in `game` on server `guild_id`."""
    line = RatedResult(user_id=member.id, display_name=name or member.user.name, place=1 if won else 2, seats=2,
                       won=won, mu_before=25.0, sigma_before=25 / 3, mu_after=mu, sigma_after=sigma)
    assert await env.bot.store.ratings.record_game(guild_id, game, next(_next_table), [line])


def lines_of(message):
    return message.embeds[0].description.splitlines()


def parse(line):
    m = re.match(r"^(\d+)\. \*\*(.+?)\*\*(?: \(<@(\d+)>\))? — (-?[\d.]+) \((\d+) games?, (\d+) won\)$", line)
    assert m, line
    return int(m[1]), m[2], float(m[4])


def footer(message):
    return message.embeds[0].footer.text


async def build(env, players=27):
    a, b = env.create_guild(), env.create_guild()
    ch_a, ch_b = a.create_text_channel("games"), b.create_text_channel("games")
    people = [a.add_member(env.create_user(f"pl{i:02d}")) for i in range(players)]
    # ratings 40 - i; ties: players 3 and 4, and players 9, 10, 11 (across the page cut after 10)
    values = {}
    for i, p in enumerate(people):
        ordinal = 40 - i
        if i == 4:
            ordinal = 40 - 3
        if i in (10, 11):
            ordinal = 40 - 9
        # the same ordinal reached with a different mu and sigma
        sigma = 5.0 if i % 2 else 4.0
        values[p.id] = ordinal
        await rate(env, a.id, p, ordinal + 3 * sigma, sigma)
    # players rated only in server b, far above everyone: must never show in a
    outsiders = [b.add_member(env.create_user(f"out{i}")) for i in range(4)]
    for o in outsiders:
        await rate(env, b.id, o, 200.0, 1.0)
    # someone of a's also plays in b, with another rating there
    if players > 20:
        twin = b.add_member(people[20].user)
        env.twin = twin
        await rate(env, b.id, twin, 300.0, 1.0)
    return a, b, ch_a, ch_b, people, outsiders, values


def expected_places(values):
    order = sorted(values.values(), reverse=True)
    return [1 + sum(o > v for o in order) for v in order]


async def all_pages(member, channel, *, public=False):
    first = await member.slash(channel, "leaderboard", game=GAME, public=public)
    msg = first.response.message
    pages = [msg]
    while "Next ▶" in labels(msg) and not next(b for b in msg.components[0].children if b.label == "Next ▶").disabled:
        msg = (await member.click(msg, label="Next ▶")).response.message
        pages.append(msg)
    return first, pages


async def test_leaderboard_pages_of_this_server_only_with_shared_places(simcord_env):
    env = simcord_env
    a, b, ch_a, ch_b, people, outsiders, values = await build(env)
    first, pages = await all_pages(people[5], ch_a)
    assert first.response.ephemeral
    assert len(pages) == 3
    assert [footer(p).split(" · ")[:2] for p in pages] == [[f"Page {n} of 3", "27 rated players"] for n in (1, 2, 3)]
    shown = [parse(line) for p in pages for line in lines_of(p)]
    assert [len(lines_of(p)) for p in pages] == [10, 10, 7]
    assert [s[0] for s in shown] == expected_places(values)
    assert {s[1] for s in shown} == {p.user.name for p in people}
    for o in outsiders:
        assert all(o.user.name not in "\n".join(lines_of(p)) for p in pages)
    # the same user's rating of the other server is not shown
    assert max(s[2] for s in shown) == 40.0
    # ends: Previous disabled on the first page, Next on the last
    def disabled(msg, label):
        return next(c for c in msg.components[0].children if c.label == label).disabled
    assert disabled(pages[0], "◀ Previous") and not disabled(pages[0], "Next ▶")
    assert disabled(pages[-1], "Next ▶") and not disabled(pages[-1], "◀ Previous")
    with pytest.raises(SetupError):
        await people[5].click(pages[-1], label="Next ▶")
    # the other server sees only its own five
    _, pages_b = await all_pages(outsiders[0], ch_b)
    assert len(pages_b) == 1 and len(lines_of(pages_b[0])) == 5
    # profiles agree with the leaderboard
    for person in people:
        place = next(s[0] for s in shown if s[1] == person.user.name)
        prof = await people[0].slash(ch_a, "profile", user=person)
        field = prof.response.embeds[0].fields[0].value
        assert f"(#{place} on this server)" in field, (person.user.name, place, field)
    prof = await people[20].slash(ch_a, "profile")
    text = str(prof.response.embeds[0].to_dict())
    assert "300" not in text and "297.0" not in text
    # in server b, people[20] is first with 297.0
    prof_b = await env.twin.slash(ch_b, "profile")
    assert "(#1 on this server)" in prof_b.response.embeds[0].fields[0].value


async def test_public_leaderboard_paged_by_another_member_after_restart_and_new_results(simcord_env, settings):
    env = simcord_env
    a, b, ch_a, ch_b, people, outsiders, values = await build(env)
    asker = other = people[0]  # the asker pages their own public leaderboard
    shown = await asker.slash(ch_a, "leaderboard", game=GAME, public=True)
    assert not shown.response.ephemeral
    msg = shown.response.message
    # someone else presses Next on the public message
    pressed = await other.click(msg, label="Next ▶")
    assert pressed.acknowledged
    msg = ch_a.history()[-1] if ch_a.history()[-1].id == msg.id else pressed.response.message
    msg = next(m for m in ch_a.history() if m.id == shown.response.message.id)
    assert footer(msg).startswith("Page 2 of 3")
    # the bot restarts; the buttons keep working
    await env.restart_bot(create_bot(settings))
    pressed = await other.click(msg, label="Next ▶")
    assert pressed.acknowledged
    msg = next(m for m in ch_a.history() if m.id == shown.response.message.id)
    assert footer(msg).startswith("Page 3 of 3")
    # new results: the last player jumps to the top, three new players come in
    await rate(env, a.id, people[26], 100.0, 1.0)
    newcomers = [a.add_member(env.create_user(f"new{i}")) for i in range(4)]
    for n in newcomers:
        await rate(env, a.id, n, 5.0, 5.0)  # ordinal -10: bottom
    pressed = await other.click(msg, label="◀ Previous")
    msg = next(m for m in ch_a.history() if m.id == shown.response.message.id)
    assert footer(msg).startswith("Page 2 of 4 · 31 rated players")
    pressed = await asker.click(msg, label="◀ Previous")
    msg = next(m for m in ch_a.history() if m.id == shown.response.message.id)
    assert footer(msg).startswith("Page 1 of 4")
    assert parse(lines_of(msg)[0])[:2] == (1, "pl26")
    # the last page: the four newcomers tied
    _, pages = await all_pages(asker, ch_a)
    tail = [parse(line)[0] for line in lines_of(pages[-2])[-3:] + lines_of(pages[-1])]
    assert tail == [28, 28, 28, 28]


async def test_players_who_left_stay_on_the_leaderboard(simcord_env):
    env = simcord_env
    a, b, ch_a, ch_b, people, outsiders, values = await build(env)
    a.remove_member(people[0])
    a.remove_member(people[15])
    await env.settle()
    _, pages = await all_pages(people[1], ch_a)
    names = [parse(line)[1] for p in pages for line in lines_of(p)]
    assert "pl00" in names and "pl15" in names and len(names) == 27
    prof = await people[1].slash(ch_a, "profile", user=people[0].user)
    assert "(#1 on this server)" in prof.response.embeds[0].fields[0].value


async def test_profile_of_a_user_in_several_games_and_servers(simcord_env):
    env = simcord_env
    a, b, ch_a, ch_b, people, outsiders, values = await build(env, players=5)
    ada = people[0]
    await rate(env, a.id, ada, 30.0, 5.0, game="baumeister", won=True)
    await rate(env, a.id, ada, 31.0, 5.0, game="baumeister", won=True)
    await rate(env, a.id, ada, 20.0, 4.0, game="aelderman")
    await rate(env, b.id, b.add_member(ada.user), 50.0, 2.0, game="aelderman")
    nobody = a.add_member(env.create_user("nobody"))
    prof = await nobody.slash(ch_a, "profile", user=ada)
    embed = prof.response.embeds[0]
    assert prof.response.ephemeral
    fields = {f.name: f.value for f in embed.fields}
    assert fields["Wettstreit der Baumeister"].startswith("Rating **16.0** (#1 on this server) · 2 games · 2 won")
    assert fields["Aelderman"].startswith("Rating **8.0** (#1 on this server) · 1 game · 0 won")
    assert "Augsburg 1520" in fields
    recent = fields["Recent rated games"].splitlines()
    assert len(recent) == 4 and "44.0" not in fields["Recent rated games"]
    own = await nobody.slash(ch_a, "profile", public=True)
    assert not own.response.ephemeral
    assert "No rated games yet" in str(own.response.embeds[0].to_dict())


async def test_another_members_press_on_a_public_leaderboard_is_answered_privately(simcord_env):
    """README: "Answers to commands and buttons are private (only the one who used them sees them;
    /rules, /leaderboard and /profile show in the channel with public:true)". Bo presses Next on
    the leaderboard Ada posted publicly: the page Bo asked for should be Bo's answer, not a change
    of the public message under everyone reading it (anyone could flip it back and forth)."""
    env = simcord_env
    a, b, ch_a, ch_b, people, outsiders, values = await build(env)
    ada, bo = people[0], people[1]
    posted = await ada.slash(ch_a, "leaderboard", game=GAME, public=True)
    message_id = posted.response.message.id
    pressed = await bo.click(posted.response.message, label="Next ▶")
    public = next(m for m in ch_a.history() if m.id == message_id)
    assert footer(public).startswith("Page 1 of 3"), footer(public)
    assert pressed.response.ephemeral and footer(pressed.response.message).startswith("Page 2 of 3")


async def test_players_shown_with_the_same_rating_share_its_place(simcord_env):
    """README: "Players of equal rating share a place (1, 1, 3)": equal as shown, to one decimal.
    -5.4964 and -5.5095 both read -5.5, so both are second (on /leaderboard and /profile); the
    next is fourth."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    people = [guild.add_member(env.create_user(name)) for name in ("top", "u1", "u2", "low")]
    for person, ordinal in zip(people, (3.0, -5.4964, -5.5095, -7.0)):
        await rate(env, guild.id, person, ordinal + 3 * 5.0, 5.0)
    board = (await people[0].slash(channel, "leaderboard", game=GAME)).response.message
    assert [parse(line)[0::2] for line in lines_of(board)] == [(1, 3.0), (2, -5.5), (2, -5.5), (4, -7.0)]
    for person, place in zip(people, (1, 2, 2, 4)):
        field = (await people[0].slash(channel, "profile", user=person)).response.embeds[0].fields[0].value
        assert f"(#{place} on this server)" in field, (person.user.name, field)
