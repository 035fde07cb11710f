"""A quick test that a hand one tile over is complete, for hands with no wildcard.

`paipu.hand.shanten.complete_of` works a hand's shanten out over every shape; the engine asks
it of a ready hand with each tile another seat discards, most of which complete nothing.  Here
the standard shape (sets and one pair) is read suit by suit (`standard_complete`), and every
other shape is ruled out by a necessary condition on the tiles held (`other_shapes_possible`):
only a hand that passes one is left to the full test.  The answers are those of the full test
(tests/test_win_tests.py compares them on random hands and on every ready hand of simulated
hands).  A question costs about a tenth of the full test (benchmarks/history.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from paipu.hand.shapes import KNITTED_STRAIGHTS


def quick_complete(c: bytes, shapes: Sequence[str]) -> int:
    """Whether the 34 counts ``c`` (a hand one tile over: 3n+2 tiles, n the sets to make; no
    wildcard) are complete in one of ``shapes``: 1 when they are in the standard shape, 0 when
    they are in none (not standard, and no other shape's condition met), -1 when the full test
    must tell (another shape's condition met, or a count above four)."""
    for n in c:
        if n > 4:
            return -1
    if "standard" in shapes and standard_complete(c):
        return 1
    return -1 if other_shapes_possible(c, shapes, 0) else 0


def standard_complete(c: bytes) -> bool:
    """Whether the 34 counts ``c`` (none above four; the caller knows they are 3n+2 tiles) are
    sets and exactly one pair.  The pair is in the one suit (or among the honours) whose count
    is two more than a multiple of three; a suit is sets alone when, from its lowest rank up,
    each rank's count past a multiple of three starts that many chows (three equal chows read
    as three pongs instead), which `_sets_only` follows."""
    pair_suit = -1
    for suit in range(3):
        base = 9 * suit
        n = 0
        for r in range(9):
            n += c[base + r]
        left = n % 3
        if left == 1:
            return False
        if left == 2:
            if pair_suit >= 0:
                return False
            pair_suit = suit
    for k in range(27, 34):
        n = c[k]
        if n == 2:
            if pair_suit >= 0:
                return False
            pair_suit = 3
        elif n != 0 and n != 3:
            return False
    if pair_suit < 0:
        return False
    for suit in range(3):
        base = 9 * suit
        if suit != pair_suit:
            if not _sets_only([c[base + r] for r in range(9)]):
                return False
            continue
        found = False
        for r in range(9):
            if c[base + r] >= 2:
                a = [c[base + k] for k in range(9)]
                a[r] = a[r] - 2
                if _sets_only(a):
                    found = True
                    break
        if not found:
            return False
    return True


def _sets_only(a: list[int]) -> bool:
    """Whether a suit's nine counts ``a`` (changed) are sets alone: from the lowest rank up, the
    count past a multiple of three starts chows, the rest are pongs."""
    for r in range(7):
        n = a[r] % 3
        if n:
            if a[r + 1] < n or a[r + 2] < n:
                return False
            a[r + 1] = a[r + 1] - n
            a[r + 2] = a[r + 2] - n
    return a[7] % 3 == 0 and a[8] % 3 == 0


def other_shapes_possible(c: bytes, shapes: Sequence[str], short: int) -> bool:
    """Whether the counts ``c`` (no wildcard), with ``short`` tiles more (0 for a hand one tile
    over, 1 for a ready hand), could be complete in one of ``shapes`` other than the standard
    one, by a necessary condition on the tiles held: seven pairs hold only even counts
    (`seven_pairs`: only twos); the orphans, only terminals and honours; all honours (全字牌), no
    suited tile; 全不靠, no kind twice; 组合龙, one knitted straight whole.  With a tile short,
    seven pairs are not asked (the caller's tile is one of a kind not held), and 组合龙 needs
    all but one of its straight.  An unknown shape always passes."""
    # One pass over the counts for every condition but 组合龙's.
    odd = not_two = suited = inner = False
    most = 0
    for k in range(34):
        n = c[k]
        if n:
            if n & 1:
                odd = True
            if n != 2:
                not_two = True
            if n > most:
                most = n
            if k < 27:
                suited = True
                if k % 9 != 0 and k % 9 != 8:
                    inner = True
    for shape in shapes:
        if shape == "standard":
            continue
        if shape == "seven_pairs_fours":
            if short or not odd:
                return True
        elif shape == "seven_pairs":
            if short or not not_two:
                return True
        elif shape == "orphans":
            if not inner:
                return True
        elif shape == "quanzipai":
            if not suited:
                return True
        elif shape == "quanbukao":
            if most <= 1:
                return True
        elif shape == "zuhelong":
            for straight in KNITTED_STRAIGHTS:
                held = 0
                for k in straight:
                    if c[k]:
                        held += 1
                if held + short >= 9:
                    return True
        else:
            return True
    return False


def far_tiles_may_complete(key: bytes, shapes: Sequence[str]) -> bool:
    """Whether the ready hand ``key`` (3n+1 tiles, no wildcard) could be completed by a tile of a
    kind it does not hold and has no suited neighbour of within two ranks: never in the
    shapes of sets and pairs (the standard one, seven pairs), so only by another shape, and
    only if the hand meets that shape's condition already (`other_shapes_possible`'s, but for
    seven pairs, which such a tile never completes)."""
    others = _OTHERS.get(tuple(shapes))
    if others is None:
        others = _OTHERS[tuple(shapes)] = tuple(s for s in shapes if s not in _LOCAL_SHAPES)
    return bool(others) and other_shapes_possible(key, others, 1)


_OTHERS: dict[tuple[str, ...], tuple[str, ...]] = {}
"""A ruleset's shapes less those of sets and pairs alone, by its shapes."""


_LOCAL_SHAPES: Final = frozenset(("standard", "seven_pairs", "seven_pairs_fours"))
"""The shapes made of sets and pairs alone: a tile completes them only with a tile of its kind
held, or, suited, a neighbour within two ranks of its suit."""
