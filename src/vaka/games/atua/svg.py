"""An island as an SVG picture: visible terrain, card edges, symbols as small labelled discs,
stars, and optionally numbered candidate placements drawn as dashed outlines.

The table's y axis points up; SVG's points down, so every y is negated on the way out.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

import shapely
from shapely import Polygon
from shapely.geometry.base import BaseGeometry

from vaka.games.atua.geometry import Island, Placement, laid_outline

COLOURS = {"mainland": "#8cc265", "beach": "#f1dc9a", "sea": "#5aa9dd"}
TABLE = "#f6f3ec"
LABELS = {
    "fisherman": ("Fm", "#1d4f91"),
    "fish": ("Fi", "#1d4f91"),
    "huntress": ("Hu", "#8a3b12"),
    "bird": ("Bi", "#8a3b12"),
    "canoe": ("Ca", "#6b4f1d"),
    "palm": ("Pa", "#2f6b1f"),
    "coconut": ("Co", "#5a3a1a"),
    "volcano": ("Vo", "#b3261e"),
}
TOTEM_LABELS = {
    "salamander": "Sa",
    "tribal_mask": "Ma",
    "moon": "Mo",
    "turtle": "Tu",
    "shark": "Sh",
    "tiki": "Ti",
    "manta": "Mr",
}


def _path(geom: BaseGeometry) -> str:
    """An SVG path for (multi)polygons, holes included (even-odd fill)."""
    out = []
    for poly in shapely.get_parts(geom):
        if not isinstance(poly, Polygon) or poly.is_empty:
            continue
        for ring in (poly.exterior, *poly.interiors):
            pts = " L".join(f"{x:.1f},{-y:.1f}" for x, y in ring.coords[:-1])
            out.append(f"M{pts} Z")
    return " ".join(out)


def _star(x: float, y: float, r: float) -> str:
    pts = []
    for k in range(10):
        a = math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r * 0.45
        pts.append(f"{x + rr * math.cos(a):.1f},{-(y + rr * math.sin(a)):.1f}")
    return f'<polygon points="{" ".join(pts)}" fill="#ffd23f" stroke="#7a5c00" stroke-width="4"/>'


def render_svg(
    island: Island,
    candidates: Sequence[Placement] = (),
    title: str | None = None,
    scale: float = 0.5,
) -> str:
    """The island as an SVG document; ``scale`` is pixels per millimetre / 10 * 100...
    i.e. one SVG pixel per ``1 / scale`` tenths of a millimetre (0.5: 20 px per cm)."""
    outlines = [*island.outlines, *(laid_outline(p) for p in candidates)]
    x0, y0, x1, y1 = shapely.union_all(outlines).bounds
    pad = 80.0
    x0, y0, x1, y1 = x0 - pad, y0 - pad, x1 + pad, y1 + pad + (120 if title else 0)
    w, h = x1 - x0, y1 - y0
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w * scale:.0f}" '
        f'height="{h * scale:.0f}" viewBox="{x0:.1f} {-y1:.1f} {w:.1f} {h:.1f}" '
        'font-family="sans-serif">',
        f'<rect x="{x0:.1f}" y="{-y1:.1f}" width="{w:.1f}" height="{h:.1f}" fill="{TABLE}"/>',
    ]
    if title:
        parts.append(
            f'<text x="{x0 + pad:.1f}" y="{-y1 + 90:.1f}" font-size="60">{escape(title)}</text>'
        )
    for terrain, colour in COLOURS.items():
        d = _path(island.visible_terrain(terrain))
        if d:
            parts.append(f'<path d="{d}" fill="{colour}" fill-rule="evenodd" stroke="none"/>')
    # each card's visible edge: its outline minus what lies under later cards
    for i, outline in enumerate(island.outlines):
        above = (
            shapely.union_all(island.outlines[i + 1 :]) if i + 1 < len(island.outlines) else None
        )
        edge = outline.exterior if above is None else outline.exterior.difference(above)
        for line in shapely.get_parts(edge):
            coords = list(getattr(line, "coords", []))
            if len(coords) >= 2:
                pts = " ".join(f"{x:.1f},{-y:.1f}" for x, y in coords)
                parts.append(
                    f'<polyline points="{pts}" fill="none" stroke="#3b3b3b" stroke-width="5"/>'
                )
    for s in island.visible_symbols():
        label, colour = LABELS.get(s.kind, ("?", "#000"))
        if s.symbol.totem:
            label, colour = TOTEM_LABELS.get(s.symbol.totem, "To"), "#6a1b9a"
        parts.append(
            f'<circle cx="{s.x:.1f}" cy="{-s.y:.1f}" r="{s.r}" fill="white" '
            f'stroke="{colour}" stroke-width="6"><title>{escape(s.symbol.name)} on {s.card}'
            "</title></circle>"
        )
        parts.append(
            f'<text x="{s.x:.1f}" y="{-s.y + 14:.1f}" font-size="{s.r * 0.9:.0f}" '
            f'text-anchor="middle" fill="{colour}" font-weight="bold">{label}</text>'
        )
    for _, x, y, r in island.stars:
        parts.append(_star(x, y, r))
    for p in island.placements:
        cx, cy = p.to_table(0, 0)
        parts.append(
            f'<text x="{cx:.1f}" y="{-cy + 200:.1f}" font-size="34" text-anchor="middle" '
            f'fill="#333" opacity="0.6">{escape(p.card)}</text>'
        )
    for n, p in enumerate(candidates, start=1):
        pts = " ".join(f"{x:.1f},{-y:.1f}" for x, y in laid_outline(p).exterior.coords[:-1])
        parts.append(
            f'<polygon points="{pts}" fill="none" stroke="#d0021b" stroke-width="5" '
            f'stroke-dasharray="24 14"><title>{n}: {escape(str(p))}</title></polygon>'
        )
        cx, cy = p.to_table(0, 0)
        parts.append(
            f'<text x="{cx:.1f}" y="{-cy + 22:.1f}" font-size="64" text-anchor="middle" '
            f'fill="#d0021b" font-weight="bold">{n}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
