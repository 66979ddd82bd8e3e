"""A table's moves as it keeps them in memory: columns of numbers rather than a
:class:`~vaka.server.store.Move` object each, made again when read.

A move object and its time are about 110 bytes, and an open table keeps every move of its
game (a two-player Rapa Nui game has about a hundred) for as long as it is open; here a
move is 27 bytes. What reads the moves reads few of them (the last action, those since a
version) or reads them rarely (an undo, the lobby); the clock reads them all after every
change of a table with one, from the columns (:meth:`Moves.timings`), not as objects.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from typing import overload

from vaka.server.store import Move

#: The kinds of moves seen, by code (a move keeps its code, times two, plus whether it
#: revealed anything); the four the service makes first.
_KINDS = ["act", "undo", "resign", "timeout"]
_CODES = {kind: code for code, kind in enumerate(_KINDS)}
_ACTED = tuple(kind >> 1 == 0 for kind in range(256))  # by kept code: an action?


class Moves(Sequence[Move]):
    """A table's moves, in order, each read back as an equal :class:`Move`."""

    __slots__ = ("_actions", "_at", "_kinds", "_numbers", "_seats")

    def __init__(self) -> None:
        self._numbers = array("q")
        self._seats = array("h")
        self._kinds = array("B")  # code * 2 + revealed
        self._actions: list[str | None] = []
        self._at = array("d")

    def append(self, move: Move) -> None:
        code = _CODES.get(move.kind)
        if code is None:  # a kind stored by a newer service, say
            code = _CODES[move.kind] = len(_KINDS)
            _KINDS.append(move.kind)
        self._numbers.append(move.number)
        self._seats.append(move.seat)
        self._kinds.append(code * 2 + move.revealed)
        self._actions.append(move.action)
        self._at.append(move.at)

    def __len__(self) -> int:
        return len(self._numbers)

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> list[Move]: ...

    def __getitem__(self, index: int | slice) -> Move | list[Move]:
        if isinstance(index, slice):
            return [self._move(i) for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("move index out of range")
        return self._move(index)

    def _move(self, i: int) -> Move:
        kind = self._kinds[i]
        number, seat, action, at = self._numbers[i], self._seats[i], self._actions[i], self._at[i]
        return Move(number, seat, _KINDS[kind >> 1], action, bool(kind & 1), at)

    def __iter__(self) -> Iterator[Move]:
        return (self._move(i) for i in range(len(self)))

    def __reversed__(self) -> Iterator[Move]:
        return (self._move(i) for i in range(len(self) - 1, -1, -1))

    def number(self, index: int) -> int:
        """The number of move ``index`` (its version), without making the move."""
        return self._numbers[index]

    @property
    def version(self) -> int:
        """The number of the last move (0: none yet)."""
        return self._numbers[-1] if self._numbers else 0

    def timings(self) -> Iterator[tuple[int, int, bool, float]]:
        """Each move's number, seat, whether it is an action, and when it was made: what
        the clock reads, from the columns."""
        acts = map(_ACTED.__getitem__, self._kinds)
        return zip(self._numbers, self._seats, acts, self._at, strict=True)
