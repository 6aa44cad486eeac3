"""One player at several tables: ada sits at three tables in two servers (and is a member of a third,
where she sits at none); bo shares one table with her, cy another."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tests.bot.driver import Table, labels


@dataclass
class World:
    env: Any
    guild_a: Any
    chan_a: Any
    guild_b: Any
    chan_b: Any
    guild_c: Any
    chan_c: Any
    ada_a: Any  # ada as a member of A
    ada_b: Any
    ada_c: Any
    bo: Any  # bo (A)
    cy: Any  # cy (B)
    t1: Table  # A: augsburg ada + bo
    t2: Table  # A: baumeister ada + 2 computers
    t3: Table  # B: aelderman ada + cy


async def set_pace(table_lobby_thread, creator, pace_label: str) -> None:
    lobby = table_lobby_thread.history()[0]
    for _ in range(10):
        if pace_label in labels(lobby):
            return
        await creator.click(lobby, label=next(l for l in labels(lobby) if l.startswith("Pace")))
        lobby = table_lobby_thread.history()[0]
    raise AssertionError(f"pace {pace_label} not reached")


async def make_table(env, guild, channel, creator, game, others=(), computers=0, pace=None, options=None) -> Table:
    kwargs = {"game": game}
    if options:
        kwargs["options"] = options
    res = await creator.slash(channel, "table create", **kwargs)
    assert res.response is not None
    thread = channel.threads[-1]
    row = await env.bot.store.tables.by_thread(thread.id)
    lobby = thread.history()[0]
    for p in others:
        await p.click(lobby, label="Join")
    for _ in range(computers):
        await creator.click(thread.history()[0], label="Add computer")
    if pace:
        await set_pace(thread, creator, pace)
    return Table(env, guild, channel, thread, row.id, [creator, *others])


async def world(env, *, pace=None, start=True) -> World:
    ga = env.create_guild("Alpha")
    gb = env.create_guild("Beta")
    gc = env.create_guild("Gamma")
    ca, cb, cc = (g.create_text_channel("games") for g in (ga, gb, gc))
    ada_u = env.create_user("ada")
    ada_a, ada_b, ada_c = ga.add_member(ada_u), gb.add_member(ada_u), gc.add_member(ada_u)
    bo = ga.add_member(env.create_user("bo"))
    cy = gb.add_member(env.create_user("cy"))
    t1 = await make_table(env, ga, ca, ada_a, "augsburg1520", [bo], pace=pace)
    t2 = await make_table(env, ga, ca, ada_a, "baumeister", [], computers=2, pace=pace)
    t3 = await make_table(env, gb, cb, ada_b, "aelderman", [cy], pace=pace)
    if start:
        for t in (t1, t2, t3):
            lobby = t.thread.history()[0]
            r = await t.players[0].click(lobby, label="Start")
            assert (await t.row()).status == "running", r.response and r.response.content
    return World(env, ga, ca, gb, cb, gc, cc, ada_a, ada_b, ada_c, bo, cy, t1, t2, t3)


def dms(user_actor) -> list:
    ch = user_actor.user.dm_channel
    return list(ch.history()) if ch is not None else []


def content(m) -> str:
    return m.content or ""


def answer_text(result) -> str:
    r = result.response
    if r is None:
        return ""
    parts = [r.content or ""]
    for e in getattr(r, "embeds", []) or []:
        parts += [e.title or "", e.description or ""] + [f"{f.name} {f.value}" for f in e.fields]
    return "\n".join(parts)
