"""The order of play: turns, the build step, the final round and the end."""

from __future__ import annotations

from games.baumeister.data import CARDS_PER_TURN, FIRST_BUILD, HAND_ATTACK_MIN, NUM_CARDS
from games.baumeister.state import Phase, State
from games.baumeister.common import event
from games.core import Event


_NEW_TURN = dict(
    phase=Phase.INCOME, swapped=False, placed=0, picked=-1, lot=-1, lot_hidden=False, high_bid=0,
    high_bidder=-1, passed=0, type_named=False, bids=(), victim=-1, target=-1, offer=0, counters=0,
)


def start_turn(state: State, seat: int) -> None:
    state.__dict__.update(_NEW_TURN)  # many fields at once, without a keyword dict per call
    state.turn += 1
    state.current = state.actor = seat


def has_built(state: State, seat: int) -> bool:
    return bool(state.built >> seat & 1)


def sabotage_targets(state: State, seat: int) -> list[tuple[int, str]]:
    """(victim, "city" | "hand") pairs a saboteur of `seat` could attack now."""
    if not state.saboteurs[seat]:
        return []
    targets = []
    for victim in range(state.seats):
        if victim == seat:
            continue
        if state.cities[victim]:  # a city never ends in a gap, so it holds a building
            targets.append((victim, "city"))
        # rulebook: "If a player has five or more cards in his/her hand, a saboteur may be
        # played against them".
        if len(state.hands[victim]) >= HAND_ATTACK_MIN:
            targets.append((victim, "hand"))
    return targets


def nothing_to_do(state: State, seat: int, final: bool) -> bool:
    """True when public facts alone show the seat can neither build nor sabotage, so the
    game moves on without asking (nothing secret is revealed by skipping)."""
    needed = 1 if has_built(state, seat) else FIRST_BUILD
    if len(state.hands[seat]) >= needed:
        return False
    return final or not sabotage_targets(state, seat)


def begin_build(state: State, seat: int, final: bool, events: list[Event]) -> None:
    """Step 3 of a turn (build or sabotage), or a seat's go in the final round."""
    state.phase = Phase.FINAL if final else Phase.BUILD
    state.actor = seat
    if final:
        state.current = seat
    state.placed = 0
    state.picked = -1
    first = not has_built(state, seat)
    # rulebook: "The player who would like to build for the first time must lay out three of
    # his/her acquired building cards" ("exactly 3" in the text, "at least 3" as an option);
    # afterwards "at MOST 3". The final round allows "up to three building cards".
    state.min_place = FIRST_BUILD if first else 0
    unlimited = first and not final and state.options.first_build == "at_least"
    state.max_place = NUM_CARDS if unlimited else CARDS_PER_TURN
    if nothing_to_do(state, seat, final):
        if final:
            next_final(state, events)
        else:
            end_turn(state, events)


def finish_step(state: State, events: list[Event]) -> None:
    if state.phase in (Phase.FINAL, Phase.FINAL_PLACE):
        next_final(state, events)
    else:
        end_turn(state, events)


def end_turn(state: State, events: list[Event]) -> None:
    if not state.last_turn:
        start_turn(state, (state.current + 1) % state.seats)
        return
    # rulebook: "Afterwards there is a final round: Each player may one last time lay out up
    # to three building cards from their hand."
    seats = state.seats
    state.final_queue = tuple((state.current + k) % seats for k in range(1, seats + 1))
    events.append(event(
        "final_round",
        "The auctions are over. Final round: each player may lay out up to three more cards; "
        "only now may a city be completed with its last corner tower.",
    ))
    next_final(state, events)


def next_final(state: State, events: list[Event]) -> None:
    while state.final_queue:
        seat = state.final_queue[0]
        state.final_queue = state.final_queue[1:]
        if nothing_to_do(state, seat, final=True):
            continue
        begin_build(state, seat, True, events)
        return
    state.phase = Phase.OVER
    state.actor = -1
    state.picked = -1
    events.append(event("game_over", "The game is over."))
