"""Atua as SVG pictures. An island: visible terrain, card edges, symbols as small labelled discs,
stars, and optionally numbered candidate placements drawn as dashed outlines. The table:
the row of cards with their coconuts (or the solo game's two cards), the card waiting to be
placed, and the fate tiles on offer.

The table's y axis points up; SVG's points down, so every y is negated on the way out.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

import shapely
from shapely import Polygon
from shapely.geometry.base import BaseGeometry

from vaka.games.atua.cards import CARDS, Symbol
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


def _symbol(sym: Symbol, x: float, y: float, tip: str) -> list[str]:
    """A symbol as a labelled disc (two letters; hover for its name)."""
    label, colour = LABELS.get(sym.kind, ("?", "#000"))
    if sym.totem:
        label, colour = TOTEM_LABELS.get(sym.totem, "To"), "#6a1b9a"
    return [
        f'<circle cx="{x:.1f}" cy="{-y:.1f}" r="{sym.r}" fill="white" '
        f'stroke="{colour}" stroke-width="6"><title>{escape(tip)}</title></circle>',
        f'<text x="{x:.1f}" y="{-y + 14:.1f}" font-size="{sym.r * 0.9:.0f}" '
        f'text-anchor="middle" fill="{colour}" font-weight="bold">{label}</text>',
    ]


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
        parts.extend(_symbol(s.symbol, s.x, s.y, f"{s.symbol.name} on {s.card}"))
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


def _card(cid: str, left: float, top: float, caption: str) -> list[str]:
    """One card face up, unturned, its top-left corner at (left, top) in SVG units."""
    card = CARDS[cid]
    cx, cy = left + card.width / 2, -(top + card.height / 2)  # table coordinates
    out = []
    for terrain, colour in COLOURS.items():
        d = _path(shapely.affinity.translate(card.terrain(terrain), cx, cy))
        if d:
            out.append(f'<path d="{d}" fill="{colour}" fill-rule="evenodd" stroke="none"/>')
    out.append(
        f'<rect x="{left:.1f}" y="{top:.1f}" width="{card.width}" height="{card.height}" '
        'fill="none" stroke="#3b3b3b" stroke-width="5"/>'
    )
    for sym in card.symbols:
        out.extend(_symbol(sym, cx + sym.x, cy + sym.y, f"{sym.name} on {cid}"))
    if card.star is not None:
        out.append(_star(cx + card.star.x, cy + card.star.y, card.star.r))
    out.append(
        f'<text x="{left + card.width / 2:.1f}" y="{top + card.height + 70:.1f}" '
        f'font-size="50" text-anchor="middle">{escape(caption)}</text>'
    )
    return out


def render_table_svg(view: Mapping[str, Any], scale: float = 0.5) -> str:
    """The shared table of a view: the row (or the solo offer), the card to place, the fate
    tiles on offer, as an SVG document."""
    gap, line = 120.0, 160.0
    cards: list[tuple[str, str]] = []
    for i, r in enumerate(view["row"]):
        nuts = f", {r['coconuts']} coconut{'s' * (r['coconuts'] != 1)}" if r["coconuts"] else ""
        cards.append((r["card"], f"{i + 1}: {r['card']}{nuts}"))
    if view["solo"]:
        offer = view["solo_game"]["offer"]
        cards += [(c, f"{side}: {c}") for c, side in zip(offer, ("left", "right"), strict=False)]
    if view["holding"]:
        cards.append((view["holding"], f"to place: {view['holding']}"))
    width = max(sum(CARDS[c].width + gap for c, _ in cards) + gap, 2400.0)
    height = max((CARDS[c].height for c, _ in cards), default=0) + 2 * line + gap
    fates = view["fates_open"]
    height += len(fates) * 80 + (line if fates else 0)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * scale:.0f}" '
        f'height="{height * scale:.0f}" viewBox="0 0 {width:.1f} {height:.1f}" '
        'font-family="sans-serif">',
        f'<rect x="0" y="0" width="{width:.1f}" height="{height:.1f}" fill="{TABLE}"/>',
        f'<text x="{gap}" y="90" font-size="60">Atua, turn {view["turn"]}: '
        + escape(", ".join(f"{k} {n}" for k, n in view["piles"].items()))
        + "</text>",
    ]
    left = gap
    for cid, caption in cards:
        parts.extend(_card(cid, left, line, caption))
        left += CARDS[cid].width + gap
    y = height - len(fates) * 80 - gap / 2
    if fates:
        parts.append(f'<text x="{gap}" y="{y - 80:.1f}" font-size="55">Fate tiles</text>')
    for f in fates:
        text = f"{f['id']}: {f['text']}"
        parts.append(f'<text x="{gap}" y="{y:.1f}" font-size="48">{escape(text)}</text>')
        y += 80
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
