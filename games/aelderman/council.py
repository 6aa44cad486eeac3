"""The Council Hall phase: sealed influence bids per row, choices in bid order, card effects,
and the solo adjustments."""

from __future__ import annotations

from games.aelderman import data as D
from games.aelderman.actions import Bid, Pass, TakeCard
from games.aelderman.improvements import can_develop, push_develop
from games.aelderman.placement import push_placement
from games.aelderman.rules import cut_operating_costs, describe, gain, listed, operating_costs, say
from games.aelderman.state import Council, Pending, Player, State
from games.core import AmountChoice, Event, own_choice, plural

MAX_BID_OPTIONS = 24  # a select menu holds 25 options: 0..23 and "everything"


def draw_council_cards(state: State, count: int) -> list[int]:
    drawn = []
    for _ in range(count):
        if not state.council_pile and state.council_discard:
            state.council_pile = state.council_discard
            state.council_discard = []
            state.rng.shuffle(state.council_pile)
        if state.council_pile:
            drawn.append(state.council_pile.pop())
    return drawn


def lay_out_rows(state: State) -> None:
    """Each row holds players + 1 cards; with 3+ players one top spot is "three council votes".
    Main version: the top row also holds "ten council votes" and "developing improvement", which is
    never replaced (rulebook)."""
    taken = _taken_cards(state)
    for row in state.council_rows:
        for card in row:
            kind = D.COUNCIL_CARDS[card].kind
            if card in taken or kind == "improve":
                continue
            if kind == "votes3":
                state.votes3_pile.append(card)
            elif kind == "votes10":
                state.votes10_pile.append(card)
            else:
                state.council_discard.append(card)
    state.council_rows = []
    state.improve_taker = None
    if state.seats == 1:
        return
    size = state.seats + 1
    top: list[int] = []
    if state.version == "main":
        if state.votes10_pile:
            top.append(state.votes10_pile.pop())
        top.append(D.IMPROVE_CARD)
    if state.seats >= 3 and state.votes3_pile:
        top.append(state.votes3_pile.pop())
    top.extend(draw_council_cards(state, size - len(top)))
    state.council_rows = [top, draw_council_cards(state, size)]


def _taken_cards(state: State) -> set[int]:
    return {card for p in state.players for card in p.cards}


def start_council(state: State, events: list[Event]) -> None:
    say(events, "council", "The Council Hall phase begins.")
    if state.seats == 1:
        state.pending.append(Pending(kind="solo_votes3", seat=0))
        return
    state.council = Council(bids=[None] * state.seats)
    _auto_zero_bids(state)


def _auto_zero_bids(state: State) -> None:
    council = state.council
    assert council is not None
    for seat, player in enumerate(state.players):
        if player.influence == 0:
            council.bids[seat] = 0


def bidders(state: State) -> frozenset[int]:
    council = state.council
    if council is None or council.stage != "bid":
        return frozenset()
    return frozenset(s for s, b in enumerate(council.bids) if b is None)


def bid_options(state: State, seat: int) -> list[Bid]:
    influence = state.players[seat].influence
    amounts = list(range(min(influence, MAX_BID_OPTIONS - 1) + 1))
    if influence >= MAX_BID_OPTIONS:
        amounts.append(influence)
    return [Bid(amount=a) for a in amounts]


def bid_range(state: State, seat: int) -> AmountChoice | None:
    """Any influence from the active supply may be bid (the menu lists at most 25 amounts)."""
    if seat not in bidders(state):
        return None
    return AmountChoice("Influence to bid", 0, state.players[seat].influence, _bid)


def _bid(amount: int) -> Bid:
    return Bid(amount=amount)


def submit_bid(state: State, seat: int, amount: int, events: list[Event]) -> None:
    council = state.council
    assert council is not None
    council.bids[seat] = amount
    events.append(Event(kind="bid_submitted", text=f"{{p{seat}}} has submitted a bid.",
                        data={"seat": seat}))
    # The bidder's own secret choice, in their log until the bids are revealed to all.
    events.append(own_choice(seat, "bid_amount", f"{{p{seat}}} bids {plural(amount, 'influence marker')} "
                          "(sealed until every bid is in).", seat=seat, amount=amount))


def reveal_row(state: State, events: list[Event]) -> None:
    """All bids are in: show them, move them onto the card spots, and queue choices in bid order."""
    council = state.council
    assert council is not None
    bids = [b or 0 for b in council.bids]
    council.revealed.append(bids)
    shown = ", ".join(f"{{p{s}}} {b}" for s, b in enumerate(bids))
    say(events, "bids_revealed", f"Council Hall row {council.row + 1} bids: {shown}.", bids=bids,
        row=council.row)
    choosers = choice_order(state, bids)
    for seat in choosers:
        player = state.players[seat]
        player.influence -= bids[seat]
        player.held += bids[seat]
        player.bid_total += bids[seat]
    council.taken.append([-1] * len(state.council_rows[council.row]))
    council.stage = "choose"
    for seat in reversed(choosers):
        state.pending.append(Pending(kind="take_card", seat=seat, data={"row": council.row}))


def choice_order(state: State, bids: list[int]) -> list[int]:
    """Highest bid first; ties: more coins, then the current player order. A bid of 0 gets no card."""
    seats = [s for s, b in enumerate(bids) if b >= 1]
    return sorted(seats, key=lambda s: (-bids[s], -state.players[s].coins, state.order.index(s)))


def take_options(state: State, pending: Pending) -> list[TakeCard | Pass]:
    """The cards still free; ten council votes only for a bid of five or more, developing an
    improvement only with a free improvement space (rulebook)."""
    row = pending.data["row"]
    council = state.council
    assert council is not None
    bid = council.revealed[row][pending.seat]
    options: list[TakeCard | Pass] = []
    for slot, card in enumerate(state.council_rows[row]):
        kind = D.COUNCIL_CARDS[card].kind
        if council.taken[row][slot] >= 0 or (kind == "votes10" and bid < D.TEN_VOTES_MIN_BID):
            continue
        if kind == "improve" and not can_develop(state, pending.seat):
            continue
        options.append(TakeCard(card=card))
    return options or [Pass()]


def no_card_left(state: State, seat: int, row: int, events: list[Event]) -> None:
    """A bidder whose turn to choose finds no card they may take: the table reads why (their bid
    stays on the Council Hall, counting for the player order, as every bid does)."""
    council = state.council
    assert council is not None
    free = [card for slot, card in enumerate(state.council_rows[row]) if council.taken[row][slot] < 0]
    kinds = {D.COUNCIL_CARDS[card].kind for card in free}
    why = [text for kind, text in (("votes10", f"the ten council votes need a bid of {D.TEN_VOTES_MIN_BID}"),
                                   ("improve", "developing an improvement needs a free improvement space"))
           if kind in kinds]
    taken = f"none of the cards left ({'; '.join(why)})" if why else "no card: none is left"
    say(events, "council_no_card", f"{{p{seat}}} can take {taken}; the bid stays on the Council Hall.",
        seat=seat, row=row)


def take_card(state: State, seat: int, card: int, row: int, events: list[Event]) -> None:
    council = state.council
    assert council is not None
    slot = state.council_rows[row].index(card)
    council.taken[row][slot] = seat
    if D.COUNCIL_CARDS[card].kind == "improve":
        state.improve_taker = seat
    effect = card_effect(card, state.players[seat])
    say(events, "council_card", f"{{p{seat}}} takes Council Hall card {card}: {effect}.", seat=seat, card=card)
    apply_card(state, seat, card, events)
    bonus = D.COUNCIL_CARDS[card].bonus
    if row == 1 and bonus:
        say(events, "council_bonus", f"{{p{seat}}} receives the card's bonus: {describe(bonus)}.", seat=seat)
        gain(state, seat, bonus, events)


def card_effect(card: int, player: Player) -> str:
    """What a Council Hall card gives `player`, who takes it, as its line in the log names it
    ("2 wood, 1 stone and 1 coin")."""
    info = D.COUNCIL_CARDS[card]
    if info.gain:
        return listed(info.gain)
    if info.kind == "less_costs":
        cut = min(D.LESS_COSTS, operating_costs(player))
        return f"{plural(cut, 'coin')} off their operating costs" if cut else "nothing, as they have no operating costs"
    if info.kind == "improve":
        return "an improvement to develop"
    text = info.text.rstrip(".").replace(" you ", " they ")  # the card speaks to its holder
    return text[0].lower() + text[1:] + (" at the final scoring" if info.kind == "scoring" else "")


def apply_card(state: State, seat: int, card: int, events: list[Event]) -> None:
    info = D.COUNCIL_CARDS[card]
    player = state.players[seat]
    if info.kind == "improve":
        push_develop(state, seat)  # "place the card back after you have chosen an improvement"
        return
    player.cards.append(card)
    if info.gain:
        gain(state, seat, info.gain, events)
    if info.kind == "place":
        push_placement(state, seat, None, optional=False)
    elif info.kind in D.PRODUCTION_CARDS:
        player.production[info.kind[5:]] += 1
    elif info.kind == "less_costs":
        cut_operating_costs(player)


def finish_row(state: State) -> bool:
    """After a row's choices: open the second row's auction. True when the phase is over."""
    council = state.council
    assert council is not None
    if council.row == 0:
        council.row = 1
        council.stage = "bid"
        council.bids = [None] * state.seats
        _auto_zero_bids(state)
        return False
    return True


# -- solo ----------------------------------------------------------------------------------------
def solo_votes3_options(state: State) -> list[TakeCard | Pass]:
    """Rulebook: 3 council votes cost 1 influence marker; in the main version also 10 council votes
    for 7 and developing improvement for 1."""
    influence = state.players[0].influence
    options: list[TakeCard | Pass] = []
    if influence >= D.SOLO_VOTES3_PRICE and state.votes3_pile:
        options.append(TakeCard(card=state.votes3_pile[-1], price=D.SOLO_VOTES3_PRICE))
    if state.version == "main":
        if influence >= D.SOLO_VOTES10_PRICE and state.votes10_pile:
            options.append(TakeCard(card=state.votes10_pile[-1], price=D.SOLO_VOTES10_PRICE))
        if influence >= D.SOLO_IMPROVE_PRICE and can_develop(state, 0):
            options.append(TakeCard(card=D.IMPROVE_CARD, price=D.SOLO_IMPROVE_PRICE))
    return [*options, Pass()]


def solo_draw_options(state: State, pending: Pending) -> list[TakeCard | Pass]:
    options: list[TakeCard | Pass] = []
    if state.players[0].influence >= D.SOLO_CARD_PRICE:
        options = [TakeCard(card=c, price=D.SOLO_CARD_PRICE) for c in pending.data["cards"]]
    return [*options, Pass()]


def solo_buy(state: State, card: int, price: int, events: list[Event]) -> None:
    """Solo: the influence paid goes back to the general supply."""
    player = state.players[0]
    player.influence -= price
    player.general += price
    for pile in (state.votes3_pile, state.votes10_pile):
        if card in pile:
            pile.remove(card)
    say(events, "council_card", f"{{p0}} buys Council Hall card {card} for {price} influence: "
        f"{card_effect(card, state.players[0])}.", seat=0, card=card)
    apply_card(state, 0, card, events)


def new_order(state: State) -> list[int]:
    """Most influence bid in both rows first; ties: more coins, then the old order."""
    return sorted(state.order, key=lambda s: (-state.players[s].bid_total, -state.players[s].coins,
                                              state.order.index(s)))
