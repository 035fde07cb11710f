"""A neutral model of riichi game records, as Tenhou's two log formats describe them.

Both importers (mjlog XML and tenhou.net/6 JSON) produce these objects, so a ruleset or an
audit never needs to know which format a game came from.  Everything is frozen (values on
`paipu.value.Frozen`, their fields ``Final``): a decoded game is a value that can be shared
between workers and compared in tests.

Conventions: seats are 0-3 in the order of the log's players (seat 0 is the first player
of the log, not necessarily the dealer); tiles are Tenhou ids 0-135 (see `tiles`); points
are real points (Tenhou's ``×100`` units are multiplied out).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from paipu.importers.tenhou.tiles import kind_of
from paipu.value import Frozen

SANE_SCORE: Final = 10**9
"""No score or points of a game reach this: a log's number past it (or not finite) is damage."""


class CallKind(StrEnum):
    """The five kinds of call; ``kakan`` adds a tile to a pon, ``ankan`` is a concealed kan."""

    CHI = "chi"
    PON = "pon"
    DAIMINKAN = "daiminkan"
    KAKAN = "kakan"
    ANKAN = "ankan"


class Limit(StrEnum):
    """The named limit a win reached (none below mangan)."""

    NONE = ""
    MANGAN = "mangan"
    HANEMAN = "haneman"
    BAIMAN = "baiman"
    SANBAIMAN = "sanbaiman"
    YAKUMAN = "yakuman"


class DrawKind(StrEnum):
    """How a round ended without a win: exhaustion, or one of the aborts Tenhou plays."""

    EXHAUSTIVE = "exhaustive"
    KYUUSHU = "kyuushu"  # 九種九牌
    FOUR_WINDS = "four_winds"  # 四風連打
    FOUR_RIICHI = "four_riichi"  # 四家立直
    FOUR_KANS = "four_kans"  # 四槓散了
    TRIPLE_RON = "triple_ron"  # 三家和
    NAGASHI_MANGAN = "nagashi_mangan"  # 流し満貫


class Rules(Frozen):
    """The rule flags of a game, from mjlog's ``GO type`` bits or tenhou.net/6's ``rule``."""

    __slots__ = (
        "csrule",
        "fast",
        "go_type",
        "hanchan",
        "lobby",
        "open_tanyao",
        "red_fives",
        "room",
        "three_player",
        "vs_human",
    )
    _fields = (
        "red_fives",
        "open_tanyao",
        "hanchan",
        "three_player",
        "vs_human",
        "fast",
        "room",
        "go_type",
        "lobby",
        "csrule",
    )
    red_fives: Final[bool]
    open_tanyao: Final[bool]
    hanchan: Final[bool]
    """South rounds are played (半荘); False for an east-only game (東風戦)."""
    three_player: Final[bool]
    vs_human: Final[bool]
    fast: Final[bool]
    room: Final[str]
    """``ippan``, ``joukyuu``, ``tokujou``, ``houou`` when known."""
    go_type: Final[int | None]
    """The raw ``GO type`` of an mjlog, kept so nothing is lost."""
    lobby: Final[int | None]
    """The lobby the game was played in (mjlog ``GO lobby``, tenhou.net/6 ``lobby``); 0 the public one."""
    csrule: Final[str]
    """A custom lobby's own rules (mjlog ``GO csrule``, comma-separated fields), as the log writes them."""

    def __init__(self, red_fives: bool = True, open_tanyao: bool = True, hanchan: bool = True,
                 three_player: bool = False, vs_human: bool = True, fast: bool = False, room: str = "",
                 go_type: int | None = None, lobby: int | None = None, csrule: str = "") -> None:
        self.red_fives = red_fives
        self.open_tanyao = open_tanyao
        self.hanchan = hanchan
        self.three_player = three_player
        self.vs_human = vs_human
        self.fast = fast
        self.room = room
        self.go_type = go_type
        self.lobby = lobby
        self.csrule = csrule


class Player(Frozen):
    """A player as the log names them; dan and rate only where the log has them."""

    __slots__ = ("dan", "name", "rate", "sex")
    _fields = ("name", "dan", "rate", "sex")
    name: Final[str]
    dan: Final[int | None]
    rate: Final[float | None]
    sex: Final[str | None]

    def __init__(self, name: str, dan: int | None = None, rate: float | None = None, sex: str | None = None) -> None:
        self.name = name
        self.dan = dan
        self.rate = rate
        self.sex = sex


class Draw(Frozen):
    """A tile drawn; ``rinshan`` when it is the replacement after a kan."""

    __slots__ = ("rinshan", "seat", "tile")
    _fields = ("seat", "tile", "rinshan")
    seat: Final[int]
    tile: Final[int]
    rinshan: Final[bool]

    def __init__(self, seat: int, tile: int, rinshan: bool = False) -> None:
        self.seat = seat
        self.tile = tile
        self.rinshan = rinshan


class Discard(Frozen):
    """A tile discarded; ``tsumogiri`` when it is the tile just drawn."""

    __slots__ = ("seat", "tile", "tsumogiri")
    _fields = ("seat", "tile", "tsumogiri")
    seat: Final[int]
    tile: Final[int]
    tsumogiri: Final[bool]

    def __init__(self, seat: int, tile: int, tsumogiri: bool) -> None:
        self.seat = seat
        self.tile = tile
        self.tsumogiri = tsumogiri


class Call(Frozen):
    """A call: chi, pon or open kan of another seat's discard, or an added or concealed kan.

    ``tiles`` are all tiles of the resulting meld, sorted.  ``called`` is the discard taken
    (for a kakan, the one taken for the original pon; None for an ankan); ``added`` is the
    tile a kakan adds.  ``from_seat`` is the seat the called tile came from (the seat itself
    for an ankan).
    """

    __slots__ = ("added", "called", "from_seat", "kind", "seat", "tiles")
    _fields = ("seat", "kind", "from_seat", "tiles", "called", "added")
    seat: Final[int]
    kind: Final[CallKind]
    from_seat: Final[int]
    tiles: Final[tuple[int, ...]]
    called: Final[int | None]
    added: Final[int | None]

    def __init__(self, seat: int, kind: CallKind, from_seat: int, tiles: tuple[int, ...], called: int | None = None,
                 added: int | None = None) -> None:
        self.seat = seat
        self.kind = kind
        self.from_seat = from_seat
        self.tiles = tiles
        self.called = called
        self.added = added

    @property
    def kind_index(self) -> int:
        """The kind of the meld's lowest tile, enough to identify a pon or kan."""
        return kind_of(self.tiles[0])

    @property
    def is_kan(self) -> bool:
        return self.kind in (CallKind.DAIMINKAN, CallKind.KAKAN, CallKind.ANKAN)


class RiichiDeclared(Frozen):
    """Riichi step 1: the declaration, before the discard that goes with it."""

    __slots__ = ("seat",)
    _fields = ("seat",)
    seat: Final[int]

    def __init__(self, seat: int) -> None:
        self.seat = seat


class RiichiAccepted(Frozen):
    """Riichi step 2: the discard passed without a win and the 1000-point stick is paid."""

    __slots__ = ("scores", "seat")
    _fields = ("seat", "scores")
    seat: Final[int]
    scores: Final[tuple[int, ...] | None]
    """The four scores after the stick, where the log states them."""

    def __init__(self, seat: int, scores: tuple[int, ...] | None = None) -> None:
        self.seat = seat
        self.scores = scores


class NewDora(Frozen):
    """A dora indicator revealed after a kan."""

    __slots__ = ("indicator",)
    _fields = ("indicator",)
    indicator: Final[int]

    def __init__(self, indicator: int) -> None:
        self.indicator = indicator


class Disconnected(Frozen):
    """A player left the table (mjlog ``BYE``); the game continues for them by auto-play."""

    __slots__ = ("seat",)
    _fields = ("seat",)
    seat: Final[int]

    def __init__(self, seat: int) -> None:
        self.seat = seat


class Reconnected(Frozen):
    """A player came back (mjlog ``UN`` with a single name)."""

    __slots__ = ("seat",)
    _fields = ("seat",)
    seat: Final[int]

    def __init__(self, seat: int) -> None:
        self.seat = seat


class Yaku(Frozen):
    """One yaku of a win with its han; ``id`` is Tenhou's yaku number when known."""

    __slots__ = ("han", "id", "name")
    _fields = ("id", "name", "han")
    id: Final[int | None]
    name: Final[str]
    han: Final[int]

    def __init__(self, id: int | None, name: str, han: int) -> None:
        self.id = id
        self.name = name
        self.han = han


class Win(Frozen):
    """A win (和了); a double or triple ron is several `Win` events in a row.

    ``hand`` is the concealed part including the winning tile; ``melds`` the calls the
    winner made.  ``han`` counts yakuman as 13 each; it is None only where the log states no
    value at all.  ``fu`` is None where the log does not give it (tenhou.net/6 omits it from
    mangan upwards).  ``points`` is the hand's value
    before honba and sticks (the sum paid for a tsumo).  ``honba`` and ``sticks`` are what
    the log states for this win: Tenhou gives the sticks (and the honba payment) to the
    first winner of a multiple ron only.  ``scores`` are the scores before this win's
    ``deltas``.
    """

    __slots__ = (
        "deltas",
        "dora_indicators",
        "from_seat",
        "fu",
        "han",
        "hand",
        "honba",
        "limit",
        "melds",
        "pao_seat",
        "points",
        "scores",
        "seat",
        "sticks",
        "ura_indicators",
        "win_tile",
        "yaku",
        "yakuman",
    )
    _fields = (
        "seat",
        "from_seat",
        "hand",
        "win_tile",
        "melds",
        "han",
        "fu",
        "points",
        "limit",
        "yaku",
        "yakuman",
        "dora_indicators",
        "ura_indicators",
        "honba",
        "sticks",
        "scores",
        "deltas",
        "pao_seat",
    )
    seat: Final[int]
    from_seat: Final[int]
    hand: Final[tuple[int, ...]]
    win_tile: Final[int]
    melds: Final[tuple[Call, ...]]
    han: Final[int | None]
    fu: Final[int | None]
    points: Final[int]
    limit: Final[Limit]
    yaku: Final[tuple[Yaku, ...]]
    yakuman: Final[tuple[Yaku, ...]]
    dora_indicators: Final[tuple[int, ...]]
    ura_indicators: Final[tuple[int, ...]]
    honba: Final[int]
    sticks: Final[int]
    scores: Final[tuple[int, ...]]
    deltas: Final[tuple[int, ...]]
    pao_seat: Final[int | None]

    def __init__(self, seat: int, from_seat: int, hand: tuple[int, ...], win_tile: int, melds: tuple[Call, ...],
                 han: int | None, fu: int | None, points: int, limit: Limit, yaku: tuple[Yaku, ...],
                 yakuman: tuple[Yaku, ...], dora_indicators: tuple[int, ...], ura_indicators: tuple[int, ...],
                 honba: int, sticks: int, scores: tuple[int, ...], deltas: tuple[int, ...],
                 pao_seat: int | None = None) -> None:
        self.seat = seat
        self.from_seat = from_seat
        self.hand = hand
        self.win_tile = win_tile
        self.melds = melds
        self.han = han
        self.fu = fu
        self.points = points
        self.limit = limit
        self.yaku = yaku
        self.yakuman = yakuman
        self.dora_indicators = dora_indicators
        self.ura_indicators = ura_indicators
        self.honba = honba
        self.sticks = sticks
        self.scores = scores
        self.deltas = deltas
        self.pao_seat = pao_seat

    @property
    def tsumo(self) -> bool:
        return self.seat == self.from_seat


class RoundDraw(Frozen):
    """A round ended without a win: exhaustive draw or an abort.

    ``tenpai`` lists the seats ready at an exhaustive draw (or that showed their hands);
    ``hands`` the concealed hands the log shows, by seat.
    """

    __slots__ = ("deltas", "hands", "honba", "kind", "scores", "sticks", "tenpai")
    _fields = ("kind", "tenpai", "hands", "honba", "sticks", "scores", "deltas")
    kind: Final[DrawKind]
    tenpai: Final[tuple[int, ...]]
    hands: Final[tuple[tuple[int, tuple[int, ...]], ...]]
    honba: Final[int]
    sticks: Final[int]
    scores: Final[tuple[int, ...]]
    deltas: Final[tuple[int, ...]]

    def __init__(self, kind: DrawKind, tenpai: tuple[int, ...], hands: tuple[tuple[int, tuple[int, ...]], ...],
                 honba: int, sticks: int, scores: tuple[int, ...], deltas: tuple[int, ...]) -> None:
        self.kind = kind
        self.tenpai = tenpai
        self.hands = hands
        self.honba = honba
        self.sticks = sticks
        self.scores = scores
        self.deltas = deltas


Event = (
    Draw
    | Discard
    | Call
    | RiichiDeclared
    | RiichiAccepted
    | NewDora
    | Win
    | RoundDraw
    | Disconnected
    | Reconnected
)


DEAL_SIZE: Final = 52
LIVE_DRAWS: Final = 70
"""Draws from the live wall in a round without kans (each kan moves one to the dead wall)."""


class Wall(Frozen):
    """One round's 136 tiles in draw order, with the positions Tenhou uses in its dead wall."""

    __slots__ = ("dice", "tiles")
    _fields = ("tiles", "dice")
    tiles: Final[tuple[int, ...]]
    dice: Final[tuple[int, int]]
    """The two dice as Tenhou writes them in ``INIT`` (each 0-5, one less than the pips)."""

    def __init__(self, tiles: tuple[int, ...], dice: tuple[int, int]) -> None:
        self.tiles = tiles
        self.dice = dice

    def dora_indicator(self, k: int) -> int:
        """The k-th dora indicator (0 = the one shown at the start, 1-4 = after each kan)."""
        return self.tiles[130 - 2 * k]

    def ura_indicator(self, k: int) -> int:
        """The ura-dora indicator under the k-th dora indicator."""
        return self.tiles[131 - 2 * k]

    def rinshan(self, k: int) -> int:
        """The replacement tile drawn after the k-th kan (0-3): Tenhou takes them in pairs, upper first."""
        return self.tiles[(134, 135, 132, 133)[k]]

    def live(self, n: int) -> int:
        """The n-th draw from the live wall after the deal (0-based)."""
        return self.tiles[DEAL_SIZE + n]

    def hand(self, seat_from_dealer: int) -> tuple[int, ...]:
        """The 13 tiles dealt to the seat ``seat_from_dealer`` places after the dealer, in deal order."""
        p = seat_from_dealer
        picks = [4 * (4 * block + p) + i for block in range(3) for i in range(4)] + [48 + p]
        return tuple(self.tiles[i] for i in picks)



class Round(Frozen):
    """One round (局): its start, its wall where known, and its events in order.

    ``wall`` is the 136 ids in draw order when the log carries the
    shuffle seed.  ``notes`` explain each decision the importer had to make that the log
    does not state (tenhou.net/6 leaves some); ``event_notes`` tie those about one event to it.
    """

    __slots__ = (
        "dealer",
        "dice",
        "dora_indicator",
        "event_notes",
        "events",
        "hands",
        "honba",
        "notes",
        "number",
        "round_wind",
        "scores",
        "sticks",
        "wall",
    )
    _fields = (
        "round_wind",
        "number",
        "honba",
        "sticks",
        "dealer",
        "scores",
        "dora_indicator",
        "hands",
        "events",
        "dice",
        "wall",
        "notes",
        "event_notes",
    )
    round_wind: Final[int]
    number: Final[int]
    honba: Final[int]
    sticks: Final[int]
    dealer: Final[int]
    scores: Final[tuple[int, ...]]
    dora_indicator: Final[int]
    hands: Final[tuple[tuple[int, ...], ...]]
    events: Final[tuple[Event, ...]]
    dice: Final[tuple[int, int] | None]
    wall: Final[Wall | None]
    notes: Final[tuple[str, ...]]
    event_notes: Final[tuple[tuple[int, str], ...]]
    """The notes that concern one event: (its index in ``events``, the note), in event order."""

    def __init__(self, round_wind: int, number: int, honba: int, sticks: int, dealer: int, scores: tuple[int, ...],
                 dora_indicator: int, hands: tuple[tuple[int, ...], ...], events: tuple[Event, ...],
                 dice: tuple[int, int] | None = None, wall: Wall | None = None, notes: tuple[str, ...] = (),
                 event_notes: tuple[tuple[int, str], ...] = ()) -> None:
        self.round_wind = round_wind
        self.number = number
        self.honba = honba
        self.sticks = sticks
        self.dealer = dealer
        self.scores = scores
        self.dora_indicator = dora_indicator
        self.hands = hands
        self.events = events
        self.dice = dice
        self.wall = wall
        self.notes = notes
        self.event_notes = event_notes

    @property
    def label(self) -> str:
        """``E1``, ``S3-2`` (wind, number, honba): how players name a round."""
        base = f"{'ESWN'[self.round_wind]}{self.number}"
        return f"{base}-{self.honba}" if self.honba else base

    @property
    def wins(self) -> tuple[Win, ...]:
        return tuple(e for e in self.events if isinstance(e, Win))

    @property
    def outcome(self) -> tuple[Win, ...] | RoundDraw | None:
        """The wins of the round, or its draw; None for a round the log leaves unfinished."""
        wins = self.wins
        if wins:
            return wins
        for e in reversed(self.events):
            if isinstance(e, RoundDraw):
                return e
        return None


class Game(Frozen):
    """A whole game as one log records it.

    ``final_scores`` and ``uma`` come from the log's end of game when it has one (mjlog
    ``owari``, tenhou.net/6 ``sc``): each seat's final score, and its final points after uma and
    oka (not the uma alone, despite the name).  ``source`` says which format the game was read
    from; ``log_id`` is Tenhou's id of the game (``2009022103gm-00a9-0000-74c37deb``: the hour
    it began, the ``GO type`` in hex, the lobby) when the log or its file name gives it.
    """

    __slots__ = ("final_scores", "log_id", "players", "rounds", "rules", "source", "title", "uma")
    _fields = ("source", "rules", "players", "rounds", "final_scores", "uma", "title", "log_id")
    source: Final[str]
    rules: Final[Rules]
    players: Final[tuple[Player, ...]]
    rounds: Final[tuple[Round, ...]]
    final_scores: Final[tuple[int, ...] | None]
    uma: Final[tuple[float, ...] | None]
    title: Final[str]
    log_id: Final[str]

    def __init__(self, source: str, rules: Rules, players: tuple[Player, ...], rounds: tuple[Round, ...],
                 final_scores: tuple[int, ...] | None = None, uma: tuple[float, ...] | None = None, title: str = "",
                 log_id: str = "") -> None:
        self.source = source
        self.rules = rules
        self.players = players
        self.rounds = rounds
        self.final_scores = final_scores
        self.uma = uma
        self.title = title
        self.log_id = log_id
