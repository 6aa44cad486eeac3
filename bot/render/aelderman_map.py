"""The Aelderman sea map drawn with Pillow: coasts, routes, zones, banners, subsidiaries, ships.

Cities sit at their real longitude and latitude (an equirectangular projection around 55° N),
nudged apart only where two would overlap. The unchanging part (sea, land, routes, city dots,
empty banners) is drawn once per map layout and cached; each board update only adds the
markers, ships and the legend, and its PNG compresses only the rows that changed (png_bands).
"""

from __future__ import annotations

import math
import re
import threading
from functools import cache, lru_cache
from typing import Any, Callable, Sequence

from PIL import Image, ImageDraw, ImageFont

from bot.render import png_bands
from bot.render.base import without_controls

WIDTH, MAP_HEIGHT, LEGEND_HEIGHT = 960, 600, 36
HEIGHT = MAP_HEIGHT + LEGEND_HEIGHT
PALETTE_COLOURS = 200
SUPERSAMPLE = 2  # the cached background is drawn at twice the size and scaled down (smooth edges)
LON_MIN, LON_MAX, LAT_MAX = -6.5, 30.5, 61.8
X_SCALE = WIDTH / (LON_MAX - LON_MIN)  # pixels per degree of longitude
Y_SCALE = X_SCALE / math.cos(math.radians(55.0))  # pixels per degree of latitude

SEA, LAND, COAST = (170, 204, 228), (233, 224, 196), (150, 140, 112)
ROUTE, INK, PAPER = (104, 136, 168), (40, 40, 48), (250, 247, 238)
ZONE_RGB: dict[str, tuple[int, int, int]] = {
    "blue": (46, 111, 216), "purple": (142, 68, 173), "green": (46, 158, 79),
    "yellow": (232, 194, 26), "red": (208, 56, 43),
}
NO_ZONE_RGB = (150, 150, 150)
EMPTY_SPACE = (214, 207, 188)  # an empty banner space
# Player colours by seat: (name, emoji for the embeds, RGB); none is a zone colour.
PLAYER_COLOURS: tuple[tuple[str, str, tuple[int, int, int]], ...] = (
    ("orange", "🟠", (242, 138, 36)),
    ("white", "⚪", (250, 250, 250)),
    ("black", "⚫", (30, 30, 30)),
    ("brown", "🟤", (139, 90, 43)),
)

# Real positions (longitude, latitude). Levantehandel lies where the Levant trade leaves the
# Channel for the Atlantic, Fernosthandel inland towards Novgorod.
GEO: dict[str, tuple[float, float]] = {
    "Lübeck": (10.69, 53.87), "Hamburg": (9.99, 53.55), "Ribe": (8.76, 55.33),
    "Aalborg": (9.92, 57.05), "Köln": (6.96, 50.94), "Brügge": (3.22, 51.21),
    "London": (-0.13, 51.51), "Edinburgh": (-3.19, 55.95), "Bergen": (5.32, 60.39),
    "Stavanger": (5.73, 58.97), "Oslo": (10.75, 59.91), "Malmö": (13.0, 55.6),
    "Stockholm": (18.07, 59.33), "Visby": (18.29, 57.64), "Danzig": (18.65, 54.35),
    "Memel": (21.13, 55.71), "Riga": (24.11, 56.95), "Reval": (24.75, 59.44),
    "Levantehandel": (-4.2, 49.45), "Fernosthandel": (28.3, 57.9),
}
# Lübeck and Hamburg are 60 km apart: drawn a little further apart so both stay legible.
NUDGE: dict[str, tuple[float, float]] = {"Lübeck": (0.25, 0.05), "Hamburg": (-0.3, -0.15)}
TRADE_POSTS = ("Levantehandel", "Fernosthandel")

# Layout around each dot: the banner hangs east or west, the name goes above ("n", on the side
# away from the banner), below the ships ("s") or beside the dot ("e"/"w"); ships line up below
# the dot unless SHIPS gives the first ship's offset.
BANNER_SIDE: dict[str, str] = {
    "Hamburg": "w", "London": "w", "Bergen": "w", "Stavanger": "w", "Aalborg": "w",
    "Stockholm": "w", "Danzig": "w",
}
LABEL_SIDE: dict[str, str] = {
    "Lübeck": "e", "Hamburg": "s", "Köln": "s", "Brügge": "s", "London": "s", "Danzig": "s",
    "Edinburgh": "s", "Memel": "s", "Riga": "s",
}
SHIPS: dict[str, tuple[int, int]] = {"Lübeck": (22, -16), "Bergen": (24, 10), "Fernosthandel": (-40, 24),
                                     "Levantehandel": (-20, -24)}

# Simplified coasts as (longitude, latitude) polygons; polygons may reach past the edges.
COASTS: tuple[tuple[tuple[float, float], ...], ...] = (
    # Great Britain
    ((-5.7, 50.05), (-4.2, 50.35), (-3.5, 50.6), (-2.5, 50.6), (-1.3, 50.75), (0.2, 50.75),
     (1.0, 51.0), (1.4, 51.3), (0.7, 51.55), (1.2, 51.85), (1.75, 52.5), (1.65, 52.85), (0.4, 52.95),
     (0.3, 53.4), (-0.1, 53.65), (-0.2, 54.1), (-0.6, 54.5), (-1.2, 54.65), (-1.5, 55.0),
     (-1.6, 55.6), (-2.1, 55.9), (-2.9, 56.0), (-3.3, 56.05), (-2.8, 56.2), (-2.5, 56.6),
     (-2.0, 57.1), (-1.8, 57.5), (-2.5, 57.7), (-3.5, 57.65), (-4.2, 57.5), (-3.8, 57.85),
     (-3.0, 58.6), (-5.0, 58.6), (-5.2, 58.3), (-5.7, 57.8), (-5.6, 57.2), (-5.8, 56.7),
     (-5.5, 56.3), (-5.6, 55.3), (-4.9, 55.7), (-5.0, 55.0), (-5.1, 54.8), (-4.4, 54.7),
     (-3.0, 54.95), (-3.4, 54.5), (-3.0, 54.0), (-2.9, 53.75), (-3.05, 53.4), (-4.3, 53.3),
     (-4.6, 52.8), (-4.1, 52.55), (-4.2, 52.2), (-5.1, 51.85), (-4.4, 51.65), (-3.5, 51.4),
     (-2.6, 51.55), (-3.1, 51.2), (-4.2, 51.15), (-4.6, 51.0), (-5.0, 50.6)),
    # Ireland (east coast)
    ((-6.5, 55.3), (-6.0, 55.2), (-5.6, 54.7), (-5.5, 54.4), (-6.1, 54.0), (-6.1, 53.5),
     (-6.0, 53.0), (-6.2, 52.6), (-6.4, 52.2), (-8.0, 52.0), (-8.0, 55.4)),
    # The continent from Brittany to the Gulf of Finland
    ((-4.7, 48.5), (-3.5, 48.8), (-2.5, 48.6), (-1.6, 48.65), (-1.9, 49.7), (-1.3, 49.7),
     (-1.1, 49.35), (0.0, 49.35), (0.2, 49.7), (1.0, 49.95), (1.6, 50.3), (1.6, 50.9), (2.5, 51.1),
     (3.3, 51.35), (3.6, 51.45), (4.0, 51.9), (4.5, 52.3), (4.75, 53.0), (5.3, 53.35), (6.0, 53.45),
     (7.0, 53.6), (8.0, 53.55), (8.9, 53.9), (8.6, 54.3), (8.65, 54.9), (8.45, 55.45), (8.1, 55.6),
     (8.15, 56.0), (8.1, 56.6), (8.6, 57.1), (9.9, 57.6), (10.6, 57.75), (10.5, 57.4),
     (10.3, 56.95), (10.3, 56.7), (10.9, 56.45), (10.3, 56.2), (10.0, 55.75), (9.6, 55.5),
     (9.8, 55.0), (9.5, 54.85), (10.0, 54.5), (10.9, 54.35), (11.1, 54.0), (11.4, 53.95),
     (12.1, 54.2), (13.0, 54.45), (13.7, 54.3), (14.2, 53.95), (15.5, 54.2), (16.6, 54.55),
     (17.8, 54.8), (18.5, 54.75), (18.6, 54.4), (19.5, 54.4), (20.0, 54.95), (21.1, 55.25),
     (21.05, 55.7), (21.0, 56.1), (21.0, 56.5), (21.6, 57.4), (22.6, 57.75), (23.2, 57.1),
     (24.1, 57.0), (24.4, 57.3), (24.3, 57.9), (24.5, 58.4), (23.5, 58.5), (23.5, 59.0),
     (24.0, 59.3), (24.75, 59.5), (26.0, 59.6), (28.0, 59.5), (29.0, 59.9), (31.5, 59.9),
     (31.5, 47.0), (-6.0, 47.0), (-6.0, 48.3)),
    # Norway and Sweden
    ((7.05, 57.98), (6.0, 58.3), (5.5, 58.75), (5.25, 59.3), (5.0, 59.9), (4.95, 60.6), (5.0, 61.2),
     (4.9, 62.5), (17.5, 62.5), (17.4, 61.7), (17.1, 60.7), (18.2, 60.3), (18.8, 59.9), (18.6, 59.4),
     (18.0, 59.0), (17.6, 58.7), (16.8, 58.3), (16.6, 57.8), (16.5, 57.2), (16.36, 56.66),
     (15.9, 56.2), (14.7, 56.15), (14.2, 55.4), (13.4, 55.35), (12.9, 55.4), (12.95, 55.6),
     (12.7, 56.1), (12.6, 56.5), (12.0, 57.0), (11.9, 57.7), (11.2, 58.4), (11.0, 59.0),
     (10.9, 59.2), (10.8, 59.85), (10.5, 59.3), (10.2, 59.0), (9.6, 58.95), (8.8, 58.5),
     (8.0, 58.15)),
    # Finland
    ((21.3, 62.5), (21.4, 61.0), (21.6, 60.6), (22.2, 60.3), (23.0, 59.85), (25.0, 60.25),
     (27.0, 60.5), (29.5, 60.2), (30.5, 59.95), (31.5, 59.5), (31.5, 62.5)),
    # Zealand, Funen, Lolland, Bornholm, Gotland, Öland, Saaremaa, Hiiumaa
    ((11.0, 55.3), (11.1, 55.7), (11.7, 55.95), (12.3, 56.1), (12.6, 55.7), (12.4, 55.25),
     (11.8, 55.05), (11.2, 55.2)),
    ((9.7, 55.5), (10.5, 55.55), (10.8, 55.3), (10.6, 55.05), (10.0, 55.05), (9.7, 55.3)),
    ((11.0, 54.85), (12.0, 54.95), (12.1, 54.7), (11.2, 54.65)),
    ((14.7, 55.1), (15.15, 55.15), (15.1, 54.95), (14.75, 55.0)),
    ((18.1, 57.3), (18.2, 57.6), (18.6, 57.95), (19.1, 57.9), (18.9, 57.4), (18.6, 56.95),
     (18.2, 57.1)),
    ((16.4, 56.2), (16.9, 57.3), (17.1, 57.3), (16.6, 56.2)),
    ((21.8, 58.3), (22.2, 58.6), (23.3, 58.55), (23.0, 58.2), (22.1, 57.9)),
    ((22.2, 58.75), (22.4, 59.05), (23.0, 58.95), (22.8, 58.7)),
)

CELL, GAP = 8, 1  # banner spaces: 2 columns x 5 rows inside a 2-pixel frame
BANNER_W, BANNER_H = 2 * CELL + 3 * GAP + 2, 5 * CELL + 6 * GAP + 2
DOT = 7
SHIP_STEP = 22


# -- geometry -------------------------------------------------------------------------------------
def project(lon: float, lat: float) -> tuple[float, float]:
    return (lon - LON_MIN) * X_SCALE, (LAT_MAX - lat) * Y_SCALE


@lru_cache(maxsize=256)  # a few dozen places, looked up twice for each place of every picture
def place_xy(name: str, fallback: tuple[int, int] | None = None) -> tuple[int, int]:
    """Pixel centre of a place; unknown places use the view's 0..1000 position."""
    if name not in GEO:
        fx, fy = fallback or (500, 500)
        return round(fx * WIDTH / 1000), round(fy * MAP_HEIGHT / 1000)
    lon, lat = GEO[name]
    dlon, dlat = NUDGE.get(name, (0.0, 0.0))
    x, y = project(lon + dlon, lat + dlat)
    return round(x), round(y)


def banner_box(name: str, centre: tuple[int, int]) -> tuple[int, int, int, int]:
    """The banner beside the dot, its lower edge a little below the dot's centre."""
    x, y = centre
    left = x + DOT + 4 if BANNER_SIDE.get(name, "e") == "e" else x - DOT - 4 - BANNER_W
    top = y + 6 - BANNER_H
    return left, top, left + BANNER_W, top + BANNER_H


def banner_cell(box: tuple[int, int, int, int], index: int) -> tuple[int, int, int, int]:
    """Banner spaces fill left to right, top to bottom (rows of two)."""
    row, col = divmod(index, 2)
    left = box[0] + GAP + col * (CELL + GAP) + 1
    top = box[1] + GAP + row * (CELL + GAP) + 1
    return left, top, left + CELL - 1, top + CELL - 1


def subsidiary_box(centre: tuple[int, int]) -> tuple[int, int, int, int]:
    """A subsidiary is a square in the owner's colour behind the city dot."""
    x, y = centre
    return x - DOT - 4, y - DOT - 4, x + DOT + 4, y + DOT + 4


def ship_spot(name: str, index: int, centre: tuple[int, int]) -> tuple[int, int]:
    """Centre of the hull of the index-th ship at a place (a row under the dot by default)."""
    x, y = centre
    dx, dy = SHIPS.get(name, (-SHIP_STEP * 3 // 2, DOT + 16))
    return x + dx + SHIP_STEP * index, y + dy


# -- fonts ----------------------------------------------------------------------------------------
@cache
def font(size: int, bold: bool = False) -> Any:
    names = ("DejaVuSans-Bold.ttf",) if bold else ("DejaVuSans.ttf",)
    for name in names:
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default(size)


# -- the cached background ------------------------------------------------------------------------
def layout_key(view: Any) -> tuple:
    return tuple((c.name, c.zone, tuple(c.neighbours), c.x, c.y) for c in view.cities)


@cache
def background(key: tuple) -> Image.Image:
    s = SUPERSAMPLE
    image = Image.new("RGB", (WIDTH * s, HEIGHT * s), SEA)
    draw = ImageDraw.Draw(image)
    for coast in COASTS:
        points = [tuple(v * s for v in project(lon, lat)) for lon, lat in coast]
        draw.polygon(points, fill=LAND, outline=COAST, width=s)
    centres = {name: place_xy(name, (x, y)) for name, _, _, x, y in key}
    drawn = set()
    for name, _, neighbours, _, _ in key:
        for other in neighbours:
            if (other, name) in drawn or other not in centres:
                continue
            drawn.add((name, other))
            a, b = centres[name], centres[other]
            draw.line([(a[0] * s, a[1] * s), (b[0] * s, b[1] * s)], fill=ROUTE, width=2 * s)
    for name, zone, _, _, _ in key:
        _draw_place(draw, name, zone, centres[name], s)
        draw_dot(draw, zone, centres[name], s)
    draw.rectangle([0, MAP_HEIGHT * s, WIDTH * s, HEIGHT * s], fill=PAPER)
    small = image.resize((WIDTH, HEIGHT), Image.LANCZOS)
    # A palette image: small PNGs, quick to compress; room is left for the exact player colours.
    quantized = small.quantize(PALETTE_COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    for rgb in INKS:
        quantized.palette.getcolor(rgb, quantized)  # the same index in every picture (see _legend)
    return quantized


INKS = (INK, PAPER, *ZONE_RGB.values(), NO_ZONE_RGB, *(c[2] for c in PLAYER_COLOURS))


@cache
def palette_indices(key: tuple) -> dict[tuple[int, int, int], int]:
    """Each ink's index in the palette of this layout's pictures. Drawn with an index, a shape
    skips looking its colour up in the palette (which a copied picture first builds anew)."""
    image = background(key)
    return {rgb: image.palette.colors[rgb] for rgb in INKS}


def _scaled(box: Sequence[float], s: int) -> list[float]:
    return [v * s for v in box]


def _draw_place(draw: ImageDraw.ImageDraw, name: str, zone: str | None, centre: tuple[int, int],
                s: int) -> None:
    x, y = centre
    if name in TRADE_POSTS:
        box = (x - 54, y - 11, x + 54, y + 11)
        draw.rounded_rectangle(_scaled(box, s), radius=5 * s, fill=PAPER, outline=INK, width=s)
        draw.text((x * s, y * s), name, font=font(13 * s, True), fill=INK, anchor="mm")
        return
    if zone is None:  # Lübeck, the Queen of the Hanse: a bigger red and white seal
        draw.ellipse(_scaled((x - 10, y - 10, x + 10, y + 10), s), fill=(200, 30, 40), outline=INK,
                     width=s)
        draw.ellipse(_scaled((x - 5, y - 5, x + 5, y + 5), s), fill=(255, 255, 255))
    else:
        rgb = ZONE_RGB.get(zone, NO_ZONE_RGB)
        box = banner_box(name, centre)
        draw.rectangle(_scaled(box, s), fill=PAPER, outline=rgb, width=2 * s)
        for index in range(10):  # empty spaces a shade darker than the paper, so a white marker stands out
            draw.rectangle(_scaled(banner_cell(box, index), s), fill=EMPTY_SPACE, outline=(186, 180, 164), width=s)
    _label(draw, name, centre, s)


def draw_dot(draw: ImageDraw.ImageDraw, zone: str | None, centre: tuple[int, int], s: int = 1,
             ink: Callable[[tuple[int, int, int]], Any] = lambda rgb: rgb) -> None:
    if zone is None:
        return
    x, y = centre
    draw.ellipse(_scaled((x - DOT, y - DOT, x + DOT, y + DOT), s), fill=ink(ZONE_RGB.get(zone, NO_ZONE_RGB)),
                 outline=ink(INK), width=s)


def _label(draw: ImageDraw.ImageDraw, name: str, centre: tuple[int, int], s: int) -> None:
    """The city's name: above the dot reaching away from the banner, below the ships, or beside."""
    x, y = centre
    side = LABEL_SIDE.get(name, "n")
    gap = 13 if name == "Lübeck" else DOT + 3
    banner_east = BANNER_SIDE.get(name, "e") == "e"
    position, anchor = {
        "n": ((x + 6, y - gap), "rd") if banner_east else ((x - 6, y - gap), "ld"),
        "s": ((x, y + DOT + 26), "ma"),
        "e": ((x + gap, y), "lm"),
        "w": ((x - gap, y), "rm"),
    }[side]
    draw.text((position[0] * s, position[1] * s), name, font=font(13 * s, name == "Lübeck"), fill=INK,
              anchor=anchor, stroke_width=2 * s, stroke_fill=PAPER)


# -- the dynamic layer ----------------------------------------------------------------------------
def colour(seat: int) -> tuple[int, int, int]:
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)][2]


def _ship(draw: ImageDraw.ImageDraw, spot: tuple[int, int], fill: int, ink: int) -> None:
    x, y = spot
    draw.polygon([(x + 1, y - 16), (x + 1, y - 5), (x + 9, y - 6)], fill=fill, outline=ink)  # sail
    draw.line([(x, y - 17), (x, y - 4)], fill=ink, width=2)
    draw.polygon([(x - 10, y - 4), (x + 10, y - 4), (x + 6, y + 4), (x - 6, y + 4)], fill=fill, outline=ink)


# Boards of several tables may be drawn at once in worker threads; the cached fonts are shared.
_DRAWING = threading.Lock()
_drawn_before: set[tuple] = set()  # layouts (layout_key) drawn once: their background is ready


def draw_map(view: Any, names: dict[int, str], below: Any = None) -> bytes:
    """The PNG of the sea map for a public view (names: seat -> display name). `below`, when given,
    draws a strip (a PIL image of the map's width) that is added under the map."""
    with _DRAWING:
        image = _draw(view, names)
        if below is not None:
            strip = below(view)
            whole = Image.new("RGB", (image.width, image.height + strip.height))
            whole.paste(image.convert("RGB"), (0, 0))
            whole.paste(strip, (0, image.height))
            image = whole  # kept in RGB: the players' colours stay exact
        _drawn_before.add(layout_key(view))
    return _encode(image, names)


def draw_map_now(view: Any, names: dict[int, str]) -> bytes | None:
    """draw_map (no strip), only when that is quick: a map of this layout was drawn before (its
    background and fonts are ready) and no other picture is being drawn; else None, at once."""
    if layout_key(view) not in _drawn_before or not _DRAWING.acquire(blocking=False):
        return None
    try:
        image = _draw(view, names)
    finally:
        _DRAWING.release()
    return _encode(image, names)


def _encode(image: Image.Image, names: dict[int, str]) -> bytes:
    # Only the rows that changed since an earlier picture are compressed; the previous map of the
    # same players is compared band by band first.
    return png_bands.encode(image, series=("aelderman map", tuple(sorted(names.items()))))


def _draw(view: Any, names: dict[int, str]) -> Image.Image:
    key = layout_key(view)
    image = background(key).copy()
    draw = ImageDraw.Draw(image)
    inks = palette_indices(key)
    for city in view.cities:
        centre = place_xy(city.name, (city.x, city.y))
        if city.subsidiary is not None:
            draw.rectangle(subsidiary_box(centre), fill=inks[colour(city.subsidiary)], outline=inks[INK], width=2)
            draw_dot(draw, city.zone, centre, ink=inks.__getitem__)
        if city.zone is not None:
            box = banner_box(city.name, centre)
            for index, seat in enumerate(city.banner[:10]):
                draw.rectangle(banner_cell(box, index), fill=inks[colour(seat)], outline=inks[INK])
    for city in view.cities:
        centre = place_xy(city.name, (city.x, city.y))
        for index, seat in enumerate(city.ships):
            _ship(draw, ship_spot(city.name, index, centre), inks[colour(seat)], inks[INK])
    image.paste(_legend(key, legend_entries(view, names), status_text(view)), (0, MAP_HEIGHT))
    return image


def spare_name(view: Any) -> str:
    """The spare colour of a 2-player game, or the solo dummy with its difficulty."""
    return f"Dummy ({view.difficulty})" if view.difficulty else "Spare colour"


def legend_entries(view: Any, names: dict[int, str]) -> tuple[tuple[int, str], ...]:
    """(seat, name) of every colour in the legend: the players, then a spare colour or the dummy."""
    seats = [*range(view.seats), *([view.spare] if getattr(view, "spare", None) is not None else [])]
    entries = []
    for seat in seats:
        name = without_controls(names.get(seat, spare_name(view) if seat == view.seats else f"Seat {seat + 1}"))
        name = drawable(name, f"Seat {seat + 1}")
        entries.append((seat, name if len(name) <= 22 else _cut(name, lambda text: len(text) <= 22)))
    return tuple(entries)


# Joiners and variation selectors only shape emoji, which the font has none of.
_SHAPING = re.compile("[\u200d\ufe00-\ufe0f]")


def drawable(name: str, instead: str) -> str:
    """`name` without the characters the legend's font has no glyph for (emoji, CJK, ...: they would
    draw as empty boxes); `instead` (its tail kept) when no letter or digit is left. The text board
    shows the names in full."""
    found = NAME_TAIL.search(name)
    tail = found.group(0) if found else ""
    base = _SHAPING.sub("", name[:len(name) - len(tail)])
    kept = " ".join("".join(ch for ch in base if ch.isspace() or _has_glyph(ch)).split())
    return (kept if any(ch.isalnum() for ch in kept) else instead) + tail


@lru_cache(maxsize=4096)
def _has_glyph(ch: str) -> bool:
    """A character the font lacks draws as its "missing" box, the same as a code point no font has."""
    return _glyph(ch) != _glyph("\U0010fffd")


def _glyph(ch: str) -> tuple:
    mask = font(13).getmask(ch)
    return mask.size, bytes(mask), font(13).getlength(ch)


# What ends a name to tell players called alike apart, or to mark one who abandoned: kept when the
# name is cut, as the text board keeps it.
NAME_TAIL = re.compile(r"(?: \((?:abandoned|\d+)\))+$")


def _cut(name: str, fits: Any) -> str:
    """`name` cut before its tail (NAME_TAIL), with "…", until `fits` the result."""
    found = NAME_TAIL.search(name)
    tail = found.group(0) if found else ""
    kept = name[:len(name) - len(tail)].rstrip("…")
    while kept and not fits(kept + "…" + tail):
        kept = kept[:-1]
    return kept + "…" + tail


def _legend(key: tuple, entries: tuple[tuple[int, str], ...], status: str) -> Image.Image:
    """The band under the map: a colour and a name per seat, the round at the right. Both parts are
    drawn on the background's own band (same palette, every ink at a fixed index) and cached apart:
    drawing text is most of a picture's drawing time, the names change seldom and the rounds are few."""
    width = round(font(13, True).getlength(status))
    band = _names_band(key, entries, max(status_room(), width)).copy()
    right = _status_band(key, status)
    band.paste(right, (WIDTH - right.width, 0))
    return band


# Every status the band can show (status_text), at the widest round number.
STATUS_SAMPLES = tuple(f"Round 5 · {end}" for end in ("Council Hall", "Period 3", "Setup", "Production"))


@cache
def status_room() -> int:
    """The pixels kept for the status at the band's right: the widest one, so that the names keep their
    room (and their cached drawing) from round to round."""
    return max(round(font(13, True).getlength(text)) for text in (*STATUS_SAMPLES, "Game over"))


def name_share(entries: tuple[tuple[int, str], ...], status_width: int) -> int:
    """The pixels each name may take, left of a status `status_width` wide."""
    room = WIDTH - 10 - status_width - 20 - 10
    return room // max(1, len(entries)) - 30


@lru_cache(maxsize=256)  # about 35 kB a band
def _names_band(key: tuple, entries: tuple[tuple[int, str], ...], status_width: int) -> Image.Image:
    band = background(key).crop((0, MAP_HEIGHT, WIDTH, HEIGHT))
    draw = ImageDraw.Draw(band)
    x, y = 10, LEGEND_HEIGHT // 2
    share = name_share(entries, status_width)  # longer names are shortened, not overprinted
    for seat, name in entries:
        if draw.textlength(name, font=font(13)) > share:
            name = _within(draw, name, share)
        draw.rectangle((x, y - 7, x + 14, y + 7), fill=colour(seat), outline=INK)
        draw.text((x + 20, y), name, font=font(13), fill=INK, anchor="lm")
        x += 30 + round(draw.textlength(name, font=font(13)))
    return band


@lru_cache(maxsize=64)
def _status_band(key: tuple, status: str) -> Image.Image:
    """The band's right end with the status, 10 pixels from the edge."""
    width = round(font(13, True).getlength(status)) + 14  # a little to spare for the glyphs' overhang
    band = background(key).crop((WIDTH - width, MAP_HEIGHT, WIDTH, HEIGHT))
    ImageDraw.Draw(band).text((width - 10, LEGEND_HEIGHT // 2), status, font=font(13, True), fill=INK,
                              anchor="rm")
    return band


def _within(draw: ImageDraw.ImageDraw, name: str, width: int) -> str:
    """`name` cut, with "…", to at most `width` pixels (its tail kept)."""
    return _cut(name, lambda text: draw.textlength(text, font=font(13)) <= width)


def status_text(view: Any) -> str:
    if view.phase == "over":
        return "Game over"
    if view.phase == "council":
        return f"Round {view.round} · Council Hall"
    if view.phase == "trade":
        return f"Round {view.round} · Period {view.period + 1}"
    return f"Round {view.round} · {view.phase.capitalize()}"
