"""A neutral model of riichi game records, as Tenhou's two log formats describe them.

Both importers (mjlog XML and tenhou.net/6 JSON) produce these objects, so a ruleset or an
audit never needs to know which format a game came from.  Everything is frozen: a decoded
game is a value that can be shared between workers and compared in tests.

Conventions: seats are 0-3 in the order of the log's players (seat 0 is the first player
of the log, not necessarily the dealer); tiles are Tenhou ids 0-135 (see `tiles`); points
are real points (Tenhou's ``×100`` units are multiplied out).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from paipu.importers.tenhou.tiles import kind_of

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


@dataclass(frozen=True, slots=True)
class Rules:
    """The rule flags of a game, from mjlog's ``GO type`` bits or tenhou.net/6's ``rule``."""

    red_fives: bool = True
    open_tanyao: bool = True
    hanchan: bool = True
    """South rounds are played (半荘); False for an east-only game (東風戦)."""
    three_player: bool = False
    vs_human: bool = True
    fast: bool = False
    room: str = ""
    """``ippan``, ``joukyuu``, ``tokujou``, ``houou`` when known."""
    go_type: int | None = None
    """The raw ``GO type`` of an mjlog, kept so nothing is lost."""
    lobby: int | None = None
    """The lobby the game was played in (mjlog ``GO lobby``, tenhou.net/6 ``lobby``); 0 the public one."""
    csrule: str = ""
    """A custom lobby's own rules (mjlog ``GO csrule``, comma-separated fields), as the log writes them."""


@dataclass(frozen=True, slots=True)
class Player:
    """A player as the log names them; dan and rate only where the log has them."""

    name: str
    dan: int | None = None
    rate: float | None = None
    sex: str | None = None


@dataclass(frozen=True, slots=True)
class Draw:
    """A tile drawn; ``rinshan`` when it is the replacement after a kan."""

    seat: int
    tile: int
    rinshan: bool = False


@dataclass(frozen=True, slots=True)
class Discard:
    """A tile discarded; ``tsumogiri`` when it is the tile just drawn."""

    seat: int
    tile: int
    tsumogiri: bool


@dataclass(frozen=True, slots=True)
class Call:
    """A call: chi, pon or open kan of another seat's discard, or an added or concealed kan.

    ``tiles`` are all tiles of the resulting meld, sorted.  ``called`` is the discard taken
    (for a kakan, the one taken for the original pon; None for an ankan); ``added`` is the
    tile a kakan adds.  ``from_seat`` is the seat the called tile came from (the seat itself
    for an ankan).
    """

    seat: int
    kind: CallKind
    from_seat: int
    tiles: tuple[int, ...]
    called: int | None = None
    added: int | None = None

    @property
    def kind_index(self) -> int:
        """The kind of the meld's lowest tile, enough to identify a pon or kan."""
        return kind_of(self.tiles[0])

    @property
    def is_kan(self) -> bool:
        return self.kind in (CallKind.DAIMINKAN, CallKind.KAKAN, CallKind.ANKAN)


@dataclass(frozen=True, slots=True)
class RiichiDeclared:
    """Riichi step 1: the declaration, before the discard that goes with it."""

    seat: int


@dataclass(frozen=True, slots=True)
class RiichiAccepted:
    """Riichi step 2: the discard passed without a win and the 1000-point stick is paid."""

    seat: int
    scores: tuple[int, ...] | None = None
    """The four scores after the stick, where the log states them."""


@dataclass(frozen=True, slots=True)
class NewDora:
    """A dora indicator revealed after a kan."""

    indicator: int


@dataclass(frozen=True, slots=True)
class Disconnected:
    """A player left the table (mjlog ``BYE``); the game continues for them by auto-play."""

    seat: int


@dataclass(frozen=True, slots=True)
class Reconnected:
    """A player came back (mjlog ``UN`` with a single name)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Yaku:
    """One yaku of a win with its han; ``id`` is Tenhou's yaku number when known."""

    id: int | None
    name: str
    han: int


@dataclass(frozen=True, slots=True)
class Win:
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

    seat: int
    from_seat: int
    hand: tuple[int, ...]
    win_tile: int
    melds: tuple[Call, ...]
    han: int | None
    fu: int | None
    points: int
    limit: Limit
    yaku: tuple[Yaku, ...]
    yakuman: tuple[Yaku, ...]
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...]
    honba: int
    sticks: int
    scores: tuple[int, ...]
    deltas: tuple[int, ...]
    pao_seat: int | None = None

    @property
    def tsumo(self) -> bool:
        return self.seat == self.from_seat


@dataclass(frozen=True, slots=True)
class RoundDraw:
    """A round ended without a win: exhaustive draw or an abort.

    ``tenpai`` lists the seats ready at an exhaustive draw (or that showed their hands);
    ``hands`` the concealed hands the log shows, by seat.
    """

    kind: DrawKind
    tenpai: tuple[int, ...]
    hands: tuple[tuple[int, tuple[int, ...]], ...]
    honba: int
    sticks: int
    scores: tuple[int, ...]
    deltas: tuple[int, ...]


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


@dataclass(frozen=True, slots=True)
class Wall:
    """One round's 136 tiles in draw order, with the positions Tenhou uses in its dead wall."""

    tiles: tuple[int, ...]
    dice: tuple[int, int]
    """The two dice as Tenhou writes them in ``INIT`` (each 0-5, one less than the pips)."""

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



@dataclass(frozen=True, slots=True)
class Round:
    """One round (局): its start, its wall where known, and its events in order.

    ``wall`` is the 136 ids in draw order when the log carries the
    shuffle seed.  ``notes`` explain each decision the importer had to make that the log
    does not state (tenhou.net/6 leaves some); ``event_notes`` tie those about one event to it.
    """

    round_wind: int
    number: int
    honba: int
    sticks: int
    dealer: int
    scores: tuple[int, ...]
    dora_indicator: int
    hands: tuple[tuple[int, ...], ...]
    events: tuple[Event, ...]
    dice: tuple[int, int] | None = None
    wall: Wall | None = None
    notes: tuple[str, ...] = ()
    event_notes: tuple[tuple[int, str], ...] = ()
    """The notes that concern one event: (its index in ``events``, the note), in event order."""

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


@dataclass(frozen=True, slots=True)
class Game:
    """A whole game as one log records it.

    ``final_scores`` and ``uma`` come from the log's end of game when it has one (mjlog
    ``owari``, tenhou.net/6 ``sc``): each seat's final score, and its final points after uma and
    oka (not the uma alone, despite the name).  ``source`` says which format the game was read
    from; ``log_id`` is Tenhou's id of the game (``2009022103gm-00a9-0000-74c37deb``: the hour
    it began, the ``GO type`` in hex, the lobby) when the log or its file name gives it.
    """

    source: str
    rules: Rules
    players: tuple[Player, ...]
    rounds: tuple[Round, ...]
    final_scores: tuple[int, ...] | None = None
    uma: tuple[float, ...] | None = None
    title: str = ""
    log_id: str = ""
