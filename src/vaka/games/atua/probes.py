"""The placement rules' measurements as array arithmetic, for many placements at once:
discs under a card (rules a-c), and probe lines beside its edges (rules d and e).

docs/rules/atua-geometry.md says what each measures and why; ``geometry`` applies them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

import numpy as np
import numpy.typing as npt

from vaka.games.atua.cards import Card, Edge
from vaka.games.atua.clip import Edges, lengths_inside
from vaka.games.atua.params import BORDER_NEAR, BORDER_PROBE, FULL_TURN, SYMBOL_TOLERANCE

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

# cos and sin of every angle in tenths of a degree, exact at the right angles, so that one
# placement gives the same numbers whether it is checked alone or among candidates
_ANGLES = np.radians(np.arange(FULL_TURN) / 10.0)
COS: Final[Floats] = np.cos(_ANGLES)
SIN: Final[Floats] = np.sin(_ANGLES)
for _a, (_c, _s) in {0: (1, 0), 900: (0, 1), 1800: (-1, 0), 2700: (0, -1)}.items():
    COS[_a], SIN[_a] = _c, _s

#: The probes' distances outside a card edge: the far one reads what lies beside the edge,
#: the near one what touches it, a sliver of terrain narrower than the far distance (an
#: older card's edge just beside the new one). Each alone can be wrong: the far one misses
#: such a sliver, the near one alone would read a sliver of beach as parting sea from
#: mainland. So a piece of edge borders what either of them finds.
OFFSETS: Final = (BORDER_PROBE, BORDER_NEAR)


def local(xs: Floats, ys: Floats, px: Floats, py: Floats, ang: Ints) -> tuple[Floats, Floats]:
    """Points (M) in the frame of each of N laid cards: arrays (N, M)."""
    c, s = COS[ang][:, None], SIN[ang][:, None]
    dx, dy = xs[None, :] - px[:, None], ys[None, :] - py[:, None]
    return c * dx + s * dy, c * dy - s * dx


def cover_arrays(
    card: Card, px: Floats, py: Floats, ang: Ints, xs: Floats, ys: Floats, rs: Floats
) -> tuple[Bools, Bools]:
    """For discs (M) under cards (N): (completely covered, completely clear), each (N, M).

    A rectangle makes this exact: inside, the distance to the edge is the smaller margin;
    outside, it is the distance to the nearest point of the rectangle.
    """
    u, v = local(xs, ys, px, py, ang)
    hw, hh = card.width / 2, card.height / 2
    au, av = np.abs(u), np.abs(v)
    inside = (au <= hw) & (av <= hh)
    depth = np.minimum(hw - au, hh - av)
    away = np.hypot(np.maximum(au - hw, 0.0), np.maximum(av - hh, 0.0))
    need = rs[None, :] - SYMBOL_TOLERANCE
    return inside & (depth >= need), ~inside & (away >= need)


def probe_lines(
    edges: Sequence[Edge], px: Floats, py: Floats, ang: Ints, offset: float = BORDER_PROBE
) -> Floats:
    """Probe lines ``offset`` outside the given card-edge pieces: coords (N, K, 2, 2)."""
    ax, ay, bx, by = _ends(tuple(edges), offset)
    c, s = COS[ang][:, None], SIN[ang][:, None]
    out = np.empty((len(px), len(ax), 2, 2))
    for j, (u, v) in enumerate(((ax, ay), (bx, by))):
        out[:, :, j, 0] = px[:, None] + c * u[None, :] - s * v[None, :]
        out[:, :, j, 1] = py[:, None] + s * u[None, :] + c * v[None, :]
    return out


@lru_cache(maxsize=1024)
def _ends(edges: tuple[Edge, ...], offset: float) -> tuple[Floats, Floats, Floats, Floats]:
    """The probe's end points in the card's frame (a few hundred pieces, two offsets)."""
    e = np.array(edges, dtype=np.float64).reshape(-1, 6)
    ax, ay = e[:, 0] + e[:, 4] * offset, e[:, 1] + e[:, 5] * offset
    bx, by = e[:, 2] + e[:, 4] * offset, e[:, 3] + e[:, 5] * offset
    return ax, ay, bx, by


def border_lengths(
    edges: Sequence[Edge], px: Floats, py: Floats, ang: Ints, terrain: Edges
) -> Floats:
    """How long the probe at each of the ``OFFSETS`` outside each of K edge pieces of N
    laid cards runs over ``terrain``: (N, len(OFFSETS), K). All lines are clipped in one
    pass (``clip.lengths_inside``): the terrain is kept as many small polygons, one big
    union being much slower to cut."""
    lines = np.stack([probe_lines(edges, px, py, ang, d) for d in OFFSETS], axis=1)
    n, k = len(px), len(edges)
    return lengths_inside(lines.reshape(-1, 2, 2), terrain).reshape(n, len(OFFSETS), k)
