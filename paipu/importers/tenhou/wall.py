"""Rebuilding Tenhou's walls from the game's ``SHUFFLE`` seed.

Tenhou publishes how it shuffles: the seed (``mt19937ar-sha512-n288-base64,<base64>``) is
624 little-endian 32-bit words that initialise one MT19937 generator (``init_by_array``)
for the whole game.  For each round, 288 words are drawn from it; their little-endian bytes,
cut into nine 128-byte blocks, are hashed with SHA-512, and the 144 words of the nine
digests drive a Fisher-Yates pass over the ids 0-135; two more of those words give the dice.
Replaying the seed therefore yields every wall of the game, dead wall included, one per
``INIT`` in order.

The shuffled array is read from its end: the deal takes the last 52 entries (four at a
time from the dealer), draws continue downwards, the first 14 entries are the dead wall.
`Wall` turns that into *draw order*: ``tiles[0]`` is the first tile dealt.

Python's own ``random`` module runs the same MT19937, and seeds it from an int with the same
``init_by_array`` (the int's 32-bit words are the key): `generator` hands it the seed's words
as one int, and the rounds' words are drawn at C speed.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import random
import struct
from collections.abc import Iterator
from typing import Final

from paipu.importers.tenhou.errors import TenhouFormatError
from paipu.importers.tenhou.model import Wall

SEED_PREFIX: Final = "mt19937ar-sha512-n288-base64,"

_N: Final = 624
_MASK: Final = 0xFFFFFFFF
_WORDS_PER_ROUND: Final = 288
_BLOCK: Final = 128  # bytes hashed per SHA-512 call: 32 words



def init_by_array(key: list[int]) -> list[int]:
    """MT19937's array seeding (the reference implementation of 2002): the 624-word state."""
    mt = [0] * _N
    mt[0] = 19650218
    for i in range(1, _N):
        prev = mt[i - 1]
        mt[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & _MASK
    i, j = 1, 0
    for _ in range(max(_N, len(key))):
        prev = mt[i - 1]
        mt[i] = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + key[j] + j) & _MASK
        i += 1
        j += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
        if j >= len(key):
            j = 0
    for _ in range(_N - 1):
        prev = mt[i - 1]
        mt[i] = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - i) & _MASK
        i += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
    mt[0] = 0x80000000
    return mt


def seed_words(seed: str) -> list[int]:
    """The 624 key words of a ``SHUFFLE`` seed; a clear error for other kinds of seed."""
    if not seed.startswith(SEED_PREFIX):
        raise TenhouFormatError(f"unsupported shuffle seed kind: {seed.split(',', 1)[0]!r}", "SHUFFLE")
    try:
        raw = base64.b64decode(seed[len(SEED_PREFIX) :], validate=True)
    except (binascii.Error, ValueError) as exc:
        raise TenhouFormatError(f"shuffle seed is not base64: {exc}", "SHUFFLE") from None
    if len(raw) != 4 * _N:
        raise TenhouFormatError(f"shuffle seed has {len(raw)} bytes, expected {4 * _N}", "SHUFFLE")
    return list(struct.unpack(f"<{_N}I", raw))


def generator(key: list[int]) -> random.Random:
    """Python's MT19937 seeded by ``init_by_array(key)``.  Seeded with an int, `random.Random`
    runs that very seeding on the int's 32-bit words, least significant first, in C: the key
    as one int is that seeding unless its last word is 0 (the int would have fewer words)."""
    if key and key[-1]:
        return random.Random(int.from_bytes(struct.pack(f"<{len(key)}I", *key), "little"))
    gen = random.Random()
    gen.setstate((3, (*init_by_array(key), _N), None))
    return gen


def walls(seed: str) -> Iterator[Wall]:
    """Every wall the seed produces, round after round (an endless generator)."""
    gen = generator(seed_words(seed))
    rnd_words = struct.Struct("<144I")
    while True:
        # 288 words in one call: getrandbits gives an int whose 32-bit words, least significant
        # first, are the words drawn in order, so its little-endian bytes are theirs.
        src = gen.getrandbits(32 * _WORDS_PER_ROUND).to_bytes(4 * _WORDS_PER_ROUND, "little")
        digest = b"".join(hashlib.sha512(src[i : i + _BLOCK]).digest() for i in range(0, len(src), _BLOCK))
        rnd = rnd_words.unpack(digest)
        yama = list(range(136))
        for i in range(135):
            j = i + rnd[i] % (136 - i)
            yama[i], yama[j] = yama[j], yama[i]
        yama.reverse()
        yield Wall(tiles=tuple(yama), dice=(rnd[135] % 6, rnd[136] % 6))
