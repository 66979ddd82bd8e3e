"""Raiatea's events of the ceremony (rituals prepared, mana offered, gifts, the bag, the
statues) and of the rituals performed (vaka.games.raiatea.events has the rest)."""

from __future__ import annotations

from vaka.core.events import NoSeat, by, event
from vaka.games.raiatea.event_words import (
    Viewer,
    _bids,
    _ritual_count,
    _things,
)
from vaka.games.raiatea.names import (
    GIFTS,
    NOUNS,
    amount,
    ritual,
    thing,
)
from vaka.i18n import N_
from vaka.i18n.said import Said, Words
from vaka.i18n.said import seat as said_seat


# =========================================================================== the ceremony
@event
class Prepare:
    """A ritual clipped into the bag: which one, only to its seat (None in a guess)."""

    seat: int
    ritual: str | None

    def said(self, viewer: Viewer, over: bool) -> Said:
        if (self.seat == viewer or over) and self.ritual is not None:
            return by(self.seat, viewer, N_("You prepare {ritual}"), N_("{seat} prepares {ritual}"),
                      ritual=Words(ritual, self.ritual))  # fmt: skip
        return by(self.seat, viewer, N_("You put a ritual into the bag"),
                  N_("{seat} puts a ritual into the bag"))  # fmt: skip

    def hidden(self) -> Prepare:
        return Prepare(self.seat, None)


@event
class Prepared:
    seat: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You have prepared your rituals"),
                  N_("{seat} has prepared their rituals"))  # fmt: skip


@event
class AllPrepared(NoSeat):
    def said(self, viewer: Viewer, over: bool) -> Said:
        return Said(N_("All rituals are prepared"))


@event
class Bid:
    """Mana offered or bid, sealed: how much, only to its seat (None in a guess)."""

    seat: int
    mana: int | None

    def said(self, viewer: Viewer, over: bool) -> Said:
        if (self.seat == viewer or over) and self.mana is not None:
            return by(self.seat, viewer, N_("You bid {n} mana"), N_("{seat} bids {n} mana"),
                      n=self.mana)  # fmt: skip
        return by(self.seat, viewer, N_("You have chosen a bid"), N_("{seat} has chosen a bid"))

    def hidden(self) -> Bid:
        return Bid(self.seat, None)


@event
class Offering(NoSeat):
    bids: tuple[int, ...]  # by seat
    order: tuple[int, ...]  # the ceremonial order

    def said(self, viewer: Viewer, over: bool) -> Said:
        return Said(N_("Mana offered: {bids}; ceremonial order: {order}"), bids=_bids(self.bids),
                    order=tuple(said_seat(o) for o in self.order))  # fmt: skip


@event
class Gift:
    seat: int
    gift: str

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You choose the gift of {gift}"),
                  N_("{seat} chooses the gift of {gift}"), gift=Said(GIFTS[self.gift]))  # fmt: skip


@event
class Bag(NoSeat):
    """Divine Blessings: the bag opened, its rituals in order with their owners (-1: a
    General ritual) and its mana."""

    rituals: tuple[tuple[str, int], ...]
    mana: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        shown: Said | tuple[Said, ...] = tuple(
            Said(N_("{ritual} of {seat}"), ritual=Words(ritual, r), seat=said_seat(s))
            if s >= 0
            else Said(N_("{ritual}, General"), ritual=Words(ritual, r))
            for r, s in self.rituals
        ) or Said(N_("no rituals"))
        return Said(N_("Divine Blessings: {mana} mana in the bag; {rituals}"), mana=self.mana,
                    rituals=shown)  # fmt: skip


@event
class Unblessed(NoSeat):
    rituals: tuple[str, ...]
    mana: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        return Said(N_("{mana} mana is not enough for the rest: {rituals} discarded"),
                    mana=self.mana, rituals=Words(_ritual_count, len(self.rituals)))  # fmt: skip


@event
class Statue(NoSeat):
    n: int  # the statue whose missions are revealed, from 1

    def said(self, viewer: Viewer, over: bool) -> Said:
        return Said(N_("The missions of statue {n} are revealed"), n=self.n)


# =========================================================================== rituals
@event
class Perform:
    seat: int | None  # None: a General ritual from the bag, which has no owner
    ritual: str

    def said(self, viewer: Viewer, over: bool) -> Said:
        if self.seat is None:
            return Said(N_("The General ritual {ritual} is performed"),
                        ritual=Words(ritual, self.ritual))  # fmt: skip
        return by(self.seat, viewer, N_("You perform {ritual}"), N_("{seat} performs {ritual}"),
                  ritual=Words(ritual, self.ritual))  # fmt: skip


@event
class Unpaid:
    seat: int
    ritual: str

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You cannot pay the price of {ritual}: it is discarded"),
                  N_("{seat} cannot pay the price of {ritual}: it is discarded"),
                  ritual=Words(ritual, self.ritual))  # fmt: skip


@event
class Discard:
    seat: int
    ritual: str

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You discard {ritual}"), N_("{seat} discards {ritual}"),
                  ritual=Words(ritual, self.ritual))  # fmt: skip


@event
class Target:
    seat: int
    target: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You target {target}"), N_("{seat} targets {target}"),
                  target=said_seat(self.target))  # fmt: skip


@event
class Steal:
    seat: int
    victim: int
    what: str  # a noun of NOUNS (counted), or a thing
    n: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        got = Words(amount, self.n, self.what) if self.what in NOUNS else Words(thing, self.what)
        return by(self.seat, viewer, N_("You take {what} from {victim}"),
                  N_("{seat} takes {what} from {victim}"),
                  what=got, victim=said_seat(self.victim))  # fmt: skip


@event
class Reactivate:
    seat: int
    what: str  # an assistant, or "all"

    def said(self, viewer: Viewer, over: bool) -> Said:
        what = Said(N_("all assistants")) if self.what == "all" else \
            Said(N_("a {thing}"), thing=Words(thing, self.what))  # fmt: skip
        return by(self.seat, viewer, N_("You reactivate {what}"), N_("{seat} reactivates {what}"),
                  what=what)  # fmt: skip


@event
class CountType:
    seat: int
    assistant: str

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You choose to count {things}"),
                  N_("{seat} chooses to count {things}"),
                  things=_things(self.assistant))  # fmt: skip


@event
class Feed:
    seat: int
    mana: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You add {n} mana to the offered mana"),
                  N_("{seat} adds {n} mana to the offered mana"), n=self.mana)  # fmt: skip
