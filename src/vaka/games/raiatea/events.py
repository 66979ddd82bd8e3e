"""Raiatea's log: one typed record per kind of event (vaka.core.events), each put in words
by its ``said``: a ``Said`` (vaka.i18n.said), English as the service sends it (the browser
boards read the claims and bids in it), with its template and fields kept so that a screen
says it again in the reader's language.

An entry of the seat that reads it has texts of its own ("You take", "Seat 1 takes"):
other languages conjugate for "you" differently. Names of things come from
``vaka.games.raiatea.names`` (as ``Words``: said again in the reader's language). A hidden
choice (:data:`PRIVATE`) is kept with its card or bid for the seat that made it and the
end; a guess (determinization) keeps it without.
"""

from __future__ import annotations

from typing import ClassVar

from vaka.core.events import NoSeat, by, event
from vaka.games.raiatea.actions import slot_text
from vaka.games.raiatea.names import (
    GIFTS,
    NOUNS,
    RANK_NAMES,
    amount,
    bonus,
    grouped,
    mission,
    ritual,
    thing,
)
from vaka.games.raiatea.params import CHARTS, COMMODITIES, LOCATION_NAMES, MISSION_SLOTS, TOOS
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


def _things(x: str) -> Said:
    """A kind of thing counted in the plural ("Collectors")."""
    return Said(N_("{thing}s"), thing=Words(thing, x))


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


# =========================================================================== the rounds
@event
class RoundBegins(NoSeat):
    kind: str  # "action" or "ceremony"
    number: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        if self.kind == "action":
            return Said(N_("— Action round {n} —"), n=self.number)
        return Said(N_("— Ceremony {n} —"), n=self.number)


@event
class RoundEnds(NoSeat):
    start: int  # the new starting player

    def said(self, viewer: Viewer, over: bool) -> Said:
        return Said(N_("The round ends; {seat} is the new starting player"),
                    seat=said_seat(self.start))  # fmt: skip


@event
class FinalScoring(NoSeat):
    def said(self, viewer: Viewer, over: bool) -> Said:
        return Said(N_("The third ceremony is over: final scoring"))


@event
class Die:
    seat: int  # the Kahuna who rolls
    why: str  # "reef", or the assistant whose effect needs the die
    value: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        what = Said(N_("the reef")) if self.why == "reef" else _things(self.why)
        return by(self.seat, viewer, N_("You roll the die for {what}: {n}"),
                  N_("{seat} rolls the die for {what}: {n}"), what=what, n=self.value)  # fmt: skip


@event
class Claim:
    seat: int
    location: str

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You claim the {place}, your Kahuna"),
                  N_("{seat} claims the {place}, its Kahuna"),
                  place=Words(_place, self.location))  # fmt: skip


@event
class Draw:
    seat: int
    deck: str
    n: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You draw {rituals}"), N_("{seat} draws {rituals}"),
                  rituals=Words(_rituals, self.n, self.deck))  # fmt: skip


@event
class BuyRituals:
    seat: int
    mana: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You put {n} mana into the bag to draw rituals"),
                  N_("{seat} puts {n} mana into the bag to draw rituals"), n=self.mana)  # fmt: skip


@event
class Keep:
    """A ritual kept from those drawn: which one, only to its seat (None in a guess)."""

    seat: int
    ritual: str | None

    def said(self, viewer: Viewer, over: bool) -> Said:
        if (self.seat == viewer or over) and self.ritual is not None:
            return by(self.seat, viewer, N_("You keep {ritual}"), N_("{seat} keeps {ritual}"),
                      ritual=Words(ritual, self.ritual))  # fmt: skip
        return by(self.seat, viewer, N_("You keep a ritual"), N_("{seat} keeps a ritual"))

    def hidden(self) -> Keep:
        return Keep(self.seat, None)


@event
class DiscardDrawn:
    seat: int
    rituals: tuple[str, ...]

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You discard {rituals}"), N_("{seat} discards {rituals}"),
                  rituals=tuple(Words(ritual, r) for r in self.rituals))  # fmt: skip


@event
class Reshuffle(NoSeat):
    deck: str

    def said(self, viewer: Viewer, over: bool) -> Said:
        return Said(N_("The {deck} ritual discards are shuffled into a new deck"),
                    deck=Said(DECKS[self.deck], context="raiatea"))  # fmt: skip


# =========================================================================== seats' markers
@event
class Tattoo:
    seat: int
    space: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You: tattoo marker to space {n}"),
                  N_("{seat}: tattoo marker to space {n}"), n=self.space)  # fmt: skip


@event
class Rank:
    seat: int
    rank: str

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You reach the rank of {rank}"),
                  N_("{seat} reaches the rank of {rank}"),
                  rank=Words(_rank, self.rank))  # fmt: skip


@event
class Priests:
    seat: int
    n: int  # where the priest marker stands now

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You: priest marker to {n}"),
                  N_("{seat}: priest marker to {n}"), n=self.n)  # fmt: skip


@event
class Gain:
    seat: int
    what: str  # a noun of vaka.games.raiatea.names.NOUNS, or a thing
    n: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You gain {what}"), N_("{seat} gains {what}"),
                  what=Words(amount, self.n, self.what))  # fmt: skip


@event
class Pay:
    seat: int
    what: str
    n: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You pay {what}"), N_("{seat} pays {what}"),
                  what=Words(amount, self.n, self.what))  # fmt: skip


# =========================================================================== the forest
@event
class Display(NoSeat):
    cards: tuple[str, ...]

    def said(self, viewer: Viewer, over: bool) -> Said:
        return Said(N_("Forest display: {cards}"), cards=Words(_forest, self.cards))


@event
class Revealed:
    seat: int
    cards: tuple[str, ...]

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You reveal forest cards: {cards}"),
                  N_("{seat} reveals forest cards: {cards}"),
                  cards=Words(_cards, self.cards))  # fmt: skip


@event
class FromForest(_OneThing):
    TEXTS = (N_("You take {thing} from the forest"), N_("{seat} takes {thing} from the forest"))


@event
class ToMarket(NoSeat):
    card: str

    def said(self, viewer: Viewer, over: bool) -> Said:
        return Said(N_("{thing} goes to its market"), thing=Words(thing, self.card))


# =========================================================================== one thing
@event
class TakeFromMarket(_OneThing):
    TEXTS = (N_("You take {thing} from the market"), N_("{seat} takes {thing} from the market"))


@event
class Sacrifice(_OneThing):
    TEXTS = (N_("You sacrifice {thing} at the Marae"), N_("{seat} sacrifices {thing} at the Marae"))


@event
class GiveMask(_OneThing):
    """A mask put into the Mask Market (Neighbourhood), or paid for a mission (To'o)."""

    TEXTS = (
        N_("You put {thing} into the Mask Market"),
        N_("{seat} puts {thing} into the Mask Market"),
    )


@event
class GetMask(_OneThing):
    TEXTS = (
        N_("You take {thing} from the Mask Market"),
        N_("{seat} takes {thing} from the Mask Market"),
    )


@event
class Sell(_OneThing):
    TEXTS = (N_("You sell {thing}"), N_("{seat} sells {thing}"))


@event
class Turn(_OneThing):
    TEXTS = (N_("You turn a {thing}"), N_("{seat} turns a {thing}"))


@event
class Use(_OneThing):
    TEXTS = (
        N_("You turn a {thing} to use its one-time effect"),
        N_("{seat} turns a {thing} to use its one-time effect"),
    )


# =========================================================================== locations
@event
class EnoughForDie:
    """Assistant effect A: enough of an assistant to roll the die for it."""

    seat: int
    assistant: str

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You have enough {things} for the die"),
                  N_("{seat} has enough {things} for the die"),
                  things=_things(self.assistant))  # fmt: skip


@event
class Recruit:
    seat: int
    n: int
    price: int  # pearls

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You recruit {priests} for {price}"),
                  N_("{seat} recruits {priests} for {price}"),
                  priests=Words(amount, self.n, "priests"),
                  price=Words(amount, self.price, "pearls"))  # fmt: skip


@event
class Hire:
    seat: int
    assistant: str
    price: int  # pearls

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You hire a {thing} for {price}"),
                  N_("{seat} hires a {thing} for {price}"),
                  thing=Words(thing, self.assistant),
                  price=Words(amount, self.price, "pearls"))  # fmt: skip


@event
class ChartBonus:
    seat: int
    commodity: str
    space: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You take the {thing} bonus on space {k}: {gained}"),
                  N_("{seat} takes the {thing} bonus on space {k}: {gained}"),
                  thing=Words(thing, self.commodity), k=self.space,
                  gained=Words(_bonus, self.commodity, self.space))  # fmt: skip


@event
class Prices(NoSeat):
    prices: tuple[int, ...]  # by commodity, in COMMODITIES' order

    def said(self, viewer: Viewer, over: bool) -> Said:
        prices = tuple(
            Said(N_("{thing} {n}"), thing=Words(thing, c), n=p)
            for c, p in zip(COMMODITIES, self.prices, strict=True)
        )
        return Said(N_("Price markers: {prices}"), prices=prices)


# =========================================================================== To'o
@event
class Mission:
    seat: int
    slot: int  # index into MISSION_SLOTS
    token: str

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(
            self.seat, viewer,
            N_("You fulfil To'o mission {slot} ({mission}, {vp} VP)"),
            N_("{seat} fulfils To'o mission {slot} ({mission}, {vp} VP)"),
            slot=slot_text(MISSION_SLOTS[self.slot]), mission=Words(mission, self.token),
            vp=TOOS[self.token]["vp"],
        )  # fmt: skip


@event
class NoMission:
    seat: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You fulfil no mission"), N_("{seat} fulfils no mission"))


@event
class Auction:
    seat: int | None  # the winner; -1 when nobody wins
    slot: int  # index into MISSION_SLOTS
    token: str
    bids: tuple[int, ...]  # by seat

    def said(self, viewer: Viewer, over: bool) -> Said:
        winner = (
            Said(N_("{seat} wins it"), seat=said_seat(self.seat))
            if self.seat is not None and self.seat >= 0
            else Said(N_("nobody wins it"))
        )
        return Said(N_("Auction for mission {slot} ({vp} VP), bids {bids}; {winner}"),
                    slot=slot_text(MISSION_SLOTS[self.slot]), vp=TOOS[self.token]["vp"],
                    bids=_bids(self.bids), winner=winner)  # fmt: skip


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


RaiateaEvent = (
    RoundBegins | RoundEnds | FinalScoring | Die | Claim | Draw | BuyRituals | Keep
    | DiscardDrawn | Reshuffle | Tattoo | Rank | Priests | Gain | Pay | Display | Revealed
    | FromForest | ToMarket | TakeFromMarket | Sacrifice | GiveMask | GetMask | Sell | Turn
    | Use | EnoughForDie | Recruit | Hire | ChartBonus | Prices | Mission | NoMission
    | Auction | Prepare | Prepared | AllPrepared | Bid | Offering | Gift | Bag | Unblessed
    | Statue | Perform | Unpaid | Discard | Target | Steal | Reactivate | CountType | Feed
)  # fmt: skip
#: The hidden choices: kept with their card or bid only for the seat that made them.
PRIVATE = (Keep, Prepare, Bid)
