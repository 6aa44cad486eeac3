"""README (backups and upgrades): `/table export` and `verify` replay a game's earlier moves under
the new rules too, "a game whose moves the new rules read otherwise no longer verifies". Such a
game's record is still given (and `verify` says where it stops), and its log goes as far as the
new rules replay it, instead of both failing with the bot's generic error."""

from __future__ import annotations

import json

import discord

from bot import create_bot
from games import RuleError, registry
from play.record import UNREPLAYABLE, replay
from tests.bot.driver import heuristic_players, open_table, play_turn_by_dm, start
from tests.bot.tournament_driver import answer


def rules_changed(monkeypatch, refused: int) -> dict[str, int]:
    """From now on, the `refused`-th action applied (counted from when "count" is set back to 0,
    before each replay) is read otherwise."""
    spec = registry.get("augsburg1520")
    original, applied = spec.apply, {"count": 0}

    def new_rules(state, seat, action):
        applied["count"] += 1
        if applied["count"] == refused:
            raise RuleError("That is not a valid move under the new rules.")
        return original(state, seat, action)

    monkeypatch.setattr(spec, "apply", new_rules)
    return applied


async def test_a_game_the_new_rules_read_otherwise_is_still_exported_and_its_log_shown(simcord_env, monkeypatch):
    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    policy = heuristic_players("augsburg1520", 2)
    for _ in range(8):
        assert await play_turn_by_dm(table, policy)
    mods = table.guild.create_role("mods", permissions=discord.Permissions(manage_guild=True))
    admin = table.guild.add_member(simcord_env.create_user("admin"), roles=[mods])
    counter = rules_changed(monkeypatch, refused=5)

    counter["count"] = 0
    exported = await admin.slash(table.thread, "table export")
    (attachment,) = exported.response.attachments
    record = json.loads(simcord_env.backend.cdn.get(attachment.url))
    assert len(record["actions"]) >= 8 and record["actions"][4]["after"] is None
    counter["count"] = 0
    checked = replay(record)
    assert checked.actions == 4 and "action 5 " in checked.problem and "not legal" in checked.problem

    counter["count"] = 0
    shown = await table.players[0].slash(table.thread, "table log")
    text = answer(shown) + "".join(e.description or "" for e in shown.response.embeds)
    assert shown.ephemeral and UNREPLAYABLE in text, text


async def test_a_take_back_at_a_game_the_new_rules_read_otherwise_says_why_it_cannot_be(simcord_env, monkeypatch):
    """Take-backs replay the game too: one that meets an action the new rules refuse says so (and
    what to do), rather than the bot's generic error."""
    from tests.bot.driver import labels

    table = await open_table(simcord_env, "augsburg1520", ["ada", "bo"])
    await start(table)
    policy = heuristic_players("augsburg1520", 2)
    for _ in range(40):
        assert await play_turn_by_dm(table, policy)
        mover = next((p for p in table.players if p.user.dm_channel and "↩ Take back" in labels(
            p.user.dm_channel.history()[-1])), None)
        if mover is not None:
            break
    else:
        raise AssertionError("no action could be taken back")
    version = (await table.row()).version
    counter = rules_changed(monkeypatch, refused=1)
    counter["count"] = 0
    refused = await mover.slash(table.thread, "table undo")
    assert refused.ephemeral and answer(refused) == (
        "This table's record does not replay to its game (the bot's rules were updated during this game), so "
        "nothing can be taken back. Play on from your current panel."), answer(refused)
    assert (await table.row()).version == version


async def test_a_start_after_an_upgrade_that_refuses_a_stored_move_goes_on(simcord_env, settings, monkeypatch):
    """The bot restarted on a version whose rules refuse one of a running game's stored moves: its
    start does not fail on the game (nothing at a start replays it but to tell a last write again,
    which then tells nothing: tests/play/test_record.py), and the game's panel still answers."""
    table = await open_table(simcord_env, "baumeister", ["ada", "bo", "cy"])
    await start(table)
    policy = heuristic_players("baumeister", 3)
    for _ in range(6):
        assert await play_turn_by_dm(table, policy)
    spec = registry.get("baumeister")
    original = spec.apply

    def refuse_the_first(state, seat, action):  # every replay from the start meets it first
        if spec.dump_state(state) == spec.dump_state(first):
            raise RuleError("That is not a valid move under the new rules.")
        return original(state, seat, action)

    row = await table.row()
    first = spec.setup(3, row.seed, row.options)
    monkeypatch.setattr(spec, "apply", refuse_the_first)
    await simcord_env.restart_bot(create_bot(settings))
    shown = await table.players[0].slash(table.thread, "table hand")
    assert shown.ephemeral and shown.response.embeds, answer(shown)
