"""All component data of Aelderman in one place (re-exported from the data_* modules).

Every value the rulebook does not print is marked chosen: dataclass items carry `chosen=True`,
whole tables and constants are listed by name in `CHOSEN`.
"""

from __future__ import annotations

from games.aelderman import data_cards, data_city, data_goods, data_map
from games.aelderman.data_cards import (ACTION_CARDS, DRAW_CARDS, FIXED_CARDS, SEA_ACTIONS,
                                        ActionCard, SeaAction, card_action_cost)
from games.aelderman.data_city import (ABILITY_USES, BOOSTERS_DRAWN, BOOSTERS_KEPT, BUILDINGS,
                                       CARPENTRY_WOOD, COUNCIL_CARDS, DELI_COINS,
                                       GUARD_HOUSE_VOTES, INFLUENCE_MARKERS, LIGHTHOUSE_MAX,
                                       MAX_AP_PER_TURN, PERIOD_TILES_SHORT, PERIODS_PER_ROUND,
                                       PRODUCTION_CARDS, LESS_COSTS,
                                       PERMANENT_KINDS, PLAYER_STORAGE, PROPERTY_TILES, ROUNDS,
                                       SALES, SHORT_COUNCIL_PILE, SHORT_ROUNDS, SOLO_CARD_PRICE,
                                       SOLO_DRAW, SOLO_VOTES3_PRICE, START_BOOSTERS, START_COINS,
                                       START_INFLUENCE, STORAGE_BUILDING_SPACES,
                                       UNPAID_COIN_PENALTY, VOTES3_CARDS, Building, CouncilCard)
from games.aelderman.data_goods import (BONUS_EVERY, BUY_PRICE, BY_LEVEL, CRATE, GOODS, LEVEL,
                                        LUXURY, LUXURY_ZONES, SECTORS, SELL_PRICE, WHEEL_SIZE,
                                        WHEEL_STARTS, ZONE_SLOT, ring_options, sector_at,
                                        yield_goods)
from games.aelderman.data_map import (BANNER_SPACES, CITIES, CITY_ZONE, DUMMY_IN_SHORT_VERSION,
                                      DUMMY_SETUPS, LUBECK, NEIGHBOURS, NO_ZONE, PLACES,
                                      POSITIONS, ROUTES, SUBSIDIARY_EXTRA, ZONES)
from games.aelderman.data_missions import LEVELS, MISSIONS, Mission, cumulative

CHOSEN: frozenset[str] = (data_map.CHOSEN | data_goods.CHOSEN | data_cards.CHOSEN
                          | data_city.CHOSEN)

__all__ = [name for name in dir() if name.isupper() or name[0].isupper() or name in {
    "card_action_cost", "ring_options", "sector_at", "yield_goods", "cumulative"}]
