"""Aelderman (short version) in Discord: the board with a drawn sea map, the private panel,
action labels, /rules and the mission results."""

from __future__ import annotations

import io
from functools import lru_cache
from typing import Any, Hashable

import discord
from pydantic import BaseModel

from bot.render import aelderman_labels as labels
from bot.render.aelderman_labels import card_summary, council_card_text, fit, items_text
from bot.render.aelderman_council import bid_status, council_row_lines, revealed_lines
from bot.render.aelderman_display import display_lines, improvement_lines, majority_lines, open_cards_text
from bot.render.aelderman_lubeck import panel_key, strip_for
from bot.render.aelderman_map import PLAYER_COLOURS, draw_map, draw_map_now, spare_name, status_text
from bot.render.aelderman_results import mission_lines, outcome_lines
from bot.render.aelderman_steps import (
    NOW, STANDING, TURN_OF, WAITING, card_field, public_step, sales_in_reach, step_prompt, turn_lines, wheel_field,
    without_turn,
)
from bot.render.base import EMBED_TOTAL, Renderer, Style, TableInfo, plural, rename_fields, within_total
from games.aelderman import data as D
from games.aelderman.views import card_view
from games.aelderman.describe import component_tables, summary_lines

COLOUR = discord.Colour.from_rgb(160, 40, 40)
DESCRIPTION_LIMIT, FIELD_LIMIT = 4096, 1024
# A four-player main-version board names each player some thirty times; over BOARD_ROOM characters
# (the deal's footer and the deadlines come on top) names over SHORT_NAME characters are cut, then
# the board goes compact; over CARDS_ROOM (the footer and four deadlines take less than the rest)
# names are cut to TINY_NAME, then the status above the fields, rather than the sea map's action
# cards, which nothing else shows.
MAJORITIES = "Majorities so far (council votes for 1st/2nd)"
FINAL_MAJORITIES = "Majorities at the end (council votes for 1st/2nd)"
ACTING = " ⏳"  # after the name of a player who must act now (taken off a replaced board)
BOARD_ROOM, CARDS_ROOM, SHORT_NAME, TINY_NAME = EMBED_TOTAL - 500, EMBED_TOTAL - 350, 12, 8


def dot(seat: int) -> str:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)][1]


def named(info: TableInfo, seat: int) -> str:
    return f"{dot(seat)} {info.name(seat)}"


def spare_heading(v: Any) -> str:
    """The spare colour (2 players) or the dummy, with the colour its pieces have on the map."""
    return f"{dot(v.spare)} {spare_name(v)} ({PLAYER_COLOURS[v.spare % len(PLAYER_COLOURS)][0]})"


# -- shared player lines ------------------------------------------------------------------------
def player_lines(player: Any, cards_in_full: bool = False, view: Any = None, compact: bool = False,
                 map_view: Any = None) -> list[str]:
    """A player's public supply: goods, coins, influence, votes, production and buildings; with the
    view, where their markers stand (and in the main version, their sites in Lübeck); with
    `map_view` alone, only where their markers stand (a panel shows the sites apart)."""
    view_of_map = view if view is not None else map_view
    goods = items_text({g: n for g, n in player.goods.items() if n})
    production = items_text({k: n for k, n in player.production.items() if n})
    lines = [
        f"Goods ({player.storage_used}/{player.storage_capacity}): {goods if player.storage_used else 'none'}",
        f"Influence: {player.influence} active · {player.general} in the general supply"
        + (f" · {player.held} on Council Hall spots" if player.held else ""),
        "Markers on banners: "
        + (markers_text(view_of_map, player.seat) if view_of_map is not None else banner_count(player))
        + (f" · subsidiaries: {', '.join(player.subsidiaries)}" if player.subsidiaries else ""),
        f"Council votes: {player.council_votes} collected"
        + (f" ({player.penalty} lost to unpaid costs)" if player.penalty else "")
        + f" · {player.final_votes} counting influence and luxury goods",
        f"Additional action points: {player.action_points}"
        + (f" · production a round: {production}" if any(player.production.values()) else ""),
        wheel_text(player.wheel, compact),
    ]
    if view is not None and view.version == "main":
        costs = f" · operating costs {player.operating_costs}" if player.operating_costs else ""
        lines.append(f"Lübeck: {sites_text(view, player.seat, {b.site: b.uses for b in player.buildings})}{costs}")
        lines += open_cards_text(player, compact)
    return lines + extra_lines(player, cards_in_full)


def wheel_text(wheel: Any, compact: bool = False) -> str:
    """Where a player's resource wheel stands, and how many turns of it until its free marker."""
    if compact:
        return f"Wheel at {wheel.rotation}, free marker in {wheel.turns_to_bonus}"
    return f"Resource wheel at {wheel.rotation}, the free marker in {plural(wheel.turns_to_bonus, 'turn')}"


def banner_count(player: Any) -> str:
    """How many of a player's influence markers stand on banners (subsidiaries are listed apart),
    as the board's list of their cities says it: 'none' when none do."""
    return str(player.placed - len(player.subsidiaries) or "none")


def markers_text(view: Any, seat: int) -> str:
    """The cities where a colour's influence markers stand, in the map's order: 'Reval, Danzig 2'."""
    shown = [city.name if (count := city.banner.count(seat)) == 1 else f"{city.name} {count}"
             for city in view.cities if seat in city.banner]
    return ", ".join(shown) or "none"


def sites_text(view: Any, seat: int, uses: dict[int, int] | None = None) -> str:
    """A colour's sites in Lübeck (main version), by district, buildings with their strength (the
    spare colour's have no name) and the uses of an ability counted on them (`uses`: by site):
    'St. Johannis: Deli Market 2 (1/4 uses), 1 property · Lohberg: 2 properties'."""
    districts: dict[str, list[str]] = {}
    for site in view.sites:
        if site.owner == seat:
            used = (uses or {}).get(site.number, 0)
            built = f"{site.building or 'building'} {site.strength}" if site.strength else ""  # "": a property tile
            built += f" ({used}/{D.ABILITY_USES} uses)" if built and used else ""
            districts.setdefault(site.district, []).append(built)
    parts = []
    for district, sites in districts.items():
        built, free = [s for s in sites if s], sites.count("")
        shown = built + ([plural(free, "property", "properties")] if free else [])
        parts.append(f"{district}: {', '.join(shown)}")
    return " · ".join(parts) or "none"


def extra_lines(player: Any, cards_in_full: bool) -> list[str]:
    """Council Hall cards kept (numbers, or with their text) and feasts celebrated."""
    lines = [f"Council Hall card {n}: {council_card_text(n, auctioned=False)}" for n in player.council_cards] \
        if cards_in_full else []
    extras = []
    if player.council_cards and not cards_in_full:
        extras.append("Council Hall cards " + ", ".join(map(str, player.council_cards)))
    if player.small_feasts + player.big_feasts:
        extras.append(f"feasts: {player.small_feasts} small, {player.big_feasts} big")
    return lines + ([" · ".join(extras)] if extras else [])


def buildings_text(player: Any) -> str:
    built = ", ".join(b.name + (f" ({b.uses}/{D.ABILITY_USES} uses)" if b.uses else "") for b in player.buildings)
    costs = f" · operating costs {player.operating_costs}" if player.operating_costs else ""
    return (f"{plural(player.property, 'free property', 'free properties')}, "
            f"{plural(player.property_supply, 'tile')} left · {built or 'no buildings'}{costs}")


def tiles_left(v: Any) -> str:
    """Building tiles left of the types built so far ("The number of buildings of each type is
    limited"; the tiles lie open beside the board); "" before the first building."""
    built = [f"{name} {left} of {D.BUILDINGS[name].stock}" for name, left in v.buildings_left.items()
             if name in D.BUILDINGS and left < D.BUILDINGS[name].stock]
    return f"Building tiles left: {', '.join(built)} (the other kinds: all)" if built else ""


def spare_lines(v: Any) -> list[str]:
    """The spare colour (2 players) or the solo dummy: its markers and buildings, which count in
    every majority like a player's."""
    lines = [f"Markers on banners: {markers_text(v, v.spare)}"]
    if v.version == "main":
        lines.append(f"Lübeck: {sites_text(v, v.spare)}")
        lines.append("Counts in every majority, like a player.")
        if v.difficulty in D.DUMMY_SHEETS:  # "the number of council votes on top of the dummy description"
            lines.append(f"Scores {D.DUMMY_SHEETS[v.difficulty].bonus_votes} council votes of its own at the election.")
    # Rulebook: "those influence markers are also taken into account when it comes to an exchange of an action card"
    lines.append("Its markers count when an action card is exchanged, like a player's.")
    if v.version == "main" and v.solo:  # election.election_outcome: "treated like a real opponent in the final scoring"
        lines.append("**To win:** at least as many council votes as the dummy at the election (a tie elects you both).")
    return lines


@lru_cache(maxsize=256)  # the cards change a few times a round; the board is drawn on every move
def cards_text(cards: tuple[int, ...]) -> str:
    """The action card of each place of the map (`cards`: by number, in map order)."""
    lines = []
    for name, number in zip(D.PLACES, cards):  # banners and subsidiaries are drawn on the map, not repeated here
        zone = f" ({D.CITY_ZONE[name]})" if name in D.CITY_ZONE else ""
        lines.append(f"**{name}**{zone}: {card_summary(card_view(number))}")
    return fit("\n".join(lines), DESCRIPTION_LIMIT)


# -- the renderer ---------------------------------------------------------------------------------
SETUP_NAMES = {1: "balanced", 2: "buildings", 3: "markers"}


class AeldermanRenderer(Renderer):
    game = "aelderman"

    def names_taken(self, seats: int) -> tuple[str, ...]:
        if seats == 2:
            return ("Spare colour",)
        return ("Dummy", *(f"Dummy ({level})" for level in ("easy", "medium", "hard"))) if seats == 1 else ()

    # -- the public board ----------------------------------------------------------------------
    def board(self, info: TableInfo, view: BaseModel) -> list[discord.Embed]:
        embeds, compact = self._board(info, view), False
        size = sum(len(e) for e in embeds)  # counted over every part of every embed: once a version
        if size > BOARD_ROOM and any(len(n) > SHORT_NAME for n in info.names.values()):
            info = info.shortened(SHORT_NAME)  # long names, said many times over
            embeds = self._board(info, view)
            size = sum(len(e) for e in embeds)
        if size > BOARD_ROOM:  # the sea map's action cards are shown nowhere else
            embeds, compact = self._board(info, view, compact=True), True
            size = sum(len(e) for e in embeds)
        if size > CARDS_ROOM and any(len(n) > TINY_NAME for n in info.names.values()):
            info = info.shortened(TINY_NAME)
            embeds = self._board(info, view, compact=True)
            size = sum(len(e) for e in embeds)
        main, cards = embeds
        if size <= CARDS_ROOM:  # within EMBED_TOTAL, as counted
            return embeds
        room = CARDS_ROOM - len(cards) - len(main) + len(main.description or "")  # for the status
        if len(self._status_text(info, view, compact, shortest=True)) > room:
            majorities = [i for i, f in enumerate(main.fields) if f.name in (MAJORITIES, FINAL_MAJORITIES)]
            if majorities:  # drawn on the board picture: the round's standing stays in the status
                room += len(main.fields[majorities[0]].name) + len(main.fields[majorities[0]].value)
                main.remove_field(majorities[0])
        if len(main.description or "") > room:  # the status gives way before the sea-map text
            main.description = self._status_text(info, view, compact, room=max(0, room))
        within_total([main], CARDS_ROOM - len(cards))
        return within_total(embeds)

    def _board(self, info: TableInfo, view: BaseModel, compact: bool = False) -> list[discord.Embed]:
        """The board; `compact`: the improvements and the Council Hall's cards by number alone (the
        picture draws the display, the bidders' panels and `/rules` give the texts), to leave room
        for the sea map's action cards."""
        v: Any = view
        main = discord.Embed(title=self._title(v), colour=COLOUR, description=self._status_text(info, v, compact))
        if v.council.rows:
            for row in range(len(v.council.rows)):
                name = "Council Hall, top row" if row == 0 else "Council Hall, second row (pays the bonus)"
                main.add_field(name=name, value=fit("\n".join(council_row_lines(info, v, row, compact)), FIELD_LIMIT),
                               inline=False)
        if v.version == "short":  # the main version draws Lübeck under the sea map
            lubeck = "\n".join(f"{named(info, p.seat)}: {buildings_text(p)}" for p in v.players)
            main.add_field(name="Lübeck: properties and buildings (any district in the short version)",
                           value=fit(lubeck, FIELD_LIMIT), inline=False)
        else:  # the picture names the improvements and orders in short: here they are in full
            main.add_field(name="Improvements on display (left to right) and Council orders",
                           value=fit("\n".join(display_lines(v, compact)), FIELD_LIMIT), inline=False)
        for player in v.players:
            main.add_field(name=fit(self._player_heading(info, v, player), 256),
                           value=fit("\n".join(player_lines(player, view=v, compact=compact)), FIELD_LIMIT),
                           inline=False)
        if v.spare is not None:  # "treated like those of other players during the game and in the final scoring"
            main.add_field(name=spare_heading(v), value=fit("\n".join(spare_lines(v)), FIELD_LIMIT), inline=False)
        if v.version == "main":
            main.add_field(name=FINAL_MAJORITIES if v.phase == "over" else MAJORITIES,
                           value=fit("\n".join(majority_lines(info, v)), FIELD_LIMIT), inline=False)
        return [main, self._map_embed(info, v, compact)]

    def retired(self, embeds: list[discord.Embed]) -> list[discord.Embed]:
        for embed in embeds:  # who was to act and the details of that turn; the round's standing stays
            if embed.description:
                embed.description = "\n".join(without_turn(embed.description.split("\n"))) or None
            rename_fields(embed, lambda name: name.replace(ACTING, "", 1))
        return embeds

    def board_key(self, view: BaseModel) -> str:
        v: Any = view
        if v.phase == "over":
            return "over"
        if v.phase == "trade":
            return f"round{v.round}-period{v.period + 1}"
        return f"round{v.round}-{v.phase}"

    def board_image_key(self, info: TableInfo, view: BaseModel) -> Hashable | None:
        """The sea map's markers, ships and legend; in the main version also Lübeck, the majorities,
        the improvement display and the Council orders drawn under it."""
        v: Any = view
        drawn = tuple((c.name, c.subsidiary, tuple(c.banner), tuple(c.ships)) for c in v.cities)
        strip = panel_key(v) if v.version == "main" else ()
        return (v.seats, v.spare, v.difficulty, tuple(sorted(info.names.items())), drawn, status_text(v), strip)

    def board_image(self, info: TableInfo, view: BaseModel) -> discord.File | None:
        v: Any = view
        main = v.version == "main"
        return _picture(draw_map(view, dict(info.names), below=strip_for if main else None), main)

    def board_image_now(self, info: TableInfo, view: BaseModel) -> discord.File | None:
        """The short version's sea map (about a millisecond once its layout was drawn before); the
        main version's strip below it takes a few more."""
        v: Any = view
        png = draw_map_now(view, dict(info.names)) if v.version != "main" else None
        return _picture(png, main=False) if png is not None else None

    def _title(self, v: Any) -> str:
        solo = " (solo)" if v.solo else ""
        if v.phase == "over":
            scored = "the Aelderman is elected" if v.version == "main" else "the missions are scored"
            return f"Aelderman{solo} — game over: {scored}"
        if v.phase == "setup":
            return f"Aelderman{solo} — setting up"
        if v.phase == "council":
            return f"Aelderman{solo} — round {v.round} of {v.rounds}: Council Hall"
        if v.phase == "production":
            return f"Aelderman{solo} — round {v.round} of {v.rounds}: production"
        return (f"Aelderman{solo} — round {v.round} of {v.rounds} · period {v.period + 1} of "
                f"{D.PERIODS_PER_ROUND}")

    def _status_text(self, info: TableInfo, v: Any, compact: bool = False, room: int = DESCRIPTION_LIMIT,
                     shortest: bool = False) -> str:
        """The status above the fields within `room` characters: what happens now, then where the
        round stands (period indicators, player order, feasts, piles). Short of room, the details
        of what happens now give way first, from the last (the acting player's panel has them), so
        the round's standing stays. `shortest`: with no detail at all."""
        now, standing = self._now_lines(info, v, compact), self._standing(info, v, compact)
        text = "\n".join(now + standing)
        for kept in range(len(now) - 1, 0, -1):
            if len(text) <= room and not shortest:
                break
            text = "\n".join(now[:kept] + ["…"] + standing)
        return fit(text, min(room, DESCRIPTION_LIMIT)) if room else ""

    def _standing(self, info: TableInfo, v: Any, compact: bool = False) -> list[str]:
        lines = []
        shown = [f"**{ap}**" if i == v.period and v.phase == "trade" else str(ap)
                 for i, ap in enumerate(v.periods_revealed)]
        shown += ["?"] * v.periods_hidden
        lines.append(STANDING + " · ".join(shown))
        lines.append("Player order: " + " → ".join(named(info, s) for s in v.order))
        big = f"; big: {v.big_feast}" if v.big_feast else "; big feasts from round 2"
        costs = "" if compact else f" (small: {v.small_feast}{big})"  # compact: the feaster's panel gives them
        lines.append(f"Feasts this round: {v.feasts} of {v.feast_limit}{costs} · property {v.property_cost} coins")
        improvements = f" · Improvement pile: {v.improvement_pile}" if v.version == "main" else ""
        lines.append(f"Action-card pile: {v.card_pile} · Council Hall pile: {v.council_pile}{improvements}")
        if tiles := tiles_left(v):
            lines.append(tiles)
        return [line.replace("->", "→") for line in lines]

    def _now_lines(self, info: TableInfo, v: Any, compact: bool = False) -> list[str]:
        if v.phase == "over":
            if v.version == "main":
                return ["The fifth Council Hall phase is over: the election below counts each "
                        "player's council votes line by line."]
            return ["The second Council Hall phase is over: the final standings below show each "
                    "player's mission and what it required."]
        lines = []
        if v.pending is not None:
            lines.append(f"{NOW}{info.mention(v.pending.seat)} {public_step(v)}.")
        elif v.council.stage == "bid":
            lines.append(f"{NOW}{bid_status(info, v)}")
        if v.turn is not None:
            lines.append(f"{TURN_OF}{info.mention(v.turn.seat)}** in {v.turn.city}.")
            lines.extend(turn_lines(v, own=False))
        if v.council.stage is not None:
            lines.extend(revealed_lines(info, v, compact))
        return lines or [f"{WAITING}{', '.join(info.mention(s) for s in v.to_act) or 'nobody'}."]

    def _player_heading(self, info: TableInfo, v: Any, player: Any) -> str:
        acting = ACTING if player.seat in v.to_act else ""
        return (f"{named(info, player.seat)}{acting} — in {player.location} · {plural(player.coins, 'coin')} · "
                f"{player.influence} influence")

    def _map_embed(self, info: TableInfo, v: Any, compact: bool = False) -> discord.Embed:
        embed = discord.Embed(title="Action cards of the sea map", colour=COLOUR,
                              description=cards_text(tuple(city.card.number for city in v.cities)))
        listed = [f"{dot(s)} {info.plain_name(s)}" for s in range(v.seats)]
        listed += [spare_heading(v)] if v.spare is not None else []
        colours = "" if compact else " Colours: " + ", ".join(listed)
        embed.set_footer(text="Card rows: left column 1 action point, middle 2, right 3; c = coins; Buy I, II, III: "
                              "the goods of your resource wheel's inner, middle, outer ring." + colours)
        return embed

    # -- the private panel ------------------------------------------------------------------------
    def panel(self, info: TableInfo, view: BaseModel, seat: int) -> discord.Embed:
        v: Any = view
        mine = v.players[seat]
        embed = discord.Embed(title=fit(f"{named(info, seat)} — your merchant", 256), colour=COLOUR,
                              description=fit("\n".join(self._decision(info, v, seat)), DESCRIPTION_LIMIT))
        if v.council.stage == "bid" and seat in v.to_act and v.council.rows:  # what the sealed bid is for
            embed.add_field(name=f"Council Hall row {v.council.row + 1}: its cards",
                            value=fit("\n".join(council_row_lines(info, v, v.council.row)), FIELD_LIMIT), inline=False)
        if v.turn is not None and v.turn.seat == seat:  # where to sail (while it may), and what this city's card gives
            sailing = not v.turn.moved or v.turn.may_pass or v.turn.spent_here > 0  # as turn.can_move has it
            for field in (sales_in_reach(v, v.turn.city) if sailing else None,
                          card_field(v, v.turn.city) if v.turn.moved else None):
                if field:
                    embed.add_field(name=field[0], value=fit(field[1], FIELD_LIMIT), inline=False)
        wheel = wheel_field(v)  # on the player's own board: seen between their turns too
        if wheel:
            embed.add_field(name=wheel[0], value=fit(wheel[1], FIELD_LIMIT), inline=False)
        embed.add_field(name=f"Your supply — {plural(mine.coins, 'coin')}, in {mine.location}",
                        value=fit("\n".join(player_lines(mine, cards_in_full=True, map_view=v)), FIELD_LIMIT),
                        inline=False)
        embed.add_field(name="Your property and buildings in Lübeck", value=fit(buildings_text(mine), FIELD_LIMIT),
                        inline=False)
        if mine.improvements or v.version == "main":
            embed.add_field(name=f"Your improvements ({len(mine.improvements)} of {mine.improvement_slots} "
                                 "spaces)", value=fit(improvement_lines(mine), FIELD_LIMIT), inline=False)
        if mine.boosters:
            kept = "; ".join(items_text(D.ALL_BOOSTERS.get(b, {})) for b in mine.boosters)
            embed.add_field(name="Start boosters taken", value=fit(kept, FIELD_LIMIT), inline=False)
        if mine.mission_name:
            secret = "" if v.phase == "over" else " (secret until the end)"  # the standings show them all
            embed.add_field(name=fit(f"Your mission{secret}: {mine.mission_name}", 256),
                            value=fit("\n".join(mission_lines(mine)), FIELD_LIMIT), inline=False)
        if mine.booster_draws:
            drawn = "\n".join(items_text(D.ALL_BOOSTERS.get(t, {})) for t in mine.booster_draws)
            embed.add_field(name="Start boosters you drew (secret)", value=fit(drawn, FIELD_LIMIT), inline=False)
        return embed

    def _decision(self, info: TableInfo, v: Any, seat: int) -> list[str]:
        if v.phase == "over":
            return ["The game is over; the results are in the table's thread."]
        lines = []
        if v.council.my_bid is not None:
            lines.append(f"Your sealed bid for Council Hall row {v.council.row + 1}: **{v.council.my_bid} "
                         "influence**. Nobody else sees it until all bids are in.")
        if seat not in v.to_act:
            waiting = ", ".join(info.name(s) for s in v.to_act) or "nobody"
            return [*lines, f"Nothing to decide now. Waiting for {waiting}."]
        if v.pending is not None:
            lines.append(step_prompt(v))
        elif v.council.stage == "bid":
            lines.append(f"Council Hall row {v.council.row + 1}: bid influence markers secretly. The highest "
                         "bid chooses a card first (ties: more coins, then player order); a bid of 0 gets no card.")
        if v.turn is not None and v.turn.seat == seat:
            lines.append(f"**Your turn** — period {v.period + 1} of round {v.round}.")
            lines.extend(turn_lines(v, own=True))
        return lines or ["Make your choice."]

    # -- choices ---------------------------------------------------------------------------------
    def action_label(self, action: BaseModel, view: BaseModel) -> str:
        return labels.label(action, view)

    def action_group(self, action: BaseModel, view: BaseModel) -> str | None:
        return labels.group(action, view)

    def action_style(self, action: BaseModel) -> Style:
        return labels.style(action)  # type: ignore[return-value]

    def action_description(self, action: BaseModel, view: BaseModel) -> str | None:
        return labels.description(action, view)

    # -- lobby, rules and results ---------------------------------------------------------------
    OPTION_LABELS = {("version", "short"): "Version: short (2 rounds, secret missions)",
                     ("version", "main"): "Version: main (5 rounds, the election)",
                     **{("setup", n): f"Spare colour's setup {n}: {name} (2 players, solo main)"
                        for n, name in SETUP_NAMES.items()},
                     **{("difficulty", level): f"Solo dummy's difficulty: {level}"
                        for level in ("easy", "medium", "hard")}}

    def options_lines(self, options: BaseModel) -> list[str]:
        o: Any = options
        if o.version == "main":
            lines = ["Version: main — 5 rounds; majorities, Council orders and improvements; the most "
                     "council votes at the election is Aelderman. With one player: solo against the dummy."]
        else:
            lines = ["Version: short — 2 rounds, each player pursues a secret mission (basic, advanced, "
                     "expert task); several players can win. With one player: the solo Council Hall rules."]
        lines.append(f"Setup: {o.setup} — with 2 players (and solo, main version) a spare colour holds the "
                     f"places of setup {o.setup} ({SETUP_NAMES[o.setup]}).")
        lines.append(f"Difficulty: {o.difficulty} — the dummy player of a solo game in the main version.")
        return lines

    def rules(self) -> list[discord.Embed]:
        embeds = [discord.Embed(title="Aelderman — rules summary (short version)", colour=COLOUR,
                                description=fit("\n".join(f"• {line}" for line in summary_lines()),
                                                DESCRIPTION_LIMIT))]
        for title, lines in component_tables()[1:]:
            embeds.extend(_line_embeds(f"Aelderman — {title}", lines))
        return embeds

    def outcome_lines(self, info: TableInfo, outcome: Any, kept: bool = False) -> list[str]:
        return outcome_lines(info, outcome, kept)


def _line_embeds(title: str, lines: list[str]) -> list[discord.Embed]:
    """Lines split over as many embeds as their descriptions need (each at most 4000 characters)."""
    chunks: list[list[str]] = [[]]
    size = 0
    for line in lines:
        line = fit(line, 1000)
        if chunks[-1] and size + len(line) + 1 > 4000:
            chunks.append([])
            size = 0
        chunks[-1].append(line)
        size += len(line) + 1
    parts = len(chunks)
    return [discord.Embed(title=title + (f" ({i + 1}/{parts})" if parts > 1 else ""), colour=COLOUR,
                          description="\n".join(chunk)) for i, chunk in enumerate(chunks)]


RENDERER = AeldermanRenderer()


def _picture(png: bytes, main: bool) -> discord.File:
    if main:
        return discord.File(io.BytesIO(png), filename="aelderman-board.png",
                            description="The sea map, Lübeck's districts, the majorities so far, the improvements "
                                        "and the Council orders")
    return discord.File(io.BytesIO(png), filename="aelderman-sea-map.png",
                        description="The sea map: routes, banners, subsidiaries and ships")
