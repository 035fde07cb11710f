"""Sequences whose items are made as they are read, from what is kept: what a long record would
hold in its made form (report views, corpus rows) is not held at once."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from typing import Generic, TypeVar, overload

S = TypeVar("S")
T = TypeVar("T")


def same_items(items: Collection[object], other: object) -> bool | None:
    """Whether ``items`` (a sequence made as it is read) equals ``other``: any sequence (not a
    string) of equal items in the same order does; None when ``other`` is no such sequence
    (its ``__eq__`` then answers `NotImplemented`)."""
    if not isinstance(other, Sequence) or isinstance(other, str | bytes):
        return None
    return len(items) == len(other) and all(a == b for a, b in zip(items, other, strict=True))


class MadeAsRead(Sequence[T], Generic[S, T]):
    """Each item made from the kept one at its place (`_made`) whenever it is read, none kept.
    Equal to any sequence (a list, say) of equal items; picklable when what it keeps is."""

    __slots__ = ("_items",)

    def __init__(self, items: Sequence[S]) -> None:
        self._items = items

    def _made(self, item: S) -> T:
        raise NotImplementedError

    def __len__(self) -> int:
        return len(self._items)

    @overload
    def __getitem__(self, i: int) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> list[T]: ...
    def __getitem__(self, i: int | slice) -> T | list[T]:
        if isinstance(i, slice):
            return [self._made(item) for item in self._items[i]]
        return self._made(self._items[i])

    def __iter__(self) -> Iterator[T]:
        return map(self._made, self._items)

    def __eq__(self, other: object) -> bool:
        same = same_items(self, other)
        return NotImplemented if same is None else same

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({list(self)!r})"


class MadeBy(MadeAsRead[S, T]):
    """`MadeAsRead` with the making given: ``make`` of each of ``items``."""

    __slots__ = ("_make",)

    def __init__(self, make: Callable[[S], T], items: Sequence[S]) -> None:
        super().__init__(items)
        self._make = make

    def _made(self, item: S) -> T:
        return self._make(item)
