"""Rapa Nui's log: one typed record per kind of event (vaka.core.events), each put in words
by its ``said``: English as the service sends it, remembering its template
(``vaka.i18n.said``) so that a screen says it again in the reader's language.

The events that move a seat's sacrifice cards (:data:`CARD_EVENTS`) are what
determinization reads to pick again the kinds a seat hid face down (vaka.games.rapanui.view).
"""

from __future__ import annotations

from vaka.core.events import NoSeat, by, event
from vaka.games.rapanui.params import MOAI, PRIEST, WOODCUTTER
from vaka.i18n import N_, NP_
from vaka.i18n.said import Said
from vaka.i18n.said import seat as said_seat

Viewer = int | None

#: The card kinds in the log's words, in the reader's language where it is shown.
KIND_WORDS = (
    NP_("rapanui", "fish"),
    NP_("rapanui", "grain"),
    NP_("rapanui", "mulberry"),
    NP_("rapanui", "potato"),
    NP_("rapanui", "woodcutter"),
    NP_("rapanui", "priest"),
    NP_("rapanui", "moai"),
)
_KINDS_SAID = tuple(Said(word, context="rapanui") for word in KIND_WORDS)
_SCORED = {
    WOODCUTTER: N_("Woodcutters are scored (wood): {gains}"),
    PRIEST: N_("Priests are scored (fame): {gains}"),
    MOAI: N_("Moais are scored (wood or fame): {gains}"),
}


def kind_word(kind: int) -> Said:
    """A card kind's name ("fish"), said in the reader's language where it is shown (one
    shared by every entry that names it)."""
    return _KINDS_SAID[kind]


# =========================================================================== the turn
@event
class Turn:
    seat: int
    number: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        if self.seat == viewer:
            return Said(N_("Turn {n}: your turn"), n=self.number, headline=N_("Turn {n}"))
        return Said(
            N_("Turn {n}: {seat}’s turn"), n=self.number, seat=said_seat(self.seat),
            headline=N_("Turn {n}"),
        )  # fmt: skip


@event
class Pass:
    """No sacrifice card bought."""

    seat: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You buy no sacrifice card"),
                  N_("{seat} buys no sacrifice card"))  # fmt: skip


@event
class Buy:
    seat: int
    kind: int
    cost: int  # wood

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You buy a {kind} sacrifice card for {cost} wood"),
                  N_("{seat} buys a {kind} sacrifice card for {cost} wood"),
                  kind=kind_word(self.kind), cost=self.cost)  # fmt: skip


@event
class Lay:
    seat: int
    kind: int
    count: int
    cost: int  # wood

    def said(self, viewer: Viewer, over: bool) -> Said:
        word = kind_word(self.kind)
        if self.count == 1:
            what = Said(N_("a {kind}"), kind=word)
        else:
            what = Said(N_("{n} {kind}"), n=self.count, kind=word)
        if self.cost:
            return by(self.seat, viewer, N_("You lay out {what} for {cost} wood"),
                      N_("{seat} lays out {what} for {cost} wood"),
                      what=what, cost=self.cost)  # fmt: skip
        return by(self.seat, viewer, N_("You lay out {what}"), N_("{seat} lays out {what}"),
                  what=what)  # fmt: skip


@event
class Draw:
    seat: int
    row: int  # from 0
    card: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You take the {kind} from row {row}"),
                  N_("{seat} takes the {kind} from row {row}"),
                  kind=kind_word(self.card), row=self.row + 1)  # fmt: skip


@event
class Refill(NoSeat):
    row: int  # from 0
    count: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        return Said(N_("Row {row} is empty and gets {n} new cards"), row=self.row + 1,
                    n=self.count)  # fmt: skip


@event
class PileOut(NoSeat):
    def said(self, viewer: Viewer, over: bool) -> Said:
        return Said(N_("The draw pile is used up: the game ends after this turn"))


@event
class Idle:
    """A turn passed without laying out or drawing a card, and why."""

    seat: int
    cards: int  # in hand
    wood: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(
            self.seat, viewer,
            N_("You can neither lay out a card ({cards} in hand, {wood} wood) nor draw; "
               "the turn passes"),
            N_("{seat} can neither lay out a card ({cards} in hand, {wood} wood) nor draw; "
               "the turn passes"),
            cards=self.cards, wood=self.wood,
        )  # fmt: skip


@event
class End(NoSeat):
    reason: str  # N_()-marked

    def said(self, viewer: Viewer, over: bool) -> Said:
        return Said(N_("Game over: {reason}"), reason=Said(self.reason))


# =========================================================================== scorings
@event
class Score(NoSeat):
    kind: int  # the kind uncovered
    amounts: tuple[int, ...]  # by seat

    def said(self, viewer: Viewer, over: bool) -> Said:
        if self.kind in _SCORED:
            gains = tuple(
                Said(N_("{seat} +{n}"), seat=said_seat(i), n=n)
                for i, n in enumerate(self.amounts)
                if n
            )
            return Said(_SCORED[self.kind], gains=gains or Said(N_("nobody gains")))
        if any(self.amounts):
            scored = N_("{kind} hunter-gatherers are scored")
            return Said(scored, kind=kind_word(self.kind), capital=True)
        return Said(
            N_("{kind} hunter-gatherers are scored: nobody has one, nobody gains"),
            kind=kind_word(self.kind), capital=True,
        )  # fmt: skip


@event
class Moai:
    seat: int
    choice: int  # actions.WOOD or actions.FAME
    amount: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        if self.choice:
            return by(self.seat, viewer, N_("You take {n} fame from the Moai scoring"),
                      N_("{seat} takes {n} fame from the Moai scoring"), n=self.amount)  # fmt: skip
        return by(self.seat, viewer, N_("You take {n} wood from the Moai scoring"),
                  N_("{seat} takes {n} wood from the Moai scoring"), n=self.amount)  # fmt: skip


@event
class Decline:
    """No sacrifice card taken from a scoring: its kind has run out."""

    seat: int
    kind: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You take no sacrifice card ({kind} has run out)"),
                  N_("{seat} takes no sacrifice card ({kind} has run out)"),
                  kind=kind_word(self.kind))  # fmt: skip


@event
class Gain:
    seat: int
    kind: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You gain a {kind} sacrifice card"),
                  N_("{seat} gains a {kind} sacrifice card"),
                  kind=kind_word(self.kind))  # fmt: skip


# =========================================================================== the stone
@event
class Sacrifice:
    """A sacrifice card put face up on the stone."""

    seat: int
    kind: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You put a {kind} sacrifice card face up on the stone"),
                  N_("{seat} puts a {kind} sacrifice card face up on the stone"),
                  kind=kind_word(self.kind))  # fmt: skip


@event
class Hide:
    """A sacrifice card put face down: its kind is told to its seat and at the end (in a
    guess, a kind picked again: vaka.games.rapanui.view)."""

    seat: int
    kind: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        if self.seat == viewer or over:
            return by(self.seat, viewer,
                      N_("You put a {kind} sacrifice card face down on the stone"),
                      N_("{seat} puts a {kind} sacrifice card face down on the stone"),
                      kind=kind_word(self.kind))  # fmt: skip
        return by(self.seat, viewer, N_("You put a sacrifice card face down on the stone"),
                  N_("{seat} puts a sacrifice card face down on the stone"))  # fmt: skip


@event
class Offer:
    """A card from the supply put face up on the stone."""

    seat: int
    kind: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer,
                  N_("You put a {kind} card from the supply face up on the stone"),
                  N_("{seat} puts a {kind} card from the supply face up on the stone"),
                  kind=kind_word(self.kind))  # fmt: skip


RapaNuiEvent = (
    Turn | Pass | Buy | Lay | Draw | Refill | PileOut | Idle | End | Score | Moai | Decline
    | Gain | Sacrifice | Hide | Offer
)  # fmt: skip
#: The events that move a seat's sacrifice cards (indexed in ``RapaNuiState.card_events``).
CardEvent = Buy | Gain | Sacrifice | Hide
