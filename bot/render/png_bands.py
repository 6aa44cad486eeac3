"""PNG files that reuse the compressed rows an earlier picture had in common with this one.

A board picture changes in a few places per move (a ship, a banner, the legend); most of its rows
are as they were. So the picture is cut into bands of rows, and each band is compressed as its own
piece of the one zlib stream PNG keeps its pixels in: a full flush ends each piece, so no piece
refers back into another, and pieces can be put together in any combination. A band compressed
before (found by a SHA-256 of its bytes) is taken from a cache; only the bands that changed are
compressed again. A band equal to the same band of the previous picture of the same series (the
caller names it, say a table's map) is taken from that picture without even hashing it. Pillow
writes the same format but compresses every row of every picture: for a 960 x 636 map that is most
of the time a board update takes.
"""

from __future__ import annotations

import hashlib
import struct
import threading
import zlib
from collections import OrderedDict
from typing import Hashable, NamedTuple

from PIL import Image

BAND_ROWS = 32
LEVEL = 1  # zlib's fastest level: the file is a little larger, compressing takes half the time
CACHE_BYTES = 16 * 1024 * 1024  # compressed pieces kept, across every table's pictures
PREVIOUS_BYTES = 12 * 1024 * 1024  # rows of the series' previous pictures kept (a short map: 0.6 MB)
COLOUR_TYPES = {"P": (3, 1), "RGB": (2, 3), "RGBA": (6, 4), "L": (0, 1)}  # mode: (PNG colour type, bytes/pixel)
ADLER_BASE = 65521
_LAST_PIECE = b"\x03\x00"  # an empty final block (fixed Huffman codes): ends the deflate stream


class BandCache:
    """Compressed bands by the SHA-256 of their rows, and the bands of each series' previous
    picture; least recently used dropped first."""

    def __init__(self, limit: int = CACHE_BYTES, previous_limit: int = PREVIOUS_BYTES) -> None:
        self.limit = limit
        self.size = 0
        self._pieces: OrderedDict[bytes, Piece] = OrderedDict()
        self.previous_limit, self.previous_size = previous_limit, 0
        self._previous: OrderedDict[Hashable, tuple[list[tuple[bytes, Piece]], int]] = OrderedDict()
        self._lock = threading.Lock()  # pictures of several tables are drawn at once in worker threads

    def pieces(self, pixels: bytes, stride: int, series: Hashable | None = None) -> list[Piece]:
        """The compressed pieces of a picture's rows, band by band. A band that is byte for byte
        the band of the series' previous picture is that picture's piece (comparing costs less
        than hashing); any other band is looked up by its hash."""
        with self._lock:
            previous = self._previous.get(series, ([], 0))[0] if series is not None else []
        bands = []
        for number, top in enumerate(range(0, len(pixels), stride * BAND_ROWS)):
            rows = pixels[top:top + stride * BAND_ROWS]
            same = number < len(previous) and previous[number][0] == rows
            bands.append((rows, previous[number][1] if same else self.piece(rows, stride)))
        if series is not None:
            self._keep(series, bands, len(pixels))
        return [piece for _, piece in bands]

    def _keep(self, series: Hashable, bands: list[tuple[bytes, Piece]], size: int) -> None:
        """Remember a series' picture, forgetting the least recently drawn series beyond the limit."""
        with self._lock:
            old = self._previous.pop(series, None)
            self.previous_size -= old[1] if old else 0
            self._previous[series] = (bands, size)
            self.previous_size += size
            while self.previous_size > self.previous_limit and len(self._previous) > 1:
                self.previous_size -= self._previous.popitem(last=False)[1][1]

    def piece(self, rows: bytes, stride: int) -> Piece:
        """The compressed piece of `rows` (each `stride` bytes long)."""
        digest = hashlib.sha256(stride.to_bytes(4, "big"))
        digest.update(rows)
        key = digest.digest()
        with self._lock:
            found = self._pieces.get(key)
            if found is not None:
                self._pieces.move_to_end(key)
                return found
        found = compress(rows, stride)
        with self._lock:
            if key not in self._pieces:
                self._pieces[key] = found
                self.size += len(found.data)
            while self.size > self.limit and self._pieces:
                self.size -= len(self._pieces.popitem(last=False)[1].data)
        return found


class Piece(NamedTuple):
    data: bytes  # raw deflate, ending in a full flush
    adler: int  # Adler-32 of the uncompressed bytes
    length: int  # how many uncompressed bytes


def compress(rows: bytes, stride: int) -> Piece:
    """Rows as PNG stores them (each after a filter-type byte, 0: none), compressed on their own."""
    filtered = b"".join(b"\x00" + rows[start:start + stride] for start in range(0, len(rows), stride))
    compressor = zlib.compressobj(LEVEL, zlib.DEFLATED, -15)  # raw deflate: the zlib header comes once
    data = compressor.compress(filtered) + compressor.flush(zlib.Z_FULL_FLUSH)
    return Piece(data, zlib.adler32(filtered), len(filtered))


def adler32_join(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings one after the other, from theirs (zlib's C library has
    this as adler32_combine; Python's zlib module does not offer it)."""
    a1, b1, a2, b2 = first & 0xFFFF, first >> 16, second & 0xFFFF, second >> 16
    a = (a1 + a2 - 1) % ADLER_BASE
    b = (b1 + b2 + second_length * (a1 - 1)) % ADLER_BASE
    return (b << 16) | a


_SHARED = BandCache()


def encode(image: Image.Image, cache: BandCache = _SHARED, series: Hashable | None = None) -> bytes:
    """The PNG file of `image` (mode P, RGB, RGBA or L, 8 bits per channel, no transparency key).
    `series` names the pictures this one follows (see BandCache.pieces)."""
    _, channels = COLOUR_TYPES[image.mode]
    width, height = image.size
    drawn = None if series is None else (series, image.mode, width, height)
    return png_file(image, cache.pieces(image.tobytes(), width * channels, drawn))


def encode_changed(image: Image.Image, previous: list[Piece] | None, changed: set[int],
                   cache: BandCache = _SHARED) -> tuple[bytes, list[Piece]]:
    """encode() of a picture that differs from an earlier one of the same size, whose pieces are
    `previous`, only in the bands numbered `changed` (None: no earlier picture); and its pieces.
    Only those bands' rows are read from the picture."""
    _, channels = COLOUR_TYPES[image.mode]
    width, height = image.size
    pieces = []
    for number, top in enumerate(range(0, height, BAND_ROWS)):
        if previous is not None and number not in changed:
            pieces.append(previous[number])
        else:
            rows = image.crop((0, top, width, min(height, top + BAND_ROWS))).tobytes()
            pieces.append(cache.piece(rows, width * channels))
    return png_file(image, pieces), pieces


def png_file(image: Image.Image, bands: list[Piece]) -> bytes:
    """The PNG file of `image` from the compressed pieces of its bands, top to bottom."""
    colour_type, _ = COLOUR_TYPES[image.mode]
    width, height = image.size
    pieces, checksum = [b"\x78\x01"], 1  # the zlib header (deflate, fastest); Adler-32 of nothing
    for piece in bands:
        pieces.append(piece.data)
        checksum = adler32_join(checksum, piece.adler, piece.length)
    pieces += [_LAST_PIECE, struct.pack(">I", checksum)]
    parts = [b"\x89PNG\r\n\x1a\n"]
    _chunk(parts, b"IHDR", struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0))
    if image.mode == "P":
        _chunk(parts, b"PLTE", bytes((image.getpalette() or [0, 0, 0])[:3 * 256]))
    _chunk(parts, b"IDAT", b"".join(pieces))
    _chunk(parts, b"IEND", b"")
    return b"".join(parts)  # the pixel data (some 70 kB for a map) copied once more, not once a chunk


def _chunk(parts: list[bytes], kind: bytes, data: bytes) -> None:
    parts += [struct.pack(">I", len(data)), kind, data, struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))]
