"""What one seat may know of an Atua game and determinization (the log in words: events.py).

Hidden: the order and content of piles A, B and C and the cards left in the box (from
everybody), and each face-down resident (from everybody but its owner, who may look at it).
Everything else lies open on the table: the row and its coconuts, every island, every
coconut supply, the fate tiles, Tahuma's pile (the solo player saw each card go there).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from vaka.games.atua import rules
from vaka.games.atua.events import Setup, fate_words
from vaka.games.atua.scoring import breakdown, coconut_count, island_counts, tahuma_breakdown
from vaka.i18n.said import say

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
        "fates_open": [{"id": f, "text": say(fate_words(f))} for f in st.fates_open],
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
    st.log[0] = Setup(tuple(st.residents))  # what it told each seat of its own resident


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
