"""What the replay's hot paths keep or skip must not change what it answers: options read once
into a ruleset's own fields are read again when its options are replaced, a hook the engine
skips in a built-in ruleset is still called when a plug-in writes one, and the MCR evaluator's
readings are `Counter` values as before (no fan at zero)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from paipu.grammar.parser import parse
from paipu.record import Action, AddKong, AnKong, Chow, Discard, FanLine, Kong, Pong, ScoreLine, Seat, Span
from paipu.replay.engine import HandEngine, RulesetHooks
from paipu.replay.ruleset import get_ruleset
from paipu.replay.session import replay
from paipu.replay.state import HandState
from paipu.rules.mcr import Mcr
from paipu.rules.riichi.ruleset import Riichi
from paipu.rules.shared.fans import WinIn, evaluate
from paipu.sim.simulate import simulate
from paipu.tiles import parse_tiles
from paipu.value import replace

ROOT = Path(__file__).resolve().parent.parent


def _engine(ruleset_name: str, **options: object) -> HandEngine:
    """A simulated hand of ``ruleset_name`` set up and ready for its first action."""
    rs = get_ruleset(ruleset_name, **options)
    _, text = next(iter(simulate(rs, 1, seed=3)))
    return HandEngine.start(rs, parse(text).record.hands[0])


def test_mcr_exhausted_reserve_follows_options_replaced_after_construction() -> None:
    # Rule mcr.exhausted: with flowers, ordinary draws stop while the wall holds as many tiles
    # as there are flowers not yet drawn; without them the wall is drawn to its end.
    engine = _engine("mcr", flowers=True)
    rs = engine.rs
    assert isinstance(rs, Mcr)
    undrawn = 8 - sum(engine.st.seen[34:])
    assert undrawn > 0 and rs.reserve(engine.st) == undrawn
    rs.options = replace(rs.options, flowers=False)
    assert rs.reserve(engine.st) == 0
    rs.options = replace(rs.options, flowers=True)
    assert rs.reserve(engine.st) == undrawn


def test_hebei_exhausted_reserve_follows_options_replaced_after_construction() -> None:
    # Rule hebei.exhausted: six stacks (12 tiles) kept back, or the option's fixed number.
    engine = _engine("hebei")
    rs = engine.rs
    assert rs.reserve(engine.st) == 12 + engine.st.wall.drawn_from_tail % 2
    rs.options = replace(rs.options, reserve_fixed=20)
    assert rs.reserve(engine.st) == 20
    rs.options = replace(rs.options, reserve_fixed=None)
    assert rs.reserve(engine.st) == 12 + engine.st.wall.drawn_from_tail % 2


def test_erren_exhausted_dead_wall_follows_options_replaced_after_construction() -> None:
    # Rule erren.exhausted: ordinary draws keep the dead wall (the option), replacements may take it.
    engine = _engine("erren")
    rs = engine.rs
    kept = max(rs.options.dead_wall, 0)
    assert rs.reserve(engine.st) == kept
    rs.options = replace(rs.options, dead_wall=kept + 6)
    assert rs.reserve(engine.st) == kept + 6
    engine.st.phase = "replacement"
    assert rs.reserve(engine.st) == 0


class _MeldWatching(Mcr):
    """MCR with a `check_meld` of its own (the built-in has none, so the engine skips the hook
    for it): each call is noted."""

    name = "mcr-meld-watching"
    seen: list[tuple[Seat, str, tuple[int, ...], Span, bool]]

    def check_meld(self, hand: HandState, seat: Seat, kind: str, tile_indexes: list[int], span: Span,
                   apply: bool) -> None:
        self.seen.append((seat, kind, tuple(tile_indexes), span, apply))


_MELD_KINDS = {Chow: "chow", Pong: "pong", Kong: "kong", AnKong: "ankong", AddKong: "addkong"}


def _meld_tiles(a: Action) -> list[int]:
    """The tile kinds the engine hands `check_meld` for a meld action."""
    if isinstance(a, Chow):
        return [t.index for t in a.tiles]
    n = {Pong: 3, Kong: 4, AnKong: 4, AddKong: 1}[type(a)]  # type: ignore[index]
    return [a.tile.index] * n  # type: ignore[attr-defined]


def test_a_plugins_check_meld_is_called_for_every_meld_where_the_builtin_has_none() -> None:
    for _, text in simulate("mcr", 8, seed=11):
        record = parse(text).record
        melds = [a for h in record.hands for a in h.actions if type(a) in _MELD_KINDS]
        if any(isinstance(a, Chow) for a in melds) and any(isinstance(a, Pong) for a in melds):
            break
    else:  # pragma: no cover - eight simulated MCR hands always claim something
        raise AssertionError("no chow and pong in the simulated hands")
    rs = _MeldWatching()
    rs.seen = []
    plain = replay(record, ruleset=Mcr())
    watched = replay(record, ruleset=rs)
    assert [(f.code, f.line) for f in watched.findings] == [(f.code, f.line) for f in plain.findings]
    assert rs.seen == [(a.seat, _MELD_KINDS[type(a)], tuple(_meld_tiles(a)), a.span, True)  # type: ignore[attr-defined]
                       for a in melds]


class _ActionWatching(Riichi):
    """Riichi with a `before_action` and a `check_discard` of its own that note each call and
    then do what Riichi's do: its plain hooks (`Riichi.plain_draw`, `plain_discard`) no longer
    answer for them."""

    name = "riichi-action-watching"
    before: list[Action | None]
    discards: list[Action]

    def before_action(self, hand: HandState, action: Action | None, apply: bool) -> None:
        self.before.append(action)
        super().before_action(hand, action, apply)

    def check_discard(self, hand: HandState, seat: Seat, action: Discard, apply: bool) -> None:
        self.discards.append(action)
        super().check_discard(hand, seat, action, apply)


def test_a_plugins_before_action_and_check_discard_are_called_where_the_builtin_answers_plain_moves() -> None:
    assert RulesetHooks(Riichi()).plain and not RulesetHooks(_ActionWatching()).plain
    assert not RulesetHooks(Mcr()).plain
    for _, text in simulate("riichi", 6, seed=5):
        record = parse(text).record
        rs = _ActionWatching()
        rs.before, rs.discards = [], []
        plain = replay(record, ruleset=Riichi())
        watched = replay(record, ruleset=rs)
        assert [(f.code, f.line) for f in watched.findings] == [(f.code, f.line) for f in plain.findings]
        assert watched.scores == plain.scores
        every: list[Action | None] = []
        for h in record.hands:
            every += [a for a in h.actions if type(a) not in (FanLine, ScoreLine)]
            every.append(None)
        assert rs.before == every
        assert rs.discards == [a for a in every if isinstance(a, Discard)]


def test_mcr_readings_are_counters_of_the_fans_they_earn_and_none_at_zero() -> None:
    # 123m 123m 456p 789p and the pair 5s, won on a discard of the 5s: 一般高 (123m twice),
    # 连六 (456p 789p), 平和 (which cancels 无字), 门前清, 单钓将 (the 5s was the only wait).
    counts = [0] * 34
    for t in parse_tiles("123m 123m 456p 789p 55s"):
        counts[t.index] += 1
    win = WinIn(tuple(counts), (), parse_tiles("5s")[0].index, False)
    readings = evaluate(win)
    assert len(readings) == 1
    fans = readings[0].fans
    assert type(fans) is Counter
    assert fans == Counter(yibangao=1, lianliu=1, pinghe=1, menqianqing=1, dandiaojiang=1)
    assert all(n > 0 for n in fans.values())
    assert fans["wuzi"] == 0 and "wuzi" not in fans
    assert readings[0].total == 1 + 1 + 2 + 2 + 1
