"""The fuzz suite: every generated record survives every command's library entry point.

A short profile runs in the default suite (a few hundred inputs); ``make fuzz`` runs the
long one (``PAIPU_FUZZ=long``, 100,000 inputs and more; docs/limits.md has its last result).
"""

from __future__ import annotations

import os
from pathlib import Path

from fuzzing import records, run_everything, valid_records
from hypothesis import HealthCheck, given, settings

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
