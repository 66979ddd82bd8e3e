"""To'o missions ("To'o Missions"): fulfilling them (ceremony step 6, the Neighbourhood's
Kahuna, Mahi-mahi at the top, rituals), paying for them, and the Mana auctions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from vaka.games.raiatea import actions as A
from vaka.games.raiatea import events as ev
from vaka.games.raiatea.common import (
    SLOT_TEXTS,
    Rules,
    assistants,
    priests_counted,
    push,
    rank_of,
)
from vaka.games.raiatea.params import ASSISTANTS, COMMODITIES, MISSION_SLOTS, RANK_IDS, TOOS
from vaka.games.raiatea.steps import (
    Auctions,
    Build,
    BuildStart,
    Diver,
    Mission,
    Open,
    PayAny,
    PayDifferent,
    PayMask,
    PaySame,
    Sealed,
    Step,
)

if TYPE_CHECKING:
    from vaka.games.raiatea.actions import RaiateaAction
    from vaka.games.raiatea.state import RaiateaState


# ------------------------------------------------------------------ which missions
def can_fulfil(st: RaiateaState, seat: int, token: str) -> bool:
    t = TOOS[token]
    if t["kind"] == "auction":
        return False  # U11: only by auction
    if t["kind"] == "conditional":  # U23
        cond = t["condition"]
        if "rank" in cond:
            return bool(rank_of(st, seat) >= RANK_IDS.index(cond["rank"]))
        if "priests" in cond:
            return bool(priests_counted(st, seat) >= cond["priests"])
        counts = [assistants(st, seat, a) for a in range(len(ASSISTANTS))]
        have = max(counts) if cond.get("same_type") else sum(counts)
        return bool(have >= cond["assistants"])
    pay = t["pay"]
    if "pearls" in pay:
        return bool(st.pearls[seat] >= pay["pearls"])
    if "mana" in pay:
        return bool(st.mana[seat] >= pay["mana"])
    if "masks" in pay:
        return bool(len(st.masks[seat]) >= pay["masks"])
    need = pay["commodities"]
    held = st.comms[seat]
    if "any" in need:
        return bool(sum(held) >= need["any"])
    if "different" in need:
        return bool(sum(1 for h in held if h) >= need["different"])
    if "same" in need:
        return bool(max(held) >= need["same"])
    ((kind, n),) = need.items()
    return bool(held[COMMODITIES.index(kind)] >= n)


def fulfil(st: RaiateaState, seat: int, i: int) -> list[Step]:
    """Take the token of slot ``i``; pay what can be paid at once, return the steps of the
    payments that are choices (U12: resources to the supply and the markets)."""
    token = st.slots[i]
    st.slots[i] = ""
    st.toos[seat].append(token)
    st.toos[seat].sort()
    st.log.append(ev.Mission(seat, i, token))
    t = TOOS[token]
    if t["kind"] != "resource":
        return []
    pay = t["pay"]
    if "pearls" in pay:
        st.pearls[seat] -= pay["pearls"]
        st.log.append(ev.Pay(seat, "pearls", pay["pearls"]))
    elif "mana" in pay:
        st.mana[seat] -= pay["mana"]
        st.log.append(ev.Pay(seat, "mana", pay["mana"]))
    elif "masks" in pay:
        return [PayMask(seat, pay["masks"])]
    else:
        need = pay["commodities"]
        if "any" in need:
            return [PayAny(seat, need["any"])]
        if "different" in need:
            return [PayDifferent(seat, need["different"])]
        if "same" in need:
            return [PaySame(seat, need["same"])]
        ((kind, n),) = need.items()
        c = COMMODITIES.index(kind)
        st.comms[seat][c] -= n
        st.comm_market[c] += n
        st.log.append(ev.Pay(seat, kind, n))
    return []


def _mission_options(st: RaiateaState, step: Mission) -> list[RaiateaAction]:
    """Passing is always possible."""
    from vaka.games.raiatea.assistants import can_use_shaman

    seat = step.seat
    found = [
        A.act("mission", A.slot_text(MISSION_SLOTS[i]))
        for i, token in enumerate(st.slots)
        if token and st.face_up[MISSION_SLOTS[i][0]] and can_fulfil(st, seat, token)
    ]
    if step.why == "build" and can_use_shaman(st, seat):  # a construction turn is one's own (R8)
        found.append(A.USE["shaman"])
    return [A.PASS, *found]


def _mission(st: RaiateaState, step: Mission, act: RaiateaAction) -> None:
    seat, why = step.seat, step.why
    if act.verb == "pass":
        if why == "build" and seat in st.builders:
            st.builders.remove(seat)  # R6: a pass is final for this ceremony
        st.log.append(ev.NoMission(seat))
        return
    i = SLOT_TEXTS.index(act.arg)
    steps = fulfil(st, seat, i)
    steps.append(Auctions(i))  # R6: the row may now hold only auctions
    if why == "build":
        st.build_pos += 1
    if why != "second":  # Pearl Diver B: a second mission, never a third (R7)
        steps.append(Diver(seat))
    push(st, steps)


# ------------------------------------------------------------------ paying
def _pay_any_options(st: RaiateaState, step: PayAny) -> list[RaiateaAction]:
    held = st.comms[step.seat]
    return [A.act("pay", c) for i, c in enumerate(COMMODITIES) if held[i]]


def _pay_diff_options(st: RaiateaState, step: PayDifferent) -> list[RaiateaAction]:
    held = st.comms[step.seat]
    return [A.act("pay", c) for i, c in enumerate(COMMODITIES) if held[i] and c not in step.paid]


def _pay_same_options(st: RaiateaState, step: PaySame) -> list[RaiateaAction]:
    held = st.comms[step.seat]
    return [A.act("pay", c) for i, c in enumerate(COMMODITIES) if held[i] >= step.n]


def _pay_commodity(st: RaiateaState, seat: int, x: str, n: int) -> None:
    """Pay ``n`` commodities of type ``x`` (U12: to the market)."""
    c = COMMODITIES.index(x)
    st.comms[seat][c] -= n
    st.comm_market[c] += n
    st.log.append(ev.Pay(seat, x, n))


def _pay_any(st: RaiateaState, step: PayAny, act: RaiateaAction) -> None:
    _pay_commodity(st, step.seat, act.arg, 1)
    if step.n > 1:
        push(st, [PayAny(step.seat, step.n - 1)])


def _pay_diff(st: RaiateaState, step: PayDifferent, act: RaiateaAction) -> None:
    _pay_commodity(st, step.seat, act.arg, 1)
    if step.n > 1:
        push(st, [PayDifferent(step.seat, step.n - 1, (*step.paid, act.arg))])


def _pay_same(st: RaiateaState, step: PaySame, act: RaiateaAction) -> None:
    _pay_commodity(st, step.seat, act.arg, step.n)


def _pay_mask_options(st: RaiateaState, step: PayMask) -> list[RaiateaAction]:
    return [A.act("give", m) for m in sorted(set(st.masks[step.seat]))]


def _pay_mask(st: RaiateaState, step: PayMask, act: RaiateaAction) -> None:
    seat, x = step.seat, act.arg
    st.masks[seat].remove(x)
    st.mask_market.append(x)
    st.mask_market.sort()
    st.log.append(ev.GiveMask(seat, x))
    if step.n > 1:
        push(st, [PayMask(seat, step.n - 1)])


# ------------------------------------------------------------------ 6. construction
def _build_start(st: RaiateaState, step: BuildStart) -> None:
    st.builders = list(st.order)
    st.build_pos = 0
    st.auctioned = []


def _build(st: RaiateaState, step: Build) -> None:
    """In ceremonial order each fulfils a mission or passes (a pass is final for this
    ceremony, R6); auctions come first whenever a row holds only auction missions."""
    if next_auction(st) >= 0:
        push(st, [Auctions(), Build()])
        return
    if not st.builders:
        return
    st.build_pos %= len(st.builders)
    seat = st.builders[st.build_pos]
    push(st, [Mission(seat, "build"), Build()])


# ------------------------------------------------------------------ auctions
def mission_row_has_other(st: RaiateaState, i: int) -> bool:
    statue, row, _ = MISSION_SLOTS[i]
    return any(
        st.slots[j] and TOOS[st.slots[j]]["kind"] != "auction"
        for j, (s2, r2, _) in enumerate(MISSION_SLOTS)
        if s2 == statue and r2 == row
    )


def next_auction(st: RaiateaState, near: int = -1) -> int:
    """The first auction mission on a face-up statue whose row holds no other kind, not yet
    offered in this step 6; only in the row of slot ``near`` unless it is -1; -1 if none."""
    for i, token in enumerate(st.slots):
        if (
            token
            and (near < 0 or MISSION_SLOTS[i][:2] == MISSION_SLOTS[near][:2])
            and TOOS[token]["kind"] == "auction"
            and st.face_up[MISSION_SLOTS[i][0]]
            and i not in st.auctioned
            and not mission_row_has_other(st, i)
        ):
            return i
    return -1


def _auctions(st: RaiateaState, step: Auctions) -> None:
    """Auction missions are auctioned "as soon as there are no other types of Mission left
    in that row", each separately (R6): after a mission is fulfilled anywhere, its row (a
    slot of it) is checked; at the start of step 6 and between construction turns, every
    row (slot -1), which takes the tokens that stood alone when their statue was revealed."""
    slot = next_auction(st, step.slot)
    if slot >= 0:
        st.auctioned.append(slot)
        st.auction_slot = slot
        push(st, [Open("auction"), Sealed("auction"), step])


def resolve_auction(st: RaiateaState) -> None:
    """The highest bid wins, ties to the earliest in ceremonial order, 0 included (U10);
    every bid goes into the bag."""
    i = st.auction_slot
    token = st.slots[i]
    bids = list(st.bids)
    for s in range(st.players):
        st.mana[s] -= bids[s]
        st.bag_mana += bids[s]
    best = max(bids)
    winner = -1
    if best >= TOOS[token]["auction"]["min_bid"]:
        winner = next(s for s in st.order if bids[s] == best)
        st.slots[i] = ""
        st.toos[winner].append(token)
        st.toos[winner].sort()
    st.log.append(ev.Auction(winner, i, token, tuple(bids)))
    st.auction_slot = -1


RULES = (
    Rules(Mission, "fulfil a To'o mission, or pass", _mission_options, _mission),
    Rules(BuildStart, auto=_build_start),
    Rules(Build, auto=_build),
    Rules(Auctions, auto=_auctions),
    Rules(PayAny, "pay a commodity", _pay_any_options, _pay_any),
    Rules(PayDifferent, "pay a commodity of a type not paid yet", _pay_diff_options, _pay_diff),
    Rules(PaySame, "pay commodities of one type", _pay_same_options, _pay_same),
    Rules(PayMask, "pay a mask (to the Mask Market)", _pay_mask_options, _pay_mask),
)
