"""Rapa Nui's rules: what may be done, and what happens when it is.

A turn is a queue of steps (phase, seat, argument). The front step is either carried out
at once (scorings, the end of a turn) or waits for its seat to decide. A decision with a
single possible answer is taken automatically, so every choice a player sees is a real
one. Each rule below quotes the sentence of the German rulebook it implements.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from vaka.games.rapanui import actions as A
from vaka.games.rapanui import events as ev
from vaka.games.rapanui.actions import RapaNuiAction
from vaka.games.rapanui.params import (
    DECK,
    HAND_SIZE,
    HUNTERS_COST,
    KIND_NAMES,
    MAJORITY_MIN,
    MAX_SAME_HUNTERS,
    MOAI,
    MOAI_COST,
    PRIEST,
    RESOURCES,
    ROW_SIZE,
    SACRIFICE_COST,
    SACRIFICE_SUPPLY,
    STARTING_SETS,
    WOODCUTTER,
)
from vaka.i18n import N_, _, ngettext
from vaka.i18n.said import say

if TYPE_CHECKING:
    from vaka.games.rapanui.state import RapaNuiState

# Phases of a step. The first six wait for a decision; GAIN waits only when a resource
# has run out; END_TURN never waits.
BUY, LAY, DRAW, SACRIFICE, HIDE, OFFER, MOAI_TAKE, GAIN, END_TURN = range(9)
PHASE_NAMES = ("buy", "lay", "draw", "sacrifice", "hide", "offer", "moai", "gain", "end")
PHASE_PROMPTS = (  # in the view as English; the screens translate them
    N_("buy a sacrifice card, or pass"),
    N_("lay out a card from your hand"),
    N_("take the top card of a row"),
    N_("put one of your sacrifice cards face up on the stone"),
    N_("put one of your sacrifice cards face down on the stone"),
    N_("put a sacrifice card from the supply face up on the stone"),
    N_("take the Moai scoring as wood or as fame"),
    N_("take a sacrifice card of another resource, or pass (that resource has run out)"),
    "",
)


# --------------------------------------------------------------------------- turn flow
def start_turn(st: RapaNuiState) -> None:
    """The turn: "1 Opferkarte erwerben ... 1 Karte auslegen ... 1 Karte ... nachziehen"."""
    a = st.active
    st.idle_turns += 1  # laying out or drawing a card sets this back to 0
    st.log.append(ev.Turn(a, st.turns + 1))
    st.queue[0:0] = [(BUY, a, 0), (LAY, a, 0), (DRAW, a, 0), (END_TURN, a, 0)]


def run(st: RapaNuiState) -> None:
    """Carry out steps until one waits for a real decision (or the game ends)."""
    queue = st.queue
    while queue:
        phase, seat, arg = queue[0]
        if phase == END_TURN:
            queue.pop(0)
            end_turn(st)
            continue
        if phase == GAIN and st.supply[arg]:
            queue.pop(0)
            _gain(st, seat, arg)
            continue
        choices = options(st, phase, seat, arg)
        if len(choices) > 1:
            st.choices = choices
            return
        queue.pop(0)
        if choices:  # the only possible answer is taken for the player
            effect(st, phase, seat, arg, choices[0], chosen=False)
    st.choices = []


def decide(st: RapaNuiState, act: RapaNuiAction) -> None:
    """Carry out a legal decision of the front step, then run on."""
    phase, seat, arg = st.queue.pop(0)
    effect(st, phase, seat, arg, act, chosen=True)
    run(st)


def _note_idle(st: RapaNuiState) -> None:
    """Say why a turn passed without laying or drawing (the table would see why)."""
    a = st.active
    if st.idle_turns:
        st.log.append(ev.Idle(a, len(st.hands[a]), st.wood[a]))


def end_turn(st: RapaNuiState) -> None:
    """Rule: "Danach folgt der nächste Spieler, bis der Nachziehstapel ... aufgebraucht ist." """
    _note_idle(st)
    st.turns += 1
    if st.pile_out:
        finish(st, N_("the draw pile is used up"))
        return
    if st.idle_turns >= st.players:  # see docs/rules/rapa-nui.md, "a stuck game"
        finish(st, N_("no player can lay out or draw a card any more"))
        return
    st.active = (st.active + 1) % st.players
    start_turn(st)


def finish(st: RapaNuiState, reason: str) -> None:
    st.over = True
    st.queue.clear()
    st.log.append(ev.End(reason))


# --------------------------------------------------------------------------- choices
def buy_cost(st: RapaNuiState, seat: int, resource: int) -> int:
    """Rule: "Jede Opferkarte kostet zunächst 5 Holz. Hiervon kann pro Jäger und Sammler der für
    diesen Rohstoff zuständig ist, 1 Holz abgezogen werden." (never below 0)"""
    return max(0, SACRIFICE_COST - st.tableau[seat][resource])


def lay_cost(kind: int, count: int) -> int:
    """Woodcutters and priests are free; a Moai costs 7 wood; the 2nd and 3rd identical
    hunter-gatherer laid at once cost 1 wood each."""
    if kind == MOAI:
        return MOAI_COST
    if kind in (WOODCUTTER, PRIEST):
        return 0
    return HUNTERS_COST[count]


def options(st: RapaNuiState, phase: int, seat: int, arg: int) -> list[RapaNuiAction]:
    """The possible answers to a step; empty when the step cannot be done at all."""
    if phase == DRAW:
        if len(st.hands[seat]) >= HAND_SIZE:
            return []
        rows = st.rows
        return [A.DRAWS[i] for i in range(len(rows)) if rows[i]]
    if phase == LAY:
        hand = st.hands[seat]
        wood = st.wood[seat]
        found: list[RapaNuiAction] = []
        for kind in sorted(set(hand)):
            lays = A.LAYS[kind]
            if kind < WOODCUTTER:  # a hunter-gatherer: 1 to 3 identical ones at once
                for n in range(1, min(hand.count(kind), MAX_SAME_HUNTERS) + 1):
                    if HUNTERS_COST[n] <= wood:
                        found.append(lays[n - 1])
            elif kind != MOAI or wood >= MOAI_COST:
                found.append(lays[0])
        return found
    if phase == BUY:
        wood = st.wood[seat]
        laid = st.tableau[seat]
        supply = st.supply
        buys = [A.BUYS[r] for r in RESOURCES if supply[r] and SACRIFICE_COST - laid[r] <= wood]
        return [A.PASS_ACTION, *buys] if buys else []
    if phase in (SACRIFICE, HIDE):
        held = st.held[seat]
        return [A.SACRIFICES[r] for r in RESOURCES if held[r]]
    if phase == OFFER:
        return [A.OFFERS[r] for r in RESOURCES if st.supply[r]]
    if phase == GAIN:
        # Rule: "Sollte eine Opferkarte aufgebraucht sein, darf eine andere Sorte genommen
        # werden." May, not must: taking none (pass) is a choice too.
        gains = [A.GAINS[r] for r in RESOURCES if st.supply[r]]
        return [A.PASS_ACTION, *gains] if gains else []
    if phase == MOAI_TAKE:
        return list(A.TAKES)
    raise AssertionError(f"phase {phase} takes no decision")


# --------------------------------------------------------------------------- effects
def effect(
    st: RapaNuiState, phase: int, seat: int, arg: int, act: RapaNuiAction, chosen: bool
) -> None:
    """Carry out one answer. ``chosen`` is False when it was the only possible one."""
    verb = act.verb
    if verb == A.PASS:
        if phase == GAIN:
            st.log.append(ev.Decline(seat, arg))
        else:
            st.log.append(ev.Pass(seat))
    elif verb == A.BUY:
        cost = buy_cost(st, seat, act.arg)
        st.wood[seat] -= cost
        st.supply[act.arg] -= 1
        st.held[seat][act.arg] += 1
        _card_event(st, ev.Buy(seat, act.arg, cost))
    elif verb == A.LAY:
        _lay(st, seat, act.arg, act.count)
    elif verb == A.DRAW:
        _draw(st, seat, act.arg)
    elif verb == A.TAKE:
        if act.arg == A.WOOD:
            st.wood[seat] += arg
        else:
            st.fame[seat] += arg
        st.log.append(ev.Moai(seat, act.arg, arg))
    elif verb == A.SACRIFICE:
        st.held[seat][act.arg] -= 1
        if phase == HIDE:
            st.stone_down[seat][act.arg] += 1
            _card_event(st, ev.Hide(seat, act.arg))
        else:
            st.stone_up[act.arg] += 1
            _card_event(st, ev.Sacrifice(seat, act.arg))
    elif verb == A.OFFER:
        st.supply[act.arg] -= 1
        st.stone_up[act.arg] += 1
        st.log.append(ev.Offer(seat, act.arg))
    elif verb == A.GAIN:
        _gain(st, seat, act.arg)


def _card_event(st: RapaNuiState, event: ev.CardEvent) -> None:
    """Log an event that moves a seat's sacrifice cards, and index it for determinization."""
    st.card_events[event.seat].append(len(st.log))
    st.log.append(event)


def _lay(st: RapaNuiState, seat: int, kind: int, count: int) -> None:
    hand = st.hands[seat]
    for _n in range(count):
        hand.remove(kind)
    cost = lay_cost(kind, count)
    st.wood[seat] -= cost
    st.tableau[seat][kind] += count
    st.idle_turns = 0
    st.log.append(ev.Lay(seat, kind, count, cost))
    if kind == MOAI:
        _sacrifice_round(st, seat)


def _sacrifice_round(st: RapaNuiState, builder: int) -> None:
    """Rule: "Nun muss, beginnend mit dem linken Nachbarn des aktiven Spielers, jeder Spieler eine
    Opferkarte offen auf den Opferstein legen – sofern er 1 Opferkarte besitzt. Der aktive
    Spieler legt seine Opferkarte verdeckt auf den Opferstein. Zusätzlich legt er noch eine
    Opferkarte aus dem Vorrat offen auf den Opferstein."
    """
    n = st.players
    steps = [(SACRIFICE, (builder + i) % n, 0) for i in range(1, n)]
    steps += [(HIDE, builder, 0), (OFFER, builder, 0)]
    st.queue[0:0] = steps


def _draw(st: RapaNuiState, seat: int, row_index: int) -> None:
    """Rule: "Der Spieler nimmt sich die oberste Karten aus einer der 4 Reihen, bis er wieder
    3 Handkarten hat, und löst damit eine Wertung aus. Gewertet wird die Kartenart, die der
    Spieler als letzte freigelegt hat. Sollte eine Reihe komplett leer geräumt worden sein,
    wird sie sofort mit 4 neuen Karten bestückt. In dem Fall bestimmt die neue oberste
    Karte, welche Karten gewertet werden."

    All cards come from the chosen row, one scoring follows. Only when that row runs dry
    with no pile left to refill it does the player go on in another row (see the rules doc).
    """
    row = st.rows[row_index]
    hand = st.hands[seat]
    pile = st.pile
    st.idle_turns = 0
    while len(hand) < HAND_SIZE and row:
        card = row.pop()
        hand.append(card)
        st.log.append(ev.Draw(seat, row_index, card))
        if not row and pile:
            for _ in range(min(ROW_SIZE, len(pile))):
                row.append(pile.pop())
            st.log.append(ev.Refill(row_index, len(row)))
            if not pile:
                st.pile_out = True
                st.log.append(ev.PileOut())
    if len(hand) < HAND_SIZE and any(st.rows):
        st.queue.insert(0, (DRAW, seat, 0))  # go on in another row; it scores then
    elif row:
        st.queue[0:0] = _scoring(st, row[-1])


def _bonus_seat(st: RapaNuiState, kind: int) -> int:
    """Rule: "Wer mindestens 2 ... und die alleinige Mehrheit hat, erhält ... ein weiteres"
    (wood, fame point or sacrifice card): that seat, or -1."""
    counts = [t[kind] for t in st.tableau]
    best = max(counts)
    if best < MAJORITY_MIN or counts.count(best) > 1:
        return -1
    return counts.index(best)


def _scoring(st: RapaNuiState, kind: int) -> list[tuple[int, int, int]]:
    """Score the uncovered kind for every player; return the steps that need choices."""
    n = st.players
    bonus = _bonus_seat(st, kind)
    amounts = [t[kind] for t in st.tableau]
    if bonus >= 0:
        amounts[bonus] += 1
    st.log.append(ev.Score(kind, tuple(amounts)))
    if kind == WOODCUTTER:
        for s in range(n):
            st.wood[s] += amounts[s]
        return []
    if kind == PRIEST:
        for s in range(n):
            st.fame[s] += amounts[s]
        return []
    order = [(st.active + i) % n for i in range(n)]
    if kind == MOAI:
        return [(MOAI_TAKE, s, amounts[s]) for s in order if amounts[s]]
    # A hunter-gatherer: one sacrifice card of its resource, a second with the bonus.
    steps = []
    for s in order:
        if st.tableau[s][kind]:
            steps += [(GAIN, s, kind)] * (2 if s == bonus else 1)
    return steps


def _gain(st: RapaNuiState, seat: int, resource: int) -> None:
    st.supply[resource] -= 1
    st.held[seat][resource] += 1
    _card_event(st, ev.Gain(seat, resource))


# --------------------------------------------------------------------------- words
def explain(st: RapaNuiState, act: RapaNuiAction) -> str | None:
    """Why an action is not allowed now, in a player's words."""
    phase, seat, _arg = st.queue[0]
    wanted = {
        A.PASS: (BUY, GAIN),
        A.BUY: BUY,
        A.LAY: LAY,
        A.DRAW: DRAW,
        A.TAKE: MOAI_TAKE,
        A.SACRIFICE: (SACRIFICE, HIDE),
        A.OFFER: OFFER,
        A.GAIN: GAIN,
    }[act.verb]
    if phase != wanted and not (isinstance(wanted, tuple) and phase in wanted):
        return _("now you must {prompt}").format(prompt=_(PHASE_PROMPTS[phase]))
    kind = say(ev.kind_word(act.arg)) if act.verb != A.DRAW and act.verb != A.TAKE else ""
    if act.verb == A.BUY:
        if not st.supply[act.arg]:
            return _("no {kind} sacrifice cards are left").format(kind=kind)
        return _("a {kind} sacrifice card costs you {cost} wood and you have {have}").format(
            kind=kind, cost=buy_cost(st, seat, act.arg), have=st.wood[seat]
        )
    if act.verb == A.LAY:
        held = st.hands[seat].count(act.arg)
        if held < act.count:
            return ngettext("you hold {n} {kind} card", "you hold {n} {kind} cards", held).format(
                n=held, kind=kind
            )
        return _("that costs {cost} wood and you have {have}").format(
            cost=lay_cost(act.arg, act.count), have=st.wood[seat]
        )
    if act.verb == A.DRAW:
        return _("row {n} is empty").format(n=act.arg + 1)
    if act.verb == A.SACRIFICE:
        return _("you hold no {kind} sacrifice card").format(kind=kind)
    if act.verb in (A.OFFER, A.GAIN):
        return _("the supply has no {kind} sacrifice card left").format(kind=kind)
    return None


# --------------------------------------------------------------------------- invariants
def check(st: RapaNuiState) -> None:
    """Every card is somewhere, exactly once; no count is negative."""
    rapa = [0] * 7
    for cards in (*st.rows, st.pile, *st.hands):
        for card in cards:
            rapa[card] += 1
    for t in st.tableau:
        for kind, count in enumerate(t):
            rapa[kind] += count
    expected = [DECK.count(k) for k in range(7)]
    for colour in st.colours:
        _colour, woodcutters, hand = next(s for s in STARTING_SETS if s[0] == colour)
        expected[WOODCUTTER] += woodcutters
        for kind in hand:
            expected[kind] += 1
    assert rapa == expected, f"Rapa Nui cards {rapa} != {expected}"
    for r in RESOURCES:
        total = st.supply[r] + st.stone_up[r]
        total += sum(h[r] for h in st.held) + sum(d[r] for d in st.stone_down)
        assert total == SACRIFICE_SUPPLY[r], f"{KIND_NAMES[r]} sacrifice cards: {total}"
    for values in (st.wood, st.fame, st.supply, st.stone_up, *st.held, *st.stone_down):
        assert min(values) >= 0, f"negative count in {values}"
    assert all(len(h) <= HAND_SIZE for h in st.hands), "a hand holds more than 3 cards"
