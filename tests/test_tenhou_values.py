"""The values of the Tenhou importer: the decoded game (`paipu.importers.tenhou.model`), the end of
game a record states (`paipu.importers.tenhou.ending`), a win's conditions and value
(`paipu.importers.tenhou.valuation`) and the JSON reader's own entries and table
(`paipu.importers.tenhou.json6`).  They were dataclasses and are classes on `paipu.value.Frozen`
(the table, which changes, on `Fields`): each compares, hashes, shows and pickles as the dataclass
it was did (checked against a dataclass of the same name and fields, made here), and importing
the model runs no code of `dataclasses`.

The real logs (``../shared/logs/tenhou/``) are read in place; the tests that need them are
skipped where that folder does not exist.
"""

from __future__ import annotations

import dataclasses
import json
import pickle
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from paipu.importers.tenhou import ending, json6, model, valuation
from paipu.importers.tenhou.json6 import parse_json6
from paipu.importers.tenhou.mjlog import read_mjlog
from paipu.value import Fields, Frozen, as_dict, field_names, replace

LOGS = Path(__file__).resolve().parents[2] / "shared" / "logs" / "tenhou"

FROZEN: list[type[Frozen]] = [
    model.Rules, model.Player, model.Draw, model.Discard, model.Call, model.RiichiDeclared,
    model.RiichiAccepted, model.NewDora, model.Disconnected, model.Reconnected, model.Yaku, model.Win,
    model.RoundDraw, model.Wall, model.Round, model.Game, ending.RecordedEnd, valuation.Conditions,
    valuation.Valuation, json6._Take, json6._Out, json6._RawRound,
]
"""Every class of the four modules that was a frozen dataclass."""


def _twin(cls: type, frozen: bool = True) -> type:
    """A dataclass of the same name and fields as ``cls``: what ``cls`` was."""
    return dataclasses.make_dataclass(cls.__qualname__, list(field_names(cls)), frozen=frozen)


def _values(value: object) -> Iterator[object]:
    """``value`` and every value among its fields, deeply (tuples opened)."""
    if isinstance(value, tuple):
        for item in value:
            yield from _values(item)
    elif isinstance(value, Fields):
        yield value
        for item in as_dict(value).values():
            yield from _values(item)


def _hash(value: object) -> int | None:
    """The hash of ``value``; None when it holds an unhashable field (a raw round's result)."""
    try:
        return hash(value)
    except TypeError:
        return None


def _real_logs() -> tuple[Path, Path]:
    mjlogs = sorted((LOGS / "mjlog").glob("*.mjlog"))
    jsons = sorted((LOGS / "json6").glob("*.json"))
    if not mjlogs or not jsons:
        pytest.skip("the real Tenhou logs are not beside the repository")
    return mjlogs[0], jsons[0]


def test_no_class_of_the_importer_is_a_dataclass() -> None:
    for module in (model, ending, valuation, json6):
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == module.__name__:
                assert not dataclasses.is_dataclass(value), value
    assert all(issubclass(cls, Frozen) for cls in FROZEN)
    assert issubclass(json6._Table, Fields) and not issubclass(json6._Table, Frozen)


@pytest.mark.parametrize("cls", FROZEN, ids=lambda c: c.__qualname__)
def test_a_value_shows_and_hashes_as_its_dataclass_did(cls: type) -> None:
    names = field_names(cls)
    given = {name: (i, name) for i, name in enumerate(names)}
    made, was = cls(**given), _twin(cls)(**given)
    assert repr(made) == repr(was) and hash(made) == hash(was)
    assert made == cls(**given) and made != replace(made, **{names[-1]: "other"})
    assert pickle.loads(pickle.dumps(made)) == made


def test_the_defaults_are_the_dataclasses() -> None:
    assert repr(model.Rules()) == ("Rules(red_fives=True, open_tanyao=True, hanchan=True, three_player=False, "
                                   "vs_human=True, fast=False, room='', go_type=None, lobby=None, csrule='')")
    assert repr(model.Draw(1, 5)) == "Draw(seat=1, tile=5, rinshan=False)"
    assert repr(valuation.Conditions(tsumo=True)) == (
        "Conditions(tsumo=True, riichi=False, double_riichi=False, ippatsu=False, rinshan=False, chankan=False, "
        "haitei=False, houtei=False, tenhou=False, chiihou=False)")
    assert model.Game("mjlog", model.Rules(), (), ()) == model.Game("mjlog", model.Rules(), (), (), None, None, "", "")


def test_a_decoded_game_compares_hashes_shows_and_pickles_by_its_fields() -> None:
    mjlog, json_log = _real_logs()
    for game in (read_mjlog(mjlog), parse_json6(json_log.read_bytes())):
        seen: set[type] = set()
        for value in _values(game):
            cls = type(value)
            seen.add(cls)
            was = _twin(cls)(**as_dict(value))
            assert repr(value) == repr(was) and hash(value) == hash(was), cls
        assert {model.Game, model.Rules, model.Player, model.Round, model.Draw, model.Discard} <= seen
        back = pickle.loads(pickle.dumps(game))
        assert type(back) is model.Game and back == game and hash(back) == hash(game) and back is not game
        assert replace(game, log_id=game.log_id) == game
        changed = replace(game, log_id=game.log_id + "x")
        assert changed != game and changed.rounds is game.rounds and changed.log_id == game.log_id + "x"
        rnd = game.rounds[0]
        other = replace(game, rounds=(replace(rnd, honba=rnd.honba + 1), *game.rounds[1:]))
        assert other != game and hash(other) != hash(game)
        end = ending.game_end(game)
        assert repr(end) == repr(_twin(ending.RecordedEnd)(**as_dict(end)))
        assert pickle.loads(pickle.dumps(end)) == end


def test_the_json_readers_entries_and_table() -> None:
    _, json_log = _real_logs()
    raw = json6._raw_round(json.loads(json_log.read_text(encoding="utf-8"))["log"][0], "log[0]")
    entries = [raw, *(t for takes in raw.takes for t in takes), *(o for outs in raw.outs for o in outs)]
    for value in entries:
        was = _twin(type(value))(**as_dict(value))
        assert repr(value) == repr(was) and _hash(value) == _hash(was)
        assert pickle.loads(pickle.dumps(value)) == value
    table = json6._Table(True)
    assert table == json6._Table(True, set(), [], -1, [])
    assert table.used is not json6._Table(True).used and table.notes is not json6._Table(True).notes
    tile = table.new(16)
    assert table.used == {tile} and table != json6._Table(True)
    assert repr(table) == repr(_twin(json6._Table, frozen=False)(**as_dict(table)))
    assert pickle.loads(pickle.dumps(table)) == table
    with pytest.raises(TypeError):
        hash(table)  # as a dataclass that is not frozen


def test_importing_the_model_runs_no_dataclasses() -> None:
    code = "import sys, paipu.importers.tenhou.model; print('dataclasses' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
