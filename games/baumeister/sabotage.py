"""Step 3 of a turn, sabotage: against a building (with a pay-off negotiation and a die roll)
or against a hand of five or more cards (a face-down card is taken)."""

from __future__ import annotations

from games.baumeister import moves
from games.baumeister.city import remove, shields
from games.baumeister.common import (
    amount_choices, event, face_text, fresh_rng, name, remove_from_hand, replace_at, roll_die, transfer,
    under_smaller_stack,
)
from games.baumeister.data import CARDS, COIN_SUPPLY, MENU_LIMIT
from games.baumeister.flow import end_turn, sabotage_targets
from games.baumeister.state import Phase, State
from games.core import AmountChoice, Event, RuleError, private


def _use_saboteur(state: State, seat: int) -> None:
    state.saboteurs = replace_at(state.saboteurs, seat, state.saboteurs[seat] - 1)


def _return_saboteur(state: State) -> None:
    # rulebook: "Whether or not successful the sabotage token is returned to the pool."
    state.reserve += 1


def apply_sabotage(state: State, seat: int, action, events: list[Event]) -> None:
    # rulebook: "Instead of building a player can play a saboteur, provided he/she
    # possesses one (only one per game turn though!)."
    if state.phase != Phase.BUILD or state.placed:
        raise RuleError("A saboteur can only be played instead of building, before laying out any card.")
    if (action.seat, action.target) not in sabotage_targets(state, seat):
        if not state.saboteurs[seat]:
            raise RuleError("You have no saboteur.")
        raise RuleError("A saboteur attacks another player's building, or a hand of five or more cards.")
    state.victim = action.seat
    if action.target == "city":
        state.phase = Phase.AIM
        return
    _use_saboteur(state, seat)
    state.phase = Phase.GRAB
    events.append(event("sabotage_hand", "{p%d} plays a saboteur against {p%d}'s hand of %d cards."
                         % (seat, action.seat, len(state.hands[action.seat])), seat=seat, victim=action.seat))


def aim_actions(state: State, seat: int) -> list:
    return [moves.AIMS[i] for i, c in enumerate(state.cities[state.victim]) if c >= 0]


def apply_aim(state: State, seat: int, action, events: list[Event]) -> None:
    city = state.cities[state.victim]
    if action.kind != "aim" or not 0 <= action.slot < len(city) or city[action.slot] < 0:
        raise RuleError("Choose one of the buildings in that player's city.")
    # rulebook: "The player puts down his/her own saboteur on the building that he/she would
    # like to attack. The victim and saboteur may then negotiate a pay-off".
    _use_saboteur(state, seat)
    state.target = action.slot
    state.phase = Phase.OFFER
    state.actor = state.victim
    card = city[action.slot]
    events.append(event("sabotage", "{p%d} puts a saboteur on {p%d}'s %s. {p%d} may offer a pay-off."
                         % (seat, state.victim, name(card), state.victim),
                         seat=seat, victim=state.victim, card=CARDS[card].id))


# -- the pay-off negotiation ---------------------------------------------------------------
# The victim opens with an offer (or lets the die decide). The other side then accepts, refuses
# (the die decides) or counters with an amount of its own, and so on until one accepts or either
# breaks off ("The victim and saboteur may then negotiate a pay-off": the rulebook sets no end,
# and each answer's time limit ends a negotiation nobody answers). Every step is seen by the two
# players only; the table sees that they negotiate and how it ends.
def offer_actions(state: State, seat: int) -> list:
    amounts = amount_choices(1, state.money[state.victim], MENU_LIMIT - 1)
    return [moves.OFFERS[a] for a in amounts] + [moves.NO_OFFER]


def offer_range(state: State, seat: int) -> AmountChoice | None:
    """Every pay-off the victim may open with (the menu lists at most 24 of them)."""
    money = state.money[seat]
    return AmountChoice("Pay-off offer (thalers)", 1, money, moves.OFFERS.__getitem__) if money else None


def apply_offer(state: State, seat: int, action, events: list[Event]) -> None:
    money = state.money[seat]
    if action.kind == "no_offer":
        events.append(event("no_offer", "{p%d} offers nothing." % seat, seat=seat))
        _attack(state, events)
        return
    if action.kind != "offer" or not 1 <= action.amount <= money:
        raise RuleError(f"Offer between 1 and {money} thalers, or make no offer." if money
                        else "You have no thalers to offer: make no offer.")
    events.append(event("negotiation", "{p%d} and {p%d} negotiate a pay-off." % (seat, state.current),
                        seat=seat, attacker=state.current))
    _propose(state, seat, action.amount, events)


def _propose(state: State, seat: int, amount: int, events: list[Event]) -> None:
    """`seat` puts an amount on the table; the other side of the negotiation answers it."""
    attacker, victim = state.current, state.victim
    state.offer = amount
    state.phase = Phase.ANSWER
    state.actor = attacker if seat == victim else victim
    if seat == victim:
        text = "{p%d} offers {p%d} %s to call the saboteur off." % (victim, attacker, thalers(amount))
    else:
        text = "{p%d} asks {p%d} for %s to call the saboteur off." % (attacker, victim, thalers(amount))
    events.append(private((attacker, victim), "offer", text, seat=seat, amount=amount))


def negotiators(state: State) -> tuple[int, int] | None:
    """(attacker, victim) while they answer each other's pay-off amounts, else None. The victim's
    first step (an offer, or none) is public; after it only the two know whose answer is due."""
    if state.phase == Phase.ANSWER:
        return state.current, state.victim
    return None


def thalers(amount: int) -> str:
    return "1 thaler" if amount == 1 else f"{amount} thalers"


def can_accept(state: State, seat: int) -> bool:
    """The attacker may always accept; the victim only an amount it can pay."""
    return seat == state.current or state.money[seat] >= state.offer


def counter_range(state: State, seat: int) -> AmountChoice | None:
    """The amounts `seat` may counter with, or None (none fits).
    The attacker asks for more than the offer, up to what the other players hold together (the
    cash supply is public, so this bound reveals nobody's money); the victim offers less than
    was asked, up to its own money."""
    if seat == state.current:
        low, high, what = state.offer + 1, COIN_SUPPLY - state.bank - state.money[seat], "Ask for (thalers)"
    else:
        low, high, what = 1, min(state.offer - 1, state.money[seat]), "Counter-offer (thalers)"
    return AmountChoice(what, low, high, moves.OFFERS.__getitem__) if low <= high else None


def answer_actions(state: State, seat: int) -> list:
    actions = [moves.ACCEPT] if can_accept(state, seat) else []
    counter = counter_range(state, seat)
    if counter is not None:
        actions += [moves.OFFERS[a] for a in amount_choices(counter.low, counter.high, MENU_LIMIT - 1)]
    return actions + [moves.REFUSE]


def apply_answer(state: State, seat: int, action, events: list[Event]) -> None:
    attacker, victim, amount = state.current, state.victim, state.offer
    kind = action.kind
    if kind == "accept" and can_accept(state, seat):
        # rulebook: "If an agreement is made then the money is handed over and the saboteur
        # is discarded with no further effect." Discarded to the reserve (data.PAYOFF_SABOTEUR_RULE).
        transfer(state, victim, attacker, amount)
        _return_saboteur(state)
        events.append(event("payoff", "{p%d} and {p%d} agree on a pay-off; the saboteur goes back to the reserve."
                            % (victim, attacker), seat=seat, victim=victim, attacker=attacker))
        events.append(private((attacker, victim), "payoff_amount", "{p%d} pays {p%d} %s."
                              % (victim, attacker, thalers(amount)), amount=amount))
        end_turn(state, events)
    elif kind == "refuse":
        # Public without the name: the thread sees only "whether they agree", not who answered last
        # (which would tell whether a secret counter-offer was made). The two who negotiated (and,
        # after the end, everyone) read who broke off first, then the outcome.
        events.append(private((attacker, victim), "refused_by", "{p%d} breaks off the negotiation." % seat))
        events.append(event("refuse", "No pay-off is agreed between {p%d} and {p%d}: the negotiation ends."
                            % (victim, attacker)))
        _attack(state, events)
    elif kind == "offer":
        counter = counter_range(state, seat)
        if counter is None:
            raise RuleError(f"No other amount can be proposed now. {_answer_text(state, seat)}")
        counter.action(action.amount)  # refuses an amount outside the range, saying which fit
        state.counters += 1
        _propose(state, seat, action.amount, events)
    else:
        raise RuleError(_answer_text(state, seat))


def _answer_text(state: State, seat: int) -> str:
    accept = "accept" if can_accept(state, seat) else f"(you cannot pay the {state.offer} thalers asked)"
    counter = counter_range(state, seat)
    other = f", counter with {counter.low} to {counter.high} thalers," if counter is not None else ""
    return f"Answer the pay-off: {accept}{other} or refuse and let the die decide."


def _attack(state: State, events: list[Event]) -> None:
    attacker, victim = state.current, state.victim
    city = state.cities[victim]
    defence = shields(city)
    state.actor = attacker
    face = roll_die(state)
    # rulebook: "To be successful either the dot must be rolled, or the number rolled must be
    # strictly greater than the number of shields in the city being attacked."
    success = face == 0 or face > defence
    card = city[state.target]
    text = "{p%d} rolls %s against %d shield%s: " % (attacker, face_text(face), defence, "" if defence == 1 else "s")
    if success:
        # rulebook: "If successful the building sabotaged is placed on the bottom of the
        # smaller of the two stacks of building cards."
        row, closed = remove(city, state.closed[victim], state.target)
        state.cities = replace_at(state.cities, victim, row)
        state.closed = replace_at(state.closed, victim, closed)
        stack = under_smaller_stack(state, card)
        text += "%s of {p%d} is torn down and goes under the %s stack." % (name(card), victim, stack)
    else:
        text += "%s of {p%d} stands." % (name(card), victim)
    _return_saboteur(state)
    events.append(event("attack", text, seat=attacker, victim=victim, face=face, success=success,
                         card=CARDS[card].id))
    end_turn(state, events)


def grab_actions(state: State, seat: int) -> list:
    return list(moves.GRABS[: min(len(state.hands[state.victim]), MENU_LIMIT)])


def apply_grab(state: State, seat: int, action, events: list[Event]) -> None:
    victim = state.victim
    hand = state.hands[victim]
    count = min(len(hand), MENU_LIMIT)
    if action.kind != "grab" or not 0 <= action.position < count:
        raise RuleError(f"Pick one of the {count} face-down cards (1 to {count}).")
    # rulebook: "The attacked player mixes his/her cards and holds them out face down to the
    # aggressor. The aggressor selects one of them, shows it to all players and puts it under
    # the smaller stack."
    order = list(hand)
    fresh_rng(state).shuffle(order)
    card = order[action.position]
    remove_from_hand(state, victim, card)
    stack = under_smaller_stack(state, card)
    _return_saboteur(state)
    events.append(event("grab", "{p%d} takes %s from {p%d}'s hand; it goes under the %s stack."
                         % (seat, name(card), victim, stack), seat=seat, victim=victim, card=CARDS[card].id))
    end_turn(state, events)
