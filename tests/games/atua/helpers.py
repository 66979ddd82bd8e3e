"""Building Atua islands for geometry tests.

A scene is written square to the table and can be turned as a whole about the table's origin
(:func:`turned`), which gives the same scene on a diagonal: a rule must answer the same.
"""

from __future__ import annotations

import math

from vaka.games.atua.geometry import Island
from vaka.games.atua.placement import Placement


def turn_point(x: float, y: float, angle: int) -> tuple[int, int]:
    a = math.radians(angle / 10)
    return (
        round(x * math.cos(a) - y * math.sin(a)),
        round(x * math.sin(a) + y * math.cos(a)),
    )


def turned(p: Placement, angle: int) -> Placement:
    """The placement after turning the whole table by ``angle`` about the origin."""
    x, y = turn_point(p.x, p.y, angle)
    return Placement(p.card, x, y, (p.angle + angle) % 3600)


def island(*placements: Placement, angle: int = 0) -> Island:
    """An island of these placements (the first a village), laid without checking the rules,
    all turned by ``angle``."""
    first, *rest = (turned(p, angle) for p in placements)
    out = Island(first)
    for p in rest:
        out.add(p)
    return out


def over(
    card: str, at: tuple[float, float], spot: tuple[float, float], angle: int = 0
) -> Placement:
    """``card`` laid at ``angle`` so that its point ``spot`` (card coordinates) lies on the
    table point ``at``."""
    a = math.radians(angle / 10)
    u, v = spot
    x = at[0] - (u * math.cos(a) - v * math.sin(a))
    y = at[1] - (u * math.sin(a) + v * math.cos(a))
    return Placement(card, round(x), round(y), angle)
