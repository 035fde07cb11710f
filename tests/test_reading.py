"""Reading the table from one seat (猜牌 at every step): only what the seat can know is used,
the odds are the exact model's, and the teaching view, notes and `analyze --record` show them."""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner

import paipu
from paipu.analysis.reading import DISCARD_PROB, KnowledgeReader, pong_odds, seat_knowledge
from paipu.analysis.teaching import SAYINGS
from paipu.cli import main
from paipu.hand.inference import pair_odds
from paipu.record import Seat
from paipu.replay.result import TableView
from paipu.tiles import ALL_TILES

ROOT = Path(__file__).resolve().parent.parent
FOUR_HANDS = ROOT / "samples" / "valid" / "zhuji" / "four-hands.paipu"


def _views() -> list[tuple[TableView, tuple[Seat, ...], tuple[int, ...]]]:
    audit = paipu.audit(FOUR_HANDS.read_text(encoding="utf-8"))
    assert audit.ruleset is not None
    rs = audit.ruleset
    return [(st.view, rs.seats, tuple(rs.tile_counts)) for h in audit.replay.hands  # type: ignore[union-attr]
            for st in h.steps if st.view is not None]


def test_the_seat_knows_every_tile_but_the_others_concealed_ones() -> None:
    for view, seats, copies in _views()[::7]:
        know = seat_knowledge(view, "E", seats, copies)
        assert sum(know.mine) + sum(know.seen) + sum(know.hands) + know.wall <= sum(copies[:34])
        assert know.hands == tuple(len(view.seats[s].concealed) for s in ("S", "W", "N"))


def test_the_others_hidden_tiles_change_nothing_the_seat_is_told() -> None:
    rng = random.Random(4)
    for view, seats, copies in _views()[::5]:
        swapped = {s: sv if s == "E" else sv.replace(
            concealed=tuple(rng.choice(ALL_TILES[:34]) for _ in sv.concealed)) for s, sv in view.seats.items()}
        other = view.replace(seats=swapped)
        assert pong_odds(seat_knowledge(view, "E", seats, copies)) == pong_odds(seat_knowledge(other, "E", seats,
                                                                                             copies))


def test_knowledge_read_step_after_step_is_what_each_step_shows() -> None:
    """The teaching view counts each river from what changed since the step before: at every
    step of four hands (claims and claimed discards among them), in order, after a jump back,
    and from one hand to the next, it knows exactly what `seat_knowledge` works out afresh."""
    views = _views()
    seats, copies = views[0][1], views[0][2]
    assert any(claimed for view, _, _ in views for sv in view.seats.values() for _, claimed in sv.discards)
    for seat in ("E", "W"):
        reader = KnowledgeReader(seat, seats, copies)
        order = [*range(len(views)), 40, 3, *range(len(views) - 5, len(views))]
        for i in order:
            assert reader.read(views[i][0]) == seat_knowledge(views[i][0], seat, seats, copies), (seat, i)


def test_pong_odds_are_the_exact_model_applied_to_what_the_seat_sees() -> None:
    view, seats, copies = _views()[12]
    know = seat_knowledge(view, "S", seats, copies)
    for odds in pong_odds(know):
        k = odds.kind
        prob = DISCARD_PROB if k not in know.discarded else Fraction(0)
        expected = pair_odds(know.mine[k], know.seen[k], know.hands, know.wall, prob).pair_or_more
        assert odds.pair_or_more == expected and odds.observed == (k not in know.discarded)


def test_the_teaching_view_has_a_heat_row_and_no_note_about_another_seat_s_hand() -> None:
    audit = paipu.audit(FOUR_HANDS.read_text(encoding="utf-8"), annotate=True)
    html = paipu.render_html(audit, seat="E")
    # Each hand carries the heat row's kinds and, at each step where it changes, its percents.
    assert html.count('<p class="hk" hidden>') == 4
    changes = [len(part.split(" ")) for part in re.findall(r' data-h="([^"]*)"', html)]
    assert len(changes) == 4 and sum(changes) >= 40
    others = [f for f in audit.findings if f.subject not in (None, "E")]
    assert others, "the sample should have notes about other seats"
    for f in others:
        assert f.message not in html
    plain = paipu.render_html(audit)
    assert 'class="hk"' not in plain and " data-h=" not in plain


def test_discard_notes_say_how_likely_a_pong_is() -> None:
    audit = paipu.audit(FOUR_HANDS.read_text(encoding="utf-8"), annotate=True, views=False)
    notes = [f for f in audit.findings if f.code == "teaching-discard"]
    assert notes and all("% that someone can pong it" in f.message or "0%" not in f.message for f in notes)
    assert sum("% that someone can pong it" in f.message for f in notes) >= len(notes) // 2


def test_a_late_fresh_discard_quotes_the_saying_about_danger() -> None:
    found = []
    for _, text in paipu.simulate("zhuji", 8, seed=21):
        audit = paipu.audit(text, annotate=True, views=False)
        found += [f for f in audit.findings if f.code == "teaching-danger"]
    assert found
    for f in found:
        assert SAYINGS["late-fresh"] in f.message and f.subject is None
        left = int(f.message.split("(")[1].split(" ")[0])
        assert left <= 30


def test_analyze_takes_a_record_and_a_step() -> None:
    run = CliRunner().invoke(main, ["analyze", "--record", str(FOUR_HANDS), "--hand", "1", "--step", "6", "--seat",
                                    "S", "--json"])
    assert run.exit_code == 0, run.output
    data = json.loads(run.output)
    assert data["seat"] == "S" and data["step"] == 6 and len(data["pong_odds"]) == 34
    assert all(0 <= o["pair_or_more"] <= 1 for o in data["pong_odds"])
    bad = CliRunner().invoke(main, ["analyze", "--record", str(FOUR_HANDS), "--hand", "9"])
    assert bad.exit_code == 2 and "no hand 9" in bad.output
