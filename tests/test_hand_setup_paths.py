"""What a hand's setup and settlement work out once, or skip in the common case, must not change
what they answer: the ruleset hooks and riichi's rule ids and items shared by the rulesets of a
class, the deal counts left unchecked when the deals and the wall make the whole set, a score
line read as it is when it names each seat in order, and riichi's value words worded once."""

from __future__ import annotations

from collections import deque

from paipu.auditing import audit_text
from paipu.grammar.parser import parse
from paipu.grammar.writer import format_record
from paipu.record import Seat
from paipu.replay.engine import RulesetHooks, _plain_hooks
from paipu.replay.ruleset import Ruleset
from paipu.replay.session import replay
from paipu.replay.state import Wall
from paipu.rules.mcr import Mcr
from paipu.rules.riichi.ruleset import Riichi, _value_words, _word_value
from paipu.sim.simulate import simulate
from paipu.tiles import parse_tiles, red_five_of_index
from paipu.value import replace


def _riichi_text(seed: int = 7) -> str:
    return next(iter(simulate("riichi", 1, seed=seed)))[1]


def _findings(text: str) -> list[tuple[str, int, str]]:
    return [(f.code, f.span.line, f.message) for f in audit_text(text).findings]


class _Backwards(Riichi):
    """Riichi played clockwise: a `next_seat` of its own."""

    def next_seat(self, seat: Seat) -> Seat:
        i = self.seats.index(seat)
        return self.seats[(i - 1) % len(self.seats)]


class _OwnTable(Riichi):
    rules = dict(Riichi.rules)  # noqa: RUF012


def test_the_hooks_of_a_class_are_those_worked_out_for_each_ruleset() -> None:
    for rs in (Riichi(), Riichi(), Mcr(), _Backwards()):
        hooks = RulesetHooks(rs)
        kind = type(rs)
        assert hooks.before_action == (kind.before_action is not Ruleset.before_action)
        assert hooks.check_discard == (kind.check_discard is not Ruleset.check_discard)
        assert hooks.check_meld == (kind.check_meld is not Ruleset.check_meld)
        assert hooks.plain == _plain_hooks(kind)
        assert hooks.next_of == {s: rs.next_seat(s) for s in rs.seats}
        assert hooks.ready == rs.ready_allowed()
    assert RulesetHooks(_Backwards()).next_of["E"] == "N"  # its own next seat, not the shared one


def test_riichi_rule_ids_and_items_are_shared_by_class_and_rule_table() -> None:
    a, b, own = Riichi(), Riichi(), _OwnTable()
    assert a._rule_ids is b._rule_ids and a._items is b._items
    assert own._rule_ids is not a._rule_ids and own._items is not a._items
    for rid in ("payment", "dora", "nagashi", "claims", "turn", "riichi.pao", "no-such-rule"):
        assert a.rule(rid) == b.rule(rid) == a._rule(rid) == own._rule(rid) == own.rule(rid)


def test_value_words_are_those_worded_afresh() -> None:
    for lang in ("en", "zh"):
        for yakuman in (0, 1, 2):
            for total in range(1, 15):
                for fu in (20, 25, 30, 40, 110):
                    assert _value_words(total, fu, yakuman, lang) == _word_value(total, fu, yakuman, lang)
                    assert _value_words(total, fu, yakuman, lang) == _word_value(total, fu, yakuman, lang)


def test_a_wall_loaded_is_the_wall_set_from_a_deque() -> None:
    tiles = tuple(parse_tiles("123m456p789s1234z"))
    loaded, set_ = Wall(3, None), Wall(3, None)
    loaded.load(tiles)
    set_.tiles = deque(tiles)
    made = Wall(3, tiles)
    for w in (loaded, set_, made):
        assert w.known and w.left() == tiles and w.take(True) == tiles[-1] and w.take(False) == tiles[0]
    cleared = Wall(3, tiles)
    cleared.tiles = None
    assert not cleared.known and cleared.left() is None and cleared.take(False) is None


def test_a_deal_over_the_set_is_reported_with_the_wall_or_without() -> None:
    text = _riichi_text()
    deal = next(line for line in text.splitlines() if line.startswith("deal E "))
    kept = [t for t in parse_tiles(deal.split(" ", 2)[2]) if t.index != 0][:9]
    over = text.replace(deal, "deal E 11111m" + "".join(str(t) for t in kept), 1)  # five 1m
    without_wall = "\n".join(line for line in over.splitlines() if not line.startswith("wall ")) + "\n"
    for body in (over, without_wall):
        lines = body.splitlines()
        where = lines.index(next(x for x in lines if x.startswith("deal E "))) + 1
        assert ("tile-count", where) in [(c, line) for c, line, _ in _findings(body)]
    assert "wall-mismatch" in [c for c, _, _ in _findings(over)]


def test_a_score_line_in_any_seat_order_reads_as_in_seat_order() -> None:
    text = _riichi_text(11)
    line = next(line for line in text.splitlines() if line.startswith("score "))
    words = line.split()[1:]
    pairs = [(words[i], words[i + 1]) for i in range(0, len(words), 2)]
    backwards = "score " + " ".join(f"{s} {v}" for s, v in reversed(pairs))
    fewer = "score " + " ".join(f"{s} {v}" for s, v in pairs[1:])
    seats = Riichi.seats
    expected = replay(parse(text).record).hands[0].result.recorded_payments
    assert expected is not None and list(expected) == list(seats)
    for changed in (backwards, fewer):
        body = text.replace(line, changed, 1)
        got = replay(parse(body).record).hands[0].result.recorded_payments
        assert got is not None and list(got) == list(seats)
        if changed == backwards:
            assert got == expected
            assert _findings(body) == _findings(text)
        else:
            assert pairs[0][0] == seats[0]  # the line left E out: 0 for E
            assert got == {**expected, seats[0]: 0}


def test_the_options_of_a_resolved_ruleset_are_those_parsed_afresh() -> None:
    from paipu.replay.options import parse_options
    from paipu.replay.session import resolve_ruleset

    plain = parse(_riichi_text()).record
    tagged = parse(_riichi_text().replace('[Ruleset "riichi"]', '[Ruleset "riichi"]\n[Option red_fives "false"]', 1))
    for record, given in ((plain, {}), (tagged.record, {"red_fives": "false"}), (plain, {})):
        rs, findings = resolve_ruleset(record)
        again, _ = resolve_ruleset(record)
        assert rs is not None and again is not None and not findings
        assert rs is not again and rs.options is again.options
        assert rs.options == parse_options(Riichi.Options, given)
    tagged_rs, plain_rs = resolve_ruleset(tagged.record)[0], resolve_ruleset(plain)[0]
    assert tagged_rs is not None and plain_rs is not None and tagged_rs.options != plain_rs.options


def test_riichi_indicator_of_the_other_five_is_a_dora_mismatch() -> None:
    """riichi.dora: an indicator is the wall's own tile, red or not: a dora or uradora line that
    writes the plain five where the wall's indicator is the red five (or the red where it is
    plain) is a dora-mismatch, although the two fives are equal as tiles."""
    for word in ("dora", "uradora"):
        for seed in range(1, 80):
            record = parse(_riichi_text(seed)).record
            hand = record.hands[0]
            shown = hand.setup(word)
            fives = [k for k, t in enumerate(shown.tiles) if t.rank == 5 and t.is_suited] if shown is not None else []
            if hand.wall is None or shown is None or not fives:
                continue
            k = fives[0]
            five = shown.tiles[k]
            other = five.plain if five.red else red_five_of_index(five.index)
            tiles = (*shown.tiles[:k], other, *shown.tiles[k + 1:])
            extra = tuple(replace(x, tiles=tiles) if x.name == word else x for x in hand.extra)
            changed = replace(record, hands=(replace(hand, extra=extra), *record.hands[1:]))
            assert other == five and other is not five
            assert not [f for f in audit_text(format_record(record)).findings if f.code == "dora-mismatch"]
            found = [f for f in audit_text(format_record(changed)).findings if f.code == "dora-mismatch"]
            assert len(found) == 1 and f"{k + 1} is {other}, but the wall's is {five}" in found[0].message, word
            break
        else:
            raise AssertionError(f"no simulated riichi hand with a five among its {word} indicators")
