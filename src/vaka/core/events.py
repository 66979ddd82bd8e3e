"""A game's log entries as typed records: one small class per kind of event, each with the
one method that puts it in words for a reader.

An event is made with :func:`event`: a dataclass with slots that the type checker treats
as frozen, so a misspelt kind is an unknown name, a misspelt field an unknown keyword or
attribute (mypy, or a ``TypeError``/``AttributeError`` the moment it runs), never a
sentence missing far away. At run time it is not frozen: a frozen dataclass sets its
fields through ``object.__setattr__``, four times the cost of a plain one, and the state
makes one or more events on every action of every search (docs/PERFORMANCE.md, "Typed log
events"). Nothing changes one once made: copies share it.

The acting seat is ``seat`` (an ``int``, or ``None`` for the game itself: a kind of event
that never has one derives from :class:`NoSeat`); the view sends it beside the words, as
``{"seat": ..., "text": ...}``.

>>> from vaka.i18n.said import Said
>>> @event
... class Passes:
...     seat: int
...     def said(self, viewer: int | None, over: bool) -> Said:
...         return by(self.seat, viewer, "You pass", "{seat} passes")
>>> Passes(2).said(None, False), Passes(2).said(2, False)
('Seat 2 passes', 'You pass')
>>> Passes(seet=2)
Traceback (most recent call last):
TypeError: Passes.__init__() got an unexpected keyword argument 'seet'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, TypeVar, cast, dataclass_transform

from vaka.i18n.said import Said
from vaka.i18n.said import seat as said_seat

C = TypeVar("C", bound=type)


class Event(Protocol):
    """What the state keeps in its log and the view puts in words."""

    @property
    def seat(self) -> int | None:
        """The seat that acted; None for the game itself."""

    def said(self, viewer: int | None, over: bool) -> str | None:
        """The entry in words (a ``Said``, vaka.i18n.said, in a game that speaks languages)
        as ``viewer`` (None: a spectator) may read it, or None if that viewer may not see it.
        ``over``: whether the game is over (all is shown then)."""


class NoSeat:
    """A base for an event of the game itself (a scoring, a refill), that no seat did."""

    __slots__ = ()
    seat: ClassVar[None] = None


def _same(self: object, memo: object = None) -> object:
    return self  # never changed once made: a copy of the state shares it


@dataclass_transform(frozen_default=True)
def event(cls: C) -> C:
    """Make ``cls`` an event: a slotted dataclass, frozen to the type checker (see the
    module's text), compared and hashed by value, shared by copies."""
    made: Any = dataclass(slots=True, unsafe_hash=True)(cls)
    made.__copy__ = made.__deepcopy__ = _same
    return cast(C, made)


def by(
    seat: int | None,
    viewer: int | None,
    yours: str,
    theirs: str,
    capital: bool = True,
    **fields: Any,
) -> Said:
    """An entry as the seat that acted reads it ("You take ...") or as the others read it
    ("Seat 2 takes ..."; ``capital=False``: "seat 2 takes ..."): two templates, since other
    languages conjugate differently."""
    if seat is not None and seat == viewer:
        return Said(yours, **fields)
    who = said_seat(seat if seat is not None else -1, capital=capital)
    return Said(theirs, seat=who, **fields)
