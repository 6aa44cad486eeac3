"""A picture painted again only where it changed (bot/render/repaint.py) is pixel for pixel the
picture painted whole: for synthetic scenes of overlapping marks, and for the Aelderman sea map
over random games."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.render import aelderman_map as sea_map
from bot.render import png_bands
from bot.render.repaint import Repainter, Scene, boxes_to_repaint

pytestmark = pytest.mark.slow  # image tests


def pixels(png: bytes) -> tuple[bytes, list[int] | None]:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.tobytes(), image.getpalette()


def painted_whole(scene: Scene) -> Image.Image:
    image = scene.background.copy()
    draw = ImageDraw.Draw(image)
    for mark in scene.marks:
        scene.paint(draw, mark)
    image.paste(scene.legend(), (0, scene.legend_top))
    return image


# -- synthetic scenes: rectangles that overlap in chains ----------------------------------------
BACKGROUND = Image.new("P", (120, 140), 3)
LEGEND_TOP = 120


def rectangle_scene(marks: tuple, legend_colour: int) -> Scene:
    def paint(draw, mark):
        left, top, size, colour = mark
        draw.rectangle((left, top, left + size - 1, top + size - 1), fill=colour, outline=colour + 1)

    return Scene(layout="grid", background=BACKGROUND, marks=marks, paint=paint,
                 box=lambda mark: (mark[0], mark[1], mark[0] + mark[2], mark[1] + mark[2]),
                 legend_key=legend_colour, legend=lambda: Image.new("P", (120, 20), legend_colour),
                 legend_top=LEGEND_TOP)


def test_overlapping_marks_are_painted_again_in_order_wherever_one_changed():
    chance = random.Random(7)
    repainter = Repainter(keep=2)

    def any_mark():  # marks overlap one another, and some reach into the legend band at the bottom
        return chance.randrange(0, 110), chance.randrange(0, 125), chance.randrange(3, 30), chance.randrange(10, 200, 2)

    marks = [any_mark() for _ in range(12)]
    for _ in range(300):  # one mark comes, goes or changes at a time
        place = chance.randrange(len(marks) + 1)
        if place == len(marks):
            marks.insert(chance.randrange(len(marks) + 1), any_mark())
        elif chance.random() < 0.3 and len(marks) > 3:
            marks.pop(place)
        else:
            marks[place] = any_mark()
        scene = rectangle_scene(tuple(dict.fromkeys(marks)), legend_colour=chance.choice((40, 40, 40, 60)))
        assert pixels(repainter.png("table 1", scene))[0] == painted_whole(scene).tobytes()


def test_a_change_reaches_only_the_marks_that_overlap_it_one_after_another():
    box = lambda mark: (mark[0], mark[1], mark[0] + mark[2], mark[1] + mark[2])  # noqa: E731
    chain = [(0, 0, 10, 1), (8, 0, 10, 1), (16, 0, 10, 1)]  # each overlaps the next
    far = (60, 60, 10, 1)
    moved = (0, 2, 10, 1)
    boxes = boxes_to_repaint([*chain, far], [moved, *chain[1:], far], box)
    assert set(boxes) == {box(chain[0]), box(moved), box(chain[1]), box(chain[2])}
    assert boxes_to_repaint([*chain, far], [*chain, far], box) == []


def test_only_the_bands_of_rows_a_change_touches_are_read_and_compressed(monkeypatch):
    repainter = Repainter(keep=2)
    tall = Image.new("P", (50, png_bands.BAND_ROWS * 6), 3)
    scene = lambda marks: Scene(  # noqa: E731
        layout="tall", background=tall, marks=marks,
        paint=lambda draw, mark: draw.rectangle((mark[0], mark[1], mark[0] + 4, mark[1] + 4), fill=mark[2]),
        box=lambda mark: (mark[0], mark[1], mark[0] + 5, mark[1] + 5), legend_key=0,
        legend=lambda: Image.new("P", (50, 4), 9), legend_top=tall.height - 4)
    repainter.png("t", scene(((5, 5, 20), (5, png_bands.BAND_ROWS * 3 + 2, 30))))
    read = []
    real = png_bands.BandCache.piece
    monkeypatch.setattr(png_bands.BandCache, "piece",
                        lambda self, rows, stride: read.append(rows) or real(self, rows, stride))
    png = repainter.png("t", scene(((5, 5, 20), (5, png_bands.BAND_ROWS * 3 + 2, 31))))  # one mark recoloured
    assert len(read) == 1  # band 4 of 6
    assert pixels(png)[0] == painted_whole(scene(((5, 5, 20), (5, png_bands.BAND_ROWS * 3 + 2, 31)))).tobytes()


# -- the sea map ------------------------------------------------------------------------------------
def random_views(seats: int, seed: int, version: str = "short"):
    from games.aelderman import SPEC

    state = SPEC.setup(seats, seed, {"version": version})
    policies = [SPEC.policy("random" if seed % 2 else "heuristic", seed * 10 + seat) for seat in range(seats)]
    while SPEC.outcome(state) is None:
        seat = min(SPEC.to_act(state))
        state, _ = SPEC.apply(state, seat, policies[seat].choose(state, seat))
        yield SPEC.view(state, None)


@pytest.mark.parametrize("seats,seed", [(1, 1), (2, 2), (2, 3), (3, 4), (4, 5)])
def test_a_map_painted_where_it_changed_is_the_map_drawn_whole(seats, seed):
    names = {seat: f"player {seat}" for seat in range(seats)}
    repainter = Repainter(keep=1)
    drawn = 0
    for view in random_views(seats, seed):
        scene = sea_map.scene(view, names)
        whole = sea_map._draw(view, names)
        shown, palette = pixels(repainter.png("table", scene))
        assert shown == whole.tobytes() and palette == whole.getpalette()
        drawn += 1
    assert drawn > 30


def test_each_mark_paints_only_inside_its_box():
    key = sea_map.layout_key(next(random_views(2, 2)))
    background, inks = sea_map.background(key), sea_map.palette_indices(key)
    for name in sea_map.GEO:
        centre = sea_map.place_xy(name)
        marks = [("subsidiary", centre, seat, zone) for seat in range(4) for zone in ("blue", None)]
        marks += [("marker", sea_map.banner_cell(sea_map.banner_box(name, centre), index), seat)
                  for index in range(10) for seat in range(4)]
        marks += [("ship", sea_map.ship_spot(name, index, centre), seat) for index in range(4) for seat in range(4)]
        for mark in marks:
            image = background.copy()
            sea_map.paint_mark(ImageDraw.Draw(image), mark, inks)
            changed = ImageChops.difference(image.convert("RGB"), background.convert("RGB")).getbbox()
            left, top, right, bottom = sea_map.mark_box(mark)
            assert changed is not None, mark
            assert left <= changed[0] and top <= changed[1] and changed[2] <= right and changed[3] <= bottom, mark
