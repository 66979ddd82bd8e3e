"""How long many line segments run over many polygons, in one pass of array arithmetic.

The placement rules probe a card's edges with short lines and ask how much of each line
lies on the island's mainland, beach or sea. ``shapely.intersection`` answers one pair at a
time through GEOS and was most of the time a game spent (docs/PERFORMANCE.md); here every
(segment, polygon) pair whose bounding boxes meet is clipped at once: the segment is cut
where it crosses a polygon edge or touches a vertex, and each piece counts when its middle
point lies in the polygon or on its boundary (``shapely.intersects_xy``), which is what
``shapely.intersection(line, polygon).length`` measures (the boundary belongs to the
polygon). tests/games/atua/test_clip.py holds the two to the same answers.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import shapely

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]

#: A vertex this close to a segment (in tenths of a mm) cuts it: a breakpoint where the
#: segment touches a corner or starts to run along an edge.
_TOUCH = 1e-9


@dataclass(frozen=True, slots=True)
class Edges:
    """Polygons (with holes) as flat edge arrays, grouped by polygon."""

    polygons: npt.NDArray[np.object_]
    bounds: Floats  # (P, 4): xmin, ymin, xmax, ymax
    x0: Floats
    y0: Floats
    x1: Floats
    y1: Floats
    start: Ints  # (P,): each polygon's first edge
    count: Ints  # (P,): its number of edges

    @classmethod
    def of(cls, polygons: npt.NDArray[np.object_]) -> Edges:
        rings, ring_polygon = shapely.get_rings(polygons, return_index=True)
        coords, ring = shapely.get_coordinates(rings, return_index=True)
        same = ring[1:] == ring[:-1]  # consecutive points of one ring make an edge
        a, b = coords[:-1][same], coords[1:][same]
        owner = np.asarray(ring_polygon, dtype=np.int64)[ring[:-1][same]]
        count = np.bincount(owner, minlength=len(polygons)).astype(np.int64)
        return cls(
            polygons=polygons,
            bounds=np.asarray(shapely.bounds(polygons), dtype=np.float64).reshape(-1, 4),
            x0=a[:, 0],
            y0=a[:, 1],
            x1=b[:, 0],
            y1=b[:, 1],
            start=np.cumsum(count) - count,
            count=count,
        )


def lengths_inside(segments: Floats, edges: Edges) -> Floats:
    """For segments (M, 2, 2) (two end points each): the total length of each that lies
    on the polygons, summed over the polygons (they do not overlap): (M,)."""
    m = len(segments)
    out = np.zeros(m)
    if m == 0 or not len(edges.polygons):
        return out
    ax, ay = segments[:, 0, 0], segments[:, 0, 1]
    bx, by = segments[:, 1, 0], segments[:, 1, 1]
    bd = edges.bounds
    meet = (
        (np.minimum(ax, bx)[:, None] <= bd[None, :, 2])
        & (np.maximum(ax, bx)[:, None] >= bd[None, :, 0])
        & (np.minimum(ay, by)[:, None] <= bd[None, :, 3])
        & (np.maximum(ay, by)[:, None] >= bd[None, :, 1])
    )
    seg, poly = np.nonzero(meet)
    if not len(seg):
        return out
    # one row per (pair, edge of the pair's polygon)
    counts = edges.count[poly]
    pair = np.repeat(np.arange(len(seg)), counts)
    first = np.cumsum(counts) - counts
    e = edges.start[poly][pair] + np.arange(int(counts.sum())) - first[pair]
    s = seg[pair]
    px, py = ax[s], ay[s]
    rx, ry = bx[s] - px, by[s] - py
    cx, cy = edges.x0[e] - px, edges.y0[e] - py
    sx, sy = edges.x1[e] - edges.x0[e], edges.y1[e] - edges.y0[e]
    denom = rx * sy - ry * sx
    with np.errstate(divide="ignore", invalid="ignore"):
        t = (cx * sy - cy * sx) / denom
        u = (cx * ry - cy * rx) / denom
        rr = rx * rx + ry * ry
        tc = (cx * rx + cy * ry) / rr  # an edge's first vertex, projected onto the segment
    crossing = (denom != 0) & (t >= 0) & (t <= 1) & (u >= 0) & (u <= 1)
    touching = (np.abs(cx * ry - cy * rx) <= _TOUCH * np.sqrt(rr)) & (tc >= 0) & (tc <= 1)
    n = len(seg)
    ids = np.concatenate([pair[crossing], pair[touching], np.arange(n), np.arange(n)])
    ts = np.concatenate([t[crossing], tc[touching], np.zeros(n), np.ones(n)])
    order = np.lexsort((ts, ids))
    ids, ts = ids[order], ts[order]
    piece = (ids[1:] == ids[:-1]) & (ts[1:] > ts[:-1])
    k, t0, t1 = ids[:-1][piece], ts[:-1][piece], ts[1:][piece]
    mid = (t0 + t1) / 2
    sk = seg[k]
    mx = ax[sk] + mid * (bx[sk] - ax[sk])
    my = ay[sk] + mid * (by[sk] - ay[sk])
    shapely.prepare(edges.polygons)  # once per set of polygons: later calls find it done
    on = np.asarray(shapely.intersects_xy(edges.polygons[poly[k]], mx, my), dtype=bool)
    length = np.hypot(bx[sk] - ax[sk], by[sk] - ay[sk]) * (t1 - t0)
    np.add.at(out, sk[on], length[on])
    return out
