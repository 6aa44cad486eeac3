"""Wettstreit der Baumeister in Discord: board, private panel, action labels and rules."""

from __future__ import annotations

from typing import Any

import discord
from pydantic import BaseModel

from bot.render.base import Renderer, Style, TableInfo, drop_lines, plural, rename_fields
from bot.render.baumeister_help import (COIN, OPTION_HELP, OPTION_NAMES, OPTION_VALUES, RULES_SUMMARY, SHIELD,
                                        component_lines, option_rows)
from games.baumeister import data
from games.baumeister.data import CARD_BY_ID
from games.baumeister.views import BaumeisterView, CardView, PlayerView

COLOUR = discord.Colour.dark_gold()
SABOTEUR, HAND = "💣", "🂠"
SABOTAGE = f"{SABOTEUR} **Sabotage**: "  # the board's line of a sabotage under way
SHORT_TYPE = {"corner_tower": "Corner", "tower": "Tower", "gate": "Gate", "town_hall": "Hall", "church": "Church"}
TYPE_NAME = dict(zip(data.TYPE_KEYS, data.TYPE_NAMES))
FIELD_LIMIT = 1024
# What says whose move it is on the board (a replaced board loses them: `retired`).
TURN_OF, TO_BID, TO_ACT = "**Turn of ", "To bid: ", "▶ "


def cell(card: CardView | None) -> str:
    """One card of a city row, e.g. `[Gate 3🪙🪙]`; a gap is `[ — ]`."""
    if card is None:
        return "[ — ]"
    return f"[{SHORT_TYPE[card.type]} {card.value}{SHIELD * card.shields}{COIN * card.coins}]"


def city_row(player: PlayerView) -> str:
    if not player.city:
        return "*no buildings yet*"
    return " ".join(cell(c) for c in player.city)


def card_name(card_id: str) -> str:
    card = CARD_BY_ID.get(card_id)
    return card.name if card else card_id


def player_number(seat: int) -> str:
    """A player in a label: the table fills in the name."""
    return f"{{p{seat}}}"


def _fit(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class BaumeisterRenderer(Renderer):
    game = "baumeister"

    # -- the public board --------------------------------------------------------------
    def board(self, info: TableInfo, view: BaseModel) -> list[discord.Embed]:
        assert isinstance(view, BaumeisterView)
        title = "Final round" if view.final_round else f"Turn {view.turn}"
        if view.phase == "over":
            title = "Game over"
        embed = discord.Embed(title=f"{info.title} — {title}", colour=COLOUR,
                              description=_fit("\n".join(self._status_lines(info, view)), 4096))
        for player in view.players:
            embed.add_field(name=_fit(self._player_heading(info, view, player), 256),
                            value=_fit(self._player_body(player, view.phase == "over"), FIELD_LIMIT), inline=False)
        embed.set_footer(text="Money is kept secret. Cards: value, 🛡 shields, 🪙 coins; [ — ] is a gap; 💣 saboteurs.")
        return [embed]

    def retired(self, embeds: list[discord.Embed]) -> list[discord.Embed]:
        for embed in embeds:  # whose turn it was, who was to bid, a sabotage under way, the ▶ of who was to act
            drop_lines(embed, (TURN_OF, TO_BID, SABOTAGE))
            rename_fields(embed, lambda name: name.removeprefix(TO_ACT))
        return embeds

    def board_key(self, view: BaseModel) -> str:
        assert isinstance(view, BaumeisterView)
        if view.phase == "over":
            return "over"
        return "final" if view.final_round else f"turn-{view.turn}"

    def _status_lines(self, info: TableInfo, view: BaumeisterView) -> list[str]:
        lines = []
        if view.phase != "over" and view.current is not None:
            lines.append(f"{TURN_OF}{info.mention(view.current)}** — {self._phase_text(info, view)}")
        open_card = f"top: **{view.open_card.name}**" if view.open_card else "empty"
        lines.append(f"Open stack: {plural(view.open_stack, 'card')}, {open_card}")
        lines.append(f"Face-down stack: {plural(view.hidden_stack, 'card')} · Saboteurs in the reserve: {view.reserve}"
                     f" · Cash supply: {plural(view.bank, 'thaler')}")
        if view.turn == 1 and view.start_rolls:  # "By a roll of the die, determine the starting player."
            rolls = ", ".join("saboteur" if face == 0 else str(face) for face in view.start_rolls)
            lines.append(f"Start player: {info.name(view.start_player)} (the die, rolled until it showed a seat's "
                         f"number: {rolls}).")
        if view.last_turn and not view.final_round and view.phase != "over":
            lines.append("⚠️ The last card of a stack has been auctioned: the final round follows this turn.")
        if view.auction is not None:
            lines.extend(self._auction_lines(info, view))
        if view.sabotage is not None:
            lines.append(self._sabotage_line(info, view))
        return lines

    def _phase_text(self, info: TableInfo, view: BaumeisterView) -> str:
        actor = info.name(view.to_act[0]) if view.to_act else ""
        return {
            "income": "revenues: roll the die" + (" or take 3 thalers" if view.options.take_three else ""),
            "steal": "may take a saboteur from another player",
            "lot": "chooses the card to auction",
            "opening": "places the opening bid",
            "bidding": f"auction: {actor} to bid",
            "build": "builds or plays a saboteur" if view.may_sabotage else "builds",
            "place": "builds",
            "aim": "aims a saboteur",
            "offer": f"sabotage: {actor} may offer a pay-off",
            "answer": self._negotiation_text(info, view),
            "grab": "takes a card from a hand",
            "final": f"lays out {_how_many(view)}",
            "final_place": f"lays out {_how_many(view)}",
        }.get(view.phase, view.phase)

    @staticmethod
    def _negotiation_text(info: TableInfo, view: BaumeisterView) -> str:
        sab = view.sabotage
        if sab is None:
            return "a pay-off is negotiated"
        return f"{info.name(sab.attacker)} and {info.name(sab.victim)} negotiate a pay-off"

    def _auction_lines(self, info: TableInfo, view: BaumeisterView) -> list[str]:
        auction = view.auction
        assert auction is not None
        lines = [f"🔨 **Auction** by {info.name(auction.auctioneer)} of {_lot(auction)}"]
        bids = [f"{info.name(b.seat)} {'passes' if b.amount is None else b.amount}" for b in auction.bids]
        if bids:
            lines.append("Bids: " + " · ".join(bids))
        if auction.high_bidder is not None:
            lines.append(f"Highest bid: **{auction.high_bid}** by {info.name(auction.high_bidder)}")
        if auction.to_bid is not None:
            lines.append(f"{TO_BID}{info.mention(auction.to_bid)}")
        return lines

    def _sabotage_line(self, info: TableInfo, view: BaumeisterView) -> str:
        sab = view.sabotage
        assert sab is not None
        attacker, victim = info.name(sab.attacker), info.name(sab.victim)
        if sab.target == "hand":
            return f"{SABOTAGE}{attacker} takes a face-down card from {victim}'s hand."
        if sab.building is None:
            return f"{SABOTAGE}{attacker} aims a saboteur at {victim}'s city."
        text = (f"{SABOTAGE}{attacker}'s saboteur on {victim}'s {sab.building.name}; "
                f"the roll must beat {sab.shields} {SHIELD} (or show the saboteur).")
        if sab.negotiating:  # the amounts are the two players' secret until they settle
            text += f" {victim} and {attacker} are negotiating a pay-off."
        return text

    def _player_heading(self, info: TableInfo, view: BaumeisterView, player: PlayerView) -> str:
        marker = TO_ACT if player.seat in view.to_act else ""
        number = "" if view.phase == "over" else f"{player.seat + 1}. "  # a seat, not a place in the standings
        parts = [f"{marker}{number}{info.name(player.seat)}",
                 f"{player.shields}{SHIELD}", f"{player.coins}{COIN}",
                 f"{player.saboteurs}{SABOTEUR}", f"{player.hand_count} in hand"]
        if player.complete:
            parts.append("complete city")
        return " · ".join(parts)

    def _player_body(self, player: PlayerView, over: bool = False) -> str:
        lines = [city_row(player) + f" — value {player.city_value}"]
        known = [c.name for c in player.hand_known]
        known += [f"a {TYPE_NAME[t].lower()} (value unknown)" for t in player.hand_types]
        if known:
            lines.append(("Left in hand: " if over else "Known in hand: ") + ", ".join(known))
        return "\n".join(lines)

    # -- the private panel ---------------------------------------------------------------
    def panel(self, info: TableInfo, view: BaseModel, seat: int) -> discord.Embed:
        assert isinstance(view, BaumeisterView)
        me = view.players[seat]
        embed = discord.Embed(title=f"{info.title} — your hand", colour=COLOUR)
        known, typed = {c.id for c in me.hand_known}, set(me.hand_typed)
        hand = [c.name + (" (seen by all)" if c.id in known else " (its type known to all)" if c.id in typed else "")
                for c in me.hand or []]
        lines = [f"**Money:** {plural(me.money, 'thaler')} (only you see this)",
                 f"**Saboteurs:** {me.saboteurs}",
                 f"**Hand ({me.hand_count}):** " + (", ".join(hand) if hand else "empty"),
                 f"**Your city:** {city_row(me)}"]
        auction = view.auction
        if auction is not None and auction.stack == "hidden" and auction.card is not None:
            lines.append(f"**The face-down card you auction:** {auction.card.name}")
        if view.picked is not None:
            lines.append(f"**Card in hand to place:** {view.picked.name}")
        sab = view.sabotage
        if sab is not None and sab.offer is not None and seat == sab.proposer:
            other = info.name(sab.victim if seat == sab.attacker else sab.attacker)
            verb = "asked for" if seat == sab.attacker else "offered"
            lines.append(f"**Pay-off:** you {verb} **{sab.offer}** {'thaler' if sab.offer == 1 else 'thalers'}; {other} answers (only you two see this).")
        lines.append("")
        lines.append(self._decision(info, view, seat))
        embed.description = _fit("\n".join(lines), 4096)
        return embed

    def _decision(self, info: TableInfo, view: BaumeisterView, seat: int) -> str:
        if view.phase == "over":
            return "The game is over."
        if seat not in view.to_act:
            waiting = ", ".join(info.name(s) for s in view.to_act)
            return f"Waiting for {waiting}."
        auction, sab = view.auction, view.sabotage
        building = self._build_text(view)
        take = (" (1 to 5 thalers, or a saboteur instead), or take 3 thalers (no saboteur)."
                if view.options.take_three else " (1 to 5 thalers, or a saboteur instead).")
        swap = " (or swap the open card for 1 thaler)." if view.can_swap else "."
        text = {
            "income": "**Now:** roll the die for your revenues" + take + _gates_line(view, view.options.take_three),
            "steal": "**Now:** the reserve is empty — you may take a saboteur from a player, or none.",
            "lot": "**Now:** choose the card to auction" + swap,
            "opening": f"**Now:** place your opening bid for {_lot(auction)} (0 or more, at most what you have)."
                       if auction is not None else None,
            "place": f"**Now:** choose where {view.picked.name if view.picked else 'the card'} goes.",
            "final_place": f"**Now:** choose where {view.picked.name if view.picked else 'the card'} goes.",
            "aim": "**Now:** choose the building your saboteur attacks.",
            "grab": "**Now:** pick one of the face-down cards held out to you.",
            "build": building,
            "final": building,
        }.get(view.phase)
        if text:
            return text
        if view.phase == "bidding" and auction is not None:
            whose = "your" if auction.auctioneer == seat else f"{info.name(auction.auctioneer)}'s"
            held = "" if auction.high_bidder is None else (
                " (your bid)" if auction.high_bidder == seat else f" ({info.name(auction.high_bidder)}'s bid)")
            if not view.can_raise:
                return (f"**Now:** the bid for {_lot(auction)} in {whose} auction stands at {auction.high_bid}{held}; "
                        "you have too few thalers to raise it: pass.")
            return (f"**Now:** raise above {auction.high_bid}{held} for {_lot(auction)} in {whose} auction, or pass "
                    "(a pass is final).")
        if view.phase == "offer" and sab is not None:
            attack = f"**Now:** a saboteur attacks your {sab.building.name if sab.building else 'building'}. "
            if not view.players[seat].money:  # nothing to offer: the only choice is the die
                return attack + f"You have no thalers to offer: let the die decide ({_must_beat(sab)})."
            return attack + f"Offer thalers to call it off, or let the die decide ({_must_beat(sab)})."
        if view.phase == "answer" and sab is not None:
            return self._answer_text(info, view, sab, seat)
        return "**Now:** your move."

    @staticmethod
    def _answer_text(info: TableInfo, view: BaumeisterView, sab: Any, seat: int) -> str:
        """The side answering an amount: only what its choices allow (accept or pay, counter, refuse)."""
        amount = f"**{sab.offer}** {_thalers(sab.offer)}"
        if seat == sab.attacker:
            head = f"**Now:** {info.name(sab.victim)} offers {amount} to call your saboteur off: "
            can = ["accept"] + (["ask for more"] if view.can_counter else []) + ["refuse and roll the die"]
        else:
            head = f"**Now:** {info.name(sab.attacker)} asks for {amount} to call the saboteur off: "
            can = (["pay"] if view.can_accept else []) + (["offer less"] if view.can_counter else [])
            can.append(f"refuse and let the die decide ({_must_beat(sab)})")
        text = head + (", ".join(can[:-1]) + ", or " + can[-1] if len(can) > 1 else can[0]) + "."
        if seat != sab.attacker and not view.can_accept:
            text += " You have less than that, so you cannot pay it."
        return text + " Only the two of you see the amounts."

    def _build_text(self, view: BaumeisterView) -> str:
        can = [f"build {_how_many(view)}"] if view.can_build else []
        can += ["play a saboteur"] if view.can_sabotage else []
        # A first build not begun that no three cards of the hand can make: its rule is why.
        first = view.min_place > view.placed == 0
        nothing = (f"no first build of {_first_build(view)} can be made from your hand" if first
                   else "no card of yours fits your city")
        if view.final_round:
            head = (f"**Final round:** lay out {_how_many(view)}; now a city may be completed." if view.can_build
                    else f"**Final round:** {nothing}: finish.")
        elif not can:
            head = f"**Now:** {nothing} and no saboteur can be played now: end your turn."
        else:  # a first build, once begun, cannot end before its cards are laid out
            ending = ", or end your turn" if not view.placed or view.placed >= view.min_place else ""
            head = f"**Now:** {', '.join(can)}{ending}."
        if view.min_place and view.placed < view.min_place and view.can_build:
            head += f" A first build is {_first_build(view)} ({view.placed} laid out)."
        elif view.placed:
            head += f" Laid out this turn: {view.placed}."
        return head

    # -- actions -----------------------------------------------------------------------
    def action_label(self, action: BaseModel, view: BaseModel) -> str:
        assert isinstance(view, BaumeisterView)
        return _fit(self._label(action, view), 80)

    def _label(self, action: Any, view: BaumeisterView) -> str:
        kind = action.kind
        if kind == "roll":
            return "Roll the die"
        if kind == "take_three":
            gates = _gate_coins(view)
            return f"Take 3 thalers (+{gates} for city gates)" if gates else "Take 3 thalers"
        if kind == "steal":
            return f"Take a saboteur from {player_number(action.seat)}"
        if kind == "no_steal":
            return "Take no saboteur"
        if kind == "swap":
            return "Swap the open card (1 thaler)"
        if kind == "auction":
            if action.stack == "open":
                return f"Auction the open card: {view.open_card.name}" if view.open_card else "Auction the open card"
            return "Auction the top face-down card"
        if kind == "bid":
            if view.phase == "opening" or view.auction is None or view.auction.high_bid is None:
                return f"Open at {action.amount}"
            return f"Raise to {action.amount} (+{action.amount - view.auction.high_bid})"
        if kind == "pick":
            return f"Build {card_name(action.card)}"
        if kind == "place":
            return self._place_label(action.slot, view)
        if kind == "sabotage":
            victim = view.players[action.seat]
            if action.target == "hand":
                return f"Saboteur on {player_number(action.seat)}'s hand ({victim.hand_count} cards)"
            return f"Saboteur on {player_number(action.seat)}'s city"
        if kind == "aim":
            return self._aim_label(action.slot, view)
        return self._answer_label(action, view)

    def _answer_label(self, action: Any, view: BaumeisterView) -> str:
        kind = action.kind
        sab = view.sabotage
        offer = sab.offer if sab is not None else None
        attacker = sab is not None and view.viewer == sab.attacker
        labels = {
            "pass": "Pass",
            "unpick": "Take the card back",
            "no_offer": "No offer: let the die decide",
            "accept": ("Accept the offer" if offer is None else
                       f"Accept {plural(offer, 'thaler')}" if attacker else f"Pay the {plural(offer, 'thaler')} asked"),
            "refuse": "Refuse and roll the die" if attacker else "Refuse and let the die decide",
            "done": "Finish" if view.final_round else ("End turn" if view.placed else "Build nothing, end turn"),
        }
        if kind == "offer":
            thalers = plural(action.amount, "thaler")
            if view.phase == "answer":
                return f"Ask for {thalers}" if attacker else f"Offer {thalers} instead"
            return f"Offer {thalers}"
        if kind == "grab":
            return f"Face-down card {action.position + 1}"
        return labels.get(kind, kind.replace("_", " ").capitalize())

    def _place_label(self, slot: int, view: BaumeisterView) -> str:
        city = view.players[view.to_act[0]].city if view.to_act else []
        card = view.picked.name if view.picked else "Card"
        corner = view.picked is not None and view.picked.type == "corner_tower"
        if not city:
            where = ("as the left end" if slot == -1 else "as the right end") if corner else "to start the city"
        elif slot == -1:
            where = f"left end, beside {self._short(city[0])}"
        elif slot == len(city):
            where = f"right end, beside {self._short(city[-1])}"
        else:
            where = f"gap {slot + 1}, between {self._short(city[slot - 1])} and {self._short(city[slot + 1])}"
        return f"{card} → {where}"

    @staticmethod
    def _short(card: CardView | None) -> str:
        return "a gap" if card is None else f"{SHORT_TYPE[card.type]} {card.value}"

    def _aim_label(self, slot: int, view: BaumeisterView) -> str:
        victim = view.sabotage.victim if view.sabotage is not None else None
        if victim is None:
            return f"Building {slot + 1}"
        building = view.players[victim].city[slot]
        name = building.name if building else "a gap"
        return f"{name} (position {slot + 1}) of {player_number(victim)}"

    def action_group(self, action: BaseModel, view: BaseModel) -> str | None:
        assert isinstance(view, BaumeisterView)
        if getattr(action, "kind", "") == "offer" and view.phase == "answer" and view.sabotage is not None:
            return "Ask for more (thalers)" if view.viewer == view.sabotage.attacker else "Offer less (thalers)"
        return {
            "bid": "Choose your bid (thalers)",
            "pick": "Build a card from your hand",
            "sabotage": "Play a saboteur",
            "aim": "Choose the building to attack",
            "offer": "Offer a pay-off (thalers)",
            "grab": "Pick a face-down card",
        }.get(getattr(action, "kind", ""))

    def action_style(self, action: BaseModel) -> Style:
        kind = getattr(action, "kind", "")
        if kind in ("pass", "unpick", "no_offer", "done", "refuse", "no_steal"):
            return "secondary"
        if kind in ("sabotage", "aim", "grab", "steal"):
            return "danger"
        if kind == "accept":
            return "success"
        return "primary"

    def action_description(self, action: BaseModel, view: BaseModel) -> str | None:
        assert isinstance(view, BaumeisterView)
        kind = getattr(action, "kind", "")
        if kind == "pick":
            card = CARD_BY_ID[action.card]  # type: ignore[attr-defined]
            text = f"{data.TYPE_NAMES[card.type]}: {plural(card.value, 'point')}" + self._extras(card.shields, card.coins)
            return _fit(text, 100)
        if kind == "bid":
            me = view.players[view.viewer] if view.viewer is not None else None
            if me is not None and me.money is not None:
                return f"You have {plural(me.money, 'thaler')}"
        if kind == "sabotage":
            return ("No defence: take one of their face-down cards; it goes under the smaller stack"
                    if getattr(action, "target", "") == "hand" else
                    "Aim at a building; they may buy you off, else the die decides against its shields")
        if kind == "aim" and view.sabotage is not None:
            return f"The city has {plural(view.sabotage.shields, 'shield')}: the roll must beat it, or show the saboteur"
        return None

    @staticmethod
    def _extras(shields: int, coins: int) -> str:
        if shields:
            return f", {shields} shield{'s' if shields > 1 else ''}"
        if coins:
            return f", {coins} coin{'s' if coins > 1 else ''} of income"
        return ""

    # -- text ----------------------------------------------------------------------------
    OPTION_LABELS = {(key, value): f"{name}: {OPTION_VALUES[value]}" for key, name in OPTION_NAMES.items()
                     for value in ((True, False) if key != "first_build" else ("exactly", "at_least"))}

    def options_lines(self, options: BaseModel) -> list[str]:
        return [f"{label}: {shown}" for label, shown, _ in option_rows(options)]

    def rules(self) -> list[discord.Embed]:
        summary = discord.Embed(title="Wettstreit der Baumeister — rules", colour=COLOUR,
                                description="\n".join(RULES_SUMMARY))
        components = discord.Embed(title="Components", colour=COLOUR, description="\n".join(component_lines()))
        options = discord.Embed(title="Table options", colour=COLOUR, description="\n".join(
            f"**{label}**: {value}" for label, value in OPTION_HELP))
        return [summary, components, options]

    def outcome_lines(self, info: TableInfo, outcome: Any, kept: bool = False) -> list[str]:
        lines = []  # (nothing is dealt in secret: cards come from the stacks, in turn)
        place = 1
        for group in outcome.ranking:
            # Equal points share a place; players ranked last for leaving share theirs without a tie.
            tied = " (tie)" if len(group) > 1 and len({outcome.scores[seat] for seat in group}) == 1 else ""
            for seat in group:
                lines.append(f"**{place}.** {info.name(seat)} — {plural(int(outcome.scores[seat]), 'point')}{tied}")
                lines.extend(f"  · {line}" for line in outcome.details.get(seat, []))
            place += len(group)
        return lines


RENDERER = BaumeisterRenderer()


def _gate_coins(view: BaumeisterView) -> int:
    """The coins on the viewer's city gates: rulebook "he/she gets 1 additional Thaler for each coin
    on his/her city gates", whether the die is rolled or 3 taken."""
    return view.players[view.viewer].coins if view.viewer is not None else 0


def _gates_line(view: BaumeisterView, either: bool) -> str:
    gates = _gate_coins(view)
    return f" Your city gates add {gates} {_thalers(gates)}{' to either' if either else ''}." if gates else ""


def _first_build(view: Any) -> str:
    """'exactly 3 cards', or 'at least 3 cards' where the table's option lets it lay out more (the
    final round allows three at most, so there a first build is exactly three whatever the option)."""
    return f"{'exactly' if view.max_place <= view.min_place else 'at least'} {view.min_place} cards"


def _how_many(view: Any) -> str:
    """The cards a build may lay out: a first build under "at least 3 cards" may lay out more, and
    once its three are down, any more (or none)."""
    if view.placed < view.min_place == view.max_place:  # a first build: all of them, no fewer
        left = view.min_place - view.placed
        return "three cards" if view.placed == 0 else f"{left} more card{'s' if left > 1 else ''}"
    if view.max_place <= 3:
        return "up to three cards"
    return "more cards" if view.placed >= view.min_place else "three cards or more"


def _must_beat(sab: Any) -> str:
    # rulebook: "To be successful either the dot must be rolled, or the number rolled must be
    # strictly greater than the number of shields": no number of shields makes a city safe.
    return f"it must beat {sab.shields} {SHIELD} or show the saboteur"


def _thalers(count: int) -> str:
    return "thaler" if count == 1 else "thalers"


def _lot(auction: Any) -> str:
    """The card under the hammer as everyone may know it: an open card by name, a face-down one by
    the type its auctioneer named (or not at all)."""
    if auction.stack == "open" and auction.card is not None:
        return f"the open card **{auction.card.name}**"
    if auction.card_type:
        return f"the face-down card — it is a **{TYPE_NAME[auction.card_type].lower()}**"
    return "the top face-down card"
