"""An answer longer than one Discord message goes in several, cut where a line, a list item or a
word ends (bot/ui/requests.py `pieces`), never losing a character."""

from __future__ import annotations

from bot.ui.requests import pieces


def test_a_long_list_is_cut_after_an_item_and_nothing_is_lost():
    items = [f"player{i:03d}" for i in range(400)]
    text = "Withdrawn: " + ", ".join(items) + "."
    parts = pieces(text)
    assert len(parts) > 1 and all(len(part) <= 2000 for part in parts)
    assert all(part.endswith(",") for part in parts[:-1])  # each ends with a whole item
    assert " ".join(parts) == text


def test_text_without_a_place_to_cut_is_cut_at_the_limit_and_short_text_is_one_message():
    text = "x" * 4500
    assert [len(part) for part in pieces(text)] == [2000, 2000, 500] and "".join(pieces(text)) == text
    assert pieces("Done.") == ["Done."] and pieces(None) == [None]
    lines = "\n".join(f"line {i}" for i in range(600))
    assert "\n".join(pieces(lines)) == lines and all(len(p) <= 2000 for p in pieces(lines))
