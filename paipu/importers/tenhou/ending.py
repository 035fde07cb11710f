"""The end of a Tenhou game as a record states it: final scores, final points, and the options
of the rules that made them.

Tenhou's end of game (mjlog ``owari``, tenhou.net/6 ``sc``) gives each seat's final score and
its final points after uma and oka.  The record states them as ``[Final]`` and ``[Points]``
tags, which the riichi ruleset audits; the options the points depend on (``uma``,
``return_score``, ``points_rounding``, ``uma_ties``) and the end of game rule of the log's time
(``last_dealer_ready``) go into its header.  Which rules a game was played under is read from
the log: its room flags, a custom lobby's ``csrule``, and its date, from Tenhou's log id
(``2009022103gm-00a9-0000-74c37deb`` began on 2009-02-21).  The dates below are those the real
logs prove (docs/tenhou-formats.md, The end of the game); where the log does not tell the rule
that made its points, the record states the final scores and not the points, with a note why.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Final

from paipu.importers.tenhou.model import Game
from paipu.record import format_points
from paipu.value import Frozen

LOG_ID: Final = re.compile(r"(\d{4})(\d{2})(\d{2})(\d{2})gm-([0-9a-f]{4})-(\d{4})-([0-9a-f]{8})")
"""Tenhou's id of a game: the hour it began (``YYYYMMDDHH``), ``gm``, the ``GO type`` in hex,
the lobby, a hash."""

LAST_ROUNDED: Final = date(2021, 3, 1)
"""The latest log whose points round each score to a thousand (tenhou-python-bot-41)."""
FIRST_TENTHS: Final = date(2022, 6, 2)
"""The earliest log whose points keep one decimal (jim137-2022060222gm)."""
LAST_EAST_UMA_5_10: Final = date(2009, 6, 18)
"""The latest east-only log with an uma of 5-10 (dnovikoff-bye)."""
FIRST_EAST_UMA_10_20: Final = date(2020, 2, 3)
"""The earliest east-only log with the uma of 10-20 (suukantsu_1.json)."""
LAST_DEALER_PLAYS_ON: Final = date(2009, 12, 31)
"""Up to the end of 2009 the all-last dealer, ready at an exhaustive draw in first place, plays on
(docs/rules/riichi.md, The end of the game); no real log at hand has that case either way."""
KNOWN_TYPE_BITS: Final = 0xFF
"""The ``GO type`` bits whose meaning is known (`paipu.importers.tenhou.mjlog.rules_from_go_type`)."""
EAST_UMA_5_10: Final = "5,-5,-10"


def log_date(log_id: str) -> date | None:
    """The day a game began, from its Tenhou log id; None when there is none or it is no date."""
    m = LOG_ID.search(log_id)
    if m is None:
        return None
    try:
        return date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    except ValueError:
        return None


class RecordedEnd(Frozen):
    """What a record states about the end of a game."""

    __slots__ = ("finals", "notes", "options", "points")
    _fields = ("options", "finals", "points", "notes")
    options: Final[tuple[tuple[str, str], ...]]
    """Options to write, each as (name, value), in the ruleset's order."""
    finals: Final[tuple[int, ...] | None]
    """Each seat's final score, when the log has its end."""
    points: Final[tuple[str, ...] | None]
    """Each seat's final points as a record writes them, when the log tells the rule that made them."""
    notes: Final[tuple[str, ...]]
    """Why the points are not stated, when they are not."""

    def __init__(self, options: tuple[tuple[str, str], ...], finals: tuple[int, ...] | None,
                 points: tuple[str, ...] | None, notes: tuple[str, ...]) -> None:
        self.options = options
        self.finals = finals
        self.points = points
        self.notes = notes


def game_end(game: Game) -> RecordedEnd:
    """The options, final scores and final points a record of ``game`` states."""
    day = log_date(game.log_id)
    options: list[tuple[str, str]] = []
    if day is not None and day <= LAST_DEALER_PLAYS_ON:
        options.append(("last_dealer_ready", "continues"))
    finals = game.final_scores
    if finals is None or game.uma is None or len(finals) != 4 or len(game.uma) != 4:
        return RecordedEnd(tuple(options), None, None, ())
    tenths = tuple(round(p * 10) for p in game.uma)
    rule, why = _points_rule(game, day, finals, tenths)
    if rule is None:
        return RecordedEnd(tuple(options), finals, None, (why,))
    options.extend(rule)
    return RecordedEnd(tuple(options), finals, tuple(format_points(t) for t in tenths), ())


def _points_rule(game: Game, day: date | None, finals: tuple[int, ...], points: tuple[int, ...]
                 ) -> tuple[list[tuple[str, str]] | None, str]:
    """The options of the points rule of ``game`` (those that differ from the defaults), or None
    and why the log does not tell it."""
    rules = game.rules
    options: list[tuple[str, str]] = []
    if rules.csrule:
        custom = _custom_lobby(rules.csrule)
        if custom is None:
            return None, (f"the points are not stated: the custom lobby's rules (csrule {rules.csrule!r}) do not "
                          "say one return score and one uma")
        options.extend(custom)
    elif rules.go_type is not None and rules.go_type & ~KNOWN_TYPE_BITS:
        return None, (f"the points are not stated: the game was played under rules paipu does not know "
                      f"(GO type {rules.go_type:#x})")
    elif not rules.hanchan:
        if day is not None and day <= LAST_EAST_UMA_5_10:
            options.append(("uma", EAST_UMA_5_10))
        elif day is None or day < FIRST_EAST_UMA_10_20:
            when = "the log has no date" if day is None else f"the game is of {day.isoformat()}"
            return None, (f"the points are not stated: the uma of east-only games was 5-10 on "
                          f"{LAST_EAST_UMA_5_10.isoformat()} and 10-20 from {FIRST_EAST_UMA_10_20.isoformat()} "
                          f"on, and {when}")
    rounding = _rounding(day, finals, points)
    if rounding != "tenths":
        options.append(("points_rounding", rounding))
    order = ("return_score", "uma", "points_rounding", "uma_ties")
    return sorted(options, key=lambda o: order.index(o[0])), ""


def _rounding(day: date | None, finals: tuple[int, ...], points: tuple[int, ...]) -> str:
    """How the game's points are rounded: by its date where the logs prove the rule of that time;
    else as its own points show (a tenth in any of them: tenths; whole points where a score is not
    whole thousands: thousands; all scores whole thousands: both rules give the same points)."""
    if day is not None and day <= LAST_ROUNDED:
        return "thousands"
    if day is not None and day >= FIRST_TENTHS:
        return "tenths"
    if any(p % 10 for p in points):
        return "tenths"
    if any(s % 1000 for s in finals):
        return "thousands"
    return "tenths"


def _custom_lobby(csrule: str) -> list[tuple[str, str]] | None:
    """The points options of a custom lobby's ``csrule``, or None when they cannot be read.

    Measured on one log (dnovikoff-newattr2023): fields 4-6 hold the start and return scores
    (30000 each there), fields 21-35 the uma of 2nd, 3rd and 4th place five times over (``5,-5,-15``),
    and tied seats share the uma of their places.  Paipu states the points only when the three
    scores agree and the five uma do, so that which field is which does not matter."""
    fields = csrule.split(",")
    if len(fields) < 36:
        return None
    scores = set(fields[4:7])
    umas = {tuple(fields[k:k + 3]) for k in range(21, 36, 3)}
    if len(scores) != 1 or len(umas) != 1:
        return None
    score, uma = next(iter(scores)), next(iter(umas))
    if not score.isdigit() or int(score) % 100 or not all(re.fullmatch(r"[+-]?\d{1,6}", u) for u in uma):
        return None
    options = [("uma_ties", "split")]
    if int(score) != 30000:
        options.append(("return_score", score))
    if uma != ("10", "-10", "-20"):
        options.append(("uma", ",".join(uma)))
    return options
