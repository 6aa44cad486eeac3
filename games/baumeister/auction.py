"""Steps 1 and 2 of a turn: income and the auction of one building card."""

from __future__ import annotations

from functools import lru_cache

from games.baumeister import moves
from games.baumeister.city import coins
from games.baumeister.common import (
    add_to_hand, amount_choices, event, face_text, from_bank, name, replace_at, roll_die, to_bank,
    under_smaller_stack,
)
from games.baumeister.data import (IDS, MENU_LIMIT, MIN_OPENING_BID, SAFE_INCOME, SWAP_COST, TYPE, TYPE_KEYS,
                                   TYPE_NAMES)
from games.baumeister.flow import begin_build
from games.baumeister.state import Phase, State
from games.core import AmountChoice, Event, RuleError, plural, private, public

# ---------------------------------------------------------------- 1. income


def income_actions(state: State, seat: int) -> list:
    return [moves.ROLL, moves.TAKE_THREE] if state.options.take_three else [moves.ROLL]


def steal_candidates(state: State, seat: int) -> list[int]:
    return [s for s in range(state.seats) if s != seat and state.saboteurs[s]]


def apply_income(state: State, seat: int, action, events: list[Event]) -> None:
    if not state.announced:  # the game's first move is always the start player's income
        state.announced = True
        events.append(event(
            "start_player", "The die decided who starts (rolled until it showed a seat's number, 1 to %d): %s; "
            "{p%d} begins." % (state.seats, ", ".join("saboteur" if f == 0 else str(f) for f in state.start_rolls),
                               state.start_player),
            seat=state.start_player, rolls=state.start_rolls))
    gates = coins(state.cities[seat])
    kind = action.kind
    if kind == "take_three":
        if not state.options.take_three:
            raise RuleError("Taking 3 thalers instead of rolling is not played at this table: roll the die.")
        # rulebook (variant): "treat the dice as having rolled 3 (there is no chance of
        # obtaining a saboteur this way though)".
        paid = from_bank(state, seat, SAFE_INCOME + gates)
        events.append(_income_event(seat, gates, paid))
    elif kind == "roll":
        _roll_income(state, seat, gates, events)
    else:
        choice = " or take 3 thalers." if state.options.take_three else "."
        raise RuleError("First determine your revenues: roll the die" + choice)
    if state.phase == Phase.INCOME:
        state.phase = Phase.LOT


def _gate_text(gates: int) -> str:
    return f", plus {gates} for city gates" if gates else ""


def _short_text(seat: int, paid: int) -> str:
    """What a player receives from a cash supply that runs short (data.SHORT_SUPPLY_RULE)."""
    if not paid:
        return "the cash supply is empty: {p%d} receives nothing" % seat
    return "the cash supply has only %s left: {p%d} receives them" % (plural(paid, "thaler"), seat)


# Income events repeat; events are immutable, so each is built once.
@lru_cache(maxsize=None)
def _income_event(seat: int, gates: int, paid: int) -> Event:
    if paid < SAFE_INCOME + gates:  # the log says what was paid, not what was due
        text = "{p%d} chooses 3 thalers instead of rolling%s, but %s." % (seat, _gate_text(gates),
                                                                         _short_text(seat, paid))
    else:
        text = "{p%d} takes 3 thalers instead of rolling%s." % (seat, _gate_text(gates))
    return public("income", text, seat=seat, thalers=paid)


@lru_cache(maxsize=None)
def _roll_event(seat: int, face: int, gates: int, paid: int) -> Event:
    if paid < face + gates:
        due = f" (worth {plural(face + gates, 'thaler')} with city gates)" if gates else ""
        text = "{p%d} rolls %s%s, but %s." % (seat, face_text(face), due, _short_text(seat, paid))
    else:
        text = "{p%d} rolls %s: %s%s." % (seat, face_text(face), plural(face, "thaler"), _gate_text(gates))
    return public("roll", text, seat=seat, face=face, thalers=paid)


def _roll_income(state: State, seat: int, gates: int, events: list[Event]) -> None:
    face = roll_die(state)
    if face:
        paid = from_bank(state, seat, face + gates)
        events.append(_roll_event(seat, face, gates, paid))
        return
    # rulebook: "If the saboteur appears as the die result (*), the player gets only the
    # Thalers for his/her city-gates. Instead ... he/she takes from the reserve a saboteur".
    paid = from_bank(state, seat, gates)
    if paid < gates:
        text = "{p%d} rolls the saboteur; city gates are worth %s, but %s" % (
            seat, plural(gates, "thaler"), _short_text(seat, paid))
    else:
        text = "{p%d} rolls the saboteur%s" % (seat, f" and takes {plural(gates, 'thaler')} for city gates" if gates else "")
    events.append(event("roll", text + ".", seat=seat, face=0, thalers=paid))
    if state.reserve:
        state.reserve -= 1
        state.saboteurs = replace_at(state.saboteurs, seat, state.saboteurs[seat] + 1)
        events.append(event("saboteur", "{p%d} takes a saboteur from the reserve." % seat, seat=seat))
        return
    # rulebook: "If no more saboteurs lie in the reserve, he/she may take away a saboteur
    # from any player." The player chooses from whom, or to take none.
    if steal_candidates(state, seat):
        state.phase = Phase.STEAL
    else:
        events.append(event("saboteur", "No saboteur is left to take.", seat=seat))


def _take_saboteur(state: State, seat: int, victim: int, events: list[Event]) -> None:
    saboteurs = list(state.saboteurs)
    saboteurs[victim] -= 1
    saboteurs[seat] += 1
    state.saboteurs = tuple(saboteurs)
    events.append(event("saboteur", "{p%d} takes a saboteur away from {p%d}." % (seat, victim),
                         seat=seat, victim=victim))


def steal_actions(state: State, seat: int) -> list:
    return [moves.STEALS[s] for s in steal_candidates(state, state.current)] + [moves.NO_STEAL]


def apply_steal(state: State, seat: int, action, events: list[Event]) -> None:
    candidates = steal_candidates(state, seat)
    if action.kind == "no_steal":
        events.append(event("saboteur", "{p%d} takes no saboteur from another player." % seat, seat=seat))
    elif action.kind == "steal" and action.seat in candidates:
        _take_saboteur(state, seat, action.seat, events)
    else:
        names = ", ".join("{p%d}" % s for s in candidates)
        raise RuleError(f"Choose the player you take a saboteur from ({names}), or take none.")
    state.phase = Phase.LOT

# ---------------------------------------------------------------- 2. the auction


def can_swap(state: State, seat: int) -> bool:
    # The last open card would go under an empty open stack, the smallest: back on top, unchanged.
    return (state.options.swap_open_card and not state.swapped
            and state.money[seat] >= SWAP_COST and len(state.open_stack) > 1)


def lot_actions(state: State, seat: int) -> list:
    actions = [moves.SWAP] if can_swap(state, state.current) else []
    if state.open_stack:
        actions.append(moves.AUCTION_OPEN)
    if state.hidden_stack:
        actions.append(moves.AUCTION_HIDDEN)
    return actions


def apply_lot(state: State, seat: int, action, events: list[Event]) -> None:
    kind = action.kind
    if kind == "swap":
        _swap(state, seat, events)
    elif kind == "auction":
        _open_auction(state, seat, action.stack == "hidden", events)
    else:
        raise RuleError("Choose the card to auction: the open card or the top face-down card.")


def _swap(state: State, seat: int, events: list[Event]) -> None:
    # rulebook (variant): "the current player may pay 1 Thaler to change it, placing it at
    # the bottom of the _smallest_ stack. This may be done only once in a player's turn."
    if not can_swap(state, seat):
        if not state.options.swap_open_card:
            raise RuleError("Swapping the open card is not played at this table.")
        if state.swapped:
            raise RuleError("You have already swapped the open card this turn; auction a card now.")
        if len(state.open_stack) == 1:
            raise RuleError("The open card is the last of its stack: put under it, it would come straight "
                            "back. Auction it or the face-down card.")
        raise RuleError(f"Swapping the open card costs {SWAP_COST} thaler, which you do not have.")
    to_bank(state, seat, SWAP_COST)
    card = state.open_stack[-1]
    state.open_stack = state.open_stack[:-1]
    stack = under_smaller_stack(state, card)
    state.swapped = True
    text = "{p%d} pays %d thaler to put %s under the %s stack." % (seat, SWAP_COST, name(card), stack)
    events.append(event("swap", text, seat=seat, card=IDS[card], stack=stack))


_NEW_AUCTION = dict(phase=Phase.OPENING, high_bid=0, high_bidder=-1, passed=0, type_named=False, bids=())


def _open_auction(state: State, seat: int, hidden: bool, events: list[Event]) -> None:
    stack = state.hidden_stack if hidden else state.open_stack
    if not stack:
        raise RuleError("That stack is empty.")
    card = stack[-1]
    if hidden:
        state.hidden_stack = stack[:-1]
    else:
        state.open_stack = stack[:-1]
    state.__dict__.update(_NEW_AUCTION)  # many fields at once, without a keyword dict per call
    state.lot, state.lot_hidden = card, hidden
    # rulebook: "Only the auctioneer looks at the top card".
    events.extend(_auction_events(seat, card, hidden))
    # rulebook: "As soon as a player has auctioned the last card from one of the two stacks
    # ... no further standard turns take place."
    if not (state.open_stack and state.hidden_stack):
        state.last_turn = True
        events.append(event("last_card", "That was the last card of the %s stack: "
                            "this is the last turn before the final round."
                            % ("face-down" if hidden else "open")))


@lru_cache(maxsize=None)
def _auction_events(seat: int, card: int, hidden: bool) -> tuple[Event, ...]:
    """Events are immutable and these repeat, so each is built once."""
    if hidden:
        return (public("auction", "{p%d} auctions the top face-down card." % seat, seat=seat, stack="hidden"),
                private(seat, "lot", "{p%d} looks at the face-down card: %s." % (seat, name(card)), card=IDS[card]))
    return (public("auction", "{p%d} auctions %s from the open stack." % (seat, name(card)),
                  seat=seat, stack="open", card=IDS[card]),)


def opening_actions(state: State, seat: int) -> list:
    return list(_bid_menu(MIN_OPENING_BID, state.money[seat], False))


def raise_actions(state: State, seat: int) -> list:
    money, low = state.money[seat], state.high_bid + 1
    if money < low:  # the most common case: a bidder who cannot raise can only pass
        return [moves.PASS]
    return list(_bid_menu(low, money, True))


def bid_range(state: State, seat: int) -> AmountChoice | None:
    """Every amount the bidder may bid now (the menu lists at most 25 of them)."""
    money = state.money[seat]
    if state.phase == Phase.OPENING:
        return AmountChoice("Opening bid (thalers)", 0, money, moves.BIDS.__getitem__)
    low = state.high_bid + 1
    return AmountChoice("Bid (thalers)", low, money, moves.BIDS.__getitem__) if money >= low else None


@lru_cache(maxsize=None)
def _bid_menu(low: int, money: int, can_pass: bool) -> tuple:
    limit = MENU_LIMIT - 1 if can_pass else MENU_LIMIT
    bids = tuple(moves.BIDS[a] for a in amount_choices(low, money, limit))
    return bids + (moves.PASS,) if can_pass else bids


_PASSES = tuple(public("pass", "{p%d} passes." % seat, seat=seat) for seat in range(4))


@lru_cache(maxsize=None)
def _bid_event(seat: int, amount: int, opening: bool) -> Event:
    """Bid events repeat a lot; events are immutable, so each is built once."""
    verb = "opens the bidding at" if opening else "bids"
    return public("bid", "{p%d} %s %d." % (seat, verb, amount), seat=seat, amount=amount)


def apply_bid(state: State, seat: int, action, events: list[Event]) -> None:
    kind = action.kind
    opening = state.phase == Phase.OPENING
    if kind == "pass" and not opening:  # the most common move: most bidders cannot raise
        # rulebook: "Whoever passes is eliminated from the auction."
        state.passed |= 1 << seat
        state.bids += ((seat, -1),)
        events.append(_PASSES[seat])
        _next_bidder(state, seat, events)
        return
    money = state.money[seat]
    if kind == "bid":
        amount = action.amount
        low = 0 if opening else state.high_bid + 1
        if not low <= amount <= money:
            # rulebook: "It is illegal to bid more Thalers than you actually have."
            raise RuleError(_bid_range_text(low, money, opening))
        state.high_bid = amount
        state.high_bidder = seat
        state.bids += ((seat, amount),)
        events.append(_bid_event(seat, amount, opening))
    else:
        raise RuleError(_bid_range_text(0 if opening else state.high_bid + 1, money, opening))
    _next_bidder(state, seat, events)


def _bid_range_text(low: int, money: int, opening: bool) -> str:
    if opening:
        return f"Place an opening bid from 0 to {money} thalers (you cannot bid more than you have)."
    if money < low:
        return f"A raise must be at least {low} thalers, more than you have: you can only pass."
    return f"Raise to between {low} and {money} thalers, or pass."


def _next_bidder(state: State, seat: int, events: list[Event]) -> None:
    state.phase = Phase.BIDDING
    seats, passed = state.seats, state.passed
    bidder = (seat + 1) % seats
    while passed >> bidder & 1:
        bidder = (bidder + 1) % seats
    if bidder == state.high_bidder:  # everybody else has passed
        _close_auction(state, events)
        return
    if bidder == state.current and state.lot_hidden and not state.type_named:
        # rulebook: "If the auction is still going when it gets back round to the auctioneer
        # then he/she must name the building type for all players to hear, but not, however,
        # the building value or number of shields / coins."
        state.type_named = True
        kind = TYPE[state.lot]
        events.append(event("type_named", "{p%d} names the face-down card: it is a %s."
                            % (state.current, TYPE_NAMES[kind].lower()), seat=state.current, type=TYPE_KEYS[kind]))
    state.actor = bidder


def _close_auction(state: State, events: list[Event]) -> None:
    winner, price, auctioneer, card = state.high_bidder, state.high_bid, state.current, state.lot
    hidden, named = state.lot_hidden, state.type_named
    # rulebook: "One-half goes into the cash supply, the other half goes to the auctioneer.
    # (With odd amounts the half to the auctioneer is rounded _down_.) If the auctioneer
    # makes the highest bid, he/she pays the full sum into the cash supply."
    share = 0 if winner == auctioneer else price // 2
    money = list(state.money)
    money[winner] -= price
    money[auctioneer] += share
    state.money = tuple(money)
    state.bank += price - share
    add_to_hand(state, winner, card, public=not hidden, typed=hidden and named)
    events.extend(_won_events(winner, auctioneer, card, price, share, hidden, named))
    state.lot, state.lot_hidden = -1, False
    begin_build(state, auctioneer, False, events)


def _won_events(winner: int, auctioneer: int, card: int, price: int, share: int, hidden: bool,
                named: bool) -> tuple[Event, ...]:
    """The events of a finished auction (too many kinds to be worth keeping: prices vary)."""
    payment = (f" ({share} to {{p{auctioneer}}}, {price - share} to the cash supply)" if share
               else " (all to the cash supply)" if price else "")
    if not hidden:
        what = name(card)
    elif named:
        what = "the face-down %s" % TYPE_NAMES[TYPE[card]].lower()
    else:
        # rulebook: "the card is handed over without the other players knowing anything
        # about the type of the building."
        what = "the face-down card"
    won = public("won", "{p%d} buys %s for %s%s." % (winner, what, plural(price, "thaler"), payment),
                seat=winner, price=price, stack="hidden" if hidden else "open")
    if hidden and winner != auctioneer:
        return won, _bought_hidden_event(winner, card)
    return (won,)


@lru_cache(maxsize=None)
def _bought_hidden_event(winner: int, card: int) -> Event:
    """What the buyer of a face-down card alone learns (immutable, one per seat and card)."""
    return private(winner, "lot", "{p%d} bought the face-down card: %s." % (winner, name(card)), card=IDS[card])
