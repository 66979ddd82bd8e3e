"""The geometry behind two scorings: the volcano ruler and the longest beach.

>>> ruler_points(0), ruler_points(1500), ruler_points(2000), ruler_points(3000)
(0, 3, 5, 0)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
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
    joins = _joins(island)
    parent = list(range(len(joins.keys)))
    index = {key: i for i, key in enumerate(joins.keys)}

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for a, b in joins.joined:
        parent[find(index[a])] = find(index[b])
    groups: dict[int, set[str]] = {}
    for i, (card, _) in enumerate(joins.keys):
        groups.setdefault(find(i), set()).add(island.placements[card].card)
    return list(groups.values())


Part = tuple[int, int]  # a beach piece: (placed card, piece of its visible beach)


@dataclass(frozen=True, slots=True)
class Joins:
    """An island's beach pieces (those of some area) and the pairs of them that join.

    Whether two pieces join depends on those two alone (the first in island order grown by
    BEACH_JOIN_GROW, the other as it is), so an island made by laying one more card keeps
    the joins between the pieces it did not cut and tests only its new pieces: ``Island``
    hands these to the islands made from it (``beach_joins``)."""

    sources: tuple[shapely.Geometry, ...]  # the visible beach of each card, as measured
    parts: tuple[tuple[shapely.Geometry, ...], ...]  # per card: its pieces of some area
    keys: tuple[Part, ...]  # every piece, in island order
    joined: frozenset[tuple[Part, Part]]  # (first, second) in island order
    grown: dict[Part, shapely.Geometry]  # the pieces grown so far


def _joins(island: Island) -> Joins:
    """The island's beach joins, from those of the island it was made from where it can."""
    sources = tuple(island.visible_beach)
    old = island.beach_joins if isinstance(island.beach_joins, Joins) else None
    if old is not None and _same(old.sources, sources):
        return old
    before = old.sources if old is not None else ()
    kept = [i < len(before) and geom is before[i] for i, geom in enumerate(sources)]
    parts = tuple(
        old.parts[i] if old is not None and kept[i] else _pieces(geom)
        for i, geom in enumerate(sources)
    )
    keys = tuple((c, k) for c, ps in enumerate(parts) for k in range(len(ps)))
    joined: set[tuple[Part, Part]] = set()
    grown: dict[Part, shapely.Geometry] = {}
    if old is not None:
        joined = {(a, b) for a, b in old.joined if kept[a[0]] and kept[b[0]]}
        grown = {k: g for k, g in old.grown.items() if kept[k[0]]}
    geoms = np.array([parts[c][k] for c, k in keys], dtype=object)
    firsts, seconds = _near_pairs(geoms, [i for i, (c, _) in enumerate(keys) if not kept[c]])
    if firsts:
        for i in firsts:
            if keys[i] not in grown:
                grown[keys[i]] = shapely.buffer(geoms[i], BEACH_JOIN_GROW)
        a, b = np.array(firsts), np.array(seconds)
        big = np.array([grown[keys[i]] for i in firsts], dtype=object)
        meet = np.asarray(shapely.intersects(big, geoms[b]), dtype=bool)
        shared = shapely.area(shapely.intersection(big[meet], geoms[b[meet]]))
        for i, j, area in zip(a[meet].tolist(), b[meet].tolist(), shared.tolist(), strict=True):
            if area >= BEACH_JOIN_MIN * BEACH_JOIN_GROW:
                joined.add((keys[i], keys[j]))
    joins = Joins(sources, parts, keys, frozenset(joined), grown)
    island.beach_joins = joins
    return joins


def _same(a: tuple[shapely.Geometry, ...], b: tuple[shapely.Geometry, ...]) -> bool:
    return len(a) == len(b) and all(x is y for x, y in zip(a, b, strict=True))


def _pieces(geom: shapely.Geometry) -> tuple[shapely.Geometry, ...]:
    return tuple(g for g in shapely.get_parts(geom) if g.area > 0)


def _near_pairs(geoms: npt.NDArray[np.object_], fresh: list[int]) -> tuple[list[int], list[int]]:
    """The pairs (first, second in island order) of pieces that may join and whose join is
    not known: one of them is fresh and their boxes, one grown, meet."""
    if not fresh or len(geoms) < 2:
        return [], []
    box = shapely.bounds(geoms)
    reach = BEACH_JOIN_GROW + 1  # a grown piece lies inside its box grown by this
    is_fresh = np.zeros(len(geoms), dtype=bool)
    is_fresh[fresh] = True
    firsts, seconds = [], []
    for i in fresh:
        near = (
            (box[:, 0] <= box[i, 2] + reach)
            & (box[:, 2] >= box[i, 0] - reach)
            & (box[:, 1] <= box[i, 3] + reach)
            & (box[:, 3] >= box[i, 1] - reach)
        )
        near[i] = False
        near[: i + 1] &= ~is_fresh[: i + 1]  # a pair of fresh pieces once, from its first
        for j in np.flatnonzero(near).tolist():
            firsts.append(min(i, j))
            seconds.append(max(i, j))
    return firsts, seconds


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
