"""The five placement rules for many poses of one card, compiled (numba), pose by pose.

``geometry.reference_mask`` states the rules as array arithmetic over all poses at once
(``probes``, ``clip``); this kernel does the same arithmetic for one pose at a time (each
measure summed in the reference's order) and stops at the first rule a pose surely breaks,
testing first what most often breaks. Its numbers are those of the
reference bit for bit, except in two places where it cannot promise that and says so
instead of guessing: a probe piece whose middle point lies within ``UNSURE`` of a polygon's
edge (the reference asks GEOS, with exact predicates, whether it is on the polygon), and a
measure within ``UNSURE`` of a threshold (a sum or a ``hypot`` might round differently).
Such a pose is answered ``UNDECIDED`` and the caller asks the reference about it.
tests/games/atua/test_kernels.py holds the two together on random and real islands.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

from vaka.games.atua.probes import COS, SIN

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]

ILLEGAL: Final = 0
LEGAL: Final = 1
UNDECIDED: Final = 2

#: Closer than this (tenths of a mm) to an edge or a threshold, the kernel defers to the
#: reference: a million times the rounding error of coordinates of a few metres.
UNSURE: Final = 1e-6
#: The reference's touching distance (``clip._TOUCH``).
_TOUCH: Final = 1e-9

F = TypeVar("F", bound=Callable[..., Any])


def _compiled(f: F) -> F:
    # error_model="numpy": a division by zero gives inf or nan, as in the reference
    return cast(F, numba.njit(cache=True, error_model="numpy", nogil=True)(f))


def _inlined(f: F) -> F:
    """``_compiled``, and written into the code that calls it (numba's own inlining): a
    call per probe line cost more than its arithmetic, the arrays it is handed counted
    in and out each time."""
    return cast(F, numba.njit(cache=True, error_model="numpy", nogil=True, inline="always")(f))


@_inlined
def _on_polygon(
    mx: float, my: float, x0: Floats, y0: Floats, x1: Floats, y1: Floats, lo: int, hi: int
) -> int:
    """Whether (mx, my) lies on the polygon of edges lo..hi (all its rings): 1 in, 0 out,
    2 too close to an edge to tell without exact arithmetic."""
    inside = False
    for e in range(lo, hi):
        ax, ay, bx, by = x0[e], y0[e], x1[e], y1[e]
        dx, dy = bx - ax, by - ay
        ll = dx * dx + dy * dy
        t = ((mx - ax) * dx + (my - ay) * dy) / ll if ll > 0 else 0.0
        t = min(max(t, 0.0), 1.0)
        qx, qy = ax + t * dx - mx, ay + t * dy - my
        if qx * qx + qy * qy <= UNSURE * UNSURE:
            return 2
        if (ay > my) != (by > my) and mx < ax + (my - ay) * dx / dy:
            inside = not inside
    return 1 if inside else 0


@_inlined
def _length_on(
    ax: float,
    ay: float,
    bx: float,
    by: float,
    bounds: Floats,
    x0: Floats,
    y0: Floats,
    x1: Floats,
    y1: Floats,
    start: Ints,
    count: Ints,
    ts: Floats,
    near: Ints,
    n_near: int,
    terrain: int,
) -> tuple[float, bool]:
    """``clip.lengths_inside`` for one segment: its length on the polygons of one
    ``terrain`` (the first index of ``bounds``, ``start``, ``count`` and ``near``), and
    whether every piece's middle point was clear of the polygons' edges. Only the first
    ``n_near`` polygons of ``near[terrain]`` (in order) can meet the segment."""
    total = 0.0
    sure = True
    rx, ry = bx - ax, by - ay
    rr = reach = full = -1.0  # measured once a polygon's box meets the segment
    for q in range(n_near):
        p = near[terrain, q]  # indexed whole: a view of one terrain costs more than its work
        if not (
            min(ax, bx) <= bounds[terrain, p, 2]
            and max(ax, bx) >= bounds[terrain, p, 0]
            and min(ay, by) <= bounds[terrain, p, 3]
            and max(ay, by) >= bounds[terrain, p, 1]
        ):
            continue
        lo, hi = start[terrain, p], start[terrain, p] + count[terrain, p]
        if rr < 0:
            rr = rx * rx + ry * ry
            reach = _TOUCH * math.sqrt(rr)
            full = math.hypot(bx - ax, by - ay)
        n = 0
        ts[n] = 0.0
        ts[n + 1] = 1.0
        n = 2
        for e in range(lo, hi):
            cx, cy = x0[e] - ax, y0[e] - ay
            sx, sy = x1[e] - x0[e], y1[e] - y0[e]
            denom = rx * sy - ry * sx
            if denom != 0:
                t = (cx * sy - cy * sx) / denom
                u = (cx * ry - cy * rx) / denom
                if t >= 0 and t <= 1 and u >= 0 and u <= 1:
                    ts[n] = t
                    n += 1
            tc = (cx * rx + cy * ry) / rr
            if abs(cx * ry - cy * rx) <= reach and tc >= 0 and tc <= 1:
                ts[n] = tc
                n += 1
        for i in range(1, n):  # a few values: sorted in place, no allocation
            v, k = ts[i], i - 1
            while k >= 0 and ts[k] > v:
                ts[k + 1] = ts[k]
                k -= 1
            ts[k + 1] = v
        for i in range(n - 1):
            t0, t1 = ts[i], ts[i + 1]
            if not t1 > t0:
                continue
            mid = (t0 + t1) / 2
            on = _on_polygon(ax + mid * (bx - ax), ay + mid * (by - ay), x0, y0, x1, y1, lo, hi)
            if on == 2:
                sure = False
            elif on == 1:
                total += full * (t1 - t0)
    return total, sure


@_inlined
def _covers(
    c: float,
    s: float,
    px: float,
    py: float,
    hw: float,
    hh: float,
    xs: Floats,
    ys: Floats,
    need: Floats,
    stars: bool,
    lo: int,
    hi: int,
) -> int:
    """Rules (a) and (b) for symbols, or (c) for stars (``stars``): ILLEGAL, LEGAL or
    UNDECIDED (a disc's distance to the card within ``UNSURE`` of its threshold). Only the
    discs lo..hi can reach the card; the others are clear of it."""
    any_full = False
    sure = True
    for i in range(lo, hi):
        dx, dy = xs[i] - px, ys[i] - py
        au, av = abs(c * dx + s * dy), abs(c * dy - s * dx)
        if au <= hw and av <= hh:
            if stars:
                return ILLEGAL
            if min(hw - au, hh - av) >= need[i]:
                any_full = True
            else:
                return ILLEGAL
        elif au - hw > need[i] + 1.0 or av - hh > need[i] + 1.0:
            continue  # clear by more than a unit along one axis: hypot can only agree
        else:
            away = math.hypot(max(au - hw, 0.0), max(av - hh, 0.0))
            if abs(away - need[i]) <= UNSURE:
                sure = False
            elif away < need[i]:
                return ILLEGAL
    if not stars and not any_full:
        return ILLEGAL
    return LEGAL if sure else UNDECIDED


@_compiled
def legal_poses(
    px: Ints,
    py: Ints,
    ang: Ints,
    cos: Floats,
    sin: Floats,
    hw: float,
    hh: float,
    sx: Floats,
    sy: Floats,
    sneed: Floats,
    tx: Floats,
    ty: Floats,
    tneed: Floats,
    probes: Floats,
    ends: int,
    bounds: Floats,
    x0: Floats,
    y0: Floats,
    x1: Floats,
    y1: Floats,
    start: Ints,
    count: Ints,
    limit: float,
    want: int,
) -> npt.NDArray[np.int8]:
    """ILLEGAL, LEGAL or UNDECIDED for each pose (px, py, ang) of one card, in order, up to
    the ``want``-th LEGAL one: the answer is as long as the poses tested. The symbols
    (``sx``, ``sy``, ``sneed``) are sorted by x.

    ``probes`` (2, O, K, 4): for each of the two probed terrains (mainland, then sea) the
    probe lines (card frame) at each offset outside K card-edge pieces, the first ``ends``
    of them the beach's ends (none may border the terrain), the rest the card's edges of
    the other terrain (together less than ``limit``); a terrain's probe lines are padded
    with nan rows. ``bounds`` to ``count`` hold both terrains' polygons, ``start`` (2, P)
    and ``count`` (2, P) padded with empty polygons.
    """
    out = np.empty(len(px), dtype=np.int8)
    ts = np.empty(2 * len(x0) + 2)
    near = np.empty(start.shape, dtype=np.int64)  # per terrain: the polygons near the card
    n_near = np.zeros(2, dtype=np.int64)
    reach = 0.0  # how far outside the card a probe reaches
    for terrain in range(2):
        for o in range(probes.shape[1]):
            for k in range(probes.shape[2]):
                if not math.isnan(probes[terrain, o, k, 0]):
                    for i in range(4):
                        reach = max(reach, abs(probes[terrain, o, k, i]))
    # a disc whose centre lies further than this from the card's centre is clear of it
    span = hw + hh + (np.max(sneed) if len(sneed) else 0.0) + 10.0
    found = 0
    for j in range(len(px)):
        if found >= want:
            return out[:j]
        a = ang[j]
        c, s = cos[a], sin[a]
        fx, fy = float(px[j]), float(py[j])
        # the symbols (sorted by x) whose disc can reach the card: a cheap bound first
        lo = int(np.searchsorted(sx, fx - span, side="left"))
        hi = int(np.searchsorted(sx, fx + span, side="right"))
        verdict = _covers(c, s, fx, fy, hw, hh, sx, sy, sneed, False, lo, hi)
        if verdict != ILLEGAL and len(tx):
            stars = _covers(c, s, fx, fy, hw, hh, tx, ty, tneed, True, 0, len(tx))
            verdict = ILLEGAL if stars == ILLEGAL else min(verdict, stars)
        sure = verdict == LEGAL
        if verdict != ILLEGAL:  # a cheap bound first: the polygons the card's box meets
            ex = abs(c) * reach + abs(s) * reach + 1.0
            for terrain in range(2):
                n = 0
                for p in range(start.shape[1]):
                    if (
                        bounds[terrain, p, 0] <= fx + ex
                        and bounds[terrain, p, 2] >= fx - ex
                        and bounds[terrain, p, 1] <= fy + ex
                        and bounds[terrain, p, 3] >= fy - ex
                    ):
                        near[terrain, n] = p
                        n += 1
                n_near[terrain] = n
        # the far probe of both terrains first: a pose that breaks a coast rule nearly
        # always shows it there, the near one only in a sliver (the verdict is the same
        # whatever the order: any sure break makes the pose illegal)
        for o in range(probes.shape[1]):
            if verdict == ILLEGAL:
                break
            for terrain in range(2):
                if verdict == ILLEGAL:
                    break
                sides = 0.0
                for k in range(probes.shape[2]):
                    u0 = probes[terrain, o, k, 0]
                    v0 = probes[terrain, o, k, 1]
                    u1 = probes[terrain, o, k, 2]
                    v1 = probes[terrain, o, k, 3]
                    if math.isnan(u0):
                        break
                    length, clear = _length_on(
                        fx + c * u0 - s * v0,
                        fy + s * u0 + c * v0,
                        fx + c * u1 - s * v1,
                        fy + s * u1 + c * v1,
                        bounds,
                        x0,
                        y0,
                        x1,
                        y1,
                        start,
                        count,
                        ts,
                        near,
                        n_near[terrain],
                        terrain,
                    )
                    if not clear or abs(length - limit) <= UNSURE:
                        sure = False
                    elif k < ends and length >= limit:
                        verdict = ILLEGAL
                        break
                    if k >= ends:
                        sides += length
                        if sides - limit > UNSURE * probes.shape[2]:
                            verdict = ILLEGAL  # lengths are never negative: the sum only grows
                            break
                if verdict != ILLEGAL:
                    if abs(sides - limit) <= UNSURE * probes.shape[2]:
                        sure = False
                    elif sides >= limit:
                        verdict = ILLEGAL
        if verdict != ILLEGAL:
            verdict = LEGAL if sure else UNDECIDED
        out[j] = verdict
        found += verdict == LEGAL
    return out


#: The eight spots of a card a raw candidate puts a target symbol at: (u, v) signs.
_SPOTS: Final = np.array(
    [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a, b) != (0, 0)], dtype=np.float64
)


@_compiled
def _raw_poses(
    sx: Floats,
    sy: Floats,
    m: Floats,
    hw: float,
    hh: float,
    ang: Ints,
    cos: Floats,
    sin: Floats,
    spots: Floats,
) -> tuple[Ints, Ints, Ints, Ints]:
    n = len(sx) * len(ang) * len(spots)
    px = np.empty(n, dtype=np.int64)
    py = np.empty(n, dtype=np.int64)
    pa = np.empty(n, dtype=np.int64)
    i = 0
    for t in range(len(sx)):
        for a in range(len(ang)):
            c, s = cos[ang[a]], sin[ang[a]]
            for k in range(len(spots)):
                u = spots[k, 0] * (hw - m[t])
                v = spots[k, 1] * (hh - m[t])
                px[i] = np.int64(np.rint(sx[t] - (c * u - s * v)))
                py[i] = np.int64(np.rint(sy[t] - (s * u + c * v)))
                pa[i] = ang[a]
                i += 1
    keys = ((px + (1 << 21)) << 34) | ((py + (1 << 21)) << 12) | pa
    return px, py, pa, keys


def raw_poses(
    sx: Floats, sy: Floats, m: Floats, hw: float, hh: float, ang: Ints
) -> tuple[Ints, Ints, Ints, Ints]:
    """For targets (sx, sy) that need a margin m inside the card: the poses that put each
    at each spot of the card at each angle, (target, angle, spot) in C order, with one
    integer key per pose (x and y within 200 m, angle below 4096)."""
    return _raw_poses(sx, sy, m, hw, hh, ang, COS, SIN, _SPOTS)
