"""The final election of the main version, as the rulebook's score pad lists it."""

from __future__ import annotations

from games.aelderman import SPEC
from games.aelderman.election import score_pad
from games.aelderman.majority import district_strengths, split_votes
from tests.games.aelderman.helpers import give_building, new_main


def _empty(seats: int = 3):
    state = new_main(seats, 11)
    for banner in state.banners.values():
        banner.clear()
    state.subsidiary.clear()
    for player in state.players:
        player.goods = {g: 0 for g in player.goods}
        player.influence = player.votes = player.penalty = 0
        player.general = 35
        player.cards, player.orders = [], []
    state.phase = "over"
    return state


def test_rulebook_district_example_with_a_guard_house_across_the_border():
    """'the Fountain of Anna achieves a final value of 1. Eric owns a Merchant House with a strength
    of 2, whose final value is increased by 1 by the adjacent Guard House. In addition, he owns a
    Gabled House with a final value of 1, giving a total final value of 4. Marc has a Lighthouse ...
    extended four times, giving the Lighthouse a final value of 5. Marc thus receives 14 council
    votes for this city district and Eric receives 8 council votes.' 'The Guard House works across
    the borders of city districts!'"""
    state = _empty(3)
    anna, eric, marc = 0, 1, 2
    give_building(state, anna, "Fountain", 7)
    give_building(state, eric, "Merchant House", 1)
    give_building(state, eric, "Guard House", 31)  # Fünfhausen, right above site 1
    give_building(state, eric, "Gabled House", 4)
    give_building(state, marc, "Lighthouse", 2, uses=4)
    strengths = district_strengths(state)["St. Johannis"]
    assert strengths == {anna: 1, eric: 4, marc: 5}
    pad = score_pad(state)
    assert pad[marc]["districts"] == 14
    assert pad[eric]["districts"] == 8 + 10  # and first place in Fünfhausen with the Guard House
    assert pad[anna]["districts"] == 0


def test_ties_share_first_and_second_place_rounded_down():
    """'In the event of a tie, the council votes for 1st and 2nd place are added up and evenly
    divided among these players. If the sum cannot be divided directly, it is rounded down
    accordingly.'"""
    assert split_votes(14, 8, {0: 3, 1: 3, 2: 1}) == {0: 11, 1: 11}
    assert split_votes(10, 5, {0: 2, 1: 2, 2: 2}) == {0: 5, 1: 5, 2: 5}
    assert split_votes(12, 6, {0: 4, 1: 2, 2: 2}) == {0: 12, 1: 3, 2: 3}
    assert split_votes(12, 6, {0: 0, 1: 0}) == {}


def test_zone_majorities_count_banners_and_subsidiaries_alike():
    """'Count the influence markers and subsidiaries placed in all cities of each trading zone.
    Subsidiaries have the same value in the final scoring as an influence marker placed in the
    banner.'"""
    state = _empty(2)
    state.banners["Aalborg"] = [0, 0]
    state.banners["Malmö"] = [1]
    state.subsidiary["Visby"] = 1
    pad = score_pad(state)
    assert pad[0]["zones"] == pad[1]["zones"] == (12 + 6) // 2  # blue: tied 2-2


def test_score_pad_lines():
    """'Scoring of all influence markers in the player's active supply: Three influence markers each
    represent three council votes. One or two influence markers do not yield any council votes.'
    'each luxury good represents three council votes.' Penalties: 'you lose two council votes for
    each coin you cannot pay'."""
    state = _empty(2)
    player = state.players[0]
    player.influence = 8
    player.goods.update(pelt=1, spices=2, glass=3)
    player.votes = 13
    player.penalty = 4
    player.cards = [154, 155]  # monopoly on level IV (2 per good), 3 per subsidiary
    state.subsidiary["Riga"] = 0
    pad = score_pad(state)[0]
    assert pad["influence"] == 6 and pad["luxury"] == 9 and pad["votes"] == 13
    assert pad["cards"] == 2 * 3 + 3 * 1 and pad["penalty"] == -4
    outcome = SPEC.outcome(state)
    assert outcome.winners == [0] and outcome.scores[0] == sum(pad.values())
    assert outcome.details[0][-1] == f"Total: {sum(pad.values())} council votes"


def test_the_most_council_votes_are_elected_and_a_tie_shares():
    """'Whoever has the most council votes after the count is elected Aelderman and thus wins the
    game.'"""
    state = _empty(3)
    state.players[1].votes = 10
    state.players[2].votes = 10
    outcome = SPEC.outcome(state)
    assert outcome.winners == [1, 2] and outcome.ranking == [[1, 2], [0]]


def test_the_tie_rule_is_given_only_when_players_tied():
    """The rulebook names no tie-break for the most council votes: the project's reading, "tied
    leaders share the election", comes with a result where players tied, not with one nobody tied."""
    from games.aelderman.election import election_outcome
    state = _empty(3)
    tied = election_outcome(state)
    assert tied.winners == [0, 1, 2] and tied.tie_break == "Most council votes; tied leaders share the election."
    state.players[1].votes = 5
    state.players[2].votes = 3
    alone = election_outcome(state)
    assert alone.winners == [1] and alone.tie_break is None


def test_players_tied_behind_a_leader_who_abandoned_are_told_they_share_the_election(monkeypatch):
    """A player who abandoned is ranked last (README); the two tied behind them then lead, and the
    result still says the rule that has them share the election."""
    from types import SimpleNamespace

    from games.aelderman import election
    from play.results import final_outcome

    pads = {0: {"votes": 50}, 1: {"votes": 40}, 2: {"votes": 40}}
    monkeypatch.setattr(election, "score_pad", lambda state: pads)
    monkeypatch.setattr(election, "pad_lines", lambda state, seat, pad: [f"Total: {sum(pad.values())} council votes"])
    final = final_outcome(election.election_outcome(SimpleNamespace(seats=3)), {0})
    assert final.winners == [1, 2]
    assert final.tie_break == "Most council votes; tied leaders share the election."
