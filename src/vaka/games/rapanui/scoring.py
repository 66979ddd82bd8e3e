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


#: The ways to read "die anderen jeweils 1 RP weniger" (the game option ``sacrifice``).
RANKED = "ranked"  # every kind takes its place in the ranking, unsacrificed ones too
ZERO_UNSACRIFICED = "zero-unsacrificed"  # a kind nobody sacrificed is worth 0 whatever its rank
SACRIFICE_READINGS = (RANKED, ZERO_UNSACRIFICED)


def sacrifice_values(on_stone: Sequence[int], reading: str) -> list[int]:
    """The fame each sacrifice card in hand is worth, given the count of each resource on
    the stone: the most often sacrificed kind 3, each next smaller count 1 less, never
    below 0. Kinds tied on the stone share a value (dense ranking). ``reading`` is the
    game's ``sacrifice`` option: with ``zero-unsacrificed`` a kind with no card on the
    stone is worth 0. The one place the values are worked out: the view, the final score
    and the bots all ask here.

    >>> sacrifice_values([5, 2, 5, 0], RANKED)
    [3, 2, 3, 1]
    >>> sacrifice_values([5, 2, 5, 0], ZERO_UNSACRIFICED)
    [3, 2, 3, 0]
    """
    if reading not in SACRIFICE_READINGS:
        raise ValueError(f"unknown sacrifice reading {reading!r}")
    zero = reading == ZERO_UNSACRIFICED
    levels = sorted({c for c in on_stone if c > 0 or not zero}, reverse=True)
    return [
        0 if zero and c == 0 else max(0, TOP_SACRIFICE_VALUE - levels.index(c)) for c in on_stone
    ]


def card_values(st: RapaNuiState, on_stone: Sequence[int] | None = None) -> list[int]:
    """:func:`sacrifice_values` under this game's ``sacrifice`` option, for ``on_stone``
    (default: every card on the stone, the face-down ones included)."""
    counts = stone_counts(st) if on_stone is None else on_stone
    return sacrifice_values(counts, st.options["sacrifice"])


def stone_counts(st: RapaNuiState) -> list[int]:
    """All cards on the stone per resource, the face-down ones included."""
    return [st.stone_up[r] + sum(d[r] for d in st.stone_down) for r in RESOURCES]


def breakdown(st: RapaNuiState) -> list[dict[str, int]]:
    """Each seat's score by category (as if the game ended now, before the end)."""
    values = card_values(st)
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
