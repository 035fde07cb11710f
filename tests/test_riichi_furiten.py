"""Furiten after a call or a kong (rule riichi.furiten): a passed tile is tested against the waits
of the hand as it stands after the call, never against those the seat had before it
(`Riichi._set_aside` keeps the tiles a seat let pass with the hand it held then)."""

from __future__ import annotations

from paipu.auditing import audit_text

# S waits on 3p 6p (ittsu) before any call; W holds the 7z S calls.
DEALS = (
    "deal E 111m 234m 567m 99p 6p 1z 2z\n"
    "deal S 123s 456s 789s 45p 77z\n"
    "deal W 223344m 388p 11s 5z 7z\n"
    "deal N 555666m 377p 44z 66z\n"
)
# S holds three 7z: it waits on 4p alone.
KONG_DEALS = DEALS.replace("deal S 123s 456s 789s 45p 77z", "deal S 123s 456s 789s 4p 777z").replace(
    "deal W 223344m 388p 11s 5z 7z", "deal W 223344m 388p 11s 55z")


def record(*lines: str, deals: str = DEALS) -> str:
    return '[Ruleset "riichi"]\nhand 1\ndealer E\n' + deals + "".join(f"{x}\n" for x in lines)


def wins_refused(text: str) -> list[str]:
    """The messages of the wins the audit refuses as furiten."""
    return [f.message for f in audit_text(text).findings if f.rule == "riichi.furiten"]


# S pongs W's 7z and discards 5p: 123s 456s 789s 4p and the pong wait on 4p alone (ittsu, chun).
PONG = ("E discard 1z", "S draw 9m", "S discard 9m", "W draw 2z", "W discard 7z", "S pong 7z", "S discard 5p")


def test_furiten_after_a_pong_a_passed_tile_of_the_new_waits_makes_the_seat_furiten() -> None:
    text = record(*PONG, "W draw 4p", "W discard 4p", "N draw 4p", "N discard 4p", "S hu 4p")
    assert wins_refused(text) == ["S declares a win, but S is furiten: it let a winning tile pass since its last "
                                  "discard"]


def test_furiten_after_a_pong_a_passed_tile_of_the_waits_before_it_does_not() -> None:
    # 6p was a wait of S's hand before the pong, and is none after it.
    text = record(*PONG, "W draw 6p", "W discard 6p", "N draw 4p", "N discard 4p", "S hu 4p")
    assert wins_refused(text) == []
    assert [f.code for f in audit_text(text).findings if f.code == "not-a-win"] == []


# S kongs W's 7z, draws 5p and discards 4p: 123s 456s 789s 5p and the kong wait on 5p alone.
KONG = ("E discard 1z", "S draw 9m", "S discard 9m", "W draw 7z", "W discard 7z", "S kong 7z", "S draw 5p",
        "S discard 4p")


def test_furiten_after_an_exposed_kong_the_waits_are_those_of_the_hand_after_it() -> None:
    new_wait = record(*KONG, "W draw 5p", "W discard 5p", "N draw 5p", "N discard 5p", "S hu 5p", deals=KONG_DEALS)
    assert len(wins_refused(new_wait)) == 1
    # 4p, S's wait before the kong, passes: S is not furiten on 5p.
    old_wait = record(*KONG, "W draw 4p", "W discard 4p", "N draw 5p", "N discard 5p", "S hu 5p", deals=KONG_DEALS)
    assert wins_refused(old_wait) == []


# E holds no 2z: S pongs W's 7z (discarding 5p, waiting on 4p), draws the fourth 7z and adds it to
# its pong, draws 6p and discards 4p: 123s 456s 789s 6p and the kong wait on 6p alone.
ADDED_DEALS = DEALS.replace("deal E 111m 234m 567m 99p 6p 1z 2z", "deal E 111m 234m 567m 99p 6p 1z 1z")
ADDED = (*PONG, "W draw 3z", "W discard 3z", "N draw 2z", "N discard 2z", "E draw 3z", "E discard 3z", "S draw 7z",
         "S addkong 7z", "S draw 6p", "S discard 4p")


def test_furiten_after_an_added_kong_the_waits_are_those_of_the_hand_after_it() -> None:
    new_wait = record(*ADDED, "W draw 6p", "W discard 6p", "N draw 6p", "N discard 6p", "S hu 6p", deals=ADDED_DEALS)
    assert len(wins_refused(new_wait)) == 1
    # 4p, S's wait before the kong, passes: S is not furiten on 6p.
    old_wait = record(*ADDED, "W draw 4p", "W discard 4p", "N draw 6p", "N discard 6p", "S hu 6p", deals=ADDED_DEALS)
    assert wins_refused(old_wait) == []


def test_furiten_after_riichi_a_tile_let_pass_before_a_concealed_kong_still_counts() -> None:
    # S (111s 456s 789s 45p 77z) declares riichi waiting on 3p 6p, lets W's 3p pass, kongs 1s
    # (its waits unchanged) and wins on 6p: furiten, from the hand it held before the kong.
    deals = DEALS.replace("deal S 123s 456s", "deal S 111s 456s").replace("11s 5z", "99s 5z")
    body = ("E discard 1z", "S draw 9m", "S ready", "S discard 9m", "W draw 3p", "W discard 3p", "N draw 1p",
            "N discard 1p", "E draw 2p", "E discard 2p", "S draw 1s", "S ankong 1s", "S draw 9m", "S discard 9m",
            "W draw 6p", "W discard 6p", "S hu 6p")
    assert wins_refused(record(*body, deals=deals)) == [
        "S declares a win, but S is furiten: after its riichi it let a winning tile pass"]
    # W's 2m instead of 3p: no tile of S's waits passes, and the win stands.
    passed_none = record(*body, deals=deals).replace("W draw 3p\nW discard 3p", "W draw 2m\nW discard 2m")
    assert wins_refused(passed_none) == []
