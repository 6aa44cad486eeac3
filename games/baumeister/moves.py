"""Every action a player can take, built once and shared: legal-move lists reuse these
frozen instances instead of building new models on every call."""

from __future__ import annotations

from games.baumeister.actions import (
    Accept, Aim, Auction, Bid, Done, Grab, NoOffer, NoSteal, Offer, Pass, Pick, Place, Refuse, Roll,
    Sabotage, Steal, Swap, TakeThree, Unpick,
)
from games.baumeister.data import CARDS, COIN_SUPPLY, MENU_LIMIT, NUM_CARDS

ROLL = Roll()
TAKE_THREE = TakeThree()
SWAP = Swap()
AUCTION_OPEN = Auction(stack="open")
AUCTION_HIDDEN = Auction(stack="hidden")
PASS = Pass()
UNPICK = Unpick()
NO_OFFER = NoOffer()
NO_STEAL = NoSteal()
ACCEPT = Accept()
REFUSE = Refuse()
DONE = Done()

BIDS = tuple(Bid(amount=a) for a in range(COIN_SUPPLY + 1))
OFFERS = tuple(Offer(amount=a) for a in range(COIN_SUPPLY + 1))
PICKS = tuple(Pick(card=card.id) for card in CARDS)
PLACES = tuple(Place(slot=s) for s in range(-1, NUM_CARDS + 1))  # PLACES[slot + 1]
AIMS = tuple(Aim(slot=s) for s in range(NUM_CARDS))
GRABS = tuple(Grab(position=p) for p in range(MENU_LIMIT))
STEALS = tuple(Steal(seat=s) for s in range(4))
SABOTAGE_CITY = tuple(Sabotage(seat=s, target="city") for s in range(4))
SABOTAGE_HAND = tuple(Sabotage(seat=s, target="hand") for s in range(4))
