"""README: /table undo / Take back "Takes back your own last action ... The game is replayed without
the action". The next bidder had been sent a "Your turn" DM for the bid taken back: that DM loses
its buttons and shows the seat's panel as it is now, which asks nothing of them."""
from __future__ import annotations

from tests.bot.driver import latest_dm, labels, menu_options, play_turn_by_dm, text_of
from tests.bot.test_baumeister_secrets import WON_BY_AUCTIONEER, blind_auction, dealt_table


async def test_a_bid_taken_back_leaves_no_stale_call_to_act_in_the_next_bidders_dm(simcord_env, monkeypatch):
    table, people = await dealt_table(simcord_env, monkeypatch, WON_BY_AUCTIONEER)
    choose, _ = blind_auction(raises=0)
    while (await table.state()).phase != "opening":
        assert await play_turn_by_dm(table, choose)
    auctioneer = people[(await table.state()).current]
    assert await play_turn_by_dm(table, choose)  # the auctioneer opens at 0
    bidder = people[(await table.state()).actor]
    called = latest_dm(bidder)
    assert "**Now:** raise above 0" in text_of(called) and menu_options(called)
    back = await auctioneer.user.click(auctioneer.user.dm_channel.history()[-1], label="↩ Take back")
    assert back.acknowledged and (await table.state()).phase == "opening"
    after = latest_dm(bidder)
    assert not labels(after) and not menu_options(after)  # its controls are gone ...
    # ... and it no longer calls the bidder to act, for a decision that no longer exists.
    assert "**Now:** raise above 0" not in text_of(after), text_of(after)
    assert called.content.startswith("**Your turn in") and not after.content.startswith("**Your turn")
