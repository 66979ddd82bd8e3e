"""Raiatea's log in words: each entry a ``Said`` (vaka.i18n.said), English as the service
sends it (the browser boards read the claims and bids in it), with its template and
fields kept so that a screen says it again in the reader's language.

An entry of the seat that reads it has texts of its own ("You take", "Seat 1 takes"):
other languages conjugate for "you" differently. Names of things come from
``vaka.games.raiatea.names`` (as ``Words``: said again in the reader's language).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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

if TYPE_CHECKING:
    from vaka.core.state import Event
    from vaka.games.raiatea.state import RaiateaState

DECKS = {"normal": NP_("raiatea", "normal"), "forbidden": NP_("raiatea", "forbidden")}


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


def _bids(bids: list[int]) -> tuple[Said, ...]:
    """Mana per seat, said so that two numbers never stand side by side."""
    return tuple(Said(N_("{seat}: {n}"), seat=said_seat(s), n=b) for s, b in enumerate(bids))


def describe(st: RaiateaState, event: Event, viewer: int | None) -> Said | None:
    """A log entry in words, as ``viewer`` may read it."""
    tag, seat, data = event
    you = seat is not None and seat == viewer
    mine = you or st.over

    def by(yours: str, theirs: str, **fields: Any) -> Said:
        if you:
            return Said(yours, **fields)
        who = seat if isinstance(seat, int) else -1
        return Said(theirs, seat=said_seat(who, capital=True), **fields)

    if tag == "round":
        kind, number = data
        if kind == "action":
            return Said(N_("— Action round {n} —"), n=number)
        return Said(N_("— Ceremony {n} —"), n=number)
    if tag == "round_end":
        return Said(N_("The round ends; {seat} is the new starting player"), seat=said_seat(data))
    if tag == "end":
        return Said(N_("The third ceremony is over: final scoring"))
    if tag == "die":
        why, value = data
        what = Said(N_("the reef")) if why == "reef" else _things(why)
        return by(N_("You roll the die for {what}: {n}"),
                  N_("{seat} rolls the die for {what}: {n}"), what=what, n=value)  # fmt: skip
    if tag == "claim":
        return by(N_("You claim the {place}, your Kahuna"),
                  N_("{seat} claims the {place}, its Kahuna"),
                  place=Words(_place, data))  # fmt: skip
    if tag == "assistant_a":
        return by(N_("You have enough {things} for the die"),
                  N_("{seat} has enough {things} for the die"), things=_things(data))  # fmt: skip
    if tag == "tattoo":
        return by(N_("You: tattoo marker to space {n}"), N_("{seat}: tattoo marker to space {n}"),
                  n=data)  # fmt: skip
    if tag == "rank":
        return by(N_("You reach the rank of {rank}"), N_("{seat} reaches the rank of {rank}"),
                  rank=Words(_rank, data))  # fmt: skip
    if tag == "priests":
        return by(N_("You: priest marker to {n}"), N_("{seat}: priest marker to {n}"), n=data)
    if tag in ("gain", "pay"):
        what, n = data
        got = Words(amount, n, what)
        if tag == "gain":
            return by(N_("You gain {what}"), N_("{seat} gains {what}"), what=got)
        return by(N_("You pay {what}"), N_("{seat} pays {what}"), what=got)
    if tag == "display":
        return Said(N_("Forest display: {cards}"), cards=Words(_forest, tuple(data)))
    if tag == "revealed":
        return by(N_("You reveal forest cards: {cards}"),
                  N_("{seat} reveals forest cards: {cards}"),
                  cards=Words(_cards, tuple(data)))  # fmt: skip
    if tag == "forest":
        return by(N_("You take {thing} from the forest"),
                  N_("{seat} takes {thing} from the forest"), thing=Words(thing, data))  # fmt: skip
    if tag == "to_market":
        return Said(N_("{thing} goes to its market"), thing=Words(thing, data))
    if tag == "reshuffle":
        return Said(N_("The {deck} ritual discards are shuffled into a new deck"),
                    deck=Said(DECKS[data], context="raiatea"))  # fmt: skip
    if tag == "draw":
        deck, n = data
        return by(N_("You draw {rituals}"), N_("{seat} draws {rituals}"),
                  rituals=Words(_rituals, n, deck))  # fmt: skip
    if tag in ("keep", "prepare"):
        if mine and data is not None:
            if tag == "keep":
                return by(N_("You keep {ritual}"), N_("{seat} keeps {ritual}"),
                          ritual=Words(ritual, data))  # fmt: skip
            return by(N_("You prepare {ritual}"), N_("{seat} prepares {ritual}"),
                      ritual=Words(ritual, data))  # fmt: skip
        if tag == "keep":
            return by(N_("You keep a ritual"), N_("{seat} keeps a ritual"))
        return by(N_("You put a ritual into the bag"), N_("{seat} puts a ritual into the bag"))
    if tag == "discard_drawn":
        return by(N_("You discard {rituals}"), N_("{seat} discards {rituals}"),
                  rituals=tuple(Words(ritual, r) for r in data))  # fmt: skip
    if tag in ("take", "sacrifice", "give", "pay_mask", "get", "sell", "turn", "use"):
        return _with_thing(tag, by, Words(thing, data))
    if tag == "recruit":
        n, price = data
        return by(N_("You recruit {priests} for {price}"),
                  N_("{seat} recruits {priests} for {price}"),
                  priests=Words(amount, n, "priests"),
                  price=Words(amount, price, "pearls"))  # fmt: skip
    if tag == "mission":
        i, token = data
        return by(
            N_("You fulfil To'o mission {slot} ({mission}, {vp} VP)"),
            N_("{seat} fulfils To'o mission {slot} ({mission}, {vp} VP)"),
            slot=slot_text(MISSION_SLOTS[i]), mission=Words(mission, token), vp=TOOS[token]["vp"],
        )  # fmt: skip
    if tag == "no_mission":
        return by(N_("You fulfil no mission"), N_("{seat} fulfils no mission"))
    if tag == "hire":
        t, price = data
        return by(N_("You hire a {thing} for {price}"), N_("{seat} hires a {thing} for {price}"),
                  thing=Words(thing, t), price=Words(amount, price, "pearls"))  # fmt: skip
    if tag == "bonus":
        c, k = data
        return by(N_("You take the {thing} bonus on space {k}: {gained}"),
                  N_("{seat} takes the {thing} bonus on space {k}: {gained}"),
                  thing=Words(thing, c), k=k, gained=Words(_bonus, c, k))  # fmt: skip
    if tag == "buy":
        return by(N_("You put {n} mana into the bag to draw rituals"),
                  N_("{seat} puts {n} mana into the bag to draw rituals"), n=data)  # fmt: skip
    if tag == "gift":
        return by(N_("You choose the gift of {gift}"), N_("{seat} chooses the gift of {gift}"),
                  gift=Said(GIFTS[data]))  # fmt: skip
    if tag == "target":
        return by(N_("You target {target}"), N_("{seat} targets {target}"),
                  target=said_seat(data))  # fmt: skip
    if tag == "reactivate":
        what = Said(N_("all assistants")) if data == "all" else \
            Said(N_("a {thing}"), thing=Words(thing, data))  # fmt: skip
        return by(N_("You reactivate {what}"), N_("{seat} reactivates {what}"), what=what)
    if tag == "steal":
        victim, what, n = data
        got = Words(amount, n, what) if what in NOUNS else Words(thing, what)
        return by(N_("You take {what} from {victim}"), N_("{seat} takes {what} from {victim}"),
                  what=got, victim=said_seat(victim))  # fmt: skip
    if tag == "discard":
        return by(N_("You discard {ritual}"), N_("{seat} discards {ritual}"),
                  ritual=Words(ritual, data))  # fmt: skip
    if tag == "perform":
        if seat is None:  # a General ritual from the bag: it has no owner
            return Said(N_("The General ritual {ritual} is performed"), ritual=Words(ritual, data))
        return by(N_("You perform {ritual}"), N_("{seat} performs {ritual}"),
                  ritual=Words(ritual, data))  # fmt: skip
    if tag == "unpaid":
        return by(N_("You cannot pay the price of {ritual}: it is discarded"),
                  N_("{seat} cannot pay the price of {ritual}: it is discarded"),
                  ritual=Words(ritual, data))  # fmt: skip
    if tag == "type":
        return by(N_("You choose to count {things}"), N_("{seat} chooses to count {things}"),
                  things=_things(data))  # fmt: skip
    if tag == "prices":
        prices = tuple(
            Said(N_("{thing} {n}"), thing=Words(thing, c), n=p)
            for c, p in zip(COMMODITIES, data, strict=True)
        )
        return Said(N_("Price markers: {prices}"), prices=prices)
    if tag == "feed":
        return by(N_("You add {n} mana to the offered mana"),
                  N_("{seat} adds {n} mana to the offered mana"), n=data)  # fmt: skip
    if tag == "prepared":
        return by(N_("You have prepared your rituals"), N_("{seat} has prepared their rituals"))
    if tag == "prep_done":
        return Said(N_("All rituals are prepared"))
    if tag == "sealed":
        if mine and data is not None:
            return by(N_("You bid {n} mana"), N_("{seat} bids {n} mana"), n=data)
        return by(N_("You have chosen a bid"), N_("{seat} has chosen a bid"))
    if tag == "offering":
        bids, order = data
        return Said(N_("Mana offered: {bids}; ceremonial order: {order}"), bids=_bids(bids),
                    order=tuple(said_seat(o) for o in order))  # fmt: skip
    if tag == "auction":
        i, token, bids = data
        winner = (
            Said(N_("{seat} wins it"), seat=said_seat(seat))
            if seat is not None and seat >= 0
            else Said(N_("nobody wins it"))
        )
        return Said(N_("Auction for mission {slot} ({vp} VP), bids {bids}; {winner}"),
                    slot=slot_text(MISSION_SLOTS[i]), vp=TOOS[token]["vp"], bids=_bids(bids),
                    winner=winner)  # fmt: skip
    if tag == "bag":
        entries, mana = data
        shown: Said | tuple[Said, ...] = tuple(
            Said(N_("{ritual} of {seat}"), ritual=Words(ritual, r), seat=said_seat(s))
            if s >= 0
            else Said(N_("{ritual}, General"), ritual=Words(ritual, r))
            for r, s in entries
        ) or Said(N_("no rituals"))
        return Said(N_("Divine Blessings: {mana} mana in the bag; {rituals}"), mana=mana,
                    rituals=shown)  # fmt: skip
    if tag == "unblessed":
        rituals, mana = data
        return Said(N_("{mana} mana is not enough for the rest: {rituals} discarded"), mana=mana,
                    rituals=Words(_ritual_count, len(rituals)))  # fmt: skip
    if tag == "statue":
        return Said(N_("The missions of statue {n} are revealed"), n=data)
    raise AssertionError(f"unknown event {tag!r}")


#: The entries that name one thing: (yours, theirs).
_THING = {
    "take": (N_("You take {thing} from the market"), N_("{seat} takes {thing} from the market")),
    "sacrifice": (N_("You sacrifice {thing} at the Marae"),
                  N_("{seat} sacrifices {thing} at the Marae")),
    "give": (N_("You put {thing} into the Mask Market"),
             N_("{seat} puts {thing} into the Mask Market")),
    "get": (N_("You take {thing} from the Mask Market"),
            N_("{seat} takes {thing} from the Mask Market")),
    "sell": (N_("You sell {thing}"), N_("{seat} sells {thing}")),
    "turn": (N_("You turn a {thing}"), N_("{seat} turns a {thing}")),
    "use": (N_("You turn a {thing} to use its one-time effect"),
            N_("{seat} turns a {thing} to use its one-time effect")),
}  # fmt: skip
_THING["pay_mask"] = _THING["give"]


def _with_thing(tag: str, by: Any, named: Words) -> Said:
    yours, theirs = _THING[tag]
    said: Said = by(yours, theirs, thing=named)
    return said
