"""What players see on the table, asked of the rulesets (`paipu.replay.ruleset.Ruleset`'s hooks
``end_reason``, ``hand_name``, ``table_scores``, ``table_counters``, ``red_fives_held``,
``secret_shown``, ``value_words`` and ``ready_word``), and ``check``'s count of abortive draws."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from paipu.auditing import audit_text
from paipu.cli import main
from paipu.findings import Finding
from paipu.record import Action, Seat
from paipu.replay.engine import HandEngine
from paipu.replay.result import ValueItem, WinAnalysis
from paipu.replay.ruleset import get_ruleset
from paipu.replay.session import Observer
from paipu.tiles import Tile

ROOT = Path(__file__).resolve().parent.parent

KYUUSHU = """[Ruleset "riichi"]
hand 1
dealer E
deal E 19m 19p 19s 1234567z 2m
deal S 123s 456s 789s 45p 77z
deal W 223344m 388p 11s 55z
deal N 555666m 377p 44z 66z
abort kyuushu
score E 0 S 0 W 0 N 0
"""

RIICHI_WIN = """[Ruleset "riichi"]
hand 1
dealer E
wind 1z
dora 1m
sticks 1
deal E 111m 234m 567m 99p 6p 1z 2z
deal S 123s 406s 789s 45p 77z
deal W 223344m 388p 11s 55z
deal N 555666m 377p 44z 66z
uradora 9p
E discard 1z
S draw 9m
S ready
S discard 9m
W draw 3p
W discard 3p
S hu 3p
"""


class _Watch(Observer):
    """What the hooks answer at each step of the hands."""

    def __init__(self) -> None:
        self.names: list[tuple[str, str]] = []
        self.scores: list[dict[Seat, int] | None] = []
        self.counters: list[dict[str, int]] = []
        self.reds: list[frozenset[int]] = []
        self.shown: list[bool] = []

    def start_hand(self, index: int, engine: HandEngine, playable: bool) -> None:
        rs, st = engine.rs, engine.st
        self.names.append((rs.hand_name(st), rs.hand_name(st, "zh")))
        self._step(engine)

    def after_action(self, index: int, engine: HandEngine, action: Action, findings: list[Finding]) -> None:
        self._step(engine)
        if action.verb == "hu":
            self.shown.append(engine.rs.secret_shown(engine.st, action.seat))  # type: ignore[attr-defined]

    def _step(self, engine: HandEngine) -> None:
        rs, st = engine.rs, engine.st
        self.scores.append(rs.table_scores(st))
        self.counters.append(rs.table_counters(st))
        self.reds.append(rs.red_fives_held(st, "S"))


def test_an_abortive_draw_is_counted_by_its_reason_not_as_exhausted() -> None:
    audit = audit_text(KYUUSHU, "kyuushu.paipu")
    assert audit.ok and audit.replay is not None
    result = audit.replay.hands[0].result
    assert result.result == "exhausted" and result.reason == "kyuushu"
    assert result.to_json()["reason"] == "kyuushu"
    assert audit.outcomes() == (0, 0, {"kyuushu": 1})
    exhausted = audit_text((ROOT / "samples/valid/mcr/exhausted.paipu").read_text(encoding="utf-8"))
    assert exhausted.outcomes() == (0, 1, {}) and "reason" not in exhausted.replay.hands[0].result.to_json()  # type: ignore[union-attr]


def test_check_names_the_abortive_draws_in_its_summary(tmp_path: Path) -> None:
    (tmp_path / "k.paipu").write_text(KYUUSHU, encoding="utf-8")
    out = CliRunner().invoke(main, ["check", str(tmp_path / "k.paipu")]).output
    assert "1 hand (0 won, 0 exhausted, 1 aborted (kyuushu))" in out
    zh = CliRunner().invoke(main, ["check", "--lang", "zh", str(tmp_path / "k.paipu")]).output
    assert "0 局荒庄，1 局途中流局（九种九牌）" in zh
    rs = get_ruleset("riichi")
    assert set(rs.draw_reasons) == {"kyuushu", "suufon", "suucha", "suukan", "sanchahou"}


def test_riichi_names_its_hands_and_keeps_the_scores_and_sticks_on_the_table_live() -> None:
    watch = _Watch()
    audit = audit_text(RIICHI_WIN, "win.paipu", observers=[watch])
    assert audit.replay is not None
    assert watch.names == [("東1局 0本場", "东1局 0本场")]
    # Step 0 the deal; the riichi discard is step 4; the stick is paid once the discard passes
    # (at W's draw, step 5), and the counter of sticks on the table with it.
    assert watch.scores[4] == {"E": 25000, "S": 25000, "W": 25000, "N": 25000}
    assert watch.scores[5] == {"E": 25000, "S": 24000, "W": 25000, "N": 25000}
    assert [c["sticks"] for c in watch.counters] == [1, 1, 1, 1, 1, 2, 2, 2]
    rs = audit.ruleset
    assert rs is not None
    # The red 0s S was dealt is held; the ura dora are shown for S's win in riichi.
    assert all(r == frozenset({Tile.parse("5s").index}) for r in watch.reds)
    assert watch.shown == [True]


def test_mcr_names_a_hand_by_its_prevalent_wind() -> None:
    text = (ROOT / "samples/valid/mcr/discard-win.paipu").read_text(encoding="utf-8")
    watch = _Watch()
    audit_text(text.replace('[Ruleset "mcr"]', '[Ruleset "mcr"]\n[Option prevalent "S"]'), "w.paipu",
               observers=[watch])
    assert watch.names[0] == ("Hand 1, South round", "南风圈 第1局")
    assert get_ruleset("zhuji").hand_name(get_ruleset("zhuji").table()) == ""


def test_a_value_is_said_as_players_say_it() -> None:
    rs = get_ruleset("riichi")
    tile = Tile.parse("1m")

    def win(total: int, fu: int, *yaku: str) -> WinAnalysis:
        items = (*(ValueItem(y, 13, f"riichi.yaku.{y}") for y in yaku), ValueItem("fu", fu, "riichi.fu.fu"))
        return WinAnalysis("E", tile, True, "standard", items, total)

    assert rs.value_words(win(13, 40, "kokushi")) == "yakuman"
    assert rs.value_words(win(26, 40, "daisangen", "tsuisou")) == "2× yakuman"
    assert rs.value_words(win(13, 40, "kokushi"), "zh") == "役满"
    assert rs.value_words(win(5, 40)) == "5 han 40 fu, mangan"
    assert rs.value_words(win(13, 40)) == "13 han 40 fu, kazoe yakuman"
    assert rs.value_words(win(2, 40), "zh") == "2番40符"
    zhuji = get_ruleset("zhuji")
    assert zhuji.value_words(win(4, 0)) == "4 tai" and zhuji.value_words(win(4, 0), "zh") == "4台"
    assert rs.ready_word.label == "riichi (立直)" and zhuji.ready_word.label_zh == "报听"


def test_a_yakuman_is_paid_as_a_yakuman_not_as_13_han_40_fu() -> None:
    text = ('[Ruleset "riichi"]\nhand 1\ndealer E\n'
            "deal E 19m 19p 19s 1234567z 2m\ndeal S 123s 456s 789s 45p 77z\n"
            "deal W 223344m 388p 11s 55z\ndeal N 555666m 377p 44z 66z\nE discard 2m\nS draw 9m\nS discard 4p\n"
            "W draw 1m\nW discard 1m\n")
    audit = audit_text(text + "E hu 1m\n")
    assert audit.replay is not None
    (t,) = audit.replay.hands[0].result.transfers
    assert t.reason == "yakuman" and t.amount == 48000
