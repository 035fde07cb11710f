"""Riichi 立直麻雀 as Tenhou plays it: red fives, riichi, furiten, dora, han and fu, honba and sticks.

The specification is docs/rules/riichi.md.  Hand values come from the ``mahjong`` package
(`paipu.rules.riichi.scoring`); everything around them (riichi and its stick, ippatsu,
furiten, kuikae, red fives held, dora shown, pao, the points paid, draws and aborts, the
dealer and the honba) is played here.  Per-hand state is a `_Table`, the hand's
``HandState.ruleset_data``; what carries from hand to hand (round wind, honba, sticks) is a
`RiichiCarry`, the session's ``SessionState.ruleset_data``, and restarts with hand 1 of a record.
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import is_
from typing import Any, Final, cast

from mypy_extensions import mypyc_attr

from paipu.rules.riichi.options import RiichiOptions as RiichiOptions
from paipu.rules.riichi.options import uma_tenths
from paipu.rules.riichi.scoring import (
    CHANKAN,
    CHIIHOU,
    DORA_ITEMS,
    DOUBLE_RIICHI,
    HAITEI,
    HOUTEI,
    IPPATSU,
    OPEN_TANYAO,
    RIICHI,
    RINSHAN,
    TENHOU,
    TSUMO,
    HandValue,
    basic_points,
    limit_name,
    ron_points,
    situation,
    tsumo_points,
    value_hand,
)
from paipu.rules.riichi.table import TABLE
from paipu.ruleset_api import (
    ALL_TILES,
    COMMON_RULES,
    NO_GAME_END,
    NUM_PLAY_KINDS,
    Fields,
    FinalPoints,
    GameEnd,
    HandResult,
    HandState,
    Payments,
    Ruleset,
    Seat,
    SessionState,
    TableWord,
    Tile,
    Transfer,
    ValueItem,
    WinAnalysis,
    WinContext,
    format_points,
    format_tiles,
    next_kind,
    plain_waits,
    waits,
)
from paipu.ruleset_api import record as r

_SHAPES = ("standard", "seven_pairs", "orphans")
_FIVES: Final = (4, 13, 22)
_TERMINAL_HONOUR: Final = frozenset((0, 8, 9, 17, 18, 26, *range(27, 34)))
_DRAGONS: Final = (31, 32, 33)
_WINDS: Final = (27, 28, 29, 30)
ABORT_REASONS = ("kyuushu", "suufon", "suucha", "suukan", "sanchahou")
_DUE = {
    "suufon": "the first four discards are one wind with no call",
    "suucha": "all four seats are in riichi",
    "suukan": "four kongs by more than one seat, and the discard after the fourth has passed",
}
_LIMITS_EN: Final = {"mangan": "mangan", "haneman": "haneman", "baiman": "baiman", "sanbaiman": "sanbaiman",
                     "yakuman": "kazoe yakuman"}
_LIMITS_ZH: Final = {"mangan": "满贯", "haneman": "跳满", "baiman": "倍满", "sanbaiman": "三倍满",
                     "yakuman": "累计役满"}
YAKUMAN = frozenset({"kokushi", "chuuren_poutou", "suuankou", "daisangen", "shosuushi", "daisuushi", "ryuisou",
                     "suukantsu", "tsuisou", "chinroto", "tenhou", "chiihou"})


class _Passed(Fields):
    """The kinds a seat let pass (bit k for kind k) while it held one hand: its counts (a copy)
    and melds (`_Passing.earlier`)."""

    __slots__ = ("bits", "counts", "melds")
    _fields = ("counts", "melds", "bits")
    counts: list[int]
    melds: int
    bits: int

    def __init__(self, counts: list[int], melds: int, bits: int) -> None:
        self.counts, self.melds, self.bits = counts, melds, bits


class _Passing(Fields):
    """What one seat let pass (rule riichi.furiten), to be tested against its waits only when it
    wins on a discard (`_let_pass`).  The tiles let pass are the hand's `_Table.pile`; the seat's
    marks say which of them it let pass with the hand it holds now (less the tile `drawn`)."""

    __slots__ = ("drawn", "earlier", "earlier_riichi", "mark", "no", "riichi_mark")
    _fields = ("no", "mark", "riichi_mark", "drawn", "earlier", "earlier_riichi")
    no: int
    """The seat's number in `_Table.pile` (its place in the ruleset's seats)."""
    mark: int
    """The tiles of the pile from here on were let pass since the seat's last discard, with the
    hand it holds now."""
    riichi_mark: int
    """Of those, for a seat in riichi: the tiles from here on were let pass in riichi with the hand
    it holds now (a tile drawn and discarded leaves the hand as it was, and the mark where it was)."""
    drawn: int
    """The kind the seat drew since its marks (-1: none): the hand the tiles were let pass with is
    the one it holds less that tile (a draw does not copy the hand: the discard after it mostly
    drops the tiles, or leaves the hand as it was)."""
    earlier: list[_Passed]
    """The tiles let pass since the seat's last discard with a hand it held before the one it holds."""
    earlier_riichi: list[_Passed]
    """The tiles let pass in riichi with a hand it held before the one it holds."""

    def __init__(self, no: int, mark: int = 0, riichi_mark: int = 0, drawn: int = -1,
                 earlier: list[_Passed] | None = None, earlier_riichi: list[_Passed] | None = None) -> None:
        self.no, self.mark, self.riichi_mark, self.drawn = no, mark, riichi_mark, drawn
        self.earlier = [] if earlier is None else earlier
        self.earlier_riichi = [] if earlier_riichi is None else earlier_riichi


class _Table(Fields):
    """One hand's riichi state (made empty, changed as the hand is played)."""

    __slots__ = ("abort", "dora", "due", "first_discards", "honba", "interrupted", "ippatsu",
                 "ippatsu_before_addkong", "kan_dora", "kongs", "kuikae", "pao", "passed_serial", "passing",
                 "pending", "pile", "reds", "riichi", "scores", "start_scores", "sticks", "ura")
    _fields = ("dora", "ura", "honba", "sticks", "reds", "riichi", "pending", "ippatsu", "ippatsu_before_addkong",
               "pile", "passing", "kuikae", "interrupted", "passed_serial", "kongs", "kan_dora", "pao",
               "first_discards", "scores", "start_scores", "abort", "due")
    dora: list[Tile]
    ura: list[Tile]
    honba: int
    sticks: int
    reds: dict[Seat, set[int]]
    riichi: dict[Seat, bool]
    """Seats whose riichi stick is paid, and whether it is a double riichi."""
    pending: tuple[Seat, bool] | None
    """A riichi discard not yet passed (seat, double)."""
    ippatsu: set[Seat]
    ippatsu_before_addkong: set[Seat]
    pile: list[int]
    """Each tile let pass, in turn: its kind times 4 plus the number (`_Passing.no`) of the seat it
    came from, the seats after which let it pass (`Riichi._passes`)."""
    passing: dict[Seat, _Passing]
    """What each seat let pass (`_passing`)."""
    kuikae: dict[Seat, set[int]]
    interrupted: bool
    """A call (any kong included) has been made: no double riichi, tenhou, chiihou, kyuushu, suufon."""
    passed_serial: int
    kongs: list[Seat]
    kan_dora: int
    """`dora` events so far: one per kong at most."""
    pao: dict[Seat, dict[str, Seat]]
    """Winner-to-be -> yakuman (daisangen, daisuushi; suukantsu with the option) -> the seat liable."""
    first_discards: list[tuple[Seat, int]]
    scores: dict[Seat, int]
    """Each seat's score now (riichi sticks paid deducted)."""
    start_scores: dict[Seat, int]
    abort: str
    due: str
    """An abortive draw Tenhou makes once the last discard passes (suufon, suucha, suukan)."""

    def __init__(self, dora: list[Tile] | None = None, ura: list[Tile] | None = None, honba: int = 0,
                 sticks: int = 0, reds: dict[Seat, set[int]] | None = None, riichi: dict[Seat, bool] | None = None,
                 pending: tuple[Seat, bool] | None = None, ippatsu: set[Seat] | None = None,
                 ippatsu_before_addkong: set[Seat] | None = None, pile: list[int] | None = None,
                 passing: dict[Seat, _Passing] | None = None, kuikae: dict[Seat, set[int]] | None = None,
                 interrupted: bool = False, passed_serial: int = 0, kongs: list[Seat] | None = None,
                 kan_dora: int = 0, pao: dict[Seat, dict[str, Seat]] | None = None,
                 first_discards: list[tuple[Seat, int]] | None = None, scores: dict[Seat, int] | None = None,
                 start_scores: dict[Seat, int] | None = None, abort: str = "", due: str = "") -> None:
        # A container not given starts empty (pickle's way back gives each).
        self.dora = [] if dora is None else dora
        self.ura = [] if ura is None else ura
        self.honba = honba
        self.sticks = sticks
        self.reds = {} if reds is None else reds
        self.riichi = {} if riichi is None else riichi
        self.pending = pending
        self.ippatsu = set() if ippatsu is None else ippatsu
        self.ippatsu_before_addkong = set() if ippatsu_before_addkong is None else ippatsu_before_addkong
        self.pile = [] if pile is None else pile
        self.passing = {} if passing is None else passing
        self.kuikae = {} if kuikae is None else kuikae
        self.interrupted = interrupted
        self.passed_serial = passed_serial
        self.kongs = [] if kongs is None else kongs
        self.kan_dora = kan_dora
        self.pao = {} if pao is None else pao
        self.first_discards = [] if first_discards is None else first_discards
        self.scores = {} if scores is None else scores
        self.start_scores = {} if start_scores is None else start_scores
        self.abort = abort
        self.due = due


class RiichiCarry(Fields):
    """What carries from one hand of a session to the next."""

    __slots__ = ("dealer_keeps", "honba", "over", "rotations", "round", "settled", "sticks")
    _fields = ("honba", "sticks", "round", "rotations", "over", "dealer_keeps", "settled")
    honba: int
    sticks: int
    """The riichi sticks left on the table for the next hand."""
    round: int
    """The round wind (0 east, 1 south …) of the hand being played; once it is settled, of the next."""
    rotations: int
    """How many times the deal has passed on (four to a round), counted from East 1."""
    over: bool
    """The last hand settled ended the game (riichi.end)."""
    dealer_keeps: bool
    """Whether the dealer keeps the deal after hand number `settled`."""
    settled: int
    """The number of the last hand settled (0: none yet)."""

    def __init__(self, honba: int = 0, sticks: int = 0, round: int = 0, rotations: int = 0, over: bool = False,
                 dealer_keeps: bool = False, settled: int = 0) -> None:
        self.honba, self.sticks, self.round, self.rotations = honba, sticks, round, rotations
        self.over, self.dealer_keeps, self.settled = over, dealer_keeps, settled

    def restart(self) -> None:
        """A new game begins (hand 1): nothing is carried into it."""
        self.honba = self.sticks = self.round = self.rotations = 0
        self.over = False


_NO_WAITS: Final[tuple[tuple[int, ...], int]] = ((), 0)
_DRAW: Final = r.Draw
_DISCARD: Final = r.Discard
"""The two moves most of a hand is made of, compared with an action's type at every move."""
_PASS: Final = r.Pass
_HU: Final = r.Hu
"""The two answers to a discard (or an added kong) still open, which change nothing in `Riichi.before_action`."""


def _wait_kinds(counts: list[int], melds: int) -> tuple[tuple[int, ...], int]:
    """The kinds a hand of ``counts`` and ``melds`` melds waits on, and their bits (bit k for kind k),
    worked out group by group (`paipu.hand.shanten.plain_waits`, whose group answers are kept by
    the group's counts) and kept by the counts for the rest of the hand (`_WAITS_KEPT`: a hand in
    riichi is asked again at its win or the draw, the dealer's at the draw twice); `waits`, which
    says what is wrong, for counts outside 0-4.  (For furiten they are asked only when a seat wins
    on a discard: `_let_pass`.)"""
    kinds = counts[:NUM_PLAY_KINDS]
    if sum(kinds) + 3 * melds != 13:
        return _NO_WAITS
    try:
        c = bytes(kinds)
    except ValueError:  # a count below 0 (a broken record): `waits` says what is wrong
        return _with_bits(waits(kinds, 0, melds=melds, shapes=_SHAPES))
    kept = _WAITS_KEPT
    got = kept.get(c)  # (the counts tell the melds: 13 tiles in all)
    if got is not None:
        return got
    if c.translate(None, _UP_TO_FOUR):  # (a count above 4 is left when 0-4 are deleted: cheaper than max)
        return _with_bits(waits(c, 0, melds=melds, shapes=_SHAPES))
    got = _with_bits(plain_waits(c, 4 - melds, _SHAPES))
    if len(kept) >= _WAITS_KEPT_MAX:
        kept.clear()
    kept[c] = got
    return got


_WAITS_KEPT: dict[bytes, tuple[tuple[int, ...], int]] = {}
"""`_wait_kinds` of the counts of a plain hand (each 0-4), by those counts: emptied as each hand
is set up (`Riichi.setup_hand`), so that it holds the hands of one hand's seats (answers that
never change: emptying it changes only the work)."""
_WAITS_KEPT_MAX: Final = 4096
_UP_TO_FOUR: Final = bytes(range(5))
"""The counts a plain hand's kinds hold (0-4), as bytes."""


def _with_bits(kinds: list[int]) -> tuple[tuple[int, ...], int]:
    if not kinds:
        return _NO_WAITS
    bits = 0
    for k in kinds:
        bits |= 1 << k
    return tuple(kinds), bits


def let_pass(t: _Table, seat: Seat, no: int, counts: list[int], melds: int,
             waiting: int | None = None) -> tuple[bool, bool]:
    """Whether ``seat`` (number ``no``), holding ``counts`` and ``melds`` melds (its hand less a
    tile won on; ``waiting``, its waits as bits when the caller has them), let a tile of its waits
    pass after its riichi, and since its last discard: each tile tested against the waits of the
    hand it held when it let it pass (`_Passing`; before its first move, every tile let pass since
    the deal).  Nothing changes: a question of the engine's `check` asks it too."""
    p = t.passing.get(seat)
    if p is None:
        p = _Passing(no, 0)
    if p.drawn >= 0:  # a tile drawn and no discard since (a broken record): the hand before it
        counts = counts[:NUM_PLAY_KINDS]
        counts[p.drawn] -= 1
        waiting = None
    pile = t.pile
    if p.mark == len(pile) and p.riichi_mark == len(pile):
        waiting = 0  # nothing let pass with the hand it holds
    elif waiting is None:
        waiting = _wait_kinds(counts, melds)[1]
    in_riichi = seat in t.riichi and (
        bool(_bits_since(pile, p.riichi_mark, p.no) & waiting) or _let_pass_before(p.earlier_riichi))
    since_discard = bool(_bits_since(pile, p.mark, p.no) & waiting) or _let_pass_before(p.earlier)
    return in_riichi, since_discard


def _let_pass_before(earlier: list[_Passed]) -> bool:
    """Whether a hand of ``earlier`` let a tile of its own waits pass (a loop, not a generator)."""
    for e in earlier:
        if e.bits & _wait_kinds(e.counts, e.melds)[1]:
            return True
    return False


def _bits_since(pile: list[int], start: int, no: int) -> int:
    """The kinds (bit k for kind k) of the tiles of ``pile`` from ``start`` on that came from a
    seat other than number ``no``."""
    bits = 0
    for i in range(start, len(pile)):
        entry = pile[i]
        if entry & 3 != no:
            bits |= 1 << (entry >> 2)
    return bits


def riichi_table(hand: HandState) -> _Table:
    """The riichi state of a hand (for the bots and reports)."""
    return _t(hand)


def _t(hand: HandState) -> _Table:
    t = hand.ruleset_data
    if not isinstance(t, _Table):
        t = hand.ruleset_data = _Table()
    return t


def _carry(hand: HandState) -> RiichiCarry:
    c = hand.session_data
    if not isinstance(c, RiichiCarry):
        c = hand.session_data = RiichiCarry()  # a table outside a session (`Ruleset.table`)
    return c


def _session_carry(session: SessionState) -> RiichiCarry:
    c = session.ruleset_data
    if not isinstance(c, RiichiCarry):
        c = session.ruleset_data = RiichiCarry()  # a session made without `new_session_data`
    return c


_KEPT: dict[type, tuple[object, dict[str, str], dict[tuple[str, int], ValueItem]]] = {}
"""By ruleset class: the rule table, and what `Riichi.rule` and `Riichi._item` have answered
from it (both depend on the class and its table only), shared by every ruleset of the class."""


@mypyc_attr(allow_interpreted_subclasses=True)  # a plug-in may subclass it
class Riichi(Ruleset[RiichiOptions]):
    name = "riichi"
    aliases = ("tenhou", "立直麻雀", "日麻", "リーチ麻雀")
    title = "立直麻雀 Riichi (Tenhou)"
    unit = "han"
    unit_zh = "番"
    shapes = _SHAPES
    profile_note = "the waits shown ignore yaku: a hand with no yaku cannot win"
    strategy = "paipu.rules.riichi.bots:RiichiStrategy"
    table_pot = True
    optional_items = frozenset({"fu"})
    multi_win = True
    last_discard_claims = frozenset({"hu"})
    rules = {**COMMON_RULES, **{row.id: row for row in TABLE}}  # noqa: RUF012
    Options = RiichiOptions
    setup_words = {  # noqa: RUF012
        "dora": TableWord("dora", "dora indicator", "ドラ表示牌"),
        "uradora": TableWord("uradora", "ura dora indicators", "裏ドラ表示牌", secret=True),
        "wind": TableWord("wind", "round wind", "場風"),
        "honba": TableWord("honba", "honba", "本場"),
        "sticks": TableWord("sticks", "riichi sticks", "供託"),
    }
    events = {  # noqa: RUF012
        "dora": TableWord("dora", "dora", "ドラ"),
        "abort": TableWord("abort", "abortive draw", "途中流局"),
    }
    ready_word = TableWord("ready", "riichi (立直)", "立直")
    draw_reasons = {  # noqa: RUF012
        "kyuushu": TableWord("kyuushu", "nine terminals (九種九牌)", "九种九牌"),
        "suufon": TableWord("suufon", "four winds (四風連打)", "四风连打"),
        "suucha": TableWord("suucha", "four riichi (四家立直)", "四家立直"),
        "suukan": TableWord("suukan", "four kongs (四槓散了)", "四杠散了"),
        "sanchahou": TableWord("sanchahou", "three wins on one discard (三家和)", "三家和"),
    }

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        self.red_fives = self.options.red_fives
        self._seat_no: dict[Seat, int] = {s: k for k, s in enumerate(self.seats)}
        """Each seat's place in `seats` (`_Table.pile`)."""
        kept = _KEPT.get(type(self))
        if kept is None or kept[0] is not self.rules:
            kept = _KEPT[type(self)] = (self.rules, {}, {})
        self._rule_ids = kept[1]
        """`Ruleset.rule`'s answers, shared by the rulesets of this class and rule table (a
        replay makes a ruleset for each record: its answers are the same for each)."""
        self._items: dict[tuple[str, int], ValueItem] = kept[2]
        """Each yaku or dora item met, with its han (`_item`), made once for this class and rule
        table (the items cite its rules, and nothing else)."""
        self._no_pay: Payments = dict.fromkeys(self.seats, 0)
        """Each seat paying 0: the payments `settle` starts each hand's from (a copy)."""

    def new_session_data(self) -> RiichiCarry:
        return RiichiCarry()

    # ---------------------------------------------------------------- setup
    def reserve(self, hand: HandState) -> int:
        return 14

    def setup_hand(self, hand: HandState) -> None:
        _WAITS_KEPT.clear()
        t = _t(hand)
        c = _carry(hand)
        rec = hand.record
        if rec.number == 1:
            c.restart()
        elif c.over:
            hand.error("game-over", f"hand {rec.number} is played after the game has ended (a seat below 0, the "
                       "last hand played, or the last dealer on top keeping the deal)", rec.span, self.rule("end"))
        lines = rec.setup_lines()
        dora, ura = lines.get("dora"), lines.get("uradora")
        if dora is not None:
            if len(dora.tiles) != 1:
                hand.error("dora-count", f"the hand starts with one dora indicator, not {len(dora.tiles)}",
                           dora.span, self.rule("dora"))
            t.dora = list(dora.tiles[:1])
            if dora.tiles:
                hand.marked_tile = next_kind(dora.tiles[0].plain)  # the first dora, shown by reports
            self._check_indicator(hand, dora.tiles[:1], 0, False, dora)
        if ura is not None:
            t.ura = list(ura.tiles)
            self._check_indicator(hand, ura.tiles, 0, True, ura)
        wind = lines.get("wind")
        if wind is not None:
            kind = wind.tiles[0].index if len(wind.tiles) == 1 else -1
            if kind not in _WINDS:
                hand.error("illegal-setup", "`wind` names the round wind: one of 1z 2z 3z 4z", wind.span,
                           self.rule("dealer"))
            elif rec.number == 1:
                c.round = kind - 27
                c.rotations = 4 * (kind - 27) + self.seats.index(hand.dealer)
            elif kind - 27 != c.round:
                hand.error("wind-mismatch", f"the record says the round wind is {wind.tiles[0]}; by the hands "
                           f"before it is {ALL_TILES[27 + c.round]}", wind.span,
                           self.rule("dealer"))
        honba, sticks = lines.get("honba"), lines.get("sticks")
        t.honba = c.honba if honba is None else self._counter(hand, honba, c.honba)
        t.sticks = c.sticks if sticks is None else self._counter(hand, sticks, c.sticks)
        reds = t.reds
        for seat in self.seats:
            reds[seat] = set()
        for d in rec.deals:
            for tile in d.tiles:
                if tile.red and d.seat in reds:
                    reds[d.seat].add(tile.index)
        scores = hand.session_scores
        start = self.options.start_score
        # Without [Score] tags the record counts from 0: the seats start from `start_score`.
        base = 0 if hand.start_scores_given else start
        start_scores: dict[Seat, int] = {}
        for s in self.seats:  # (a loop: a comprehension is a call of its own)
            start_scores[s] = scores.get(s, 0) + base
        t.scores = start_scores
        t.start_scores = dict(start_scores)

    def _counter(self, hand: HandState, counter: r.SetupTiles, carried: int) -> int:
        """The hand's ``honba`` or ``sticks`` of its setup line ``counter``, checked against what the
        hands before it carried."""
        rec = hand.record
        word = counter.name
        value = counter.value if counter.value is not None else 0
        if rec.number > 1 and value != carried:
            code = "honba-mismatch" if word == "honba" else "sticks-mismatch"
            hand.error(code, f"the record says {word} {value}; by the hands before it is {carried}",
                       counter.span, self.rule(word))
        return value

    def on_event(self, hand: HandState, event: r.TableEvent, apply: bool) -> bool:
        t = _t(hand)
        if event.name == "dora":
            if len(event.tiles) != 1:
                hand.error("dora-count", f"a kong shows one dora indicator, not {len(event.tiles)}",
                           event.span, self.rule("dora"))
            elif t.kan_dora >= len(t.kongs):
                hand.error("dora-count", f"a dora indicator is shown, but {len(t.kongs)} kong"
                           f"{'s' if len(t.kongs) != 1 else ''} made only {len(t.kongs)} more than the first",
                           event.span, self.rule("dora"))
            else:
                self._check_indicator(hand, event.tiles, t.kan_dora + 1, False, event)
            if apply:
                t.dora.extend(event.tiles[:1])
                t.kan_dora += 1
            return True
        if event.name == "abort":
            self._check_abort(hand, event)
            if apply:
                t.abort = event.word or "abort"
                hand.drawn_by = "abort"
                hand.ended = True
                hand.phase = "ended"
            return True
        return False

    def _check_indicator(self, hand: HandState, tiles: tuple[Tile, ...], first: int, ura: bool,
                         line: r.SetupTiles | r.TableEvent) -> None:
        """With a `wall` line, the indicators are the wall's: its last 14 tiles are the dead wall, and
        the k-th dora indicator is its 9th tile from the start less 2k (the ura indicator the tile after).
        ``line`` shows them (its place, unpacked for a finding only)."""
        wall = hand.record.wall
        if wall is None or len(wall.tiles) < 14:
            return
        dead = wall.tiles[-14:]
        if all(map(is_, tiles[:5 - first], dead[8 - 2 * first + (1 if ura else 0)::-2])):
            # Each the wall's own tile (the same interned tile: of the same kind and red or not), in
            # one call; not `==`, which holds a red five equal to its plain five.
            return
        for k, tile in enumerate(tiles, start=first):
            if k > 4:
                break
            want = dead[8 - 2 * k + (1 if ura else 0)]
            if want.index != tile.index or want.red != tile.red:
                what = "ura dora indicator" if ura else "dora indicator"
                hand.error("dora-mismatch", f"the {what} {k + 1} is {tile}, but the wall's is {want}", line.span,
                           self.rule("dora"))

    def _check_abort(self, hand: HandState, event: r.TableEvent) -> None:
        t = _t(hand)
        why = event.word
        rule = self.rule("abort")
        if why not in ABORT_REASONS:
            hand.error("illegal-abort", f"`abort {why}`: the abortive draws are {', '.join(ABORT_REASONS)}",
                       event.span, rule)
            return
        if why == "kyuushu":
            seat = hand.turn
            ss = hand.seats[seat]
            kinds = sum(1 for k in _TERMINAL_HONOUR if ss.counts[k])
            first = not t.interrupted and not any(s == seat for s, _ in t.first_discards) and not ss.discards
            if hand.phase != "discard" or not first or kinds < 9:
                hand.error("illegal-abort", f"{seat} cannot abort for nine terminals and honours: it needs its "
                           f"first turn with no call before and nine kinds (it has {kinds})", event.span, rule)
        elif why == "suufon":
            winds = {k for _, k in t.first_discards}
            if t.interrupted or len(t.first_discards) != 4 or len(winds) != 1 or next(iter(winds)) not in _WINDS:
                hand.error("illegal-abort", "four winds abort: the first four discards must be one wind, "
                           "with no call", event.span, rule)
        elif why == "suucha":
            if len(t.riichi) != 4 or t.due != "suucha":
                hand.error("illegal-abort", f"four riichi abort with {len(t.riichi)} riichi: it comes right after "
                           "the fourth riichi discard passes", event.span, rule)
        elif why == "suukan":
            if len(t.kongs) != 4 or len(set(t.kongs)) < 2 or t.due != "suukan":
                hand.error("illegal-abort", f"four kongs abort with {len(t.kongs)} kong"
                           f"{'s' if len(t.kongs) != 1 else ''} by {len(set(t.kongs))} seat"
                           f"{'s' if len(set(t.kongs)) != 1 else ''}: it needs four kongs by more than one seat, "
                           "and comes when the discard after the fourth passes", event.span, rule)
        elif why == "sanchahou":
            winners = self.could_win_on_last(hand)
            if len(winners) != 3:
                hand.error("illegal-abort", f"three-ron abort, but {len(winners)} seat"
                           f"{'s' if len(winners) != 1 else ''} could win on the last discard"
                           f"{' (' + ' '.join(winners) + ')' if winners else ''}: it needs three",
                           event.span, rule)

    def could_win_on_last(self, hand: HandState) -> list[Seat]:
        """The seats that may legally win (ready, a yaku, not furiten) on the discard waiting for
        claims, or on the tile of an added kong about to be robbed."""
        ld = hand.last_discard
        if hand.phase == "rob" and hand.pending_addkong is not None:
            source, tile, _ = hand.pending_addkong
            robbed = True
        elif hand.phase == "claim" and ld is not None:
            source, tile, robbed = ld.seat, ld.tile, False
        else:
            return []
        out: list[Seat] = []
        last = hand.wall.size <= self.reserve(hand)
        for seat in self.seats_after(source):
            ss = hand.seats[seat]
            if tile.index not in self._waits(ss.counts, len(ss.melds)):
                continue
            ss.counts[tile.index] += 1
            try:
                win = self.analyse_win(hand, WinContext(seat, tile, self_drawn=False, from_seat=source,
                                                        robbed=robbed, last_tile=last and not robbed))
            finally:
                ss.counts[tile.index] -= 1
            if win.is_win:
                out.append(seat)
        return out

    def marked_tiles(self, hand: HandState) -> tuple[Tile, ...]:
        """The dora kinds shown so far (the kind after each indicator), marked in reports."""
        return tuple(dict.fromkeys(next_kind(t.plain) for t in _t(hand).dora))

    # ---------------------------------------------------------------- what players see
    def end_reason(self, hand: HandState) -> str:
        """The abortive draw that ended the hand (``kyuushu`` …), "" for an exhausted wall."""
        return _t(hand).abort if hand.drawn_by == "abort" else ""

    def hand_name(self, hand: HandState, lang: str = "en") -> str:
        """東1局 0本場: the round wind, the dealer's place from E (the first dealer), the honba."""
        winds = "东南西北" if lang == "zh" else "東南西北"
        number = self.seats.index(hand.dealer) + 1
        honba = "本场" if lang == "zh" else "本場"
        return f"{winds[_carry(hand).round % 4]}{number}局 {_t(hand).honba}{honba}"

    def table_scores(self, hand: HandState) -> dict[Seat, int] | None:
        """From the start score (or the record's [Score] tags), less each riichi stick once its
        declaration stands."""
        return dict(_t(hand).scores)

    def table_counters(self, hand: HandState, settled: bool = False) -> dict[str, int]:
        """The honba, and the riichi sticks on the table: those carried in and those paid this
        hand; once settled, those left for the next hand (none after a win)."""
        t = _t(hand)
        sticks = _carry(hand).sticks if settled else t.sticks + len(t.riichi)
        return {"honba": t.honba, "sticks": sticks}

    def red_fives_held(self, hand: HandState, seat: Seat) -> frozenset[int]:
        return frozenset(_t(hand).reds.get(seat, ()))

    def secret_shown(self, hand: HandState, winner: Seat) -> bool:
        """The ura dora are turned over for a win by a seat in riichi."""
        return winner in _t(hand).riichi

    def value_words(self, win: WinAnalysis, lang: str = "en") -> str:
        """``yakuman`` (``2× yakuman``), or the han and fu and the limit reached (``5 han 40 fu, mangan``)."""
        fu, yakuman = _fu_and_yakuman(win.items)
        return _value_words(win.total, fu, yakuman, lang)

    # ---------------------------------------------------------------- every action
    def before_action(self, hand: HandState, action: r.Action | None, apply: bool) -> None:
        t = hand.ruleset_data
        if type(t) is not _Table:  # (`_t` takes a subclass's table as it is)
            t = _t(hand)
        kind = type(action)
        if apply and t.pending is None and not t.due:
            # Most actions: a draw or a discard with no riichi stick owed and no abort due: what
            # the rest of this hook does for them, without the last discard's `LastDiscard`.
            if kind is _DRAW:
                if hand.phase != "rob":
                    self.plain_draw(hand, action)  # type: ignore[arg-type]
                    return
            elif kind is _DISCARD and hand.phase != "claim":
                discard: r.Discard = action  # type: ignore[assignment]
                self._discarding(hand, t, discard.seat, discard.tile.index)
                self._discarded(t, discard)
                return
        # A win or a pass answers the discard (or the added kong) still open; anything else lets it go.
        if kind is _PASS:
            return  # nothing of the rest is asked of a pass
        if kind is _HU:
            if hand.ended:
                self._third_winner(hand, cast(r.Hu, action))
            return  # nor of a win, but for a third winner on one tile
        ld = hand.last_discard
        aborting = kind is r.TableEvent and cast(r.TableEvent, action).name == "abort"
        if apply:
            phase = hand.phase
            if phase == "claim" and ld is not None and ld.serial != t.passed_serial and not aborting:
                self._passes(hand, t, ld.seat, ld.tile)
                t.passed_serial = ld.serial
            elif phase == "rob" and hand.pending_addkong is not None and kind is _DRAW:
                konger, tile, _ = hand.pending_addkong
                self._passes(hand, t, konger, tile)
            if kind is _DRAW:
                draw = cast(r.Draw, action)
                self._drawing(hand, t, draw.seat, draw.tile.index)
            elif kind is _DISCARD:
                discard = cast(r.Discard, action)
                self._discarding(hand, t, discard.seat, discard.tile.index)
            elif isinstance(action, r.SeatAction) and kind is not r.Ready:
                self._changing(hand, t, action.seat)
            if t.pending is not None:
                seat, double = t.pending
                t.pending = None
                if not (action is None and ld is not None and ld.winners):
                    # The riichi discard passed: the stick is paid (not when the discard was won on).
                    t.riichi[seat] = double
                    t.ippatsu.add(seat)
                    t.scores[seat] = t.scores.get(seat, 0) - 1000
                    if len(t.riichi) == 4:
                        t.due = "suucha"
        if t.due and action is not None and not aborting:
            hand.error("missed-abort", f"{_DUE[t.due]}: the hand ends as an abortive draw (`abort {t.due}`), "
                       f"yet `{action.verb}` follows", action.span, self.rule("abort"))
            if apply:
                t.due = ""
        if action is None or not apply:
            return
        if isinstance(action, r.Draw):
            if action.tile.red:
                t.reds[action.seat].add(action.tile.index)
            if hand.phase in ("rob",):
                t.ippatsu_before_addkong = set()
        elif isinstance(action, r.Discard):
            self._discarded(t, action)
        elif isinstance(action, (r.Chow, r.Pong, r.Kong)):
            t.interrupted = True
            t.ippatsu.clear()
            if ld is not None:
                if ld.tile.red:
                    t.reds[action.seat].add(ld.tile.index)
                self._note_pao(hand, action.seat, ld.seat, ld.tile, isinstance(action, r.Kong))
            if isinstance(action, r.Chow) and ld is not None:
                x, y, z = action.tiles
                lo = min(x.index, y.index, z.index)
                forbidden = {ld.tile.index}
                if ld.tile.index == lo and ld.tile.rank <= 6:
                    forbidden.add(lo + 3)
                elif ld.tile.index == lo + 2 and ld.tile.rank >= 4:
                    forbidden.add(lo - 1)
                t.kuikae[action.seat] = forbidden
            elif isinstance(action, r.Pong) and ld is not None:
                t.kuikae[action.seat] = {ld.tile.index}
            if isinstance(action, r.Kong):
                t.kongs.append(action.seat)
        elif isinstance(action, r.AnKong):
            t.interrupted = True
            t.ippatsu.clear()
            t.kongs.append(action.seat)
        elif isinstance(action, r.AddKong):
            t.interrupted = True
            t.ippatsu_before_addkong = set(t.ippatsu)
            t.ippatsu.clear()
            t.kongs.append(action.seat)

    def _third_winner(self, hand: HandState, action: r.Hu) -> None:
        """A win declared once the hand has ended: a third seat winning on one tile is wrong (riichi.winners)."""
        ld = hand.last_discard
        robbers: list[Seat] = hand.robbers if hand.robbed else []
        before = robbers or (ld.winners if ld is not None else [])
        if len(before) >= 2 and action.seat not in before:
            hand.error("sanchahou", f"{action.seat} is a third seat winning on one tile (after "
                       f"{' and '.join(before)}): at Tenhou the hand is an abortive draw instead "
                       "(`abort sanchahou`)", action.span, self.rule("winners"))

    def _discarded(self, t: _Table, action: r.Discard) -> None:
        """What a discard played does to the riichi state (after `before_action`'s common part;
        its plain path writes this out)."""
        seat = action.seat
        if seat in t.ippatsu and seat in t.riichi:
            t.ippatsu.discard(seat)
        if len(t.first_discards) < 4 and not t.interrupted:
            self._first_discard(t, seat, action.tile.index)
        if len(t.kongs) == 4 and len(set(t.kongs)) > 1:
            t.due = "suukan"

    def plain_draw(self, hand: HandState, action: r.Draw) -> None:
        """`before_action` of a draw (the audit's loop asks it of a plain one): with no riichi stick
        owed and no abort due, what that hook does, written out without a call of `_passes`,
        `_drawing` and `_passing`, and without the last discard's `LastDiscard`."""
        t = hand.ruleset_data
        if type(t) is not _Table:  # (`_t` takes a subclass's table as it is)
            t = _t(hand)
        phase = hand.phase
        if t.pending is not None or t.due or phase == "rob":
            self.before_action(hand, action, True)
            return
        if phase == "claim":
            a = hand.open_action
            if a is not None:
                serial = hand.discard_serial
                if serial != t.passed_serial:
                    t.pile.append(a.tile.index << 2 | self._seat_no[a.seat])  # `_passes`
                    t.passed_serial = serial
            else:
                last = hand.last_discard
                if last is not None and last.serial != t.passed_serial:
                    self._passes(hand, t, last.seat, last.tile)
                    t.passed_serial = last.serial
        seat = action.seat
        tile = action.tile
        p = t.passing.get(seat)  # `_drawing`
        if p is None:
            p = t.passing[seat] = _Passing(self._seat_no[seat], 0)
        if p.drawn >= 0:
            self._changing(hand, t, seat)
        p.drawn = tile.index
        if tile.red:
            t.reds[seat].add(tile.index)

    def plain_discard(self, hand: HandState, action: r.Discard) -> None:
        """`before_action` then `check_discard` of a discard (the audit's loop asks it of a plain
        one): with no riichi stick owed, no abort due and no discard open to claims, what those
        hooks do, written out without a call of `_discarding`, `_passing` and `_discarded`."""
        t = hand.ruleset_data
        if type(t) is not _Table:  # (`_t` takes a subclass's table as it is)
            t = _t(hand)
        seat = action.seat
        if t.pending is not None or t.due or hand.phase == "claim":
            self.before_action(hand, action, True)
            self.check_discard(hand, seat, action, True)
            return
        tile = action.tile
        i = tile.index
        p = t.passing.get(seat)  # `_discarding`
        if p is None:
            p = t.passing[seat] = _Passing(self._seat_no[seat], 0)
        pile = len(t.pile)
        riichi = t.riichi
        if seat not in riichi:
            p.riichi_mark = pile
        elif p.drawn != i and p.riichi_mark < pile:
            self._set_aside(t, p, self._before_draw(hand, seat, p), False, True)
        p.mark = pile
        p.drawn = -1
        if p.earlier:
            p.earlier.clear()
        ippatsu = t.ippatsu  # `_discarded`
        if ippatsu and seat in ippatsu and seat in riichi:
            ippatsu.discard(seat)
        if not t.interrupted and len(t.first_discards) < 4:
            self._first_discard(t, seat, i)
        kongs = t.kongs
        if kongs and len(kongs) == 4 and len(set(kongs)) > 1:
            t.due = "suukan"
        # `check_discard`, which finds nothing and changes nothing but after a call (kuikae), for
        # a red five, or in riichi other than of the tile drawn.
        if t.kuikae or tile.red:
            self.check_discard(hand, seat, action, True)
        elif seat in riichi:
            drawn = hand.seats[seat].last_drawn
            if drawn is None or drawn.index != i:
                self.check_discard(hand, seat, action, True)

    @staticmethod
    def _first_discard(t: _Table, seat: Seat, kind: int) -> None:
        """One of the first four discards, with no call before it: four of one wind are an abort due (suufon)."""
        t.first_discards.append((seat, kind))
        if len(t.first_discards) == 4 and kind in _WINDS and len({k for _, k in t.first_discards}) == 1:
            t.due = "suufon"

    def _note_pao(self, hand: HandState, seat: Seat, source: Seat, tile: Tile, kong: bool) -> None:
        """A pong or kong completing the third dragon set or the fourth wind set, or an exposed
        kong that is the seat's fourth kong, makes its source liable (riichi.pao)."""
        melds = hand.seats[seat].melds
        if kong and self.options.suukantsu_pao and sum(1 for m in melds if m.is_kong) == 3:
            _t(hand).pao.setdefault(seat, {})["suukantsu"] = source
        group, yakuman = (_DRAGONS, "daisangen") if tile.index in _DRAGONS else \
            (_WINDS, "daisuushi") if tile.index in _WINDS else ((), "")
        if not group:
            return
        have: set[int] = set()
        for m in melds:  # (loops, not a comprehension and a generator)
            if m.kind != "chow":
                have.add(m.tiles[0].index)
        if tile.index in have:
            return
        have.add(tile.index)
        for k in group:
            if k not in have:
                return
        _t(hand).pao.setdefault(seat, {})[yakuman] = source

    def _passes(self, hand: HandState, t: _Table, source: Seat, tile: Tile) -> None:
        """The seats after ``source`` let ``tile`` pass: it goes on the hand's `_Table.pile`, to be
        tested against a seat's waits if the seat wins on a discard while the tile still counts
        (`_let_pass`).  Only for hands as played (`apply`); ``t`` is the hand's table.

        Whether the tile would have given the hand a yaku does not matter (片アガリ): Tenhou
        makes a seat furiten for every winning tile of its shape it lets pass (docs/rules/riichi.md, Furiten)."""
        t.pile.append(tile.index << 2 | self._seat_no[source])

    def _passing(self, t: _Table, seat: Seat) -> _Passing:
        """``seat``'s `_Passing`, made at its first move: every tile let pass since the deal counts."""
        p = t.passing.get(seat)
        if p is None:
            p = t.passing[seat] = _Passing(self._seat_no[seat], 0)
        return p

    def _drawing(self, hand: HandState, t: _Table, seat: Seat, kind: int) -> None:
        """``seat`` draws a tile of ``kind``: the tiles it let pass stay with the hand it held, which
        is the one it holds from now on less that tile (`_Passing.drawn`)."""
        p = self._passing(t, seat)
        if p.drawn >= 0:  # a second draw with no discard between: the hand before it goes aside
            self._changing(hand, t, seat)
        p.drawn = kind

    def _discarding(self, hand: HandState, t: _Table, seat: Seat, kind: int) -> None:
        """``seat`` discards a tile of ``kind``: what it let pass since its last discard no longer
        counts, but in riichi; there, a discard of the tile just drawn leaves the hand as it was."""
        p = self._passing(t, seat)
        pile = len(t.pile)
        if seat not in t.riichi:
            p.riichi_mark = pile
        elif p.drawn != kind and p.riichi_mark < pile:
            self._set_aside(t, p, self._before_draw(hand, seat, p), False, True)
        p.mark = pile
        p.drawn = -1
        p.earlier.clear()

    def _changing(self, hand: HandState, t: _Table, seat: Seat) -> None:
        """``seat``'s hand changes otherwise (a call, a kong, a flower): the tiles it let pass go
        aside with the hand it held."""
        p = self._passing(t, seat)
        self._set_aside(t, p, self._before_draw(hand, seat, p), True, seat in t.riichi)
        p.drawn = -1

    @staticmethod
    def _before_draw(hand: HandState, seat: Seat, p: _Passing) -> tuple[list[int], int]:
        """The counts (a copy) and melds of the hand ``seat`` let its tiles pass with: the hand it
        holds, less the tile it drew since."""
        ss = hand.seats[seat]
        counts = ss.counts[:NUM_PLAY_KINDS]
        if p.drawn >= 0:
            counts[p.drawn] -= 1
        return counts, len(ss.melds)

    @staticmethod
    def _set_aside(t: _Table, p: _Passing, held: tuple[list[int], int], temp: bool, riichi: bool) -> None:
        """The tiles ``p``'s seat let pass since its marks go with the hand ``held`` (counts and
        melds) into `_Passing.earlier` (``temp``) and `_Passing.earlier_riichi` (``riichi``), and
        the marks move to the end of the pile."""
        end = len(t.pile)
        counts, melds = held
        if temp and p.mark < end:
            bits = _bits_since(t.pile, p.mark, p.no)
            if bits:
                p.earlier.append(_Passed(counts, melds, bits))
        if riichi and p.riichi_mark < end:
            bits = _bits_since(t.pile, p.riichi_mark, p.no)
            kept = p.earlier_riichi
            if bits and kept and kept[-1].melds == melds and kept[-1].counts == counts:
                kept[-1].bits |= bits
            elif bits:
                kept.append(_Passed(counts, melds, bits))
        p.mark = p.riichi_mark = end

    def game_over(self, session: SessionState) -> bool:
        """Whether the last hand settled ended the game (riichi.end)."""
        return _session_carry(session).over

    def round_wind(self, hand: HandState) -> int:
        """The round wind of the hand being played: 0-3, east to north."""
        return _carry(hand).round

    def waits_of(self, counts: list[int], melds: int) -> list[int]:
        """The kinds a hand one tile short waits on (a kind it holds four of is no wait)."""
        return self._waits(counts, melds)

    def _waits(self, counts: list[int], melds: int) -> list[int]:
        return list(_wait_kinds(counts, melds)[0])

    # ---------------------------------------------------------------- discards and calls
    def check_discard(self, hand: HandState, seat: Seat, action: r.Discard, apply: bool) -> None:
        t = hand.ruleset_data
        if type(t) is not _Table:  # (`_t` takes a subclass's table as it is)
            t = _t(hand)
        tile = action.tile
        i = tile.index
        kuikae = t.kuikae
        if kuikae and i in kuikae.get(seat, ()):
            hand.error("kuikae", f"{seat} discards {tile} right after calling: swapping a call for a discard "
                       "of the same kind (or the other end of the chow) is not allowed",
                       action.span, self.rule("kuikae"))
        red = tile.red
        if red and self.red_fives and i not in t.reds.get(seat, set()):
            hand.error("red-not-held", f"{seat} discards the red {tile} but holds no red five of that suit",
                       action.span, self.rule("tiles"))
        if seat in t.riichi:
            ss = hand.seats[seat]
            if ss.last_drawn is not None and i != ss.last_drawn.index and not ss.ready_pending:
                hand.error("riichi-discard", f"{seat} is in riichi and must discard the tile it drew "
                           f"({ss.last_drawn}), not {tile}", action.span, self.rule("ready"))
        if apply:
            if red:
                t.reds[seat].discard(i)
            if kuikae:
                kuikae.pop(seat, None)

    def check_kong(self, hand: HandState, seat: Seat, action: r.Kong | r.AnKong | r.AddKong, apply: bool) -> None:
        t = _t(hand)
        if sum(1 for ss in hand.seats.values() for m in ss.melds if m.is_kong) >= 4:
            hand.error("fifth-kong", f"{seat} makes a fifth kong: a hand has four kongs at most",
                       action.span, self.rule("claims"))
        if seat not in t.riichi:
            return
        ss = hand.seats[seat]
        if not isinstance(action, r.AnKong):
            hand.error("riichi-kong", f"{seat} is in riichi: only a concealed kong is allowed",
                       action.span, self.rule("ready"))
            return
        drawn = ss.last_drawn
        before = list(ss.counts)
        if drawn is not None:
            before[drawn.index] -= 1
        after = list(ss.counts)
        after[action.tile.index] -= 4
        if drawn is None or drawn.index != action.tile.index or min(after) < 0 or \
                self._waits(before, len(ss.melds)) != waits(after[:NUM_PLAY_KINDS], 0, melds=len(ss.melds) + 1,
                                                              shapes=_SHAPES):
            hand.error("riichi-kong", f"{seat} is in riichi: a concealed kong of {action.tile} must be of the "
                       "drawn tile and keep the waits", action.span, self.rule("ready"))

    # ---------------------------------------------------------------- riichi
    def ready_allowed(self) -> bool:
        return True

    def check_ready(self, hand: HandState, seat: Seat, action: r.Ready, apply: bool) -> None:
        t = _t(hand)
        ss = hand.seats[seat]
        rule = self.rule("ready")
        for m in ss.melds:  # (a loop, not a generator)
            if m.kind != "ankong":
                hand.error("illegal-riichi", f"{seat} has called: riichi needs a concealed hand", action.span, rule)
                break
        if t.scores.get(seat, 0) < 1000:
            hand.error("illegal-riichi", f"{seat} has {t.scores.get(seat, 0)} points: riichi needs 1,000 for "
                       "the stick", action.span, rule)
        if hand.wall.size - self.reserve(hand) < 4:
            hand.error("illegal-riichi", f"only {hand.wall.size - self.reserve(hand)} tiles are left to draw: "
                       "riichi needs at least 4", action.span, rule)

    def on_ready_discard(self, hand: HandState, seat: Seat, action: r.Discard, apply: bool) -> None:
        t = _t(hand)
        ss = hand.seats[seat]
        if not self._waits(ss.counts, len(ss.melds)):
            hand.error("not-ready", f"{seat} declares riichi, but after discarding {action.tile} the hand "
                       f"({_text(ss.counts)}) waits on nothing", action.span, self.rule("ready"))
        if apply:
            ss.ready = True
            double = not t.interrupted and len(ss.discards) <= 1
            t.pending = (seat, double)

    # ---------------------------------------------------------------- wins
    def may_win_on_discard(self, hand: HandState, seat: Seat) -> bool:
        return True

    def analyse_win(self, hand: HandState, ctx: WinContext) -> WinAnalysis:
        ss = hand.seats[ctx.seat]
        total = sum(ss.counts[:NUM_PLAY_KINDS]) + 3 * len(ss.melds)
        if total != 14:
            return WinAnalysis(ctx.seat, ctx.tile, False, "none",
                               reason=f"the hand has {total} tiles counting melds, not 14", rule=self.rule("winning"))
        if not ctx.self_drawn:
            why = self._furiten(hand, ctx)
            if why:
                return WinAnalysis(ctx.seat, ctx.tile, False, "none", reason=f"{ctx.seat} is furiten: {why}",
                                   rule=self.rule("furiten"))
        value = self._value(hand, ctx)
        if value.error is not None:
            reason = {"no_yaku": "the hand has no yaku", "hand_not_winning": "the tiles are not a winning hand",
                      "hand_not_correct": "the tiles are not a winning hand"}.get(value.error, value.error)
            return WinAnalysis(ctx.seat, ctx.tile, False, "none", reason=reason, rule=self.rule("winning"))
        items: list[ValueItem] = []
        shape = "standard"
        for name, han in value.items:
            items.append(self._item(name, han))
            if name == "chiitoitsu":
                shape = "seven_pairs"
            elif name == "kokushi" and shape == "standard":
                shape = "thirteen_orphans"
        items.append(ValueItem("fu", value.fu, "riichi.fu.fu", "符"))
        return WinAnalysis(ctx.seat, ctx.tile, True, shape, tuple(items), value.han, (), "", 1)

    def _item(self, name: str, han: int) -> ValueItem:
        """The value item of yaku (or dora) ``name`` worth ``han``, citing its rule."""
        found = self._items.get((name, han))
        if found is None:
            rid = f"riichi.han.{name}" if name in DORA_ITEMS else f"riichi.yaku.{name}"
            row = self.rules.get(rid)
            found = self._items[name, han] = ValueItem(name, han, rid, row.name_zh.split("/")[0] if row else "")
        return found

    def _furiten(self, hand: HandState, ctx: WinContext) -> str:
        t = _t(hand)
        ss = hand.seats[ctx.seat]
        before = list(ss.counts)
        before[ctx.tile.index] -= 1
        found, waiting = _wait_kinds(before, len(ss.melds))
        discarded = 0
        for d in ss.discards:
            discarded = discarded | 1 << d[0].index
        if discarded & waiting:
            own = sorted(k for k in found if discarded >> k & 1)
            return f"it waits on {format_tiles(ALL_TILES[k] for k in own)} and discarded it before"
        in_riichi, since_discard = let_pass(t, ctx.seat, self._seat_no[ctx.seat], before, len(ss.melds), waiting)
        if in_riichi:
            return "after its riichi it let a winning tile pass"
        if since_discard:
            return "it let a winning tile pass since its last discard"
        return ""

    def _value(self, hand: HandState, ctx: WinContext) -> HandValue:
        t = _t(hand)
        seat = ctx.seat
        ss = hand.seats[seat]
        reds = 0
        if self.red_fives:
            for k in t.reds.get(seat, ()):
                reds = reds | 1 << k
            if ctx.tile.red:
                reds = reds | 1 << ctx.tile.index
        dealer = hand.dealer
        in_riichi = seat in t.riichi
        interrupted = t.interrupted
        flags = OPEN_TANYAO if self.options.open_tanyao else 0
        if ctx.self_drawn:
            flags = flags | TSUMO
            if ctx.after_kong:
                flags = flags | RINSHAN
            elif ctx.last_tile:
                flags = flags | HAITEI
        elif ctx.last_tile and not ctx.robbed:
            flags = flags | HOUTEI
        if ctx.robbed:
            flags = flags | CHANKAN
        if in_riichi:
            flags = flags | RIICHI
            if t.riichi[seat]:
                flags = flags | DOUBLE_RIICHI
            if seat in t.ippatsu or (ctx.robbed and seat in t.ippatsu_before_addkong):
                flags = flags | IPPATSU
        if ctx.dealer_first and not interrupted:
            flags = flags | TENHOU
        if ctx.first_draw and not interrupted and seat != dealer:
            flags = flags | CHIIHOU
        seats = self.seats
        sit = situation(flags, (seats.index(seat) - seats.index(dealer)) % 4, _carry(hand).round)
        dora = t.dora
        return value_hand(ss.counts, ss.melds, ctx.tile, reds, dora, t.ura[: len(dora)] if in_riichi else (), sit)

    # ---------------------------------------------------------------- settlement
    def settle(self, hand: HandState, result: HandResult, session: SessionState) -> Payments:
        t = _t(hand)
        c = _session_carry(session)
        pay: Payments = dict(self._no_pay)
        transfers: list[Transfer] = []
        for seat in t.riichi:
            pay[seat] -= 1000
            result.notes.append(f"{seat} pays the 1,000-point riichi stick")
        sticks = t.sticks + len(t.riichi)
        keeps = False
        ready_at_draw = False
        rule = self.rule("payment")
        if result.result == "win":
            wins: list[tuple[WinContext, WinAnalysis]] = []
            for cw in zip(result.contexts, result.wins, strict=True):  # (a loop, not a comprehension)
                if cw[1].is_win:
                    wins.append(cw)
            if len(wins) > 1:  # (one win is in its order)
                source = wins[0][0].from_seat
                order = self.seats_after(source) if source is not None and not wins[0][0].self_drawn else ()
                wins.sort(key=lambda cw: order.index(cw[0].seat) if cw[0].seat in order else 0)
            for i, (ctx, win) in enumerate(wins):
                fu, yakuman = _fu_and_yakuman(win.items)
                is_dealer = ctx.seat == hand.dealer
                keeps = keeps or is_dealer
                basic = basic_points(win.total, fu, yakuman)
                honba = t.honba if i == 0 else 0
                pao = t.pao.get(ctx.seat)
                liable = next((who for y, who in pao.items() if any(item.id == y for item in win.items)),
                              None) if pao else None
                owed = self._win_payments(hand, ctx, basic, honba, is_dealer, liable)
                words = self.value_words(win) + (f", {honba} honba" if honba else "")  # each payer's transfer's
                for payer, amount in owed.items():
                    transfers.append(Transfer(payer, ctx.seat, amount, words,
                                              self.rule("pao") if payer == liable else rule))
                if i == 0 and sticks:
                    pay[ctx.seat] += 1000 * sticks
                    result.notes.append(f"{ctx.seat} takes {sticks} riichi stick{'s' if sticks != 1 else ''}")
            c.sticks = 0 if wins else sticks
            c.honba = t.honba + 1 if keeps else 0
        else:
            if not t.abort:
                transfers += self._draw_transfers(hand)
                keeps = self._ready(hand, hand.dealer)
                ready_at_draw = keeps
            else:
                keeps = True
            c.sticks = sticks
            c.honba = t.honba + 1
        for tr in transfers:
            pay[tr.payer] -= tr.amount
            pay[tr.payee] += tr.amount
        result.transfers = transfers
        c.dealer_keeps, c.settled = keeps, result.number
        before = c.rotations
        if not keeps:
            c.rotations = before + 1
            c.round = c.rotations // 4
        after: dict[Seat, int] = {}
        start = t.start_scores
        for s in self.seats:
            after[s] = start.get(s, 0) + pay[s]
        c.over = self._game_over(hand, before, keeps, after, ready_at_draw)
        return pay

    def _win_payments(self, hand: HandState, ctx: WinContext, basic: int, honba: int, is_dealer: bool,
                      liable: Seat | None) -> dict[Seat, int]:
        """Who pays a win how much (riichi.payment, riichi.honba), with pao (riichi.pao) as Tenhou
        pays it: the liable seat pays a self-drawn win alone, honba included; won on another
        seat's discard, the discarder and the liable seat pay half each, the liable seat the honba."""
        if ctx.self_drawn:
            dealer_pays, other_pays = tsumo_points(basic, is_dealer)
            owed = {s: (dealer_pays if s == hand.dealer or is_dealer else other_pays) + 100 * honba
                    for s in self.seats if s != ctx.seat}
            return {liable: sum(owed.values())} if liable is not None else owed
        assert ctx.from_seat is not None
        amount = ron_points(basic, is_dealer)
        if liable is None or liable == ctx.from_seat:
            return {ctx.from_seat: amount + 300 * honba}
        return {ctx.from_seat: amount // 2, liable: amount // 2 + 300 * honba}

    def _game_over(self, hand: HandState, before: int, keeps: bool, scores: dict[Seat, int],
                   ready_at_draw: bool) -> bool:
        """Whether the game ends with this hand (docs/rules/riichi.md, riichi.end); ``ready_at_draw``:
        the dealer keeps the deal by being ready at an exhaustive draw."""
        if _t(hand).abort:
            return False  # an abortive draw: the dealer deals again
        if scores and min(scores.values()) < 0:  # (a seat below 0)
            return True
        last = 8 if self.options.length == "hanchan" else 4
        if before < last - 1:
            return False
        top = self._first(scores)
        if keeps and top != hand.dealer:
            return False  # the dealer keeps the deal behind the leader: play goes on
        if ready_at_draw and self.options.last_dealer_ready == "continues":
            return False  # Tenhou in 2009: a ready dealer plays on even in first place (docs/rules/riichi.md)
        if before >= last + 3:
            return True  # the fourth hand of the extra round is the last
        return scores[top] >= 30000

    def _ranked(self, scores: Mapping[Seat, int]) -> list[Seat]:
        """The seats from first place to last; ties rank the seat nearer the first dealer (E) higher."""
        return sorted(self.seats, key=lambda s: (-scores[s], self.seats.index(s)))

    def _first(self, scores: Mapping[Seat, int]) -> Seat:
        """First place, `_ranked`'s first, found in one pass rather than by sorting every seat
        (`max` keeps the first seat in seat order of the highest score: `_ranked`'s tie rule)."""
        return max(self.seats, key=scores.__getitem__)

    # ---------------------------------------------------------------- the end of the game
    def start_score(self) -> int:
        return int(self.options.start_score)

    def settle_game(self, last: HandResult, scores: Mapping[Seat, int], session: SessionState) -> GameEnd:
        """The riichi sticks still on the table when the game is over go to first place
        (riichi.end-sticks): Tenhou's final scores include them, its last hand's changes do not."""
        c = _session_carry(session)
        sticks = c.sticks
        if last.result == "incomplete" or not c.over or not sticks:
            return NO_GAME_END
        top = self._first(scores)
        why = (f"the game is over: {top}, in first place, takes the {sticks} riichi stick"
               f"{'s' if sticks != 1 else ''} left on the table")
        last.notes.append(why)
        return GameEnd({top: 1000 * sticks}, self.rule("end-sticks"), why)

    def final_points(self, scores: Mapping[Seat, int]) -> dict[Seat, FinalPoints]:
        """Tenhou's points (riichi.points): each seat below first place has (its score - the return
        score) / 1,000 plus the uma of its place; first place takes the rest, so that they add up to 0."""
        o = self.options
        second, third, fourth = uma_tenths(o.uma)
        place_uma = (0, second, third, fourth)
        ranked = self._ranked(scores)
        # Seats tied on points hold their places together when ties split the uma; else one each.
        groups: list[list[Seat]] = []
        for seat in ranked:
            if groups and o.uma_ties == "split" and scores[groups[-1][0]] == scores[seat]:
                groups[-1].append(seat)
            else:
                groups.append([seat])
        out: dict[Seat, FinalPoints] = {}
        place = len(groups[0])
        for group in groups[1:]:
            share = _half_away(sum(place_uma[place:place + len(group)]), len(group))
            places = f"places {place + 1}-{place + len(group)}" if len(group) > 1 else f"place {place + 1}"
            for seat in group:
                base = self._points_base(scores[seat])
                out[seat] = FinalPoints(base + share, f"{scores[seat]}, {places}: {format_points(base)} against "
                                        f"the return score {o.return_score}, uma {format_points(share)}")
            place += len(group)
        rest = -sum(p.tenths for p in out.values())
        top = groups[0]
        each, extra = divmod(rest, len(top))
        places = f"places 1-{len(top)}" if len(top) > 1 else "place 1"
        for k, seat in enumerate(top):
            # An odd tenth left when first place is shared goes to the seat nearer the first dealer.
            out[seat] = FinalPoints(each + (1 if k < extra else 0), f"{scores[seat]}, {places}: what the "
                                    "others' points leave, so that they add up to 0")
        return {s: out[s] for s in self.seats}

    def _points_base(self, score: int) -> int:
        """(score - return score) / 1,000 in tenths, rounded as `points_rounding` says."""
        ret = self.options.return_score
        if self.options.points_rounding == "thousands":
            return _half_away(score, 1000) * 10 - ret // 100
        return _half_away(score - ret, 100)

    def _ready(self, hand: HandState, seat: Seat) -> bool:
        ss = hand.seats[seat]
        return bool(_wait_kinds(ss.counts, len(ss.melds))[1])

    def _draw_transfers(self, hand: HandState) -> list[Transfer]:
        nagashi: list[Seat] = []
        for s in self.seats:  # (loops, not comprehensions and generators)
            river = hand.seats[s].discards
            if river:
                for d in river:
                    if d[0].index not in _TERMINAL_HONOUR or d[1]:
                        break
                else:
                    nagashi.append(s)
        out: list[Transfer] = []
        if nagashi:
            for seat in nagashi:
                is_dealer = seat == hand.dealer
                dealer_pays, other_pays = tsumo_points(2000, is_dealer)
                for payer in self.seats:
                    if payer != seat:
                        amount = dealer_pays if payer == hand.dealer or is_dealer else other_pays
                        out.append(Transfer(payer, seat, amount, "nagashi mangan", self.rule("nagashi")))
            return out
        ready: list[Seat] = []
        noten: list[Seat] = []
        for s in self.seats:
            (ready if self._ready(hand, s) else noten).append(s)
        if ready and noten:
            each = 3000 // len(noten) // len(ready)
            for payer in noten:
                for payee in ready:
                    out.append(Transfer(payer, payee, each, "tenpai payment", self.rule("tenpai-payment")))
        return out

    def next_dealer(self, result: HandResult, session: SessionState) -> Seat:
        c = _session_carry(session)
        if c.dealer_keeps if c.settled == result.number else result.dealer in result.winners:
            return result.dealer
        return self.next_seat(result.dealer)


def _fu_and_yakuman(items: tuple[ValueItem, ...]) -> tuple[int, int]:
    """A win's fu (its first ``fu`` item's value, 0 without one) and how many yakuman it holds, in one pass."""
    fu = 0
    found = False
    yakuman = 0
    for item in items:
        rid = item.id
        if rid == "fu":
            if not found:
                fu = item.value
                found = True
        elif rid in YAKUMAN:
            yakuman += 1
    return fu, yakuman


def _value_words(total: int, fu: int, yakuman: int, lang: str) -> str:
    """`Riichi.value_words` of a win of ``total`` han, ``fu`` fu and ``yakuman`` yakuman, worded
    once (`_WORDED`: every settled win asks it, and few values are met)."""
    key = (total, fu, yakuman, lang)
    found = _WORDED.get(key)
    if found is None:
        found = _WORDED[key] = _word_value(total, fu, yakuman, lang)
    return found


_WORDED: dict[tuple[int, int, int, str], str] = {}
"""`_value_words`'s answers, by its arguments (a few hundred at most: han, fu and yakuman are small)."""


def _word_value(total: int, fu: int, yakuman: int, lang: str) -> str:
    """`_value_words`, worded."""
    zh = lang == "zh"
    if yakuman:
        if zh:
            return "役满" if yakuman == 1 else f"{yakuman}倍役满"
        return "yakuman" if yakuman == 1 else f"{yakuman}× yakuman"
    limit = limit_name(total, fu, 0)
    if zh:
        return f"{total}番{fu}符" + (f"，{_LIMITS_ZH[limit]}" if limit else "")
    return f"{total} han {fu} fu" + (f", {_LIMITS_EN[limit]}" if limit else "")


def _half_away(value: int, unit: int) -> int:
    """``value / unit`` rounded to a whole number, halves away from 0 (四捨五入 of the size: -500
    points are -1 thousand, as Tenhou rounds a negative final score)."""
    size, rest = divmod(abs(value), unit)
    if 2 * rest >= unit:
        size += 1
    return -size if value < 0 else size


def _text(counts: list[int]) -> str:
    return format_tiles(ALL_TILES[i] for i, n in enumerate(counts) for _ in range(n)) or "nothing"
