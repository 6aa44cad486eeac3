"""README (Aelderman board): "...then, where the turn's status would not fit, the majorities so far
(the picture draws them...). The sea map's action cards, which the picture does not draw, give way
last." Four 32-character names that show twice as long once escaped ("<", "_", "*") must not push
the board's own text out to make room for the "Waiting for" line: that line cuts its names."""

from __future__ import annotations

import pytest

from tests.bot.driver import Table, fix_deal, heuristic_players, play_turn_by_dm, start

NAMES = ["<" * 31 + "a", "<" * 31 + "b", "_" * 31 + "c", "*" * 31 + "d"]


async def open_named(env, names: list[str]) -> Table:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(f"user{i}"), nick=name) for i, name in enumerate(names)]
    await players[0].slash(channel, "table create", game="aelderman", options="version=main")
    thread = channel.threads[-1]
    row = await env.bot.store.tables.by_thread(thread.id)
    for player in players[1:]:
        await player.click(thread.history()[0], label="Join")
    return Table(env, guild, channel, thread, row.id, players)


@pytest.mark.slow
async def test_the_sea_maps_cards_stay_whole_beside_a_waiting_line_of_long_escaped_names(simcord_env, monkeypatch):
    import bot.ui.board as board

    cut: list[str] = []
    real = board.within_total

    def watched(embeds, limit, keep_field=None):
        before = [e.description for e in embeds if e.title == "Action cards of the sea map"]
        result = real(embeds, limit, keep_field)
        after = [e.description for e in result if e.title == "Action cards of the sea map"]
        if before != after:
            cut.append(before[0] if before else "")
        return result

    monkeypatch.setattr(board, "within_total", watched)
    fix_deal(monkeypatch, 42)
    table = await open_named(simcord_env, NAMES)
    await start(table)
    policy = heuristic_players("aelderman", 4)
    waiting: list[str] = []
    while not cut and await play_turn_by_dm(table, policy):  # this deal's round 4 Council Hall is fullest
        board_message = next(m for m in reversed(table.thread.history()) if m.embeds and len(m.embeds) > 1)
        waiting += [f.value for e in board_message.embeds for f in e.fields if f.name.startswith("Waiting")]
    assert not cut, "the sea map's action cards were cut to make room"
    assert waiting and max(len(value) for value in waiting) <= 240
