"""The ceremony round ("B. Ceremony Round"): its steps 1-5 and its end (the steps are queued by
``rounds._round``; step 6, the To'o, is in ``toos``), and the sealed steps in which several
seats choose at once (preparation, offering, auctions)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from vaka.games.raiatea import actions as A
from vaka.games.raiatea import events as ev
from vaka.games.raiatea.common import Rules, gain, gain_priests, ongoing, prep_limit, push
from vaka.games.raiatea.effects import perform
from vaka.games.raiatea.locations import priest_mana
from vaka.games.raiatea.params import (
    GIFT_EFFECTS,
    GIFTS,
    GIFTS_BY_PLAYERS,
    MAX_BID,
    cost,
    deck_of,
    is_general,
)
from vaka.games.raiatea.rounds import buy_ritual, buy_ritual_options
from vaka.games.raiatea.steps import (
    Bless,
    BlessNext,
    BuyRitual,
    DanceMana,
    Effect,
    EndCeremony,
    Gift,
    Gifts,
    Open,
    Order,
    Round,
    SealedKind,
)
from vaka.games.raiatea.toos import resolve_auction

if TYPE_CHECKING:
    from vaka.games.raiatea.actions import RaiateaAction
    from vaka.games.raiatea.state import RaiateaState

SEALED_PROMPTS: dict[SealedKind, str] = {
    "prep": "prepare rituals for the bag (clip up to your limit; brown ones free), then done",
    "offer": "offer mana (sealed)",
    "auction": "bid mana for the auction mission (sealed)",
}


# ------------------------------------------------------------------ 1. the Dance of the Priests
def _dance_mana(st: RaiateaState, step: DanceMana) -> None:
    """After the recruit (``locations``' Path rules, without the Kahuna bonus): mana per
    priest, and the blue rituals that trigger at the Dance."""
    s = step.seat
    for e in ongoing(st, s, "trigger_gain"):
        if e["when"] == "dance" and e["what"] == "priests":
            gain_priests(st, s, e["amount"])
    priest_mana(st, s)
    for e in ongoing(st, s, "trigger_gain"):
        if e["when"] == "dance" and e["what"] != "priests":
            gain(st, s, e["what"], e["amount"])


# ------------------------------------------------------------------ 3, 4 and auctions: sealed steps
def _open(st: RaiateaState, step: Open) -> None:
    """Open a sealed step. Every seat prepares rituals (whether a hand is
    empty is not public once General rituals went into the bag unseen, R14); a bid waits for
    those with mana."""
    kind = step.kind
    st.bids = [0] * st.players
    if kind == "prep":
        st.sealed_wait = list(range(st.players))
    else:
        st.sealed_wait = [s for s in range(st.players) if st.mana[s] > 0]


def sealed_options(st: RaiateaState, seat: int, kind: SealedKind) -> list[RaiateaAction]:
    if kind == "prep":  # clips up to the rank's limit; brown rituals need none
        clipped = len(st.prepared[seat]) < prep_limit(st, seat)
        found = [
            A.act("prepare", r) for r in sorted(set(st.hand[seat])) if is_general(r) or clipped
        ]
        return [A.DONE, *found]
    # "any amount of their own Mana" (R12: at most 60); 0 is a bid (U10)
    return [A.act("bid", n) for n in range(min(st.mana[seat], MAX_BID) + 1)]


def sealed_decide(st: RaiateaState, seat: int, kind: SealedKind, act: RaiateaAction) -> None:
    if kind == "prep":
        if act.verb == "done":
            st.sealed_wait.remove(seat)
            st.log.append(ev.Prepared(seat))
            return
        st.hand[seat].remove(act.arg)
        if is_general(act.arg):  # "without a clip": nothing tells the table who (R14)
            st.generals[seat].append(act.arg)
        else:  # the clip shows
            st.prepared[seat].append(act.arg)
            st.log.append(ev.Prepare(seat, act.arg))
        return
    st.bids[seat] = int(act.arg)
    st.sealed_wait.remove(seat)
    st.log.append(ev.Bid(seat, int(act.arg)))


def _resolve_offer(st: RaiateaState) -> None:
    """Step 4: the Mana offering sets the ceremonial order (ties keep the relative order);
    all the offered mana goes into the bag."""
    bids = list(st.bids)
    pos = {s: i for i, s in enumerate(st.order)}
    counted = [
        bids[s] + sum(e["amount"] for e in ongoing(st, s, "offering_bonus"))
        for s in range(st.players)
    ]
    st.order.sort(key=lambda s: (-counted[s], pos[s]))
    for s in range(st.players):
        st.mana[s] -= bids[s]
        st.bag_mana += bids[s]
    st.log.append(ev.Offering(tuple(bids), tuple(st.order)))


SEALED_RESOLVE: dict[SealedKind, Callable[[RaiateaState], None]] = {
    "prep": lambda st: st.log.append(ev.AllPrepared()),
    "offer": _resolve_offer,
    "auction": resolve_auction,
}


# ------------------------------------------------------------------ 4. gifts
def _gifts(st: RaiateaState, step: Gifts) -> None:
    count = GIFTS_BY_PLAYERS[st.players]
    st.gifts_left = list(GIFTS)
    push(st, [Gift(s) for s in st.order[:count]])


def _gift_options(st: RaiateaState, step: Gift) -> list[RaiateaAction]:
    """R13: no commodity gift from an empty market, unless it is the only gift left."""
    found = [A.act("gift", g) for g in st.gifts_left]
    if len(found) > 1 and not any(st.comm_market):
        found = [a for a in found if a.arg != "commodity"]
    return found


def _gift(st: RaiateaState, step: Gift, act: RaiateaAction) -> None:
    seat = step.seat
    st.gifts_left.remove(act.arg)
    st.log.append(ev.Gift(seat, act.arg))
    push(st, [Effect(seat, e) for e in GIFT_EFFECTS[GIFTS.index(act.arg)]])


# ------------------------------------------------------------------ 5. Divine Blessings
def _bless(st: RaiateaState, step: Bless) -> None:
    """The bag is emptied; rituals sorted by cost, General rituals first among equals and by
    id (they carry no owner, R14), then ceremonial order (an owner's equal-cost rituals by id
    until the owner chooses)."""
    pos = {s: i for i, s in enumerate(st.order)}
    pos[-1] = -1
    entries = []
    for s in range(st.players):
        entries += [(r, s) for r in st.prepared[s]] + [(r, -1) for r in st.generals[s]]
        st.prepared[s] = []
        st.generals[s] = []
    entries.sort(key=lambda e: (cost(e[0]), pos[e[1]], e[0]))
    st.blessing = entries
    st.log.append(ev.Bag(tuple(entries), st.bag_mana))
    push(st, [BlessNext()])


def _equal_group(st: RaiateaState) -> list[str]:
    """The rituals at the front of the blessing row that share its cost, owner and colour
    class: "If two or more Rituals of equal value belong to the same player, that player
    decides which of those Rituals will be performed first."""
    first, owner = st.blessing[0]
    return [
        r
        for r, s in st.blessing
        if s == owner and cost(r) == cost(first) and is_general(r) == is_general(first)
    ]


def _bless_next(st: RaiateaState, step: BlessNext) -> None:
    """Perform the leftmost ritual if the bag's mana pays for it, else discard the rest (the
    mana stays in the bag, U9); its owner chooses among equal-cost ones first."""
    if not st.blessing:
        return
    ritual, owner = st.blessing[0]
    choice = owner >= 0 and not step.chosen and st.bag_mana >= cost(ritual)
    if choice and len(set(_equal_group(st))) > 1:
        push(st, [Order(owner)])
        return
    if st.bag_mana < cost(ritual):
        for r, _ in st.blessing:
            st.discards[deck_of(r)].append(r)
        st.log.append(ev.Unblessed(tuple(r for r, _ in st.blessing), st.bag_mana))
        st.blessing = []
        return
    st.blessing.pop(0)
    st.bag_mana -= cost(ritual)
    push(st, [*perform(st, owner, ritual), BlessNext()])


def _order_options(st: RaiateaState, step: Order) -> list[RaiateaAction]:
    return [A.act("perform", r) for r in sorted(set(_equal_group(st)))]


def _order(st: RaiateaState, step: Order, act: RaiateaAction) -> None:
    i = next(j for j, (r, _) in enumerate(st.blessing) if r == act.arg)
    st.blessing.insert(0, st.blessing.pop(i))
    push(st, [BlessNext(chosen=True)])  # performs the chosen one without asking again


# ------------------------------------------------------------------ end of the ceremony
def _end_ceremony(st: RaiateaState, step: EndCeremony) -> None:
    """Reveal the next statue's missions; the round marker advances."""
    if st.ceremony < len(st.face_up):
        st.face_up[st.ceremony] = True
        st.log.append(ev.Statue(st.ceremony + 1))
    st.builders = []
    st.auctioned = []
    st.space += 1
    push(st, [Round()])


RULES = (
    Rules(DanceMana, auto=_dance_mana),
    Rules(
        BuyRitual,
        "put 3 mana into the bag to draw rituals, or pass",
        buy_ritual_options,
        buy_ritual,
    ),
    Rules(Open, auto=_open),
    # Sealed is answered through sealed_options and sealed_decide, by several seats
    Rules(Gifts, auto=_gifts),
    Rules(Gift, "choose a ceremonial gift", _gift_options, _gift),
    Rules(Bless, auto=_bless),
    Rules(BlessNext, auto=_bless_next),
    Rules(
        Order, "choose which of your equal-cost rituals is performed first", _order_options, _order
    ),
    Rules(EndCeremony, auto=_end_ceremony),
)
