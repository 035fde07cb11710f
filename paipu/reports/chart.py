"""The running-scores chart: geometry for an inline SVG, decided here so the template only draws."""

from __future__ import annotations

import math
from collections.abc import Sequence

from paipu.record import Seat
from paipu.reports.labels import Labels
from paipu.reports.model import Chart, ChartSeries, ChartTick

WIDTH = 720
HEIGHT = 240
LEFT, RIGHT, TOP, BOTTOM = 48, 20, 14, 30
MAX_DOTS = 100
"""Past this many hands, a seat's line has a dot (with its tooltip) at each tick only."""


def _nice_step(span: int, ticks: int = 5) -> int:
    """A round step (1, 2 or 5 times a power of ten) for about ``ticks`` ticks, in integers:
    a score of any size gives a step, where float arithmetic would overflow."""
    raw = max(-(-span // ticks), 1)  # ceil(span / ticks): the same round step as the exact quotient
    mag = 1
    while mag * 10 <= raw:
        mag *= 10
    for m in (1, 2, 5, 10):
        if raw <= m * mag:
            return m * mag
    return 10 * mag  # pragma: no cover - the loop always returns


def _num(x: float) -> str:
    """Coordinates with one decimal, the same text on every platform."""
    return f"{x:.1f}"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def build_chart(seats: Sequence[Seat], labels: Labels, start: dict[Seat, int],
                after: Sequence[dict[Seat, int]], hand_titles: Sequence[str]) -> Chart | None:
    """Running scores: the start, then the scores after each hand; None when there are no hands."""
    if not after:
        return None
    points = [start, *after]
    # Zero is in the range only when the scores come near it (a session may start at 1000).
    values = [p.get(s, 0) for p in points for s in seats]
    lo, hi = min(values), max(values)
    if lo > 0 and lo <= (hi - lo):
        lo = 0
    if hi < 0 and -hi <= (hi - lo):
        hi = 0
    step = _nice_step(hi - lo if hi > lo else 10)
    lo = lo // step * step
    hi = -(-hi // step) * step
    if hi == lo:
        lo, hi = lo - step, hi + step
    plot_w = WIDTH - LEFT - RIGHT
    plot_h = HEIGHT - TOP - BOTTOM
    n = len(points) - 1

    def x(i: int) -> float:
        return LEFT + plot_w * i / n

    def y(v: float) -> float:
        return TOP + plot_h * (hi - v) / (hi - lo)

    every = max(1, math.ceil(n / 20))
    series = []
    for seat in seats:
        coords = [(x(i), y(p.get(seat, 0))) for i, p in enumerate(points)]
        dots = []
        for i, (cx, cy) in enumerate(coords):
            if n > MAX_DOTS and i % every != 0 and i != n:
                continue  # a dot every hand would be closer than a pixel: one at each tick
            when = labels.start if i == 0 else hand_titles[i - 1]
            dots.append((_num(cx), _num(cy), f"{labels.seat_name(seat)}, {when}: {_signed(points[i].get(seat, 0))}"))
        series.append(ChartSeries(
            seat,
            labels.seat_name(seat),
            " ".join(f"{_num(cx)},{_num(cy)}" for cx, cy in coords),
            tuple(dots),
        ))
    x_ticks = [ChartTick(_num(x(0)), labels.start)]
    x_ticks += [ChartTick(_num(x(i)), str(i)) for i in range(1, n + 1) if i % every == 0 or i == n]
    y_ticks = [ChartTick(_num(y(v)), _signed(v)) for v in range(lo, hi + 1, step)]
    zero = _num(y(0)) if lo <= 0 <= hi else None
    return Chart(WIDTH, HEIGHT, LEFT, WIDTH - RIGHT, TOP, HEIGHT - BOTTOM, tuple(series), tuple(x_ticks),
                 tuple(y_ticks), zero)
