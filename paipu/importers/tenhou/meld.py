"""mjlog's ``N m=…`` call encoding, both ways.

A call is one 16-bit number.  The low two bits are the seat the tile came from, counted
from the caller (0 = the caller itself, 1 = the next seat, 2 = opposite, 3 = the previous
seat).  The bits above say which kind it is and pack the tiles:

* bit 2 set, chi: ``m >> 10`` is ``base * 3 + called`` where ``base`` numbers the 21
  possible runs (7 per suit) and ``called`` is which of the three tiles was taken; bits 3-8
  hold the copy (``id % 4``) of each of the three tiles, two bits each.
* bit 3 set, pon; bit 4 set, kakan (a pon extended): ``m >> 9`` is ``kind * 3 + called``,
  ``called`` indexing the three pon tiles; bits 5-6 are the copy *not* in the pon, which
  for a kakan is the tile added.
* bit 5 set: a three-player north (nuki), not a call of the four-player game.
* otherwise a kan: ``m >> 8`` is the id of the called tile (any copy for an ankan); from-seat
  0 makes it concealed.

The encoder exists so tests (and tools) can write calls; the decoder is the importer's.
"""

from __future__ import annotations

from paipu.importers.tenhou.errors import TenhouFormatError
from paipu.importers.tenhou.model import Call, CallKind


def decode_meld(seat: int, m: int, position: str = "") -> Call:
    """The call ``m`` made by ``seat``; a `TenhouFormatError` for numbers no call has."""
    if not 0 <= m < 1 << 16:
        raise TenhouFormatError(f"meld code out of range: {m}", position)
    rel = m & 3
    from_seat = (seat + rel) % 4
    if m & 0x4:
        t = m >> 10
        called_idx = t % 3
        run = t // 3
        if run >= 21 or rel != 3:
            raise TenhouFormatError(f"meld code {m} is not a chi from the previous seat", position)
        base = (run // 7) * 9 + run % 7
        tiles = tuple((base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3))
        return Call(seat, CallKind.CHI, from_seat, tiles, called=tiles[called_idx])
    if m & 0x18:
        t = m >> 9
        called_idx = t % 3
        kind = t // 3
        if kind >= 34 or rel == 0:
            raise TenhouFormatError(f"meld code {m} is not a pon or added kan", position)
        unused = (m >> 5) & 3
        pon = tuple(kind * 4 + c for c in range(4) if c != unused)
        called = pon[called_idx]
        if m & 0x10:
            added = kind * 4 + unused
            return Call(seat, CallKind.KAKAN, from_seat, tuple(sorted((*pon, added))), called=called, added=added)
        return Call(seat, CallKind.PON, from_seat, pon, called=called)
    if m & 0x20:
        raise TenhouFormatError(f"meld code {m} is a three-player north, not supported", position)
    tile = m >> 8
    if tile >= 136:
        raise TenhouFormatError(f"meld code {m} names no tile", position)
    kind = tile >> 2
    tiles = tuple(kind * 4 + c for c in range(4))
    if rel == 0:
        return Call(seat, CallKind.ANKAN, seat, tiles)
    return Call(seat, CallKind.DAIMINKAN, from_seat, tiles, called=tile)


def encode_meld(call: Call) -> int:
    """The mjlog number of a call (the inverse of `decode_meld` for every call it returns)."""
    rel = (call.from_seat - call.seat) % 4
    tiles = sorted(call.tiles)
    if call.kind is CallKind.CHI:
        if call.called is None:
            raise ValueError("a chi needs its called tile")
        base = tiles[0] >> 2
        run = (base // 9) * 7 + base % 9
        m = ((run * 3 + tiles.index(call.called)) << 10) | 0x4 | rel
        for i, t in enumerate(tiles):
            m |= (t & 3) << (3 + 2 * i)
        return m
    if call.kind in (CallKind.PON, CallKind.KAKAN):
        if call.called is None:
            raise ValueError("a pon needs its called tile")
        kind = tiles[0] >> 2
        if call.kind is CallKind.KAKAN:
            if call.added is None:
                raise ValueError("a kakan needs its added tile")
            unused = call.added & 3
        else:
            unused = ({0, 1, 2, 3} - {t & 3 for t in tiles}).pop()
        pon = [kind * 4 + c for c in range(4) if c != unused]
        flag = 0x10 if call.kind is CallKind.KAKAN else 0x8
        return ((kind * 3 + pon.index(call.called)) << 9) | (unused << 5) | flag | rel
    tile = call.called if call.kind is CallKind.DAIMINKAN and call.called is not None else tiles[0]
    return (tile << 8) | rel
