"""A record is untrusted input: no corruption of it may make paipu raise instead of report."""

from __future__ import annotations

import copy
import itertools
import pickle
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


def test_table_views_stored_packed_read_back_every_tile_as_given() -> None:
    from paipu.replay.result import MeldView, SeatView
    from paipu.tiles import RED_FIVES, Tile

    five_red = RED_FIVES[0]
    one, east, plum = Tile.parse("1m"), Tile.parse("1z"), Tile.parse("1f")
    concealed = (one, five_red, Tile.parse("5m"), east)
    river = ((five_red, True), (east, False), (one, True))
    meld = MeldView("pong", (east, east, east), east, "S")
    sv = SeatView(concealed, (meld,), river, (plum,), True)
    assert sv.concealed == concealed and sv.discards == river and sv.melds == (meld,) and sv.flowers == (plum,)
    assert sv.concealed[1].red and not sv.concealed[2].red  # the red five stays red
    assert isinstance(sv._concealed, bytes)  # packed, a byte a tile
    assert sv == SeatView(concealed, (meld,), river, (plum,), True)
    assert sv.replace(ready=False).ready is False and sv.ready is True
    assert pickle.loads(pickle.dumps(sv)) == sv and copy.deepcopy(sv) == sv


def test_the_table_view_of_each_step_shares_what_did_not_change_and_equals_the_engines() -> None:
    """A long record's views: each equal to the table the engine showed, sharing the seats that
    did not change and the wall, so that a report holds what changes, not the table per step."""
    from paipu.replay.engine import HandEngine
    from paipu.replay.session import Observer, replay
    from paipu.sim.simulate import simulate

    (_, text), = simulate("zhuji", 3, 5, session_hands=3)
    fresh: list[object] = []

    class Snapshots(Observer):
        def start_hand(self, index: int, engine: HandEngine, playable: bool) -> None:
            fresh.append(engine.st.view(engine.rs.marked_tiles(engine.st)))

        def after_action(self, index: int, engine: HandEngine, action: object, findings: object) -> None:
            fresh.append(engine.st.view(engine.rs.marked_tiles(engine.st)))

    audit = audit_text(text)
    assert audit.record is not None
    rp = replay(audit.record, views=True, observers=[Snapshots()])
    views = [s.view for h in rp.hands for s in h.steps]
    assert views == fresh
    assert pickle.loads(pickle.dumps(views)) == views  # a replay can go to another process
    shared_seats = shared_walls = 0
    for prev, view in itertools.pairwise(views):
        assert prev is not None and view is not None
        shared_seats += sum(a is b for a, b in zip(prev._seat_views, view._seat_views, strict=True))
        shared_walls += view._wall is prev._wall and view._wall is not None
    steps = len(views)
    assert shared_seats > 2 * steps  # of four seats, one or two change at a step
    assert shared_walls > 0.9 * steps
