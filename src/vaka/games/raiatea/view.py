"""What one seat may know of a Raiatea game, the log in words, and determinization.

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
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from vaka.games.raiatea import rules
from vaka.games.raiatea.actions import slot_text
from vaka.games.raiatea.params import (
    ASSISTANT_NAMES,
    ASSISTANTS,
    COLOURS,
    COMMODITIES,
    COMMODITY_NAMES,
    LOCATION_NAMES,
    MASKS,
    MAX_BID,
    MISSION_SLOTS,
    RANK_IDS,
    RANKS,
    RITUALS,
    TOOS,
    cost,
    deck_of,
    is_general,
)
from vaka.games.raiatea.scoring import breakdown, pairs
from vaka.games.raiatea.steps import Sealed

if TYPE_CHECKING:
    from vaka.core.state import Event
    from vaka.games.raiatea.state import RaiateaState

PRIVATE_TAGS = frozenset({"keep", "prepare", "sealed"})


def _by_deck(cards: list[str]) -> dict[str, int]:
    return {d: sum(1 for c in cards if deck_of(c) == d) for d in ("normal", "forbidden")}


def _names(counts: list[int], ids: tuple[str, ...]) -> dict[str, int]:
    return {ids[i]: n for i, n in enumerate(counts)}


def mission_text(token: str) -> str:
    t = TOOS[token]
    if t["kind"] == "auction":
        return "mana auction"
    if t["kind"] == "conditional":
        cond = dict(t["condition"])
        same = cond.pop("same_type", False)
        ((what, n),) = cond.items()
        return f"have {n} {what}" + (" of one type" if same else "")
    ((what, n),) = t["pay"].items()
    if what == "commodities":
        ((mode, k),) = n.items()
        return f"pay {k} {mode} commodit{'y' if k == 1 else 'ies'}"
    return f"pay {n} {what}"


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
    kind, number = st.track[min(st.space, len(st.track) - 1)]
    scores = breakdown(st) if over else None
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
        if scores is not None:
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


# =========================================================================== the log in words
def _ritual(r: str) -> str:
    return f"{RITUALS[r]['name']} ({r}, {cost(r)} mana)"


def _thing(x: str) -> str:
    if x in COMMODITY_NAMES:
        return str(COMMODITY_NAMES[x])
    if x in ASSISTANT_NAMES:
        return str(ASSISTANT_NAMES[x])
    if x in MASKS:
        return f"{MASKS[x]['name']} ({x})"
    return x


def describe(st: RaiateaState, event: Event, viewer: int | None) -> str | None:
    tag, seat, data = event
    you = seat is not None and seat == viewer
    who = "You" if you else f"Seat {seat}"
    mine = you or st.over
    if tag == "round":
        kind, number = data
        return f"— {'Action round' if kind == 'action' else 'Ceremony'} {number} —"
    if tag == "round_end":
        return f"The round ends; seat {data} is the new starting player"
    if tag == "end":
        return "The third ceremony is over: final scoring"
    if tag == "die":
        why, value = data
        what = "the reef" if why == "reef" else _thing(why) + "s"
        return f"{who} roll{'s' * (not you)} the die for {what}: {value}"
    if tag == "claim":
        verb = "claim the" if you else "claims the"
        return f"{who} {verb} {LOCATION_NAMES[data]}, {'your' if you else 'its'} Kahuna"
    if tag == "assistant_a":
        return f"{who} {'have' if you else 'has'} enough {_thing(data)}s for the die"
    if tag == "tattoo":
        return f"{who}: tattoo marker to space {data}"
    if tag == "rank":
        return f"{who} reach{'es' * (not you)} the rank of {RANKS[RANK_IDS.index(data)]['name']}"
    if tag == "priests":
        return f"{who}: priest marker to {data}"
    if tag == "gain":
        what, n = data
        return f"{who} gain{'s' * (not you)} {n} {what}"
    if tag == "pay":
        what, n = data
        return f"{who} pay{'s' * (not you)} {n} {_thing(what)}"
    if tag == "display":
        return "Forest display: " + (", ".join(_thing(c) for c in data) or "(empty)")
    if tag == "revealed":
        return f"{who} reveal{'s' * (not you)} forest cards: " + ", ".join(map(_thing, data))
    if tag == "forest":
        return f"{who} take{'s' * (not you)} {_thing(data)} from the forest"
    if tag == "to_market":
        return f"{_thing(data)} goes to its market"
    if tag == "reshuffle":
        return f"The {data} ritual discards are shuffled into a new deck"
    if tag == "draw":
        deck, n = data
        return f"{who} draw{'s' * (not you)} {n} {deck} rituals"
    if tag == "keep":
        if mine and data is not None:
            return f"{who} keep{'s' * (not you)} {_ritual(data)}"
        return f"{who} keep{'s' * (not you)} a ritual"
    if tag == "discard_drawn":
        return f"{who} discard{'s' * (not you)} " + ", ".join(map(_ritual, data))
    if tag == "take":
        return f"{who} take{'s' * (not you)} {_thing(data)} from the market"
    if tag == "sacrifice":
        return f"{who} sacrifice{'s' * (not you)} {_thing(data)} at the Marae"
    if tag == "recruit":
        n, price = data
        return f"{who} recruit{'s' * (not you)} {n} priest{'s' * (n > 1)} for {price} pearls"
    if tag in ("give", "pay_mask"):
        return f"{who} put{'s' * (not you)} {_thing(data)} into the Mask Market"
    if tag == "get":
        return f"{who} take{'s' * (not you)} {_thing(data)} from the Mask Market"
    if tag == "mission":
        i, token = data
        return (
            f"{who} fulfil{'s' * (not you)} To'o mission {slot_text(MISSION_SLOTS[i])} "
            f"({mission_text(token)}, {TOOS[token]['vp']} VP)"
        )
    if tag == "no_mission":
        return f"{who} fulfil{'s' * (not you)} no mission"
    if tag == "sell":
        return f"{who} sell{'s' * (not you)} {_thing(data)}"
    if tag == "hire":
        t, price = data
        return f"{who} hire{'s' * (not you)} a {_thing(t)} for {price} pearls"
    if tag == "bonus":
        c, k = data
        return f"{who} take{'s' * (not you)} the {_thing(c)} bonus on space {k}"
    if tag == "buy":
        return f"{who} put{'s' * (not you)} {data} mana into the bag to draw rituals"
    if tag == "gift":
        return f"{who} choose{'s' * (not you)} the gift: {data}"
    if tag == "target":
        return f"{who} target{'s' * (not you)} seat {data}"
    if tag == "turn":
        return f"{who} turn{'s' * (not you)} a {_thing(data)}"
    if tag == "reactivate":
        what = "all assistants" if data == "all" else "a " + _thing(data)
        return f"{who} reactivate{'s' * (not you)} {what}"
    if tag == "steal":
        victim, what, n = data
        return f"{who} take{'s' * (not you)} {n} {_thing(what)} from seat {victim}"
    if tag == "discard":
        return f"{who} discard{'s' * (not you)} {_ritual(data)}"
    if tag == "perform":
        if seat is None:  # a General ritual from the bag: it has no owner
            return f"The General ritual {_ritual(data)} is performed"
        return f"{who} perform{'s' * (not you)} {_ritual(data)}"
    if tag == "unpaid":
        return f"{who} cannot pay the price of {_ritual(data)}: it is discarded"
    if tag == "use":
        return f"{who} turn{'s' * (not you)} a {_thing(data)} to use its one-time effect"
    if tag == "type":
        return f"{who} choose{'s' * (not you)} to count {_thing(data)}s"
    if tag == "prices":
        return "Price markers: " + ", ".join(
            f"{_thing(c)} {p}" for c, p in zip(COMMODITIES, data, strict=True)
        )
    if tag == "feed":
        return f"{who} add{'s' * (not you)} {data} mana to the offered mana"
    if tag == "prepare":
        if mine and data is not None:
            return f"{who} prepare{'s' * (not you)} {_ritual(data)}"
        return f"{who} put{'s' * (not you)} a ritual into the bag"
    if tag == "prepared":
        return f"{who} {'have' if you else 'has'} prepared {'your' if you else 'their'} rituals"
    if tag == "prep_done":
        return "All rituals are prepared"
    if tag == "sealed":
        if mine and data is not None:
            return f"{who} bid{'s' * (not you)} {data} mana"
        return f"{who} {'have' if you else 'has'} chosen a bid"
    if tag == "offering":
        bids, order = data
        shown = ", ".join(f"seat {s} {b}" for s, b in enumerate(bids))
        return f"Mana offered: {shown}; ceremonial order: {', '.join(map(str, order))}"
    if tag == "auction":
        i, token, bids = data
        shown = ", ".join(f"seat {s} {b}" for s, b in enumerate(bids))
        winner = f"seat {seat} wins it" if seat is not None and seat >= 0 else "nobody wins it"
        where = slot_text(MISSION_SLOTS[i])
        return f"Auction for mission {where} ({TOOS[token]['vp']} VP): {shown}; {winner}"
    if tag == "bag":
        entries, mana = data
        shown = (
            ", ".join(
                f"{_ritual(r)} " + (f"of seat {s}" if s >= 0 else "(General)") for r, s in entries
            )
            or "no rituals"
        )
        return f"Divine Blessings: {mana} mana in the bag; {shown}"
    if tag == "unblessed":
        rituals, mana = data
        return f"{mana} mana is not enough for the rest: {len(rituals)} rituals are discarded"
    if tag == "statue":
        return f"The missions of statue {data} are revealed"
    raise AssertionError(f"unknown event {tag!r}")


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
    for i, (tag, who, _) in enumerate(st.log):
        if tag in PRIVATE_TAGS and who != seat:
            st.log[i] = (tag, who, None)
    st.history = []
    st._legal_cache = None
