"""Building Raiatea scenarios for rule tests.

:func:`new` plays the setup (first legal choice each time) up to the first location claim;
:func:`do` puts steps at the front of the queue and runs the game on, so a test can start a
location, a ceremony step or an effect from any position it arranged. Every state made here
is checked for card conservation when the test ends (conftest.py).
"""

from __future__ import annotations

import vaka
from tests.games.conftest import MADE
from vaka.games.raiatea import rules
from vaka.games.raiatea.params import ASSISTANTS, COMMODITIES, MISSION_SLOTS, STATUES
from vaka.games.raiatea.state import RaiateaState
from vaka.games.raiatea.steps import Sealed, Step


def fresh(players: int = 3, seed: int = 0) -> RaiateaState:
    """A new game, as the public API makes it (setup decisions still open)."""
    state = vaka.load("raiatea").new_state(players, seed)
    assert isinstance(state, RaiateaState)
    MADE.append(state)  # checked when the test ends (tests/games/conftest.py)
    return state


def new(players: int = 3, seed: int = 0) -> RaiateaState:
    """A game past the setup, waiting for the first location claim."""
    st = fresh(players, seed)
    play_until(st, "claim")
    return st


def phase(st: RaiateaState) -> str:
    """The front step's phase name (a sealed step's kind), as the view shows it."""
    step = st.queue[0]
    return step.kind if isinstance(step, Sealed) else step.phase


def play_until(st: RaiateaState, wanted: str, pick: int = 0) -> None:
    """Take the ``pick``-th legal action (clamped) until the front step is ``wanted``."""
    for _ in range(5000):
        if st.is_over or phase(st) == wanted:
            return
        seat = st.to_move[0]
        legal = st.legal_actions(seat)
        st.apply(seat, legal[min(pick, len(legal) - 1)])
    raise AssertionError(f"never reached {wanted}")


def do(st: RaiateaState, *steps: Step) -> None:
    """Put steps at the front of the queue and run on to the next decision."""
    st._legal_cache = None
    rules.push(st, list(steps))
    rules.run(st)


def give_commodity(st: RaiateaState, seat: int, name: str, n: int = 1) -> None:
    """Move commodity cards from the market (or the forest pile) behind a screen."""
    c = COMMODITIES.index(name)
    for _ in range(n):
        if st.comm_market[c]:
            st.comm_market[c] -= 1
        else:
            st.forest.remove(name)
        st.comms[seat][c] += 1


def give_assistant(st: RaiateaState, seat: int, name: str, n: int = 1) -> None:
    t = ASSISTANTS.index(name)
    for _ in range(n):
        st.asst_market[t] -= 1
        st.ready[seat][t] += 1


def give_ritual(st: RaiateaState, seat: int, ritual: str) -> None:
    """Move a ritual card (from wherever it is not in use) into a seat's hand."""
    for pile in (*st.piles.values(), *st.discards.values(), *st.hand):
        if ritual in pile and pile is not st.hand[seat]:
            pile.remove(ritual)
            st.hand[seat].append(ritual)
            st.hand[seat].sort()
            return
    raise AssertionError(f"no free {ritual}")


def labels(st: RaiateaState, seat: int | None = None) -> list[str]:
    who = st.to_move[0] if seat is None else seat
    return [str(a) for a in st.legal_actions(who)]


def put_in_display(st: RaiateaState, *cards: str) -> None:
    """Swap forest cards from the pile into the display (the replaced ones go to the pile)."""
    for i, card in enumerate(cards):
        if card in st.display[: len(cards)]:
            continue
        j = st.forest.index(card)
        st.forest[j], st.display[i] = st.display[i], card
    st.display.sort()


def lay(st: RaiateaState, statue: int, row: int, *tokens: str) -> None:
    """Lay To'o tokens (from the box or other slots; "" boxes a slot's token) on a row."""
    slots = [i for i, s in enumerate(MISSION_SLOTS) if s[0] == statue and s[1] == row]
    assert len(tokens) <= len(slots)
    for i, token in zip(slots, tokens, strict=False):
        if st.slots[i]:
            st.box[statue].append(st.slots[i])
            st.slots[i] = ""
        if token:
            if token in st.box[statue]:
                st.box[statue].remove(token)
            else:
                st.slots[st.slots.index(token)] = ""
            st.slots[i] = token
    st.box[statue].sort()


def clear_statue(st: RaiateaState, statue: int) -> None:
    """Put every token of a statue back into the box."""
    for row in range(len(STATUES[statue])):
        lay(st, statue, row, *[""] * STATUES[statue][row])
