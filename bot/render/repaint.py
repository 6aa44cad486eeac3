"""A picture painted again only where it changed since the previous one of its series.

A board picture is a background that never changes with marks painted on it (a game's markers
and ships) and a legend band pasted at the bottom. A move moves a mark or two, yet painting a
copy of the whole background and reading every row of it back for the PNG took most of the time
of a move that changes the picture. So the previous picture of a series (say, one table's map)
is kept with its marks, and a new one is made from it: where a mark came or went, the background
is put back in the mark's box and every mark in that box is painted again in painting order (a
mark overlapping a box that is put back is painted again too, its own box put back first, and so
on). Nothing else is touched, so the picture is pixel for pixel the one painting everything on a
fresh copy gives, provided each mark's box holds every pixel the mark paints. The PNG then
compresses only the bands of rows those boxes touch (png_bands.encode_changed).

Callers keep one Repainter per kind of picture and call it under their own drawing lock: the
pictures it keeps are changed in place.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Callable, Hashable, Sequence

from PIL import Image, ImageDraw

from bot.render import png_bands

Box = tuple[int, int, int, int]  # left, top, right, bottom (right and bottom excluded)


@dataclass
class Painted:
    """A series' latest picture (changed in place by the next one) and what it shows."""
    layout: Hashable  # the background it was painted on
    image: Image.Image
    marks: tuple[Hashable, ...]
    legend: Hashable
    pieces: list[png_bands.Piece]  # its PNG's compressed bands


@dataclass(frozen=True)
class Scene:
    """What a picture shows: marks painted on `background` in order (`paint`, each inside its
    `box`), then `legend` (an image) pasted at `legend_top` over the picture's whole width."""
    layout: Hashable
    background: Image.Image
    marks: tuple[Hashable, ...]
    paint: Callable[[ImageDraw.ImageDraw, Hashable], None]
    box: Callable[[Hashable], Box]
    legend_key: Hashable
    legend: Callable[[], Image.Image]
    legend_top: int


class Repainter:
    """The latest picture of each of the most recently painted series."""

    def __init__(self, keep: int) -> None:
        self.keep = keep
        self._painted: OrderedDict[Hashable, Painted] = OrderedDict()

    def png(self, series: Hashable, scene: Scene) -> bytes:
        """The PNG of `scene`, painted from the series' previous picture where it can be."""
        before = self._painted.pop(series, None)
        if before is None or before.layout != scene.layout:
            painted, png = self._fresh(scene)
        else:
            painted, png = self._changed(before, scene)
        self._painted[series] = painted
        while len(self._painted) > self.keep:
            self._painted.popitem(last=False)
        return png

    @staticmethod
    def _fresh(scene: Scene) -> tuple[Painted, bytes]:
        image = paint_whole(scene)
        png, pieces = png_bands.encode_changed(image, None, set())
        return Painted(scene.layout, image, scene.marks, scene.legend_key, pieces), png

    @staticmethod
    def _changed(before: Painted, scene: Scene) -> tuple[Painted, bytes]:
        image = before.image
        width, height = image.size
        boxes = [(max(0, left), max(0, top), min(width, right), min(height, bottom))
                 for left, top, right, bottom in boxes_to_repaint(before.marks, scene.marks, scene.box)]
        draw = ImageDraw.Draw(image)
        for box in boxes:
            image.paste(scene.background.crop(box), box[:2])
        for mark in scene.marks:
            if any(overlap(scene.box(mark), box) for box in boxes):
                scene.paint(draw, mark)
        rows = [(top, bottom) for _, top, _, bottom in boxes]
        if before.legend != scene.legend_key or any(bottom > scene.legend_top for _, bottom in rows):
            image.paste(scene.legend(), (0, scene.legend_top))
            rows.append((scene.legend_top, image.height))
        changed = {band for top, bottom in rows
                   for band in range(top // png_bands.BAND_ROWS, (bottom - 1) // png_bands.BAND_ROWS + 1)}
        png, pieces = png_bands.encode_changed(image, before.pieces, changed)
        return Painted(scene.layout, image, scene.marks, scene.legend_key, pieces), png


def paint_whole(scene: Scene) -> Image.Image:
    """The scene painted on a fresh copy of its background."""
    image = scene.background.copy()
    draw = ImageDraw.Draw(image)
    for mark in scene.marks:
        scene.paint(draw, mark)
    image.paste(scene.legend(), (0, scene.legend_top))
    return image


def boxes_to_repaint(old: Sequence[Hashable], new: Sequence[Hashable], box: Callable[[Hashable], Box]) -> list[Box]:
    """The boxes where the background is put back: those of the marks that came or went, and of
    every mark overlapping one of them (repeated until no more marks overlap)."""
    changed = set(old) ^ set(new)  # (a picture's marks are all different: each has its own place)
    boxes = [box(mark) for mark in changed]
    waiting = [box(mark) for mark in new if mark not in changed]  # the boxes of marks not yet reached
    grew = bool(boxes)
    while grew:
        reached = [mark_box for mark_box in waiting if any(overlap(mark_box, other) for other in boxes)]
        boxes += reached
        waiting = [mark_box for mark_box in waiting if mark_box not in reached]
        grew = bool(reached)
    return boxes


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
