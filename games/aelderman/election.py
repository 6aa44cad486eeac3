"""The final election of the main version, line by line as the score pad has it: majorities in the
trading zones and Lübeck's districts, influence in threes, luxury goods, council votes, Council
Hall scoring cards, Council orders and penalties. The spare colour (2 players) takes majority votes
like a third player; the solo dummy is scored like a player, plus its sheet's council votes."""

from __future__ import annotations

from games.aelderman import data as D
from games.aelderman.majority import district_strengths, split_votes, zone_counts
from games.aelderman.orders import order_votes
from games.aelderman.rules import luxuries, placed_count
from games.aelderman.state import Player, State
from games.core import Outcome

LINES: tuple[str, ...] = ("zones", "districts", "influence", "luxury", "votes", "cards", "orders",
                          "penalty", "dummy")
LINE_NAMES = {
    "zones": "Trading zones", "districts": "Lübeck districts", "influence": "Influence (3 votes per 3 markers)",
    "luxury": "Luxury goods (3 each)", "votes": "Council votes collected", "cards": "Scoring cards",
    "orders": "Council orders", "penalty": "Unpaid operating costs (2 per coin)",
    "dummy": "The dummy's own bonus (its difficulty)",
}


def _boxes(boxes: dict[str, dict[int, int]], values: dict[str, tuple[int, int]]
           ) -> dict[int, list[tuple[str, int]]]:
    won: dict[int, list[tuple[str, int]]] = {}
    for name, strengths in boxes.items():
        first, second = values[name]
        for seat, votes in split_votes(first, second, strengths).items():
            won.setdefault(seat, []).append((name, votes))
    return won


def card_votes(state: State, seat: int) -> int:
    player = state.players[seat]
    total = 0
    for card in player.cards:
        scoring = D.SCORING_CARDS.get(card)
        if scoring is not None:
            total += scoring.per * _counted(state, seat, player, scoring.kind)
    return total


def _counted(state: State, seat: int, player: Player, kind: str) -> int:
    if kind.startswith("monopoly_"):
        level = int(kind[-1])
        return sum(n for g, n in player.goods.items() if D.LEVEL.get(g) == level)
    return {
        "per_subsidiary": sum(1 for s in state.subsidiary.values() if s == seat),
        "per_strength_two": sum(1 for b in player.buildings if D.BUILDINGS[b].strength == 2),
        "per_building": len(player.buildings),
        "per_zone": len(player.zones),
        "per_improvement": len(player.improvements),
        "per_two_markers": placed_count(state, seat) // 2,
    }[kind]


def score_pad(state: State) -> dict[int, dict[str, int]]:
    """Council votes per seat and line (the spare colour too, under seat `state.seats`)."""
    zones = _boxes(zone_counts(state), D.ZONE_VOTES)
    districts = _boxes(district_strengths(state), D.DISTRICT_VOTES)
    pad: dict[int, dict[str, int]] = {}
    for seat, player in enumerate(state.players):
        pad[seat] = {
            "zones": sum(v for _, v in zones.get(seat, [])),
            "districts": sum(v for _, v in districts.get(seat, [])),
            "influence": 3 * (player.influence // 3), "luxury": 3 * luxuries(player),
            "votes": player.votes, "cards": card_votes(state, seat), "orders": order_votes(player),
            "penalty": -player.penalty,
        }
    if state.spare is not None:
        spare = state.seats
        bonus = D.DUMMY_SHEETS[state.spare.sheet].bonus_votes if state.spare.sheet else 0
        pad[spare] = {"zones": sum(v for _, v in zones.get(spare, [])),
                      "districts": sum(v for _, v in districts.get(spare, [])), "dummy": bonus}
    return pad


def pad_lines(state: State, seat: int, lines: dict[str, int]) -> list[str]:
    """One line per score-pad line with council votes, the majorities named, then the total."""
    zones = _boxes(zone_counts(state), D.ZONE_VOTES).get(seat, [])
    districts = _boxes(district_strengths(state), D.DISTRICT_VOTES).get(seat, [])
    where = {"zones": zones, "districts": districts}
    result = []
    for key in LINES:
        if key not in lines or (key in ("penalty", "dummy") and not lines[key]):
            continue
        named = ", ".join(f"{name} {votes}" for name, votes in where.get(key, []))
        result.append(f"{LINE_NAMES[key]}: {lines[key]}" + (f" ({named})" if named else ""))
    result.append(f"Total: {sum(lines.values())} council votes")
    return result


def election_outcome(state: State) -> Outcome:
    """Rulebook: "Whoever has the most council votes after the count is elected Aelderman and thus
    wins the game." The text breaks no tie: tied leaders are elected together. Solo: the dummy "will
    be treated like a real opponent in the final scoring", so the player wins with at least as
    many council votes as the dummy (a tie elects both, as between players)."""
    pad = score_pad(state)
    totals = {s: sum(pad[s].values()) for s in range(state.seats)}
    keys = sorted(set(totals.values()), reverse=True)
    ranking = [[s for s in range(state.seats) if totals[s] == k] for k in keys]
    details = {s: pad_lines(state, s, pad[s]) for s in pad}
    if state.seats == 1:
        dummy = sum(pad[1].values())
        verdict = ("you beat it and are elected Aelderman." if totals[0] > dummy else
                   "you tie with it and are elected together, as tied leaders are." if totals[0] == dummy else
                   "it is not beaten.")
        details[0].append(f"The dummy has {dummy} council votes: {verdict}")
        # A tie_break only where there was a tie (the rule that settles it; None otherwise).
        return Outcome(ranking=ranking, scores={0: float(totals[0])}, winners=[0] if totals[0] >= dummy else [],
                       tie_break="Solo: the player wins with at least as many council votes as the dummy "
                                 "(a tie elects both)." if totals[0] == dummy else None,
                       details=details)
    # Any tie may become the leaders' (a leader who abandoned is ranked last afterwards: final_outcome).
    tied = any(len(group) > 1 for group in ranking)
    return Outcome(ranking=ranking, scores={s: float(v) for s, v in totals.items()}, winners=ranking[0],
                   tie_break="Most council votes; tied leaders share the election." if tied else None,
                   details=details)
