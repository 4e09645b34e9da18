"""`History`: an immutable sequence that grows by one item in constant time.

A game keeps every earlier hand and every hand's result. Rebuilding a tuple for each new
hand made replaying a long record quadratic (200,000 redealt hands took minutes). A
`History` is a view of the first `n` items of a list it may share with longer histories:
appending to the longest view just appends to the list; appending to a shorter one (an
earlier state, say after an undo) copies its items first. No view ever changes.

>>> a = History([1, 2])
>>> b = a.appended(3)
>>> c = a.appended(4)
>>> (list(a), list(b), list(c))
([1, 2], [1, 2, 3], [1, 2, 4])
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import Any, TypeVar, overload

T = TypeVar("T")


class History(Sequence[T]):
    __slots__ = ("_items", "_length")

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._items: list[T] = list(items)
        self._length = len(self._items)

    @classmethod
    def of(cls, items: Sequence[T]) -> History[T]:
        """`items` itself if it is a History, else a History of its items."""
        return items if isinstance(items, History) else cls(items)

    def appended(self, item: T) -> History[T]:
        """A history one item longer; this one is unchanged."""
        items, length = self._items, self._length
        if len(items) == length:
            items.append(item)  # atomic: if another thread appended too, only one item
            if items[length] is item:  # lands at `length`, and the other copies below
                return _view(items, length + 1)
        mine = items[:length]
        mine.append(item)
        return _view(mine, length + 1)

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> T: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...

    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        if isinstance(index, slice):
            return tuple(self._items[i] for i in range(*index.indices(self._length)))
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("history index out of range")
        return self._items[index]

    def __iter__(self) -> Iterator[T]:
        return islice(self._items, self._length)

    def __reversed__(self) -> Iterator[T]:
        return (self._items[i] for i in range(self._length - 1, -1, -1))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History):
            return self._length == other._length and all(
                a == b for a, b in zip(self, other, strict=True)
            )
        if isinstance(other, tuple):
            return tuple(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __add__(self, other: Iterable[T]) -> History[T]:
        out = self
        for item in other:
            out = out.appended(item)
        return out

    def __radd__(self, other: tuple[T, ...]) -> tuple[T, ...]:
        return (*other, *self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (History, (tuple(self),))

    def __repr__(self) -> str:
        return f"History({list(self)!r})"


def _view(items: list[T], length: int) -> History[T]:
    out: History[T] = History.__new__(History)
    out._items = items
    out._length = length
    return out
