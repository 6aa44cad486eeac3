"""All component data of Aelderman in one place (re-exported from the data_* modules).

Every value the rulebook does not print is marked chosen: dataclass items carry `chosen=True`,
whole tables and constants are listed by name in `CHOSEN`.
"""

from __future__ import annotations

from games.aelderman import data_cards, data_city, data_goods, data_lubeck, data_main, data_map
from games.aelderman.data_cards import (AP_FROM_RULEBOOK, DRAW_CARDS, FIXED_CARDS, ActionCard, SeaAction,
                                        card_action_cost, check_columns)
from games.aelderman.data_city import (ABILITY_USES, BOOSTERS_DRAWN, BOOSTERS_KEPT, BUILDINGS,
                                       CARPENTRY_WOOD, DELI_COINS,
                                       GUARD_HOUSE_VOTES, INFLUENCE_MARKERS, LIGHTHOUSE_MAX, ORDER_MARKERS,
                                       MAX_AP_PER_TURN, PERIOD_TILES_SHORT, PERIODS_PER_ROUND,
                                       PRODUCTION_CARDS, LESS_COSTS,
                                       PERMANENT_KINDS, PLAYER_STORAGE, PROPERTY_TILES, ROUNDS,
                                       SALES, SHORT_COUNCIL_PILE, SHORT_ROUNDS, SOLO_CARD_PRICE,
                                       SOLO_DRAW, SOLO_VOTES3_PRICE, SOLO_VOTES10_PRICE,
                                       SOLO_IMPROVE_PRICE, START_BOOSTERS, START_COINS,
                                       START_INFLUENCE, STORAGE_BUILDING_SPACES,
                                       UNPAID_COIN_PENALTY, VOTES3_CARDS, Building, CouncilCard)
from games.aelderman.data_lubeck import (ADJACENT, DISTRICT_ORIGIN, DISTRICT_SITES, DISTRICTS, DUMMY_SHEETS, PLAN,
                                         SELECTION_CARDS, SETUP_BUILDINGS, SITE_COUNT, SITES,
                                         SITES_PER_DISTRICT,
                                         DummySheet, Site)
from games.aelderman.data_main import (BOOSTERS_MAIN_MAIN, BOOSTERS_MAIN_SHORT, COUNCIL_ORDERS,
                                       DISTRICT_VOTES, IMPROVE_CARD, IMPROVE_COINS,
                                       IMPROVE_INFLUENCE, IMPROVEMENT_DISPLAY, IMPROVEMENT_SLOTS,
                                       IMPROVEMENT_SLOTS_OPEN, IMPROVEMENT_ZONE, IMPROVEMENTS,
                                       LUXURY_PRICE_507, MAIN_BOOSTERS, MAIN_COUNCIL_PILE,
                                       MAIN_DRAW_CARDS, MAIN_FIXED_CARDS, ORDERS_SHOWN,
                                       PERIOD_TILES_MAIN, ROUNDS_MAIN, SCORING_CARDS,
                                       TEN_VOTES_CARDS, TEN_VOTES_MIN_BID, TOOLS_CARD, ZONE_VOTES,
                                       CouncilOrder, Improvement, ScoringCard)
from games.aelderman.data_goods import (BONUS_EVERY, BUY_PRICE, BY_LEVEL, CRATE, GOODS, LEVEL,
                                        LUXURY, LUXURY_ZONES, SECTORS, SELL_PRICE, WHEEL_SIZE,
                                        WHEEL_STARTS, ZONE_SLOT, ring_options, sector_at,
                                        yield_goods)
from games.aelderman.data_map import (BANNER_SPACES, CITIES, CITY_ZONE,
                                      DUMMY_SETUPS, LUBECK, NEIGHBOURS, NO_ZONE, PLACES,
                                      POSITIONS, ROUTES, SUBSIDIARY_EXTRA, ZONES)
from games.aelderman.data_missions import FEAST_MARK_MISSION, LEVELS, MISSIONS, Mission, cumulative

# The short version's cards and the main version's, in one table each (numbers never clash).
ACTION_CARDS: dict[int, ActionCard] = {**data_cards.ACTION_CARDS, **data_main.MAIN_ACTION_CARDS}
SEA_ACTIONS: dict[str, SeaAction] = {**data_cards.SEA_ACTIONS, **data_main.MAIN_SEA_ACTIONS}
COUNCIL_CARDS: dict[int, CouncilCard] = {**data_city.COUNCIL_CARDS, **data_main.MAIN_COUNCIL_CARDS}
ALL_BOOSTERS: dict[str, dict[str, int]] = {**START_BOOSTERS, **MAIN_BOOSTERS}
check_columns(ACTION_CARDS, SEA_ACTIONS)
ROUNDS_OF = {"short": SHORT_ROUNDS, "main": ROUNDS_MAIN}

CHOSEN: frozenset[str] = (data_map.CHOSEN | data_goods.CHOSEN | data_cards.CHOSEN
                          | data_city.CHOSEN | data_main.CHOSEN | data_lubeck.CHOSEN)

__all__ = [name for name in dir() if name.isupper() or name[0].isupper() or name in {
    "card_action_cost", "check_columns", "ring_options", "sector_at", "yield_goods", "cumulative"}]
