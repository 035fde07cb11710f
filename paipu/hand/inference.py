"""Who holds the unseen copies of a tile kind, given that nobody has discarded one.

The question this answers: I hold some copies of a kind, some more are visible, and no
opponent has thrown one although a player with a lone copy usually does.  How likely is it
that an opponent is sitting on a pair (or more) of it?

The model (docs/analysis.md, "Who holds a pair of an undiscarded kind"):

* *Unseen places*: every opponent's concealed tiles (their sizes are known) and the
  *wall*, meaning every unseen tile that is in no hand (live wall, dead wall, anything not
  shown).  Every placement of the unseen tiles of all kinds over these places is taken to
  be equally likely, so the ``unseen = copies − mine − seen`` copies of one kind are a
  uniform random subset of the places' slots: the counts per place follow the
  multivariate hypergeometric law, ``∏ C(size, count) / C(places, unseen)``.
* *Mine* and *seen* copies are known to be out of the unseen places, so only the rest is
  spread.  *Seen* is every copy visible to me other than my own: discards by anyone
  (mine included), opponents' exposed melds, any copy shown otherwise.
* *The observation*: an opponent who holds exactly one copy would have discarded it by
  now with probability ``discard_prob`` (over the whole time so far, not per turn), so
  "it is still unseen" has likelihood ``1 − discard_prob`` for each such opponent; an
  opponent with two or more keeps them (likelihood 1) and the wall discards nothing.
  Holdings are taken as they are now: the model does not follow how a hand came to hold
  its copies.

Bayes' rule gives the posterior of each opponent's count.  Instead of enumerating the
joint spreads, each place is a polynomial in ``x`` whose ``x^c`` coefficient is its
weight for holding ``c`` copies (``C(size, c)``, times the likelihood); the coefficient of
``x^unseen`` in the product of all of them is the normaliser, and leaving one place out (or
dropping some terms) gives each marginal and each "nobody holds …" event.  With at most
four copies that is a handful of integer products per call, and results are cached on
their (hashable) inputs, because a replay asks the same question for many kinds and steps.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Final

from paipu.value import by_fields

__all__ = [
    "COPIES", "KindPosterior", "kind_posterior", "pair_odds", "pair_or_more", "pair_or_more_kept", "unseen_copies",
]

COPIES: Final = 4
"""Copies of each kind in a set (flowers aside)."""

_Poly = tuple[int, ...]


@dataclass(frozen=True)
class KindPosterior:
    """The exact posterior of where a kind's unseen copies are, after the observation."""

    unseen: int
    hands: tuple[int, ...]
    """The opponents' concealed tile counts, in the order given."""
    wall: int
    discard_prob: Fraction
    opponents: tuple[tuple[Fraction, ...], ...]
    """Per opponent, the probability of holding 0, 1, … ``unseen`` copies."""
    wall_counts: tuple[Fraction, ...]
    """The probability that 0, 1, … ``unseen`` copies are in the wall."""
    pair_or_more: Fraction
    """Some opponent holds two or more copies."""
    exactly_pair: Fraction
    """Some opponent holds exactly two copies."""

    @property
    def places(self) -> int:
        return sum(self.hands) + self.wall

    def __reduce__(self) -> tuple[type[KindPosterior], tuple[object, ...]]:
        return by_fields(self)


def unseen_copies(mine: int, seen: int, copies: int = COPIES) -> int:
    """The copies that can still be anywhere unseen; refuses counts that cannot all exist."""
    if mine < 0 or seen < 0:
        raise ValueError(f"copies held ({mine}) and seen ({seen}) cannot be negative")
    if copies < 0:
        raise ValueError(f"a kind cannot have {copies} copies")
    unseen = copies - mine - seen
    if unseen < 0:
        raise ValueError(f"{mine} held and {seen} seen make {mine + seen} copies; a kind has {copies}")
    return unseen


def pair_odds(
    mine: int,
    seen: int,
    hands: Sequence[int],
    wall: int,
    discard_prob: Fraction | int,
    copies: int = COPIES,
) -> KindPosterior:
    """The posterior for a kind of which I hold ``mine`` and see ``seen`` copies.

    The entry point for a question in the player's terms; `kind_posterior` takes the
    unseen count directly, which is what a replay computing every kind wants to share.
    """
    return kind_posterior(unseen_copies(mine, seen, copies), hands, wall, discard_prob)


def kind_posterior(unseen: int, hands: Sequence[int], wall: int, discard_prob: Fraction | int) -> KindPosterior:
    """The exact posterior of each opponent's count of a kind with ``unseen`` copies unseen.

    ``hands`` are the opponents' concealed tile counts and ``wall`` the unseen tiles in no
    hand.  Raises `ValueError` when the inputs cannot happen: negative sizes, more copies
    than places, a probability outside [0, 1], or an observation the model calls
    impossible (``discard_prob`` 1 and no spread without a lone copy in a hand).  Cached
    whole, checks included, because a replay asks it for every kind at every step and
    the kinds with as many copies unseen share one answer.
    """
    if isinstance(discard_prob, float):  # checked before the cache, where 0.5 == Fraction(1, 2) would hit
        raise TypeError(f"give the discard probability as a Fraction or an int, not the float {discard_prob!r}")
    return _kind_posterior(unseen, tuple(hands), wall, discard_prob)


@functools.lru_cache(maxsize=16384)
def _kind_posterior(unseen: int, hands: tuple[int, ...], wall: int, discard_prob: Fraction | int) -> KindPosterior:
    # Behind a typed front: lru_cache's wrapper would accept any hashable arguments.
    discard_prob = Fraction(discard_prob)
    if unseen < 0:
        raise ValueError(f"unseen copies cannot be negative (got {unseen})")
    if any(h < 0 for h in hands):
        raise ValueError(f"a hand cannot hold a negative number of tiles (got {', '.join(map(str, hands))})")
    if wall < 0:
        raise ValueError(f"the wall cannot hold a negative number of tiles (got {wall})")
    if not 0 <= discard_prob <= 1:
        raise ValueError(f"the discard probability must be between 0 and 1 (got {discard_prob})")
    places = sum(hands) + wall
    if unseen > places:
        raise ValueError(f"{unseen} unseen copies do not fit in {places} unseen places (hands and wall)")
    keep = 1 - discard_prob
    # Every hand's weights are scaled by keep's denominator so that all arithmetic is on
    # integers; the scale is the same in every product, so it cancels in the ratios.
    num, den = keep.numerator, keep.denominator
    hand_polys = [_hand_poly(h, unseen, num, den) for h in hands]
    wall_poly = _binomials(wall, unseen)
    hands_only = _product(hand_polys, unseen)
    total = _dot(hands_only, wall_poly, unseen)
    if total == 0:
        raise ValueError(
            "the observation is impossible under the model: with a discard probability of 1 every "
            "spread of the unseen copies leaves some opponent with a lone copy they would have thrown"
        )

    def share(count: int) -> Fraction:
        return Fraction(count, total)

    by_size: dict[int, tuple[Fraction, ...]] = {}  # opponents of one size share their law
    for i, (size, poly) in enumerate(zip(hands, hand_polys, strict=True)):
        if size not in by_size:
            others = _product([*hand_polys[:i], *hand_polys[i + 1:], wall_poly], unseen)
            by_size[size] = tuple(share(poly[k] * others[unseen - k]) for k in range(unseen + 1))
    wall_counts = tuple(share(wall_poly[k] * hands_only[unseen - k]) for k in range(unseen + 1))
    below_pair = _product([p[:2] for p in hand_polys], unseen)
    no_pair = _product([tuple(c if k != 2 else 0 for k, c in enumerate(p)) for p in hand_polys], unseen)
    return KindPosterior(
        unseen=unseen,
        hands=hands,
        wall=wall,
        discard_prob=discard_prob,
        opponents=tuple(by_size[size] for size in hands),
        wall_counts=wall_counts,
        pair_or_more=share(total - _dot(below_pair, wall_poly, unseen)),
        exactly_pair=share(total - _dot(no_pair, wall_poly, unseen)),
    )


def pair_or_more(unseen: int, hands: Sequence[int], wall: int, discard_prob: Fraction | int) -> Fraction:
    """Only `KindPosterior.pair_or_more`: the chance some opponent holds two or more copies.

    The same model and the same exact answer, without the marginals, for a replay that asks
    it for every kind at every step.  The opponents' order does not matter, so it is cached
    on their sorted sizes.
    """
    keep = 1 - Fraction(discard_prob)
    return pair_or_more_kept(unseen, tuple(sorted(hands)), wall, keep.numerator, keep.denominator)


@functools.lru_cache(maxsize=1 << 16)
def pair_or_more_kept(unseen: int, hands: tuple[int, ...], wall: int, keep_num: int, keep_den: int) -> Fraction:
    """`pair_or_more` with the chance a lone copy is kept given as ``keep_num / keep_den``
    (1 − the discard probability) and the sizes already sorted: the form a replay caches on."""
    if unseen < 2 or not hands:
        return Fraction(0)
    if unseen > sum(hands) + wall or keep_num < 0 or keep_num > keep_den or min(hands) < 0 or wall < 0:
        raise ValueError("the counts or the probability cannot happen (see kind_posterior)")
    hand_polys = [_hand_poly(h, unseen, keep_num, keep_den) for h in hands]
    wall_poly = _binomials(wall, unseen)
    total = _dot(_product(hand_polys, unseen), wall_poly, unseen)
    if total == 0:
        raise ValueError("the observation is impossible under the model")
    below_pair = _product([q[:2] for q in hand_polys], unseen)
    return Fraction(total - _dot(below_pair, wall_poly, unseen), total)


@functools.lru_cache(maxsize=4096)
def _binomials(size: int, top: int) -> _Poly:
    """Ways to place 0 … ``top`` copies among ``size`` slots."""
    return tuple(comb(size, c) for c in range(top + 1))


@functools.lru_cache(maxsize=4096)
def _hand_poly(size: int, top: int, keep_num: int, keep_den: int) -> _Poly:
    """A hand's weights (times ``keep_den``): a lone copy survives with probability keep."""
    return tuple(w * (keep_num if c == 1 else keep_den) for c, w in enumerate(_binomials(size, top)))


def _product(polys: Sequence[_Poly], degree: int) -> _Poly:
    """The product of the polynomials, cut after ``x^degree`` (no higher term is ever needed)."""
    acc = [1] + [0] * degree
    for p in polys:
        out = [0] * (degree + 1)
        for i, a in enumerate(acc):
            if a:
                for j in range(min(len(p), degree + 1 - i)):
                    out[i + j] += a * p[j]
        acc = out
    return tuple(acc)


def _dot(a: _Poly, b: _Poly, degree: int) -> int:
    """The ``x^degree`` coefficient of ``a·b``."""
    return sum(a[degree - j] * b[j] for j in range(min(degree, len(b) - 1) + 1))
