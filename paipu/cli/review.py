"""``paipu review``: every decision of a game weighed like a teacher would, as text, JSON, a
review page or a quiz page (`paipu.reports.review`, over `paipu.analysis.review`), with the
CLI's shared conventions (`paipu.cli.common`)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import cast

import click

from paipu.cli.common import (
    EXIT_FINDINGS,
    EXIT_OK,
    EXIT_USAGE,
    INTERNAL_HELP,
    PaipuCommand,
    echo,
    echo_err,
    from_flag,
    json_flag,
    known_format,
    option_flag,
    out_flag,
    parse_overrides,
)
from paipu.cli.common import plural as _n
from paipu.errors import InputError
from paipu.record import Seat

REVIEW_HELP = """
Exit status: 0 when the record is clean, 1 when it has an error finding (the review is made
all the same, as far as the record can be replayed), 2 for a usage or input problem (a
missing, empty, binary, unreadable or over-limit file, a seat that does not play, a review
page without --seat, an output that cannot be written).
"""


@click.command("review", cls=PaipuCommand, epilog=REVIEW_HELP + INTERNAL_HELP)
@click.argument("file", type=click.Path())
@click.option("--seat", type=click.Choice(["E", "S", "W", "N"], case_sensitive=False), default=None,
              help="Review only this seat's decisions (default: every seat's); a review page needs it.")
@json_flag("Print the review as one JSON object: each seat's summary and every decision weighed.")
@out_flag(help="Write a page: the seat's review page (its board at each mistake, linked from a summary; needs "
          "--seat), or with --quiz the quiz page.")
@click.option("--quiz", type=click.IntRange(min=1, max=100), default=None, metavar="N",
              help="Keep the N most instructive positions (何切る) and write them as a quiz page (-o, default "
              "out/<record name>-quiz.html): the answer is shown once a discard is picked.")
@option_flag("A ruleset option for this record, on top of its [Option] tags, e.g. -O min_tai=2 "
             "(repeatable); one its ruleset does not have is a bad-option finding.")
@from_flag()
def review_command(file: str, seat: str | None, as_json: bool, out: str | None, quiz: int | None,
                   overrides: tuple[str, ...], fmt: str | None) -> None:
    """Review a game: weigh every decision of each seat against the analysis.

    Each discard, claim taken or let pass, kong, ready declaration and win let pass is weighed
    by tile efficiency from what the seat could see at that step: the shanten it leaves, the
    effective tiles then unseen (for a ready hand, its waits' live count) and, where an
    opponent has declared ready, the chance that it holds the discarded kind in pairs. Each
    decision gets a loss in points and a grade (agrees, small loss, large loss); each seat a
    summary: its decisions, the share agreeing with the best, the points lost and its five
    largest mistakes. FILE is a record, or a platform's log as `paipu report` reads it. See
    docs/review.md, "Thresholds", for the grading and "JSON" for every field.
    """
    from paipu.cli.report import _read, default_output
    from paipu.reports.review import ReviewError, review_text, write_quiz

    path = Path(file)
    opts = parse_overrides(overrides)
    fmt = known_format(fmt)
    viewer = cast("Seat | None", seat.upper() if seat else None)
    if out is not None and quiz is None and viewer is None:
        echo_err("a review page shows one seat's view: give --seat E, S, W or N (or --quiz N for a quiz page); "
                 "see `paipu review --help`")
        sys.exit(EXIT_USAGE)
    try:
        text, name = _read(path, fmt)
    except InputError as e:
        echo_err(str(e))
        sys.exit(EXIT_USAGE)
    page = Path(out) if out is not None and quiz is None else None
    try:
        review = review_text(text, str(path), seat=viewer, options=opts, quiz=quiz or 0, page=page)
    except ReviewError as e:
        echo_err(f"{path}: {e}")
        sys.exit(EXIT_USAGE)
    except OSError as e:
        echo_err(f"{page}: cannot be written ({e.strerror or e})")
        sys.exit(EXIT_USAGE)
    written: Path | None = page
    if quiz is not None:
        written = Path(out) if out is not None else default_output(Path(name)).with_name(
            default_output(Path(name)).stem + "-quiz.html")
        try:
            write_quiz(review, written)
        except OSError as e:
            echo_err(f"{written}: cannot be written ({e.strerror or e})")
            sys.exit(EXIT_USAGE)
    if as_json:
        from paipu.limits import json_text

        click.echo(json_text(review.to_json()))
    else:
        for line in _text(review):
            echo(line)
    if written is not None:
        what = f"quiz of {_n(len(review.quiz), 'position')}" if quiz is not None else "review page"
        echo(f"{path}: {what} written to {written}", err=as_json)
    sys.exit(EXIT_OK if review.audit.ok else EXIT_FINDINGS)


def _text(review: object) -> list[str]:
    """The review as lines: a table of the seats, then each seat's largest mistakes."""
    from paipu.reports.review import GRADE_WORDS, Review

    assert isinstance(review, Review)
    audit = review.audit
    counts = audit.counts()
    hands = len(audit.record.hands)
    lines = [f"{review.name}: {review.ruleset}, {_n(hands, 'hand')}; "
             f"{_n(len(review.decisions), 'decision')} weighed"
             + ("" if audit.ok else f" (the record has {_n(counts['error'], 'error')}: `paipu check` shows them)")]
    lines.append(f"{'seat':<5}{'decisions':>10}{'agree':>8}{'small':>7}{'large':>7}{'loss':>7}")
    for seat in review.seats:
        s = review.summaries[seat]
        lines.append(f"{seat:<5}{s.decisions:>10}{100 * s.agreement:>7.1f}%{s.grades['small']:>7}"
                     f"{s.grades['large']:>7}{s.loss:>7}")
    for seat in review.seats:
        s = review.summaries[seat]
        if not s.worst:
            continue
        lines.append(f"{seat}: the largest mistakes")
        for d in s.worst:
            lines.append(f"  {review.place(d)} (line {d.line}): {GRADE_WORDS[d.grade]}, "
                         f"{_n(d.loss.points, 'point')}: {d.headline()}"
                         + (f" · 口诀 {d.saying}" if d.saying else ""))
    return lines
