"""The Aelderman sea map drawn with Pillow: coasts, routes, zones, banners, subsidiaries, ships.

Cities sit at their real longitude and latitude (an equirectangular projection around 55° N,
see aelderman_geography.py), nudged apart only where two would overlap. The unchanging part
(sea, land, routes, city dots, empty banners) is drawn once per map layout and cached; a board
update paints the markers, ships and legend only where they changed since the previous map of
the same players (repaint.py), and its PNG compresses only the rows that changed (png_bands).
"""

from __future__ import annotations

import math
import re
import threading
from functools import cache, lru_cache
from typing import Any, Callable, Sequence

from PIL import Image, ImageDraw, ImageFont

from bot.render import png_bands, repaint
from bot.render.aelderman_geography import BANNER_SIDE, COASTS, GEO, LABEL_SIDE, NUDGE, SHIPS, TRADE_POSTS
from bot.render.base import without_controls
from play.common import told_apart

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


# A mark is what a seat has on the map, where it is drawn: ("subsidiary", centre, seat, zone),
# ("marker", banner space, seat) or ("ship", spot, seat); drawn in that order (see repaint.py).
def marks(view: Any) -> tuple[tuple, ...]:
    found: list[tuple] = []
    for city in view.cities:
        found += _city_marks(city.name, (city.x, city.y), city.zone, city.subsidiary, tuple(city.banner))
    for city in view.cities:
        if city.ships:
            found += _ships(city.name, (city.x, city.y), tuple(city.ships))
    return tuple(found)


@lru_cache(maxsize=4096)  # most cities look the same from move to move
def _city_marks(name: str, position: tuple[int, int], zone: str | None, subsidiary: int | None,
                banner: tuple[int, ...]) -> tuple[tuple, ...]:
    centre = place_xy(name, position)
    found: list[tuple] = [("subsidiary", centre, subsidiary, zone)] if subsidiary is not None else []
    if zone is not None:
        box = banner_box(name, centre)
        found += [("marker", banner_cell(box, index), seat) for index, seat in enumerate(banner[:10])]
    return tuple(found)


@lru_cache(maxsize=1024)
def _ships(name: str, position: tuple[int, int], ships: tuple[int, ...]) -> tuple[tuple, ...]:
    centre = place_xy(name, position)
    return tuple(("ship", ship_spot(name, index, centre), seat) for index, seat in enumerate(ships))


def paint_mark(draw: ImageDraw.ImageDraw, mark: tuple, inks: dict[tuple[int, int, int], int]) -> None:
    kind, at, seat = mark[:3]
    fill, ink = inks[colour(seat)], inks[INK]
    if kind == "subsidiary":  # a square in the owner's colour behind the city dot
        draw.rectangle(subsidiary_box(at), fill=fill, outline=ink, width=2)
        draw_dot(draw, mark[3], at, ink=inks.__getitem__)
    elif kind == "marker":
        draw.rectangle(at, fill=fill, outline=ink)
    else:
        x, y = at
        draw.polygon([(x + 1, y - 16), (x + 1, y - 5), (x + 9, y - 6)], fill=fill, outline=ink)  # sail
        draw.line([(x, y - 17), (x, y - 4)], fill=ink, width=2)
        draw.polygon([(x - 10, y - 4), (x + 10, y - 4), (x + 6, y + 4), (x - 6, y + 4)], fill=fill, outline=ink)


def mark_box(mark: tuple) -> tuple[int, int, int, int]:
    """Every pixel `paint_mark` may paint, with a pixel or two to spare (right and bottom excluded)."""
    kind, at = mark[:2]
    if kind == "subsidiary":
        left, top, right, bottom = subsidiary_box(at)
    elif kind == "marker":
        left, top, right, bottom = at
    else:
        x, y = at
        left, top, right, bottom = x - 10, y - 17, x + 10, y + 4
    return left - 2, top - 2, right + 3, bottom + 3


# Boards of several tables may be drawn at once in worker threads; the cached fonts are shared.
_DRAWING = threading.Lock()
_drawn_before: set[tuple] = set()  # layouts (layout_key) drawn once: their background is ready
_REPAINTER = repaint.Repainter(keep=20)  # a short map: 0.6 MB each; used under _DRAWING


def draw_map(view: Any, names: dict[int, str], below: Any = None) -> bytes:
    """The PNG of the sea map for a public view (names: seat -> display name). `below`, when given,
    draws a strip (a PIL image of the map's width) that is added under the map."""
    with _DRAWING:
        _drawn_before.add(layout_key(view))
        if below is None:
            return _REPAINTER.png(_series(names), scene(view, names))
        image = _draw(view, names)
        strip = below(view)
        whole = Image.new("RGB", (image.width, image.height + strip.height))
        whole.paste(image.convert("RGB"), (0, 0))
        whole.paste(strip, (0, image.height))  # kept in RGB: the players' colours stay exact
    return png_bands.encode(whole, series=_series(names))


def draw_map_now(view: Any, names: dict[int, str]) -> bytes | None:
    """draw_map (no strip), only when that is quick: a map of this layout was drawn before (its
    background and fonts are ready) and no other picture is being drawn; else None, at once."""
    if layout_key(view) not in _drawn_before or not _DRAWING.acquire(blocking=False):
        return None
    try:
        return _REPAINTER.png(_series(names), scene(view, names))
    finally:
        _DRAWING.release()


def _series(names: dict[int, str]) -> tuple:
    # The previous map of the same players (any table's: a picture is made right from any).
    return ("aelderman map", tuple(sorted(names.items())))


def scene(view: Any, names: dict[int, str]) -> repaint.Scene:
    key = layout_key(view)
    inks = palette_indices(key)
    entries, status = legend_entries(view, names), status_text(view)
    return repaint.Scene(layout=key, background=background(key), marks=marks(view),
                         paint=lambda draw, mark: paint_mark(draw, mark, inks), box=mark_box,
                         legend_key=(entries, status), legend=lambda: _legend(key, entries, status),
                         legend_top=MAP_HEIGHT)


def _draw(view: Any, names: dict[int, str]) -> Image.Image:
    """The whole map on a fresh copy of its background."""
    return repaint.paint_whole(scene(view, names))


def spare_name(view: Any) -> str:
    """The spare colour of a 2-player game, or the solo dummy with its difficulty."""
    return f"Dummy ({view.difficulty})" if view.difficulty else "Spare colour"


def legend_entries(view: Any, names: dict[int, str]) -> tuple[tuple[int, str], ...]:
    """(seat, name) of every colour in the legend: the players, then a spare colour or the dummy."""
    spare = getattr(view, "spare", None)
    return _legend_entries(view.seats, spare, spare_name(view) if spare is not None else "", tuple(names.items()))


@lru_cache(maxsize=1024)  # the same players' names on every picture of a table
def _legend_entries(seats: int, spare: int | None, spare_label: str,
                    names: tuple[tuple[int, str], ...]) -> tuple[tuple[int, str], ...]:
    named = dict(names)
    entries = []
    for seat in [*range(seats), *([spare] if spare is not None else [])]:
        name = without_controls(named.get(seat, spare_label if seat == seats else f"Seat {seat + 1}"))
        name = drawable(name, f"Seat {seat + 1}")
        entries.append((seat, _within_chars(name)))
    return _told_apart(entries, _within_chars)


def _within_chars(name: str) -> str:
    """`name` cut to the legend's 22 characters (its tail kept)."""
    return name if len(name) <= 22 else _cut(name, lambda text: len(text) <= 22)


def _told_apart(entries: Sequence[tuple[int, str]], fit: Callable[[str], str]) -> tuple[tuple[int, str], ...]:
    """Names the legend would show alike (cut, or left with only what its font draws; whatever
    their case) end with their seat number, as the text board tells players called alike apart;
    `fit` cuts the result."""
    return tuple(told_apart(dict(entries), lambda seat: seat + 1, reads=str.casefold, fit=fit).items())


# Joiners and variation selectors only shape emoji, which the font has none of.
_SHAPING = re.compile("[\u200d\ufe00-\ufe0f]")


def drawable(name: str, instead: str) -> str:
    """`name` without the characters the legend's font has no glyph for (emoji, CJK, ...: they would
    draw as empty boxes); `instead` (its tail kept) when nothing is left. The text board
    shows the names in full."""
    found = NAME_TAIL.search(name)
    tail = found.group(0) if found else ""
    base = _SHAPING.sub("", name[:len(name) - len(tail)])
    kept = " ".join("".join(ch for ch in base if ch.isspace() or _has_glyph(ch)).split())
    return (kept or instead) + tail


@lru_cache(maxsize=4096)
def _has_glyph(ch: str) -> bool:
    """Whether the legend can show `ch`: the font has it (a character it lacks draws as its "missing"
    box, the same as a code point no font has) and it leaves ink (a flag's tag characters, a
    zero-width space or a blank pattern would leave a name that shows nothing)."""
    glyph = _glyph(ch)
    return glyph != _glyph("\U0010fffd") and any(glyph[1])


def _glyph(ch: str) -> tuple:
    mask = font(13).getmask(ch)
    return mask.size, bytes(mask), font(13).getlength(ch)


# What ends a name to tell players called alike apart, or to mark one who abandoned: kept when the
# name is cut, as the text board keeps it.
NAME_TAIL = re.compile(r"(?: \((?:forfeited|\d+)\))+$")


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


def band_names(draw: ImageDraw.ImageDraw, entries: tuple[tuple[int, str], ...],
               status_width: int) -> tuple[tuple[int, str], ...]:
    """(seat, name) as the legend draws them: longer names shortened to their share, not overprinted,
    and still told apart."""
    share = name_share(entries, status_width)

    def fit(name: str) -> str:
        return _within(draw, name, share) if draw.textlength(name, font=font(13)) > share else name

    return _told_apart([(seat, fit(name)) for seat, name in entries], fit)


@lru_cache(maxsize=256)  # about 35 kB a band
def _names_band(key: tuple, entries: tuple[tuple[int, str], ...], status_width: int) -> Image.Image:
    band = background(key).crop((0, MAP_HEIGHT, WIDTH, HEIGHT))
    draw = ImageDraw.Draw(band)
    x, y = 10, LEGEND_HEIGHT // 2
    for seat, name in band_names(draw, entries, status_width):
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
