"""What a ruleset is: options as data, a rule table, and the hooks the engine asks.

The engine knows the mechanics every mahjong game shares (turns, draws, discards, claims,
kongs, the wall); a `Ruleset` subclass answers every question on which rulesets differ.
Rulesets are found by name or alias in a registry, like python-chess's variants:
``get_ruleset("诸暨")`` and ``get_ruleset("zhuji")`` give the same class.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final, Generic, Literal, NamedTuple, TypeAlias, TypeVar

from mypy_extensions import mypyc_attr

import paipu.record as r
from paipu.hand.profile import SHAPES, ShapeProfile
from paipu.record import SEATS, Seat, Span
from paipu.replay.options import (
    NoOptions,
    option_specs,
    option_text,
    parse_options,
)
from paipu.replay.options_type import OptionsT
from paipu.replay.result import (
    NO_GAME_END,
    FinalPoints,
    GameEnd,
    HandResult,
    Payments,
    SessionState,
    ValueItem,
    WinAnalysis,
    WinContext,
)
from paipu.replay.state import HandState, Meld
from paipu.tiles import Tile
from paipu.value import Frozen

Claim: TypeAlias = Literal["chow", "pong", "kong"]
CLAIM_PRIORITY: dict[str, int] = {"hu": 3, "kong": 2, "pong": 2, "chow": 1}
VALUE_KINDS: tuple[str, ...] = ("tai", "fan", "mult", "yaku", "han", "fu")
"""The middle part of a value item's rule id (``NAME.KIND.ID``): zhuji.tai.…, hebei.fan.…,
riichi.yaku.… (a yaku and its han), riichi.han.… (dora), riichi.fu.… (the fu)."""
"""Common to all rulesets (docs/rules/README.md): win > pong/kong > chow."""


class Rule(Frozen):
    """One row of a ruleset's rule table: what findings and value items cite."""

    __slots__ = ("aliases", "id", "name_zh", "source", "text")
    _fields = ("id", "text", "source", "name_zh", "aliases")
    id: Final[str]
    text: Final[str]
    source: Final[str]
    name_zh: Final[str]
    aliases: Final[tuple[str, ...]]
    """Other names a recorded value item may use (``zhong`` for 中发白)."""

    def __init__(self, id: str, text: str, source: str, name_zh: str = "", aliases: tuple[str, ...] = ()) -> None:
        self.id = id
        self.text = text
        self.source = source
        self.name_zh = name_zh
        self.aliases = aliases


ENGINE_ROWS: dict[str, str] = {
    "claims": "common.claim",
    "winning": "common.win",
    "exhausted": "common.end",
    "dealer": "common.deal",
    "payment": "common.result",
}
"""The rows of its own table a ruleset is expected to have (the engine cites them), and the
common rule cited in place of a missing one."""


class TableWord(Frozen):
    """A line word a ruleset adds to records: a setup line (Zhuji's ``caishen``) or a table
    event (Harbin's ``bao``), with the names reports show for it."""

    __slots__ = ("aliases", "label", "label_zh", "name", "phrase", "secret", "stands_for", "stands_for_zh")
    _fields = ("name", "label", "label_zh", "aliases", "stands_for", "stands_for_zh", "secret", "phrase")
    name: Final[str]
    label: Final[str]
    """How an English report names it (``宝 (treasure)``)."""
    label_zh: Final[str]
    """How a Chinese report names it (``宝牌``)."""
    aliases: Final[tuple[str, ...]]
    """Other spellings a record may write it in (``财神``, ``財神``): read as `name` (`Ruleset.own_words`)."""
    stands_for: Final[str]
    """When its tiles are wildcards: how a report says what one stands for (``财神 as``)."""
    stands_for_zh: Final[str]
    secret: Final[bool]
    """Known to no player during the hand (riichi's ura dora): a teaching view does not show it."""
    phrase: Final[str]
    """How a finding names the word in a record of a ruleset that does not have it (Harbin's
    treasure tile: ``宝牌``); "" names it as the word's event."""

    def __init__(self, name: str, label: str, label_zh: str, aliases: tuple[str, ...] = (), stands_for: str = "",
                 stands_for_zh: str = "", secret: bool = False, phrase: str = "") -> None:
        self.name = name
        self.label = label
        self.label_zh = label_zh
        self.aliases = aliases
        self.stands_for = stands_for
        self.stands_for_zh = stands_for_zh
        self.secret = secret
        self.phrase = phrase


_Named = TypeVar("_Named", r.SetupTiles, r.TableEvent)
"""A line named by a ruleset's word."""


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, and still subclassed anywhere
class Ruleset(Generic[OptionsT]):
    """Base class: the defaults shared by most rulesets; subclasses override what differs.

    ``Ruleset[ZhujiOptions]`` is a ruleset whose ``options`` are a ``ZhujiOptions`` (its
    ``Options`` class); a bare ``Ruleset`` has options of any type.  In the compiled build the
    class and the built-in rulesets are compiled classes whose hooks the engine calls directly;
    a ruleset of your own subclasses them as any Python class, and its overrides are called.
    """

    name: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    title: ClassVar[str] = ""
    unit: ClassVar[str] = "fan"
    """What a win's value is counted in (台, 番, 倍), for messages."""
    unit_zh: ClassVar[str] = "番"
    seats: ClassVar[tuple[Seat, ...]] = SEATS
    tile_counts: tuple[int, ...] = tuple([4] * 34 + [0] * 8)
    """Copies of each kind (42 slots); a ruleset may set it per instance from an option."""
    claims: ClassVar[frozenset[str]] = frozenset({"chow", "pong", "kong"})
    uses_flowers: bool = False
    """Whether the set has flowers; a ruleset may set it per instance from an option."""
    red_fives: bool = False
    """Whether the set has red fives (``0m 0p 0s``, one of each in place of a plain five):
    riichi (a ruleset may set it per instance from an option).  In a ruleset without them a red
    five is reported as a bad tile."""
    shapes: ClassVar[tuple[str, ...]]
    """The winning shapes, as `paipu.hand.profile.SHAPES` names them: standard, seven_pairs,
    seven_pairs_fours (a four-of-a-kind is two pairs), orphans, quanzipai (all honours).
    Every ruleset states its own: a ruleset without them is refused when it is defined."""
    profile_note: ClassVar[str] = ""
    """What the shapes leave out (conditions shanten does not model), shown by `paipu analyze`."""
    strategy: ClassVar[str | None] = None
    """The simulator's bots for this ruleset, as ``"module:Class"`` (a `paipu.sim.bots.Strategy`);
    None plays with the plain strategy."""
    wildcards: ClassVar[bool] = False
    """Whether hands have wildcards (财神) that can always be drawn."""
    multi_win: bool = False
    """Several winners on one discard; a ruleset may set it per instance from an option."""
    optional_items: ClassVar[frozenset[str]] = frozenset()
    """Value items a recorded ``fan`` line may leave out without a finding (riichi's ``fu``, which
    logs omit from mangan up); when recorded they are compared like any other."""
    table_pot: ClassVar[bool] = False
    """Whether payments go to and come from the table as well as between seats (riichi sticks):
    then a hand's recorded payments need not add up to 0."""
    last_discard_claims: ClassVar[frozenset[str]] = frozenset({"chow", "pong", "kong", "hu"})
    """What may be claimed of the discard that follows the last draw (before `exhausted`)."""
    rules: ClassVar[dict[str, Rule]] = {}
    Options: ClassVar[type[Any]] = NoOptions
    setup_words: ClassVar[dict[str, TableWord]] = {}
    """The ruleset's own setup lines, by name (the hook `setup_hand` reads them)."""
    events: ClassVar[dict[str, TableWord]] = {}
    """The ruleset's table events, by name (the hook `on_event` plays them)."""

    _rule_ids: dict[str, str] | None = None
    """The full ids `rule` has answered (a cache of this instance)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not getattr(cls, "shapes", None):
            raise TypeError(f"ruleset {cls.__name__} must state its winning shapes (`shapes = (\"standard\",)`)")
        unknown = set(cls.shapes) - set(SHAPES)
        if unknown:
            raise TypeError(f"ruleset {cls.__name__}: unknown shapes {sorted(unknown)}; known: {', '.join(SHAPES)}")
        _CLASS_DEFAULTS[cls] = _class_body_defaults(cls)

    def __init__(self, options: Any = None) -> None:
        self.options: OptionsT = options if options is not None else self.Options()
        for attr, value in _CLASS_DEFAULTS.get(type(self), ()):
            setattr(self, attr, value)

    def __repr__(self) -> str:
        options: Any = self.options
        given = {spec.name: getattr(options, spec.name) for spec in option_specs(type(options))
                 if getattr(options, spec.name) != spec.default}
        args = "".join(f", {k}={v!r}" for k, v in given.items())
        return f"get_ruleset({self.name!r}{args})"

    def option_texts(self) -> dict[str, str]:
        """The options that differ from their defaults, as a record's ``[Option]`` tags write them."""
        out: dict[str, str] = {}
        options: Any = self.options
        for spec in option_specs(type(options)):
            value = getattr(options, spec.name)
            if value != spec.default:
                out[spec.name] = option_text(value)
        return out

    @property
    def profile(self) -> ShapeProfile:
        """The shapes, tiles and wildcards the hand analysis (shanten, waits, odds) uses."""
        return ShapeProfile(self.name, self.shapes, tuple(self.tile_counts[:34]), self.wildcards, self.profile_note)

    # ---- table
    @classmethod
    def rule_prefix(cls) -> str:
        """What this ruleset's rule ids start with: the name of the ruleset whose table it has
        (a variant that only renames a built-in ruleset cites the built-in's rules)."""
        for klass in cls.__mro__:
            own = vars(klass)
            if "rules" in own and own.get("name"):
                return str(own["name"])
        return cls.name

    def rule(self, rid: str) -> str:
        """The full id of a rule of this ruleset (``claims`` -> ``zhuji.claims``).

        A ruleset whose table lacks one of the rows the engine cites (`ENGINE_ROWS`) has the
        common rule cited in its place; the conformance suite reports the missing row.
        """
        # One string per id, not one per finding: a hand of thousands of findings cites a few rules.
        cache = self._rule_ids
        if cache is None:
            cache = self._rule_ids = {}
        full = cache.get(rid)
        if full is None:
            full = cache[rid] = self._rule(rid)
        return full

    def _rule(self, rid: str) -> str:
        prefix = self.rule_prefix()
        full = rid if "." in rid and rid.split(".")[0] in (prefix, "common") else f"{prefix}.{rid}"
        if full in self.rules or full.startswith("common."):
            return full
        return ENGINE_ROWS.get(rid.split(".")[-1], "common.header")

    @classmethod
    def rule_text(cls, rid: str, lang: str = "en") -> str:
        """The text of rule ``rid`` (a full id) in ``lang`` ("en", "zh"), from the
        `translated_rule_texts`; English where there is none; "" for no such rule."""
        rule = cls.rules.get(rid)
        if rule is None:
            return ""
        return (translated_rule_texts(cls, lang).get(rid) if lang != "en" else None) or rule.text

    def rule_or_common(self, rid: str, fallback: str) -> str:
        """This ruleset's rule ``rid`` if it has one, else the common rule ``fallback``."""
        full = f"{self.rule_prefix()}.{rid}"
        return full if full in self.rules else fallback

    def next_seat(self, seat: Seat) -> Seat:
        i = self.seats.index(seat)
        return self.seats[(i + 1) % len(self.seats)]

    def seats_after(self, seat: Seat) -> tuple[Seat, ...]:
        """The other seats in turn order, counter-clockwise from ``seat`` (claim priority order)."""
        i = self.seats.index(seat)
        return self.seats[i + 1:] + self.seats[:i]

    def deal_size(self, is_dealer: bool) -> int:
        return 14 if is_dealer else 13

    @property
    def total_tiles(self) -> int:
        return sum(self.tile_counts)

    # ---- hand setup and events
    #
    # The hooks that may find a problem take ``apply``: they report what is wrong with the
    # action (``hand.error``) and change the hand only when ``apply`` is true, so that the
    # engine's `check` (apply false) and `play` (apply true) run the same rule.
    def own_words(self, record: r.Record) -> r.Record:
        """``record`` with every setup line and table event written in another spelling of one of
        this ruleset's words (`TableWord.aliases`: ``财神 5p`` for ``caishen 5p``) named by the word
        itself, as the hooks, reports and the writer read it; ``record`` itself when none is."""
        spelled = {alias: word.name for words in (self.setup_words, self.events)
                   for word in words.values() for alias in word.aliases}
        if not spelled:
            return record
        def respelled(line: _Named) -> _Named:
            return r.replace(line, name=spelled[line.name]) if line.name in spelled else line

        hands: list[r.HandRecord] = []
        for hand in record.hands:
            extra = hand.extra
            if any(line.name in spelled for line in extra):
                extra = tuple(respelled(line) for line in extra)
            actions = hand.actions
            if any(type(a) is r.TableEvent and a.name in spelled for a in actions):
                actions = tuple(respelled(a) if type(a) is r.TableEvent else a for a in actions)
            hands.append(hand if extra is hand.extra and actions is hand.actions
                         else r.replace(hand, extra=extra, actions=actions))
        if all(a is b for a, b in zip(hands, record.hands, strict=True)):
            return record
        return r.replace(record, hands=tuple(hands))

    def setup_hand(self, hand: HandState) -> None:
        """Read the hand's ruleset-specific setup lines (`setup_words`: 财神, …); add findings to ``hand``.
        A line whose word is not one of `setup_words` is reported by the engine before this is called."""

    def reserve(self, hand: HandState) -> int:
        """How many tiles stay in the wall: no draw may take it below this."""
        return 0

    def seat_walls(self, hand: HandState) -> tuple[int, ...] | None:
        """The size of each seat's own wall after the deal, in `seats` order, where every seat
        draws (ordinary and replacement draws alike) from a wall of its own; None, the
        default, where all draw from one wall.

        With walls of their own, a ``wall`` line lists them one after another in seat order,
        each in the order its seat draws it, and a seat due to draw a replacement that its
        wall cannot give ends the hand as exhausted, as a seat due to draw after a discard
        does (`draws_left`)."""
        return None

    def draws_left(self, hand: HandState, seat: Seat) -> int:
        """How many more tiles ``seat`` may draw now, ordinary and replacement draws alike (0
        or less: none).  The hand is exhausted when the seat due to draw has none: after a
        discard, the discarder's next seat; after a kong or a flower, the seat that owes the
        replacement.  So the last tile (and the discard after it) is the one after which the
        seat due to draw next has none, and only `last_discard_claims` may take that discard.

        The default: the one wall down to its `reserve`, whoever draws; with walls of the
        seats' own (`seat_walls`), what is left of the seat's own."""
        walls = self.seat_walls(hand)
        if walls is None:
            return hand.wall.size - self.reserve(hand)
        return walls[self.seats.index(seat)] - hand.seats[seat].draws

    def is_wild(self, hand: HandState, seat: Seat, tile_index: int) -> bool:
        return False

    def check_meld(self, hand: HandState, seat: Seat, kind: str, tile_indexes: list[int], span: Span,
                   apply: bool) -> None:
        """Ruleset limits on what may be melded (e.g. no 财神 in a meld)."""

    def may_win_on_discard(self, hand: HandState, seat: Seat) -> bool:
        return True

    def may_rob_kong(self, hand: HandState, robber: Seat, konger: Seat) -> bool:
        return True

    def ready_allowed(self) -> bool:
        return False

    def check_ready(self, hand: HandState, seat: Seat, action: r.Ready, apply: bool) -> None:
        """Whether a ready declaration may be made now (before its discard)."""

    def on_ready_discard(self, hand: HandState, seat: Seat, action: r.Discard, apply: bool) -> None:
        """The discard after ``ready`` (the hand is the one after it): check the hand is ready,
        and mark the seat ready."""
        if apply:
            hand.seats[seat].ready = True

    def check_discard(self, hand: HandState, seat: Seat, action: r.Discard, apply: bool) -> None:
        """Ruleset limits on a discard (a ready hand may only discard its draw, …)."""

    def check_kong(self, hand: HandState, seat: Seat, action: r.Kong | r.AnKong | r.AddKong, apply: bool) -> None:
        """Ruleset limits on a kong (after a ready declaration, the hand must stay ready)."""

    def marked_tiles(self, hand: HandState) -> tuple[Tile, ...]:
        """Every kind the ruleset marks on the table for reports (Harbin: the 宝 kinds)."""
        return (hand.marked_tile,) if hand.marked_tile is not None else ()

    def before_action(self, hand: HandState, action: r.Action | None, apply: bool) -> None:
        """Called before every action is checked, and once with ``None`` when the hand ends:
        for what a ruleset owes at a given moment (a 宝 to turn) whatever comes next."""

    def plain_draw(self, hand: HandState, action: r.Draw) -> None:
        """`before_action` of a plain draw (the next seat's draw of the wall's next tile after a
        discard, above the reserve), in one call, asked by the audit's loop
        (`paipu.replay.engine.HandEngine.play_all`) after its own tests of the draw instead of
        before them.  A ruleset overrides it, with `plain_discard`, only where its `before_action`
        and `check_discard` change nothing those tests read on such a move (the phase, the turn,
        the seats' tiles and ready declarations, the wall, what `reserve` answers): the loop then
        also asks `reserve` once until an action that is not plain.  The loop asks it only of a
        class that gives both, and no subclass's own `before_action` or `check_discard` after
        them.  The default: `before_action`."""
        self.before_action(hand, action, True)

    def plain_discard(self, hand: HandState, action: r.Discard) -> None:
        """`before_action` then `check_discard` of a plain discard (the seat's own turn to
        discard, a tile it holds, no ready declaration owed), in one call, as `plain_draw` says."""
        self.before_action(hand, action, True)
        self.check_discard(hand, action.seat, action, True)

    def on_event(self, hand: HandState, event: r.TableEvent, apply: bool) -> bool:
        """A table event (`events`: Harbin's ``bao``); return False if this ruleset has no such event."""
        return False

    # ---- what players see on the table (asked by reports and `check`'s summary, never by the audit)
    ready_word: ClassVar[TableWord] = TableWord("ready", "ready (听)", "报听")
    """How a ready declaration is named (riichi: 立直): the board's tag of a seat that declared."""
    draw_reasons: ClassVar[dict[str, TableWord]] = {}
    """The ways a hand ends with no winner other than an exhausted wall (riichi's abortive
    draws), by the word `end_reason` gives: how reports and ``check`` name each."""

    def end_reason(self, hand: HandState) -> str:
        """Why a hand that ended with no winner ended, when the wall was not exhausted: a word of
        `draw_reasons` (riichi: ``kyuushu``); "" for an exhausted wall (the default)."""
        return ""

    def hand_name(self, hand: HandState, lang: str = "en") -> str:
        """What players call the hand once it is set up, in ``lang`` ("en" or "zh"): riichi's
        東1局 0本場, the prevalent wind of a ruleset that has one; "" (the default) for none,
        and reports number the hand (Hand 3)."""
        return ""

    def table_scores(self, hand: HandState) -> dict[Seat, int] | None:
        """Each seat's score on the table now, during the hand, as players count it (riichi: from
        the start score, a riichi stick taken off once the declaration stands); None (the
        default): the session's scores as the hand began, unchanged until it is settled."""
        return None

    def table_counters(self, hand: HandState, settled: bool = False) -> dict[str, int]:
        """The ruleset's counters on the table now, by setup word (riichi: ``honba`` and
        ``sticks``, the riichi sticks on the table); with ``settled``, asked once the hand is
        settled, what it leaves there.  Reports show them in place of the setup lines' values."""
        return {}

    def red_fives_held(self, hand: HandState, seat: Seat) -> frozenset[int]:
        """The kinds (indices) of which ``seat`` holds the red five, among its concealed tiles or
        in its melds; none (the default) in a ruleset without red fives."""
        return frozenset()

    def secret_shown(self, hand: HandState, winner: Seat) -> bool:
        """Whether ``winner``'s win shows every player the secret setup lines (`TableWord.secret`:
        riichi's ura dora, turned over for a win in riichi); False by default."""
        return False

    def value_words(self, win: WinAnalysis, lang: str = "en") -> str:
        """A win's value as players say it, in ``lang``: its total and `unit` (``4 tai``, ``4台``)
        by default; riichi: han and fu and the limit reached (``5 han 40 fu, mangan``), or
        ``yakuman``."""
        return f"{win.total}{self.unit_zh}" if lang == "zh" else f"{win.total} {self.unit}"

    # ---- a table outside a replay, and the value of a hand
    def table(self, dealer: Seat | None = None, *, setup: tuple[r.SetupTiles, ...] = ()) -> HandState:
        """An empty table of this ruleset (no tiles dealt), for what-if questions: the
        ruleset's setup lines (``setup``: a ``caishen`` line…) are read as in a replay."""
        hand = r.HandRecord(1, r.Span.none(), extra=setup)
        st = HandState(self.seats, hand, dealer or self.seats[0])
        self.setup_hand(st)
        return st

    def value(
        self,
        tiles: Sequence[Tile],
        *,
        melds: Sequence[tuple[str, Sequence[Tile]]] = (),
        seat: Seat | None = None,
        dealer: Seat | None = None,
        self_drawn: bool = True,
        robbed: bool = False,
        after_kong: bool = False,
        first_draw: bool = False,
        last_tile: bool = False,
        ready: bool = False,
        setup: tuple[r.SetupTiles, ...] = (),
    ) -> WinAnalysis:
        """What a complete hand is worth under this ruleset, exactly as the engine values a win.

        ``tiles`` are the concealed tiles, the winning tile last (wildcards included); ``melds``
        are ``(kind, tiles)`` pairs made before the win (kind ``chow``, ``pong``, ``kong``,
        ``ankong`` or ``addkong``).  A win on a discard (``self_drawn=False``) is from the seat
        after the winner; ``first_draw`` by the dealer is 天和, by another seat 地和.  The
        ruleset's setup lines (Zhuji's ``caishen``) come as ``setup``.
        """
        if not tiles:
            raise ValueError("a hand to value needs its tiles")
        dealer = dealer or self.seats[0]
        winner = seat or (dealer if first_draw and self_drawn else self.next_seat(dealer))
        st = self.table(dealer, setup=setup)
        ss = st.seats[winner]
        for t in tiles:
            ss.counts[t.index] += 1
        ss.ready = ready
        for kind, meld_tiles in melds:
            if kind not in ("chow", "pong", "kong", "ankong", "addkong"):
                raise ValueError(f"not a meld kind: {kind!r}")
            ss.melds.append(Meld(kind, list(meld_tiles)))  # type: ignore[arg-type]
        on_discard = robbed or not self_drawn
        ctx = WinContext(
            winner, tiles[-1], self_drawn=not on_discard,
            from_seat=self.next_seat(winner) if on_discard else None,
            robbed=robbed, after_kong=after_kong,
            first_draw=first_draw, dealer_first=first_draw and winner == dealer and not on_discard,
            last_tile=last_tile,
        )
        return self.analyse_win(st, ctx)

    # ---- wins and settlement
    def analyse_win(self, hand: HandState, ctx: WinContext) -> WinAnalysis:
        raise NotImplementedError

    def below_minimum(self, hand: HandState, ctx: WinContext) -> str:
        """A cheap bound on the value of ``ctx.seat``'s win (its tiles as `analyse_win` sees
        them), asked where only whether the win is legal matters (`HandEngine.can`), before
        the full analysis: the id of the ruleset's rule of a minimum value when the bound
        shows that no reading of the hand can reach it, so that `analyse_win` would find no
        win; "" when the bound decides nothing.  It must never answer for a hand that
        `analyse_win` accepts.  The default has no bound."""
        return ""

    def settle(self, hand: HandState, result: HandResult, session: SessionState) -> Payments:
        raise NotImplementedError

    def new_session_data(self) -> object:
        """The ruleset's own state to carry from hand to hand in a new session (riichi's round
        wind, honba and sticks), one object of a class of its own: the session's
        `SessionState.ruleset_data`, which each hand has as `HandState.session_data`.  Hooks
        find it again with an isinstance check; nothing of a session is kept on the ruleset,
        so that one ruleset replays any number of sessions, even taking turns.  None (the
        default): the ruleset carries nothing of its own."""
        return None

    def game_over(self, session: SessionState) -> bool:
        """Whether the last hand settled in ``session`` ended the game (riichi: a seat below
        0 …); the simulator starts a new game there."""
        return False

    def next_dealer(self, result: HandResult, session: SessionState) -> Seat:
        """Who deals after the hand ``result`` just settled in ``session``.  Dealer wins or the
        hand is drawn: the dealer stays; otherwise the next seat deals."""
        if result.result != "win" or result.dealer in result.winners:
            return result.dealer
        return self.next_seat(result.dealer)

    # ---- the end of the record
    def start_score(self) -> int:
        """Each seat's score at the start of a record without ``[Score]`` tags, for what a record
        states in absolute scores (``[Final]``): 0 unless the ruleset has a starting score of its
        own (riichi's option ``start_score``).  The replay's scores count from 0 all the same."""
        return 0

    def settle_game(self, last: HandResult, scores: Mapping[Seat, int], session: SessionState) -> GameEnd:
        """What moves when the game is over after the record's last hand ``last`` (settled in
        ``session``, ``scores`` the scores after it): riichi's sticks left on the table go to first place.
        Asked once, after the last hand; a ruleset that moves anything says so in a note on
        ``last``.  The default moves nothing."""
        return NO_GAME_END

    def final_points(self, scores: Mapping[Seat, int]) -> dict[Seat, FinalPoints] | None:
        """Each seat's final points for the absolute final ``scores`` (uma, oka and rounding as
        the ruleset has them), which a record's ``[Points]`` tags are checked against; None for
        a ruleset with no points rule (the default): its ``[Points]`` are kept, not checked."""
        return None

    @classmethod
    def value_item_ids(cls) -> list[str]:
        """The ids of the ruleset's value items: the rows ``NAME.KIND.ID`` for each of `VALUE_KINDS`."""
        return [rid.split(".")[2] for rid in cls.rules
                if rid.count(".") == 2 and rid.split(".")[1] in VALUE_KINDS]

    def shared_item(self, rule_id: str, rid: str, value: int, count: int = 1) -> ValueItem:
        """The value item ``rid`` worth ``value`` under the rule ``rule_id``: items are immutable
        values, so each distinct one is made once per rule table and shared by every win."""
        cache = _SHARED_ITEMS.get(id(self.rules))
        if cache is None or cache[0] is not self.rules:
            cache = _SHARED_ITEMS[id(self.rules)] = (self.rules, {})
        key = (rule_id, value, count)
        found = cache[1].get(key)
        if found is None:
            rule = self.rules[rule_id]
            found = cache[1][key] = ValueItem(rid, value, rule.id, rule.name_zh.split("/")[0], count)
        return found

    def fan_item(self, prefix: str, fid: str, value: int, count: int) -> ValueItem:
        """The fan ``fid`` counted ``count`` times, worth ``value`` in all, under the rule
        ``prefix + fid`` (its Chinese name whole): made once per rule table, fan and count, and
        shared by every win valued with that table (a record makes its own ruleset; the table
        is its class's)."""
        rules = self.rules
        known = _FAN_ITEMS.get(id(rules))
        if known is None or known[0] is not rules:
            known = _FAN_ITEMS[id(rules)] = (rules, {})
        made = known[1]
        key = (fid, count)
        found = made.get(key)
        if found is None:
            rule = rules[prefix + fid]
            found = made[key] = ValueItem(fid, value, rule.id, rule.name_zh, count)
        return found

    def item_ids(self) -> Mapping[str, str]:
        """Every name a recorded value item may use (id or Chinese name) -> its id.

        Built once per ruleset class and shared (read it, do not change it).
        """
        hit = _ITEM_IDS.get(type(self))
        if hit is not None and hit[0] is self.rules:
            return hit[1]
        out: dict[str, str] = {}
        for rid, rule in self.rules.items():
            parts = rid.split(".")
            if len(parts) == 3 and parts[1] in VALUE_KINDS:
                out[parts[2]] = parts[2]
                for other in (*rule.name_zh.split("/"), *rule.aliases):
                    if other:
                        out[other] = parts[2]
        _ITEM_IDS[type(self)] = (self.rules, out)
        return out

    def item_id(self, name: str) -> str | None:
        """The id of the value item a record names ``name`` (its id, Chinese name or alias, in
        any case), or None when the ruleset has no such item."""
        names = self.item_ids()
        return names.get(name) or names.get(name.lower())


INSTANCE_DEFAULTS: tuple[str, ...] = ("tile_counts", "red_fives", "multi_win", "uses_flowers")
"""The attributes of `Ruleset` each instance holds, a class body giving their default."""

_CLASS_DEFAULTS: dict[type, tuple[tuple[str, object], ...]] = {}


def _class_body_defaults(cls: type) -> tuple[tuple[str, object], ...]:
    """The `INSTANCE_DEFAULTS` a Python class body of ``cls`` or of a base sets (``multi_win =
    True``), for ``__init__`` to set on each instance.  In the compiled build these attributes
    are slots of the compiled class (its class holds a descriptor, the default is in the
    instance already); a value a plain subclass's body gives would hide the slot from Python
    while the compiled code reads the slot, so it is taken out of the class here (kept in
    `_OWN_DEFAULTS`) and set through the slot by ``__init__``."""
    own = vars(cls)
    for attr in INSTANCE_DEFAULTS:
        if attr in own and not _is_slot(own[attr]) and any(
                _is_slot(vars(base).get(attr)) for base in cls.__mro__[1:]):
            _OWN_DEFAULTS.setdefault(cls, {})[attr] = own[attr]
            delattr(cls, attr)
    found: list[tuple[str, object]] = []
    for attr in INSTANCE_DEFAULTS:
        for klass in cls.__mro__:
            taken = _OWN_DEFAULTS.get(klass)
            if taken is not None and attr in taken:
                found.append((attr, taken[attr]))
                break
            if attr in vars(klass):
                value = vars(klass)[attr]
                if not _is_slot(value):
                    found.append((attr, value))
                break
    return tuple(found)


def _is_slot(value: object) -> bool:
    """Whether a class attribute is a compiled class's slot (a data descriptor), not a value."""
    return value is not None and hasattr(type(value), "__set__")


_OWN_DEFAULTS: dict[type, dict[str, object]] = {}


_SHARED_ITEMS: dict[int, tuple[object, dict[tuple[str, int, int], ValueItem]]] = {}
_FAN_ITEMS: dict[int, tuple[object, dict[tuple[str, int], ValueItem]]] = {}
"""The items `Ruleset.fan_item` has made, by the id of the rule table they cite (kept with it)."""
_ITEM_IDS: dict[type, tuple[dict[str, Rule], dict[str, str]]] = {}


_REGISTRY: dict[str, type[Ruleset]] = {}
"""Every ruleset class loaded, by its name and aliases in lower case: the one registry."""

ENTRY_POINT_GROUP = "paipu.rulesets"
"""Where every ruleset is declared, the built-in ones included: each entry of the group names a
`Ruleset` subclass (``zhuji = "paipu.rules.zhuji:Zhuji"``), under the ruleset's name."""

_OWN_DISTRIBUTION = "paipu"

BUILTIN_ALIASES: Final[dict[str, str]] = {
    "国标": "mcr", "國標": "mcr", "国标麻将": "mcr", "國標麻將": "mcr", "chinese-official": "mcr", "mcr-botzone": "mcr",
    "诸暨": "zhuji", "諸暨": "zhuji", "诸暨麻将": "zhuji", "諸暨麻將": "zhuji",
    "河北": "hebei", "河北麻将": "hebei", "河北麻將": "hebei",
    "二人": "erren", "二人麻将": "erren", "二人麻將": "erren", "2人麻将": "erren",
    "哈尔滨": "harbin", "哈尔滨麻将": "harbin", "哈爾濱": "harbin", "哈爾濱麻將": "harbin",
    "tenhou": "riichi", "立直麻雀": "riichi", "日麻": "riichi", "リーチ麻雀": "riichi",
}
"""The aliases the built-in rulesets declare (each class's ``aliases``), in lower case, and the
name of the entry point of the ruleset that declares each: a record naming a built-in ruleset by
an alias (``国标``) loads that ruleset alone.  A test checks that it lists what the classes say."""


class RulesetEntry(NamedTuple):
    """One ``paipu.rulesets`` entry point: the ruleset's name, where its class is, and whether
    paipu itself declares it (a built-in ruleset)."""

    name: str
    target: str
    builtin: bool


_loaded = False
_entries: tuple[RulesetEntry, ...] | None = None


def _own_names(cls: type[Ruleset]) -> tuple[str, ...]:
    """A class's name and the aliases it declares itself: a variant does not take its parent's."""
    return (cls.name, *vars(cls).get("aliases", ()))


def register(cls: type[Ruleset]) -> type[Ruleset]:
    """Make a ruleset class known by its name and aliases (a later class with a name wins).

    Installed rulesets are registered from their entry points; this is for a class made in a
    program (a variant tried out, a test's)."""
    for key in _own_names(cls):
        _REGISTRY[key.strip().lower()] = cls
    return cls


def unregister(cls: type[Ruleset]) -> None:
    """Forget a ruleset class registered with `register` (its name and aliases)."""
    for key in _own_names(cls):
        if _REGISTRY.get(key.strip().lower()) is cls:
            del _REGISTRY[key.strip().lower()]


def ruleset_entries() -> tuple[RulesetEntry, ...]:
    """The ``paipu.rulesets`` entry points of the installed packages, paipu's own first (so
    that an outside package declaring a built-in ruleset's name takes it), read once."""
    global _entries
    if _entries is None:
        found = _read_entries()
        if found is None:
            found = _metadata_entries()
        _entries = (*[e for e in found if e.builtin], *[e for e in found if not e.builtin])
    return _entries


def builtin_ruleset_names() -> list[str]:
    """The names of the rulesets paipu itself declares, sorted."""
    return sorted({e.name for e in ruleset_entries() if e.builtin})


def _load_entry(entry: RulesetEntry) -> type[Ruleset] | None:
    """Import an entry point's class and register it under its names and the entry's.

    An outside package's entry that fails to load is skipped with a warning on standard
    error (one broken plug-in must not stop the audit of records that do not use it); a
    built-in's failure is paipu's own bug and raises."""
    import importlib
    import sys

    module, _, attr = entry.target.partition(":")
    try:
        cls: object = importlib.import_module(module.strip())
        for part in attr.strip().split("."):
            cls = getattr(cls, part)
    except Exception as e:
        if entry.builtin:
            raise
        print(f"paipu: warning: ruleset entry point {entry.name!r} ({entry.target}) cannot be loaded: {e}",
              file=sys.stderr)
        return None
    if not (isinstance(cls, type) and issubclass(cls, Ruleset)):
        print(f"paipu: warning: ruleset entry point {entry.name!r} ({entry.target}) is not a Ruleset subclass",
              file=sys.stderr)
        return None
    register(cls)
    _REGISTRY[entry.name.strip().lower()] = cls
    return cls


def _load() -> None:
    """Load every ruleset the entry points declare, once."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for entry in ruleset_entries():
        _load_entry(entry)


def _read_entries() -> list[RulesetEntry] | None:
    """The ``paipu.rulesets`` entry points, read without importing ``importlib.metadata``
    (whose import alone costs more than a short check), or None where this look cannot see.

    The folders on ``sys.path`` are where `importlib.metadata` finds installed packages: the
    ``entry_points.txt`` of their ``*.dist-info`` and ``*.egg-info`` folders, the first
    package of each name on the path counting, as there.  Anything this look cannot see
    through (a zip file on the path, an import hook that lists packages of its own) gives
    None, and the entry points are then read by `importlib.metadata`."""
    import os
    import sys

    if any(hasattr(f, "find_distributions") and getattr(f, "__name__", "") != "PathFinder" for f in sys.meta_path):
        return None
    seen: set[str] = set()
    found: list[RulesetEntry] = []
    for entry in list(sys.path):
        if not isinstance(entry, str):
            return None
        folder = entry or "."
        if not os.path.isdir(folder):
            if os.path.exists(folder):
                return None  # a zip file
            continue
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            continue
        for name in names:
            stem, dot, suffix = name.rpartition(".")
            if not dot or suffix.lower() not in ("dist-info", "egg-info"):
                continue
            package = _normalized(stem.partition("-")[0])
            if package in seen:
                continue
            seen.add(package)
            try:
                with open(os.path.join(folder, name, "entry_points.txt"), encoding="utf-8", errors="replace") as f:
                    text = f.read()
            except OSError:
                continue  # no entry points (or an egg-info file, which holds none)
            if ENTRY_POINT_GROUP in text:
                found += _group_entries(text, package == _OWN_DISTRIBUTION)
    return found


def _normalized(package: str) -> str:
    """A package's name as `importlib.metadata` compares them (``Club.Rules`` is ``club_rules``):
    ``re.sub(r"[-_.]+", "_", package).lower()``, without compiling a pattern."""
    name = package.replace("-", "_").replace(".", "_")
    while "__" in name:
        name = name.replace("__", "_")
    return name.lower()


def _group_entries(text: str, builtin: bool) -> list[RulesetEntry]:
    """The ``paipu.rulesets`` entries of an ``entry_points.txt``."""
    group = ""
    out: list[RulesetEntry] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            group = line.strip("[] ")
            continue
        if group == ENTRY_POINT_GROUP:
            name, _, target = line.partition("=")
            target = target.partition("[")[0].strip()  # extras are no concern of ours
            if name.strip() and target:
                out.append(RulesetEntry(name.strip(), target, builtin))
    return out


def _metadata_entries() -> list[RulesetEntry]:
    """The ``paipu.rulesets`` entry points as `importlib.metadata` finds them."""
    from importlib.metadata import entry_points

    return [RulesetEntry(ep.name, ep.value,
                         ep.dist is not None and _normalized(ep.dist.name) == _OWN_DISTRIBUTION)
            for ep in entry_points(group=ENTRY_POINT_GROUP)]


def translated_rule_texts(cls: type[Ruleset], lang: str) -> Mapping[str, str]:
    """A ruleset's rule texts in another language (rule id -> text): the ``TEXTS`` of
    ``texts_<lang>.py`` beside each rule table it has (its package's, those of the rulesets
    it extends, and ``paipu/replay/texts_<lang>.py`` for the common rules)."""
    hit = _TRANSLATED.get((cls, lang))
    if hit is not None:
        return hit
    out: dict[str, str] = {}
    if lang.isidentifier():
        for klass in reversed(cls.__mro__):
            if "rules" in vars(klass):
                out.update(_texts_module(f"{klass.__module__.rpartition('.')[0]}.texts_{lang}"))
    _TRANSLATED[(cls, lang)] = out
    return out


_TRANSLATED: dict[tuple[type[Ruleset], str], dict[str, str]] = {}


@functools.cache
def _texts_module(module: str) -> Mapping[str, str]:
    import importlib

    try:
        texts = getattr(importlib.import_module(module), "TEXTS", {})
    except ModuleNotFoundError as e:
        if e.name != module:
            raise
        return {}
    return dict(texts) if isinstance(texts, dict) else {}


def ruleset_names() -> list[str]:
    """The names of every known ruleset (installed and registered), sorted."""
    _load()
    return sorted({c.name for c in _REGISTRY.values()})


def ruleset_class(name: str) -> type[Ruleset]:
    """The ruleset class for a name or alias; `KeyError` naming the known ones otherwise.

    A name an entry point is declared under, or a built-in ruleset's alias (`BUILTIN_ALIASES`),
    loads that ruleset alone, unless an outside package declares rulesets of its own (one may
    give a class a built-in ruleset's alias): then every ruleset is loaded first."""
    key = name.strip().lower()
    if not _loaded and all(e.builtin for e in ruleset_entries()):
        found = _REGISTRY.get(key)
        if found is None:
            entry_name = BUILTIN_ALIASES.get(key, key)
            entry = next((e for e in ruleset_entries() if e.name.strip().lower() == entry_name), None)
            if entry is not None:
                loaded = _load_entry(entry)
                found = loaded if entry_name == key else _REGISTRY.get(key)
        if found is not None:
            return found
    _load()
    try:
        return _REGISTRY[key]
    except KeyError:
        if not ruleset_entries():
            raise KeyError(f"unknown ruleset {name!r}: no ruleset is installed (paipu's entry points are "
                           f"missing: install paipu, e.g. `pip install -e .` in its folder)") from None
        raise KeyError(
            f"unknown ruleset {name!r}; known rulesets: {', '.join(ruleset_names())}"
        ) from None


def event_phrase(name: str) -> str:
    """How a finding names the table event ``name`` where the record's ruleset has no such event:
    the `TableWord.phrase` a known ruleset gives it, else "the `name` event"."""
    _load()
    for cls in sorted(set(_REGISTRY.values()), key=lambda c: c.name):
        word = cls.events.get(name)
        if word is not None and word.phrase:
            return word.phrase
    return f"`{name}` event"


def get_ruleset(name: str, **options: object) -> Ruleset:
    """A ruleset ready to use: ``get_ruleset("zhuji", min_tai=2)``.

    Options may be given as Python values or as the text a record's ``[Option]`` tag holds;
    an unknown option or a bad value raises `OptionError` naming what is allowed.
    """
    cls = ruleset_class(name)
    return cls(parse_options(cls.Options, {k: option_text(v) for k, v in options.items()}))


