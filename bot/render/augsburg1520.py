"""Augsburg 1520 in Discord: the public board, the private panel, action labels, /rules."""

from __future__ import annotations

import re
from typing import Any

import discord
from pydantic import BaseModel

from bot.render.augsburg1520_help import RULES_SUMMARY, components_text
from bot.render.base import Renderer, Style, TableInfo, plural, rename_fields
from games.augsburg1520 import data
from games.augsburg1520.auction import MAX_BID_OPTIONS
from games.augsburg1520.common import cap_note, cap_of, capped_gain

NAMES = data.NOBLE_NAMES
COLOUR = discord.Colour.dark_gold()
TO_ACT = "to act"  # a player's mark on the board (a replaced board loses it: `retired`)
USE_TEXT = {
    "money": f"take {data.MONEY_PRIVILEGE} guilders",
    "agency_money": f"take {data.AGENCY_MONEY} guilders",
    "cards": "draw 2 cards, then discard 1",
    "weapon": "take the Weapon",
    "patent": "take the Patent of Nobility",
    "mintmaster": "take the Mintmaster (+1 free card a round)",
    "builder": "take the Builder (an extra building per card)",
}
GROUPS = {
    "bid": "Bid how many cards?",
    "reveal_card": "Choose a card to show",
    "return_card": "Put a card chosen to show back in your hand",
    "discard_bid_card": "Choose a card of your bid to discard",
    "discard_card": "Choose a card to discard",
    "buy_card": "Choose a card to buy",
    "put_back_card": "Put a chosen card back",
    "use_privilege": "Use a privilege",
}


def card_text(card: Any) -> str:
    return "Joker" if card.noble == "joker" else f"{NAMES[card.noble]} {card.value}"


def card_id_text(card_id: str) -> str:
    noble, _, value = card_id.partition("-")
    return "Joker" if noble == "joker" else f"{NAMES[noble]} {value}"


def n_cards(count: int) -> str:
    return f"{count} card{'s' * (count != 1)}"


def backs_text(backs: dict[int, int]) -> str:
    total = sum(backs.values())
    if not total:
        return "no cards"
    parts = ", ".join(f"{n}×{cost}" for cost, n in sorted(backs.items()))
    return f"{n_cards(total)} ({parts})"


def level_text(category: str, level: int) -> str:
    return f"{data.CATEGORY_NAMES[category]} {level} {data.LEVEL_NAMES[category][level - 1]}"


def rights_text(rights: dict[str, int]) -> str:
    parts = []
    for right in data.RIGHTS:
        value = rights.get(right, 0)
        if not value:
            continue
        name = data.RIGHT_NAMES[right]
        if right in ("church", "cathedral"):
            parts.append(f"{name} ({value})")
        elif right in ("weapon", "patent"):
            parts.append(f"{name} +{value}")
        else:
            parts.append(name)
    return ", ".join(parts) or "no rights yet"


def privilege_text(card: Any, used: list[bool] | None = None) -> str:
    names = []
    for index, code in enumerate(card.privileges):
        name = data.PRIVILEGE_NAMES[code]
        names.append(f"~~{name}~~" if used and used[index] else name)
    return f"#{card.number}: " + " · ".join(names)


def who(info: TableInfo, seats: list[int]) -> str:
    return ", ".join(info.mention(s) for s in seats) or "nobody"


def _noble(v: Any) -> str:
    return NAMES.get(v.noble, "")


def _bid_turn(info: TableInfo, v: Any, acting: str) -> str:
    high = f"high bid {n_cards(v.high)} by {info.name(v.leader)}" if v.high else "no bid yet"
    return f"{acting} to bid on **{_noble(v)}** ({high})."


TURN_LINES: dict[str, Any] = {
    "buy": lambda info, v, acting: f"Everybody chooses secretly which dealt cards to buy. Waiting for {acting}.",
    "bid": _bid_turn,
    "discard_bid": lambda info, v, acting: (
        f"{acting} won {_noble(v)} alone and chooses which {n_cards(v.high)} to discard."),
    "reveal": lambda info, v, acting: (
        f"Tie at {n_cards(v.high)}: the finalists choose secretly which cards to show. Waiting for {acting}."),
    "privilege_card": lambda info, v, acting: f"{acting} won {_noble(v)} and chooses a privilege card.",
    "privileges": lambda info, v, acting: (
        f"{acting} uses privilege card {privilege_text(v.card_in_use, v.slots_used)}."),
    "privilege_discard": lambda info, v, acting: f"{acting} used the Cards privilege and discards one card.",
    "choose_victim": lambda info, v, acting: (
        f"The pool is empty: {acting} chooses whose {data.CATEGORY_NAMES[v.pending_category]} tile to take."),
    "consolation": lambda info, v, acting: (
        f"{acting} lost a level tile and chooses {data.TILE_LOSS_MONEY} guilders or "
        f"{gain_text(v, data.TILE_LOSS_PRESTIGE, v.victim).removeprefix('+')}."),
    "shortage": lambda info, v, acting: (
        f"Too few cards to deal: everybody discards one card under the draw pile. Waiting for {acting}."),
}


def _bid_label(a: Any, v: Any) -> str:
    if not v.high:
        return f"Bid {n_cards(a.cards)}"
    cards = plural(a.cards, "card")
    return f"Hold at {cards}" if a.cards == v.high else f"Raise to {cards}"


def _cost(v: Any, card_id: str) -> int:
    return next((c.cost for c in (*v.offer, *v.hand) if c.id == card_id), 0)


def _finish_buying_label(a: Any, v: Any) -> str:
    spent = sum(c.cost for c in v.picks)
    return f"Done: buy {n_cards(len(v.picks))} for {spent} guilders"


def _privilege_card_label(a: Any, v: Any) -> str:
    card = next((c for c in v.display if c.number == a.number), None)
    return privilege_text(card) if card else f"Privilege card #{a.number}"


def gain_text(v: Any, points: int, seat: int | None = None) -> str:
    """"+7 prestige" for the viewer (or `seat`), or what the score cap leaves of it: "+0 of 7
    prestige (no more than 45 without a Cathedral)". Scores and rights are public."""
    seat = v.viewer if seat is None else seat
    me = v.players[seat] if seat is not None else None
    cap = cap_of(me.rights) if me is not None else None
    gained = capped_gain(me.score, cap, points) if me is not None else points
    if gained == points:
        return f"+{points} prestige"
    return f"+{gained} of {points} prestige ({cap_note(cap)})"


def _end_label(a: Any, v: Any) -> str:
    left = data.PRIVILEGES_PER_CARD - sum(v.slots_used)
    return f"Finish: forfeit {left} for {gain_text(v, left * data.FORFEIT_PRESTIGE)}" if left > 0 else "Finish"


def _use_label(a: Any, v: Any) -> str:
    code = v.card_in_use.privileges[a.slot] if v.card_in_use else ""
    name = data.PRIVILEGE_NAMES.get(code, "Privilege")
    if a.use == "prestige":
        return f"{name}: {gain_text(v, int(code[1:]))}"
    if a.use in ("church", "cathedral"):
        return f"{name}: build the {data.RIGHT_NAMES[a.use]} ({v.stacks[a.use][0]} guilders)"
    if a.use == "level" and v.viewer is not None:
        category = data.PRIVILEGE_CATEGORY[code]
        level = v.players[v.viewer].levels[category] + 1
        tile = data.LEVEL_NAMES[category][level - 1]
        if level <= 4 and v.level_pool[category][level - 2] == 0:  # "(but only then!) take it from another player"
            holders = [f"{{p{p.seat}}}" for p in v.players if p.seat != v.viewer and p.levels[category] == level]
            if holders:  # from whom, when several hold it, is the next choice
                whom = holders[0] if len(holders) == 1 else "one of its holders"
                return f"{name}: take the {tile} tile (level {level}) from {whom}, who drops a level"
        return f"{name}: rise to level {level}, {tile}"
    if a.use == "cards" and v.draw_size + v.discard_size < 2:  # every other card is in a hand
        left = v.draw_size + v.discard_size
        return f"{name}: " + ("draw the last card, then discard 1" if left else
                              "no card is left to draw; you would only discard 1")
    if a.use in ("weapon", "patent") and v.stacks.get(a.use):
        return f"{name}: {USE_TEXT[a.use]} (+{v.stacks[a.use][0]} a round)"
    return f"{name}: {USE_TEXT.get(a.use, a.use)}"


LABELS: dict[str, Any] = {
    "bid": _bid_label,
    "pass": lambda a, v: "Pass",
    "pick_noble": lambda a, v: f"List my {NAMES[a.noble]} notes",
    "discard_bid_card": lambda a, v: f"Discard {card_id_text(a.card)}",
    "discard_card": lambda a, v: f"Discard {card_id_text(a.card)}",
    "reveal_card": lambda a, v: f"Show {card_id_text(a.card)}",
    "return_card": lambda a, v: f"Keep {card_id_text(a.card)} in hand (not shown)",
    "buy_card": lambda a, v: f"Buy {card_id_text(a.card)} ({_cost(v, a.card)} guilders)",
    "put_back_card": lambda a, v: f"Put back {card_id_text(a.card)} ({_cost(v, a.card)} guilders)",
    "finish_buying": _finish_buying_label,
    "take_privilege_card": _privilege_card_label,
    "use_privilege": _use_label,
    "builder_build": lambda a, v: (
        f"Builder: build the {data.RIGHT_NAMES[a.building]} ({v.stacks[a.building][0]} guilders)"),
    "end_privileges": _end_label,
    "take_tile_from": lambda a, v: f"Take the tile from {{p{a.target}}}",
    "consolation": lambda a, v: (f"Take {data.TILE_LOSS_MONEY} guilders" if a.choice == "money"
                                 else f"Take {gain_text(v, data.TILE_LOSS_PRESTIGE).removeprefix('+')}"),
}


class Augsburg1520Renderer(Renderer):
    game = "augsburg1520"

    # -- public board --------------------------------------------------------------------
    def board(self, info: TableInfo, view: BaseModel) -> list[discord.Embed]:
        v: Any = view
        embed = discord.Embed(title=self._title(v), description=self._status(info, v)[:4096], colour=COLOUR)
        for player in v.players:
            embed.add_field(name=self._player_name(info, v, player)[:256], value=self._player_lines(v, player)[:1024],
                            inline=False)
        embed.add_field(name="Privilege cards", value=self._privileges(v)[:1024], inline=False)
        embed.add_field(name="Piles and tiles", value=self._piles(v)[:1024], inline=False)
        return [embed]

    def retired(self, embeds: list[discord.Embed]) -> list[discord.Embed]:
        for embed in embeds[:1]:  # its first line says whose move it was; "to act" marks the players
            embed.description = (embed.description or "").partition("\n")[2] or None
            rename_fields(embed, lambda name: re.sub(rf" \({TO_ACT}\)|, {TO_ACT}\b|\b{TO_ACT}, ", "", name))
        return embeds

    def board_key(self, view: BaseModel) -> str:
        v: Any = view
        if v.phase == "over":
            return "over"
        if v.round == 0:
            return "setup"
        return f"round{v.round}"  # one board per round: its log tells the round's auctions

    def _title(self, v: Any) -> str:
        if v.phase == "over":
            return f"Augsburg 1520 — game over after {v.rounds} rounds"
        if v.round == 0:
            return "Augsburg 1520 — buying the first cards"
        if not v.noble:
            return f"Augsburg 1520 — round {v.round} of {v.rounds}: money, prestige and cards"
        return f"Augsburg 1520 — round {v.round} of {v.rounds} · visit {v.auction + 1} of 5: {NAMES[v.noble]}"

    def _status(self, info: TableInfo, v: Any) -> str:
        lines = [self._turn_line(info, v)]
        if v.phase in ("bid", "reveal", "discard_bid") and v.noble:
            lines.append("Bids: " + " · ".join(self._bid_text(info, v, p) for p in v.players))
        if v.result_noble:
            lines.append(self._result_line(info, v))
        return "\n".join(lines)

    def _turn_line(self, info: TableInfo, v: Any) -> str:
        line = TURN_LINES.get(v.phase)
        return line(info, v, who(info, v.to_act)) if line else "The game is over."

    def _bid_text(self, info: TableInfo, v: Any, player: Any) -> str:
        state = "passed" if player.passed else (str(player.bid) if player.bid else "—")
        return f"{info.name(player.seat)} {state}"

    def _result_line(self, info: TableInfo, v: Any) -> str:
        noble = NAMES[v.result_noble]
        if not v.shown:
            return f"Last visit, {noble}: everybody passed."
        winner = info.name(v.shown[0].seat)
        if len(v.shown) == 1:
            cards = ", ".join(card_text(c) for c in v.shown[0].cards)
            return f"Last visit, {noble}: {winner} won alone and discarded {cards}."
        parts = []
        for bid in v.shown:
            prize = f" (+{bid.prize} guilders)" if bid.prize else ""
            parts.append(f"{info.name(bid.seat)}: {', '.join(card_text(c) for c in bid.cards)}{prize}")
        return f"Last visit, {noble}, won by {winner}. Shown: " + " · ".join(parts)

    def _player_name(self, info: TableInfo, v: Any, player: Any) -> str:
        marks = []
        if player.seat == v.start_player and (v.round == 0 or (v.round == 1 and v.auction == 0)):
            marks.append("start player")  # it opens the first auction only: later, the last winner opens
        if player.seat == v.opener and v.phase != "over":
            marks.append("opens" if v.noble else "opens the first auction" if v.round == 0 else "opens next round")
        if player.to_act:
            marks.append(TO_ACT)
        cap = cap_of(player.rights)
        if cap is not None and player.score >= cap and v.phase != "over":  # further points are forfeited
            marks.append(cap_note(cap))
        extra = f" ({', '.join(marks)})" if marks else ""
        return f"{info.name(player.seat)} — {player.score} prestige{extra}"

    def _player_lines(self, v: Any, player: Any) -> str:
        levels = " · ".join(level_text(cat, player.levels[cat]) for cat in data.CATEGORIES)
        lines = [levels, f"Rights: {rights_text(player.rights)}", f"Hand: {backs_text(player.hand_backs)}"]
        if player.offer_backs:
            lines.append(f"Dealt to buy: {backs_text(player.offer_backs)}")
        if player.picked:
            lines.append(f"Chosen secretly: {n_cards(player.picked)}")
        if player.money is not None:
            lines.append(f"Money: {player.money} guilders")
        return "\n".join(lines)

    def _privileges(self, v: Any) -> str:
        lines = [privilege_text(card) for card in v.display] or ["none on display"]
        if v.card_in_use:
            lines.append(f"In use: {privilege_text(v.card_in_use, v.slots_used)}")
        # Used ones are 'discarded face up beneath the 5 Privilege cards not used', and 'Unclaimed
        # Privilege cards are discarded at the end of the round' onto the same pile.
        if v.used_privileges:
            lines.append("Discarded, face up: " + "; ".join(
                f"#{n}: " + " · ".join(data.PRIVILEGE_NAMES[code] for code in data.PRIVILEGE_CARDS[n])
                for n in v.used_privileges))
        if v.round == 0:  # the first purchase: round 1 plays with the cards on display now
            lines.append(f"Face down until round 2: {v.reserve}")
        elif v.phase != "over" and v.round < v.rounds:  # the last round has no next one
            lines.append(f"Face down for next round: {v.reserve}" if v.reserve
                         else "Next round all 10 cards are reshuffled.")
        return "\n".join(lines)

    def _piles(self, v: Any) -> str:
        top = f", top back {v.draw_top_cost}" if v.draw_top_cost else ""
        discard = f", top {card_text(v.discard_top)}" if v.discard_top else ""
        pool = " · ".join(f"{data.CATEGORY_NAMES[cat]} {'/'.join(map(str, v.level_pool[cat]))}"
                          for cat in data.CATEGORIES)
        stacks = " · ".join(f"{data.RIGHT_NAMES[r]} {self._stack_top(r, v.stacks[r])}" for r in data.RIGHTS)
        return (f"Draw pile: {plural(v.draw_size, 'card')}{top}\nDiscard pile: {plural(v.discard_size, 'card')}{discard}\n"
                f"Level tiles in the pool (levels 2/3/4): {pool}\nRights on top: {stacks}")

    @staticmethod
    def _stack_top(right: str, stack: list[int]) -> str:
        if not stack:
            return "none left"
        if right in ("church", "cathedral", "weapon", "patent"):
            return f"{stack[0]} ({len(stack)} left)"
        return f"{len(stack)} left"

    # -- private panel -------------------------------------------------------------------
    def panel(self, info: TableInfo, view: BaseModel, seat: int) -> discord.Embed:
        v: Any = view
        me = v.players[seat]
        embed = discord.Embed(title=f"{info.name(seat)} — your hand", colour=COLOUR,
                              description=self._decision(info, v, seat)[:4096])
        embed.add_field(name=f"Hand ({plural(len(v.hand), 'card')})", value=self._hand_text(v.hand)[:1024], inline=False)
        if v.offer:
            chosen = {c.id for c in v.picks}
            lines = [f"{'✅ ' if c.id in chosen else ''}{card_text(c)} — {c.cost}" for c in v.offer]
            embed.add_field(name="Dealt to you to buy", value="\n".join(lines)[:1024], inline=False)
        elif v.picks:
            embed.add_field(name="Chosen so far (secret)", value=", ".join(card_text(c) for c in v.picks)[:1024],
                            inline=False)
        money = v.money if v.money is not None else me.money
        board = " · ".join(level_text(cat, me.levels[cat]) for cat in data.CATEGORIES)
        embed.add_field(name="Your board", value=(f"{me.score} prestige · {money} guilders\n{board}\n"
                                                  f"Rights: {rights_text(me.rights)}")[:1024], inline=False)
        return embed

    @staticmethod
    def _hand_text(hand: list[Any]) -> str:
        if not hand:
            return "No cards."
        lines = []
        for noble in (*data.NOBLES, "joker"):
            cards = [c for c in hand if c.noble == noble]
            if not cards:
                continue
            if noble == "joker":
                lines.append(f"Jokers: {len(cards)}")
            else:
                lines.append(f"{NAMES[noble]}: " + ", ".join(str(c.value) for c in cards))
        return "\n".join(lines)

    def _decision(self, info: TableInfo, v: Any, seat: int) -> str:
        if seat not in v.to_act:
            return f"Nothing to decide now. Waiting for {', '.join(info.name(s) for s in v.to_act) or 'nobody'}."
        spent = sum(c.cost for c in v.picks)
        prompts = {
            "buy": self._buy_prompt(v, spent),
            "discard_bid": f"You won alone: choose the {n_cards(v.high)} of your bid to discard "
                           f"({len(v.picks)} chosen; at least one must be a note).",
            "reveal": f"Choose secretly the {n_cards(v.high)} to show ({len(v.picks)} chosen). "
                      "The highest single card wins; a joker has no value."
                      + (" At equal values, Maria beats Leo, Louise and Philipp (in that order)."
                         if v.noble == "maximilian" else "")
                      + (" Until your last card, one chosen by mistake can be kept in hand." if v.picks else ""),
            "privilege_card": "Choose a privilege card.",
            "privileges": self._privileges_prompt(v),
            "privilege_discard": "Discard any one card from your hand.",
            "choose_victim": "The pool is empty: choose whose tile to take.",
            "consolation": f"You lost a level tile: take {data.TILE_LOSS_MONEY} guilders or "
                           f"{gain_text(v, data.TILE_LOSS_PRESTIGE).removeprefix('+')}.",
            "shortage": "Too few cards to deal: discard one card under the draw pile.",
        }
        return self._bid_prompt(v, info) if v.phase == "bid" else prompts.get(v.phase, "")

    @staticmethod
    def _buy_prompt(v: Any, spent: int) -> str:
        picked = {card.id for card in v.picks}
        left = (v.money or 0) - spent
        if any(card.id not in picked and card.cost <= left for card in v.offer):
            until = " Until then, a card chosen by mistake can be put back." if picked else ""
            return f"Choose secretly which dealt cards to buy (chosen so far: {spent} guilders), then press Done.{until}"
        return (f"No other dealt card is within the {left} guilders you have left (chosen so far: {spent} "
                f"guilders): press Done{', or put a chosen card back' if picked else ''}.")

    @staticmethod
    def _privileges_prompt(v: Any) -> str:
        left = data.PRIVILEGES_PER_CARD - sum(v.slots_used)
        forfeit = gain_text(v, data.FORFEIT_PRESTIGE).removeprefix("+")
        if left >= 2:
            return f"Use up to two privileges; each one you leave out gives {forfeit}."
        if left == 1:
            return f"Use one more privilege, or finish: leaving it out gives {forfeit}."
        # Both used; what is left is the Builder's additional building (no privilege forfeited).
        return "Both privileges are used: build with the Builder as an additional privilege, or finish."

    @staticmethod
    def _bid_prompt(v: Any, info: TableInfo) -> str:
        noble = NAMES[v.noble]
        counting = ("Any notes and jokers count" if v.noble == "maximilian"
                    else f"Only {noble} notes and jokers count")
        notes = [c for c in v.hand if c.noble != "joker" and (v.noble == "maximilian" or c.noble == v.noble)]
        if not notes:
            return f"Bid on **{noble}**: you hold no note for this visit, so you can only pass."
        suitable = len(notes) + sum(1 for c in v.hand if c.noble == "joker")
        if suitable < v.high:
            return (f"Bid on **{noble}**: the bid stands at {n_cards(v.high)} ({info.name(v.leader)}'s) and you "
                    f"hold only {plural(suitable, 'card')} that {'counts' if suitable == 1 else 'count'}, so you can only pass.")
        choice = "pass or bid a number of cards"
        if v.high:
            choice = f"pass or hold {v.high}" if suitable == v.high else f"pass, hold {v.high} or raise"
        standing = f" ({info.name(v.leader)} bid {n_cards(v.high)})" if v.high else ""
        prompt = f"Bid on **{noble}**{standing}: {choice}. {counting}; a bid of jokers only is not allowed."
        listed = max(v.high, 1) + MAX_BID_OPTIONS - 1
        if suitable > listed:  # the menu stops short of the bidder's suitable cards
            prompt += f" To bid more than {n_cards(listed)} (up to {suitable}), use **Other amount…**."
        return prompt

    # -- actions -------------------------------------------------------------------------
    def action_label(self, action: BaseModel, view: BaseModel) -> str:
        a: Any = action
        label = LABELS.get(a.kind)
        # Not cut here: the names filled in for {p0}... make it longer; the panel fits it to its place.
        return label(a, view) if label else a.kind.replace("_", " ").capitalize()

    def action_group(self, action: BaseModel, view: BaseModel) -> str | None:
        return GROUPS.get(getattr(action, "kind", ""))

    def action_style(self, action: BaseModel) -> Style:
        kind = getattr(action, "kind", "")
        if kind in ("pass", "end_privileges", "put_back_card", "return_card"):
            return "secondary"
        if kind in ("finish_buying", "builder_build"):
            return "success"
        return "primary"

    OPTION_LABELS = {("open_money", True): "Money face up: everyone sees every player's money",
                     ("open_money", False): "Money face down: each player sees only their own"}

    def options_lines(self, options: BaseModel) -> list[str]:
        if getattr(options, "open_money", False):
            return ["Money: face up (everyone sees every player's money)"]
        return ["Money: face down (each player sees only their own)"]

    # -- /rules --------------------------------------------------------------------------
    def rules(self) -> list[discord.Embed]:
        summary = discord.Embed(title="Augsburg 1520 — rules summary", colour=COLOUR, description=RULES_SUMMARY)
        components = discord.Embed(title="Components", colour=COLOUR, description=components_text())
        kinds = {True: "the rulebook's, details chosen", False: "chosen"}
        decided = "\n".join(f"**{name}** ({kinds[name in data.DETAILED_RULES]}): {text}"
                            for name, text in data.CHOSEN_RULES)
        chosen = discord.Embed(title="Open points, as decided here", colour=COLOUR, description=decided)
        return [summary, components, chosen]


RENDERER = Augsburg1520Renderer()
