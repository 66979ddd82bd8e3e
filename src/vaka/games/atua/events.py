"""Atua's log: one typed record per kind of event (vaka.core.events), each put in words by
its ``said``: English as the service sends it, remembering its template
(``vaka.i18n.said``) so that a screen says it again in the reader's language. A seat's own
entries are in the second person ("You pass"), the others' begin with the seat in small
letters ("seat 1 passes")."""

from __future__ import annotations

from functools import cache

from vaka.core.events import NoSeat, by, event
from vaka.games.atua.tiles import FATES, RESIDENTS
from vaka.i18n import N_, NP_
from vaka.i18n.said import Said

Viewer = int | None


#: The harmony sources and passed phases as the log names them, said in the reader's
#: language where the log is shown.
_WORDS = {
    "fishing": NP_("atua", "fishing"),
    "hunting": NP_("atua", "hunting"),
    "canoes": NP_("atua", "canoes"),
    "coconuts": NP_("atua", "coconuts"),
    "totems": NP_("atua", "totems"),
    "volcanoes": NP_("atua", "volcanoes"),
    "fate": NP_("atua", "fate"),
    "resident": NP_("atua", "resident"),
    "spare": NP_("atua", "spare"),
    "take": NP_("atua", "take"),
    "score": NP_("atua", "score"),
    # rows of the final scoring sheet beyond the sources (vaka.games.atua.render)
    "beach": NP_("atua", "beach"),
    "coconut_bonus": NP_("atua", "coconut_bonus"),
}


#: The symbols as words (their catalog entries, context "symbol", are vaka.games.atua.words').
_PLURALS = {
    "fisherman": "fishermen", "fish": "fish", "huntress": "huntresses", "bird": "birds",
    "canoe": "canoes", "palm": "palms", "coconut": "coconuts", "totem": "totems",
    "volcano": "volcanoes",
}  # fmt: skip


def _word(name: str) -> Said | str:
    """A source, phase or symbol named by its id, as English writes it in the log (the id,
    "_" as a space), said in the reader's language where it is shown."""
    if name in _WORDS:
        return Said(_WORDS[name], context="atua")
    if name == "beach_cards":
        return Said("beach card", plural="beach cards", number=2, context="symbol")
    if name in _PLURALS:  # the English is the id as written
        return Said(name, plural=_PLURALS[name], number=1, context="symbol")
    return name.replace("_", " ")


def _coconuts(n: int) -> Said:
    return Said(N_("{n} {coconuts}"), n=n, coconuts=Said(
        "coconut", plural="coconuts", number=n, context="symbol"))  # fmt: skip


@cache
def fate_words(fate_id: str) -> Said:
    """A fate tile in words, as ``Fate.describe`` says it (made once per tile: every view
    says the fate tiles on offer, and words are never changed once made)."""
    f = FATES[fate_id]
    categories = tuple(_word(c) for c in f.categories)
    most = Said(N_("{a} and {b}"), a=categories[0], b=categories[1]) if len(categories) == 2 \
        else categories[0]  # fmt: skip
    if f.partial is not None:
        return Said(
            N_("most {what}: +{win}, +{partial} for one of them, else -{lose} (costs {cost})"),
            what=most, win=f.win, partial=f.partial, lose=f.lose, cost=f.cost,
        )  # fmt: skip
    return Said(N_("most {what}: +{win}, else -{lose} (costs {cost})"),
                what=most, win=f.win, lose=f.lose, cost=f.cost)  # fmt: skip


def resident_words(resident_id: str) -> Said:
    """A resident in words, as ``Resident.describe`` says it."""
    res = RESIDENTS[resident_id]
    adds = tuple(Said(N_("{n} {what}"), n=n, what=_word(k)) for k, n in res.adds)
    return Said(N_("{name}: adds {adds}; {points} points per 2 {pairs} in the row"),
                name=res.name, adds=adds, points=res.points,
                pairs=_word(res.pairs))  # fmt: skip


@event
class Setup(NoSeat):
    """The game is set up; each seat is told its own resident, face down ("" where the
    game has none)."""

    residents: tuple[str, ...]

    def said(self, viewer: Viewer, over: bool) -> Said:
        if viewer is not None and self.residents[viewer]:
            name = RESIDENTS[self.residents[viewer]].name
            return Said(N_("setup; your resident (face down) is {name}"), name=name)
        return Said(N_("setup"))


@event
class Drawn(NoSeat):
    """The solo game's two cards drawn for the turn."""

    left: str
    right: str

    def said(self, viewer: Viewer, over: bool) -> Said:
        return Said(N_("drawn: {left} (left) and {right} (right)"), left=self.left,
                    right=self.right)  # fmt: skip


@event
class Take:
    seat: int
    card: str
    where: str  # "left" or "right" (solo), else the card's place in the row from 1
    paid: int
    gained: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        if self.where in ("left", "right"):
            where = Said(N_("the left card") if self.where == "left" else N_("the right card"))
        else:
            where = Said(N_("card {n} of the row"), n=self.where)
        return by(self.seat, viewer, N_("You take {card} ({where}), pay {paid}, gain {gained}"),
                  N_("{seat} takes {card} ({where}), pays {paid}, gains {gained}"),
                  capital=False, card=self.card, where=where, paid=self.paid,
                  gained=_coconuts(self.gained))  # fmt: skip


@event
class Place:
    seat: int
    placement: str  # the action's text

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You: {action}"), N_("{seat}: {action}"),
                  capital=False, action=self.placement)  # fmt: skip


@event
class SetAside:
    seat: int
    card: str

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You find no place for {card} and lay it aside"),
                  N_("{seat} finds no place for {card} and lays it aside"),
                  capital=False, card=self.card)  # fmt: skip


@event
class Spare:
    """The solo game: the card not taken is discarded for 3 coconuts."""

    seat: int
    card: str
    forced: bool

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You pay 3 coconuts: {card} is discarded"),
                  N_("{seat} pays 3 coconuts: {card} is discarded"),
                  capital=False, card=self.card)  # fmt: skip


@event
class Give:
    """The solo game: the card not taken goes to Tahuma."""

    seat: int
    card: str
    forced: bool  # no coconuts to spare it

    def said(self, viewer: Viewer, over: bool) -> Said:
        if self.forced:
            return Said(N_("{card} goes to Tahuma (no coconuts to spare it)"), card=self.card)
        return Said(N_("{card} goes to Tahuma"), card=self.card)


@event
class Refill(NoSeat):
    card: str
    pile: str

    def said(self, viewer: Viewer, over: bool) -> Said:
        return Said(N_("{card} joins the row from pile {pile}"), card=self.card, pile=self.pile)


@event
class BuyFate:
    seat: int
    tile: str

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You buy fate tile {tile}: {what}"),
                  N_("{seat} buys fate tile {tile}: {what}"),
                  capital=False, tile=self.tile, what=fate_words(self.tile))  # fmt: skip


@event
class Reveal:
    seat: int
    resident: str
    points: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        what = resident_words(self.resident)
        return by(self.seat, viewer, N_("You reveal {what}: {n} points"),
                  N_("{seat} reveals {what}: {n} points"),
                  capital=False, what=what, n=self.points)  # fmt: skip


@event
class Pass:
    seat: int
    phase: str
    forced: bool  # the only choice

    def said(self, viewer: Viewer, over: bool) -> Said:
        if self.forced:
            return by(self.seat, viewer, N_("You pass ({what}) (no choice)"),
                      N_("{seat} passes ({what}) (no choice)"),
                      capital=False, what=_word(self.phase))  # fmt: skip
        return by(self.seat, viewer, N_("You pass ({what})"), N_("{seat} passes ({what})"),
                  capital=False, what=_word(self.phase))  # fmt: skip


@event
class InterimScoring(NoSeat):
    pile: str

    def said(self, viewer: Viewer, over: bool) -> Said:
        return Said(N_("pile {pile} is empty: interim scoring"), pile=self.pile)


@event
class Score:
    seat: int
    source: str
    points: int

    def said(self, viewer: Viewer, over: bool) -> Said:
        return by(self.seat, viewer, N_("You score {source}: {n} points"),
                  N_("{seat} scores {source}: {n} points"),
                  capital=False, source=_word(self.source), n=self.points)  # fmt: skip


@event
class Over(NoSeat):
    def said(self, viewer: Viewer, over: bool) -> Said:
        return Said(N_("the game is over"))


AtuaEvent = (
    Setup | Drawn | Take | Place | SetAside | Spare | Give | Refill | BuyFate | Reveal | Pass
    | InterimScoring | Score | Over
)  # fmt: skip
