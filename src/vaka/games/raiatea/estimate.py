"""Raiatea game knowledge for bots: what a position is worth to each seat, in VP.

The estimate is the score if the game ended now (rank, performed Papa-Ra'i, To'o tokens,
mask pairs) plus what a seat's means should still turn into: pearls, mana, commodities and
rituals buy missions and effects; priests bring mana every Dance; ready assistants fire;
tattoos count towards the next rank; a single mask may find its twin. The weights shrink as
the ceremonies pass, since means left at the end score nothing.
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from vaka.games.raiatea.params import RANKS
from vaka.games.raiatea.scoring import breakdown, pairs

if TYPE_CHECKING:
    from vaka.core.state import State
    from vaka.games.raiatea.state import RaiateaState

CEREMONIES = 3
PEARL = 0.25  # two pearls hire an assistant or a priest; missions ask for 3-5
MANA = 0.3  # rituals cost 1-7 mana, missions 4-5, and it decides the ceremonial order
COMMODITY = 0.8  # a sale bonus or part of a mission
RITUAL = 0.9  # in hand, waiting to be prepared
PREPARED = 1.1  # in the bag, likely to resolve
PRIEST = 0.6  # mana at every Dance still to come
READY = 0.8  # an assistant whose one-time effect is unused
TURNED = 0.4  # its permanent effect only
SINGLE_MASK = 0.6  # a mask that may still be paired


def values(state: State) -> list[float]:
    """Each seat's expected final VP, from the full (or determinized) state."""
    st: RaiateaState = state  # type: ignore[assignment]
    scores = breakdown(st)
    left = 0.0 if st.over else max(0.0, (CEREMONIES - st.ceremony) / CEREMONIES)
    result = []
    for seat in range(st.players):
        value = float(scores[seat]["total"])
        if left:
            means = (
                st.pearls[seat] * PEARL
                + st.mana[seat] * MANA
                + sum(st.comms[seat]) * COMMODITY
                + len(st.hand[seat]) * RITUAL
                + len(st.prepared[seat]) * PREPARED
                + st.priests[seat] * PRIEST * left
                + sum(st.ready[seat]) * READY
                + sum(st.turned[seat]) * TURNED
                + (len(st.masks[seat]) - 2 * len(pairs(st.masks[seat]))) * SINGLE_MASK
            )
            value += means * (0.5 + 0.5 * left) + _towards_next_rank(st.tattoo[seat]) * left
        result.append(value)
    return result


def _towards_next_rank(tattoo: int) -> float:
    """Half the VP step to the next rank, in proportion to the way already gone."""
    for low, high in pairwise(RANKS):
        if low["space"] <= tattoo < high["space"]:
            share: float = (tattoo - low["space"]) / (high["space"] - low["space"])
            return 0.5 * share * float(high["vp"] - low["vp"])
    return 0.0
