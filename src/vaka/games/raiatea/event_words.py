"""The words Raiatea's events are said with: names of places, ranks, cards, rituals and
bids in the reader's language, and the record of a seat doing something with one thing."""

from __future__ import annotations

from typing import ClassVar

from vaka.core.events import by, event
from vaka.games.raiatea.names import (
    RANK_NAMES,
    bonus,
    grouped,
    thing,
    things,
)
from vaka.games.raiatea.params import CHARTS, COMMODITIES, LOCATION_NAMES
from vaka.i18n import N_, NP_, _, ngettext
from vaka.i18n.said import Said, Words
from vaka.i18n.said import seat as said_seat

DECKS = {"normal": NP_("raiatea", "normal"), "forbidden": NP_("raiatea", "forbidden")}
Viewer = int | None


def _place(location: str) -> str:
    return _(str(LOCATION_NAMES[location]))


def _rank(rank: str) -> str:
    return _(RANK_NAMES[rank])


def _forest(cards: tuple[str, ...]) -> str:
    return grouped(map(thing, cards)) or _("(empty)")


def _cards(cards: tuple[str, ...]) -> str:
    return grouped(map(thing, cards))


def _bonus(commodity: str, space: int) -> str:
    return bonus(CHARTS[COMMODITIES.index(commodity)][space])


def _rituals(n: int, deck: str) -> str:
    if deck == "forbidden":
        return ngettext("{n} forbidden ritual", "{n} forbidden rituals", n).format(n=n)
    return ngettext("{n} normal ritual", "{n} normal rituals", n).format(n=n)


def _ritual_count(n: int) -> str:
    return ngettext("{n} ritual", "{n} rituals", n).format(n=n)


def _things(x: str) -> Words:
    """A kind of assistant in the plural ("Collectors")."""
    return Words(things, x)


def _bids(bids: tuple[int, ...]) -> tuple[Said, ...]:
    """Mana per seat, said so that two numbers never stand side by side."""
    return tuple(Said(N_("{seat}: {n}"), seat=said_seat(s), n=b) for s, b in enumerate(bids))


@event
class _OneThing:
    """A seat does something with one thing: two templates (yours, theirs) with {thing}."""

    seat: int
    thing: str
    TEXTS: ClassVar[tuple[str, str]]

    def said(self, viewer: Viewer, over: bool) -> Said:
        yours, theirs = self.TEXTS
        return by(self.seat, viewer, yours, theirs, thing=Words(thing, self.thing))
