"""A turn DM's news: everything everyone saw since the player's own last move, not only the move
that made it their turn (with three or more players, the ones in between moved too)."""

from __future__ import annotations

import re

from tests.bot.driver import fix_deal, heuristic_players, open_table, play_turn_by_dm, start


async def test_a_turn_dm_tells_every_move_since_the_players_last(simcord_env, monkeypatch):
    fix_deal(monkeypatch, 11)
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo", "cy"])
    await start(table)
    policy = heuristic_players("augsburg1520", 3)
    names = {s.seat: s.display_name for s in await table.seats()}
    users = {s.seat: next(p for p in table.players if p.id == s.user_id) for s in await table.seats()}
    last_move: dict[int, int] = {}  # seat -> version of its latest move
    seen = {seat: len(users[seat].user.dm_channel.history()) if users[seat].user.dm_channel else 0 for seat in users}
    checked_between = 0
    for _ in range(60):
        assert await play_turn_by_dm(table, policy)
        row = await table.row()
        version, mover = await simcord_env.bot.store.tables.last_action(table.table_id)
        last_move[mover] = version
        lines = {v: [] for v in range(row.version + 1)}
        for v, text in row.recent_events:
            lines[v].append(re.sub(r"\{p(\d)\}", lambda m: names[int(m[1])], text))
        for seat, player in users.items():
            history = player.user.dm_channel.history() if player.user.dm_channel else []
            new, seen[seat] = history[seen[seat]:], len(history)
            turns = [m.content for m in new if m.content.startswith("**Your turn in")]
            if not turns or seat not in last_move or seat == mover:
                continue
            since = last_move[seat]
            earlier = [line for v in range(since + 1, row.version) for line in lines[v]]
            news = turns[-1].split("\n")
            if len(earlier) + len(lines[row.version]) > 8 or news[1].startswith("…"):
                continue  # the panel shows the latest eight (test_panel_news.py)
            # first the moves before this one, as the board's log has them; then this move's
            # lines (among them what only this player may see)
            assert news[1:1 + len(earlier)] == earlier, (since, row.version, turns[-1])
            rest = iter(news[1 + len(earlier):])
            assert all(line in rest for line in lines[row.version]), turns[-1]
            movers_between = {s for s, v in last_move.items() if since < v}
            checked_between += len(movers_between) >= 2
        if checked_between >= 3:
            break
    assert checked_between >= 3, "turns that followed two other players' moves were checked"
