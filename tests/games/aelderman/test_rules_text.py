"""What `/rules aelderman` says, checked against the rulebook's sentences."""

from __future__ import annotations

from games.aelderman import describe


def test_rules_name_both_ways_to_buy_luxury_goods():
    """"Buying Luxury Goods: For seven coins, you will receive the depicted luxury good", besides the
    resource wheel's goods (pelt and spices only in their zones): the rules text names both."""
    line = next(text for text in describe.trade_lines() if text.startswith("Luxury goods"))
    assert "3 action points" in line and "pelt only in the blue and red zones" in line
    assert "7 coins each with an action card's Pelt or Spices action, in any zone" in line


def test_rules_say_the_solo_council_hall_offers_one_of_its_cards():
    """Solo Council Hall: "You can first choose one of these cards at the given cost"."""
    text = " ".join(describe.main_lines() + describe.summary_lines() + describe.main_summary_lines())
    assert "Council Hall: one of 3 votes for 1, 10 votes for 7 or an improvement for 1" in text


def test_the_rules_tables_count_coins_and_crates_in_the_plural():
    """The resource wheel's sectors as `/rules aelderman` lists them: "3 coins", not "3 coin"."""
    import re

    text = "\n".join(line for _, lines in describe.component_tables() for line in lines)
    assert "3 coins" in text  # sector 9 of the wheel gives 3 coins
    assert not re.search(r"\b([2-9]|\d\d+) (coin|crate)\b", text), re.findall(r"\b\d+ (?:coin|crate)\b", text)
