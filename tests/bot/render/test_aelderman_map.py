"""The sea map's layout and colours: cities where they lie, and markers that read on the paper."""

from __future__ import annotations

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
