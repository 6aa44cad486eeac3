"""Random games of every registered game: they end, leave the states given to `apply` untouched,
round-trip, replay and keep secrets."""

from __future__ import annotations

import os

import pytest

from games import RuleError, registry
from games.augsburg1520.cards import NOTE_COUNT
from tests.games.playout import random_playout, replay, strings_in

GAMES_PER_CASE = int(os.environ.get("RANDOM_GAMES", "25"))


def cases():
    for name in registry.names():
        spec = registry.get(name)
        for index, options in enumerate(spec.option_variants()):
            for seats in range(spec.min_seats, spec.max_seats + 1):
                # The fast loop plays every option at its fewest seats; `-m slow` adds the
                # other seat counts.
                quick = seats == spec.min_seats
                yield pytest.param(name, seats, index, id=f"{name}-{seats}p-opt{index}",
                                   marks=() if quick else pytest.mark.slow)


def make_checker(spec, seats: int, step_every: int):
    counter = {"n": 0}

    def check(before, seat, action, after, events):
        counter["n"] += 1
        # Every action the engine offered must be accepted (it was, or we would not be here),
        # and a seat that is not due to act is refused with a reason.
        idle = [s for s in range(seats) if s not in spec.to_act(before)]
        if idle:
            with pytest.raises(RuleError):
                spec.apply(before, idle[0], action)
            assert spec.legal_actions(before, idle[0]) == []
        if counter["n"] % step_every:
            return
        check_amount_choice(spec, before, seat)
        again_after, again_events = spec.apply(before, seat, action)  # dice and shuffles included
        assert spec.dump_state(again_after) == spec.dump_state(after), "the same move gave another state"
        assert again_events == events, "the same move gave other events"
        # Computer players judge listed moves with apply_offered, which skips apply's checks only.
        before_text = spec.dump_state(before)
        offered_after, offered_events = spec.apply_offered(before, seat, spec.parse_action(action))
        assert spec.dump_state(offered_after) == spec.dump_state(after), "apply_offered gave another state"
        assert offered_events == events, "apply_offered gave other events"
        assert spec.dump_state(before) == before_text, "apply_offered changed the state it was given"
        text = spec.dump_state(after)
        again = spec.load_state(text)
        assert spec.dump_state(again) == text, "state does not round-trip through JSON"
        assert again == after
        spec.check_invariants(after)
        secrets = spec.secret_tokens(after)
        views = {s: strings_in(spec.view(after, s).model_dump(mode="json")) for s in [None, *range(seats)]}
        for owner, tokens in secrets.items():
            for viewer, seen in views.items():
                if viewer == owner:
                    continue
                leaked = tokens & seen
                assert not leaked, f"seat {viewer} can see seat {owner}'s secret {sorted(leaked)}"
        for event in events:
            if event.seats is None:
                for owner, tokens in secrets.items():
                    assert not tokens & strings_in([event.text, event.data]), (
                        f"a public event shows seat {owner}'s secret"
                    )

    return check


def check_amount_choice(spec, state, seat: int) -> None:
    """An amount decision accepts every amount of its range (also those its menu leaves out)
    and refuses the amounts just outside it; the menu offers nothing outside the range."""
    choice = spec.amount_choice(state, seat)
    if choice is None:
        return
    assert choice.low <= choice.high
    for amount in {choice.low, (choice.low + choice.high) // 2, choice.high}:
        spec.apply(state, seat, choice.action(amount))
    for amount in (choice.low - 1, choice.high + 1):
        with pytest.raises(RuleError):
            choice.action(amount)
    amounts = [choice.make(n) for n in range(choice.low, choice.high + 1)]
    kind = type(choice.make(choice.low))
    listed = [a for a in spec.legal_actions(state, seat) if type(a) is kind]
    assert listed and all(a in amounts for a in listed), "the menu lists amounts of the range only"


@pytest.mark.parametrize("name,seats,option_index", list(cases()))
def test_random_games(name: str, seats: int, option_index: int) -> None:
    spec = registry.get(name)
    options = spec.option_variants()[option_index]
    for game in range(GAMES_PER_CASE):
        seed = 1000 * seats + game
        check = make_checker(spec, seats, step_every=7 if game < 3 else 50)
        played = random_playout(spec, seats, seed, options, check=check, untouched=True)
        outcome = spec.outcome(played.state)
        assert outcome is not None
        ranked = sorted(s for group in outcome.ranking for s in group)
        assert ranked == list(range(seats)), "every seat is ranked exactly once"
        assert set(outcome.winners) <= set(range(seats)), "winners are seats (a game may have none)"
        spec.check_invariants(played.state)
        if game < 5:
            replayed = replay(spec, seats, seed, options, played.log)
            assert spec.dump_state(replayed) == spec.dump_state(played.state), "replay differs"


def no_saboteur_in_reserve(state) -> None:
    """Baumeister: every saboteur of the reserve given out, so an income die's saboteur face asks
    its player to take one from another player or none (rulebook: "If there are no more saboteurs
    in the reserve, the player may take one from another player")."""
    given = [state.reserve // state.seats + (seat < state.reserve % state.seats) for seat in range(state.seats)]
    state.saboteurs = tuple(held + more for held, more in zip(state.saboteurs, given))
    state.reserve = 0


def level_tiles_held_and_a_long_hand(state) -> None:
    """Augsburg 1520 at 4 seats: in every category the second and third players hold the two
    level-3 tiles, so the first or fourth rising to level 3 takes one from one of them (rulebook:
    "If a tile is no longer available from the pool may a player (but only then!) take it from
    another player"); and the first player holds 40 more notes, so a card choice among more than
    25 first asks for a noble (games/augsburg1520/choices.py)."""
    for category in range(len(state.pool)):
        for seat in (1, 2):
            state.levels[seat][category] = 3
        state.pool[category][0] -= 2  # the level-2 tiles stay beneath the level-3 ones
        state.pool[category][1] -= 2
    notes = [card for card in state.draw if card < NOTE_COUNT][:40]
    state.draw = [card for card in state.draw if card not in notes]
    state.hands[0] = state.hands[0] + notes


# Choices random play from the deal seldom or never reaches, from a start that leads to them (and
# the seats it needs): the choices issue 12 added (a saboteur taken or not, the pay-off's
# counter-proposals) among them.
RARE_CHOICES = {
    "baumeister": (no_saboteur_in_reserve, 3, {"steal", "no_steal", "offer", "accept", "refuse"}),
    "augsburg1520": (level_tiles_held_and_a_long_hand, 4, {"take_tile_from", "consolation", "pick_noble"}),
}


@pytest.mark.parametrize("name", sorted(RARE_CHOICES))
def test_random_games_reach_the_rare_choices(name: str) -> None:
    spec, (start, seats, kinds) = registry.get(name), RARE_CHOICES[name]
    played = set()
    for game in range(5):
        check = make_checker(spec, seats, step_every=7)
        playout = random_playout(spec, seats, game, spec.option_variants()[0], check=check, untouched=True,
                                 start=start)
        assert spec.outcome(playout.state) is not None
        played |= {action.kind for _, action in playout.log}
    assert kinds <= played, f"never played: {sorted(kinds - played)}"


# Aelderman's heuristic thinks longest: its case runs with `-m slow`.
@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.slow if name == "aelderman" else ())
                                  for name in registry.names()])
def test_computer_players_leave_the_state_untouched(name: str) -> None:
    """The table service keeps a loaded state for the next request (play/tables.py): a computer
    player that thinks by changing the state it is shown would change the stored game."""
    spec = registry.get(name)
    for options in spec.option_variants():
        seats = spec.min_seats
        state = spec.setup(seats, 7, options)
        players = {seat: spec.policy("heuristic", seed=seat) for seat in range(seats)}
        for _ in range(150):
            if spec.outcome(state) is not None:
                break
            seat = min(spec.to_act(state))
            before = spec.dump_state(state)
            action = players[seat].choose(state, seat)
            assert spec.dump_state(state) == before, f"the {name} computer player changed the state"
            state, _ = spec.apply(state, seat, action)
