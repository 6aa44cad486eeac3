"""Mission scoring of the short version, the outcome and statistics."""

from __future__ import annotations

from games.aelderman import SPEC
from games.aelderman import data as D
from games.aelderman.rules import final_votes
from games.aelderman.scoring import mission_level
from tests.games.aelderman.helpers import clear_player, new_game


def finished(seats: int = 2):
    state = new_game(seats, seed=12)
    state.phase = "over"
    state.turn = None
    state.pending = []
    for seat in range(seats):
        clear_player(state, seat)
    return state


def give_mulich_basic(state, seat: int) -> None:
    """Mulich basic: 6 influence; 2 markers placed, one a subsidiary; Merchant House and Fountain;
    a small feast; beer, tools, wood, 2 glass in storage; 12 council votes."""
    player = state.players[seat]
    player.mission = "mission-mulich"
    player.influence, player.general = 6, player.general - 1 - 2
    state.banners["Oslo"] = [seat]
    state.subsidiary["Bergen"] = seat
    player.buildings, player.uses = ["Merchant House", "Fountain"], [0, 0]
    player.property_supply -= 2
    player.small_feasts = 1
    player.goods.update(beer=1, tools=1, wood=1, glass=2)
    player.votes = 6


def test_council_votes_count_influence_in_threes_and_luxury_goods():
    """'three influence markers in your active supply: three council votes'; 'each luxury good:
    three council votes'."""
    state = finished()
    player = state.players[0]
    player.influence = 8
    player.goods["pelt"] = 1
    player.votes = 2
    player.penalty = 2
    assert final_votes(player) == 2 + 6 + 3 - 2


def test_levels_are_cumulative_and_several_players_can_win():
    """'You win the game if you manage to complete at least the basic task of your mission. That
    means there can be multiple winners in this version.' Advanced for Mulich: 'construct a
    building: Gabled House'; expert: another Fountain."""
    state = finished()
    give_mulich_basic(state, 0)
    give_mulich_basic(state, 1)
    state.subsidiary = {"Bergen": 0, "Stavanger": 1}
    state.banners["Oslo"] = [0, 1]
    assert mission_level(state, 0) == 1
    state.players[1].buildings += ["Fountain"]
    state.players[1].uses.append(0)
    assert mission_level(state, 1) == 1  # the expert Fountain without the advanced Gabled House
    state.players[1].buildings += ["Gabled House"]
    state.players[1].uses.append(0)
    state.players[1].property_supply -= 2
    assert mission_level(state, 1) == 3
    outcome = SPEC.outcome(state)
    assert sorted(outcome.winners) == [0, 1]
    assert outcome.ranking == [[1], [0]]  # level first, then council votes
    assert outcome.details[1][0].startswith("Mathias Mulich: expert")
    stats = SPEC.stats(state)
    assert stats[1] == {"mission_basic": 1.0, "mission_advanced": 1.0, "mission_expert": 1.0,
                        "council_votes": float(final_votes(state.players[1]))}
    assert stats[0]["mission_advanced"] == 0.0


def test_one_missing_requirement_fails_the_basic_task():
    state = finished()
    give_mulich_basic(state, 0)
    state.players[0].goods["glass"] = 1
    assert mission_level(state, 0) == 0
    outcome = SPEC.outcome(state)
    assert any(line.startswith("✗ 2x glass") for line in outcome.details[0])


def test_nobody_completes_a_task_then_nobody_wins():
    """'You win the game if you manage to complete at least the basic task of your mission.'
    Without any basic task done there is no winner; places still follow council votes."""
    state = finished(3)
    state.players[2].votes = 5
    outcome = SPEC.outcome(state)
    assert outcome.winners == [] and outcome.ranking[0] == [2]


def test_missions_are_shown_to_everyone_at_the_end():
    state = finished()
    assert SPEC.secret_tokens(state)[0] == set()
    view = SPEC.view(state, None)
    assert all(p.mission in D.MISSIONS and p.mission_level is not None for p in view.players)


def _rinck_with_markers_in(state, seat: int, subsidiaries: list[str], banners: list[str]) -> None:
    """Everything of Johann Rinck's three levels besides the markers, which go where given."""
    player = state.players[seat]
    player.mission, player.influence = "mission-rinck", 6
    for city in subsidiaries:
        state.subsidiary[city] = seat
    for city in banners:
        state.banners[city].append(seat)
    player.general -= len(subsidiaries) + len(banners)
    player.buildings, player.uses = ["Brewery", "Gabled House", "Trade Guild"], [0, 0, 0]
    player.property_supply -= 3
    player.coins = 15
    player.goods.update(meat=1, beer=1, spices=1)
    player.votes = 3  # + 6 for six active influence + 3 for the spices: 12 council votes


def test_rincks_expert_marker_in_edinburgh_comes_besides_the_basic_three():
    """Johann Rinck: 'Basic: ... place 3x influence markers, at least one of them in London and at
    least one of them as a subsidiary'; 'Expert (additional): 1x construct a building: Trade Guild;
    1x place influence marker in Edinburgh'. A subsidiary in Edinburgh that is the only subsidiary
    belongs to the basic three, so it is not the additional marker; beside another subsidiary, it is."""
    for subsidiaries, banners, level in [
        (["Edinburgh"], ["London", "Hamburg", "Riga"], 2),  # advanced: no marker in Edinburgh to spare
        (["Edinburgh"], ["London", "Hamburg", "Edinburgh"], 3),  # a banner marker there is additional
        (["Edinburgh", "Riga"], ["London", "Hamburg"], 3),  # Riga's subsidiary is the basic task's
    ]:
        state = new_game(2, seed=12)
        for seat in range(2):
            clear_player(state, seat)
        _rinck_with_markers_in(state, 0, subsidiaries, banners)
        assert mission_level(state, 0) == level, (subsidiaries, banners)



def test_places_by_council_votes_are_explained_only_when_they_broke_a_tie_of_levels(monkeypatch):
    """Short version: places go by the mission level reached, then council votes; the line saying
    so comes with a result where votes placed players of the same level."""
    import games.aelderman.scoring as scoring
    state = new_game(3, seed=4)
    state.phase = "over"
    for levels, expected in (([2, 1, 0], None),
                             ([1, 1, 0], "Places: mission level reached, then council votes.")):
        monkeypatch.setattr(scoring, "mission_level", lambda _, seat, levels=levels: levels[seat])
        outcome = SPEC.outcome(state)
        assert outcome.tie_break == expected, levels
        assert outcome.ranking[-1] == [2]
