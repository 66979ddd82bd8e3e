"""Fixed-length numeric observations, built field by field from one seat's view (the
building blocks a game's own layout is made of; vaka.envs turns them into environments).

A game's :class:`Layout` lists its fields: table fields read the whole view, seat fields
read one entry of ``view["seats"]`` and are repeated for every seat, the observer first and
then the others in seat order after it ("seat+1" sits to the observer's left), so that an
agent sees itself at the same place whatever its seat number. The same list writes the
field table of docs/ENVIRONMENTS.md (:meth:`Encoder.markdown`), so the two cannot drift.

Every value is clipped to its field's range; the ranges are generous (random games stay
well inside them, tests/envs check it), the clip only keeps the Box contract.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import chain
from typing import Any

import numpy as np
import numpy.typing as npt

View = Mapping[str, Any]
Reader = Callable[[View], Sequence[float]]
SeatReader = Callable[[View, View], Sequence[float]]  # (seat entry, whole view)


@dataclass(frozen=True)
class Field:
    """``size`` numbers in ``[low, high]`` read from the whole view."""

    name: str
    size: int
    high: float
    doc: str
    read: Reader
    low: float = 0.0


@dataclass(frozen=True)
class SeatField:
    """``size`` numbers in ``[low, high]`` read from one seat's entry of the view."""

    name: str
    size: int
    high: float
    doc: str
    read: SeatReader
    low: float = 0.0


@dataclass(frozen=True)
class Layout:
    table: tuple[Field, ...]
    seat: tuple[SeatField, ...]


# ------------------------------------------------------------------ helpers for layouts
def onehot(value: object, vocab: Sequence[object]) -> list[float]:
    """1 at ``value``'s place in ``vocab`` (all 0 if it is not there, e.g. None)."""
    if type(vocab) is tuple:  # a layout's vocabulary, made once: its places are known
        try:
            place = _places(vocab)
            at = place.get(value)
        except TypeError:  # something that cannot be looked up: compared below
            pass
        else:
            if len(place) == len(vocab):  # each word once
                out = [0.0] * len(vocab)
                if at is not None:
                    out[at] = 1.0
                return out
    return [1.0 if v == value else 0.0 for v in vocab]


@lru_cache(maxsize=256)
def _places(vocab: tuple[object, ...]) -> dict[object, int]:
    return {v: i for i, v in enumerate(vocab)}


def counts(items: Iterable[object], vocab: Sequence[object]) -> list[float]:
    """How often each word of ``vocab`` occurs among ``items``."""
    # a layout's vocabularies are tuples made once: their places are worked out once
    place = _places(vocab) if type(vocab) is tuple else {v: i for i, v in enumerate(vocab)}
    out = [0.0] * len(vocab)
    for item in items:
        if item in place:
            out[place[item]] += 1.0
    return out


def per(mapping: Mapping[str, Any] | None, keys: Sequence[str]) -> list[float]:
    """The numbers of a ``{name: number}`` mapping, in ``keys`` order (0 when absent)."""
    mapping = mapping or {}
    return [float(mapping.get(k) or 0) for k in keys]


def relative(seat: object, view: View) -> int | None:
    """A seat number as seen from the observer: 0 is the observer, 1 the next seat..."""
    if type(seat) is not int or seat < 0:
        return None
    players: int = view["players"]
    me: int = view["seat"]
    return (seat - me) % players


def seat_onehot(seat: object, view: View) -> list[float]:
    """A seat as a one-hot over the relative seats (all 0 for none)."""
    out = [0.0] * view["players"]
    rel = relative(seat, view)
    if rel is not None:
        out[rel] = 1.0
    return out


def seats_multihot(seats: Iterable[object], view: View) -> list[float]:
    out = [0.0] * view["players"]
    for seat in seats:
        rel = relative(seat, view)
        if rel is not None:
            out[rel] = 1.0
    return out


def by_seat(values: Sequence[float], view: View) -> list[float]:
    """A per-seat list reordered so that the observer's value comes first."""
    me: int = view["seat"]
    n = len(values)
    return [float(values[(me + k) % n]) for k in range(n)]


#: Who must act now, and whether the game is over: every view says both.
TO_MOVE = Field(
    "to_move",
    -1,
    1,
    "1 for each seat that must act now (relative seats; several: a sealed choice)",
    lambda v: seats_multihot(v["to_move"], v),
)
IS_OVER = Field("is_over", 1, 1, "1 once the game has ended", lambda v: [float(v["is_over"])])


def common_fields(
    phases: Sequence[str], seat_help: str = "one-hot of the seat deciding"
) -> tuple[Field, ...]:
    """The fields every game starts with: who is to move, what is being decided and by
    which seat (``seat_help`` says what that field means in the game)."""
    return (
        TO_MOVE,
        IS_OVER,
        Field(
            "decision.phase",
            len(phases),
            1,
            "one-hot of the step being decided: " + ", ".join(phases),
            lambda v: onehot((v.get("decision") or {}).get("phase"), phases),
        ),
        Field(
            "decision.seat",
            -1,
            1,
            seat_help,
            lambda v: seat_onehot((v.get("decision") or {}).get("seat"), v),
        ),
    )


# ------------------------------------------------------------------ the encoder
@dataclass(frozen=True)
class Slot:
    """A field placed in the vector: ``size`` numbers from ``offset``."""

    name: str
    offset: int
    size: int
    low: float
    high: float
    doc: str


class Encoder:
    """Turns a seat's view into a float32 vector of fixed length for ``players`` seats.

    A field of size ``-1`` has one number per seat (``players`` numbers).
    """

    def __init__(self, layout: Layout, players: int) -> None:
        self.layout = layout
        self.players = players
        slots: list[Slot] = []
        offset = 0
        for f in layout.table:
            size = players if f.size == -1 else f.size
            slots.append(Slot(f.name, offset, size, f.low, f.high, f.doc))
            offset += size
        for k in range(players):
            for sf in layout.seat:
                size = players if sf.size == -1 else sf.size
                name = f"seat+{k}.{sf.name}"
                slots.append(Slot(name, offset, size, sf.low, sf.high, sf.doc))
                offset += size
        self.slots = tuple(slots)
        self.size = offset
        self.low = np.concatenate([np.full(s.size, s.low, np.float32) for s in slots])
        self.high = np.concatenate([np.full(s.size, s.high, np.float32) for s in slots])

    def raw(self, view: View) -> npt.NDArray[np.float32]:
        """The vector before clipping (tests use it to check that the ranges hold)."""
        if view.get("seat") is None:
            raise ValueError("observations are encoded from a seat's view, not a spectator's")
        parts: list[Sequence[float]] = [f.read(view) for f in self.layout.table]
        if self.layout.seat:
            seats = view["seats"]
            me: int = view["seat"]
            for k in range(self.players):
                entry = seats[(me + k) % self.players]
                parts.extend(sf.read(entry, view) for sf in self.layout.seat)
        out = np.array(list(chain.from_iterable(parts)), np.float32)
        if out.size != self.size:
            sizes = [len(p) for p in parts]
            raise AssertionError(f"encoded {out.size} numbers, expected {self.size}: {sizes}")
        return out

    def encode(self, view: View) -> npt.NDArray[np.float32]:
        """The observation of the seat whose view this is, each value clipped to its range."""
        return np.clip(self.raw(view), self.low, self.high)

    def part(self, slots: Iterable[int]) -> Part:
        """The numbers of some of the slots (by their place in :attr:`slots`), read from
        their fields alone: for a reader that weighs only some of the numbers."""
        return Part(self, slots)

    def markdown(self) -> str:
        """The field table of docs/ENVIRONMENTS.md: per-seat fields are listed once."""
        lines = ["| offset | field | size | range | meaning |", "| --- | --- | --- | --- | --- |"]
        per_seat = len(self.layout.seat)
        table = self.slots[: len(self.layout.table)]
        first_seat = self.slots[len(self.layout.table) : len(self.layout.table) + per_seat]
        for s in (*table, *first_seat):
            name = s.name.replace("seat+0.", "seat+k.")
            rng = f"{s.low:g}..{s.high:g}"
            lines.append(f"| {s.offset} | `{name}` | {s.size} | {rng} | {s.doc} |")
        seat_size = sum(s.size for s in first_seat)
        lines.append("")
        lines.append(
            f"Total: {self.size} numbers for {self.players} players; the `seat+k` block "
            f"({seat_size} numbers) repeats for k = 0..{self.players - 1}, starting at "
            f"offset {first_seat[0].offset if first_seat else self.size}."
        )
        return "\n".join(lines)


class Part:
    """Some slots of an :class:`Encoder`: :meth:`encode` gives ``encoder.encode(view)[index]``,
    the same numbers, without reading the other slots' fields."""

    def __init__(self, encoder: Encoder, slots: Iterable[int]) -> None:
        kept = sorted(set(slots))
        if kept and not 0 <= kept[0] <= kept[-1] < len(encoder.slots):
            raise ValueError(f"slots are numbered 0 to {len(encoder.slots) - 1}: {kept}")
        table = len(encoder.layout.table)
        seat = len(encoder.layout.seat)
        self.players = encoder.players
        self.slots = tuple(encoder.slots[j] for j in kept)
        #: the table fields' readers, then per relative seat the seat fields' readers
        self._table = tuple(encoder.layout.table[j].read for j in kept if j < table)
        by_seat: dict[int, list[SeatReader]] = {}
        for j in kept:
            if j >= table:
                k, f = divmod(j - table, seat)
                by_seat.setdefault(k, []).append(encoder.layout.seat[f].read)
        self._seats = tuple((k, tuple(readers)) for k, readers in sorted(by_seat.items()))
        spans = [np.arange(s.offset, s.offset + s.size) for s in self.slots]
        self.index: npt.NDArray[np.intp] = (
            np.concatenate(spans).astype(np.intp) if spans else np.zeros(0, np.intp)
        )
        self.size = int(self.index.size)
        self.low = encoder.low[self.index]
        self.high = encoder.high[self.index]

    def encode(self, view: View) -> npt.NDArray[np.float32]:
        """These slots' numbers of the seat whose view this is, each clipped to its range."""
        if view.get("seat") is None:
            raise ValueError("observations are encoded from a seat's view, not a spectator's")
        parts: list[Sequence[float]] = [read(view) for read in self._table]
        if self._seats:
            seats = view["seats"]
            me: int = view["seat"]
            for k, readers in self._seats:
                entry = seats[(me + k) % self.players]
                parts.extend(read(entry, view) for read in readers)
        sizes = [len(p) for p in parts]
        if sum(sizes) != self.size:
            raise AssertionError(f"encoded {sum(sizes)} numbers, expected {self.size}: {sizes}")
        out = np.fromiter(chain.from_iterable(parts), np.float32, count=self.size)
        clipped: npt.NDArray[np.float32] = np.minimum(np.maximum(out, self.low), self.high)
        return clipped  # np.clip's numbers, sooner
