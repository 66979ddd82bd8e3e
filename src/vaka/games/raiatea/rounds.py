"""Setup 14, the round track ("Game Play"), the action round's claims and its end, and the
ritual draws that the setup, the Marae, the ceremony and rituals share."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from vaka.games.raiatea import actions as A
from vaka.games.raiatea import events as ev
from vaka.games.raiatea.common import (
    Rules,
    draw_decks,
    draw_ritual,
    ongoing,
    push,
    rank_of,
    reveal_forest,
    to_market,
)
from vaka.games.raiatea.params import BUY_RITUAL_MANA, LOCATIONS, RANKS, START_RITUALS, deck_of
from vaka.games.raiatea.steps import (
    Bless,
    Build,
    BuildStart,
    BuyRitual,
    Claim,
    ClaimNext,
    DanceMana,
    Draw,
    EndCeremony,
    Gifts,
    Keep,
    Location,
    Open,
    Recruit,
    Round,
    Sealed,
    SetupDraw,
    Step,
)

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
            st.queue.append(SetupDraw(seat, keep))


def _setup_draw(st: RaiateaState, step: SetupDraw) -> None:
    seat = step.seat
    for _ in range(START_RITUALS["draw"]):
        card = draw_ritual(st, "normal")
        if card is not None:
            st.drawn[seat].append(card)
    st.drawn[seat].sort()
    st.log.append(ev.Draw(seat, "normal", len(st.drawn[seat])))
    push(st, [Keep(seat, step.keep)])


def _round(st: RaiateaState, step: Round) -> None:
    """The round marker's space: an action round, a ceremony (its six steps), or the end."""
    if st.space >= len(st.track):
        st.log.append(ev.FinalScoring())
        st.queue.clear()
        return
    kind, number = st.track[st.space]
    st.log.append(ev.RoundBegins(kind, number))
    if kind == "action":
        push(st, [ClaimNext()])
        return
    st.ceremony += 1
    order = list(st.order)
    steps: list[Step] = []
    for s in order:  # 1. the Dance of the Priests (R1: in ceremonial order)
        steps += [Recruit(s), DanceMana(s)]
    steps += [BuyRitual(s) for s in order]  # 2. buy rituals
    steps += [Open("prep"), Sealed("prep")]  # 3. preparation
    steps += [Open("offer"), Sealed("offer")]  # 4. offering
    steps += [Gifts(), Bless()]  # 4. gifts, 5. blessings
    steps += [BuildStart(), Build(), EndCeremony()]  # 6.
    push(st, steps)


def _claim_next(st: RaiateaState, step: ClaimNext) -> None:
    """The next player claims a location tile; when all have, the action round ends: the
    start player passes left, leftover forest cards go to their markets, new forest cards,
    the tiles return, the round marker advances."""
    if len(st.tiles) < st.players:
        seat = (st.start + len(st.tiles)) % st.players
        push(st, [Claim(seat), ClaimNext()])
        return
    st.start = (st.start + 1) % st.players
    for card in st.display:
        to_market(st, card)
    st.display = []
    reveal_forest(st)
    st.tiles = []
    st.kahuna = -1
    st.space += 1
    st.log.append(ev.RoundEnds(st.start))
    push(st, [Round()])


def _claim_options(st: RaiateaState, step: Claim) -> list[RaiateaAction]:
    from vaka.games.raiatea.assistants import can_use_shaman

    found = [A.act("claim", loc) for loc in LOCATIONS if loc not in st.tiles]
    if can_use_shaman(st, step.seat):  # R8: claiming is a turn of one's own
        found.append(A.USE["shaman"])
    return found


def _claim(st: RaiateaState, step: Claim, act: RaiateaAction) -> None:
    seat = step.seat
    st.tiles.append(act.arg)
    st.kahuna = seat
    st.log.append(ev.Claim(seat, act.arg))
    push(st, [Location(seat, act.arg)])


def _draw_options(st: RaiateaState, step: Draw) -> list[RaiateaAction]:
    decks = [d for d in draw_decks(st, step.seat, step.deck) if st.piles[d] or st.discards[d]]
    found = [A.act("draw", d) for d in decks]
    return [A.PASS, *found] if step.optional and found else found


def draw(st: RaiateaState, seat: int, deck: str, count: int | Literal["rank"], keep: int) -> None:
    """Draw rituals (a count of "rank": the seat's rank now, U4; blue draw bonuses added)
    and keep some of them."""
    n = int(RANKS[rank_of(st, seat)]["draw"]["count"]) if count == "rank" else count
    for e in ongoing(st, seat, "draw_bonus"):
        n += e["extra_draw"]
        keep += e["extra_keep"]
    for _ in range(n):
        card = draw_ritual(st, deck)
        if card is not None:
            st.drawn[seat].append(card)
    st.drawn[seat].sort()
    st.log.append(ev.Draw(seat, deck, len(st.drawn[seat])))
    if st.drawn[seat]:
        push(st, [Keep(seat, keep)])


def _draw(st: RaiateaState, step: Draw, act: RaiateaAction) -> None:
    if act.verb == "draw":
        draw(st, step.seat, act.arg, step.count, step.keep)


def buy_ritual_options(st: RaiateaState, step: BuyRitual) -> list[RaiateaAction]:
    """Ceremony step 2 (a turn of one's own, R1): 3 mana for a draw by rank."""
    from vaka.games.raiatea.assistants import can_use_shaman

    seat = step.seat
    found = [A.PASS]
    if st.mana[seat] >= BUY_RITUAL_MANA:
        decks = [d for d in draw_decks(st, seat, "rank") if st.piles[d] or st.discards[d]]
        found += [A.act("draw", d) for d in decks]
    if can_use_shaman(st, seat):
        found.append(A.USE["shaman"])
    return found


def buy_ritual(st: RaiateaState, step: BuyRitual, act: RaiateaAction) -> None:
    if act.verb == "draw":
        seat = step.seat
        st.mana[seat] -= BUY_RITUAL_MANA
        st.bag_mana += BUY_RITUAL_MANA
        st.log.append(ev.BuyRituals(seat, BUY_RITUAL_MANA))
        draw(st, seat, act.arg, "rank", 1)


def _keep_options(st: RaiateaState, step: Keep) -> list[RaiateaAction]:
    return [A.act("keep", r) for r in sorted(set(st.drawn[step.seat]))]


def _keep(st: RaiateaState, step: Keep, act: RaiateaAction) -> None:
    seat, left = step.seat, step.left
    st.drawn[seat].remove(act.arg)
    st.hand[seat].append(act.arg)
    st.hand[seat].sort()
    st.log.append(ev.Keep(seat, act.arg))
    if left > 1 and st.drawn[seat]:
        push(st, [Keep(seat, left - 1)])
        return
    rest = st.drawn[seat]
    for r in rest:
        st.discards[deck_of(r)].append(r)
    if rest:
        st.log.append(ev.DiscardDrawn(seat, tuple(rest)))
    st.drawn[seat] = []


RULES = (
    Rules(SetupDraw, auto=_setup_draw),
    Rules(Round, auto=_round),
    Rules(ClaimNext, auto=_claim_next),
    Rules(Claim, "claim a location tile (you are its Kahuna)", _claim_options, _claim),
    Rules(Draw, "draw ritual cards (choose the deck), or pass", _draw_options, _draw),
    Rules(Keep, "keep a ritual card you drew", _keep_options, _keep),
)
