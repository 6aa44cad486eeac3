"""Step 3 of a turn, sabotage: against a building (with a pay-off offer and a die roll)
or against a hand of five or more cards (a face-down card is taken)."""

from __future__ import annotations

from games.baumeister import moves
from games.baumeister.city import remove, shields
from games.baumeister.common import (
    amount_choices, event, face_text, fresh_rng, name, remove_from_hand, replace_at, roll_die, transfer,
    under_smaller_stack,
)
from games.baumeister.data import CARDS, MENU_LIMIT
from games.baumeister.flow import end_turn, sabotage_targets
from games.baumeister.state import Phase, State
from games.core import AmountChoice, Event, RuleError


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
    # rulebook: "The player puts down his/her own saboteur on the building that he/she
    # would like to attack. The victim and saboteur may then negotiate a pay-off".
    _use_saboteur(state, seat)
    state.target = action.slot
    state.phase = Phase.OFFER
    state.actor = state.victim
    card = city[action.slot]
    events.append(event("sabotage", "{p%d} puts a saboteur on {p%d}'s %s. {p%d} may offer a pay-off."
                         % (seat, state.victim, name(card), state.victim),
                         seat=seat, victim=state.victim, card=CARDS[card].id))


def offer_actions(state: State, seat: int) -> list:
    amounts = amount_choices(1, state.money[state.victim], MENU_LIMIT - 1)
    return [moves.OFFERS[a] for a in amounts] + [moves.NO_OFFER]


def offer_range(state: State, seat: int) -> AmountChoice | None:
    """Every pay-off the victim may offer (the menu lists at most 24 of them)."""
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
    state.offer = action.amount
    state.phase = Phase.ANSWER
    state.actor = state.current
    events.append(event("offer", "{p%d} offers {p%d} %d thalers to call the saboteur off."
                         % (seat, state.current, action.amount), seat=seat, amount=action.amount))


def apply_answer(state: State, seat: int, action, events: list[Event]) -> None:
    if action.kind == "accept":
        # rulebook: "If an agreement is made then the money is handed over and the saboteur
        # is discarded with no further effect."
        transfer(state, state.victim, seat, state.offer)
        _return_saboteur(state)
        events.append(event("payoff", "{p%d} accepts %d thalers from {p%d}; the saboteur goes back to the reserve."
                             % (seat, state.offer, state.victim), seat=seat, victim=state.victim, amount=state.offer))
        end_turn(state, events)
    elif action.kind == "refuse":
        events.append(event("refuse", "{p%d} refuses the offer." % seat, seat=seat))
        _attack(state, events)
    else:
        raise RuleError("Accept or refuse the offered pay-off.")


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
