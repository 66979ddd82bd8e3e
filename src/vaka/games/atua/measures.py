"""The geometry behind two scorings: the volcano ruler and the longest beach.

>>> ruler_points(0), ruler_points(1500), ruler_points(2000), ruler_points(3000)
(0, 3, 5, 0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import shapely

from vaka.games.atua.cards import CARDS
from vaka.games.atua.geometry import Island
from vaka.games.atua.params import BEACH_JOIN_GROW, BEACH_JOIN_MIN, VOLCANO_BANDS


def ruler_points(distance: float) -> int:
    """Points for a volcano whose centre lies ``distance`` (tenths of a mm) from the village
    centre: the band it falls in on the (reconstructed) ruler; off the ruler, nothing."""
    for bound, points in VOLCANO_BANDS:
        if distance < bound:
            return points
    return 0


@dataclass(frozen=True, slots=True)
class VolcanoMeasure:
    card: str
    distance: float  # tenths of a millimetre, centre to centre
    points: int


def volcanoes(island: Island) -> list[VolcanoMeasure]:
    """Each volcano on the island (in the order laid), measured against the village.

    A volcano can never be covered (its star may not be), so every volcano laid counts.
    """
    village = island.village
    vcard = CARDS[village.card]
    assert vcard.star is not None
    cx, cy = village.to_table(vcard.star.x, vcard.star.y)
    out = []
    for p, in_play in zip(island.placements, island.symbols_by_card(), strict=True):
        for s in in_play:
            if s.kind == "volcano":
                d = math.hypot(s.x - cx, s.y - cy)
                out.append(VolcanoMeasure(p.card, d, ruler_points(d)))
    return out


def volcano_points(island: Island) -> int:
    return sum(v.points for v in volcanoes(island))


def beaches(island: Island) -> list[set[str]]:
    """The island's visible beaches, each as the set of cards it runs over.

    Each card's visible beach may be cut into pieces by cards above it; two pieces are one
    beach when they share at least BEACH_JOIN_MIN of border (pieces of one card that a card
    above has cut apart stay apart unless some beach joins them again).
    """
    pieces: list[shapely.Geometry] = []
    owner: list[str] = []
    for p, geom in zip(island.placements, island.visible_beach, strict=True):
        for part in shapely.get_parts(geom):
            if part.area > 0:
                pieces.append(part)
                owner.append(p.card)
    if not pieces:
        return []
    parts = np.array(pieces, dtype=object)
    grown = shapely.buffer(parts, BEACH_JOIN_GROW)
    tree = shapely.STRtree(parts)
    a, b = tree.query(grown, predicate="intersects")
    parent = list(range(len(pieces)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    keep = a < b
    a, b = a[keep], b[keep]
    if len(a):
        shared = shapely.area(shapely.intersection(grown[a], parts[b]))
        for i, j, area in zip(a.tolist(), b.tolist(), shared.tolist(), strict=True):
            if area >= BEACH_JOIN_MIN * BEACH_JOIN_GROW:
                parent[find(i)] = find(j)
    groups: dict[int, set[str]] = {}
    for i, card in enumerate(owner):
        groups.setdefault(find(i), set()).add(card)
    return list(groups.values())


def is_beach_card(card_id: str) -> bool:
    """Whether a card showing beach counts as a beach card. The village is a village card,
    not one of the "island cards" that the longest beach is counted in, so it never counts:
    its beach joins beaches, but it is a beach card neither for the longest beach nor for
    "the most beach cards" (docs/rules/atua.md)."""
    return CARDS[card_id].kind == "island"


def beach_cards(island: Island) -> int:
    """The island's beach cards: island cards that still show some beach."""
    return sum(
        1
        for p, geom in zip(island.placements, island.visible_beach, strict=True)
        if is_beach_card(p.card) and geom.area > 0
    )


def longest_beach(island: Island) -> int:
    """The longest visible beach, counted in beach cards (the village does not count)."""
    best = 0
    for group in beaches(island):
        best = max(best, sum(1 for c in group if is_beach_card(c)))
    return best
