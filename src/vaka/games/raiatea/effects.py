"""Rituals performed ("The 4 Types of Ritual Cards", "Receive the Divine Blessings") and the
effect interpreter: one function per effect kind of data/effects.json (``EFFECTS``), used by
rituals, masks' treasures, price-chart bonuses and gifts; and the choices effects ask for."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from vaka.games.raiatea import actions as A
from vaka.games.raiatea import events as ev
from vaka.games.raiatea.common import Rules, all_to_market, gain, push, warded
from vaka.games.raiatea.params import (
    ASSISTANTS,
    COMMODITIES,
    PRICE_TOP,
    RITUALS,
    cost,
    deck_of,
)
from vaka.games.raiatea.steps import (
    ChooseType,
    Discard,
    Draw,
    Effect,
    Exchange,
    ForestKeep,
    GetAll,
    Give,
    Mission,
    PayAny,
    PayMask,
    Perform,
    Reactivate,
    RevealedRest,
    RitualDone,
    Steal,
    Step,
    TakeAssistant,
    TakeCommodity,
    Target,
    Turn,
)

if TYPE_CHECKING:
    from vaka.games.raiatea.actions import RaiateaAction
    from vaka.games.raiatea.state import RaiateaState


# ------------------------------------------------------------------ performing a ritual
def price_of(ritual: str) -> dict[str, int]:
    return {k: int(v) for k, v in RITUALS[ritual]["cost"].items() if k != "mana"}


def can_pay(st: RaiateaState, seat: int, price: dict[str, int], turning: int = 0) -> bool:
    """Whether the seat holds the price; ``turning``: assistants about to be turned first
    (a Shaman used to perform the ritual cannot also pay it)."""
    return (
        st.pearls[seat] >= price.get("pearls", 0)
        and st.priests[seat] >= price.get("priests", 0)
        and sum(st.comms[seat]) >= price.get("commodities", 0)
        and len(st.masks[seat]) >= price.get("masks", 0)
        and sum(st.ready[seat]) - turning >= price.get("turn_assistants", 0)
    )


def performable(
    st: RaiateaState, seat: int, ritual: str, max_cost: int | str, turning: int = 0
) -> bool:
    """Whether a ritual from the hand can be performed for free: its mana at most
    ``max_cost`` and its price payable, so that performing it does what the card says
    rather than discard it (U17 is for rituals already offered in the ceremony)."""
    fits = max_cost == "any" or cost(ritual) <= int(max_cost)
    return fits and can_pay(st, seat, price_of(ritual), turning)


def perform(st: RaiateaState, seat: int, ritual: str) -> list[Step]:
    """The steps that perform a ritual (its mana is already paid or waived): its price
    (U17: a price that cannot be paid discards it without effect), its effects, then it is
    discarded or, if blue, placed in front of its owner's screen."""
    price = price_of(ritual)
    assert seat >= 0 or not price, "a General ritual from the bag has no owner to pay"
    if not can_pay(st, seat, price):
        st.discards[deck_of(ritual)].append(ritual)
        st.log.append(ev.Unpaid(seat, ritual))
        return []
    st.log.append(ev.Perform(seat if seat >= 0 else None, ritual))  # -1: a General's
    st.performing.append(ritual)
    steps: list[Step] = []
    if price.get("pearls"):
        st.pearls[seat] -= price["pearls"]
        st.log.append(ev.Pay(seat, "pearls", price["pearls"]))
    if price.get("priests"):
        st.priests[seat] -= price["priests"]
        st.log.append(ev.Priests(seat, st.priests[seat]))
    if price.get("commodities"):
        steps.append(PayAny(seat, price["commodities"]))
    if price.get("masks"):
        steps.append(PayMask(seat, price["masks"]))
    if price.get("turn_assistants"):
        steps.append(Turn(seat, price["turn_assistants"]))
    card = RITUALS[ritual]
    interactive = card["type"] == "interactive"
    effects = card["effects"]
    if any(e.get("from") == "chosen_other" or e.get("target") == "chosen_other" for e in effects):
        steps.append(Target(seat, ritual))
    else:
        steps += [Effect(seat, e, -1, interactive) for e in effects]
    steps.append(RitualDone(seat, ritual))
    return steps


# ------------------------------------------------------------------ the effect interpreter
def _targets(st: RaiateaState, seat: int, eff: dict[str, Any], interactive: bool) -> list[int]:
    target = eff.get("target", "self")
    if target == "all":
        return list(st.order)
    if target == "each_other":
        return [s for s in st.order if s != seat and not (interactive and warded(st, s))]
    return [seat]


def e_gain(st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool) -> None:
    steps: list[Step] = []
    for s in _targets(st, seat, eff, inter):
        steps += gain(st, s, eff["what"], eff["amount"])
    push(st, steps)


def e_gain_per(st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool) -> None:
    for s in _targets(st, seat, eff, inter):
        n = min(eff["max"], eff["amount"] * (st.priests[s] // eff.get("every", 1)))
        if n:
            gain(st, s, "mana", n)


def e_lose(st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool) -> None:
    for s in _targets(st, seat, eff, inter):
        if eff["what"] == "mana":
            n = min(st.mana[s], eff["amount"])
            st.mana[s] -= n
            st.log.append(ev.Pay(s, "mana", n))
        else:
            st.priests[s] = max(0, st.priests[s] - eff["amount"])
            st.log.append(ev.Priests(s, st.priests[s]))


def e_steal(st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool) -> None:
    if target < 0:
        return
    what, amount = eff["what"], eff["amount"]
    if what in ("pearls", "mana"):
        have = st.pearls if what == "pearls" else st.mana
        n = min(have[target], amount)
        have[target] -= n
        have[seat] += n
        st.log.append(ev.Steal(seat, target, what, n))
    elif what == "commodity":
        for _ in range(amount):
            held = [c for c in range(len(COMMODITIES)) for _ in range(st.comms[target][c])]
            if held:
                c = st.rng.choice(held)  # drawn blind, then shown (R10, U19)
                st.comms[target][c] -= 1
                st.comms[seat][c] += 1
                st.log.append(ev.Steal(seat, target, COMMODITIES[c], 1))
    else:
        push(st, [Steal(seat, target)] * amount)


def e_take(st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool) -> None:
    take = TakeCommodity(seat) if eff["what"] == "commodity" else TakeAssistant(seat)
    push(st, [take] * eff["amount"])


def e_take_forest(
    st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool
) -> None:
    for _ in range(min(eff["reveal"], len(st.forest))):
        st.revealed.append(st.forest.pop())
    st.revealed.sort()
    st.log.append(ev.Revealed(seat, tuple(st.revealed)))
    push(st, [ForestKeep(seat)] * eff["keep"] + [RevealedRest()])


def e_reactivate(
    st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool
) -> None:
    steps: list[Step] = []
    for s in _targets(st, seat, eff, inter):
        if eff["amount"] == "all":
            for t in range(len(ASSISTANTS)):
                st.ready[s][t] += st.turned[s][t]
                st.turned[s][t] = 0
            st.log.append(ev.Reactivate(s, "all"))
        else:
            steps += [Reactivate(s)] * eff["amount"]
    push(st, steps)


def e_turn_assistant(
    st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool
) -> None:
    if target >= 0:
        push(st, [Turn(target)] * eff["amount"])


def e_draw_rituals(
    st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool
) -> None:
    push(
        st,
        [
            Draw(s, eff.get("may", False), eff["deck"], eff["draw"], eff["keep"])
            for s in _targets(st, seat, eff, inter)
        ],
    )


def e_discard_rituals(
    st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool
) -> None:
    steps: list[Step] = []
    for s in _targets(st, seat, eff, inter):
        steps += [Discard(s)] * eff["amount"]
    push(st, steps)


def e_fulfil_mission(
    st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool
) -> None:
    push(st, [Mission(seat, "opt")] * eff["amount"])


def e_move_price(
    st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool
) -> None:
    for c in range(len(COMMODITIES)):
        st.price[c] = min(PRICE_TOP, st.price[c] + eff["steps"])
    st.log.append(ev.Prices(tuple(st.price)))


def e_exchange_mask(
    st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool
) -> None:
    push(st, [Exchange()])


def e_feed_pool(st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool) -> None:
    for s in _targets(st, seat, eff, inter):
        n = min(st.mana[s], eff["amount"])
        st.mana[s] -= n
        st.bag_mana += n
        st.log.append(ev.Feed(s, n))


def e_perform_ritual(
    st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool
) -> None:
    push(st, [Perform(seat, eff["max_cost"])] * eff["amount"])


def e_ongoing(st: RaiateaState, seat: int, eff: dict[str, Any], target: int, inter: bool) -> None:
    """Ongoing and end-of-game kinds do nothing when the ritual resolves: they act while
    the blue ritual lies in front of its owner (``ongoing``) or at the end (scoring)."""


EFFECTS: dict[str, Callable[..., None]] = {
    "gain": e_gain,
    "gain_per": e_gain_per,
    "lose": e_lose,
    "steal": e_steal,
    "take": e_take,
    "take_forest": e_take_forest,
    "reactivate": e_reactivate,
    "turn_assistant": e_turn_assistant,
    "draw_rituals": e_draw_rituals,
    "discard_rituals": e_discard_rituals,
    "fulfil_mission": e_fulfil_mission,
    "move_price": e_move_price,
    "exchange_mask": e_exchange_mask,
    "feed_pool": e_feed_pool,
    "perform_ritual": e_perform_ritual,
    **{
        k: e_ongoing
        for k in (
            "trigger_gain",
            "count_extra",
            "discount",
            "draw_bonus",
            "offering_bonus",
            "ward",
            "extra_prep",
            "end_vp",
            "end_vp_per",
        )
    },
}


# ------------------------------------------------------------------ steps of effects
def _eff(st: RaiateaState, step: Effect) -> None:
    eff = step.effect
    EFFECTS[eff["kind"]](st, step.seat, eff, step.target, step.interactive)


def _ritual_done(st: RaiateaState, step: RitualDone) -> None:
    """The ritual is discarded, or if blue, placed in front of its owner's screen."""
    seat, ritual = step.seat, step.ritual
    st.performing.remove(ritual)
    if RITUALS[ritual]["type"] == "permanent":
        st.blue[seat].append(ritual)
        st.blue[seat].sort()
        if any(
            e["kind"] == "count_extra" and e["what"] == "chosen_type"
            for e in RITUALS[ritual]["effects"]
        ):
            push(st, [ChooseType(seat)])
    else:
        st.discards[deck_of(ritual)].append(ritual)


def _perform_options(st: RaiateaState, step: Perform) -> list[RaiateaAction]:
    """Pass is always offered: whether a cheap enough ritual is in hand is hidden from the
    others, so the step must not vanish from a guess where none is (it is skipped when pass is
    the only answer). A ritual whose price the seat cannot pay is not offered: it could only
    be thrown away."""
    seat, max_cost = step.seat, step.max_cost
    found = [
        A.act("perform", r)
        for r in sorted(set(st.hand[seat]))
        if performable(st, seat, r, max_cost)
    ]
    return [A.PASS, *found]


def _perform(st: RaiateaState, step: Perform, act: RaiateaAction) -> None:
    if act.verb == "perform":
        seat = step.seat
        st.hand[seat].remove(act.arg)
        push(st, perform(st, seat, act.arg))


def _target_options(st: RaiateaState, step: Target) -> list[RaiateaAction]:
    """A warded seat cannot be chosen by an Interactive ritual."""
    seat, ritual = step.seat, step.ritual
    others = [s for s in range(st.players) if s != seat]
    if RITUALS[ritual]["type"] == "interactive":
        others = [s for s in others if not warded(st, s)]
    return [A.act("target", f"seat{s}") for s in others]


def _target(st: RaiateaState, step: Target, act: RaiateaAction) -> None:
    seat, ritual = step.seat, step.ritual
    target = int(act.arg[4:])
    st.log.append(ev.Target(seat, target))
    card = RITUALS[ritual]
    inter = card["type"] == "interactive"
    push(st, [Effect(seat, e, target, inter) for e in card["effects"]])


def _steal_options(st: RaiateaState, step: Steal) -> list[RaiateaAction]:
    """U19: "paired Mask Cards cannot be stolen"; the thief chooses which."""
    masks = st.masks[step.victim]
    return [A.act("steal", m) for m in sorted(set(masks)) if masks.count(m) == 1]


def _steal(st: RaiateaState, step: Steal, act: RaiateaAction) -> None:
    seat, victim = step.seat, step.victim
    st.masks[victim].remove(act.arg)
    st.masks[seat].append(act.arg)
    st.masks[seat].sort()
    st.log.append(ev.Steal(seat, victim, act.arg, 1))


def _turn_options(st: RaiateaState, step: Turn) -> list[RaiateaAction]:
    """U19: the owner chooses which."""
    seat = step.seat
    return [A.act("turn", t) for i, t in enumerate(ASSISTANTS) if st.ready[seat][i]]


def _turn(st: RaiateaState, step: Turn, act: RaiateaAction) -> None:
    seat, left = step.seat, step.left
    t = ASSISTANTS.index(act.arg)
    st.ready[seat][t] -= 1
    st.turned[seat][t] += 1
    st.log.append(ev.Turn(seat, act.arg))
    if left > 1:
        push(st, [Turn(seat, left - 1)])


def _reactivate_options(st: RaiateaState, step: Reactivate) -> list[RaiateaAction]:
    seat = step.seat
    return [A.act("reactivate", t) for i, t in enumerate(ASSISTANTS) if st.turned[seat][i]]


def _reactivate(st: RaiateaState, step: Reactivate, act: RaiateaAction) -> None:
    seat = step.seat
    t = ASSISTANTS.index(act.arg)
    st.turned[seat][t] -= 1
    st.ready[seat][t] += 1
    st.log.append(ev.Reactivate(seat, act.arg))


def _discard_options(st: RaiateaState, step: Discard) -> list[RaiateaAction]:
    """U19: the victim chooses which ritual to discard."""
    return [A.act("discard", r) for r in sorted(set(st.hand[step.seat]))]


def _discard(st: RaiateaState, step: Discard, act: RaiateaAction) -> None:
    seat = step.seat
    st.hand[seat].remove(act.arg)
    st.discards[deck_of(act.arg)].append(act.arg)
    st.log.append(ev.Discard(seat, act.arg))


def _type_options(st: RaiateaState, step: ChooseType) -> list[RaiateaAction]:
    return [A.act("type", t) for t in ASSISTANTS]


def _type(st: RaiateaState, step: ChooseType, act: RaiateaAction) -> None:
    seat = step.seat
    st.ti_types[seat].append(ASSISTANTS.index(act.arg))
    st.log.append(ev.CountType(seat, act.arg))


def _forest_keep_options(st: RaiateaState, step: ForestKeep) -> list[RaiateaAction]:
    return [A.act("pick", c) for c in sorted(set(st.revealed))]


def _forest_keep(st: RaiateaState, step: ForestKeep, act: RaiateaAction) -> None:
    from vaka.games.raiatea.locations import take_card

    st.revealed.remove(act.arg)
    push(st, take_card(st, step.seat, act.arg))


def _revealed_rest(st: RaiateaState, step: RevealedRest) -> None:
    all_to_market(st, st.revealed)
    st.revealed = []


def _exchange(st: RaiateaState, step: Exchange) -> None:
    """Ritual RN30: the Neighbourhood's exchange, in ceremonial order."""
    st.gave = []
    push(st, [Give(s) for s in st.order] + [GetAll()])


RULES = (
    Rules(Effect, auto=_eff),
    Rules(RitualDone, auto=_ritual_done),
    Rules(Perform, "perform a ritual from your hand for free, or pass", _perform_options, _perform),
    Rules(Target, "choose the player your ritual acts on", _target_options, _target),
    Rules(Steal, "take an unpaired mask", _steal_options, _steal),
    Rules(Turn, "turn one of your unturned assistants", _turn_options, _turn),
    Rules(Reactivate, "reactivate one of your turned assistants", _reactivate_options, _reactivate),
    Rules(Discard, "discard a ritual card from your hand", _discard_options, _discard),
    Rules(ChooseType, "choose the assistant type your ritual counts", _type_options, _type),
    Rules(ForestKeep, "keep one of the revealed forest cards", _forest_keep_options, _forest_keep),
    Rules(RevealedRest, auto=_revealed_rest),
    Rules(Exchange, auto=_exchange),
)
