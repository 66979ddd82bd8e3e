"""What one seat may know of a Raiatea game and determinization (the log in words: events.py).

Behind a seat's screen, hidden from the others: its pearls, mana, commodities, rituals in
hand (and drawn, not yet kept), its To'o tokens, and its sealed choices while they are open
(rituals prepared, mana offered or bid). In front of the screen and public: masks,
assistants (and whether turned), blue rituals, the tattoo and priest markers. The number
of commodities behind a screen, the rituals drawn and not yet kept (with their card backs)
and the clipped rituals a seat prepared (card backs) are public. General rituals go into the
bag "without a clip": nothing says who put one in, and so the number of rituals in a hand is
not shown either (a count that drops would tell, R14); in the bag they carry no owner. The
ritual discard piles lie face up (R11). Hidden from everybody: the order of the draw piles and the
missions on face-down statues.

Pearls, mana, commodities and To'o tokens are hidden from the view, but every change to them
is announced in the log (the real game's table sees every gain and payment), so a seat with a
perfect memory knows them: determinization keeps them. What it re-deals is what no memory can
know: rituals behind other screens, the draw piles, the face-down statues, open sealed bids.
Each seat's points so far (as if the game ended now) are in the view for the same reason: rank,
performed rituals and masks lie in front of the screen, and every To'o token taken is announced.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from vaka.games.raiatea import events as ev
from vaka.games.raiatea import rules
from vaka.games.raiatea.actions import slot_text
from vaka.games.raiatea.events import PRIVATE
from vaka.games.raiatea.params import (
    ASSISTANTS,
    COLOURS,
    COMMODITIES,
    MAX_BID,
    MISSION_SLOTS,
    RANK_IDS,
    TOOS,
    deck_of,
    is_general,
)
from vaka.games.raiatea.scoring import breakdown, pairs
from vaka.games.raiatea.steps import Bonus, Sealed

if TYPE_CHECKING:
    from vaka.games.raiatea.state import RaiateaState


def _by_deck(cards: list[str]) -> dict[str, int]:
    return {d: sum(1 for c in cards if deck_of(c) == d) for d in ("normal", "forbidden")}


def _names(counts: list[int], ids: tuple[str, ...]) -> dict[str, int]:
    return {ids[i]: n for i, n in enumerate(counts)}


def this_round(st: RaiateaState) -> dict[str, Any]:
    """What the log has said this round, as the board shows it: who claimed which
    location (``claims``: location id -> seat), and the sealed bids revealed last
    (``revealed``: the mana offering with the ceremonial order, or a mission's auction
    with its winner, None if nobody won), None before any. All of it public."""
    claims: dict[str, int] = {}
    revealed: dict[str, Any] | None = None
    for event in reversed(st.log):
        if isinstance(event, ev.RoundBegins):
            break
        if isinstance(event, ev.Claim):
            claims.setdefault(event.location, event.seat)
        elif revealed is None and isinstance(event, ev.Offering):
            revealed = {"kind": "offering", "bids": list(event.bids), "order": list(event.order)}
        elif revealed is None and isinstance(event, ev.Auction):
            won = event.seat is not None and event.seat >= 0
            revealed = {
                "kind": "auction",
                "mission": slot_text(MISSION_SLOTS[event.slot]),
                "vp": TOOS[event.token]["vp"],
                "bids": list(event.bids),
                "winner": event.seat if won else None,
            }
    return {"claims": claims, "revealed": revealed}


def view(st: RaiateaState, seat: int | None) -> dict[str, Any]:
    over = st.over
    decision: dict[str, Any] | None = None
    if st.queue:
        step = st.queue[0]
        if type(step) is Sealed:
            decision = {
                "phase": step.kind,
                "seats": list(st.sealed_wait),
                "prompt": rules.SEALED_PROMPTS[step.kind],
            }
            if step.kind == "auction":
                slot = st.auction_slot
                decision["mission"] = slot_text(MISSION_SLOTS[slot])
        else:
            phase = step.phase
            decision = {
                "phase": phase,
                "seat": step.seat,
                "prompt": rules.PROMPTS.get(phase, phase),
            }
            if type(step) is Bonus:  # which chart the bonus comes from
                decision["commodity"] = COMMODITIES[step.commodity]
    kind, number = st.track[min(st.space, len(st.track) - 1)]
    scores = breakdown(st)  # the points so far: every part of them is public (module text)
    seats = []
    for s in range(st.players):
        entry: dict[str, Any] = {
            "seat": s,
            "colour": COLOURS[s],
            "tattoo": st.tattoo[s],
            "rank": RANK_IDS[rules.rank_of(st, s)],
            "priests": st.priests[s],
            "masks": list(st.masks[s]),
            "mask_pairs": pairs(st.masks[s]),
            "assistants": _names(st.ready[s], ASSISTANTS),
            "turned": _names(st.turned[s], ASSISTANTS),
            "blue": list(st.blue[s]),
            "counted_types": [ASSISTANTS[t] for t in st.ti_types[s]],
            "drawn": _by_deck(st.drawn[s]),
            "commodities": sum(st.comms[s]),
            "toos": len(st.toos[s]),
            "prepared": {"clipped": _by_deck(st.prepared[s])},
            "points": scores[s]["total"],
        }
        if s == seat or over:
            entry["rituals"] = _by_deck(st.hand[s])
            entry["prepared"]["general"] = _by_deck(st.generals[s])
            entry["pearls"] = st.pearls[s]
            entry["mana"] = st.mana[s]
            entry["goods"] = _names(st.comms[s], COMMODITIES)
            entry["hand"] = list(st.hand[s])
            entry["drawn_cards"] = list(st.drawn[s])
            entry["too_tokens"] = list(st.toos[s])
            entry["prepared_cards"] = list(st.prepared[s]) + list(st.generals[s])
            if st.queue and type(st.queue[0]) is Sealed and s not in st.sealed_wait:
                entry["my_bid"] = st.bids[s]
        if over:
            entry["score"] = scores[s]
        seats.append(entry)
    statues = []
    for statue in range(3):
        rows: list[list[str]] = []
        for i, (st_, row, _) in enumerate(MISSION_SLOTS):
            if st_ != statue:
                continue
            while len(rows) <= row:
                rows.append([])
            token = st.slots[i]
            if not token:
                rows[row].append("")
            elif st.face_up[statue] or over:
                rows[row].append(token)
            else:
                rows[row].append("?")
        statues.append({"vp": statue + 1, "face_up": st.face_up[statue], "rows": rows})
    result: dict[str, Any] = {
        "round": {"kind": kind, "number": number, "ceremony": st.ceremony},
        "this_round": this_round(st),
        "start_player": st.start,
        "kahuna": st.kahuna,
        "tiles": list(st.tiles),
        "die": st.die,
        "decision": decision,
        "order": list(st.order),
        "display": list(st.display),
        "revealed": list(st.revealed),
        "forest_pile": len(st.forest),
        "commodities_market": _names(st.comm_market, COMMODITIES),
        "assistant_market": _names(st.asst_market, ASSISTANTS),
        "mask_market": list(st.mask_market),
        "prices": _names(st.price, COMMODITIES),
        "statues": statues,
        "ritual_piles": {d: len(p) for d, p in st.piles.items()},
        "discards": {d: sorted(p) for d, p in st.discards.items()},
        "gifts_left": list(st.gifts_left),
        "seats": seats,
    }
    if st.blessing:  # the bag is open: Divine Blessings
        result["blessing"] = [[r, s] for r, s in st.blessing]
        result["bag_mana"] = st.bag_mana
    return result


# =========================================================================== determinization
def redeal_hidden(st: RaiateaState, seat: int) -> None:
    """Re-deal what ``seat`` cannot know (see the module text), from sorted lists, so that
    the result depends only on what the seat may know. Hidden choices are scrubbed from the
    log and the history (a guess keeps no history)."""
    if st.over:  # everything is revealed at the end
        return
    rng = st.rng
    others = [o for o in range(st.players) if o != seat]
    for deck in ("normal", "forbidden"):
        pool = list(st.piles[deck])
        for o in others:
            for where in (st.hand, st.drawn, st.prepared, st.generals):
                pool += [r for r in where[o] if deck_of(r) == deck]
        pool.sort()
        rng.shuffle(pool)
        gens = [r for r in pool if is_general(r)]
        non = [r for r in pool if not is_general(r)]
        for o in others:
            st.prepared[o] = sorted(non.pop() if deck_of(r) == deck else r for r in st.prepared[o])
            st.generals[o] = sorted(gens.pop() if deck_of(r) == deck else r for r in st.generals[o])
        rest = sorted(gens + non)
        rng.shuffle(rest)
        for o in others:
            st.hand[o] = sorted(rest.pop() if deck_of(r) == deck else r for r in st.hand[o])
            st.drawn[o] = sorted(rest.pop() if deck_of(r) == deck else r for r in st.drawn[o])
        assert len(rest) == len(st.piles[deck])
        st.piles[deck] = rest
    st.forest.sort()
    rng.shuffle(st.forest)
    for statue in range(3):
        if st.face_up[statue]:
            continue
        idx = [i for i, s in enumerate(MISSION_SLOTS) if s[0] == statue and st.slots[i]]
        pool = sorted([st.slots[i] for i in idx] + st.box[statue])
        rng.shuffle(pool)
        for i in idx:
            st.slots[i] = pool.pop()
        st.box[statue] = sorted(pool)
    front = st.queue[0] if st.queue else None
    if type(front) is Sealed and front.kind != "prep":
        for o in others:
            if o not in st.sealed_wait:
                st.bids[o] = rng.below(min(st.mana[o], MAX_BID) + 1)
    for i, event in enumerate(st.log):
        if isinstance(event, PRIVATE) and event.seat != seat:
            st.log[i] = event.hidden()
    st.history = []
    st._legal_cache = None


def reveals(before: RaiateaState, after: RaiateaState, seat: int, viewer: int) -> bool | None:
    """``State._reveals``: no news when the viewer's own action left everything that
    ``redeal_hidden`` re-deals as it was and opened no sealed choices. Otherwise (a card
    drawn or played from behind a screen, a statue turned, bids opened, the end, another
    seat's action, whose legality may rest on its hidden rituals) the guesses decide."""
    if after.over or seat != viewer:
        return None
    front = before.queue[0]
    if type(front) is Sealed and not (after.queue and after.queue[0] is front):
        return None  # the last sealed choice opens them all
    return None if _unknown(before, viewer) != _unknown(after, viewer) else False


def _unknown(st: RaiateaState, viewer: int) -> tuple[Any, ...]:
    """Everything ``redeal_hidden`` re-deals for ``viewer``, where it lies now."""
    rituals = [
        (st.hand[o], st.drawn[o], st.prepared[o], st.generals[o])
        for o in range(st.players)
        if o != viewer
    ]
    return st.piles, st.forest, st.slots, st.box, st.face_up, rituals
