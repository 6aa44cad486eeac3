"""Message parts built from a table: lobby, board, private panels and their controls."""

from __future__ import annotations

import math
import os
from typing import Any, Callable

import discord
from pydantic import BaseModel

from bot.render.base import kept_apart, shown_name
from bot.render import Renderer, TableInfo, get_renderer
from bot.ui.components import (ActButton, ActSelect, AmountButton, BackButton, HandButton, LobbyButton, OptionSelect,
                               UndoButton)
from bot.ui.dynamic import dynamic_view
from games import AmountChoice, GameSpec
from games.core import plural
from play import pace
from play.common import cut_to, told_apart
from play.lobby import creator_controls_shown, one_person
from play.results import TableNews, panel_token
from play.options import allowed_values as option_choices  # the values a lobby menu offers
from storage import SeatRow, TableRow

CREATOR_CONTROLS = frozenset({"addai", "rmai", "rated", "pace", "handover"})  # carry what they showed
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}
MAX_BUTTONS = 10


# Only the players named: a display name such as "@everyone" in the text pings nobody.
PLAYER_MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)


def table_info(table: TableRow, seats: list[SeatRow], spec: GameSpec, jump_url: str | None = None) -> TableInfo:
    marks = {s.seat: " (forfeited)" for s in seats if s.forfeited}
    # Players called alike are told apart first: a mark must not make one of them the only "ada".
    taken = get_renderer(spec.name).names_taken(len(seats))
    names = told_apart_from_taken({s.seat: s.display_name for s in seats}, taken)
    names = {seat: name + marks.get(seat, "") for seat, name in names.items()}
    mentions = {s.seat: f"<@{s.user_id}>" for s in seats if s.user_id is not None and not s.forfeited}
    return TableInfo(table_id=table.id, title=spec.title, names=names, mentions=mentions, jump_url=jump_url,
                     marks=marks)


def told_apart_from_taken(names: dict[int, str], taken: tuple[str, ...]) -> dict[int, str]:
    """Seats' names told apart by seat number (display names need not be unique), also from what
    the game calls a colour nobody plays."""
    named: dict[Any, str] = {**names, **{("taken", index): name for index, name in enumerate(taken)}}
    told = told_apart(named, lambda key: key + 1 if isinstance(key, int) else 0)
    return {seat: told[seat] for seat in names}


def thread_url(table: TableRow) -> str | None:
    if table.thread_id is None:
        return None
    return f"https://discord.com/channels/{table.guild_id}/{table.thread_id}"


# -- lobby ------------------------------------------------------------------------------
def lobby_embed(table: TableRow, seats: list[SeatRow], spec: GameSpec, renderer: Renderer) -> discord.Embed:
    status = {"lobby": "Waiting for players", "running": "Game in progress",
              "finished": "Game over", "cancelled": "Cancelled"}[table.status]
    if table.status == "lobby" and len(seats) >= spec.max_seats:
        status = "Full: waiting for its **Start**"
    embed = discord.Embed(title=f"{spec.title} — table #{table.id}", description=status,
                          colour=discord.Colour.blurple())
    names = lobby_names(seats)
    players = "\n".join(f"{i + 1}. {shown_name(name)}" for i, name in enumerate(names)) or "Nobody yet."
    embed.add_field(name=f"Players ({len(seats)} of {spec.min_seats}-{spec.max_seats})", value=players[:1024],
                    inline=False)
    options = renderer.options_lines(spec.parse_options(table.options))
    embed.add_field(name="Options", value="\n".join(options)[:1024] or "Rulebook game.", inline=False)
    rated = "Yes (if at least two people play, and no computer player)" if table.rated else "No"
    if table.rated and table.status == "lobby" and any(s.user_id is None for s in seats):
        rated = ("On, but this game will not count while a computer player is seated (a rated game needs at "
                 "least two people and no computer player)")
    elif table.rated and table.status != "lobby" and (any(s.user_id is None for s in seats) or
                                                      sum(s.user_id is not None for s in seats) < 2):
        rated = "No: a rated game needs at least two people and no computer player"
    if table.seed_chosen:
        rated = f"No: dealt from the seed {table.seed}, chosen by an admin"
    embed.add_field(name="Rated", value=rated, inline=False)
    alone = one_person(table, seats, spec)
    after = ("a computer player finishes the turn that ran out, then the game waits for its player" if alone
             else "a computer player moves for the seat until its player is back")
    embed.add_field(name="Pace", value=pace.describe(table) + (
        f" (when a deadline passes, {after})" if table.pace != "off" else ""), inline=False)
    if table.pace != "off" and not alone:
        embed.add_field(name="Absent players", value=f"After {plural(table.handover_after, 'missed deadline')} the other "
                        "players may vote to hand the seat to a computer player for good (`/table handover`).",
                        inline=False)
    if table.status == "lobby":
        runner = next((kept_apart(names[i]) for i, s in enumerate(seats) if s.user_id == table.creator_id),
                      "The creator")
        join = "The table is full." if len(seats) >= spec.max_seats else "Join to play."
        embed.set_footer(text=f"{join} {runner} runs this table: starts the game when {spec.min_seats}-"
                              f"{spec.max_seats} players are seated, and can change options below.")
    return embed


def lobby_names(seats: list[SeatRow]) -> list[str]:
    """The lobby's names in seat order, a computer player's with its 🤖; those that read alike (two
    "ada"s, or a person named like a computer player) get their place in the list after them."""
    shown = {i: s.display_name + (" 🤖" if s.user_id is None else "") for i, s in enumerate(seats)}
    told = told_apart(shown, lambda i: i + 1)
    return [told[i] for i in range(len(seats))]


def lobby_view(table: TableRow, seats: list[SeatRow], spec: GameSpec) -> discord.ui.View | None:
    """The lobby's buttons: only those that can be accepted as it stands (a full table offers no Join)."""
    if table.status != "lobby":
        return None
    view = dynamic_view()
    full = len(seats) >= spec.max_seats
    buttons = [("join", "Join", "success"), ("leave", "Leave", "secondary"), ("start", "Start", "primary"),
               ("cancel", "Cancel", "danger"), ("addai", "Add computer", "secondary"),
               ("rmai", "Remove computer", "secondary")]
    hidden = ({"join", "addai"} if full else set()) | (set() if any(s.user_id is None for s in seats) else {"rmai"})
    buttons = [button for button in buttons if button[0] not in hidden]
    if not table.seed_chosen:  # a chosen deal is never rated
        buttons.append(("rated", "Rated: on" if table.rated else "Rated: off", "secondary"))
    if table.tournament_id is None:
        buttons.append(("pace", f"Pace: {pace.describe(table)}", "secondary"))
        if table.pace != "off" and not one_person(table, seats, spec):  # no deadline missed, or nobody to vote
            buttons.append(("handover", f"Vote out after: {table.handover_after} missed", "secondary"))
    shown = creator_controls_shown(table, seats)
    for action, label, style in buttons:
        view.add_item(LobbyButton(action, table.id, label=label, style=STYLES[style],
                                  shown=shown if action in CREATOR_CONTROLS else None))
    for key, select in list(option_selects(table, spec, get_renderer(table.game)).items())[:3]:
        view.add_item(OptionSelect(table.id, key, select))
    return view


def encode_choice(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)[:100]


def decode_choice(spec: GameSpec, key: str, text: str) -> Any:
    """The option value a lobby select sent, or None if it is not one of the offered values."""
    info = spec.Options.model_fields.get(key)
    for value in option_choices(info.annotation) or [] if info else []:
        if encode_choice(value) == text:
            return value
    return None


def option_selects(table: TableRow, spec: GameSpec, renderer: Renderer) -> dict[str, discord.ui.Select]:
    selects = {}
    for key, info in spec.Options.model_fields.items():
        choices = option_choices(info.annotation)
        if not choices or len(choices) > 25:
            continue
        # Unset, the game's default is shown chosen: the placeholder (the option's description, which
        # may name one value) would read as the current setting.
        current = table.options.get(key, None if info.is_required() else info.default)
        label = info.description or key.replace("_", " ")
        select = discord.ui.Select(custom_id=f"option:{table.id}:{key}", placeholder=label[:150])
        for value in choices:
            select.add_option(label=renderer.option_label(key, value)[:100], value=encode_choice(value),
                              default=value == current)
        selects[key] = select
    return selects


# -- board ------------------------------------------------------------------------------
def board_view(table: TableRow) -> discord.ui.View | None:
    if table.status != "running":
        return None
    view = dynamic_view()
    view.add_item(HandButton(table.id))
    return view


def mention_view(table: TableRow, token: int) -> discord.ui.View:
    """"My hand" under a mention in the thread, marked with what it told of: a seat's decision
    (turn_token) or a private exchange (exchange_token)."""
    view = dynamic_view()
    view.add_item(HandButton(table.id, token))
    return view


def turn_token(table: TableRow, seat: int) -> int:
    """The panel token of the seat's current decision."""
    return panel_token(table, table.prompts.get(seat, (table.version, ""))[0])


# -- private panel ----------------------------------------------------------------------
def merged_placeholder(groups: list[str]) -> str:
    """The placeholder of menus that hold the choices of several menus that do not fit apart: what
    their placeholders share ("Place the property tile in…"), or a general one."""
    shared = os.path.commonprefix(groups) if len(groups) > 1 else "".join(groups)
    if shared not in groups:  # cut between words, and say that more follows
        shared = shared[:shared.rfind(" ") + 1].rstrip() + "…" if " " in shared else ""
    return shared if len(shared) >= 12 else "Choose what to do"


def controls(table_id: int, prompt_version: int, actions: list[Any], view: BaseModel,
             renderer: Renderer, info: TableInfo, amount: AmountChoice | None = None,
             rows: int = 5) -> discord.ui.View | None:
    """Buttons and select menus for the legal actions (at most `rows` rows of Discord's 5: one is
    kept for "Take back" when it follows; 25 options a menu), and "Other amount…" when an amount
    decision has more amounts than its menu lists. Labels may name players as {p0}, {p1}...; they
    are filled in here."""
    if not actions:
        return None
    buttons: list[int] = []
    groups: dict[str, list[int]] = {}
    for index, action in enumerate(actions):
        group = renderer.action_group(action, view)
        (buttons if group is None else groups.setdefault(group, [])).append(index)
    needed = math.ceil(len(buttons) / 5) + sum(math.ceil(len(g) / 25) for g in groups.values())
    if len(buttons) > MAX_BUTTONS or needed > rows:
        groups = {merged_placeholder(list(groups) if not buttons else []): list(range(len(actions)))}
        buttons = []
    ui = dynamic_view()
    menu = 0
    for placeholder, indices in groups.items():
        parts = math.ceil(len(indices) / 25)
        for start in range(0, len(indices), 25):
            if menu + math.ceil(len(buttons) / 5) >= rows:
                break
            chunk = indices[start:start + 25]
            part = f" ({start // 25 + 1} of {parts})" if parts > 1 else ""  # menus of one kind told apart
            select = discord.ui.Select(custom_id=f"pick:{table_id}:{prompt_version}:{menu}",
                                       placeholder=_fit(info.fill_plain(placeholder), 150 - len(part)) + part)
            for index in chunk:
                description = renderer.action_description(actions[index], view)
                select.add_option(label=_fit(info.fill_plain(renderer.action_label(actions[index], view)), 100),
                                  value=str(index),
                                  description=_fit(info.fill_plain(description), 100) if description else None)
            ui.add_item(ActSelect(table_id, prompt_version, menu, select))
            menu += 1
    for index in buttons:
        action = actions[index]
        label = _fit(info.fill_plain(renderer.action_label(action, view)), 80)
        ui.add_item(ActButton(table_id, prompt_version, index, label=label,
                              style=STYLES[renderer.action_style(action)]))
    room = len(buttons) % 5 or menu + len(buttons) // 5 < rows  # a free place in a row of buttons
    if amount is not None and room and not lists_every_amount(amount, actions):
        ui.add_item(AmountButton(table_id, prompt_version))
    return ui


def lists_every_amount(amount: AmountChoice, actions: list[Any]) -> bool:
    kind = type(amount.make(amount.low))
    if sum(type(action) is kind for action in actions) <= amount.high - amount.low:
        return False  # fewer choices of this kind than amounts: the menu cannot list them all
    key: Callable[[Any], Any] = lambda action: action  # noqa: E731 (frozen actions: hashed as they are)
    try:
        offered = set(actions)
    except TypeError:  # looked up by their text rather than compared one by one (a bid menu lists dozens)
        key = repr
        offered = {key(action) for action in actions}
    return all(key(amount.make(value)) in offered for value in range(amount.low, amount.high + 1))


def _fit(text: str, limit: int) -> str:
    return cut_to(text.strip() or "…", limit)  # never inside a character drawn from several


def panel_content(info: TableInfo, table: TableRow, lines: list[str], waiting: str | None,
                  turn: str | None = None, heading: str | None = None, due: float | None = None) -> str:
    """The text above a private panel: what is asked (its first line, `heading` if given, is what a
    phone's notification shows), recent happenings, what is awaited, when the seat's time for its
    decision runs out (`due`), and the link to the table's thread."""
    where = f"{info.title} (table #{table.id})"
    if heading is not None:
        first = heading
    elif turn == "sealed":
        first = f"**Your turn in {where}**: choose secretly; the others choose at the same time."
    elif turn == "turn":
        first = f"**Your turn in {where}**"
    else:
        first = f"**{where}**"
    cut = len(lines) - 8  # the latest lines only: the board's log in the thread has them all
    parts = [first, *([f"… ({plural(cut, 'earlier line')} in the table's log)"] if cut > 0 else []), *lines[-8:]]
    if waiting:
        parts.append(waiting)
    if due is not None:
        parts.append(f"⏰ Your time for this decision runs out <t:{int(due)}:R>.")
    link = thread_url(table)
    if link:
        parts.append(f"Table: {link}")
    return _fit("\n".join(parts), 2000)


def seat_lines(info: TableInfo, renderer: Any, news: TableNews, seat: int) -> list[str]:
    """The lines of a request's moves that `seat` may see (a private panel's news)."""
    return [line for move in news.moves for event in move.events
            if event.visible_to(seat) and (line := renderer.event_line(info, event))]


def turn_lines(info: TableInfo, renderer: Any, news: TableNews, seat: int) -> list[str]:
    """The news of a seat's turn DM: what everyone saw happen since the seat's last move (or its
    decision before this one), then what this request's moves showed it. With more than two
    players, the moves of those in between are news too, not only the last one."""
    since = news.previous_prompts.get(seat, (news.first_version, ""))[0]
    earlier = [info.fill(text) for version, text in news.table.recent_events
               if since < version <= news.first_version and text]
    return earlier + seat_lines(info, renderer, news, seat)


def with_back(table_id: int) -> discord.ui.View:
    """"I'm back" alone: the panel of a seat the computer plays after a missed deadline (the
    notice that offered it may have been lost or deleted)."""
    view = dynamic_view()
    view.add_item(BackButton(table_id))
    return view


def with_take_back(view: discord.ui.View | None, table_id: int, version: int) -> discord.ui.View | None:
    """The panel's controls with "Take back" for the action just made (when there is room)."""
    view = view or dynamic_view()
    try:
        view.add_item(UndoButton(table_id, version))
    except ValueError:  # the panel's five rows are full
        pass
    return view
