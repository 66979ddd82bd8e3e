"""Rapa Nui's final scoring and winners.

"Danach addieren die Spieler ihre Ruhmespunkte von gesammelten Ruhmespunkt-Plättchen,
Moais (4), für Holz (5 = 1 RP), Opferkarten (0-3 RP). Dabei sind Opferkarten, die am
häufigsten gespendet wurden 3 RP wert, die anderen jeweils 1 RP weniger. Gewinner ist der
Spieler mit den meisten Ruhmespunkten, bei Gleichstand entscheidet die Anzahl der Moais."
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from vaka.games.rapanui.params import (
    MOAI,
    MOAI_FAME,
    RESOURCES,
    TOP_SACRIFICE_VALUE,
    WOOD_PER_FAME,
)

if TYPE_CHECKING:
    from vaka.games.rapanui.state import RapaNuiState


def sacrifice_values(on_stone: Sequence[int]) -> list[int]:
    """The fame each sacrifice card in hand is worth, given the count of each resource on
    the stone. Kinds tied on the stone share a value and the next smaller count is worth
    one less (dense ranking); a kind never sacrificed is worth nothing.

    >>> sacrifice_values([5, 2, 5, 0])
    [3, 2, 3, 0]
    """
    levels = sorted({c for c in on_stone if c > 0}, reverse=True)
    return [max(0, TOP_SACRIFICE_VALUE - levels.index(c)) if c > 0 else 0 for c in on_stone]


def stone_counts(st: RapaNuiState) -> list[int]:
    """All cards on the stone per resource, the face-down ones included."""
    return [st.stone_up[r] + sum(d[r] for d in st.stone_down) for r in RESOURCES]


def breakdown(st: RapaNuiState) -> list[dict[str, int]]:
    """Each seat's score by category (as if the game ended now, before the end)."""
    values = sacrifice_values(stone_counts(st))
    result = []
    for seat in range(st.players):
        parts = {
            "fame": st.fame[seat],
            "moai": MOAI_FAME * st.tableau[seat][MOAI],
            "wood": st.wood[seat] // WOOD_PER_FAME,
            "sacrifice": sum(st.held[seat][r] * values[r] for r in RESOURCES),
        }
        parts["total"] = sum(parts.values())
        result.append(parts)
    return result


def winners(st: RapaNuiState) -> list[int]:
    """Most fame wins; a tie goes to the most Moais; a tie on both is shared."""
    totals = [b["total"] for b in breakdown(st)]
    keys = [(totals[s], st.tableau[s][MOAI]) for s in range(st.players)]
    best = max(keys)
    return [s for s in range(st.players) if keys[s] == best]
