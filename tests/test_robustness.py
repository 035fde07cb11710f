"""A record is untrusted input: no corruption of it may make paipu raise instead of report."""

from __future__ import annotations

import random
from pathlib import Path

from paipu.auditing import audit_text

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = sorted(ROOT.glob("samples/**/*.paipu"))
TOKENS = (
    "E", "S", "W", "N", "draw", "discard", "pong", "chow", "kong", "ankong", "addkong", "hu", "pass",
    "ready", "flower", "bao", "exhausted", "fan", "score", "hand", "dealer", "deal", "wall", "caishen",
    "5m", "1z", "9p", "3s", "1f", "{x}", "!", "?", "+3", "-2", ":", ",", "[", "]", '"', ";", "0m", "东", "摸",
)


def _corrupt(rng: random.Random, text: str) -> str:
    lines = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        j = rng.randrange(len(lines))
        op = rng.random()
        if op < 0.3:
            lines[j] = " ".join(rng.choice(TOKENS) for _ in range(rng.randint(1, 5)))
        elif op < 0.5 and len(lines) > 1:
            del lines[j]
        elif op < 0.7:
            lines.insert(j, lines[rng.randrange(len(lines))])
        else:
            k = rng.randrange(len(lines))
            lines[j], lines[k] = lines[k], lines[j]
    return "\n".join(lines)


def test_random_corruptions_of_every_sample_are_reported_never_raised() -> None:
    rng = random.Random(2026)
    texts = [p.read_text(encoding="utf-8") for p in SAMPLES]
    for i in range(600):
        text = _corrupt(rng, rng.choice(texts))
        audit = audit_text(text, f"corrupt-{i}", annotate=i % 10 == 0)
        assert audit.record is not None


def test_an_action_by_a_seat_the_ruleset_does_not_seat_is_a_bad_seat() -> None:
    text = (ROOT / "samples/valid/erren/discard-win.paipu").read_text(encoding="utf-8")
    lines = text.splitlines()
    i = next(k for k, line in enumerate(lines) if line.startswith(("E discard", "W discard")))
    lines.insert(i + 1, "S draw 5m")
    audit = audit_text("\n".join(lines) + "\n")
    assert ("bad-seat", i + 2) in [(f.code, f.line) for f in audit.findings]
