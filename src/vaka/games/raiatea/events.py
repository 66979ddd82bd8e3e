"""Raiatea's log: one typed record per kind of event (vaka.core.events), each put in words
by its ``said``: a ``Said`` (vaka.i18n.said), English, with its template and fields kept so
that a screen says it again in the reader's language. The events of the ceremony and the
rituals are in ``ceremony_events`` (named here too), the words they share in
``event_words``.

An entry of the seat that reads it has texts of its own ("You take", "Seat 1 takes"):
other languages conjugate for "you" differently. Names of things come from
``vaka.games.raiatea.names`` (as ``Words``: said again in the reader's language). A hidden
choice (:data:`PRIVATE`) is kept with its card or bid for the seat that made it and the
end; a guess (determinization) keeps it without.
"""

from __future__ import annotations

from vaka.core.events import NoSeat, by, event
from vaka.games.raiatea.actions import slot_text
from vaka.games.raiatea.ceremony_events import (
    AllPrepared,
    Bag,
    Bid,
    CountType,
    Discard,
    Feed,
    Gift,
    Offering,
    Perform,
    Prepare,
    Prepared,
    Reactivate,
    Statue,
    Steal,
    Target,
    Unblessed,
    Unpaid,
)
from vaka.games.raiatea.event_words import (
    DECKS,
    Viewer,
    _bids,
    _bonus,
    _cards,
    _forest,
    _OneThing,
    _place,
    _rank,
    _rituals,
    _things,
)
from vaka.games.raiatea.names import (
    amount,
    mission,
    ritual,
    thing,
)
from vaka.games.raiatea.params import COMMODITIES, MISSION_SLOTS, TOOS
from vaka.i18n import N_
from vaka.i18n.said import Said, Words
from vaka.i18n.said import seat as said_seat


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

__all__ = [
    "PRIVATE",
    "AllPrepared",
    "Auction",
    "Bag",
    "Bid",
    "BuyRituals",
    "ChartBonus",
    "Claim",
    "CountType",
    "Die",
    "Discard",
    "DiscardDrawn",
    "Display",
    "Draw",
    "EnoughForDie",
    "Feed",
    "FinalScoring",
    "FromForest",
    "Gain",
    "GetMask",
    "Gift",
    "GiveMask",
    "Hire",
    "Keep",
    "Mission",
    "NoMission",
    "Offering",
    "Pay",
    "Perform",
    "Prepare",
    "Prepared",
    "Prices",
    "Priests",
    "RaiateaEvent",
    "Rank",
    "Reactivate",
    "Recruit",
    "Reshuffle",
    "Revealed",
    "RoundBegins",
    "RoundEnds",
    "Sacrifice",
    "Sell",
    "Statue",
    "Steal",
    "TakeFromMarket",
    "Target",
    "Tattoo",
    "ToMarket",
    "Turn",
    "Unblessed",
    "Unpaid",
    "Use",
]
