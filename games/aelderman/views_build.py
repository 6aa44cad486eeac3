"""Building the view models of games/aelderman/views.py from a state."""

from __future__ import annotations

from functools import lru_cache

from games.aelderman import data as D
from games.aelderman.rules import (ap_available, periods_shown, building_cost_with, capacity, final_votes,
                                   operating_costs, placed_count, property_cost, stored,
                                   usable_tokens, describe)
from games.aelderman.improvements import described, slots
from games.aelderman.placement import subsidiary_possible, why_not_placed
from games.aelderman.majority import building_strength, district_strengths, site_buildings, zone_counts
from games.aelderman.scoring import mission_level
from games.aelderman.state import State
from games.aelderman.turn import trade_options
from games.aelderman.views import (AeldermanView, BuildingView, CouncilSlotView, CouncilView,
                                   ImprovementView, MajorityView, OrderView, PendingView,
                                   PlayerView, SiteView, TurnView, cities_view, requirements_view,
                                   wheel_view)

# Steps whose data only their seat sees: the start boosters drawn, and the two Council Hall cards a
# Tavern draws from the face-down pile (the one not kept goes to the discard pile unseen).
_PRIVATE_STEPS = frozenset({"booster", "tavern"})
SALE_COINS = max(sale["coins"] for sale in D.SALES.values())  # the most a sale brings


def bid_token(state: State, seat: int, amount: int) -> str:
    council = state.council
    row = council.row if council else 0
    return f"sealed-bid-r{state.round}-row{row + 1}-seat{seat}-{amount}"


def player_view(state: State, seat: int, viewer: int | None) -> PlayerView:
    p = state.players[seat]
    over = state.phase == "over"
    shown = over or viewer == seat
    mission = D.MISSIONS.get(p.mission)  # None in the main version
    shown = shown and mission is not None
    # Mathias Mulich's feast mark comes from the general supply: until the end, others count it as
    # still there, or the one marker missing would tell them the secret mission.
    general = p.general if over or viewer == seat else p.general + p.mission_markers
    return PlayerView(
        seat=seat, coins=p.coins, influence=p.influence, general=general, action_points=p.ap,
        goods=dict(p.goods), storage_used=stored(p), storage_capacity=capacity(p),
        location=p.location, wheel=wheel_view(p.rotation, p.wheel_turns),
        production=dict(p.production),
        buildings=[BuildingView(name=n, strength=building_strength(n, u), uses=u, site=site,
                                district=D.SITES[site].district if site >= 0 else None)
                   for n, u, site in zip(p.buildings, p.uses, p.sites)],
        property=p.property, property_supply=p.property_supply, council_cards=list(p.cards),
        council_votes=p.votes, penalty=p.penalty, final_votes=final_votes(p),
        placed=placed_count(state, seat),
        subsidiaries=sorted(c for c, s in state.subsidiary.items() if s == seat),
        small_feasts=p.small_feasts, big_feasts=p.big_feasts, held=p.held, bid_total=p.bid_total,
        boosters=list(p.boosters), operating_costs=operating_costs(p),
        booster_draws=list(p.drawn) if viewer == seat else [],
        mission=p.mission if shown else None, mission_name=mission.name if shown else None,
        mission_level=mission_level(state, seat) if over and mission else None,
        requirements=requirements_view(state, seat) if shown else [],
        improvements=[improvement_view(n, used) for n, used in zip(p.improvements, p.activated)],
        improvement_slots=slots(p) if state.version == "main" else 0,
        zones=list(p.zones), orders=list(p.orders),
    )


def own_player_view(state: State, seat: int, public: PlayerView) -> PlayerView:
    """player_view(state, seat, seat) from the seat's public one: only what the seat alone sees is
    added (its mission and the progress of its tasks while the game runs, its booster draws)."""
    p = state.players[seat]
    update: dict = {"booster_draws": list(p.drawn)}
    mission = D.MISSIONS.get(p.mission)
    if mission is not None and state.phase != "over":  # at the end, everyone sees every mission
        update.update(mission=p.mission, mission_name=mission.name, requirements=requirements_view(state, seat))
    return public.model_copy(update=update)


def improvement_view(number: int, activated: bool = False) -> ImprovementView:
    imp = D.IMPROVEMENTS[number]
    return ImprovementView(number=number, when=imp.when, text=described(number), activated=activated)


def main_fields(state: State) -> dict:
    """The main version's display, orders, Lübeck and majorities so far."""
    if state.version != "main":
        return {}
    built = site_buildings(state)
    names = {site: name for p in state.players for name, site in zip(p.buildings, p.sites)}
    sites = []
    for site in D.SITES:
        owner = state.site_owner[site.number]
        strength = built[site.number][1] if site.number in built else 0
        sites.append(SiteView(number=site.number, district=site.district, x=site.x, y=site.y,
                              owner=owner if owner >= 0 else None, building=names.get(site.number),
                              strength=strength))
    zones, districts = zone_counts(state), district_strengths(state)
    return dict(
        display=[improvement_view(n) for n in state.display], improvement_pile=len(state.improvement_pile),
        orders=[OrderView(number=n, text=D.COUNCIL_ORDERS[n].text, reward=D.COUNCIL_ORDERS[n].reward)
                if n else None for n in state.orders],
        sites=sites,
        zone_majorities=[MajorityView(name=z, first=D.ZONE_VOTES[z][0], second=D.ZONE_VOTES[z][1],
                                      standing=zones[z]) for z in D.ZONES],
        district_majorities=[MajorityView(name=d, first=D.DISTRICT_VOTES[d][0],
                                          second=D.DISTRICT_VOTES[d][1], standing=districts[d])
                             for d in D.DISTRICTS],
        difficulty=state.spare.sheet if state.spare is not None and state.spare.sheet else None,
    )


def turn_view(state: State) -> TurnView | None:
    turn = state.turn
    if turn is None:
        return None
    v = turn.visit
    return TurnView(seat=turn.seat, start=turn.start, city=v.city, moved=turn.moved,
                    ap_period=turn.base, ap_left=turn.base_left, ap_extra_usable=usable_tokens(state),
                    ap_available=ap_available(state), rows_used=list(v.rows), spent_here=v.spent,
                    alt_trade_used=v.alt, card_blocked=v.blocked, city_actions_done=v.city_actions,
                    feasted=turn.feasted, passes_left=turn.passes,
                    may_pass=turn.passes > 0 and v.spent == 0 and not (v.city_actions or v.improved),
                    # (with a sale's coins: a subsidiary may be paid with them)
                    places_here=why_not_placed(state, turn.seat, v.city, SALE_COINS) is None)


@lru_cache(maxsize=1024)  # views are read, never changed: a card's slot looks the same move after move
def council_slot(card: int, taken: int | None) -> CouncilSlotView:
    info = D.COUNCIL_CARDS[card]
    return CouncilSlotView(card=card, kind=info.kind, text=info.text, bonus=dict(info.bonus), taken_by=taken)


def council_view(state: State, viewer: int | None) -> CouncilView:
    council = state.council
    rows = []
    for r, row in enumerate(state.council_rows):
        slots = []
        for i, card in enumerate(row):
            taken = None
            if council is not None and r < len(council.taken) and council.taken[r][i] >= 0:
                taken = council.taken[r][i]
            elif council is None and any(card in p.cards for p in state.players):
                taken = next(s for s, p in enumerate(state.players) if card in p.cards)
            elif council is None and card == D.IMPROVE_CARD:
                taken = state.improve_taker  # the card went back to its place
            slots.append(council_slot(card, taken))
        rows.append(slots)
    my_bid = None
    if council is not None and council.stage == "bid" and viewer is not None:
        my_bid = council.bids[viewer]
    return CouncilView(
        rows=rows, row=council.row if council else None, stage=council.stage if council else None,
        submitted=[b is not None for b in council.bids] if council else [],
        revealed=[list(r) for r in council.revealed] if council else [],
        my_bid=my_bid,
        my_bid_token=bid_token(state, viewer, my_bid) if my_bid is not None and viewer is not None
        else None,
    )


def pending_view(state: State, viewer: int | None) -> PendingView | None:
    if not state.pending:
        return None
    top = state.pending[-1]
    data = dict(top.data) if top.kind not in _PRIVATE_STEPS or viewer == top.seat else {}
    if viewer == top.seat:  # what the choices allow, so the prompt offers nothing the buttons do not
        if top.kind == "place":
            data["subsidiary"] = subsidiary_possible(state, top.seat, top.data["city"])
        elif top.kind == "trade":
            data["sides"] = sorted({option.side for option in trade_options(state, top.seat)})
    return PendingView(kind=top.kind, seat=top.seat, data=data)


def build_view(state: State, viewer: int | None, to_act: list[int]) -> AeldermanView:
    indicator = D.ROUNDS[state.round]
    revealed = periods_shown(state)
    small, big = indicator.small_feast, indicator.big_feast
    return AeldermanView(
        version=state.version, seats=state.seats, viewer=viewer, phase=state.phase,
        round=state.round, period=state.period, periods_revealed=state.periods[:revealed],
        periods_hidden=len(state.periods) - revealed, order=list(state.order), to_act=to_act,
        turn=turn_view(state), pending=pending_view(state, viewer),
        cities=cities_view(state),
        players=[player_view(state, s, viewer) for s in range(state.seats)],
        council=council_view(state, viewer), council_pile=len(state.council_pile),
        card_pile=len(state.card_pile), feasts=state.feasts, feast_limit=state.seats,
        small_feast=f"{describe(small[0])} -> {small[1]} influence",
        big_feast=f"{describe(big[0])} -> {big[1]} influence" if big else None,
        property_cost=property_cost(state, state.players[viewer]) if viewer is not None
        else indicator.property_cost,
        solo=state.seats == 1,
        build_costs=build_costs(state, viewer) if viewer is not None else {},
        buildings_left={name: b.stock - state.built.get(name, 0) for name, b in D.BUILDINGS.items()},
        rounds=D.ROUNDS_OF[state.version], spare=state.seats if state.spare is not None else None,
        setup_option=state.setup_option, **main_fields(state),
    )


def seat_view(state: State, viewer: int, public: AeldermanView) -> AeldermanView:
    """build_view for `viewer`, from `public` (build_view of the same state for everyone): only
    what depends on who looks is built again, the seat's own player, its pending step, its
    sealed bid, its costs; the rest (cities, other players, Lübeck...) is taken as it is."""
    players = list(public.players)
    players[viewer] = own_player_view(state, viewer, public.players[viewer])
    council = state.council
    bid_shown = council is not None and council.stage == "bid" and council.bids[viewer] is not None
    return public.model_copy(update=dict(
        viewer=viewer, pending=pending_view(state, viewer), players=players,
        council=council_view(state, viewer) if bid_shown else public.council,
        property_cost=property_cost(state, state.players[viewer]), build_costs=build_costs(state, viewer)))


def build_costs(state: State, seat: int) -> dict[str, dict[str, int]]:
    return dict(_build_costs(tuple(state.players[seat].cards)))


@lru_cache(maxsize=256)  # the costs depend on the Council Hall cards alone (rules.building_cost)
def _build_costs(cards: tuple[int, ...]) -> dict[str, dict[str, int]]:
    costs = {}
    for name in D.BUILDINGS:
        goods, coins = building_cost_with(cards, name)
        costs[name] = {**goods, **({"coins": coins} if coins else {})}
    return costs
