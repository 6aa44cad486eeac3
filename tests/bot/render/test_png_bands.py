"""The board pictures' PNG files: exact pixels, a valid zlib stream, and only changed rows compressed."""

from __future__ import annotations

import io
import os
import struct
import zlib

import pytest
from PIL import Image, ImageDraw

from bot.render import png_bands
from bot.render.png_bands import BandCache, adler32_join, encode

pytestmark = pytest.mark.slow  # image tests (quick ones, but pictures all the same)


def picture(mode: str, size=(300, 200), seed: int = 0) -> Image.Image:
    image = Image.new("RGB", size, (170, 204, 228))
    draw = ImageDraw.Draw(image)
    for n in range(40):
        x, y = (n * 37 + seed * 11) % size[0], (n * 53 + seed * 7) % size[1]
        draw.ellipse((x, y, x + 15, y + 9), fill=((n * 70) % 256, (n * 30) % 256, (n * 110) % 256))
    draw.text((5, size[1] - 15), f"Round {seed}", fill=(40, 40, 48))
    return image.quantize(64) if mode == "P" else image.convert(mode)


def idat(png: bytes) -> bytes:
    """The concatenated IDAT data of a PNG file, checking every chunk's CRC on the way."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    position, data = 8, b""
    while position < len(png):
        length, kind = struct.unpack(">I4s", png[position:position + 8])
        body = png[position + 8:position + 8 + length]
        assert struct.unpack(">I", png[position + 8 + length:position + 12 + length])[0] == zlib.crc32(kind + body)
        if kind == b"IDAT":
            data += body
        position += 12 + length
    return data


@pytest.mark.parametrize("mode", ["P", "RGB", "RGBA", "L"])
def test_the_file_holds_exactly_the_pictures_pixels(mode):
    image = picture(mode)
    png = encode(image, BandCache())
    back = Image.open(io.BytesIO(png))
    back.load()
    assert back.mode == mode and back.size == image.size and back.tobytes() == image.tobytes()
    if mode == "P":
        assert back.getpalette() == image.getpalette()
    # zlib itself checks the stream: every piece joins up and the Adler-32 at its end is right
    stride = image.width * {"P": 1, "RGB": 3, "RGBA": 4, "L": 1}[mode]
    rows = zlib.decompress(idat(png))
    assert len(rows) == image.height * (stride + 1) and rows[::stride + 1] == bytes(image.height)


def test_a_picture_with_a_height_that_is_not_a_whole_number_of_bands():
    image = picture("P", size=(97, png_bands.BAND_ROWS * 3 + 5))
    back = Image.open(io.BytesIO(encode(image, BandCache())))
    assert back.tobytes() == image.tobytes()


def test_only_the_bands_that_changed_are_compressed_again(monkeypatch):
    cache = BandCache()
    first = picture("P", size=(200, png_bands.BAND_ROWS * 4))
    encode(first, cache)
    compressed: list[bytes] = []
    real = png_bands.compress
    monkeypatch.setattr(png_bands, "compress", lambda rows, stride: compressed.append(rows) or real(rows, stride))
    second = first.copy()
    second.putpixel((10, png_bands.BAND_ROWS * 2 + 3), (second.getpixel((0, 0)) + 1) % 64)  # one pixel, band 3
    png = encode(second, cache)
    assert len(compressed) == 1  # the other three bands came from the cache
    assert Image.open(io.BytesIO(png)).tobytes() == second.tobytes()
    encode(first, cache)
    assert len(compressed) == 1  # both versions of that band are cached now


def test_the_cache_keeps_to_its_size_dropping_the_least_recently_used(monkeypatch):
    cache = BandCache(limit=10_000)
    for _ in range(30):  # noise does not compress: two pieces of ~3.3 kB per picture
        newest = Image.frombytes("L", (100, png_bands.BAND_ROWS * 2), os.urandom(100 * png_bands.BAND_ROWS * 2))
        encode(newest, cache)
        assert 0 < cache.size <= 10_000
    compressed: list[bytes] = []
    real = png_bands.compress
    monkeypatch.setattr(png_bands, "compress", lambda rows, stride: compressed.append(rows) or real(rows, stride))
    encode(newest, cache)
    assert compressed == []  # the newest picture's pieces are still there


def test_a_series_takes_unchanged_bands_from_its_previous_picture_without_hashing(monkeypatch):
    cache = BandCache()
    first = picture("P", size=(200, png_bands.BAND_ROWS * 4))
    encode(first, cache, series="table 1")
    hashed: list[int] = []
    real = png_bands.BandCache.piece
    monkeypatch.setattr(png_bands.BandCache, "piece",
                        lambda self, rows, stride: hashed.append(1) or real(self, rows, stride))
    second = first.copy()
    second.putpixel((10, png_bands.BAND_ROWS * 2 + 3), (second.getpixel((0, 0)) + 1) % 64)  # band 3 changes
    png = encode(second, cache, series="table 1")
    assert hashed == [1]  # only the changed band was looked up
    assert png == encode(second, BandCache())  # the same file as without a series
    assert Image.open(io.BytesIO(png)).tobytes() == second.tobytes()
    hashed.clear()
    taller = picture("P", size=(200, png_bands.BAND_ROWS * 5))  # another size: nothing to compare with
    assert Image.open(io.BytesIO(encode(taller, cache, series="table 1"))).tobytes() == taller.tobytes()
    assert len(hashed) == 5


def test_the_previous_pictures_kept_keep_to_their_size():
    cache = BandCache(previous_limit=300 * 200 * 4)  # four pictures of 300 x 200 in mode L
    for number in range(7):
        encode(picture("L", seed=number), cache, series=number)
        assert cache.previous_size <= 300 * 200 * 4
    assert list(cache._previous) == [(n, "L", 300, 200) for n in range(3, 7)]  # the latest four
    encode(picture("L", seed=3), cache, series=3)  # drawn again: the most recent, and counted once
    assert list(cache._previous)[-1] == (3, "L", 300, 200) and cache.previous_size == 300 * 200 * 4


def test_adler32_of_two_strings_joined_is_computed_from_their_own():
    for first, second in [(b"", b""), (b"a", b""), (b"", b"xyz"), (os.urandom(70_000), os.urandom(123_457))]:
        joined = adler32_join(zlib.adler32(first), zlib.adler32(second), len(second))
        assert joined == zlib.adler32(first + second)
