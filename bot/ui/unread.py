"""Discord calls whose answer the bot does not read.

Discord answers a sent or edited message with the whole message, and discord.py parses that
answer into a `discord.Message`: for a board or a panel with its embeds and controls, the parse
costs about 0.1 ms, and a move makes two or three such calls. The board (edited, posted anew or
retired), the DM panels and the answer that replaces a clicked panel never look at the answer (a
new message needs only its id). These helpers make the request the discord.py method makes, with
the same parameters, rate limits and errors, and skip the parse.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import discord
from discord.http import handle_message_parameters
from discord.utils import MISSING
from discord.webhook.async_ import async_context, interaction_message_response_params


class Sent(NamedTuple):
    id: int
    channel_id: int
    embeds: int = 0  # how many embeds Discord kept (without Embed Links, it drops them when there is text)


def _keep_view(state: Any, view: Any, message_id: int) -> None:
    """What discord.py does after a send or an edit: a view with controls is kept for their clicks."""
    if view and not view.is_finished() and view.is_dispatchable():
        state.store_view(view, message_id)


SUPPRESS_EMBEDS = 1 << 2  # a message flag: a moderator chose "Remove embeds" on it


async def edit_unread(message: discord.PartialMessage, *, view: Any = MISSING, **fields: Any) -> int:
    """`message.edit(**fields, view=view)`; raises what it raises (discord.HTTPException...).
    Returns how many embeds the edited message has (-1: a moderator removed its embeds, which
    Discord then leaves out of it)."""
    state = message._state  # every PartialMessage carries its connection state
    if view is not MISSING:
        state.prevent_view_updates_for(message.id)
    previous = state.allowed_mentions if "content" in fields else None
    with handle_message_parameters(**fields, view=view, previous_allowed_mentions=previous) as params:
        data = await state.http.edit_message(message.channel.id, message.id, params=params)
    _keep_view(state, view, message.id)
    if int(data.get("flags") or 0) & SUPPRESS_EMBEDS:
        return -1
    return len(data.get("embeds") or ())


async def send_unread(channel: Any, *, view: Any = MISSING, **fields: Any) -> Sent:
    """`channel.send(**fields, view=view)`, answering only the new message's id and channel."""
    state = channel._state
    target = await channel._get_channel()  # a DM channel opened on first use
    with handle_message_parameters(**fields, view=view, previous_allowed_mentions=state.allowed_mentions) as params:
        data = await state.http.send_message(target.id, params=params)
    sent = Sent(int(data["id"]), int(data["channel_id"]), len(data.get("embeds") or ()))
    _keep_view(state, view, sent.id)
    return sent


async def replace_clicked(interaction: discord.Interaction, *, view: Any = MISSING, **fields: Any) -> None:
    """`interaction.response.edit_message(**fields, view=view)`: the answer to a click that puts
    `fields` in place of the message clicked. Raises discord.InteractionResponded if answered."""
    response, state = interaction.response, interaction._state
    if response.is_done():
        raise discord.InteractionResponded(interaction)
    message_id = interaction.message.id if interaction.message is not None else None
    if view is not MISSING and message_id is not None:
        state.prevent_view_updates_for(message_id)
    params = interaction_message_response_params(type=discord.InteractionResponseType.message_update.value,
                                                 view=view, previous_allowed_mentions=state.allowed_mentions,
                                                 **fields)
    await async_context.get().create_interaction_response(
        interaction.id, interaction.token, session=interaction._session, proxy=state.http.proxy,
        proxy_auth=state.http.proxy_auth, params=params)
    response._response_type = discord.InteractionResponseType.message_update
    if message_id is not None:
        _keep_view(state, view, message_id)
