"""Teaching notes (`--annotate`): each discard against the best, wins and claims let pass."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from paipu.auditing import audit_text
from paipu.cli import main

ROOT = Path(__file__).resolve().parent.parent
SEED = (ROOT / "samples/valid/zhuji/seed-example.paipu").read_text(encoding="utf-8")
HEBEI = (ROOT / "samples/valid/hebei/discard-win.paipu").read_text(encoding="utf-8")


def _line(text: str, start: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(start))


def _notes(text: str) -> list[tuple[str, int, str]]:
    return [(f.code, f.line, f.message) for f in audit_text(text, annotate=True).findings if f.severity == "note"]


def test_every_discard_gets_a_note_and_a_worse_one_names_the_best() -> None:
    notes = _notes(SEED)
    discards = [n for n in notes if n[0] == "teaching-discard"]
    assert len(discards) == SEED.count(" discard ")
    s = next(n for n in discards if n[1] == _line(SEED, "S discard 4s"))
    assert "2 from ready after it" in s[2] and "best was 8m: 1 from ready" in s[2]
    e = next(n for n in discards if n[1] == _line(SEED, "E discard 3s"))
    assert "(the best discard)" in e[2]


def test_a_self_drawn_win_not_declared_is_a_missed_win() -> None:
    text = SEED.replace("E hu\n", "E discard 7m\n").split("fan E")[0]
    notes = _notes(text)
    assert ("missed-win", _line(text, "E discard 7m")) in [(c, line) for c, line, _ in notes]
    msg = next(m for c, _, m in notes if c == "missed-win")
    assert "E could have won on the drawn 7m: 4 tai" in msg


def test_a_discard_win_let_pass_is_a_missed_claim() -> None:
    text = HEBEI.replace("S hu 8m", "N draw 5z\nN discard 5z").split("fan S")[0]
    notes = [(c, line) for c, line, _ in _notes(text)]
    assert ("missed-claim", _line(text, "N draw 5z")) in notes


def test_notes_never_make_a_record_fail() -> None:
    res = CliRunner().invoke(main, ["check", "--annotate", str(ROOT / "samples/valid/zhuji/seed-example.paipu")])
    assert res.exit_code == 0 and "note[teaching-discard]" in res.output


def test_report_shows_the_notes_at_their_steps(tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    res = CliRunner().invoke(main, ["report", "--annotate", str(ROOT / "samples/valid/zhuji/seed-example.paipu"),
                                    "-o", str(out)])
    assert res.exit_code == 0, res.output
    assert out.read_text(encoding="utf-8").count("teaching-discard") >= SEED.count(" discard ")


def test_the_quick_discard_table_agrees_with_the_full_one_of_paipu_hand() -> None:
    """`discard_choices` looks up effective tiles only for the discards that can be best (and the
    one made): its best discards (those of the lowest shanten), in order, and the one kept are
    those of `shanten.discards`."""
    import random

    from paipu.analysis.teaching import discard_choices, short_hand
    from paipu.hand.effective import discards, effective_tiles

    rng = random.Random(17)
    shapes = ("standard", "seven_pairs")
    checked = 0
    for _ in range(150):
        wall = [k for k in range(34) for _ in range(4)]
        rng.shuffle(wall)
        hand = [0] * 34
        for k in wall[:14]:
            hand[k] += 1
        visible = [0] * 34
        for k in wall[14:40]:
            visible[k] = min(4 - hand[k], visible[k] + 1)
        wild = [wall[50]] if rng.random() < 0.5 else []
        full = discards(hand, wild_kinds=wild, shapes=shapes, visible=visible)
        keep = rng.choice([k for k in range(34) if hand[k]])
        quick = discard_choices(hand, wild_kinds=wild, melds=0, shapes=shapes, visible=visible, keep=keep, limit=3)
        low = full[0].shanten
        assert [c for c in quick if c.shanten == low][:3] == [c for c in full if c.shanten == low][:3]
        assert len(quick) <= 4 and all(c.shanten == low or c.tile.index == keep for c in quick)
        assert next(c for c in quick if c.tile.index == keep) == next(c for c in full if c.tile.index == keep)
        short = list(hand)
        short[keep] -= 1
        now, eff = short_hand(short, wild_kinds=wild, melds=0, shapes=shapes, visible=visible)
        assert list(eff) == effective_tiles(short, wild_kinds=wild, shapes=shapes, visible=visible)
        assert now == next(c for c in full if c.tile.index == keep).shanten
        checked += 1
    assert checked == 150
