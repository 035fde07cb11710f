"""HTML report speed and size: a long session's report beside its check, one long hand rendered,
and the size of a 100-hand session's page.

- A simulated Zhuji session of 1,000 hands (every draw and discard of the full wall; ``--hands``
  for another length): the report as ``paipu report`` writes it (`write_record_report`, one
  pass) against the audit ``paipu check`` makes of the same text, in CPU seconds of this
  process, best of ``--repeat``; and the page's size.  Goals: the report in at most 5 times
  the check, the page at most 5 MB.  The teaching view of the same session is measured too
  (it works out the viewed seat's hand at every step, so it has no goal beside the check).
- One hand of the samples' tsumogiri hands with ``pass`` lines added to reach 200 actions,
  rendered: goal under 0.2 s.
- 100 hands of the same, a session: goal under 5 MB.

    .venv/bin/python benchmarks/bench_report.py [--hands 1000] [--repeat 2]
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
from pathlib import Path

from paipu.auditing import audit_text
from paipu.reports import render_report
from paipu.reports.render import write_record_report
from paipu.sim.simulate import simulate

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples/valid/zhuji/exhausted-with-wall.paipu"

RENDER_GOAL_S = 0.2
SIZE_GOAL_BYTES = 5 * 1024 * 1024
SESSION_TIME_GOAL = 5.0
"""A long session's report takes at most this many times its check."""


def _split(text: str) -> tuple[str, list[str]]:
    """The header and the hands (each from its ``hand N`` line) of a record."""
    parts = re.split(r"(?m)^(?=hand \d+)", text)
    return parts[0], parts[1:]


def _renumber(hand: str, number: int) -> str:
    return re.sub(r"^hand \d+", f"hand {number}", hand, count=1)


def long_hand_record(actions: int = 200) -> str:
    """One tsumogiri hand with ``pass`` lines after discards until it has ``actions`` actions."""
    header, hands = _split(SAMPLE.read_text(encoding="utf-8"))
    lines = hands[0].rstrip("\n").split("\n")
    setup = [ln for ln in lines if not re.match(r"^[ESWN] |^exhausted|^score", ln)]
    body = [ln for ln in lines if re.match(r"^[ESWN] |^exhausted|^score", ln)]
    seats = "ESWN"
    out: list[str] = []
    count = len(body)
    for ln in body:
        out.append(ln)
        m = re.match(r"^([ESWN]) discard ", ln)
        if m and count < actions:
            # The seat across from the discarder declines the discard: legal, and it audits.
            across = seats[(seats.index(m.group(1)) + 2) % 4]
            out.append(f"{across} pass")
            count += 1
    return header + "\n".join(setup + out) + "\n"


def session_record(hands: int = 100) -> str:
    """``hands`` tsumogiri hands (the sample's two, repeated), numbered 1..hands."""
    header, sample_hands = _split(SAMPLE.read_text(encoding="utf-8"))
    body = [_renumber(sample_hands[i % len(sample_hands)], i + 1).rstrip("\n") + "\n" for i in range(hands)]
    return header + "\n".join(body)


def _cpu(run: object, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        run()  # type: ignore[operator]
        best = min(best, time.process_time() - start)
    return best


def long_session(hands: int, repeat: int) -> None:
    """The report of a simulated session of ``hands`` hands beside its check."""
    (_, text), = simulate("zhuji", hands, 1, session_hands=hands)
    played = len(_split(text)[1])
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "session.html"
        audit_text(text, "session.paipu")  # warm up: the grammar, the ruleset
        write_record_report(text, "session.paipu", page)  # and the templates
        check = _cpu(lambda: audit_text(text, "session.paipu"), repeat)
        report = _cpu(lambda: write_record_report(text, "session.paipu", page), repeat)
        size = os.path.getsize(page)
        teaching = _cpu(lambda: write_record_report(text, "session.paipu", page, seat="E"), 1)
        teaching_size = os.path.getsize(page)
    ratio = report / check
    verdict = "ok" if ratio <= SESSION_TIME_GOAL and size <= SIZE_GOAL_BYTES else "over a goal"
    print(f"report: a {played}-hand simulated session ({len(text) / 1e6:.1f} MB of record): check {check:.2f} s, "
          f"report {report:.2f} s of CPU ({ratio:.1f} times the check; goal {SESSION_TIME_GOAL:g}), "
          f"{size / 1e6:.2f} MB of HTML (goal {SIZE_GOAL_BYTES / 1e6:.2f}); {verdict}")
    print(f"report: its teaching view (--seat E): {teaching:.2f} s ({teaching / check:.1f} times the check), "
          f"{teaching_size / 1e6:.2f} MB")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--hands", type=int, default=1000, help="hands of the long session (default 1000)")
    ap.add_argument("--repeat", type=int, default=2, help="runs of each timing, the best kept (default 2)")
    args = ap.parse_args(argv if argv is not None else [])  # run from benchmarks/run.py: the defaults
    long_session(args.hands, args.repeat)

    text = long_hand_record()
    start = time.perf_counter()
    audit = audit_text(text, "long-hand.paipu", views=True)
    replayed = time.perf_counter() - start
    if audit.replay is None:
        print("report: the long hand does not parse: " + "; ".join(f.message for f in audit.findings[:3]))
        return
    n_actions = len(audit.replay.hands[0].record.actions)
    render_report(audit)  # warm up: templates compiled, tile pictures drawn
    runs = 5
    start = time.perf_counter()
    for _ in range(runs):
        html = render_report(audit)
    elapsed = (time.perf_counter() - start) / runs
    verdict = "ok" if elapsed < RENDER_GOAL_S else f"over the {RENDER_GOAL_S} s goal"
    print(f"report: {n_actions}-action hand rendered in {elapsed:.3f} s ({len(html) / 1024:.0f} KB; {verdict}; "
          f"parsing and replaying it took {replayed:.3f} s)")

    session = session_record()
    audit = audit_text(session, "session.paipu")
    if audit.replay is None:
        print("report: the session does not parse: " + "; ".join(f.message for f in audit.findings[:3]))
        return
    hands = len(audit.replay.hands)
    actions = sum(len(h.record.actions) for h in audit.replay.hands)
    start = time.perf_counter()
    html = render_report(audit)
    elapsed = time.perf_counter() - start
    size = len(html.encode("utf-8"))
    verdict = "ok" if size < SIZE_GOAL_BYTES else "over the 5 MB goal"
    print(
        f"report: {hands}-hand session ({actions:,} actions) is {size / 1048576:.2f} MB, "
        f"rendered in {elapsed:.2f} s ({verdict})"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
