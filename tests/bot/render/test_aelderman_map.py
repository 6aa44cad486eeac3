"""The sea map's layout and colours: cities where they lie, and markers that read on the paper."""

from __future__ import annotations

import pytest

from bot.render import aelderman_map as sea_map
from games.aelderman import data as D


def test_cities_follow_real_geography():
    x = {name: sea_map.place_xy(name)[0] for name in sea_map.GEO}
    y = {name: sea_map.place_xy(name)[1] for name in sea_map.GEO}
    assert x["London"] < x["Brügge"] < x["Köln"] < x["Hamburg"] < x["Lübeck"] < x["Danzig"] < x["Riga"]
    assert y["Bergen"] < y["Stavanger"] < y["Aalborg"] < y["Ribe"] < y["Hamburg"] < y["Köln"]
    assert y["Reval"] < y["Riga"] < y["Memel"] < y["Danzig"]
    for name in D.PLACES:
        assert name in sea_map.GEO
        px, py = sea_map.place_xy(name)
        assert 0 < px < sea_map.WIDTH and 0 < py < sea_map.MAP_HEIGHT


def test_a_white_marker_stands_out_from_an_empty_banner_space():
    """The second colour is white: an empty banner space is a shade darker than the paper, so a white
    marker (edged in ink) reads as a marker, not as a free space."""
    def luminance(rgb):
        channels = [(v / 255 / 12.92 if v <= 10 else ((v / 255 + 0.055) / 1.055) ** 2.4) for v in rgb]
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]

    white, empty = luminance(sea_map.colour(1)), luminance(sea_map.EMPTY_SPACE)
    assert (white + 0.05) / (empty + 0.05) >= 1.4


@pytest.mark.slow  # draws the picture's key
def test_long_names_in_the_colour_key_are_shortened_before_the_round(monkeypatch):
    """Four wide names would run into the round written at the key's right: each is cut to its share."""
    from PIL import ImageDraw

    from games.aelderman import SPEC

    view = SPEC.view(SPEC.setup(4, 3, {"version": "main"}), None)
    names = {0: "KONSTANTIN WAGENKNECHT", 1: "MAXIMILIAN HOHENZOLLERN", 2: "ALEXANDRA VON WITTELSBACH",
             3: "WILHELMINA MÜLLER-WESTPHAL"}
    drawn = []
    real = ImageDraw.ImageDraw.text

    def text(self, xy, words, *args, **kwargs):
        drawn.append((words, self.textbbox(xy, words, font=kwargs.get("font"), anchor=kwargs.get("anchor"))))
        return real(self, xy, words, *args, **kwargs)

    sea_map.background(sea_map.layout_key(view))  # the map, drawn before the spy
    sea_map._names_band.cache_clear()
    sea_map._status_band.cache_clear()
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    key, status = sea_map.layout_key(view), sea_map.status_text(view)
    sea_map._legend(key, sea_map.legend_entries(view, names), status)
    *keys, (shown, status_box) = drawn
    assert shown == status == "Round 1 · Setup"
    left = sea_map.WIDTH - sea_map._status_band(key, status).width  # where the status's end is pasted
    assert all(box[2] < left + status_box[0] for _, box in keys), keys
    assert [words for words, _ in keys][0].startswith("KONSTANTIN") and all(w.endswith("…") for w, _ in keys)
    sea_map._names_band.cache_clear()


# -- drawn at once or in a worker thread ----------------------------------------------------------
def _renderer_and_views(version: str):
    from bot.render.aelderman import AeldermanRenderer
    from bot.render.base import TableInfo
    from games.aelderman import SPEC

    state = SPEC.setup(2, 5, {"version": version})
    policies = [SPEC.policy("heuristic", seat) for seat in range(2)]
    views = []
    for _ in range(40):
        seat = min(SPEC.to_act(state))
        state, _ = SPEC.apply(state, seat, policies[seat].choose(state, seat))
        views.append(SPEC.view(state, None))
    return AeldermanRenderer(), TableInfo(table_id=1, title="Aelderman", names={0: "ada", 1: "bo"}), views


@pytest.mark.slow  # draws pictures
def test_a_sea_map_is_drawn_at_once_only_when_its_layout_was_drawn_before(monkeypatch):
    """Drawing a warm map takes about a millisecond, less than the trip to a worker thread: the
    renderer then draws it at once (board_image_now), the same picture board_image draws."""
    renderer, info, views = _renderer_and_views("short")
    monkeypatch.setattr(sea_map, "_drawn_before", set())
    assert renderer.board_image_now(info, views[0]) is None, "a layout never drawn: its background may take long"
    renderer.board_image(info, views[0])
    for view in views[1:]:
        now = renderer.board_image_now(info, view)
        assert now is not None
        assert now.fp.getvalue() == renderer.board_image(info, view).fp.getvalue()
        assert now.filename == "aelderman-sea-map.png"


@pytest.mark.slow  # draws pictures
def test_no_map_is_drawn_at_once_while_another_is_drawn_or_with_the_main_versions_strip():
    """The loop never waits for a worker thread's drawing (it may be a first, slow one), and the main
    version's strip under the map takes several milliseconds: both go to a worker thread."""
    renderer, info, views = _renderer_and_views("short")
    renderer.board_image(info, views[0])
    assert renderer.board_image_now(info, views[1]) is not None
    with sea_map._DRAWING:  # as a worker thread drawing another table's picture holds it
        assert renderer.board_image_now(info, views[2]) is None
    main, info, main_views = _renderer_and_views("main")
    main.board_image(info, main_views[0])
    assert main.board_image_now(info, main_views[1]) is None
