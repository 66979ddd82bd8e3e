"""Setup 14, the round track ("Game Play"), the action round's claims and its end, and the
ritual draws that the setup, the Marae, the ceremony and rituals share."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from vaka.games.raiatea import actions as A
from vaka.games.raiatea.common import (
    Rules,
    Step,
    draw_decks,
    draw_ritual,
    ongoing,
    push,
    rank_of,
    reveal_forest,
    to_market,
)
from vaka.games.raiatea.params import BUY_RITUAL_MANA, LOCATIONS, RANKS, START_RITUALS, deck_of

if TYPE_CHECKING:
    from vaka.games.raiatea.actions import RaiateaAction
    from vaka.games.raiatea.state import RaiateaState


def setup_rituals(st: RaiateaState) -> None:
    """Setup 14: each draws 5 Normal rituals and keeps 2; with 4 players player 1 keeps
    only 1; with 5 players player 5 does it twice (U22: counted from the starting player)."""
    exc = START_RITUALS["exceptions"].get(str(st.players), {})
    for i, seat in enumerate(st.order, start=1):
        keep = START_RITUALS["keep"]
        times = 1
        if exc.get("player") == i:
            keep = exc.get("keep", keep)
            times += exc.get("repeat", 0)
        for _ in range(times):
            st.queue.append(("setup_draw", seat, keep))


def _setup_draw(st: RaiateaState, step: Step) -> None:
    """arg: how many to keep."""
    _, seat, keep = step
    for _ in range(START_RITUALS["draw"]):
        card = draw_ritual(st, "normal")
        if card is not None:
            st.drawn[seat].append(card)
    st.drawn[seat].sort()
    st.log.append(("draw", seat, ("normal", len(st.drawn[seat]))))
    push(st, [("keep", seat, keep)])


def _round(st: RaiateaState, step: Step) -> None:
    """The round marker's space: an action round, a ceremony (its six steps), or the end."""
    if st.space >= len(st.track):
        st.log.append(("end", None, None))
        st.queue.clear()
        return
    kind, number = st.track[st.space]
    st.log.append(("round", None, (kind, number)))
    if kind == "action":
        push(st, [("claim_next", -1, 0)])
        return
    st.ceremony += 1
    order = list(st.order)
    steps: list[Step] = []
    for s in order:  # 1. the Dance of the Priests (R1: in ceremonial order)
        steps += [("recruit", s, (0, "dance")), ("dance_mana", s, 0)]
    steps += [("buy_ritual", s, 0) for s in order]  # 2. buy rituals
    steps += [("open", -1, "prep"), ("sealed", -1, "prep")]  # 3. preparation
    steps += [("open", -1, "offer"), ("sealed", -1, "offer")]  # 4. offering
    steps += [("gifts", -1, 0), ("bless", -1, 0)]  # 4. gifts, 5. blessings
    steps += [("build_start", -1, 0), ("build", -1, 0), ("end_ceremony", -1, 0)]  # 6.
    push(st, steps)


def _claim_next(st: RaiateaState, step: Step) -> None:
    """The next player claims a location tile; when all have, the action round ends: the
    start player passes left, leftover forest cards go to their markets, new forest cards,
    the tiles return, the round marker advances."""
    if len(st.tiles) < st.players:
        seat = (st.start + len(st.tiles)) % st.players
        push(st, [("claim", seat, 0), ("claim_next", -1, 0)])
        return
    st.start = (st.start + 1) % st.players
    for card in st.display:
        to_market(st, card)
    st.display = []
    reveal_forest(st)
    st.tiles = []
    st.kahuna = -1
    st.space += 1
    st.log.append(("round_end", None, st.start))
    push(st, [("round", -1, 0)])


def _claim_options(st: RaiateaState, step: Step) -> list[RaiateaAction]:
    from vaka.games.raiatea.assistants import can_use_shaman

    found = [A.act("claim", loc) for loc in LOCATIONS if loc not in st.tiles]
    if can_use_shaman(st, step[1]):  # R8: claiming is a turn of one's own
        found.append(A.USE["shaman"])
    return found


def _claim(st: RaiateaState, step: Step, act: RaiateaAction) -> None:
    seat = step[1]
    st.tiles.append(act.arg)
    st.kahuna = seat
    st.log.append(("claim", seat, act.arg))
    push(st, [("loc", seat, act.arg)])


def _draw_options(st: RaiateaState, step: Step) -> list[RaiateaAction]:
    """arg: (optional, deck ("normal" or "rank"), count (a number or "rank"), keep)."""
    _, seat, (optional, deck, _, _) = step
    decks = [d for d in draw_decks(st, seat, deck) if st.piles[d] or st.discards[d]]
    found = [A.act("draw", d) for d in decks]
    return [A.PASS, *found] if optional and found else found


def draw(st: RaiateaState, seat: int, deck: str, count: Any, keep: int) -> None:
    """Draw rituals (a count of "rank": the seat's rank now, U4; blue draw bonuses added)
    and keep some of them."""
    if count == "rank":
        count = RANKS[rank_of(st, seat)]["draw"]["count"]
    for e in ongoing(st, seat, "draw_bonus"):
        count += e["extra_draw"]
        keep += e["extra_keep"]
    for _ in range(count):
        card = draw_ritual(st, deck)
        if card is not None:
            st.drawn[seat].append(card)
    st.drawn[seat].sort()
    st.log.append(("draw", seat, (deck, len(st.drawn[seat]))))
    if st.drawn[seat]:
        push(st, [("keep", seat, keep)])


def _draw(st: RaiateaState, step: Step, act: RaiateaAction) -> None:
    if act.verb == "draw":
        _, seat, (_, _, count, keep) = step
        draw(st, seat, act.arg, count, keep)


def buy_ritual_options(st: RaiateaState, step: Step) -> list[RaiateaAction]:
    """Ceremony step 2 (a turn of one's own, R1): 3 mana for a draw by rank."""
    from vaka.games.raiatea.assistants import can_use_shaman

    seat = step[1]
    found = [A.PASS]
    if st.mana[seat] >= BUY_RITUAL_MANA:
        decks = [d for d in draw_decks(st, seat, "rank") if st.piles[d] or st.discards[d]]
        found += [A.act("draw", d) for d in decks]
    if can_use_shaman(st, seat):
        found.append(A.USE["shaman"])
    return found


def buy_ritual(st: RaiateaState, step: Step, act: RaiateaAction) -> None:
    if act.verb == "draw":
        seat = step[1]
        st.mana[seat] -= BUY_RITUAL_MANA
        st.bag_mana += BUY_RITUAL_MANA
        st.log.append(("buy", seat, BUY_RITUAL_MANA))
        draw(st, seat, act.arg, "rank", 1)


def _keep_options(st: RaiateaState, step: Step) -> list[RaiateaAction]:
    """arg: how many more to keep."""
    return [A.act("keep", r) for r in sorted(set(st.drawn[step[1]]))]


def _keep(st: RaiateaState, step: Step, act: RaiateaAction) -> None:
    _, seat, left = step
    st.drawn[seat].remove(act.arg)
    st.hand[seat].append(act.arg)
    st.hand[seat].sort()
    st.log.append(("keep", seat, act.arg))
    if left > 1 and st.drawn[seat]:
        push(st, [("keep", seat, left - 1)])
        return
    rest = st.drawn[seat]
    for r in rest:
        st.discards[deck_of(r)].append(r)
    if rest:
        st.log.append(("discard_drawn", seat, tuple(rest)))
    st.drawn[seat] = []


PHASES: dict[str, Rules] = {
    "setup_draw": Rules(auto=_setup_draw),
    "round": Rules(auto=_round),
    "claim_next": Rules(auto=_claim_next),
    "claim": Rules("claim a location tile (you are its Kahuna)", _claim_options, _claim),
    "draw": Rules("draw ritual cards (choose the deck), or pass", _draw_options, _draw),
    "keep": Rules("keep a ritual card you drew", _keep_options, _keep),
}
