"""Rapa Nui game knowledge for bots: what a position is worth to each seat.

The estimate is the score a seat would have if the game ended now, plus what its laid-out
cards should still earn: each remaining turn scores one kind, so a card laid out earns its
reward about as often as its kind turns up. Wood counts for more while a Moai in hand
waits for it. All figures are in fame points.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from vaka.games.rapanui.params import (
    MOAI,
    MOAI_COST,
    MOAI_FAME,
    PRIEST,
    RESOURCES,
    WOOD_PER_FAME,
    WOODCUTTER,
)
from vaka.games.rapanui.scoring import card_values

if TYPE_CHECKING:
    from vaka.core.state import State
    from vaka.games.rapanui.state import RapaNuiState

# How often each kind is scored, per remaining turn: its share of the 50 Rapa Nui cards.
SHARE = {WOODCUTTER: 12 / 50, PRIEST: 9 / 50, MOAI: 9 / 50, "hunter": 5 / 50}
WOOD_FOR_MOAI = MOAI_FAME / MOAI_COST  # wood saved towards a Moai in hand
WOOD_SPARE = 1 / WOOD_PER_FAME + 0.1  # other wood: end-game fame, or a sacrifice card later
SACRIFICE_CARD = 1.5  # a sacrifice card gained later, before the ranking is known
STUCK_MOAI = 1.0  # a Moai in hand without the wood to build it
STUCK_HAND = 4.0  # a hand of unbuildable Moais: no laying, no drawing


def values(state: State) -> list[float]:
    """Each seat's expected final fame, from the full (or determinized) state."""
    st: RapaNuiState = state  # type: ignore[assignment]
    worth = card_values(st)  # by the game's sacrifice option, all stone cards counted
    turns_left = 0.0 if st.over else len(st.pile) + 6.0  # the rows outlast the pile a little
    result = []
    for seat in range(st.players):
        laid = st.tableau[seat]
        wood = st.wood[seat]
        moais_in_hand = st.hands[seat].count(MOAI)
        saved = min(wood, MOAI_COST * moais_in_hand)
        value = float(st.fame[seat] + MOAI_FAME * laid[MOAI])
        value += sum(st.held[seat][r] * worth[r] for r in RESOURCES)
        value += saved * WOOD_FOR_MOAI + (wood - saved) * WOOD_SPARE
        # A Moai in hand that the wood cannot pay for blocks the hand; a hand of nothing
        # else stops the seat from laying and drawing at all.
        stuck = max(0, moais_in_hand - wood // MOAI_COST)
        value -= STUCK_MOAI * stuck
        if stuck and stuck == len(st.hands[seat]):
            value -= STUCK_HAND
        if turns_left:
            value += turns_left * (
                laid[WOODCUTTER] * SHARE[WOODCUTTER] * WOOD_SPARE
                + laid[PRIEST] * SHARE[PRIEST]
                + laid[MOAI] * SHARE[MOAI]
                + sum(SHARE["hunter"] * SACRIFICE_CARD for r in RESOURCES if laid[r])
            )
        result.append(value)
    return result
