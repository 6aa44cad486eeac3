"""Panels as an earlier version of the bot sent them: their controls carry the raw table version
(today's carry a panel token, play/results.py panel_token)."""

from __future__ import annotations

import re

from play.results import panel_token
from tests.bot.driver import buttons, table_control

CONTROL = re.compile(r"^(act|pick|amount|undo|amountform):(\d+):(\d+)(.*)$")


async def token_map(table) -> dict[str, str]:
    row = await table.row()
    return {str(panel_token(row, v)): str(v) for v in range(row.version + 3)}


def _rewrite(node, table_id: int, tokens: dict[str, str]) -> int:
    changed = 0
    if isinstance(node, dict):
        cid = node.get("custom_id")
        if isinstance(cid, str):
            m = CONTROL.match(cid)
            if m and m.group(2) == str(table_id) and m.group(3) in tokens:
                node["custom_id"] = f"{m.group(1)}:{m.group(2)}:{tokens[m.group(3)]}{m.group(4)}"
                changed += 1
        for value in node.values():
            changed += _rewrite(value, table_id, tokens)
    elif isinstance(node, list):
        for value in node:
            changed += _rewrite(value, table_id, tokens)
    return changed


async def to_old_form(table) -> int:
    """Every control of this table in the players' DMs and the thread (ephemeral panels too)
    rewritten as the old bot sent it. Returns how many custom ids changed."""
    env, tokens = table.env, await token_map(table)
    channels = [p.user.dm_channel.id for p in table.players if p.user.dm_channel is not None] + [table.thread.id]
    changed = 0
    for cid in channels:
        for message in env.backend.messages.get(cid, {}).values():
            changed += _rewrite(message.components, table.table_id, tokens)
    return changed


def old_id(custom_id: str, tokens: dict[str, str]) -> str:
    m = CONTROL.match(custom_id)
    assert m, custom_id
    return f"{m.group(1)}:{m.group(2)}:{tokens[m.group(3)]}{m.group(4)}"


def panels_of(player, table_id: int):
    return [m for m in player.user.dm_channel.history()
            if any(table_control(c, table_id) for c in buttons(m))] if player.user.dm_channel else []


def current_ids(message, row, seat: int) -> bool:
    token = str(panel_token(row, row.prompts[seat][0]))
    return any(table_control(c, row.id) and c.custom_id.split(":")[2] == token for c in buttons(message))
