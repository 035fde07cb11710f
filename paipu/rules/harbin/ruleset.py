"""Harbin 哈尔滨麻将: 报听 before any win, 宝牌 wildcards for the ready, multiplier scoring.

The specification is docs/rules/harbin.md, which quotes the rule text at its end
(from "a、先报听然后才可胡牌").  Where the source leaves a point open or contradicts itself,
paipu's reading is the default; the choices made here are documented
in docs/rules/harbin.md and in the comments below.

The 宝 (treasure tile) is table state: it is turned after the first ready player's discard
(a ``bao T`` line) and turned again (换宝) when all of its tiles have been seen.  The engine
has no hook that runs before every action, so a missing ``bao`` line is noticed at the next
action a hook sees (a discard, a claim, a kong, a ready, the hand's settlement) and reported
at the line it should have followed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Literal

from mypy_extensions import mypyc_attr

from paipu.rules.harbin.options import HarbinOptions as HarbinOptions
from paipu.rules.harbin.table import TABLE as _TABLE
from paipu.ruleset_api import (
    ALL_TILES,
    COMMON_RULES,
    NUM_PLAY_KINDS,
    Fields,
    Frozen,
    Group,
    GroupView,
    HandResult,
    HandSet,
    HandState,
    Meld,
    Payments,
    Ruleset,
    Seat,
    SessionState,
    Span,
    TableWord,
    Tile,
    Transfer,
    ValueItem,
    WinAnalysis,
    WinContext,
    decompositions,
    format_tiles,
    group_view,
    is_standard_win,
    meld_set,
    next_kind,
    payments_from,
    reading_traits,
    standard_waits,
)
from paipu.ruleset_api import record as r

_RED: Final = 33
"""红中: no suit, but it counts as a 1/9 tile and its pair stands for the pong."""
_RESERVE_STACKS: Final = 4
"""The turned 宝 is the top of the 4th stack from the wall's end."""
_FIRST_DEPTH: Final = 7
"""With a `wall` line the first 宝 is the 7th tile from the tail end of what remains."""

_Kind = Literal["face", "bao", "dafeng"]




class _Due(Frozen):
    """A `bao` line the record owes: after which line, which 宝 of the hand, and its tile."""

    __slots__ = ("expected", "fingerprint", "first", "number", "span")
    _fields = ("span", "fingerprint", "number", "expected", "first")
    span: Final[Span]
    fingerprint: Final[tuple[int, int]]
    """(wall size, tail draws) when it fell due: a draw before the `bao` line makes it late."""
    number: Final[int]
    expected: Final[Tile | None]
    """The wall's tile, when the record has a `wall` line."""
    first: Final[bool]

    def __init__(self, span: Span, fingerprint: tuple[int, int], number: int, expected: Tile | None,
                 first: bool) -> None:
        self.span = span
        self.fingerprint = fingerprint
        self.number = number
        self.expected = expected
        self.first = first


class _BaoState(Fields):
    __slots__ = ("anchor", "awaiting", "due", "late", "tile", "turned", "unseen")
    _fields = ("anchor", "turned", "tile", "due", "awaiting", "late", "unseen")
    anchor: tuple[int, int] | None
    """(wall size, tail draws) when the first 宝 fell due: positions count from there."""
    turned: int
    tile: Tile | None
    due: _Due | None
    awaiting: bool
    """A 宝 fell due, its line was missing and the wall is unknown: a late line names it."""
    late: _Due | None
    """A 宝 whose line was reported missing: a later `bao` line is that late line."""
    unseen: tuple[Tile, int] | None
    """(宝, its number) when the last 换宝 test found its tiles not all shown.  Every action
    that shows tiles is tested and shows no more of a kind than it says, so until one shows a
    宝 kind they stay not all shown: the tests between need not count the table again."""

    def __init__(self, anchor: tuple[int, int] | None = None, turned: int = 0, tile: Tile | None = None,
                 due: _Due | None = None, awaiting: bool = False, late: _Due | None = None,
                 unseen: tuple[Tile, int] | None = None) -> None:
        self.anchor = anchor
        self.turned = turned
        self.tile = tile
        self.due = due
        self.awaiting = awaiting
        self.late = late
        self.unseen = unseen


class _Reading(Frozen):
    """One way to read a winning hand, with its multipliers (or what it lacks)."""

    __slots__ = ("items", "pair", "problem", "rank", "sets", "total")
    _fields = ("total", "rank", "items", "sets", "pair", "problem")
    total: Final[int]
    rank: Final[int]
    items: Final[tuple[ValueItem, ...]]
    sets: Final[tuple[HandSet, ...]]
    pair: Final[Group]
    problem: Final[str | None]

    def __init__(self, total: int, rank: int, items: tuple[ValueItem, ...], sets: tuple[HandSet, ...],
                 pair: Group, problem: str | None) -> None:
        self.total = total
        self.rank = rank
        self.items = items
        self.sets = sets
        self.pair = pair
        self.problem = problem


def _state(hand: HandState) -> _BaoState:
    found = hand.ruleset_data
    if not isinstance(found, _BaoState):
        found = _BaoState()
        hand.ruleset_data = found
    return found


def _tiles_text(counts: Sequence[int]) -> str:
    return format_tiles(ALL_TILES[i] for i, n in enumerate(counts) for _ in range(n)) or "nothing"


@mypyc_attr(allow_interpreted_subclasses=True)  # a plug-in may subclass it
class Harbin(Ruleset[HarbinOptions]):
    name = "harbin"
    shapes = ("standard",)
    profile_note = ("a win also needs a pong, a chow, a 1/9 or 红中, two suits and a ready declaration; "
                    "shanten counts four sets and a pair only")
    strategy = "paipu.rules.harbin.bots:HarbinStrategy"
    aliases = ("哈尔滨", "哈尔滨麻将", "哈爾濱", "哈爾濱麻將")
    title = "哈尔滨麻将 Harbin"
    unit = "bei"
    unit_zh = "倍"
    tile_counts = tuple([4] * 27 + [0] * 6 + [4] + [0] * 8)
    rules = {**COMMON_RULES, **{rule.id: rule for rule in _TABLE}}  # noqa: RUF012
    events = {"bao": TableWord("bao", "宝 (treasure)", "宝牌", ("宝", "寶"), "宝 as", "宝当", phrase="宝牌")}  # noqa: RUF012
    Options = HarbinOptions

    def __init__(self, options: Any = None) -> None:
        super().__init__(options)
        if self.options.tiles == "136":
            # The engine, the simulator and the mutator read `tile_counts` from the ruleset;
            # here it depends on an option, so the instance carries its own.
            self.tile_counts = tuple([4] * 34 + [0] * 8)

    # ---------------------------------------------------------------- the wall and the 宝
    def setup_hand(self, hand: HandState) -> None:
        hand.ruleset_data = _BaoState()

    def reserve(self, hand: HandState) -> int:
        # "drawn down to the turned 宝 stack": the 4th stack from the end and everything behind
        # it stays.  Before any ready declaration the stack is where the 宝 will be turned.
        s = _state(hand)
        if s.anchor is None:
            return 2 * _RESERVE_STACKS
        current = max(s.turned - 1, 0)
        tail_since = hand.wall.drawn_from_tail - s.anchor[1]
        return max(0, 2 * _RESERVE_STACKS + 2 * (current // 2) - tail_since)

    def next_bao_kind(self, tile: Tile) -> Tile:
        """The kind after ``tile`` whose 4 tiles are also 宝 (9 → 1; 红中 is its own in 112)."""
        if tile.index == _RED and self.options.tiles == "112":
            return tile
        return next_kind(tile)

    def bao_kinds(self, tile: Tile) -> tuple[int, ...]:
        nxt = self.next_bao_kind(tile)
        return (tile.index,) if nxt == tile else (tile.index, nxt.index)

    def marked_tiles(self, hand: HandState) -> tuple[Tile, ...]:
        if hand.marked_tile is None:
            return ()
        return tuple(ALL_TILES[i] for i in self.bao_kinds(hand.marked_tile))

    def current_bao(self, hand: HandState) -> Tile | None:
        """The 宝 in force: the last turned, or the one a missing `bao` line should have shown."""
        s = _state(hand)
        if s.due is not None and s.due.expected is not None:
            return s.due.expected
        return s.tile

    def show_bao(self, hand: HandState, tile: Tile) -> None:
        """Make ``tile`` the hand's turned 宝 outside a replay (what-if analyses, tests)."""
        s = _state(hand)
        s.tile = tile
        s.turned = max(s.turned, 1)
        hand.marked_tile = tile

    def bao_due(self, hand: HandState) -> Tile | None:
        """The tile a `bao` line must show now (for the simulator), when the wall is known."""
        s = _state(hand)
        return s.due.expected if s.due is not None else None

    def _bao_position(self, hand: HandState, number: int) -> tuple[bool, Tile | None]:
        """Whether the ``number``-th 宝 (0 = the first) is still in the wall, and its tile."""
        s = _state(hand)
        assert s.anchor is not None
        size0, tail0 = s.anchor
        tail_since = hand.wall.drawn_from_tail - tail0
        head_since = (size0 - hand.wall.size) - tail_since
        index = size0 - _FIRST_DEPTH - number
        if index < head_since or index >= size0 - tail_since:
            return False, None
        return True, hand.wall.peek_from_tail(size0 - tail_since - index)

    def _visible(self, hand: HandState, kinds: tuple[int, ...]) -> list[int]:
        """Tiles of ``kinds`` face up on the table: discards and exposed melds (a concealed kong
        is face down); the other kinds are left at 0 (only two kinds are ever asked about)."""
        out = [0] * NUM_PLAY_KINDS
        # One or two kinds, compared as ints.
        assert 1 <= len(kinds) <= 2
        a, b = kinds[0], kinds[-1]
        for ss in hand.seats.values():
            for t, _ in ss.discards:
                i = t.index
                if i == a or i == b:
                    out[i] = out[i] + 1
            for m in ss.melds:
                if m.kind == "ankong":
                    continue
                for t in m.tiles:
                    i = t.index
                    if i == a or i == b:
                        out[i] = out[i] + 1
                if m.claimed is not None:
                    i = m.claimed.index
                    if i == a or i == b:
                        out[i] = out[i] - 1  # already counted among the discards
        return out

    def _all_seen(self, tile: Tile, visible: list[int]) -> bool:
        nxt = self.next_bao_kind(tile)
        seen = min(visible[tile.index], 3)
        size = 3
        if nxt != tile:
            seen += min(visible[nxt.index], 4)
            size += 4
        return seen >= size

    def _check_huanbao(self, hand: HandState, shown: Sequence[int], where: Span | r.Action) -> None:
        """Make a 换宝 due when the action at ``where`` (showing ``shown``) shows the last 宝: its
        `Span`, or the action itself, whose span is then made only for a 换宝 due."""
        s = _state(hand)
        if s.tile is None or s.due is not None or s.anchor is None:
            s.unseen = None
            return
        kinds = (s.tile.index, self.next_bao_kind(s.tile).index)
        last = s.unseen
        if last is not None and last[0] is s.tile and last[1] == s.turned and not any(i in kinds for i in shown):
            return
        visible = self._visible(hand, kinds)
        for i in shown:
            if i < NUM_PLAY_KINDS:
                visible[i] += 1
        if not self._all_seen(s.tile, visible):
            s.unseen = (s.tile, s.turned)
            return
        s.unseen = None
        available, expected = self._bao_position(hand, s.turned)
        if available:
            span = where if isinstance(where, Span) else where.span
            s.due = _Due(span, (hand.wall.size, hand.wall.drawn_from_tail), s.turned, expected, False)

    def _turn(self, hand: HandState, tile: Tile | None, span: Span) -> None:
        s = _state(hand)
        s.turned += 1
        s.tile = tile
        hand.marked_tile = tile
        s.awaiting = tile is None
        self._check_huanbao(hand, (), span)

    def _settle_due(self, hand: HandState, apply: bool) -> None:
        """An action other than the owed `bao` line: report it missing and turn the 宝 anyway."""
        s = _state(hand)
        due = s.due
        if due is None:
            return
        hand.error("missing-bao", self._due_text(due) + ", but the next line is not a `bao` line",
                   due.span, self.rule("bao" if due.first else "huanbao"))
        if apply:
            s.due = None
            self._turn(hand, due.expected, due.span)
            s.late = due

    def _due_text(self, due: _Due) -> str:
        shown = f" (here {due.expected}, {due.expected.chinese})" if due.expected is not None else ""
        if due.first:
            return ("this discard follows the hand's first ready declaration: the 宝 is turned "
                    f"now, a `bao` line showing the 7th tile from the wall's tail{shown}")
        return ("this action shows the last of the 宝 tiles: 换宝 turns the next tile down the "
                f"wall as the new 宝, a `bao` line showing it{shown}")

    def _count_bao(self, hand: HandState, a: r.TableEvent, t: Tile, apply: bool) -> None:
        """Without a `wall` line only the tile counts can be checked; the turned tile is then seen."""
        if hand.wall.known:
            return
        limit = self.tile_counts[t.index] if t.index < len(self.tile_counts) else 0
        if hand.seen[t.index] + 1 > limit:
            hand.error("tile-count",
                       f"the 宝 is turned as {t} ({t.chinese}), but "
                       + (f"all {limit} of that kind are already on the table" if limit
                          else f"{self.name} has no such tile"),
                       a.span, "common.tiles")
        if apply:
            hand.seen[t.index] += 1

    def before_action(self, hand: HandState, action: r.Action | None, apply: bool) -> None:
        # A 宝 that is due is turned by the very next line: anything else means it is missing.
        s = hand.ruleset_data
        if isinstance(s, _BaoState) and s.due is None:
            return  # nothing is due (the common case)
        if not (isinstance(action, r.TableEvent) and action.name == "bao"):
            self._settle_due(hand, apply)

    def on_event(self, hand: HandState, event: r.TableEvent, apply: bool) -> bool:
        if event.name != "bao":
            return False
        action = event
        if len(event.tiles) != 1 or event.values:
            # A 宝 is one tile: the line is reported, not followed.
            found = f"{len(event.tiles)}" if not event.values else "numbers"
            hand.error("syntax", f"bao takes one tile, found {found}", event.span, self.rule("bao"))
            return True
        tile = event.tiles[0]
        if tile.index >= NUM_PLAY_KINDS or tile.index >= len(self.tile_counts) or not self.tile_counts[tile.index]:
            # A flower (or a tile this table does not use) is never a 宝: the line is reported, not followed.
            hand.error("bad-tile", f"the 宝 is turned as {tile} ({tile.chinese}), but {self.name} plays "
                       "no such tile: a 宝 is a tile of the wall", action.span, "common.tiles")
            return True
        s = _state(hand)
        due = s.due
        if due is not None:
            if apply:
                s.due = None
            if (hand.wall.size, hand.wall.drawn_from_tail) != due.fingerprint:
                hand.error("missing-bao",
                           self._due_text(due) + f"; the `bao` line comes late, at line {action.span.line}, "
                           "after tiles were drawn", due.span, self.rule("bao" if due.first else "huanbao"))
            if due.expected is not None and tile != due.expected:
                where = ("the 7th tile from the wall's tail" if due.first
                         else f"the next tile down the wall (宝 number {due.number + 1} of the hand)")
                hand.error("bao-mismatch",
                           f"the 宝 is turned as {tile} ({tile.chinese}), but {where} is "
                           f"{due.expected} ({due.expected.chinese})",
                           action.span, self.rule("bao" if due.first else "huanbao"))
            self._count_bao(hand, action, tile, apply)
            if apply:
                self._turn(hand, tile, action.span)
        elif s.awaiting:
            # The missing line was already reported; this late one names the unknown 宝.
            self._count_bao(hand, action, tile, apply)
            if apply:
                s.late = None
                s.turned -= 1
                self._turn(hand, tile, action.span)
        elif s.late is not None:
            # The line reported missing comes late: only its tile is still checked.
            late = s.late
            if apply:
                s.late = None
            if late.expected is not None and tile != late.expected:
                hand.error("bao-mismatch",
                           f"the 宝 is turned as {tile} ({tile.chinese}), but it is "
                           f"{late.expected} ({late.expected.chinese})",
                           action.span, self.rule("bao" if late.first else "huanbao"))
        else:
            why = ("nobody has declared ready yet: the 宝 is turned after the first ready player's "
                   "discard" if s.anchor is None else
                   "not all the 宝 tiles have been seen: a new 宝 is turned only when all of them have")
            hand.error("bao-misplaced", f"a 宝 is turned as {tile} ({tile.chinese}), but {why}",
                       action.span, self.rule("bao" if s.anchor is None else "huanbao"))
        return True

    # ---------------------------------------------------------------- ready (报听)
    def ready_allowed(self) -> bool:
        return True

    def _too_few_tiles(self, hand: HandState, seat: Seat) -> str | None:
        left = hand.seats[seat].size - 1
        if left >= 4:
            return None
        return (f"{seat} declares ready with {left} tile{'s' if left != 1 else ''} left in hand after the "
                "discard; a ready declaration needs at least 4 (手中至少剩四张牌才可以报听)")

    def _not_open(self, hand: HandState, seat: Seat) -> str | None:
        if not self.options.require_open or any(m.kind != "ankong" for m in hand.seats[seat].melds):
            return None
        return (f"{seat} declares ready without an exposed meld; with require_open a player must chow, "
                "pong or kong first")

    def ready_problem(self, hand: HandState, seat: Seat) -> str | None:
        """Why ``seat`` may not declare ready now, before its discard (None: it may)."""
        return self._too_few_tiles(hand, seat) or self._not_open(hand, seat)

    def check_ready(self, hand: HandState, seat: Seat, action: r.Ready, apply: bool) -> None:
        few = self._too_few_tiles(hand, seat)
        if few is not None:
            hand.error("ready-too-few-tiles", few, action.span, self.rule("ready"))
        closed = self._not_open(hand, seat)
        if closed is not None:
            hand.error("ready-not-open", closed, action.span, self.rule("ready"))

    def on_ready_discard(self, hand: HandState, seat: Seat, action: r.Discard, apply: bool) -> None:
        ss = hand.seats[seat]
        if not self.ready_waits(ss.counts, ss.melds):
            hand.error("not-ready",
                       f"{seat} declares ready, but after discarding {action.tile} the hand "
                       f"({_tiles_text(ss.counts)}) waits on no tile that makes a winning hand "
                       "(four sets and a pair with a pong, a chow, a 1/9/红中 and two suits)",
                       action.span, self.rule("ready"))
        if not apply:
            return
        ss.ready = True
        s = _state(hand)
        if s.anchor is None:
            s.anchor = (hand.wall.size, hand.wall.drawn_from_tail)
            available, expected = self._bao_position(hand, 0)
            if available:
                s.due = _Due(action.span, s.anchor, 0, expected, True)

    def ready_waits(self, counts: Sequence[int], melds: Sequence[Meld]) -> list[int]:
        """The kinds a hand of 3n+1 concealed tiles waits on, each making a harbin winning hand.

        The answer depends only on the tiles and the melds' sets, and the engine and the bots
        ask it of the same hands again and again: it is kept per ruleset (a bounded table).
        """
        return list(self.ready_and_shape_waits(counts, melds)[0])

    def ready_and_shape_waits(self, counts: Sequence[int], melds: Sequence[Meld]
                              ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """`ready_waits`, and beside it, whenever the hand could wait on a harbin win at all
        (3n+1 concealed tiles of at least two suits, counting the melds), the kinds of the tile
        set that complete its sets and pair in the standard shape, a fifth tile of a kind
        included (`paipu.hand.shanten.waits` with ``fifth``), of which the harbin waits are
        those that also make a harbin winning hand; () where it could not.  Kept as
        `ready_waits` is."""
        # The answer reads of each meld whether it is a chow, and its lowest kind: the key holds
        # those as plain ints (4 * lowest kind, + 1 for a chow), the melds' sets made only when the
        # answer is worked out.
        meld_key: list[int] = []
        for m in melds:
            if m.kind == "chow":
                low = m.tiles[0].index
                for t in m.tiles:
                    if t.index < low:
                        low = t.index
                meld_key.append(4 * low + 1)
            else:
                meld_key.append(4 * m.tiles[0].index)
        key = (tuple(counts), tuple(meld_key))
        # Shared by every instance with the same tile set (a record makes its own ruleset).
        cache = _READY_CACHES.setdefault((type(self), self.options.tiles), {})
        found = cache.get(key)
        if found is None:
            if len(cache) >= _READY_CACHE_SIZE:
                cache.clear()
            shape: list[int] = []
            meld_sets = [meld_set(m) for m in melds]
            found = cache[key] = (tuple(self._ready_waits(counts, len(melds), meld_sets, shape)), tuple(shape))
        return found

    def _ready_waits(self, counts: Sequence[int], meld_count: int, meld_sets: list[HandSet],
                     shape: list[int] | None = None) -> list[int]:
        """`ready_waits` worked out; ``shape``, if given, gets the shape's waits of
        `ready_and_shape_waits`."""
        sets = 4 - meld_count
        c = list(counts[:NUM_PLAY_KINDS])
        if sets < 0 or any(counts[NUM_PLAY_KINDS:]) or sum(c) != 3 * sets + 1:
            return []
        # `_shape_problem` of a reading, as a yes/no.  Every tile of a winning hand is in a
        # group, and a completing tile of a kind the hand does not hold can only be in a chow
        # with held tiles of its suit: so the winning hand's suits are the held tiles' and the
        # melds', and its kinds those plus the completing one.  The two-suit test is therefore
        # asked once, before any wait is worked out, and the 1/9/红中 test looks at the held
        # and melded kinds and the completing tile.  The pong and chow tests look at which
        # groups a reading has (`_some_reading`); with both a chow and a pong among the melds,
        # any reading passes them.
        meld_chow = any(s.kind == "chow" for s in meld_sets)
        meld_pong = any(s.kind != "chow" for s in meld_sets)
        honours_count = self.options.tiles == "136"
        kinds = [i for i, n in enumerate(c) if n]
        for s in meld_sets:
            kinds.extend((s.first, s.first + 1, s.first + 2) if s.kind == "chow" else (s.first,))
        if len({i // 9 for i in kinds if i < 27}) < 2:
            return []
        terminal = any(i % 9 in (0, 8) if i < 27 else (honours_count or i == _RED) for i in kinds)
        if min(c) < 0 or max(c) > 4:
            return []  # no hand (`waits` with ``fifth`` answers nothing for it)
        out = []
        # `waits` of the standard shape with ``fifth``, asked of the shape's own answer directly.
        for k in standard_waits(bytes(c), True):
            if not self.tile_counts[k]:
                continue
            if shape is not None:
                shape.append(k)
            if not (terminal or (k % 9 in (0, 8) if k < 27 else (honours_count or k == _RED))):
                continue
            c[k] += 1
            if _some_reading(c, sets, not meld_chow, not meld_pong):
                out.append(k)
            c[k] -= 1
        return out

    def check_discard(self, hand: HandState, seat: Seat, action: r.Discard, apply: bool) -> None:
        ss = hand.seats[seat]
        drawn = ss.last_drawn
        if ss.ready and (drawn is None or action.tile != drawn):
            last = f"the tile just drawn, {drawn}" if drawn is not None else "only a drawn tile"
            hand.error("ready-hand-changed",
                       f"{seat} has declared ready and discards {action.tile}; after 报听 a player "
                       f"discards {last}", action.span, self.rule("ready-locked"))
        if apply:
            self._check_huanbao(hand, (action.tile.index,), action)

    def check_meld(self, hand: HandState, seat: Seat, kind: str, tile_indexes: list[int], span: Span,
                   apply: bool) -> None:
        ss = hand.seats[seat]
        if ss.ready and kind in ("chow", "pong"):
            hand.error("ready-hand-changed",
                       f"{seat} has declared ready and may not {kind}: after 报听 the concealed tiles "
                       "change only by the drawn tile", span, self.rule("ready-locked"))
        shown = list(tile_indexes)
        if kind == "ankong":
            shown = []
        elif kind != "addkong" and hand.last_discard is not None and hand.last_discard.tile.index in shown:
            shown.remove(hand.last_discard.tile.index)  # the claimed discard is already face up
        if apply:
            self._check_huanbao(hand, shown, span)

    def check_kong(self, hand: HandState, seat: Seat, action: r.Kong | r.AnKong | r.AddKong, apply: bool) -> None:
        ss = hand.seats[seat]
        if not ss.ready:
            return
        tile: Tile = action.tile
        if isinstance(action, r.AnKong):
            take, melds = 4, [*ss.melds, Meld("ankong", [tile] * 4)]
        elif isinstance(action, r.Kong):
            take, melds = 3, [*ss.melds, Meld("kong", [tile] * 4, tile)]
        else:
            take, melds = 1, list(ss.melds)
        counts = list(ss.counts)
        if counts[tile.index] < take:
            return  # the engine reports the missing tiles
        counts[tile.index] -= take
        if not self.ready_waits(counts, melds):
            verb = {4: "a concealed kong", 3: "a kong", 1: "an added kong"}[take]
            hand.error("kong-breaks-ready",
                       f"{seat} declared ready, but {verb} of {tile} leaves {_tiles_text(counts)} "
                       "waiting on nothing: after 报听 a kong must keep the hand ready",
                       action.span, self.rule("ready-locked"))

    def is_wild(self, hand: HandState, seat: Seat, tile_index: int) -> bool:
        """Whether the tile of this kind ``seat`` has just drawn may be used as a wildcard.

        It may when the seat is ready and the tile is a 宝 (摸宝), or is the 4th of a pong the
        seat has exposed or holds (大风).  Only that drawn tile is wild, never the others.
        """
        ss = hand.seats[seat]
        if not ss.ready or tile_index >= NUM_PLAY_KINDS:
            return False
        bao = self.current_bao(hand)
        if bao is not None and tile_index in self.bao_kinds(bao):
            return True
        return ss.counts[tile_index] == 4 or any(
            m.kind == "pong" and m.tiles[0].index == tile_index for m in ss.melds)

    # ---------------------------------------------------------------- wins
    def analyse_win(self, hand: HandState, ctx: WinContext) -> WinAnalysis:
        ss = hand.seats[ctx.seat]
        melds = ss.melds
        total_tiles = sum(ss.counts) + 3 * len(melds)
        if any(ss.counts[NUM_PLAY_KINDS:]) or total_tiles != 14:
            return WinAnalysis(ctx.seat, ctx.tile, False, "none",
                               reason=f"the hand has {total_tiles} tiles counting melds, not 14")
        if not ss.ready and not ctx.dealer_first:
            return WinAnalysis(ctx.seat, ctx.tile, False, "none",
                               reason=f"{ctx.seat} has not declared ready (报听): a win needs an "
                               "earlier ready declaration")
        bao = self.current_bao(hand)
        if (bao is not None and not ctx.self_drawn and not ctx.robbed and not self.options.win_on_discarded_bao
                and ctx.tile.index in self.bao_kinds(bao)):
            return WinAnalysis(ctx.seat, ctx.tile, False, "none",
                               reason=f"{ctx.tile} ({ctx.tile.chinese}) is a 宝 (the 宝 are "
                               f"{' '.join(str(ALL_TILES[k]) for k in self.bao_kinds(bao))}), and a discarded "
                               "宝 cannot be won on (别人打出的宝牌，不可以胡)",
                               rule=self.rule("bao-discard"))
        readings = self._readings(hand, ctx)
        if not readings:
            return WinAnalysis(ctx.seat, ctx.tile, False, "none",
                               reason="the tiles are not four sets and a pair" + self._bao_hint(hand, ctx))
        valid = [x for x in readings if x.problem is None]
        if not valid:
            return WinAnalysis(ctx.seat, ctx.tile, False, "standard",
                               reason=f"no reading of the hand is a harbin winning shape: it has "
                               f"{readings[0].problem}", decompositions=len(readings))
        best = max(valid, key=lambda x: (x.total, x.rank))
        views = (*(group_view(s) for s in best.sets),
                 GroupView("pair", (ALL_TILES[best.pair.first],) * 2,
                           tuple(ALL_TILES[i] for i in best.pair.wild_tiles())))
        if not ctx.self_drawn:
            earlier = self._earlier_winner(hand, ctx)
            if earlier is not None:
                return WinAnalysis(
                    ctx.seat, ctx.tile, False, "standard", best.items, 0, views,
                    f"{earlier} comes before {ctx.seat} counter-clockwise from {ctx.from_seat} and also "
                    f"wins on {ctx.tile}: there is one winner per discard, the first in turn, unless "
                    "the earlier seat passes", len(readings), best.total)
        return WinAnalysis(ctx.seat, ctx.tile, True, "standard", best.items, best.total, views,
                           "", len(readings), best.total)

    def _bao_hint(self, hand: HandState, ctx: WinContext) -> str:
        """Why a 宝 in the hand did not help: only a ready player's own draw is wild."""
        bao = self.current_bao(hand)
        if bao is None:
            return ""
        kinds = self.bao_kinds(bao)
        ss = hand.seats[ctx.seat]
        held = sum(ss.counts[k] for k in kinds)
        if ctx.self_drawn and ss.ready and ctx.tile.index in kinds:
            held -= 1
        if held <= 0:
            return ""
        return (f" (the 宝 are {' '.join(str(ALL_TILES[k]) for k in kinds)}, but a 宝 is a wildcard only "
                "when a ready player draws it; one held before, claimed or discarded is just itself)")

    def _readings(self, hand: HandState, ctx: WinContext) -> list[_Reading]:
        """Every reading: at face value, and with the drawn tile as a 宝 or 大风 where it may be."""
        ss = hand.seats[ctx.seat]
        meld_sets = [meld_set(m) for m in ss.melds]
        sets_needed = 4 - len(ss.melds)
        counts = list(ss.counts[:NUM_PLAY_KINDS])
        out: list[_Reading] = []
        if sets_needed < 0:
            return out
        for sets, pair in _concealed_readings(counts, 0, sets_needed):
            out.append(self._reading("face", ctx, [*meld_sets, *sets], pair))
        drawn = ctx.tile.index
        if not ctx.self_drawn or not ss.ready or ctx.dealer_first or not counts[drawn]:
            return out
        bao = self.current_bao(hand)
        is_bao = bao is not None and drawn in self.bao_kinds(bao)
        exposed_pong = any(m.kind == "pong" and m.tiles[0].index == drawn for m in ss.melds)
        held_pong = counts[drawn] == 4
        if not (is_bao or exposed_pong or held_pong):
            return out
        counts[drawn] -= 1
        for sets, pair in _concealed_readings(counts, 1, sets_needed):
            all_sets = [*meld_sets, *sets]
            if is_bao:
                out.append(self._reading("bao", ctx, all_sets, pair))
            if exposed_pong or (held_pong and any(
                    s.kind == "pong" and s.first == drawn and not s.wild and not s.meld for s in sets)):
                out.append(self._reading("dafeng", ctx, all_sets, pair))
        return out

    def _reading(self, kind: _Kind, ctx: WinContext, sets: list[HandSet], pair: Group) -> _Reading:
        problem = self._shape_problem(sets, pair.first)
        items = self._multipliers(kind, ctx, sets, pair)
        total = 1
        for i in items:
            total *= i.value
        # 大风 replaces 摸宝 and 宝中宝 where both fit (PS：牌形算大风的时候，就不再另计摸宝与宝中宝).
        rank = {"face": 0, "bao": 1, "dafeng": 2}[kind]
        return _Reading(total, rank, tuple(items), tuple(sets), pair, problem)

    def _shape_problem(self, sets: Sequence[HandSet], pair: int) -> str | None:
        """What the reading lacks of the harbin winning shape (None: nothing)."""
        if not any(s.kind != "chow" for s in sets) and pair != _RED:
            return "no pong or kong (nor a pair of 红中 standing for one)"
        if not any(s.kind == "chow" for s in sets):
            return "no chow"
        kinds = [pair]
        for s in sets:
            kinds.extend((s.first, s.first + 1, s.first + 2) if s.kind == "chow" else (s.first,))
        honours_count = self.options.tiles == "136"
        if not any(k % 9 in (0, 8) if k < 27 else (honours_count or k == _RED) for k in kinds):
            return "no 1, 9 or 红中"
        if len({k // 9 for k in kinds if k < 27}) < 2:
            return "fewer than two suits (红中 is no suit)"
        return None

    def _multipliers(self, kind: _Kind, ctx: WinContext, sets: list[HandSet], pair: Group) -> list[ValueItem]:
        if ctx.dealer_first:
            return [self._item("tianhu", 64)]
        win = ctx.tile.index
        if kind == "face":
            place = any(_place(s.kind, s.first, win) for s in sets if not s.meld)
            place = place or pair.first == win
            items = [self._item("zimo", 2) if ctx.self_drawn else self._item("pinghu", 1)]
            return items + ([self._item("biankadiao", 2)] if place else [])
        wild = next((s for s in sets if s.wild), None)
        if wild is not None:
            stands_for = wild.wild[0]
            where = _place(wild.kind, wild.first, stands_for)
        else:
            stands_for = pair.wild_tiles()[0]
            where = "diao"
        own = stands_for == win
        if kind == "bao":
            if own and where:
                return [self._item("baozhongbao", 16)]
            return [self._item("mobao", 4)] + ([self._item("biankadiao", 2)] if where else [])
        if own and where in ("bian", "ka"):
            return [self._item("dafeng", 16)]
        return [self._item("dafeng", 4)] + ([self._item("biankadiao", 2)] if where else [])

    def _item(self, rid: str, value: int) -> ValueItem:
        rule = self.rules[f"harbin.mult.{rid}"]
        return ValueItem(rid, value, rule.id, rule.name_zh.split("/")[0])

    def _earlier_winner(self, hand: HandState, ctx: WinContext) -> Seat | None:
        """A ready seat before the winner, counter-clockwise from the discarder, that wins too."""
        if ctx.from_seat is None:
            return None
        ld = hand.last_discard
        for seat in self.seats_after(ctx.from_seat):
            if seat == ctx.seat:
                break
            ss = hand.seats[seat]
            passed = not ctx.robbed and ld is not None and ss.passed_on == ld.serial
            if ss.ready and not passed:
                counts = list(ss.counts[:NUM_PLAY_KINDS])
                counts[ctx.tile.index] += 1
                meld_sets = [meld_set(m) for m in ss.melds]
                if any(self._shape_problem([*meld_sets, *sets], pair.first) is None
                       for sets, pair in _concealed_readings(counts, 0, 4 - len(ss.melds))):
                    return seat
        return None

    # ---------------------------------------------------------------- settlement
    def settle(self, hand: HandState, result: HandResult, session: SessionState) -> Payments:
        self._settle_due(hand, True)
        result.transfers = []
        for ctx, win in zip(result.contexts, result.wins, strict=True):
            if win.is_win:
                result.transfers.extend(self._win_transfers(hand, ctx, win))
        return payments_from(result.transfers, self.seats)

    def _win_transfers(self, hand: HandState, ctx: WinContext, win: WinAnalysis) -> list[Transfer]:
        shown = " × ".join(f"{i.name_zh or i.id} {i.value}" for i in win.items)
        shares: list[tuple[Seat, int, str]] = []
        for payer in self.seats:
            if payer == ctx.seat:
                continue
            amount = win.total
            why = [f"{win.total}倍 ({shown})"]
            if hand.dealer in (payer, ctx.seat):
                amount *= 2
                why.append("×2 dealer")
            if not ctx.self_drawn and payer == ctx.from_seat:
                if hand.seats[payer].ready:
                    why.append("discarder ready: ×1")
                else:
                    amount *= 2
                    why.append("×2 discarder not ready")
            shares.append((payer, amount, ", ".join(why)))
        rule = self.rule("payment")
        if self.options.discarder_pays_all and not ctx.self_drawn and ctx.from_seat is not None:
            total = sum(a for _, a, _ in shares)
            parts = "; ".join(f"{p}: {a}" for p, a, _ in shares)
            return [Transfer(ctx.from_seat, ctx.seat, total, f"the discarder pays all three shares ({parts})",
                             rule)]
        return [Transfer(p, ctx.seat, a, why, rule) for p, a, why in shares]


_READY_CACHE_SIZE = 10_000
_READY_CACHES: dict[tuple[type, str], dict[Any, tuple[tuple[int, ...], tuple[int, ...]]]] = {}


def _concealed_readings(counts: list[int], wild: int, sets: int) -> list[tuple[list[HandSet], Group]]:
    """The readings of the concealed tiles as ``sets`` sets and a pair (wildcards pinned)."""
    out: list[tuple[list[HandSet], Group]] = []
    for dec in decompositions(counts, wild, sets):
        pair = dec.pair
        out.append(([HandSet(g.kind, g.first, False, g.wild_tiles()) for g in dec.sets], pair))
    return out


def _place(kind: str, first: int, tile: int) -> str | None:
    """Where ``tile`` stands in a set: 边 (3 of 123, 7 of 789), 卡 (the middle), or neither."""
    if kind != "chow":
        return None
    if tile == first + 1:
        return "ka"
    if (tile == first + 2 and first % 9 == 0) or (tile == first and first % 9 == 6):
        return "bian"
    return None


_CHOW_STARTS: Final = tuple(t for t in range(27) if t % 9 <= 6)


def _some_reading(h: list[int], sets: int, need_chow: bool, need_pong: bool) -> bool:
    """Whether some standard reading of the complete hand ``h`` (``sets`` sets and a pair, no
    wildcard) has a chow when ``need_chow`` and a pong or a 红中 pair when ``need_pong``: what
    `reading_traits` answers, asked where it can be without listing the readings.  A complete
    hand has some reading, so with nothing needed the answer is yes; a reading with a chow
    exists when taking some chow out of the hand leaves one set fewer and a pair; a reading
    with a pong, when taking some pong out does."""
    if need_chow and not any(h[t] and h[t + 1] and h[t + 2] for t in _CHOW_STARTS):
        return False
    if need_pong and h[_RED] < 2 and max(h) < 3:
        return False
    if need_chow and need_pong:
        return any(chow and (pong or pair == _RED) for chow, pong, pair in reading_traits(h, sets))
    if need_chow:
        for t in _CHOW_STARTS:
            if h[t] and h[t + 1] and h[t + 2]:
                h[t] -= 1
                h[t + 1] -= 1
                h[t + 2] -= 1
                found = is_standard_win(h, 0, sets - 1)
                h[t] += 1
                h[t + 1] += 1
                h[t + 2] += 1
                if found:
                    return True
        return False
    if need_pong:
        for t, n in enumerate(h):
            if n >= 3:
                h[t] -= 3
                found = is_standard_win(h, 0, sets - 1)
                h[t] += 3
                if found:
                    return True
        return h[_RED] >= 2 and any(pair == _RED for _, _, pair in reading_traits(h, sets))
    return True
