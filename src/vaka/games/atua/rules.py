"""Atua's turn as a queue of short decisions, and what each one does.

A turn is queued as tasks ``(phase, seat, arg)``: take a card, (solo: spare it from Tahuma
or give it), place it (the row is refilled right after: step 3), buy a fate tile, play the
resident, end of turn. When a pile ran out during a turn, the interim scoring's tasks follow
that turn (the rulebook lists it as step 6, after the optional steps). A decision with one
possible answer (other than a placement, where any exact placement may still be typed) is
taken for the player and logged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from vaka.games.atua import actions as A
from vaka.games.atua import events as ev
from vaka.games.atua import words
from vaka.games.atua.candidates import candidates, fits
from vaka.games.atua.geometry import check, explain
from vaka.games.atua.params import SCORINGS, SOURCES, SPARE_COST
from vaka.games.atua.placement import Placement
from vaka.games.atua.scoring import row_pairs, source_points
from vaka.games.atua.tiles import FATES, RESIDENTS
from vaka.i18n import N_, _

if TYPE_CHECKING:
    from vaka.games.atua.state import AtuaState

TAKE, SPARE, PLACE, FATE, RESIDENT, END, SCORE, FINISH = range(8)
PHASE_NAMES = ("take", "spare", "place", "fate", "resident", "end", "score", "finish")
PHASE_PROMPTS = (  # in the view as English; the screens translate them
    N_("take an island card"),
    N_("pay 3 coconuts to keep the other card from Tahuma, or give it to him"),
    N_("place the card on your island (or type any exact placement)"),
    N_("buy a fate tile, or pass"),
    N_("play your resident, or pass"),
    "",
    N_("interim scoring: choose a harmony source to score"),
    "",
)
PILE_NAMES = ("A", "B", "C")


def current_pile(st: AtuaState) -> int:
    """The pile closest to the row: the first that still has cards (3 when all are out)."""
    for i, pile in enumerate(st.piles):
        if pile:
            return i
    return len(st.piles)


def start_turn(st: AtuaState) -> None:
    seat = st.active
    if st.solo:
        i = current_pile(st)
        pile = st.piles[i]
        st.offer = [pile.pop(), pile.pop()]
        st.log.append(ev.Drawn(*st.offer))
        if not pile:
            st.pending = i
        st.queue = [(TAKE, seat, 0), (SPARE, seat, 0), (PLACE, seat, 0), (END, seat, 0)]
    elif st.tiles:
        st.queue = [
            (TAKE, seat, 0),
            (PLACE, seat, 0),
            (FATE, seat, 0),
            (RESIDENT, seat, 0),
            (END, seat, 0),
        ]
    else:  # a first game: steps 4 and 5 have no tiles
        st.queue = [(TAKE, seat, 0), (PLACE, seat, 0), (END, seat, 0)]


def takeable(st: AtuaState, seat: int) -> list[tuple[A.AtuaAction, str]]:
    """The cards the seat can pay for, with the action that takes each ("Don't have enough
    coconuts? Then you cannot take this card")."""
    if st.solo:
        left, right = st.offer
        return [(A.TAKE_LEFT, left)] * (st.coconuts[seat] >= 1) + [(A.TAKE_RIGHT, right)]
    return [(A.TAKES[i], card) for i, card in enumerate(st.row) if st.coconuts[seat] >= i]


def legal(st: AtuaState, phase: int, seat: int, arg: int) -> list[A.Action]:
    if phase == TAKE:
        # you take a card to add it to your island: a card that fits nowhere on it cannot be
        # taken, unless no card you can pay for fits (then it is set aside; docs/rules)
        paid = takeable(st, seat)
        return [a for a, card in paid if fits(st.islands[seat], card)] or [a for a, _ in paid]
    if phase == SPARE:
        return (
            [A.GIVE_ACTION, A.SPARE_ACTION] if st.coconuts[seat] >= SPARE_COST else [A.GIVE_ACTION]
        )
    if phase == PLACE:
        assert st.held is not None
        found: list[A.Action] = list(candidates(st.islands[seat], st.held))
        return found or [A.SET_ASIDE_ACTION]
    if phase == FATE:
        return [
            A.PASS_ACTION,
            *(A.BUYS[f] for f in st.fates_open if FATES[f].cost <= st.coconuts[seat]),
        ]
    if phase == RESIDENT:
        return [A.PASS_ACTION] if st.revealed[seat] else [A.PASS_ACTION, A.REVEAL_ACTION]
    assert phase == SCORE
    return [A.SCORES[s] for s in SOURCES if s not in st.scored[seat]]


def run(st: AtuaState) -> None:
    """Carry out automatic steps and forced choices until a real decision waits."""
    while True:
        if st.over:
            st.queue, st.choices = [], []
            return
        if not st.queue:
            start_turn(st)
        phase, seat, arg = st.queue[0]
        if phase == END:
            st.queue.pop(0)
            _end_turn(st)
            continue
        if phase == FINISH:
            st.queue.pop(0)
            if arg == len(SCORINGS) - 1:
                st.over = True
                st.log.append(ev.Over())
            continue
        if phase == SCORE and arg == len(SCORINGS) - 1:  # pile C: every source left
            st.queue.pop(0)
            for source in SOURCES:
                if source not in st.scored[seat]:
                    _score(st, seat, source)
            continue
        choices = legal(st, phase, seat, arg)
        if len(choices) == 1 and phase != PLACE:
            st.choices = choices
            _do(st, choices[0], forced=True)
            continue
        st.choices = choices
        return


def decide(st: AtuaState, action: A.Action) -> None:
    _do(st, action, forced=False)
    run(st)


def _do(st: AtuaState, action: A.Action, forced: bool) -> None:
    phase, seat, _ = st.queue.pop(0)
    st.choices = []
    if isinstance(action, Placement):
        st.islands[seat] = st.islands[seat].with_card(action)
        st.held = None
        st.log.append(ev.Place(seat, str(action)))
        _refill(st)
        return
    verb, arg = action.verb, action.arg
    if verb == A.TAKE:
        _take(st, seat, arg)
    elif verb == A.SET_ASIDE:
        assert st.held is not None
        st.set_aside[seat].append(st.held)
        st.log.append(ev.SetAside(seat, st.held))
        st.held = None
        _refill(st)
    elif verb in (A.SPARE, A.GIVE):
        assert st.other is not None
        if verb == A.SPARE:
            st.coconuts[seat] -= SPARE_COST
            st.hut += SPARE_COST
            st.spared.append(st.other)
        else:
            st.tahuma.append(st.other)
        kind = ev.Spare if verb == A.SPARE else ev.Give
        st.log.append(kind(seat, st.other, forced))
        st.other = None
    elif verb == A.BUY:
        cost = FATES[arg].cost
        st.coconuts[seat] -= cost
        for k in range(cost):  # one at a time, left to right, onto the row's cards
            st.row_coconuts[k % len(st.row)] += 1
        st.fates_open.remove(arg)
        st.fates_owned[seat].append(arg)
        st.log.append(ev.BuyFate(seat, arg))
    elif verb == A.REVEAL:
        res = RESIDENTS[st.residents[seat]]
        points = res.points * (row_pairs(st.row, res.pairs) // 2)
        st.revealed[seat] = True
        st.resident_points[seat] = points
        st.log.append(ev.Reveal(seat, res.id, points))
    elif verb == A.PASS:
        st.log.append(ev.Pass(seat, PHASE_NAMES[phase], forced))
    else:
        assert verb == A.SCORE
        _score(st, seat, arg)


def _take(st: AtuaState, seat: int, arg: str) -> None:
    if st.solo:
        left, right = st.offer
        if arg == A.LEFT:
            st.coconuts[seat] -= 1
            st.hut += 1
            st.held, st.other, paid, gained = left, right, 1, 0
        else:
            gained = 1 if st.hut else 0
            st.hut -= gained
            st.coconuts[seat] += gained
            st.held, st.other, paid = right, left, 0
        st.offer = []
        st.log.append(ev.Take(seat, st.held, arg, paid, gained))
        return
    i = int(arg) - 1
    for j in range(i):
        st.row_coconuts[j] += 1
    gained = st.row_coconuts.pop(i)
    st.coconuts[seat] += gained - i
    st.held = st.row.pop(i)
    st.log.append(ev.Take(seat, st.held, arg, i, gained))


def _refill(st: AtuaState) -> None:
    """Step 3: the row slides left (done when the card was taken) and the nearest pile
    fills the free space at the right."""
    if st.solo:
        return
    i = current_pile(st)
    if i == len(st.piles):
        return
    card = st.piles[i].pop()
    st.row.append(card)
    st.row_coconuts.append(0)
    st.log.append(ev.Refill(card, PILE_NAMES[i]))
    if not st.piles[i]:
        st.pending = i


def _score(st: AtuaState, seat: int, source: str) -> None:
    points = source_points(st, seat, source)
    st.scored[seat][source] = points
    st.log.append(ev.Score(seat, source, points))


def _end_turn(st: AtuaState) -> None:
    st.turns += 1
    st.active = (st.active + 1) % st.players
    if st.pending < 0:
        return
    pile, st.pending = st.pending, -1
    st.log.append(ev.InterimScoring(PILE_NAMES[pile]))
    for seat in range(st.players):
        st.queue.extend((SCORE, seat, pile) for _ in range(SCORINGS[pile]))
    st.queue.append((FINISH, 0, pile))


def _not_placing(st: AtuaState, seat: int, p: Placement) -> str | None:
    """Why no placement of ``p``'s card is the seat's to play now (``None``: one is)."""
    if st.over or not st.queue or st.queue[0][0] != PLACE or st.queue[0][1] != seat:
        return _("no card is waiting to be placed")
    if p.card != st.held:
        return _("the card to place is {card}, not {other}").format(card=st.held, other=p.card)
    return None


def placement_reason(st: AtuaState, seat: int, p: Placement) -> str | None:
    """Why an exact placement cannot be played now (``None``: it can), in the current
    language."""
    return _not_placing(st, seat, p) or check(st.islands[seat], p)


def explain_action(st: AtuaState, seat: int, action: A.Action) -> str | None:
    """Why an action is not allowed now, in the current language (every rule a placement
    breaks, joined by "; ")."""
    if isinstance(action, Placement):
        return _not_placing(st, seat, action) or "; ".join(explain(st.islands[seat], action))
    phase = st.queue[0][0] if st.queue else -1
    if action.verb == A.TAKE and phase == TAKE:
        card = dict(takeable(st, seat)).get(action)
        if card is not None:
            return _(
                "{card} fits nowhere on your island (a card must be added to the island), "
                "and another card does"
            ).format(card=card)
        if action.arg.isdigit() and int(action.arg) <= len(st.row):
            need, have = int(action.arg) - 1, st.coconuts[seat]
            return _("it costs {cost} (one on each card to its left); you have {have}").format(
                cost=words.counted("coconut", need), have=have
            )
        if action.arg == A.LEFT and st.solo:
            return _("the left card costs 1 coconut; you have none")
    if action.verb == A.BUY and phase == FATE:
        if action.arg not in st.fates_open:
            return _("fate tile {tile} is not on offer").format(tile=action.arg)
        return _("it costs {cost}; you have {have}").format(
            cost=words.counted("coconut", FATES[action.arg].cost), have=st.coconuts[seat]
        )
    if action.verb == A.SCORE and action.arg in st.scored[seat]:
        return _("you scored {source} already (each source once)").format(
            source=words.source(action.arg)
        )
    if 0 <= phase < len(PHASE_PROMPTS) and PHASE_PROMPTS[phase]:
        return _("the decision waiting is: {prompt}").format(prompt=_(PHASE_PROMPTS[phase]))
    return None


def placing_refusal(st: AtuaState, seat: int, action: A.Action | str) -> str | None:
    """The refusal of an action while the seat's card waits to be placed: the rule it
    breaks and how many placements are offered, not the whole list of them (``None`` when
    no card of the seat's waits, or none of its placements are offered)."""
    if st.over or not st.queue or st.queue[0][:2] != (PLACE, seat):
        return None
    n = sum(1 for a in st.choices if isinstance(a, Placement))
    if not n:
        return None
    parsed = A.parse(action) if isinstance(action, str) else action
    if isinstance(parsed, Placement):
        reason = explain_action(st, seat, parsed)
    else:
        reason = _("your card {card} waits to be placed first").format(card=st.held)
    choices = _(
        "{n} placements of {card} (choose one by its number, 1-{n}, or type another exact "
        "placement that the rules allow)"
    ).format(n=n, card=st.held)
    if reason:
        return _("{action} is not allowed now: {reason}. Allowed: {choices}").format(
            action=parsed, reason=reason, choices=choices
        )
    return _("{action} is not allowed now. Allowed: {choices}").format(
        action=parsed, choices=choices
    )
