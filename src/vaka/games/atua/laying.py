"""A card laid as geometry: its outline and terrains moved onto the table, and the visible
pieces below it cut. Each point and each piece is moved or cut alone, so laying or cutting
some of them gives exactly what laying or cutting all of them together gives: an island lays
a card in two parts (``Island.with_card``).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
import shapely
from shapely import Polygon
from shapely.geometry.base import BaseGeometry

from vaka.games.atua.cards import TERRAINS, Card

if TYPE_CHECKING:
    from vaka.games.atua.placement import Placement

Floats = npt.NDArray[np.float64]


def laid(
    card: Card, p: Placement, names: tuple[str, ...] = ("outline", *TERRAINS)
) -> list[BaseGeometry]:
    """The card's outline and terrains (``names``: "outline" or a terrain) laid on the table:
    one transform of all their points, the arithmetic of ``affine_transform``; each point
    is moved alone, so laying some of them gives the same points as laying all."""
    geoms = np.array([card_shape(card, name) for name in names], dtype=object)
    a, b, d, e, xoff, yoff = p.matrix

    def move(coords: Floats) -> Floats:
        x, y = coords.T
        return np.stack([a * x + b * y + xoff, d * x + e * y + yoff]).T

    return list(shapely.transform(geoms, move))


@cache
def card_shape(card: Card, name: str) -> BaseGeometry:
    """The card's outline or one terrain (the union of its regions) as one geometry, made
    once."""
    return card.outline if name == "outline" else card.terrain(name)


def cut(pieces: list[BaseGeometry], outline: Polygon) -> list[BaseGeometry]:
    """Visible pieces less what a card laid on them covers (those it lies on)."""
    if not pieces:
        return []
    out = np.array(pieces, dtype=object)
    hit = np.asarray(shapely.intersects(out, outline), dtype=bool)
    out[hit] = shapely.difference(out[hit], outline)
    return list(out)
