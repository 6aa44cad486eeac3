"""The final result after the engine's: seats that abandoned, or whose player was away at the end,
are ranked last together; when that moves the winner down, the best of the others wins."""

from __future__ import annotations

from games.core import Outcome
from play.results import final_outcome, ranked_last
from storage import SeatRow


def seat(number: int, **fields) -> SeatRow:
    row = {"ai": None, "forfeited": False, "dm_ok": True, "dm_channel_id": None, "dm_message_id": None, **fields}
    return SeatRow(table_id=1, seat=number, user_id=100 + number, display_name=f"p{number}", **row)


def test_abandoned_and_away_seats_are_ranked_last_and_the_next_best_wins():
    seats = [seat(0), seat(1, away=True), seat(2, forfeited=True), seat(3, ai="heuristic", away=True)]
    assert ranked_last(seats) == {1, 2}  # a seat handed to a computer for good keeps its place
    engine = Outcome(ranking=[[1], [0, 3], [2]], scores={0: 5, 1: 9, 2: 1, 3: 5}, winners=[1])
    final = final_outcome(engine, ranked_last(seats))
    assert final.ranking == [[0, 3], [1, 2]]
    assert final.winners == [0, 3]


def test_a_game_nobody_won_stays_without_a_winner():
    engine = Outcome(ranking=[[0], [1]], scores={0: 2, 1: 1}, winners=[])
    assert final_outcome(engine, {0}).winners == []
    assert final_outcome(engine, set()) is engine


def test_a_win_earned_otherwise_than_by_place_does_not_pass_to_the_next_best():
    """Aelderman rulebook (short version): "You win the game if you manage to complete at least the
    basic task of your mission." The only one who did abandoned: the next best, who did not, is
    not a winner; another who did stays one."""
    engine = Outcome(ranking=[[0], [1]], scores={0: 20.0, 1: 10.0}, winners=[0], winners_by_place=False)
    assert final_outcome(engine, {0}).winners == []
    both = Outcome(ranking=[[0], [1], [2]], scores={0: 20.0, 1: 12.0, 2: 10.0}, winners=[0, 2],
                   winners_by_place=False)
    assert final_outcome(both, {0}).winners == [2]


def test_a_tie_break_that_ordered_a_seat_ranked_last_is_dropped():
    """Augsburg 1520 rulebook: "In case of a tie, the player with the most expensive cathedral wins"
    (then church). The engine's line orders the tied seats; once an abandoned one is ranked last
    whatever it built, that line would name it the winner above the places shown."""
    line = "{p1} and {p0} tied on 45 prestige and have no cathedral; {p1} wins with the most expensive church."
    engine = Outcome(ranking=[[1], [0]], scores={0: 45, 1: 45}, winners=[1], tie_break=line)
    final = final_outcome(engine, {1})
    assert final.ranking == [[0], [1]] and final.winners == [0] and final.tie_break is None
    # README: "a tie-break line that ordered one of them is left out, as their place no longer
    # follows from it": also when the tie-break had put them below already.
    below = "{p0} and {p1} tied on 45 prestige and have no cathedral; {p0} wins with the most expensive church."
    already_last = Outcome(ranking=[[0], [1]], scores={0: 45, 1: 45}, winners=[0], tie_break=below)
    assert final_outcome(already_last, {1}).tie_break is None
    others = Outcome(ranking=[[2], [0], [1]], scores={0: 40, 1: 45, 2: 45}, winners=[2],
                     tie_break="{p2} and {p1} tied on 45 prestige; {p2} wins with the most expensive cathedral.")
    assert final_outcome(others, {0}).tie_break == others.tie_break  # the forfeited seat was not in it


def test_a_tie_break_keeps_the_ties_that_did_not_order_a_seat_ranked_last():
    """Two ties in one game: the first decides the win and orders nobody who left; the second ordered
    a seat ranked last for leaving. The first stays: the winner's place still follows from it."""
    top = "{p0} and {p1} tied on 30 prestige; {p0} wins with the most expensive cathedral (900 guilders)."
    low = "{p2}, {p3} and {p4} tied on 20 prestige; the most expensive cathedral, then church, orders them: x."
    engine = Outcome(ranking=[[0], [1], [2], [3], [4]], scores={0: 30, 1: 30, 2: 20, 3: 20, 4: 20}, winners=[0],
                     tie_break=f"{top} {low} {{p2}} places ahead.")
    assert final_outcome(engine, {3}).tie_break == top
    assert final_outcome(engine, {1}).tie_break == f"{low} {{p2}} places ahead."
    assert final_outcome(engine, {1, 3}).tie_break is None
