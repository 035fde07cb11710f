"""What a ruleset is: options as data, a rule table, and the hooks the engine asks.

The engine knows the mechanics every mahjong game shares (turns, draws, discards, claims,
kongs, the wall); a `Ruleset` subclass answers every question on which rulesets differ.
Rulesets are found by name or alias in a registry, like python-chess's variants:
``get_ruleset("诸暨")`` and ``get_ruleset("zhuji")`` give the same class.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeAlias

from paipu.record import SEATS, Seat, Span
from paipu.tiles import Tile

if TYPE_CHECKING:
    from paipu.replay.result import HandResult, Payments, SessionState, WinAnalysis, WinContext
    from paipu.replay.state import HandState

Claim: TypeAlias = Literal["chow", "pong", "kong"]
CLAIM_PRIORITY: dict[str, int] = {"hu": 3, "kong": 2, "pong": 2, "chow": 1}
"""Common to all rulesets (RULES.md): win > pong/kong > chow."""


@dataclass(frozen=True, slots=True)
class Rule:
    """One row of a ruleset's rule table: what findings and value items cite."""

    id: str
    text: str
    source: str
    name_zh: str = ""
    aliases: tuple[str, ...] = ()
    """Other names a recorded value item may use (``zhong`` for 中发白)."""


def option(default: Any, doc: str, choices: tuple[str, ...] = ()) -> Any:
    """A ruleset option: a dataclass field with its documentation and allowed values."""
    return dataclasses.field(default=default, metadata={"doc": doc, "choices": choices})


class OptionError(ValueError):
    pass


def parse_options(cls: type[Any], given: Mapping[str, str]) -> Any:
    """Build the options dataclass from ``name -> text`` pairs; `OptionError` names the known ones."""
    fields = {f.name: f for f in dataclasses.fields(cls)}
    hints = typing.get_type_hints(cls)
    values: dict[str, Any] = {}
    for name, text in given.items():
        if name not in fields:
            known = ", ".join(sorted(fields)) or "none"
            raise OptionError(f"unknown option {name!r}; this ruleset's options are: {known}")
        values[name] = _convert(name, text, hints[name], fields[name].metadata.get("choices", ()))
    return cls(**values)


def _convert(name: str, text: str, hint: Any, choices: tuple[str, ...]) -> Any:
    t = text.strip()
    args = typing.get_args(hint)
    is_optional = type(None) in args
    base = next((a for a in args if a is not type(None)), hint) if args else hint
    if is_optional and t.lower() in ("none", "off", ""):
        return None
    if base is bool:
        if t.lower() in ("true", "yes", "on", "1"):
            return True
        if t.lower() in ("false", "no", "off", "0"):
            return False
        raise OptionError(f"option {name} takes true or false, not {text!r}")
    if base is int:
        try:
            return int(t)
        except ValueError:
            raise OptionError(f"option {name} takes a whole number, not {text!r}") from None
    if typing.get_origin(base) is Literal:
        allowed = tuple(str(a) for a in typing.get_args(base))
        if t not in allowed:
            raise OptionError(f"option {name} takes one of {', '.join(allowed)}, not {text!r}")
        return t
    if choices and t not in choices:
        raise OptionError(f"option {name} takes one of {', '.join(choices)}, not {text!r}")
    return t


def describe_options(cls: type[Any]) -> list[tuple[str, str, str]]:
    """(name, default, documentation) for every option, for docs and ``--help``."""
    out = []
    for f in dataclasses.fields(cls):
        default = f.default
        shown = "none" if default is None else str(default).lower() if isinstance(default, bool) else str(default)
        out.append((f.name, shown, str(f.metadata.get("doc", ""))))
    return out


@dataclass(frozen=True)
class NoOptions:
    pass


class Ruleset:
    """Base class: the defaults shared by most rulesets; subclasses override what differs."""

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
    uses_flowers: ClassVar[bool] = False
    shapes: ClassVar[tuple[str, ...]] = ("standard",)
    """The winning shapes, as `paipu.analysis` names them: standard, seven_pairs,
    seven_pairs_fours (a four-of-a-kind is two pairs), orphans, quanzipai (all honours)."""
    wildcards: ClassVar[bool] = False
    """Whether hands have wildcards (财神) that can always be drawn."""
    multi_win: bool = False
    """Several winners on one discard; a ruleset may set it per instance from an option."""
    last_discard_claims: ClassVar[frozenset[str]] = frozenset({"chow", "pong", "kong", "hu"})
    """What may be claimed of the discard that follows the last draw (before `exhausted`)."""
    rules: ClassVar[dict[str, Rule]] = {}
    Options: ClassVar[type[Any]] = NoOptions

    def __init__(self, options: Any = None) -> None:
        self.options = options if options is not None else self.Options()

    # ---- table
    def rule(self, rid: str) -> str:
        """The full id of a rule of this ruleset (``claims`` -> ``zhuji.claims``)."""
        full = rid if "." in rid and rid.split(".")[0] in (self.name, "common") else f"{self.name}.{rid}"
        assert full in self.rules or full.startswith("common."), f"rule {full} not in the table"
        return full

    def rule_or_common(self, rid: str, fallback: str) -> str:
        """This ruleset's rule ``rid`` if it has one, else the common rule ``fallback``."""
        full = f"{self.name}.{rid}"
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
    def setup_hand(self, hand: HandState) -> None:
        """Read the hand's ruleset-specific setup (财神, …); add findings to ``hand``."""

    def reserve(self, hand: HandState) -> int:
        """How many tiles stay in the wall: no draw may take it below this."""
        return 0

    def is_wild(self, hand: HandState, seat: Seat, tile_index: int) -> bool:
        return False

    def check_meld(self, hand: HandState, seat: Seat, kind: str, tile_indexes: list[int], span: Span) -> None:
        """Ruleset limits on what may be melded (e.g. no 财神 in a meld)."""

    def may_win_on_discard(self, hand: HandState, seat: Seat) -> bool:
        return True

    def may_rob_kong(self, hand: HandState, robber: Seat, konger: Seat) -> bool:
        return True

    def ready_allowed(self) -> bool:
        return False

    def check_ready(self, hand: HandState, seat: Seat, action: Any) -> None:
        """Whether a ready declaration may be made now (before its discard)."""

    def on_ready_discard(self, hand: HandState, seat: Seat, action: Any) -> None:
        """The discard after ``ready``: check the hand is ready, mark the seat ready."""
        hand.seats[seat].ready = True

    def check_discard(self, hand: HandState, seat: Seat, action: Any) -> None:
        """Ruleset limits on a discard (a ready hand may only discard its draw, …)."""

    def check_kong(self, hand: HandState, seat: Seat, action: Any) -> None:
        """Ruleset limits on a kong (after a ready declaration, the hand must stay ready)."""

    def treasure_tiles(self, hand: HandState) -> tuple[Tile, ...]:
        """Every kind a turned treasure tile (宝) makes special, for reports to mark."""
        return (hand.bao,) if hand.bao is not None else ()

    def before_action(self, hand: HandState, action: Any) -> None:
        """Called before every action is checked, and once with ``None`` when the hand ends:
        for what a ruleset owes at a given moment (a 宝 to turn) whatever comes next."""

    def on_event(self, hand: HandState, action: Any) -> bool:
        """A table event (``bao``); return False if this ruleset has no such event."""
        return False

    # ---- wins and settlement
    def analyse_win(self, hand: HandState, ctx: WinContext) -> WinAnalysis:
        raise NotImplementedError

    def settle(self, hand: HandState, result: HandResult, session: SessionState) -> Payments:
        raise NotImplementedError

    def next_dealer(self, result: HandResult) -> Seat:
        """Dealer wins or the hand is drawn: the dealer stays; otherwise the next seat deals."""
        if result.result != "win" or result.dealer in result.winners:
            return result.dealer
        return self.next_seat(result.dealer)

    @classmethod
    def value_item_ids(cls) -> list[str]:
        """The ids of the ruleset's value items: the rows ``NAME.tai.ID``, ``NAME.fan.ID``, ``NAME.mult.ID``."""
        return [rid.split(".")[2] for rid in cls.rules
                if rid.count(".") == 2 and rid.split(".")[1] in ("tai", "fan", "mult")]

    def item_ids(self) -> dict[str, str]:
        """Every name a recorded value item may use (id or Chinese name) -> its id."""
        out: dict[str, str] = {}
        for rid, rule in self.rules.items():
            parts = rid.split(".")
            if len(parts) == 3 and parts[1] in ("tai", "fan", "mult"):
                out[parts[2]] = parts[2]
                for other in (*rule.name_zh.split("/"), *rule.aliases):
                    if other:
                        out[other] = parts[2]
        return out


_REGISTRY: dict[str, type[Ruleset]] = {}


def register(cls: type[Ruleset]) -> type[Ruleset]:
    for key in (cls.name, *cls.aliases):
        _REGISTRY[key.lower()] = cls
    return cls


def _load_builtin() -> None:
    # Importing the modules registers them; done lazily so `paipu.replay.ruleset` has no cycle.
    import importlib
    import pkgutil

    import paipu.replay.rules as package

    for info in pkgutil.iter_modules(package.__path__):
        if info.name != "common":
            importlib.import_module(f"paipu.replay.rules.{info.name}")


def ruleset_names() -> list[str]:
    _load_builtin()
    return sorted({c.name for c in _REGISTRY.values()})


def get_ruleset(name: str) -> type[Ruleset]:
    """The ruleset class for a name or alias; `KeyError` with the known names otherwise."""
    _load_builtin()
    try:
        return _REGISTRY[name.strip().lower()]
    except KeyError:
        raise KeyError(
            f"unknown ruleset {name!r}; known rulesets: {', '.join(ruleset_names())}"
        ) from None
