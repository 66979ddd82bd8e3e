"""Assistants ("Assistants"): effect A, the Kahuna's die at a location, and the one-time
effect B, for which the assistant is turned."""

from __future__ import annotations

from typing import TYPE_CHECKING

from vaka.games.raiatea import actions as A
from vaka.games.raiatea import events as ev
from vaka.games.raiatea.common import (
    PEARL_DIVER,
    SHAMAN,
    Rules,
    advance,
    assistants,
    clockwise,
    priests_counted,
    push,
    roll,
)
from vaka.games.raiatea.params import (
    ASSISTANTS,
    COMMODITIES,
    DIE_LOCATION,
    MISSION_SLOTS,
    PEARL_DIVER_PEARLS,
    PRICE_TOP,
)
from vaka.games.raiatea.steps import (
    BuyRitual,
    Die,
    Diver,
    Mission,
    Perform,
    Pick,
    PickCommodity,
    ShamanA,
    Step,
    TakeAssistant,
    TakeCommodity,
    Top,
)

if TYPE_CHECKING:
    from vaka.games.raiatea.actions import RaiateaAction
    from vaka.games.raiatea.state import RaiateaState


# ------------------------------------------------------------------ effect A
def _die(st: RaiateaState, step: Die) -> None:
    """The Kahuna rolls before any action; owners of at least that many assistants of the
    location's type gain its bonus, in turn order."""
    k, loc = step.seat, step.loc
    t = DIE_LOCATION[loc]
    result = roll(st, k, ASSISTANTS[t])
    steps: list[Step] = []
    for s in clockwise(st, k):
        count = assistants(st, s, t) + st.ti_types[s].count(t)
        if count < result:
            continue
        st.log.append(ev.EnoughForDie(s, ASSISTANTS[t]))
        if loc == "forest":  # Collector: "may take one Commodity Card" (R15)
            steps.append(TakeCommodity(s, may=True))
        elif loc == "market":  # Merchant: "may take one Assistant of their choice" (R15)
            steps.append(TakeAssistant(s, may=True))
        elif loc == "marae":  # Shaman: "may advance their Tattoo Markers by 1 space" (R15)
            steps.append(ShamanA(s))
        elif loc == "reef":  # Pearl Diver: 4 pearls
            st.pearls[s] += PEARL_DIVER_PEARLS
            st.log.append(ev.Gain(s, "pearls", PEARL_DIVER_PEARLS))
    push(st, steps)


def _shaman_a_options(st: RaiateaState, step: ShamanA) -> list[RaiateaAction]:
    return [A.PASS, A.ADVANCE]


def _shaman_a(st: RaiateaState, step: ShamanA, act: RaiateaAction) -> None:
    if act.verb == "advance":
        push(st, advance(st, step.seat, 1))


# ------------------------------------------------------------------ effect B
def shaman_in_reach(st: RaiateaState, seat: int) -> bool:
    """What the table sees of Shaman B: an unturned Shaman, a ritual in hand and a priest."""
    return bool(st.ready[seat][SHAMAN] and st.hand[seat] and priests_counted(st, seat))


def can_use_shaman(st: RaiateaState, seat: int) -> bool:
    """Shaman B is offered on the seat's own turn only when a ritual in hand costs at most
    its priests and its price (pearls, priests, ...) can be paid with the Shaman turned,
    so that using it always performs one (R8)."""
    from vaka.games.raiatea.effects import performable

    if not shaman_in_reach(st, seat):
        return False
    most = priests_counted(st, seat)
    return any(performable(st, seat, r, most, turning=1) for r in st.hand[seat])


def holds(st: RaiateaState, step: Step) -> bool:
    """A turn of one's own waits for its seat even with pass as the only answer while the
    seat has what Shaman B needs in the table's eyes (R8): whether it waits then depends on
    public facts only, not on which rituals are behind the screen."""
    if type(step) is BuyRitual or (type(step) is Mission and step.why == "build"):
        return shaman_in_reach(st, step.seat)
    return False


def use(st: RaiateaState, step: Step, which: str) -> None:
    """An assistant's one-time effect B, used during ``step``: the assistant is turned."""
    seat = step.seat
    t = ASSISTANTS.index(which)
    st.ready[seat][t] -= 1
    st.turned[seat][t] += 1
    st.log.append(ev.Use(seat, which))
    if which == "collector":  # one more forest card; a pick, then a commodity from the supply
        st.display.append(st.forest.pop())
        st.display.sort()
        st.log.append(ev.Display(tuple(st.display)))
        push(st, [Pick(seat, collector=True), PickCommodity(seat)])
    elif which == "merchant":  # a price marker to the top; the market turn goes on (R5)
        push(st, [Top(seat), step])
    elif which == "shaman":  # a ritual costing at most the priests; the turn goes on (R8)
        push(st, [Perform(seat, priests_counted(st, seat)), step])
    else:  # pearl diver: a second mission (R7)
        push(st, [Mission(seat, "second")])


def _pick_comm_options(st: RaiateaState, step: PickCommodity) -> list[RaiateaAction]:
    """Collector B: "plus a Commodity Card from the Forest Supply" (lost if none)."""
    return [A.act("pick", c) for c in sorted(set(st.display)) if c in COMMODITIES]


def _pick_comm(st: RaiateaState, step: PickCommodity, act: RaiateaAction) -> None:
    seat = step.seat
    st.display.remove(act.arg)  # from the forest supply: the price marker does not move
    st.comms[seat][COMMODITIES.index(act.arg)] += 1
    st.log.append(ev.FromForest(seat, act.arg))


def _top_options(st: RaiateaState, step: Top) -> list[RaiateaAction]:
    return [A.act("top", c) for i, c in enumerate(COMMODITIES) if st.price[i] < PRICE_TOP]


def _top(st: RaiateaState, step: Top, act: RaiateaAction) -> None:
    st.price[COMMODITIES.index(act.arg)] = PRICE_TOP
    st.log.append(ev.Prices(tuple(st.price)))


def _diver_options(st: RaiateaState, step: Diver) -> list[RaiateaAction]:
    """Pearl Diver B, offered only when a second mission can be fulfilled (R7)."""
    from vaka.games.raiatea.toos import can_fulfil

    seat = step.seat
    if st.ready[seat][PEARL_DIVER] and any(
        token and st.face_up[MISSION_SLOTS[i][0]] and can_fulfil(st, seat, token)
        for i, token in enumerate(st.slots)
    ):
        return [A.PASS, A.USE["pearl_diver"]]
    return []


def _diver(st: RaiateaState, step: Diver, act: RaiateaAction) -> None:
    """Pass (``use pearl_diver`` goes to :func:`use`)."""


RULES = (
    Rules(Die, auto=_die),
    Rules(ShamanA, "advance your tattoo marker (Shamans), or pass", _shaman_a_options, _shaman_a),
    Rules(
        PickCommodity,
        "take a commodity from the forest supply (Collector)",
        _pick_comm_options,
        _pick_comm,
    ),
    Rules(Top, "move a price marker to the top (Merchant)", _top_options, _top),
    Rules(Diver, "turn a Pearl Diver to fulfil a second mission, or pass", _diver_options, _diver),
)
