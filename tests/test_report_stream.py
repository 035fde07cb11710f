"""The report written as the replay plays a hand (issue 19: memory in proportion to the input):
each step's table view is read once, by the hand's board and by the step's line of the
timeline, and let go, so one long hand holds no step's table; the page is byte for byte the
one made at once from an audit with every view."""

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
from paipu.reports.render import MARK_DETAIL, HandPages, _Out, _Splicer, write_record_report

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
def test_a_long_hand_is_written_step_by_step_holding_no_steps_table(seat: str | None, tmp_path: Path) -> None:
    """A hand of 300 draws and discards: at its last action the report holds a table view or
    two (the step before, for what the next shares with it), not one a step, as it did when a
    hand was written once settled; the page is the one of the whole audit."""
    text = _long_hand(300)
    spool = tmp_path / "spool"
    with spool.open("w+", encoding="utf-8") as fh, (tmp_path / "timeline").open("w+", encoding="utf-8") as tl:
        pages = HandPages(fh, seat, "en", tl)  # type: ignore[arg-type]
        probe = _TablesAlive(600)
        audit = audit_text(text, "long.paipu", observers=[pages, probe])
        out = io.StringIO()
        pages.finish(audit, out)
    assert 0 <= probe.alive <= 4, probe.alive
    assert pages.steps == [601]
    assert out.getvalue() == render_report(audit_text(text, "long.paipu", views=True), seat=seat)  # type: ignore[arg-type]


def test_a_win_written_before_its_hand_is_settled_gets_its_detail(tmp_path: Path) -> None:
    """A `hu` step is written before the settlement says how the win was made: its detail is a
    mark, put in place with the findings, as the page made at once writes it."""
    text = SAMPLE.read_text(encoding="utf-8")
    model = build_report_model(audit_text(text, "four.paipu", views=True))
    details = [st.detail for h in model.hands for st in h.steps if st.verb == "hu"]
    assert details and all(details), details
    write_record_report(text, "four.paipu", tmp_path / "p.html")
    page = (tmp_path / "p.html").read_text(encoding="utf-8")
    assert all(f' <span class="d">{escape(d)}</span>' in page for d in details)
    assert "\x00" not in page


def test_the_detail_mark_is_replaced_escaped_or_by_nothing() -> None:
    out = io.StringIO()
    splicer = _Splicer(_Out(out), iter(()), build_report_model(audit_text(SAMPLE.read_text(encoding="utf-8"),
                                                                          views=True)).labels,
                       iter(["<b>E</b>", ""]))
    splicer.feed(Markup("a" + MARK_DETAIL + "b" + MARK_DETAIL[:2]))
    splicer.feed(MARK_DETAIL[2:] + "c")
    splicer.close()
    splicer.out.flush()
    assert out.getvalue() == 'a <span class="d">&lt;b&gt;E&lt;/b&gt;</span>bc'


def test_a_detail_left_over_is_an_error() -> None:
    splicer = _Splicer(_Out(io.StringIO()), iter(()), build_report_model(audit_text(
        SAMPLE.read_text(encoding="utf-8"), views=True)).labels, iter(["left"]))
    splicer.feed("no mark")
    with pytest.raises(ValueError, match="fewer wins"):
        splicer.close()


def test_a_long_hand_page_is_the_page_of_the_whole_audit_in_the_teaching_view(tmp_path: Path) -> None:
    text = _long_hand(120)
    write_record_report(text, "long.paipu", tmp_path / "p.html", seat="W", lang="zh", annotate=True)
    whole = render_report(audit_text(text, "long.paipu", views=True, annotate=True), seat="W", lang="zh")
    assert (tmp_path / "p.html").read_text(encoding="utf-8") == whole
