"""The fuzz suite: every generated record survives every command's library entry point.

A short profile runs in the default suite (a few hundred inputs); ``make fuzz`` runs the
long one (``PAIPU_FUZZ=long``, 100,000 inputs and more; docs/limits.md has its last result).
"""

from __future__ import annotations

import os
from pathlib import Path

from fuzzing import records, run_everything, valid_records
from hypothesis import HealthCheck, given, settings

from paipu.rules.riichi import Riichi

LONG = os.environ.get("PAIPU_FUZZ") == "long"
EXAMPLES = int(os.environ.get("PAIPU_FUZZ_EXAMPLES", "100000")) if LONG else 40

settings.register_profile(
    "paipu-fuzz",
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=not LONG,  # the default suite is deterministic; the long run explores
    suppress_health_check=(HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example),
    database=None,
)


def test_every_valid_record_passes_every_entry_point_without_an_error_finding() -> None:
    for text in valid_records()[:8]:
        run_everything(text, clean=True)


@settings(settings.get_profile("paipu-fuzz"))
@given(records())
def test_no_generated_record_breaks_a_promise_of_any_entry_point(text: str) -> None:
    run_everything(text)


def test_a_fan_line_of_two_thousand_unknown_items_stays_within_the_memory_bound() -> None:
    """A reproducer of the long run: 2,000 unknown items on one fan line of an mcr record
    (25 KB) took 35 MB through the report when each finding listed the ruleset's 80 items."""
    text = (Path(__file__).parent.parent / "samples/valid/mcr/discard-win.paipu").read_text(encoding="utf-8")
    line = next(ln for ln in text.splitlines() if ln.startswith("fan "))
    text = text.replace(line, line + "".join(f", item{i} 1" for i in range(2000)), 1)
    assert len(text.encode("utf-8")) > 20_000  # large enough for the memory measurement
    cost = run_everything(text)
    assert cost.peak_bytes > 0


def test_a_riichi_hand_of_hundreds_of_one_kind_is_audited_through_every_entry_point() -> None:
    """A reproducer of the long run: a riichi deal of 400 9m, then every seat in riichi; the
    kept answers of riichi's waits were keyed by each kind's count as one byte (ValueError)."""
    text = ("[Ruleset \"riichi\"]\nhand 1\ndealer E\n"
            f"deal E {'9' * 400}123m 456m 789m 11p 23p 7z\ndeal S 123p 456p 789p 11s 23s\n"
            "deal W 123s 456s 789s 11m 23m\ndeal N 111z 222z 333z 44z 55m\n"
            "E ready\nE discard 7z\nS draw 6z\nS ready\nS discard 6z\nW draw 5z\nW ready\nW discard 5z\n"
            "N draw 6z\nN ready\nN discard 6z\nE draw 9s\n")
    run_everything(text)
    riichi = Riichi()
    counts = [0] * 34
    counts[8] = 400
    assert riichi.waits_of(counts, 0) == []
    ready = [0] * 34  # 123m 456m 789m 11p 23p: waits on 1p and 4p
    for k in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 10, 11):
        ready[k] += 1
    assert riichi.waits_of(ready, 0) == [9, 12]
