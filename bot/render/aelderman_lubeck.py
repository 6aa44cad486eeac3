"""The main version's strip under the sea map: Lübeck's districts with their buildings and strength,
the majorities so far (zones and districts), the improvement display and the Council orders.

Drawn only for the main version, from the public view's `sites`, `zone_majorities`,
`district_majorities`, `display` and `orders`.
"""

from __future__ import annotations

import threading
from typing import Any

from PIL import Image, ImageDraw

from bot.render.aelderman_labels import display_spots
from bot.render.aelderman_map import INK, PAPER, WIDTH, ZONE_RGB, colour, font
from play.common import BoundedCache

PANEL_HEIGHT = 300
STRIPS_KEPT = 16  # drawn strips kept (about 0.9 MB each), across tables
CELL_W, CELL_H = 46, 36  # one building site
GRID_X, GRID_Y = 12, 44
GAP = 14  # between the blocks of districts (rows of blocks), where their names go
DISTRICT_TINT = {
    "St. Johannis": (236, 222, 200), "Lohberg": (222, 232, 214), "St. Marien": (232, 220, 232),
    "Fünfhausen": (216, 228, 238), "St. Jakobi": (238, 232, 206),
}
FREE = (250, 250, 246)
TABLE_X, PANEL_X = 400, 700
# Short names for the site boxes (the building's strength is written beside them).
INITIALS = {
    "Gabled House": "GH", "Fountain": "Fo", "Tavern": "Ta", "Guild House": "Gu", "Storage": "St",
    "Carpentry": "Ca", "Lighthouse": "Li", "Trade Guild": "TG", "Brewery": "Br", "Merchant House": "MH",
    "Harbour Master": "HM", "Deli Market": "DM", "Glassblower": "Gb", "Guard House": "Gd",
}


def panel_key(view: Any) -> tuple:
    """What the strip shows, as a cheap key (part of the board image's key)."""
    return (view.phase == "over",  # the majorities' title: "so far", or "at the end"
            tuple((s.owner, s.building, s.strength) for s in view.sites),
            tuple(tuple(sorted(m.standing.items())) for m in view.district_majorities),
            tuple(tuple(sorted(m.standing.items())) for m in view.zone_majorities),
            tuple(i.number for i in view.display),
            tuple(o.number if o else 0 for o in view.orders))


_strips: BoundedCache[tuple, Image.Image] = BoundedCache(STRIPS_KEPT)
_strips_lock = threading.Lock()  # pictures of several tables are drawn at once in worker threads


def strip_for(view: Any) -> Image.Image:
    """The strip of a view, drawn once for what it shows (`panel_key`): most moves change the map
    but not the strip, whose text takes several milliseconds to draw. The strip is not to be changed."""
    key = panel_key(view)
    with _strips_lock:
        strip = _strips.get(key)
    if strip is None:
        strip = draw_panel(view)
        with _strips_lock:
            _strips.put(key, strip)
    return strip


def draw_panel(view: Any) -> Image.Image:
    image = Image.new("RGB", (WIDTH, PANEL_HEIGHT), PAPER)
    draw = ImageDraw.Draw(image)
    draw.line((0, 0, WIDTH, 0), fill=INK, width=2)
    _lubeck(draw, view)
    _majorities(draw, view)
    _display(draw, view)
    return image


def _site_box(site: Any) -> tuple[int, int, int, int]:
    """Districts are blocks of two rows; the upper blocks stand a little apart side by side."""
    apart = 8 if site.y < 4 and site.x >= 4 else 0
    x = GRID_X + site.x * CELL_W + apart
    y = GRID_Y + site.y * CELL_H + (site.y // 2) * GAP
    return x, y, x + CELL_W - 4, y + CELL_H - 4


def _lubeck(draw: ImageDraw.ImageDraw, view: Any) -> None:
    draw.text((GRID_X, 10), "Lübeck: buildings and strength", font=font(14, True), fill=INK)
    for site in view.sites:
        x0, y0, x1, y1 = _site_box(site)
        draw.rectangle((x0 - 2, y0 - 2, x1 + 2, y1 + 2), fill=DISTRICT_TINT[site.district])
    for site in view.sites:
        box = _site_box(site)
        if site.owner is None:
            draw.rectangle(box, fill=FREE, outline=(190, 186, 174))
        elif site.strength == 0:  # a property tile without a building: a band in the owner's colour
            draw.rectangle(box, fill=FREE, outline=INK)  # edged in ink, so a white band shows too
            draw.rectangle((box[0] + 1, box[1] + 1, box[2] - 1, box[3] - 1), outline=colour(site.owner), width=4)
            draw.text(((box[0] + box[2]) // 2, (box[1] + box[3]) // 2), "P", font=font(12, True), fill=INK,
                      anchor="mm")
        else:
            draw.rectangle(box, fill=colour(site.owner), outline=INK)
            label = INITIALS.get(site.building or "", "") + str(site.strength)
            draw.text(((box[0] + box[2]) // 2, (box[1] + box[3]) // 2), label, font=font(12, True),
                      fill=INK, anchor="mm", stroke_width=2, stroke_fill=PAPER)
    names: dict[str, tuple[int, int]] = {}
    for site in view.sites:
        x0, y0, _, _ = _site_box(site)
        names.setdefault(site.district, (x0, y0))
    for district, (x, y) in names.items():
        draw.text((x - 2, y - 3), district, font=font(11, True), fill=INK, anchor="ld")


def _standing(draw: ImageDraw.ImageDraw, x: int, y: int, standing: dict[int, int]) -> None:
    for seat, value in sorted(standing.items(), key=lambda item: -item[1]):
        if value <= 0:
            continue
        draw.rectangle((x, y - 7, x + 14, y + 7), fill=colour(seat), outline=INK)
        draw.text((x + 17, y), str(value), font=font(12), fill=INK, anchor="lm")
        x += 40


def _majorities(draw: ImageDraw.ImageDraw, view: Any) -> None:
    title = "Majorities at the end (1st / 2nd)" if view.phase == "over" else "Majorities so far (1st / 2nd)"
    draw.text((TABLE_X, 10), title, font=font(14, True), fill=INK)
    y = 40
    for box in [*view.zone_majorities, *view.district_majorities]:
        rgb = ZONE_RGB.get(box.name)
        if rgb is not None:
            draw.rectangle((TABLE_X, y - 6, TABLE_X + 10, y + 6), fill=rgb, outline=INK)
        draw.text((TABLE_X + 14, y), f"{box.name} {box.first}/{box.second}", font=font(12), fill=INK,
                  anchor="lm")
        _standing(draw, TABLE_X + 140, y, box.standing)
        y += 25


def _display(draw: ImageDraw.ImageDraw, view: Any) -> None:
    draw.text((PANEL_X, 10), "Improvements (left to right)", font=font(14, True), fill=INK)
    y = 38
    for index, imp in display_spots(view):
        text = f"{imp.number}: {_short(imp.text, 30)}" if imp else "– empty (the pile ran out)"
        draw.text((PANEL_X, y), f"{index}. {text}", font=font(12), fill=INK)
        y += 20
    y = max(y, 130) + 10
    draw.text((PANEL_X, y), "Council orders", font=font(14, True), fill=INK)
    y += 26
    for index, order in enumerate(view.orders):
        text = f"{order.number}: {_short(order.text, 32)}" if order else "— fulfilled or removed"
        draw.text((PANEL_X, y), f"{index + 1}. {text}", font=font(12), fill=INK)
        y += 20


def _short(text: str, limit: int) -> str:
    """The text cut at a word to fit `limit` characters (the board's embed has it in full)."""
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:") + " …"
