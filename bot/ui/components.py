"""Buttons and select menus that survive restarts.

Each is a `discord.ui.DynamicItem`: its custom_id carries the table id (and, for game choices,
the seat's prompt version and the choice's index), so a click is understood by any bot process
without remembering the message. The callbacks only forward to the controller. Numbers in a
custom_id have at most 18 digits, so a forged one never holds a number SQL cannot take: it does
not match, and discord.py drops it.
"""

from __future__ import annotations

import re
import unicodedata
from decimal import Decimal, InvalidOperation
from typing import Any

import discord

from bot.ui.requests import answers_faults

LOBBY_ACTIONS = ("join", "leave", "start", "cancel", "addai", "rmai", "rated")


def _controller(interaction: discord.Interaction) -> Any:
    return interaction.client.controller  # type: ignore[attr-defined]


def button_label(item: discord.ui.Item[Any]) -> str:
    """The label of the clicked button. A forged interaction can carry a button's custom_id on a
    select menu, which has none."""
    return getattr(item, "label", None) or "…"


def button_style(item: discord.ui.Item[Any]) -> discord.ButtonStyle:
    return getattr(item, "style", None) or discord.ButtonStyle.secondary


@answers_faults
class LobbyButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"lobby:(?P<action>[a-z]+):(?P<table>[0-9]{1,18})(?::(?P<shown>[0-9]{1,6}))?"):
    """A lobby's button. The creator's controls also carry what the lobby showed them at (see
    play.lobby.creator_controls_shown), so that a double click changes the table once."""

    def __init__(self, action: str, table_id: int, *, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary, shown: int | None = None) -> None:
        custom_id = f"lobby:{action}:{table_id}" + ("" if shown is None else f":{shown}")
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id))
        self.action, self.table_id, self.shown = action, table_id, shown

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: Any) -> "LobbyButton":
        shown = None if match["shown"] is None else int(match["shown"])
        return cls(match["action"], int(match["table"]), label=button_label(item), style=button_style(item),
                   shown=shown)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _controller(interaction).lobby_button(interaction, self.table_id, self.action, self.shown)


@answers_faults
class OptionSelect(discord.ui.DynamicItem[discord.ui.Select],
                   template=r"option:(?P<table>[0-9]{1,18}):(?P<key>[a-z_0-9]+)"):
    def __init__(self, table_id: int, key: str, select: discord.ui.Select | None = None) -> None:
        super().__init__(select or discord.ui.Select(custom_id=f"option:{table_id}:{key}"))
        self.table_id, self.key = table_id, key

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: Any) -> "OptionSelect":
        return cls(int(match["table"]), match["key"], item)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values", [])
        await _controller(interaction).option_select(interaction, self.table_id, self.key, values)


@answers_faults
class HandButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"hand:(?P<table>[0-9]{1,18})(?::(?P<token>[0-9]{1,20}))?"):
    """The board's "My hand" button: opens the player's private panel as an ephemeral message. On
    a turn's mention in the thread it carries the decision's panel token, by which a start knows
    the player was told (see bot/ui/shown.py); the hand it opens is always the current one."""

    def __init__(self, table_id: int, token: int | None = None) -> None:
        custom_id = f"hand:{table_id}" if token is None else f"hand:{table_id}:{token}"
        super().__init__(discord.ui.Button(label="My hand", emoji="🂠", style=discord.ButtonStyle.primary,
                                           custom_id=custom_id))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: Any) -> "HandButton":
        return cls(int(match["table"]), int(match["token"]) if match["token"] else None)

    async def callback(self, interaction: discord.Interaction) -> None:
        await _controller(interaction).show_hand(interaction, self.table_id)


@answers_faults
class ActButton(discord.ui.DynamicItem[discord.ui.Button],
                template=r"act:(?P<table>[0-9]{1,18}):(?P<pv>[0-9]{1,18}):(?P<idx>[0-9]{1,18})"):
    """One game choice. `pv` is the seat's prompt version when the choice was offered."""

    def __init__(self, table_id: int, pv: int, idx: int, *, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.primary) -> None:
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"act:{table_id}:{pv}:{idx}"))
        self.table_id, self.pv, self.idx = table_id, pv, idx

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: Any) -> "ActButton":
        return cls(int(match["table"]), int(match["pv"]), int(match["idx"]),
                   label=button_label(item), style=button_style(item))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _controller(interaction).act(interaction, self.table_id, self.pv, self.idx)


@answers_faults
class ActSelect(discord.ui.DynamicItem[discord.ui.Select],
                template=r"pick:(?P<table>[0-9]{1,18}):(?P<pv>[0-9]{1,18}):(?P<n>[0-9]{1,18})"):
    """A select menu of game choices; each option's value is the choice's index."""

    def __init__(self, table_id: int, pv: int, n: int, select: discord.ui.Select | None = None) -> None:
        super().__init__(select or discord.ui.Select(custom_id=f"pick:{table_id}:{pv}:{n}"))
        self.table_id, self.pv = table_id, pv

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: Any) -> "ActSelect":
        return cls(int(match["table"]), int(match["pv"]), int(match["n"]), item)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values", [])
        picked = str(values[0]) if len(values) == 1 else ""  # a menu of one choice: none or several are refused
        index = int(picked) if re.fullmatch(r"[0-9]{1,6}", picked, re.ASCII) else -1
        await _controller(interaction).act(interaction, self.table_id, self.pv, index)


@answers_faults
class AmountButton(discord.ui.DynamicItem[discord.ui.Button],
                   template=r"amount:(?P<table>[0-9]{1,18}):(?P<pv>[0-9]{1,18})"):
    """Opens a form to type any amount of the decision (a bid or an offer), for the amounts
    the menu has no room for."""

    def __init__(self, table_id: int, pv: int) -> None:
        super().__init__(discord.ui.Button(label="Other amount…", style=discord.ButtonStyle.secondary,
                                           custom_id=f"amount:{table_id}:{pv}"))
        self.table_id, self.pv = table_id, pv

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: Any) -> "AmountButton":
        return cls(int(match["table"]), int(match["pv"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _controller(interaction).ask_amount(interaction, self.table_id, self.pv)


@answers_faults
class UndoButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"undo:(?P<table>[0-9]{1,18}):(?P<version>[0-9]{1,18})"):
    """Takes back the presser's own last action, made at table version `version`."""

    def __init__(self, table_id: int, version: int) -> None:
        super().__init__(discord.ui.Button(label="↩ Take back", style=discord.ButtonStyle.secondary,
                                           custom_id=f"undo:{table_id}:{version}"))
        self.table_id, self.version = table_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> "UndoButton":
        return cls(int(match["table"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _controller(interaction).undo(interaction, self.table_id, self.version)


@answers_faults
class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=r"rematch:(?P<table>[0-9]{1,18})"):
    """On a finished table's standings: a new table with the same players and options."""

    def __init__(self, table_id: int) -> None:
        super().__init__(discord.ui.Button(label="Rematch", style=discord.ButtonStyle.primary,
                                           custom_id=f"rematch:{table_id}"))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> "RematchButton":
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _controller(interaction).rematch(interaction, self.table_id)


@answers_faults
class BackButton(discord.ui.DynamicItem[discord.ui.Button], template=r"back:(?P<table>[0-9]{1,18})"):
    """"I'm back": a player whose seat a computer plays after a missed deadline takes it back."""

    def __init__(self, table_id: int) -> None:
        super().__init__(discord.ui.Button(label="I'm back", style=discord.ButtonStyle.success,
                                           custom_id=f"back:{table_id}"))
        self.table_id = table_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> "BackButton":
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _controller(interaction).back(interaction, self.table_id)


@answers_faults
class VoteButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"vote:(?P<table>[0-9]{1,18}):(?P<kind>cancel|handover-[0-9]{1,2}):(?P<answer>yes|no)"
                          r":(?P<at>[0-9]{1,18})"):
    """Agree or refuse in a vote of a table's players (play/votes.py); `at` tells one vote from another."""

    def __init__(self, table_id: int, kind: str, agree: bool, at: int) -> None:
        answer = "yes" if agree else "no"
        super().__init__(discord.ui.Button(
            label="Agree" if agree else "Refuse",
            style=discord.ButtonStyle.success if agree else discord.ButtonStyle.danger,
            custom_id=f"{self.prefix(table_id, kind)}{answer}:{at}"))
        self.table_id, self.kind, self.agree, self.at = table_id, kind, agree, at

    @staticmethod
    def prefix(table_id: int, kind: str) -> str:
        """How the custom ids of one vote's buttons begin."""
        return f"vote:{table_id}:{kind.replace(':', '-')}:"

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: Any) -> "VoteButton":
        return cls(int(match["table"]), match["kind"].replace("-", ":"), match["answer"] == "yes", int(match["at"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _controller(interaction).answer_vote(interaction, self.table_id, self.kind, self.agree, self.at)


AMOUNT_FORM = re.compile(r"amountform:(?P<table>[0-9]{1,18}):(?P<pv>[0-9]{1,18})")
AMOUNT_FIELD = "amount"
AMOUNT_ROOM = 20  # characters the form takes
AMOUNT = re.compile(r"\s*0*([0-9]{1,9})\s*", re.ASCII)
NEGATIVE = re.compile(r"\s*-\s*0*[1-9][0-9]*\s*", re.ASCII)  # a whole number below every amount (not -0)
DIGITS = re.compile(r"\s*[0-9]+\s*", re.ASCII)  # not AMOUNT: ten digits or more, above every amount


# Around a typed amount: any script's spaces (a phone's keyboard, an input method's full-width
# space; Unicode has none above U+3000) and the zero-width characters pasted text brings along,
# none of which the player sees. Stripped with str.strip: a regular expression would take time
# growing with the square of a long forged answer's length.
AROUND = "".join(chr(code) for code in range(0x3001) if chr(code).isspace()) + "\u200b\u200c\u200d\u2060\ufeff"
MINUS_SIGNS = str.maketrans(dict.fromkeys("\u2212\u2012\u2013\u2014\u2015\ufe63\uff0d", "-"))  # as phones type it
SEPARATED = re.compile(r"\s*-?\s*\d{1,3}(?:[,.' _\u00a0\u202f]\d{3})+\s*")  # "1,000", "1 000" (any script's digits)


def trimmed(typed: str) -> str:
    """A typed amount without the characters the player does not see: spaces around it (AROUND),
    and format and control characters anywhere (direction marks, a soft hyphen, an invisible
    separator: pasted text brings them along, and a refusal could not show them)."""
    return "".join(c for c in typed if c.isspace() or unicodedata.category(c) not in ("Cc", "Cf")).strip(AROUND)


def amount_fault(typed: str) -> str:
    """What is wrong with a typed amount that is not AMOUNT, in words that are true of it."""
    if NEGATIVE.fullmatch(typed.translate(MINUS_SIGNS)):
        return "is below the lowest amount"
    if DIGITS.fullmatch(typed):
        return "is above the highest amount"
    if SEPARATED.fullmatch(typed):
        return "is not written in the digits 0-9 alone (type it without separators)"
    if typed.isdigit():  # digits float() does not read either: superscripts, circled digits
        return "is not written in the digits 0-9 alone"
    try:  # "+1", "1.0", "1e3", other scripts' digits; read exactly (as a float, 1e400 is infinite)
        number = Decimal(typed.translate(MINUS_SIGNS))
        whole = number.is_finite() and number == number.to_integral_value()
    except InvalidOperation:
        whole = False
    return "is not written in the digits 0-9 alone" if whole else "is not a whole number"


class AmountForm(discord.ui.Modal):
    """The form behind "Other amount…". Its answer is handled from the interaction itself
    (`BoardBot.dispatch`), not by this object, so a form opened before a restart of the
    bot still works after it."""

    def __init__(self, table_id: int, pv: int, what: str, low: int, high: int) -> None:
        super().__init__(title="Choose an amount", custom_id=f"amountform:{table_id}:{pv}", timeout=None)
        # Room beyond an amount's 9 digits for the spaces and invisible characters a paste brings.
        self.add_item(discord.ui.TextInput(label=what[:45], custom_id=AMOUNT_FIELD, placeholder=f"{low} to {high}",
                                           min_length=1, max_length=AMOUNT_ROOM))
        # Finished before it is sent, so discord.py does not keep it (with a timer) until it is
        # answered or times out: nothing needs it, and forms left unanswered would pile up.
        self.stop()


def amount_form_target(interaction: discord.Interaction) -> tuple[int, int, str] | None:
    """(table id, prompt version, typed text) of a submitted amount form, else None."""
    if interaction.type != discord.InteractionType.modal_submit:
        return None
    data: Any = interaction.data or {}
    match = AMOUNT_FORM.fullmatch(str(data.get("custom_id", "")))
    if match is None:
        return None
    stack, typed = list(data.get("components") or []), ""
    while stack:  # the text input sits in an action row (or a label) of the form
        node = stack.pop()
        if isinstance(node, dict):
            if node.get("custom_id") == AMOUNT_FIELD:
                typed = str(node.get("value") or "")
            stack.extend(node.get("components") or [])
            if isinstance(node.get("component"), dict):
                stack.append(node["component"])
    return int(match["table"]), int(match["pv"]), typed


UNKNOWN_CONTROL = ("This control is not one this bot can use (it may come from an older version of the bot); "
                   "nothing was changed. Use the current panel: **My hand** on the table's board, or `/table hand` "
                   "in the table's thread.")


def unknown_control(interaction: discord.Interaction, templates: tuple[re.Pattern[str], ...]) -> bool:
    """A press of a control, or a form's answer, whose custom id none of the bot's `templates` (its
    controls') reads, nor AMOUNT_FORM: shown by an older version of the bot, or forged."""
    data: Any = interaction.data or {}
    custom_id = str(data.get("custom_id", ""))
    if interaction.type == discord.InteractionType.modal_submit:
        return AMOUNT_FORM.fullmatch(custom_id) is None
    return (interaction.type == discord.InteractionType.component
            and not any(template.fullmatch(custom_id) for template in templates))


DYNAMIC_ITEMS = (LobbyButton, OptionSelect, HandButton, ActButton, ActSelect, AmountButton, UndoButton,
                 RematchButton, BackButton, VoteButton)
