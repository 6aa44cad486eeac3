"""Forged interactions and before/after snapshots for the reliability tests.

A forged interaction is what a modified client (or a replayed request) can send: a component
click, a select choice or a form answer whose custom_id the bot never put on that message.
SimCord's actors only press components that exist, so these build the interaction through
SimCord's own dispatch, from a message the forger can see.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Sequence

from simcord.actors import _channel_id_of, _dispatch_actor_interaction
from simcord.backend import serializers
from simcord.builders import ChannelHandle, UserHandle
from simcord.enums import ComponentType, InteractionType

EPHEMERAL = 64
# Printed at the end of a run (see conftest.py): forged inputs sent and how they were answered,
# Discord faults injected and games that went on after one.
FIGURES: Counter[str] = Counter()


def _channel(actor: Any, channel_id: int) -> ChannelHandle:
    backend = actor._env.backend
    return ChannelHandle(actor._env, getattr(actor, "guild", None), backend.get_channel(channel_id))


async def forge_component(actor: Any, message: Any, custom_id: str, values: Sequence[str] | None = None,
                          forged: bool = True) -> Any:
    """A click on `message` (a button, or a select menu when `values` is given) carrying `custom_id`.
    `forged` False: a real control of the message, sent this way only to reach the bot together
    with other clicks (SimCord's actors send one at a time); not counted among the forged inputs."""
    env = actor._env
    channel_id = _channel_id_of(message, env, dm_user_id=actor.id if isinstance(actor, UserHandle) else None)
    stored = env.backend.get_message(channel_id, message.id)
    data: dict[str, Any] = {"custom_id": custom_id, "component_type": int(ComponentType.BUTTON)}
    component: dict[str, Any] = {"type": int(ComponentType.BUTTON), "style": 2, "label": "forged",
                                 "custom_id": custom_id}
    if values is not None:
        data.update(component_type=int(ComponentType.STRING_SELECT), values=list(values))
        component = {"type": int(ComponentType.STRING_SELECT), "custom_id": custom_id,
                     "options": [{"label": value or "-", "value": value} for value in values]}
    # The message as the forger shows it: carrying the forged control, so discord.py finds the
    # custom_id on it (as it would on a message the bot really sent).
    FIGURES["forged inputs tried"] += forged
    shown = dict(serializers.message_payload(env.backend, stored))
    shown["components"] = [{"type": int(ComponentType.ACTION_ROW), "components": [component]}]
    return await _dispatch_actor_interaction(actor, InteractionType.MESSAGE_COMPONENT, _channel(actor, channel_id),
                                             data, extra={"message": shown}, source_message_id=stored.id)


async def forge_modal(actor: Any, channel: Any, custom_id: str, fields: dict[str, str]) -> Any:
    """A form answer sent from `channel` with `custom_id` and text inputs `fields`."""
    FIGURES["forged inputs tried"] += 1
    rows = [{"type": 1, "components": [{"type": 4, "custom_id": key, "value": value}]}
            for key, value in fields.items()]
    return await _dispatch_actor_interaction(actor, InteractionType.MODAL_SUBMIT, _channel(actor, channel.id),
                                             {"custom_id": custom_id, "components": rows})


async def stored_rows(bot: Any) -> dict[str, list[tuple]]:
    """Every row of every table of the bot's database, in a stable order."""
    db = bot.store.db
    names = [row[0] for row in await db.fetchall(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
    return {name: sorted((tuple(r) for r in await db.fetchall(f"SELECT * FROM {name}")), key=repr)
            for name in names}


def messages_of(env: Any, channel_ids: Sequence[int]) -> dict[int, list[tuple]]:
    """What the given channels show everyone: each message's id, text, embeds and controls
    (private answers to interactions left out)."""
    backend = env.backend
    return {cid: [(m.id, m.content, repr(m.embeds), repr(m.components), m.edited_timestamp)
                  for m in backend.messages.get(cid, {}).values() if not m.flags & EPHEMERAL]
            for cid in channel_ids}


def guild_channel_ids(env: Any, guild_id: int) -> list[int]:
    """The channels and threads of a server."""
    return sorted(cid for cid, channel in env.backend.channels.items() if channel.guild_id == guild_id)


def private_answer(result: Any) -> str:
    """The text of an ephemeral answer (first response or follow-up); fails if it was public or absent."""
    assert result.acknowledged, "the bot did not answer"
    assert result.ephemeral, "the answer was public"
    messages = [m for m in [result.response, *result.followups] if m is not None]
    assert messages, "the bot answered with no message"
    for message in messages:
        assert message.ephemeral, f"a public message in the answer: {message.content!r}"
    return "\n".join(m.content or "" for m in messages)


def refused(result: Any) -> str:
    """`private_answer` of a forged input, counted as refused."""
    text = private_answer(result)
    FIGURES["forged inputs refused privately"] += 1
    return text
