"""Tile notation: canonical, packed, Chinese aliases, errors, and the kind cycle."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from paipu.errors import TileError
from paipu.tiles import (
    ALL_TILES,
    NUM_KINDS,
    Tile,
    counts,
    format_tiles,
    next_kind,
    parse_tiles,
    sorted_tiles,
    tile_from_index,
    tiles_from_counts,
)

SUITED = [f"{rank}{suit}" for suit in "mps" for rank in range(1, 10)]
HONOURS = [f"{rank}z" for rank in range(1, 8)]
FLOWERS = [f"{rank}f" for rank in range(1, 9)]


# ---------------------------------------------------------------- canonical notation


@pytest.mark.parametrize("text", SUITED + HONOURS + FLOWERS)
def test_every_canonical_tile_parses_and_prints_back_unchanged(text: str) -> None:
    tile = Tile.parse(text)
    assert str(tile) == text
    assert tile.rank == int(text[0])
    assert tile.suit == text[1]


def test_there_are_42_kinds_with_indexes_in_suit_order() -> None:
    assert len(ALL_TILES) == NUM_KINDS == 42
    assert [t.index for t in ALL_TILES] == list(range(42))
    assert [str(t) for t in ALL_TILES] == SUITED + HONOURS + FLOWERS
    assert tile_from_index(4) is Tile.parse("5m")
    assert Tile.from_index(41) is Tile.parse("8f")


def test_parsed_tiles_are_interned_so_the_same_kind_is_the_same_object() -> None:
    assert Tile.parse("5m") is Tile.parse("5万")
    assert Tile.parse("1z") is Tile.parse("东")


def test_tiles_are_immutable() -> None:
    tile = Tile.parse("5m")
    with pytest.raises(AttributeError):
        tile.rank = 6
    assert str(tile) == "5m"


def test_tiles_pickle_back_to_the_interned_object() -> None:
    tile = Tile.parse("7s")
    assert pickle.loads(pickle.dumps(tile)) is tile


def test_tiles_order_by_index_so_a_hand_sorts_m_p_s_z_f() -> None:
    hand = parse_tiles("1f 7z 9s 1p 1m")
    assert [str(t) for t in sorted(hand)] == ["1m", "1p", "9s", "7z", "1f"]
    assert Tile.parse("1m") < Tile.parse("2m") <= Tile.parse("2m")
    assert Tile.parse("1z") > Tile.parse("9s") >= Tile.parse("9s")
    assert sorted_tiles(hand) == tuple(sorted(hand))


def test_tile_kind_predicates() -> None:
    assert Tile.parse("1m").is_terminal and Tile.parse("9s").is_terminal
    assert not Tile.parse("5p").is_terminal and not Tile.parse("1z").is_terminal
    assert Tile.parse("4z").is_wind and not Tile.parse("5z").is_wind
    assert Tile.parse("5z").is_dragon and Tile.parse("7z").is_dragon
    assert Tile.parse("3z").is_honour and not Tile.parse("3s").is_honour
    assert Tile.parse("3s").is_suited and not Tile.parse("3f").is_suited
    assert Tile.parse("3f").is_flower and not Tile.parse("3z").is_flower


def test_chinese_and_english_names() -> None:
    assert Tile.parse("5m").chinese == "五万"
    assert Tile.parse("1z").chinese == "东"
    assert Tile.parse("6z").chinese == "发"
    assert Tile.parse("1f").chinese == "春"
    assert Tile.parse("5p").english == "5 dots"
    assert Tile.parse("7z").english == "Red"
    assert Tile.parse("8f").english == "Chrysanthemum"


# ---------------------------------------------------------------- repr


@pytest.mark.parametrize("tile", ALL_TILES, ids=str)
def test_repr_is_the_code_that_builds_the_tile(tile: Tile) -> None:
    assert repr(tile) == f"Tile.parse('{tile}')"
    assert eval(repr(tile), {"Tile": Tile}) is tile


def test_repr_of_5m_is_exactly_tile_parse_5m() -> None:
    assert repr(Tile.parse("5m")) == "Tile.parse('5m')"


# ---------------------------------------------------------------- packed runs and lists


def test_packed_run_expands_to_one_tile_per_digit() -> None:
    assert [str(t) for t in parse_tiles("1123m")] == ["1m", "1m", "2m", "3m"]
    assert [str(t) for t in parse_tiles("1177z")] == ["1z", "1z", "7z", "7z"]
    assert [str(t) for t in parse_tiles("12f")] == ["1f", "2f"]


def test_a_tile_list_mixes_single_packed_and_chinese_tiles() -> None:
    tiles = parse_tiles("1123m 东 5万 9p")
    assert [str(t) for t in tiles] == ["1m", "1m", "2m", "3m", "1z", "5m", "9p"]


def test_packed_groups_may_follow_each_other_without_a_space() -> None:
    assert parse_tiles("123m456p") == parse_tiles("123m 456p")


def test_commas_separate_tiles_like_spaces() -> None:
    assert parse_tiles("5m,6m, 7m") == parse_tiles("5m 6m 7m")


def test_empty_text_is_an_empty_tile_list() -> None:
    assert parse_tiles("") == ()
    assert parse_tiles("   ") == ()


def test_format_packs_runs_of_one_suit_and_keeps_order() -> None:
    tiles = parse_tiles("1m 1m 2m 1p 3m 1z 1z")
    assert format_tiles(tiles) == "112m 1p 3m 11z"
    assert format_tiles(tiles, packed=False) == "1m 1m 2m 1p 3m 1z 1z"


def test_tile_parse_refuses_more_or_fewer_than_one_tile() -> None:
    with pytest.raises(TileError, match="expected one tile, got 4"):
        Tile.parse("1123m")
    with pytest.raises(TileError, match="expected one tile, got 0"):
        Tile.parse("")


def test_counts_and_tiles_from_counts_are_inverse() -> None:
    tiles = parse_tiles("1123m 55z 8f")
    c = counts(tiles)
    assert len(c) == 42
    assert c[0] == 2 and c[Tile.parse("5z").index] == 2 and c[41] == 1
    assert tiles_from_counts(c) == sorted_tiles(tiles)


# ---------------------------------------------------------------- Chinese aliases


@pytest.mark.parametrize(
    ("alias", "canonical"),
    [
        ("5万", "5m"),
        ("5萬", "5m"),
        ("五万", "5m"),
        ("九萬", "9m"),
        ("一万", "1m"),
        ("5筒", "5p"),
        ("5饼", "5p"),
        ("5餅", "5p"),
        ("五筒", "5p"),
        ("5条", "5s"),
        ("5條", "5s"),
        ("5索", "5s"),
        ("三索", "3s"),
        ("东", "1z"),
        ("東", "1z"),
        ("南", "2z"),
        ("西", "3z"),
        ("北", "4z"),
        ("白", "5z"),
        ("发", "6z"),
        ("發", "6z"),
        ("中", "7z"),
        ("春", "1f"),
        ("夏", "2f"),
        ("秋", "3f"),
        ("冬", "4f"),
        ("梅", "5f"),
        ("兰", "6f"),
        ("蘭", "6f"),
        ("竹", "7f"),
        ("菊", "8f"),
    ],
)
def test_chinese_alias_parses_to_the_canonical_tile(alias: str, canonical: str) -> None:
    assert Tile.parse(alias) is Tile.parse(canonical)


def test_packed_ascii_digits_work_with_a_chinese_suit() -> None:
    assert parse_tiles("123万") == parse_tiles("123m")
    assert parse_tiles("99饼") == parse_tiles("99p")


def test_several_chinese_numerals_before_one_suit_are_refused() -> None:
    with pytest.raises(TileError, match="one Chinese numeral per tile"):
        parse_tiles("一二万")


# ---------------------------------------------------------------- bad tiles


@pytest.mark.parametrize("bad", ["0m", "10m", "8z", "9f", "5x", "0p", "0z", "m", "5"])
def test_bad_tile_raises_tile_error_naming_the_tile_and_the_valid_ones(bad: str) -> None:
    with pytest.raises(TileError) as info:
        parse_tiles(bad)
    message = str(info.value)
    assert bad in message
    assert "valid tiles are 1m-9m, 1p-9p, 1s-9s, 1z-7z" in message
    assert "1f-8f" in message


def test_bad_tile_inside_a_list_is_reported_not_skipped() -> None:
    with pytest.raises(TileError, match="8z"):
        parse_tiles("1m 2m 8z 3m")


def test_tile_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        Tile.parse("0m")


def test_a_bare_number_is_told_it_needs_a_suit_letter() -> None:
    with pytest.raises(TileError, match="needs its suit letter"):
        parse_tiles("5")


def test_a_packed_10_says_ranks_are_single_digits() -> None:
    with pytest.raises(TileError, match="single digits"):
        parse_tiles("10m")


# ---------------------------------------------------------------- next_kind


@pytest.mark.parametrize(
    ("tile", "following"),
    [
        ("1m", "2m"),
        ("8m", "9m"),
        ("9m", "1m"),
        ("9p", "1p"),
        ("9s", "1s"),
        ("东", "南"),
        ("南", "西"),
        ("西", "北"),
        ("北", "东"),
        ("白", "发"),
        ("发", "中"),
        ("中", "白"),
        ("1f", "2f"),
        ("8f", "1f"),
    ],
)
def test_next_kind_cycles_within_its_group(tile: str, following: str) -> None:
    assert next_kind(Tile.parse(tile)) is Tile.parse(following)


@pytest.mark.parametrize("tile", ALL_TILES, ids=str)
def test_next_kind_returns_to_the_start_after_a_full_cycle(tile: Tile) -> None:
    size = {"m": 9, "p": 9, "s": 9, "f": 8}.get(tile.suit, 4 if tile.is_wind else 3)
    kind = tile
    seen: set[Tile] = set()
    for _ in range(size):
        seen.add(kind)
        kind = next_kind(kind)
        assert kind.suit == tile.suit
    assert kind is tile
    assert len(seen) == size


# ---------------------------------------------------------------- properties

tile_lists = st.lists(st.sampled_from(ALL_TILES), max_size=30)


@given(tile_lists)
def test_format_then_parse_gives_back_the_same_tiles_packed(tiles: list[Tile]) -> None:
    assert parse_tiles(format_tiles(tiles)) == tuple(tiles)


@given(tile_lists)
def test_format_then_parse_gives_back_the_same_tiles_unpacked(tiles: list[Tile]) -> None:
    text = format_tiles(tiles, packed=False)
    assert parse_tiles(text) == tuple(tiles)
    assert text.split() == [str(t) for t in tiles]


@given(tile_lists)
def test_packed_form_is_never_longer_than_unpacked(tiles: list[Tile]) -> None:
    assert len(format_tiles(tiles)) <= len(format_tiles(tiles, packed=False))


_SUIT_ALIASES = {"m": ["万", "萬"], "p": ["筒", "饼", "餅"], "s": ["条", "條", "索"]}
_TRADITIONAL = {"1z": ["東"], "6z": ["發"], "6f": ["蘭"]}


@st.composite
def chinese_form(draw: st.DrawFn) -> tuple[str, Tile]:
    """Any accepted Chinese spelling of a tile, and the tile it stands for."""
    tile = draw(st.sampled_from(ALL_TILES))
    if tile.suit in _SUIT_ALIASES:
        suit = draw(st.sampled_from(_SUIT_ALIASES[tile.suit]))
        rank = draw(st.sampled_from([str(tile.rank), tile.chinese[0]]))
        return rank + suit, tile
    forms = [tile.chinese, *_TRADITIONAL.get(str(tile), [])]
    return draw(st.sampled_from(forms)), tile


@given(st.lists(chinese_form(), max_size=20), st.sampled_from([" ", ", ", "  "]))
def test_parse_of_chinese_forms_equals_the_canonical_tiles(
    forms: list[tuple[str, Tile]], separator: str
) -> None:
    text = separator.join(form for form, _ in forms)
    expected = tuple(tile for _, tile in forms)
    assert parse_tiles(text) == expected
    assert parse_tiles(format_tiles(expected)) == expected


@given(st.sampled_from(ALL_TILES))
def test_chinese_name_parses_back_to_the_tile(tile: Tile) -> None:
    assert Tile.parse(tile.chinese) is tile
