"""The six action locations ("The different action locations"): what every player does there
and the Kahuna's bonus (its numbers in board.json ``locations``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from vaka.games.raiatea import actions as A
from vaka.games.raiatea import events as ev
from vaka.games.raiatea.common import (
    MERCHANT,
    Rules,
    advance,
    all_to_market,
    clockwise,
    gain_priests,
    hire_cost,
    ongoing,
    push,
    recruit_cost,
    reveal_forest,
    roll,
)
from vaka.games.raiatea.params import (
    ASSISTANTS,
    CHARTS,
    COMMODITIES,
    LOC,
    MASKS,
    PRICE_TOP,
    PRIEST_MAX,
)
from vaka.games.raiatea.steps import (
    Bonus,
    Die,
    Draw,
    Effect,
    ForestLast,
    ForestReveal,
    Get,
    GetAll,
    Give,
    Location,
    Market,
    Mission,
    Pick,
    PriestMana,
    Recruit,
    Reef,
    Sacrifice,
    Step,
    TakeAssistant,
    TakeCommodity,
)

if TYPE_CHECKING:
    from vaka.games.raiatea.actions import RaiateaAction
    from vaka.games.raiatea.state import RaiateaState


def _location(st: RaiateaState, step: Location) -> None:
    """The steps of a location claimed by Kahuna ``k``: the assistants' die first, if the
    location has one, then every player from the Kahuna clockwise."""
    k, loc = step.seat, step.loc
    data = LOC[loc]
    order = clockwise(st, k)
    steps: list[Step] = []
    if data.get("die"):
        steps.append(Die(k, loc))
    if loc == "forest":  # the Kahuna chooses first in both passes
        steps += [Pick(s) for s in order]
        steps += [ForestLast(), ForestReveal()]
        ccw = [k] + [(k - i) % st.players for i in range(1, st.players)]
        steps += [Pick(s) for s in ccw]
        steps.append(ForestLast())
    elif loc == "marae":  # R3: sacrifice, then draw; the Kahuna twice in a row
        for s in order:
            for _ in range(int(data["kahuna_turns"]) if s == k else 1):
                steps += [Sacrifice(s), Draw(s, True, "rank", "rank", 1)]
    elif loc == "reef":
        steps.append(Reef(k))
    elif loc == "path":
        for s in order:
            free = int(data["kahuna_free_priests"]) if s == k else 0
            steps += [Recruit(s, free), PriestMana(s)]
    elif loc == "neighbourhood":  # R4: all add, then those who added take
        st.gave = []
        steps += [Give(s) for s in order]
        steps.append(GetAll())
        steps += [Mission(k, "opt")] * int(data["kahuna_missions"])
    elif loc == "market":  # R5: sell and hire in any order
        plain, kahuna = (data["sells"], data["hires"]), (data["kahuna_sells"], data["kahuna_hires"])
        steps += [Market(s, *(kahuna if s == k else plain)) for s in order]
    push(st, steps)


# ------------------------------------------------------------------ Forest
def take_card(st: RaiateaState, seat: int, card: str) -> list[Step]:
    """Resolve a forest card: a mask in front with its treasure, a commodity behind the
    screen, an assistant in front of it."""
    st.log.append(ev.FromForest(seat, card))
    if card in COMMODITIES:
        st.comms[seat][COMMODITIES.index(card)] += 1
        return []
    if card in ASSISTANTS:
        st.ready[seat][ASSISTANTS.index(card)] += 1
        return []
    st.masks[seat].append(card)
    st.masks[seat].sort()
    return [Effect(seat, eff) for eff in MASKS[card]["treasure"]]


def _pick_options(st: RaiateaState, step: Pick) -> list[RaiateaAction]:
    seat = step.seat
    found = [A.act("pick", c) for c in sorted(set(st.display))]
    if found and not step.collector and st.ready[seat][0] and st.forest:  # Collector B
        found.append(A.USE["collector"])
    return found


def _pick(st: RaiateaState, step: Pick, act: RaiateaAction) -> None:
    st.display.remove(act.arg)
    push(st, take_card(st, step.seat, act.arg))


def _forest_last(st: RaiateaState, step: ForestLast) -> None:
    """R2: "When only one Card remains, add it to the appropriate Market"."""
    all_to_market(st, st.display)
    st.display = []


def _forest_reveal(st: RaiateaState, step: ForestReveal) -> None:
    reveal_forest(st)


# ------------------------------------------------------------------ Marae
def _sacrifice_options(st: RaiateaState, step: Sacrifice) -> list[RaiateaAction]:
    held = st.comms[step.seat]
    found = [A.act("sacrifice", c) for i, c in enumerate(COMMODITIES) if held[i]]
    return [A.PASS, *found] if found else []


def _sacrifice(st: RaiateaState, step: Sacrifice, act: RaiateaAction) -> None:
    if act.verb == "sacrifice":
        seat = step.seat
        c = COMMODITIES.index(act.arg)
        st.comms[seat][c] -= 1
        st.comm_market[c] += 1  # U12: back to the market, the price does not move
        st.log.append(ev.Sacrifice(seat, act.arg))
        push(st, advance(st, seat, 1))


# ------------------------------------------------------------------ Pearl Oyster Reef
def _reef(st: RaiateaState, step: Reef) -> None:
    k = step.seat
    result = roll(st, k, "reef")
    for s in clockwise(st, k):
        n = result + sum(e["amount"] for e in ongoing(st, s, "trigger_gain") if e["when"] == "reef")
        if s == k:
            n += int(LOC["reef"]["kahuna_pearls"])
        st.pearls[s] += n
        st.log.append(ev.Gain(s, "pearls", n))


# ------------------------------------------------------------------ Path of the Gods
def _recruit_options(st: RaiateaState, step: Recruit) -> list[RaiateaAction]:
    """U3: 2 pearls 1 priest, 5 pearls 2."""
    seat = step.seat
    found = [A.PASS]
    for n in (1, 2):
        if st.pearls[seat] >= recruit_cost(st, seat, n) and st.priests[seat] < PRIEST_MAX:
            found.append(A.act("recruit", n))
    return found


def _recruit(st: RaiateaState, step: Recruit, act: RaiateaAction) -> None:
    seat, free = step.seat, step.free
    n = 0
    if act.verb == "recruit":
        n = int(act.arg)
        price = recruit_cost(st, seat, n)
        st.pearls[seat] -= price
        st.log.append(ev.Recruit(seat, n, price))
    if n + free:
        gain_priests(st, seat, n + free)


def priest_mana(st: RaiateaState, seat: int) -> None:
    """U2: 1 mana for each priest on the track (also at the Dance of the Priests)."""
    if st.priests[seat]:
        st.mana[seat] += st.priests[seat]
        st.log.append(ev.Gain(seat, "mana", st.priests[seat]))


def _priest_mana(st: RaiateaState, step: PriestMana) -> None:
    priest_mana(st, step.seat)


# ------------------------------------------------------------------ Neighbourhood
def _give_options(st: RaiateaState, step: Give) -> list[RaiateaAction]:
    found = [A.act("give", m) for m in sorted(set(st.masks[step.seat]))]
    return [A.PASS, *found] if found else []


def _give(st: RaiateaState, step: Give, act: RaiateaAction) -> None:
    if act.verb == "give":
        seat = step.seat
        st.masks[seat].remove(act.arg)
        st.mask_market.append(act.arg)
        st.mask_market.sort()
        st.gave.append(seat)
        st.log.append(ev.GiveMask(seat, act.arg))


def _get_all(st: RaiateaState, step: GetAll) -> None:
    push(st, [Get(s) for s in st.gave])
    st.gave = []


def _get_options(st: RaiateaState, step: Get) -> list[RaiateaAction]:
    """R15: "may take a Mask from that Market" (their own included, R4)."""
    found = [A.act("get", m) for m in sorted(set(st.mask_market))]
    return [A.PASS, *found] if found else []


def _get(st: RaiateaState, step: Get, act: RaiateaAction) -> None:
    if act.verb == "get":
        seat = step.seat
        st.mask_market.remove(act.arg)
        st.masks[seat].append(act.arg)
        st.masks[seat].sort()
        st.log.append(ev.GetMask(seat, act.arg))


# ------------------------------------------------------------------ Market
def _market_options(st: RaiateaState, step: Market) -> list[RaiateaAction]:
    """R5: Merchant B in the seat's Market turn."""
    seat = step.seat
    found = [A.DONE]
    if step.sells:
        found += [A.act("sell", c) for i, c in enumerate(COMMODITIES) if st.comms[seat][i]]
    if step.hires and st.pearls[seat] >= hire_cost(st, seat):
        found += [A.act("hire", t) for i, t in enumerate(ASSISTANTS) if st.asst_market[i]]
    if st.ready[seat][MERCHANT] and any(p < PRICE_TOP for p in st.price):
        found.append(A.USE["merchant"])
    return found


def _market(st: RaiateaState, step: Market, act: RaiateaAction) -> None:
    seat, sells, hires = step.seat, step.sells, step.hires
    if act.verb == "sell":
        c = COMMODITIES.index(act.arg)
        st.comms[seat][c] -= 1
        st.comm_market[c] += 1
        st.log.append(ev.Sell(seat, act.arg))
        push(st, [Bonus(seat, c), Market(seat, sells - 1, hires)])
    elif act.verb == "hire":
        t = ASSISTANTS.index(act.arg)
        price = hire_cost(st, seat)
        st.pearls[seat] -= price
        st.asst_market[t] -= 1
        st.ready[seat][t] += 1
        st.log.append(ev.Hire(seat, act.arg, price))
        push(st, [Market(seat, sells, hires - 1)])


def _bonus_options(st: RaiateaState, step: Bonus) -> list[RaiateaAction]:
    """The seller takes "any one bonus at or below that Commodity's Price Marker"."""
    return [A.act("bonus", k) for k in range(st.price[step.commodity] + 1)]


def _bonus(st: RaiateaState, step: Bonus, act: RaiateaAction) -> None:
    seat, c = step.seat, step.commodity
    k = int(act.arg)
    st.price[c] = max(0, st.price[c] - 1)
    st.log.append(ev.ChartBonus(seat, COMMODITIES[c], k))
    push(st, [Effect(seat, e) for e in CHARTS[c][k]])


def _take_options(st: RaiateaState, step: TakeCommodity | TakeAssistant) -> list[RaiateaAction]:
    """A take from a market (``may``: Collector A or Merchant A, R15; else a gift or a
    ritual's take, which is done)."""
    if type(step) is TakeCommodity:
        found = [A.act("take", c) for i, c in enumerate(COMMODITIES) if st.comm_market[i]]
    else:
        found = [A.act("take", t) for i, t in enumerate(ASSISTANTS) if st.asst_market[i]]
    return [A.PASS, *found] if step.may and found else found


def _take(st: RaiateaState, step: TakeCommodity | TakeAssistant, act: RaiateaAction) -> None:
    if act.verb == "pass":
        return
    seat = step.seat
    if type(step) is TakeCommodity:
        c = COMMODITIES.index(act.arg)
        st.comm_market[c] -= 1
        st.comms[seat][c] += 1
        st.price[c] = min(PRICE_TOP, st.price[c] + 1)  # U13
    else:
        t = ASSISTANTS.index(act.arg)
        st.asst_market[t] -= 1
        st.ready[seat][t] += 1
    st.log.append(ev.TakeFromMarket(seat, act.arg))


RULES = (
    Rules(Location, auto=_location),
    Rules(Pick, "take a forest card from the display", _pick_options, _pick),
    Rules(ForestLast, auto=_forest_last),
    Rules(ForestReveal, auto=_forest_reveal),
    Rules(Sacrifice, "sacrifice a commodity for a tattoo, or pass", _sacrifice_options, _sacrifice),
    Rules(Reef, auto=_reef),
    Rules(
        Recruit, "recruit priests (2 pearls: 1, 5 pearls: 2), or pass", _recruit_options, _recruit
    ),
    Rules(PriestMana, auto=_priest_mana),
    Rules(Give, "add a mask to the Mask Market, or pass", _give_options, _give),
    Rules(GetAll, auto=_get_all),
    Rules(Get, "take a mask from the Mask Market", _get_options, _get),
    Rules(Market, "sell a commodity, hire an assistant, or be done", _market_options, _market),
    Rules(Bonus, "choose a bonus at or below the price marker", _bonus_options, _bonus),
    Rules(TakeCommodity, "take a commodity from the Commodities Market", _take_options, _take),
    Rules(TakeAssistant, "take an assistant from the Assistant Market", _take_options, _take),
)
