"""What one seat may know of an Atua game, the log in words, and determinization.

Hidden: the order and content of piles A, B and C and the cards left in the box (from
everybody), and each face-down resident (from everybody but its owner, who may look at it).
Everything else lies open on the table: the row and its coconuts, every island, every
coconut supply, the fate tiles, Tahuma's pile (the solo player saw each card go there).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from vaka.core.state import TupleEvent as Event
from vaka.games.atua import rules
from vaka.games.atua.scoring import breakdown, coconut_count, island_counts, tahuma_breakdown
from vaka.games.atua.tiles import FATES, RESIDENTS
from vaka.i18n import N_, NP_
from vaka.i18n.said import Said
from vaka.i18n.said import seat as said_seat

if TYPE_CHECKING:
    from vaka.games.atua.state import AtuaState


def view(st: AtuaState, seat: int | None) -> dict[str, Any]:
    decision = None
    if st.queue and not st.over:
        phase, who, arg = st.queue[0]
        decision = {
            "seat": who,
            "phase": rules.PHASE_NAMES[phase],
            "prompt": rules.PHASE_PROMPTS[phase],
        }
        if phase == rules.SCORE:
            decision["pile"] = rules.PILE_NAMES[arg]
    seats = []
    for s in range(st.players):
        kinds, totems = island_counts(st.islands[s])
        own = seat == s
        entry: dict[str, Any] = {
            "seat": s,
            "village": st.islands[s].village.card,
            "placements": [str(p) for p in st.islands[s].placements[1:]],
            "symbols": dict(sorted(kinds.items())),
            "totems": dict(sorted(totems.items())),
            "coconuts": st.coconuts[s],
            "coconuts_counted": coconut_count(st, s),
            "fates": list(st.fates_owned[s]),
            "resident": st.residents[s] if (st.revealed[s] or own) and st.residents[s] else None,
            "resident_revealed": st.revealed[s],
            "resident_points": st.resident_points[s],
            "scored": dict(st.scored[s]),
            "set_aside": list(st.set_aside[s]),
        }
        seats.append(entry)
    out: dict[str, Any] = {
        "solo": st.solo,
        "turn": st.turns + 1,
        "active": st.active,
        "row": [{"card": c, "coconuts": n} for c, n in zip(st.row, st.row_coconuts, strict=True)],
        "piles": {name: len(p) for name, p in zip(rules.PILE_NAMES, st.piles, strict=True)},
        "holding": st.held,
        "fates_open": [{"id": f, "text": FATES[f].describe()} for f in st.fates_open],
        "decision": decision,
        "seats": seats,
        "breakdown": breakdown(st) if st.over else None,
        "winners": st.winners() if st.over else [],
    }
    if st.solo:
        out["solo_game"] = {
            "level": st.level,
            "level_name": st.options["level"],
            "levels": st.options["tahuma"],  # which table: calibrated or printed
            "hut": st.hut,
            "offer": list(st.offer),
            "other": st.other,
            "tahuma": list(st.tahuma),
            "spared": list(st.spared),
            "tahuma_score": tahuma_breakdown(st) if st.over else None,
            # his total if the game ended now: his pile and hut are open to the solo player
            "tahuma_standing": tahuma_breakdown(st)["total"],
        }
    return out


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


def _by(seat: int | None, viewer: int | None, yours: str, theirs: str, **fields: Any) -> Said:
    """An entry of a seat: in the second person for the seat that acted ("You pass", as
    Raiatea's log says it), else with the seat as its first field ("seat 1 passes")."""
    if seat is not None and seat == viewer:
        return Said(yours, **fields)
    return Said(theirs, seat=said_seat(int(seat or 0)), **fields)


def _coconuts(n: int) -> Said:
    return Said(N_("{n} {coconuts}"), n=n, coconuts=Said(
        "coconut", plural="coconuts", number=n, context="symbol"))  # fmt: skip


def fate_words(fate_id: str) -> Said:
    """A fate tile in words, as ``Fate.describe`` says it."""
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


def describe(st: AtuaState, event: Event, viewer: int | None) -> Said | None:
    """A log entry in words (English, remembering its template: ``vaka.i18n.said``)."""
    tag, seat, data = event
    if tag == "setup":
        if viewer is not None and st.residents[viewer]:
            name = RESIDENTS[st.residents[viewer]].name
            return Said(N_("setup; your resident (face down) is {name}"), name=name)
        return Said(N_("setup"))
    if tag == "draw":
        return Said(N_("drawn: {left} (left) and {right} (right)"), left=data[0], right=data[1])
    if tag == "take":
        card, arg, paid, gained = data
        if arg in ("left", "right"):
            where = Said(N_("the left card") if arg == "left" else N_("the right card"))
        else:
            where = Said(N_("card {n} of the row"), n=arg)
        return _by(seat, viewer, N_("You take {card} ({where}), pay {paid}, gain {gained}"),
                   N_("{seat} takes {card} ({where}), pays {paid}, gains {gained}"),
                   card=card, where=where, paid=paid, gained=_coconuts(gained))  # fmt: skip
    if tag == "place":
        return _by(seat, viewer, N_("You: {action}"), N_("{seat}: {action}"), action=data)
    if tag == "set aside":
        return _by(seat, viewer, N_("You find no place for {card} and lay it aside"),
                   N_("{seat} finds no place for {card} and lays it aside"),
                   card=data)  # fmt: skip
    if tag in ("spare", "give"):
        card, forced = data
        if tag == "spare":
            return _by(
                seat,
                viewer,
                N_("You pay 3 coconuts: {card} is discarded"),
                N_("{seat} pays 3 coconuts: {card} is discarded"),
                card=card,
            )
        if forced:
            return Said(N_("{card} goes to Tahuma (no coconuts to spare it)"), card=card)
        return Said(N_("{card} goes to Tahuma"), card=card)
    if tag == "refill":
        return Said(N_("{card} joins the row from pile {pile}"), card=data[0], pile=data[1])
    if tag == "buy":
        return _by(seat, viewer, N_("You buy fate tile {tile}: {what}"),
                   N_("{seat} buys fate tile {tile}: {what}"),
                   tile=data, what=fate_words(data))  # fmt: skip
    if tag == "reveal":
        res = RESIDENTS[data[0]]
        adds = tuple(Said(N_("{n} {what}"), n=n, what=_word(k)) for k, n in res.adds)
        what = Said(N_("{name}: adds {adds}; {points} points per 2 {pairs} in the row"),
                    name=res.name, adds=adds, points=res.points,
                    pairs=_word(res.pairs))  # fmt: skip
        return _by(
            seat,
            viewer,
            N_("You reveal {what}: {n} points"),
            N_("{seat} reveals {what}: {n} points"),
            what=what,
            n=data[1],
        )
    if tag == "pass":
        if data[1]:
            return _by(
                seat,
                viewer,
                N_("You pass ({what}) (no choice)"),
                N_("{seat} passes ({what}) (no choice)"),
                what=_word(data[0]),
            )
        return _by(
            seat, viewer, N_("You pass ({what})"), N_("{seat} passes ({what})"), what=_word(data[0])
        )
    if tag == "scoring":
        return Said(N_("pile {pile} is empty: interim scoring"), pile=data)
    if tag == "score":
        return _by(seat, viewer, N_("You score {source}: {n} points"),
                   N_("{seat} scores {source}: {n} points"),
                   source=_word(data[0]), n=data[1])  # fmt: skip
    if tag == "over":
        return Said(N_("the game is over"))
    return None


def _unknown_cards(st: AtuaState) -> list[str]:
    return sorted([*(c for pile in st.piles for c in pile), *st.box])


def redeal_hidden(st: AtuaState, seat: int) -> None:
    """Re-deal the piles (with the box) and the residents the seat has not seen, from
    sorted lists, so the guess depends only on what the seat may know."""
    rng = st.rng
    cards = _unknown_cards(st)
    rng.shuffle(cards)
    sizes = [len(p) for p in st.piles]
    st.piles = []
    for n in sizes:
        st.piles.append(cards[:n])
        cards = cards[n:]
    st.box = sorted(cards)
    if not st.tiles:
        return
    slots = [s for s in range(st.players) if s != seat and not st.revealed[s]]
    pool = sorted([*(st.residents[s] for s in slots), *st.resident_box])
    rng.shuffle(pool)
    for s in slots:
        st.residents[s] = pool.pop()
    st.resident_box = sorted(pool)


def reveals(before: AtuaState, after: AtuaState, seat: int, viewer: int) -> bool | None:
    """Whether ``seat``'s action (``before`` to ``after``) showed ``viewer`` something hidden
    (``State._reveals``), from what ``redeal_hidden`` re-deals: a card turned over from a
    pile (news unless a single unknown card is left), or another seat's resident revealed
    (news unless only one resident is unaccounted for). The end shows every resident: the
    guesses decide then."""
    if after.over:
        return None
    if sum(map(len, after.piles)) < sum(map(len, before.piles)) and len(_unknown_cards(before)) > 1:
        return True
    for s in range(before.players):
        if s != viewer and after.revealed[s] and not before.revealed[s]:
            others = range(before.players)
            pool = [before.residents[o] for o in others if o != viewer and not before.revealed[o]]
            if len(set(pool + before.resident_box)) > 1:
                return True
    return False


def symbol_counts(st: AtuaState, seat: int) -> Counter[str]:
    return island_counts(st.islands[seat])[0]
