"""Turning an interaction into a play/ request (who asks, from where) and answering it privately,
always within Discord's limits."""

from __future__ import annotations

import asyncio
import functools
import logging
import re
from typing import Any, Awaitable, Callable, Coroutine

import aiohttp
import discord

from bot.render.base import shown_name, visible_name
from play.common import Caller, TableError

log = logging.getLogger(__name__)

CONTENT_LIMIT = 2000


def can_manage(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction, "permissions", None)
    return bool(interaction.guild_id and perms and (perms.manage_guild or perms.administrator))


def name_of(user: discord.abc.User) -> str:
    """What the bot calls a person: their display name in the server, or when that shows nothing
    (only spaces or invisible characters) their global display name, or else their username."""
    return visible_name(user.display_name, getattr(user, "global_name", None), user.name)


def caller_of(interaction: discord.Interaction, organiser_role: str = "") -> Caller:
    """The requester, the server the request comes from (None in a DM) and their permissions there."""
    manage = can_manage(interaction)
    roles = getattr(interaction.user, "roles", None) or []
    organiser = manage or bool(organiser_role and any(role.name == organiser_role for role in roles))
    return Caller(user_id=interaction.user.id, guild_id=interaction.guild_id, name=name_of(interaction.user),
                  can_manage=manage, organiser=organiser, sees_channel=channel_viewer(interaction),
                  pressed_in=interaction.channel_id if interaction.message is not None else None)


def channel_viewer(interaction: discord.Interaction) -> Callable[[int], bool] | None:
    """Whether the requester may view a channel of the server the request comes from (a channel
    the bot does not know, say deleted, counts as seen)."""
    guild, member = interaction.guild, interaction.user
    if guild is None or not isinstance(member, discord.Member):
        return None

    def sees(channel_id: int) -> bool:
        channel = guild.get_channel(channel_id)
        return channel is None or channel.permissions_for(member).view_channel

    return sees


def history_hidden(channel: Any) -> bool:
    """Whether the bot may not read this server channel's history (no Read Message History): Discord
    then answers a history request with no messages, not an error, so "not found there" means
    nothing: whoever looks for an earlier message must take it as "cannot tell"."""
    guild = getattr(channel, "guild", None)
    me = getattr(guild, "me", None)
    if me is None or not hasattr(channel, "permissions_for"):
        return False
    return not channel.permissions_for(me).read_message_history


async def safely(what: str, call: Awaitable[Any]) -> Any:
    """Await one Discord call that follows a stored change; a failure is logged, not raised."""
    try:
        return await call
    except discord.HTTPException as exc:
        log.warning("%s failed: %s %s", what, exc.status, exc.text or exc)
    except TableError as exc:  # refused, not a fault (a table found damaged has been logged as such)
        log.info("%s not done: %s", what, exc)
    except Exception:  # a bug in one step must not stop the next ones
        log.exception("%s failed", what)
    return None


async def defer(interaction: discord.Interaction) -> None:
    """Tell Discord the answer comes later (work that takes more than its 3 seconds). If Discord
    refuses (the interaction expired), the work is still done: it is what was asked, and stored
    work is shown in the thread; only the private answer is lost."""
    try:
        await interaction.response.defer(ephemeral=True, thinking=True)
    except discord.HTTPException as exc:
        log.info("could not defer an answer (%s %s); doing the work all the same", exc.status, exc)


def pieces(text: str | None, limit: int = CONTENT_LIMIT) -> list[str | None]:
    """Text in messages within a Discord limit, each cut after a line, a list item (", ") or a word
    past the middle of the limit: a long list of names is told whole, none of them cut."""
    if text is None or len(text) <= limit:
        return [text]
    found: list[str | None] = []
    while len(text) > limit:
        cut, sep = next(((at, sep) for sep in ("\n", ", ", " ")
                         if (at := text.rfind(sep, 0, limit - 1)) > limit // 2), (limit, ""))
        found.append(text[:cut] + sep.strip())
        text = text[cut + len(sep):]
    return [*found, text]


async def reply(interaction: discord.Interaction, content: str | None = None, **kwargs: Any) -> bool:
    """Answer ephemerally, whether or not the interaction was already answered. A text over
    Discord's limit goes in several messages (embeds and controls with the last), so an answer is
    never refused for its length. An answer Discord refuses (the interaction expired, Discord
    failing) is logged and False is returned: what the request stored is carried out all the same
    (the board, the panels, the thread follow)."""
    kwargs.setdefault("ephemeral", True)
    if kwargs.get("view", ...) is None:
        del kwargs["view"]  # a message without controls
    *first, last = pieces(content)
    try:
        for text in first:
            await _send(interaction, text, ephemeral=kwargs["ephemeral"])
        await _send(interaction, last, **kwargs)
    except discord.HTTPException as exc:
        # 400: an answer Discord cannot take is the bot's own mistake, logged as one.
        log.log(logging.ERROR if exc.status == 400 else logging.WARNING,
                "the answer to %s's request (%s) failed (%s); what it changed is carried out anyway",
                interaction.user.id, request_of(interaction), exc)
        return False
    return True


def request_of(interaction: discord.Interaction) -> str:
    """What was asked, as a log line names it: a command, or a control's kind (and action) and its
    table or tournament ("act of table 4", "lobby join of table 4"; a panel's token stays out)."""
    command = getattr(interaction, "command", None)
    if command is not None:
        return f"/{command.qualified_name}"
    data = interaction.data if isinstance(interaction.data, dict) else {}
    parts = str(data.get("custom_id") or "").split(":")
    number = next((part for part in parts[1:3] if part.isdigit()), None)
    action = parts[1] if len(parts) > 2 and parts[1].isalpha() else ""
    what = f"{parts[0]} {action}".strip()
    owner = "tournament" if parts[0] == "tourney" else "table"
    return f"{what} of {owner} {number}" if number else (what or "a request")


async def _send(interaction: discord.Interaction, content: str | None, **kwargs: Any) -> None:
    if interaction.response.is_done():
        await interaction.followup.send(content, **kwargs)
    else:
        await interaction.response.send_message(content, **kwargs)


def private_panel(message: discord.Message | None) -> bool:
    """Whether a control was pressed on a private panel (a DM or an ephemeral "My hand"), which
    its answer replaces in place; never a public message such as the board."""
    return message is not None and (message.guild is None or message.flags.ephemeral)


def panel_of_table(message: discord.Message | None, table_id: int) -> bool:
    """Whether a control of the table was pressed on a private panel of that table, which its answer
    replaces in place: not on the board, nor on a DM panel whose words name another table (a control
    forged onto it). A panel's heading names its table, "... (table #4)"."""
    if not private_panel(message):
        return False
    words = (message.content or "") if message is not None else ""
    return not dm_panel_pressed(message) or "(table #" not in words or f"(table #{table_id})" in words


def dm_panel_pressed(message: discord.Message | None) -> bool:
    """Whether a control was pressed on a message of the DM channel itself: not on an ephemeral
    answer shown there (which Discord lets no one edit later, so it is never a seat's DM panel)."""
    return message is not None and message.guild is None and not message.flags.ephemeral


def thread_failure(exc: discord.HTTPException) -> str:
    """Why a table could not be opened in a channel: the permissions the bot needs there when
    Discord refused them, else that Discord failed (the permissions were checked before)."""
    if isinstance(exc, discord.Forbidden):
        return (f"I could not open a thread for the table here, or post its lobby in it ({exc.text or exc.status}). "
                "I need the permissions Create Public Threads and Send Messages in Threads in this channel.")
    return (f"Discord failed while I opened the table's thread and lobby ({exc.status} {exc.text or ''}".rstrip()
            + "), so no table was opened. Try again in a moment.")


def embed_batches(embeds: list[discord.Embed], *, count: int = 10, size: int = 6000) -> list[list[discord.Embed]]:
    """Embeds grouped into messages: at most `count` embeds and `size` characters in each."""
    batches: list[list[discord.Embed]] = [[]]
    total = 0
    for embed in embeds:
        if batches[-1] and (len(batches[-1]) >= count or total + len(embed) > size):
            batches.append([])
            total = 0
        batches[-1].append(embed)
        total += len(embed)
    return batches


def custom_ids(message: discord.Message | None) -> list[str]:
    """The custom_ids of a message's controls, in rows or at the top ("" for a link button)."""
    return [getattr(child, "custom_id", None) or "" for component in (message.components if message else [])
            for child in getattr(component, "children", (component,))]


# A name stands in a refusal as a word of its own (after a space or an opening mark, before a space
# or a punctuation mark): a name like "*" is not looked for inside the refusal's own **bold**.
_BEFORE_NAME = r"(?<![^\s(\"'“‘])"
_AFTER_NAME = r"(?![^\s.,;:!?)\"'’”—])"


def refusal(exc: TableError) -> str:
    """A refusal's text, the players' names in it shown as typed (never as formatting or a mention).
    One pass, longest name first: a name inside another is not escaped twice."""
    names = sorted(set(getattr(exc, "names", ())), key=len, reverse=True)
    if not names:
        return str(exc)
    pattern = f"{_BEFORE_NAME}(?:{'|'.join(map(re.escape, names))}){_AFTER_NAME}"
    return re.sub(pattern, lambda found: shown_name(found[0]), str(exc))


FAULT = ("Something went wrong on the bot's side; it is logged for the bot's operators. Look at the board "
         "or your panel to see where things stand before you try again.")


def answers_faults(cls: Any) -> Any:
    """Class decorator for buttons and menus: a click whose handling fails unexpectedly still gets
    a private answer if it had none (not Discord's "This interaction failed"), and the fault is
    logged with its traceback."""
    inner = cls.callback

    @functools.wraps(inner)
    async def callback(self: Any, interaction: discord.Interaction) -> None:
        await answering_faults(interaction, inner(self, interaction))

    cls.callback = callback
    return cls


async def answering_faults(interaction: discord.Interaction, handling: Coroutine[Any, Any, Any]) -> None:
    """Await `handling` of `interaction`; if it fails unexpectedly, log it and answer privately if
    it had no answer yet. Logged here rather than by discord.py, whose line shows the control with
    its label, and a label may be a secret choice ("Accept 3 thalers"): the log may be read by
    others than the players. The control is named by its kind and table only."""
    try:
        await handling
    except Exception:
        control = ":".join(str((interaction.data or {}).get("custom_id", "")).split(":")[:2]) or "a control"
        log.exception("handling a press of %s failed", control)
        try:
            await answer_fault(interaction)
        except Exception:  # Discord failing too: logged here as well, not by discord.py with the label
            log.exception("the private answer to a failed press of %s failed too", control)


async def answer_fault(interaction: discord.Interaction) -> None:
    """FAULT, privately, to an interaction not answered yet or only deferred ("thinking…", whose
    user would otherwise wait for Discord to give up)."""
    deferred = (discord.InteractionResponseType.deferred_channel_message,
                discord.InteractionResponseType.deferred_message_update)
    if not interaction.response.is_done() or interaction.response.type in deferred:
        await reply(interaction, FAULT)


async def left_server(guild: discord.Guild, seats: Any, caller_id: int) -> frozenset[int]:
    """The people of a game who are no longer members of its server, asked of Discord (the bot
    does not follow who joins and leaves). One Discord cannot answer for is taken as a member."""
    gone = set()
    for seat in seats:
        if seat.user_id is None or seat.user_id == caller_id:
            continue
        try:
            await guild.fetch_member(seat.user_id)
        except discord.NotFound:
            gone.add(seat.user_id)
        except (discord.HTTPException, aiohttp.ClientError, OSError, asyncio.TimeoutError) as exc:
            # Also a request with no answer at all (discord.py passes connection errors on).
            log.warning("could not ask Discord whether user %s is still in server %s (%r)", seat.user_id, guild.id, exc)
    return frozenset(gone)
