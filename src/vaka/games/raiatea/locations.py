"""The six action locations ("The different action locations"): what every player does there
and the Kahuna's bonus (its numbers in board.json ``locations``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from vaka.games.raiatea import actions as A
from vaka.games.raiatea.common import (
    MERCHANT,
    Rules,
    Step,
    advance,
    clockwise,
    gain_priests,
    hire_cost,
    ongoing,
    push,
    recruit_cost,
    reveal_forest,
    roll,
    to_market,
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

if TYPE_CHECKING:
    from vaka.games.raiatea.actions import RaiateaAction
    from vaka.games.raiatea.state import RaiateaState


def _location(st: RaiateaState, step: Step) -> None:
    """The steps of a location claimed by Kahuna ``k`` (arg: the location): the assistants'
    die first, if the location has one, then every player from the Kahuna clockwise."""
    _, k, loc = step
    data = LOC[loc]
    order = clockwise(st, k)
    steps: list[Step] = []
    if data.get("die"):
        steps.append(("die", k, loc))
    if loc == "forest":  # the Kahuna chooses first in both passes
        steps += [("pick", s, 0) for s in order]
        steps += [("forest_last", -1, 0), ("forest_reveal", -1, 0)]
        ccw = [k] + [(k - i) % st.players for i in range(1, st.players)]
        steps += [("pick", s, 0) for s in ccw]
        steps.append(("forest_last", -1, 0))
    elif loc == "marae":  # R3: sacrifice, then draw; the Kahuna twice in a row
        for s in order:
            for _ in range(int(data["kahuna_turns"]) if s == k else 1):
                steps += [("sacrifice", s, 0), ("draw", s, (True, "rank", "rank", 1))]
    elif loc == "reef":
        steps.append(("reef", k, 0))
    elif loc == "path":
        for s in order:
            free = int(data["kahuna_free_priests"]) if s == k else 0
            steps += [("recruit", s, (free, "path")), ("priest_mana", s, 0)]
    elif loc == "neighbourhood":  # R4: all add, then those who added take
        st.gave = []
        steps += [("give", s, "neighbourhood") for s in order]
        steps.append(("get_all", -1, 0))
        steps += [("mission", k, "opt")] * int(data["kahuna_missions"])
    elif loc == "market":  # R5: sell and hire in any order
        plain, kahuna = (data["sells"], data["hires"]), (data["kahuna_sells"], data["kahuna_hires"])
        steps += [("market", s, kahuna if s == k else plain) for s in order]
    push(st, steps)


# ------------------------------------------------------------------ Forest
def take_card(st: RaiateaState, seat: int, card: str) -> list[Step]:
    """Resolve a forest card: a mask in front with its treasure, a commodity behind the
    screen, an assistant in front of it."""
    st.log.append(("forest", seat, card))
    if card in COMMODITIES:
        st.comms[seat][COMMODITIES.index(card)] += 1
        return []
    if card in ASSISTANTS:
        st.ready[seat][ASSISTANTS.index(card)] += 1
        return []
    st.masks[seat].append(card)
    st.masks[seat].sort()
    return [("eff", seat, (eff, -1, False)) for eff in MASKS[card]["treasure"]]


def _pick_options(st: RaiateaState, step: Step) -> list[RaiateaAction]:
    """arg: 1 after a Collector B (R9: one activation per pick), else 0."""
    _, seat, arg = step
    found = [A.act("pick", c) for c in sorted(set(st.display))]
    if found and arg == 0 and st.ready[seat][0] and st.forest:  # Collector B
        found.append(A.USE["collector"])
    return found


def _pick(st: RaiateaState, step: Step, act: RaiateaAction) -> None:
    st.display.remove(act.arg)
    push(st, take_card(st, step[1], act.arg))


def _forest_last(st: RaiateaState, step: Step) -> None:
    """R2: "When only one Card remains, add it to the appropriate Market"."""
    for card in st.display:
        to_market(st, card)
        st.log.append(("to_market", None, card))
    st.display = []


def _forest_reveal(st: RaiateaState, step: Step) -> None:
    reveal_forest(st)


# ------------------------------------------------------------------ Marae
def _sacrifice_options(st: RaiateaState, step: Step) -> list[RaiateaAction]:
    held = st.comms[step[1]]
    found = [A.act("sacrifice", c) for i, c in enumerate(COMMODITIES) if held[i]]
    return [A.PASS, *found] if found else []


def _sacrifice(st: RaiateaState, step: Step, act: RaiateaAction) -> None:
    if act.verb == "sacrifice":
        seat = step[1]
        c = COMMODITIES.index(act.arg)
        st.comms[seat][c] -= 1
        st.comm_market[c] += 1  # U12: back to the market, the price does not move
        st.log.append(("sacrifice", seat, act.arg))
        push(st, advance(st, seat, 1))


# ------------------------------------------------------------------ Pearl Oyster Reef
def _reef(st: RaiateaState, step: Step) -> None:
    k = step[1]
    result = roll(st, k, "reef")
    for s in clockwise(st, k):
        n = result + sum(e["amount"] for e in ongoing(st, s, "trigger_gain") if e["when"] == "reef")
        if s == k:
            n += int(LOC["reef"]["kahuna_pearls"])
        st.pearls[s] += n
        st.log.append(("gain", s, ("pearls", n)))


# ------------------------------------------------------------------ Path of the Gods
def _recruit_options(st: RaiateaState, step: Step) -> list[RaiateaAction]:
    """arg: (free priests, "path" or "dance"); U3: 2 pearls 1 priest, 5 pearls 2."""
    seat = step[1]
    found = [A.PASS]
    for n in (1, 2):
        if st.pearls[seat] >= recruit_cost(st, seat, n) and st.priests[seat] < PRIEST_MAX:
            found.append(A.act("recruit", n))
    return found


def _recruit(st: RaiateaState, step: Step, act: RaiateaAction) -> None:
    _, seat, (free, _) = step
    n = 0
    if act.verb == "recruit":
        n = int(act.arg)
        price = recruit_cost(st, seat, n)
        st.pearls[seat] -= price
        st.log.append(("recruit", seat, (n, price)))
    if n + free:
        gain_priests(st, seat, n + free)


def priest_mana(st: RaiateaState, step: Step) -> None:
    """U2: 1 mana for each priest on the track."""
    s = step[1]
    if st.priests[s]:
        st.mana[s] += st.priests[s]
        st.log.append(("gain", s, ("mana", st.priests[s])))


# ------------------------------------------------------------------ Neighbourhood
def _give_options(st: RaiateaState, step: Step) -> list[RaiateaAction]:
    """arg: "neighbourhood" or "feast" (Ritual RN30's exchange)."""
    found = [A.act("give", m) for m in sorted(set(st.masks[step[1]]))]
    return [A.PASS, *found] if found else []


def _give(st: RaiateaState, step: Step, act: RaiateaAction) -> None:
    if act.verb == "give":
        seat = step[1]
        st.masks[seat].remove(act.arg)
        st.mask_market.append(act.arg)
        st.mask_market.sort()
        st.gave.append(seat)
        st.log.append(("give", seat, act.arg))


def _get_all(st: RaiateaState, step: Step) -> None:
    push(st, [("get", s, 0) for s in st.gave])
    st.gave = []


def _get_options(st: RaiateaState, step: Step) -> list[RaiateaAction]:
    """R15: "may take a Mask from that Market" (their own included, R4)."""
    found = [A.act("get", m) for m in sorted(set(st.mask_market))]
    return [A.PASS, *found] if found else []


def _get(st: RaiateaState, step: Step, act: RaiateaAction) -> None:
    if act.verb == "get":
        seat = step[1]
        st.mask_market.remove(act.arg)
        st.masks[seat].append(act.arg)
        st.masks[seat].sort()
        st.log.append(("get", seat, act.arg))


# ------------------------------------------------------------------ Market
def _market_options(st: RaiateaState, step: Step) -> list[RaiateaAction]:
    """arg: (sales left, hires left). R5: Merchant B in the seat's Market turn."""
    _, seat, (sells, hires) = step
    found = [A.DONE]
    if sells:
        found += [A.act("sell", c) for i, c in enumerate(COMMODITIES) if st.comms[seat][i]]
    if hires and st.pearls[seat] >= hire_cost(st, seat):
        found += [A.act("hire", t) for i, t in enumerate(ASSISTANTS) if st.asst_market[i]]
    if st.ready[seat][MERCHANT] and any(p < PRICE_TOP for p in st.price):
        found.append(A.USE["merchant"])
    return found


def _market(st: RaiateaState, step: Step, act: RaiateaAction) -> None:
    _, seat, (sells, hires) = step
    if act.verb == "sell":
        c = COMMODITIES.index(act.arg)
        st.comms[seat][c] -= 1
        st.comm_market[c] += 1
        st.log.append(("sell", seat, act.arg))
        push(st, [("bonus", seat, c), ("market", seat, (sells - 1, hires))])
    elif act.verb == "hire":
        t = ASSISTANTS.index(act.arg)
        price = hire_cost(st, seat)
        st.pearls[seat] -= price
        st.asst_market[t] -= 1
        st.ready[seat][t] += 1
        st.log.append(("hire", seat, (act.arg, price)))
        push(st, [("market", seat, (sells, hires - 1))])


def _bonus_options(st: RaiateaState, step: Step) -> list[RaiateaAction]:
    """arg: the commodity sold; "any one bonus at or below that Commodity's Price Marker"."""
    return [A.act("bonus", k) for k in range(st.price[step[2]] + 1)]


def _bonus(st: RaiateaState, step: Step, act: RaiateaAction) -> None:
    _, seat, c = step
    k = int(act.arg)
    st.price[c] = max(0, st.price[c] - 1)
    st.log.append(("bonus", seat, (COMMODITIES[c], k)))
    push(st, [("eff", seat, (e, -1, False)) for e in CHARTS[c][k]])


def _take_options(st: RaiateaState, step: Step) -> list[RaiateaAction]:
    """A take from a market (arg "may": Collector A or Merchant A, R15; else a gift or a
    ritual's take, which is done)."""
    phase, _, arg = step
    if phase == "take_comm":
        found = [A.act("take", c) for i, c in enumerate(COMMODITIES) if st.comm_market[i]]
    else:
        found = [A.act("take", t) for i, t in enumerate(ASSISTANTS) if st.asst_market[i]]
    return [A.PASS, *found] if arg == "may" and found else found


def _take(st: RaiateaState, step: Step, act: RaiateaAction) -> None:
    if act.verb == "pass":
        return
    phase, seat, _ = step
    if phase == "take_comm":
        c = COMMODITIES.index(act.arg)
        st.comm_market[c] -= 1
        st.comms[seat][c] += 1
        st.price[c] = min(PRICE_TOP, st.price[c] + 1)  # U13
    else:
        t = ASSISTANTS.index(act.arg)
        st.asst_market[t] -= 1
        st.ready[seat][t] += 1
    st.log.append(("take", seat, act.arg))


PHASES: dict[str, Rules] = {
    "loc": Rules(auto=_location),
    "pick": Rules("take a forest card from the display", _pick_options, _pick),
    "forest_last": Rules(auto=_forest_last),
    "forest_reveal": Rules(auto=_forest_reveal),
    "sacrifice": Rules(
        "sacrifice a commodity for a tattoo, or pass", _sacrifice_options, _sacrifice
    ),
    "reef": Rules(auto=_reef),
    "recruit": Rules(
        "recruit priests (2 pearls: 1, 5 pearls: 2), or pass", _recruit_options, _recruit
    ),
    "priest_mana": Rules(auto=priest_mana),
    "give": Rules("add a mask to the Mask Market, or pass", _give_options, _give),
    "get_all": Rules(auto=_get_all),
    "get": Rules("take a mask from the Mask Market", _get_options, _get),
    "market": Rules("sell a commodity, hire an assistant, or be done", _market_options, _market),
    "bonus": Rules("choose a bonus at or below the price marker", _bonus_options, _bonus),
    "take_comm": Rules("take a commodity from the Commodities Market", _take_options, _take),
    "take_asst": Rules("take an assistant from the Assistant Market", _take_options, _take),
}
