"""The five placement rules for N placements of one card at once: the compiled kernel
(``kernels``), with the array arithmetic of ``probes`` and ``clip`` as its reference.

``reference_mask`` is the rules as array arithmetic over all placements together, as
``geometry``'s one-placement rules measure them; ``legal_mask`` gives the same answers
through ``kernels.legal_poses``, which stops at the first rule a placement breaks, and asks
the reference about the few placements it cannot decide bit for bit.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
import shapely

from vaka.games.atua.cards import CARDS, Card
from vaka.games.atua.clip import Edges
from vaka.games.atua.params import BORDER_MIN, SYMBOL_TOLERANCE
from vaka.games.atua.probes import COS, OFFSETS, SIN, _ends, border_lengths, cover_arrays

if TYPE_CHECKING:
    from vaka.games.atua.geometry import Island

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

#: The two probed terrains, each with the card's terrain whose edges must not border it.
PROBED = (("mainland", "sea"), ("sea", "mainland"))


def reference_mask(island: Island, card: Card, px: Ints, py: Ints, ang: Ints) -> Bools:
    """The five rules for N placements of one card at once (the same tests as the rules)."""
    fx, fy = px.astype(np.float64), py.astype(np.float64)
    full, clear = cover_arrays(card, fx, fy, ang, island._sx, island._sy, island._sr)
    ok: Bools = np.asarray(full.any(axis=1) & (full | clear).all(axis=1))
    if len(island._tx):
        _, star_clear = cover_arrays(card, fx, fy, ang, island._tx, island._ty, island._tr)
        ok &= star_clear.all(axis=1)
    # (d) and (e) probe the same terrain in one pass: the beach ends (none may border it)
    # and the edges of the other terrain (together less than BORDER_MIN)
    ends = card.beach_ends
    for theirs, mine in PROBED:
        idx = np.flatnonzero(ok)
        pieces = ends + card.edges[mine]
        if not pieces or not len(idx):
            continue
        found = border_lengths(pieces, fx[idx], fy[idx], ang[idx], island.terrain_edges(theirs))
        end_found, side_found = found[:, :, : len(ends)], found[:, :, len(ends) :]
        bad = (end_found >= BORDER_MIN).any(axis=(1, 2))
        ok[idx[bad | (side_found.sum(axis=2) >= BORDER_MIN).any(axis=1)]] = False
    return ok


@cache
def _probes(card_id: str) -> Floats:
    """The card's probe lines in its own frame: (terrain, offset, piece, 4), nan-padded."""
    card = CARDS[card_id]
    ends = card.beach_ends
    lists = [ends + card.edges[mine] for _, mine in PROBED]
    out = np.full((len(PROBED), len(OFFSETS), max(1, *map(len, lists)), 4), np.nan)
    for t, pieces in enumerate(lists):
        for o, offset in enumerate(OFFSETS):
            if pieces:
                out[t, o, : len(pieces)] = np.stack(_ends(tuple(pieces), offset), axis=1)
    return out


@dataclass(frozen=True, slots=True)
class Terrains:
    """What the kernel reads of an island: its visible symbols (sorted by x) and stars
    (centres and the depth each must be covered by), and the probed terrains' polygons as
    one set of edge arrays (``bounds`` (2, P, 4) nan-padded, ``start`` and ``count``
    (2, P) 0-padded)."""

    symbols: tuple[Floats, Floats, Floats]
    stars: tuple[Floats, Floats, Floats]
    polygons: tuple[Floats, Floats, Floats, Floats, Floats, Ints, Ints]

    @classmethod
    def of(cls, island: Island) -> Terrains:
        # both terrains' polygons in one pass: the arrays of ``Island.terrain_edges`` for
        # each, joined (each polygon's edges and bounds are its own)
        mainland = island.pieces[PROBED[0][0]]
        both = np.array([*mainland, *island.pieces[PROBED[1][0]]], dtype=object)
        parts, owner = shapely.get_parts(both, return_index=True)
        keep = ~shapely.is_empty(parts) & (shapely.area(parts) > 0)
        e = Edges.of(parts[keep])
        n = int(np.count_nonzero(owner[keep] < len(mainland)))
        p = max(1, n, len(e.count) - n)
        bounds = np.full((2, p, 4), np.nan)
        start = np.zeros((2, p), dtype=np.int64)
        count = np.zeros((2, p), dtype=np.int64)
        for t, part in enumerate((slice(0, n), slice(n, None))):
            m = len(e.count[part])
            bounds[t, :m], start[t, :m], count[t, :m] = e.bounds[part], e.start[part], e.count[part]
        by_x = np.argsort(island._sx, kind="stable")
        return cls(
            symbols=(island._sx[by_x], island._sy[by_x], island._sr[by_x] - SYMBOL_TOLERANCE),
            stars=(island._tx, island._ty, island._tr - SYMBOL_TOLERANCE),
            polygons=(bounds, e.x0, e.y0, e.x1, e.y1, start, count),
        )


def legal_mask(island: Island, card: Card, px: Ints, py: Ints, ang: Ints) -> Bools:
    """The five rules for N placements of one card at once: ``reference_mask``'s answers."""
    return legal_prefix(island, card, px, py, ang, len(px))


def legal_prefix(island: Island, card: Card, px: Ints, py: Ints, ang: Ints, want: int) -> Bools:
    """``legal_mask`` for the placements up to the ``want``-th legal one (or all): as long
    as the placements tested."""
    # numba is imported at the first placement test, not with the game (it takes a second)
    from vaka.games.atua.kernels import LEGAL, UNDECIDED, legal_poses

    arrays = island.kernel_arrays()
    bounds, x0, y0, x1, y1, start, count = arrays.polygons
    verdict = legal_poses(
        px,
        py,
        ang,
        COS,
        SIN,
        card.width / 2,
        card.height / 2,
        *arrays.symbols,
        *arrays.stars,
        _probes(card.id),
        len(card.beach_ends),
        bounds,
        x0,
        y0,
        x1,
        y1,
        start,
        count,
        float(BORDER_MIN),
        want,
    )
    ok: Bools = verdict == LEGAL
    unsure = np.flatnonzero(verdict == UNDECIDED)
    if len(unsure):
        ok[unsure] = reference_mask(island, card, px[unsure], py[unsure], ang[unsure])
    return ok
