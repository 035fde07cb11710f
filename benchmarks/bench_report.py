"""HTML report speed and size: one long hand rendered, and a 100-hand session's file size.

The records are built from the bundled samples: the tsumogiri hands of
``exhausted-with-wall.paipu`` (every draw discarded, the whole wall played out: the longest
hands a record has), with ``pass`` lines added to reach 200 actions, and repeated and
renumbered to make a 100-hand session.  Goals: a 200-action hand under 0.2 s, a 100-hand
report under 5 MB.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

from paipu.auditing import audit_text
from paipu.reports import render_report

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples/valid/zhuji/exhausted-with-wall.paipu"

RENDER_GOAL_S = 0.2
SIZE_GOAL_BYTES = 5 * 1024 * 1024


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


def main() -> None:
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
    audit = audit_text(session, "session.paipu", views=True)
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
    main()
