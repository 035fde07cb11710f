"""The report written as the replay plays it (issue 19: memory in proportion to the input): each
hand's table is read off the engine as its steps are played and no step's snapshot of the table
is made; each hand's part of the page is written once it is settled, its findings put in place
at the end; the page is byte for byte the one made at once from the audit."""

from __future__ import annotations

import gc
import io
from pathlib import Path

import pytest
from markupsafe import Markup, escape

from paipu.auditing import audit_text
from paipu.findings import Finding
from paipu.record import Action
from paipu.replay.engine import HandEngine
from paipu.replay.result import TableView
from paipu.replay.session import Observer
from paipu.reports import render_report
from paipu.reports.build import build_report_model
from paipu.reports.render import MARK_FINDINGS, ReportPages, _Out, _Splicer, write_record_report

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "samples/valid/zhuji/four-hands.paipu"


def _long_hand(discards: int) -> str:
    """One hand of ``discards`` draws and discards of 5m (every draw an error: all four are out)."""
    text = SAMPLE.read_text(encoding="utf-8")
    body = text[: text.index("E discard")]
    moves = [f"{'ESWN'[k % 4]} {verb} 5m" for k in range(discards) for verb in ("draw", "discard")]
    return body + "\n".join(moves) + "\n"


class _TablesAlive(Observer):
    """Counts the table views alive once a hand's last action is played (before it is settled)."""

    def __init__(self, actions: int) -> None:
        self.actions = actions
        self.alive = -1

    def after_action(self, index: int, engine: HandEngine, action: Action, findings: list[Finding]) -> None:
        if index == self.actions - 1:
            gc.collect()
            self.alive = sum(1 for o in gc.get_objects() if isinstance(o, TableView))


@pytest.mark.parametrize("seat", [None, "S"])
def test_a_long_hand_is_written_holding_no_steps_table(seat: str | None, tmp_path: Path) -> None:
    """A hand of 300 draws and discards: at its last action the report holds no snapshot of the
    table (it reads the engine's state as it goes); the page is the one of the whole audit."""
    text = _long_hand(300)
    with (tmp_path / "spool").open("w+", encoding="utf-8") as fh:
        pages = ReportPages(fh, seat, "en")  # type: ignore[arg-type]
        probe = _TablesAlive(600)
        audit = audit_text(text, "long.paipu", observers=[pages, probe])
        out = io.StringIO()
        pages.finish(audit, out)
    assert probe.alive == 0
    assert pages.hands == 1
    assert out.getvalue() == render_report(audit_text(text, "long.paipu", views=True), seat=seat)  # type: ignore[arg-type]


def test_a_win_gets_its_detail_at_its_step(tmp_path: Path) -> None:
    """How a win was made is known once the hand is settled: it is written at the win's step."""
    text = SAMPLE.read_text(encoding="utf-8")
    model = build_report_model(audit_text(text, "four.paipu", views=True))
    details = [(h.index, n.step, n.text) for h in model.hands for n in h.notes if n.kind == "d"]
    wins = [(h.index, w.how) for h in model.hands for w in h.result.wins]
    assert {how for _, how in wins} <= {text for _, _, text in details}
    write_record_report(text, "four.paipu", tmp_path / "p.html")
    page = (tmp_path / "p.html").read_text(encoding="utf-8")
    for _, step, how in details:
        assert f'<span class="d" data-s="{step}">{escape(how)}</span>' in page
    assert "\x00" not in page


def test_a_mark_left_over_is_an_error() -> None:
    labels = build_report_model(audit_text(SAMPLE.read_text(encoding="utf-8"), views=True)).labels
    splicer = _Splicer(_Out(io.StringIO()), iter(()), labels)
    with pytest.raises(StopIteration):
        splicer.feed(Markup("a" + MARK_FINDINGS + "b"))
    splicer = _Splicer(_Out(io.StringIO()), iter([()]), labels)
    splicer.feed("no mark")
    with pytest.raises(ValueError, match="fewer hands"):
        splicer.close()


def test_a_long_hand_page_is_the_page_of_the_whole_audit_in_the_teaching_view(tmp_path: Path) -> None:
    text = _long_hand(120)
    write_record_report(text, "long.paipu", tmp_path / "p.html", seat="W", lang="zh", annotate=True)
    whole = render_report(audit_text(text, "long.paipu", views=True, annotate=True), seat="W", lang="zh")
    assert (tmp_path / "p.html").read_text(encoding="utf-8") == whole
