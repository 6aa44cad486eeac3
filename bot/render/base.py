"""How a game looks in Discord. One renderer per game, in bot/render/<game>.py.

The generic table code (lobby, board messages, private panels, buttons) is the same
for every game; a renderer only turns the engine's views, actions and events into
embeds and labels. Renderers never decide a rule: what is legal comes from the engine.
"""

from __future__ import annotations

import re
import unicodedata
from abc import ABC, abstractmethod
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import Any, Callable, Hashable, Literal

import discord
from discord.utils import escape_markdown, escape_mentions
from pydantic import BaseModel

from games.core import plural  # noqa: F401 (renderers take it from here)
from play.common import cut_to, draws_nothing, told_apart  # noqa: F401 (cut_to: renderers take it from here)

Style = Literal["primary", "secondary", "success", "danger"]


EMBED_TOTAL = 6000  # Discord refuses a message whose embeds hold more characters together
CUT_WINDOW = 200  # a cut text ends at the last line or space this close to where it must end


def within_total(embeds: list[discord.Embed], limit: int = EMBED_TOTAL,
                 keep_field: str | None = None) -> list[discord.Embed]:
    """Cut `embeds` (in place, and returned) to `limit` characters together. Descriptions give way
    first, the last embed's before the others (Aelderman's sea-map text: its board goes compact
    first), cut after a line or a word near the limit (never inside a name or mention) and marked
    "…"; if that is not enough, the last fields go (but not one named `keep_field`)."""
    excess = sum(len(e) for e in embeds) - limit
    for embed in reversed(embeds):
        if excess <= 0:
            return embeds
        text = embed.description or ""
        if not text:
            continue
        kept = text[:max(0, len(text) - excess - 2)]
        for mark in ("\n", " "):  # a whole line if one ends near enough, else a whole word
            cut = kept.rfind(mark)
            if cut > 0 and len(kept) - cut <= CUT_WINDOW:
                kept = kept[:cut]
                break
        embed.description = f"{kept}\n…" if kept else "…"
        excess -= len(text) - len(embed.description)
    for embed in reversed(embeds):
        while excess > 0 and embed.fields and embed.fields[-1].name != keep_field:
            field = embed.fields[-1]
            excess -= len(field.name or "") + len(field.value or "")
            embed.remove_field(len(embed.fields) - 1)
    return embeds


@lru_cache(maxsize=4096)  # every board and panel shows the same few names again
def shown_name(name: str) -> str:
    """A display name as message text: shown as typed, its markdown not applied and any mention in
    it (<@id>, @everyone) inert, so a name cannot format, ping or pass for something else. A `<` is
    escaped too: a name cannot show as a channel, a command, an emoji or a time (<#id>, <t:0:R>).
    Its direction controls are left out and a name with right-to-left letters is isolated, so it
    cannot turn the rest of its line around (an open right-to-left override would show "ada — 36"
    as "ada 63 —", and a Hebrew name before " — 36" would show after it). A web address in it is
    not a link."""
    name = without_controls(name)  # first: a control inside "@everyone" must not hide it from the escaping
    shown = _LINK_SCHEME.sub(":\u200b", escape_mentions(escape_markdown(name)).replace("<", "\\<"))
    return _isolated(name, shown)


# "scheme://": Discord shows a name like "https://discord.gift/x" as a link to follow, in the bot's voice.
_LINK_SCHEME = re.compile(r"(?<=[A-Za-z0-9+.-]):(?=//)")


def kept_apart(name: str) -> str:
    """A name without direction controls, and isolated when it has right-to-left letters: it
    cannot turn around the text after it (in message text, labels and menu options alike)."""
    name = without_controls(name)
    return _isolated(name, name)


def without_controls(name: str) -> str:
    """The name without the characters that turn text around (a picture draws names with them out)."""
    return "".join(c for c in name if unicodedata.bidirectional(c) not in _CONTROLS)


def _isolated(name: str, shown: str) -> str:
    """`shown` (`name` as shown) in a first-strong isolate ... pop directional isolate, when
    `name` has right-to-left letters."""
    return f"\u2068{shown}\u2069" if any(unicodedata.bidirectional(c) in ("R", "AL") for c in name) else shown


# The bidirectional embeddings, overrides and isolates, and their ends: a name could leave one open
# or close the isolate around it early. They draw nothing, so a name is shown without them.
_CONTROLS = frozenset({"RLE", "LRE", "RLO", "LRO", "PDF", "RLI", "LRI", "FSI", "PDI"})


def visible_name(name: str, *fallbacks: str | None) -> str:
    """`name` if it shows anything, else the first of `fallbacks` that does (a name of only
    spaces or invisible characters would leave a player looking blank wherever they are named)."""
    for candidate in (name, *fallbacks):
        if candidate and not all(map(draws_nothing, candidate)):
            return candidate.strip()
    return "Player"


@dataclass(frozen=True)
class TableInfo:
    """What a renderer knows about the table around the game."""

    table_id: int
    title: str
    names: dict[int, str]  # seat -> display name
    mentions: dict[int, str] = field(default_factory=dict)  # seat -> "<@id>" (computer seats: name)
    jump_url: str | None = None
    marks: dict[int, str] = field(default_factory=dict)  # seat -> what its name ends with, say " (forfeited)"

    def plain_name(self, seat: int) -> str:
        """The name as typed, for button labels and menu options (which show no markdown)."""
        return kept_apart(self.names.get(seat, f"Seat {seat + 1}"))

    def name(self, seat: int) -> str:
        """The name for message text: markdown in it is shown as typed, not applied."""
        return self._escaped.get(seat) or shown_name(self.plain_name(seat))

    def unmarked_name(self, seat: int, plain: bool = False) -> str:
        """`name` (`plain_name` with `plain`) without its mark (" (forfeited)"), also when a number
        telling alike names apart follows the mark ("Bob (forfeited) (2)" is "Bob (2)")."""
        name, mark = self.plain_name(seat) if plain else self.name(seat), self.marks.get(seat, "")
        at = name.rfind(mark) if mark else -1
        return name[:at] + name[at + len(mark):] if at > 0 else name

    def mention(self, seat: int) -> str:
        return self.mentions.get(seat) or self.name(seat)

    def shortened(self, limit: int) -> TableInfo:
        """The same table with names over `limit` characters cut (for a board short of room); two
        names cut alike are told apart by their seat number."""
        cut = {}
        for seat, name in self.names.items():  # the name is cut, not its mark
            mark = self.marks.get(seat, "")
            at = name.rfind(mark) if mark else -1
            base, rest = (name[:at], name[at:]) if at > 0 else (name, "")
            cut[seat] = cut_to(base, limit) + rest
        return replace(self, names=told_apart(cut, lambda seat: seat + 1))

    @cached_property
    def _escaped(self) -> dict[int, str]:
        return {seat: shown_name(name) for seat, name in self.names.items()}

    def fill(self, text: str) -> str:
        """Replace the engine's {p0}, {p1}... placeholders with names, for message text (every
        line of the game log goes through here on every board edit). One pass: a name that looks
        like a placeholder ("{p0}") is not replaced in turn, so nobody can pass for another seat."""
        if "{p" not in text:
            return text
        return _PLACEHOLDER.sub(lambda found: self.name(int(found[1])), text)

    def fill_plain(self, text: str) -> str:
        """`fill` for labels and menu options, with the names as typed."""
        if "{p" not in text:
            return text
        return _PLACEHOLDER.sub(lambda found: self.plain_name(int(found[1])), text)


_PLACEHOLDER = re.compile(r"\{p([0-9]{1,2})\}")


class Renderer(ABC):
    """Base renderer: subclasses override what their game needs."""

    game: str = ""

    # -- public --------------------------------------------------------------------
    @abstractmethod
    def board(self, info: TableInfo, view: BaseModel) -> list[discord.Embed]:
        """The public board: everything everyone may see (view is spec.view(state, None))."""

    def board_image(self, info: TableInfo, view: BaseModel) -> discord.File | None:
        """Optional picture of the board (Pillow), attached under the embeds."""
        return None

    def board_image_now(self, info: TableInfo, view: BaseModel) -> discord.File | None:
        """`board_image`, when it can be drawn at once in about a millisecond (everything it reuses
        is ready, nothing else is being drawn): the bot then draws it on its own thread rather than
        handing it to a worker thread and back, which costs about as much again. None: draw it with
        `board_image` in a worker thread."""
        return None

    @property
    def draws_pictures(self) -> bool:
        """Whether the board comes with a picture (its channel must allow Attach Files)."""
        return type(self).board_image is not Renderer.board_image

    def board_image_key(self, info: TableInfo, view: BaseModel) -> Hashable | None:
        """A cheap key of what `board_image` draws (None: there is no image). The image is drawn
        and uploaded again only when the key changes, not on every move."""
        return None

    def board_key(self, view: BaseModel) -> str:
        """A new board message is posted when this key changes (round, phase, auction);
        within the same key the board message is edited."""
        return ""

    def names_taken(self, seats: int) -> tuple[str, ...]:
        """What the game's text calls a colour that no player plays (Aelderman's spare colour): a
        player called alike is told apart from it as from another player."""
        return ()

    def retired(self, embeds: list[discord.Embed]) -> list[discord.Embed]:
        """A replaced board's embeds (copies of what it showed) without what would read as still
        running: whose move it is. The rest stays, as the game stood then."""
        return embeds

    # -- private -------------------------------------------------------------------
    @abstractmethod
    def panel(self, info: TableInfo, view: BaseModel, seat: int) -> discord.Embed:
        """A seat's private panel: own hand, money and what they must decide now
        (view is spec.view(state, seat))."""

    @abstractmethod
    def action_label(self, action: BaseModel, view: BaseModel) -> str:
        """Short text for a button or select option (at most 80 characters once filled).
        Name players as {p0}, {p1}...: the table fills in their names."""

    def action_group(self, action: BaseModel, view: BaseModel) -> str | None:
        """None: show as a button. Otherwise actions with the same group share one
        select menu whose placeholder is the group text (at most 150 characters)."""
        return None

    def action_style(self, action: BaseModel) -> Style:
        return "primary"

    def action_description(self, action: BaseModel, view: BaseModel) -> str | None:
        """Optional second line for a select option (at most 100 characters)."""
        return None

    # -- text ----------------------------------------------------------------------
    def event_line(self, info: TableInfo, event: Any) -> str | None:
        """One line of the game log for an event (None hides it)."""
        return info.fill(event.text) if event.text else None

    def options_lines(self, options: BaseModel) -> list[str]:
        """The lobby's description of the chosen options."""
        return [f"{k}: {v}" for k, v in options.model_dump().items()]

    # Words of an option's value in the lobby's menus, by (option, value); the menu shows the
    # chosen one, so it must say what it means.
    OPTION_LABELS: dict[tuple[str, Any], str] = {}

    def option_label(self, key: str, value: Any) -> str:
        shown = ("on" if value else "off") if isinstance(value, bool) else str(value).replace("_", " ")
        return self.OPTION_LABELS.get((key, value), f"{key.replace('_', ' ')}: {shown}")

    @abstractmethod
    def rules(self) -> list[discord.Embed]:
        """The /rules output: a rules summary and the component values (chosen ones marked)."""

    def outcome_lines(self, info: TableInfo, outcome: Any, kept: bool = False) -> list[str]:
        """Final standings lines; the default lists places, scores and details. `kept`: the deal is
        still played at another table, so nothing its players were dealt in secret is named."""
        lines = []
        place = 1
        for group in outcome.ranking:
            for seat in group:
                score = outcome.scores.get(seat)
                shown = int(score) if score is not None and float(score).is_integer() else score
                details = outcome.details.get(seat, [])
                if details and details[0].startswith(f"{shown} "):  # the score with its unit ("59 prestige")
                    shown, details = details[0], details[1:]
                lines.append(f"**{place}.** {info.name(seat)} — {shown}")
                lines.extend(f"  · {info.fill(line)}" for line in details)
            place += len(group)
        if outcome.tie_break:
            lines.append(f"Tie-break: {info.fill(outcome.tie_break)}")
        return lines


def drop_lines(embed: discord.Embed, starts: tuple[str, ...]) -> None:
    """Take out of `embed`'s description the lines that begin with one of `starts`."""
    if embed.description:
        embed.description = "\n".join(line for line in embed.description.split("\n")
                                      if not line.startswith(starts)) or None


def rename_fields(embed: discord.Embed, rename: Callable[[str], str]) -> None:
    """Rename each of `embed`'s fields."""
    for index, shown in enumerate(embed.fields):
        embed.set_field_at(index, name=rename(shown.name or "") or "\u200b", value=shown.value, inline=shown.inline)
