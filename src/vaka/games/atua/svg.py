"""Atua as SVG pictures. An island: visible terrain, card edges, symbols as small labelled discs,
stars, each card's number, and a key to the symbols (``choices_svg`` draws the placements to
choose from). The table:
the row of cards with their coconuts (or the solo game's two cards), the card waiting to be
placed, and the fate tiles on offer.

The table's y axis points up; SVG's points down, so every y is negated on the way out.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

import numpy as np
import shapely
from shapely import Point, Polygon
from shapely.geometry.base import BaseGeometry

from vaka.core.words import counted
from vaka.games.atua.cards import CARDS, Symbol
from vaka.games.atua.geometry import Island, VisibleSymbol

COLOURS = {"mainland": "#8cc265", "beach": "#f1dc9a", "sea": "#5aa9dd"}
TABLE = "#f6f3ec"
STAR = "#ffd23f"
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


def _text_box(x: float, y: float, size: float, text: str) -> tuple[float, float, float, float]:
    """The box (SVG coordinates, y down) a centred text with its baseline at (x, y) takes,
    a little generously (bold sans-serif digits and letters are narrower than 0.62 em)."""
    half = 0.31 * size * len(text)
    return x - half, y - 0.78 * size, x + half, y + 0.22 * size


def _label(x: float, y: float, size: float, text: str, fill: str, extra: str = "") -> str:
    """A centred text with its baseline at (x, y), in SVG coordinates."""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:.0f}" text-anchor="middle" '
        f'fill="{fill}"{extra}>{escape(text)}</text>'
    )


def _symbol(sym: Symbol, x: float, y: float, tip: str) -> list[str]:
    """A symbol as a labelled disc (two letters; hover for its name). A volcano's star sits
    at its centre, so its letters go below the star."""
    label, colour = LABELS.get(sym.kind, ("?", "#000"))
    if sym.totem:
        label, colour = TOTEM_LABELS.get(sym.totem, "To"), "#6a1b9a"
    size, base = sym.r * 0.9, -y + 14
    if sym.kind == "volcano":
        size, base = sym.r * 0.42, -y + sym.r * 0.8
    return [
        f'<circle cx="{x:.1f}" cy="{-y:.1f}" r="{sym.r}" fill="white" '
        f'stroke="{colour}" stroke-width="6"><title>{escape(tip)}</title></circle>',
        _label(x, base, size, label, colour, ' font-weight="bold" class="symbol"'),
    ]


def _star(x: float, y: float, r: float, stroke: float = 4.0) -> str:
    pts = []
    for k in range(10):
        a = math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r * 0.45
        pts.append(f"{x + rr * math.cos(a):.1f},{-(y + rr * math.sin(a)):.1f}")
    return (
        f'<polygon points="{" ".join(pts)}" fill="{STAR}" stroke="#7a5c00" '
        f'stroke-width="{stroke:.1f}" class="star" '
        f'data-x="{x:.1f}" data-y="{-y:.1f}" data-r="{r}"/>'
    )


def _region(geom: BaseGeometry, terrain: str, card: str, extra: str = "") -> str:
    """One card's piece of one terrain. A thin stroke of the same colour closes the
    hairline a browser leaves between two pieces that touch."""
    colour = COLOURS[terrain]
    return (
        f'<path d="{_path(geom)}" fill="{colour}" fill-rule="evenodd" stroke="{colour}" '
        f'stroke-width="2" data-terrain="{terrain}" data-card="{card}"{extra}/>'
    )


def island_parts(island: Island) -> list[str]:
    """The island's drawing in table coordinates (y negated): each card's visible terrain,
    the visible card edges, the symbols, the stars and each card's number.

    The terrain is drawn piece by piece, each card's own visible part as the rules keep it
    (``Island.pieces``): a union of all the pieces can lose whole areas to floating-point
    trouble, and the rules never use one.
    """
    parts = []
    for terrain in COLOURS:
        for p, piece in zip(island.placements, island.pieces[terrain], strict=True):
            if not piece.is_empty and piece.area > 0:
                parts.append(_region(piece, terrain, p.card))
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
    shown = island.visible_symbols()
    for s in shown:
        parts.extend(_symbol(s.symbol, s.x, s.y, f"{s.symbol.name} on {s.card}"))
    for _, x, y, r in island.stars:
        parts.append(_star(x, y, r))
    for i, p in enumerate(island.placements):
        spot = _card_label_spot(island, i, shown)
        if spot is not None:
            parts.append(
                _label(*spot, CARD_LABEL, p.card, "#333", ' fill-opacity="0.7" class="card"')
            )
    return parts


CARD_LABEL = 34.0
#: Where a card's number may go, in card coordinates over its width and height.
_SPOTS = ((0, -0.4), (0, 0.4), (-0.3, 0), (0.3, 0), (0, -0.2), (0, 0.2), (-0.3, -0.4),
          (0.3, -0.4), (-0.3, 0.4), (0.3, 0.4), (0, 0))  # fmt: skip


def _card_label_spot(
    island: Island, i: int, shown: Sequence[VisibleSymbol]
) -> tuple[float, float] | None:
    """Where card ``i``'s number goes (SVG coordinates): on a part of the card still in
    sight, clear of every star (and of the symbols, where the card leaves room)."""
    p, card = island.placements[i], CARDS[island.placements[i].card]
    later = island.outlines[i + 1 :]
    seen = island.outlines[i].difference(shapely.union_all(later)) if later else island.outlines[i]
    stars = [Point(x, y).buffer(r + 8) for _, x, y, r in island.stars]
    discs = [Point(s.x, s.y).buffer(s.r + 8) for s in shown]
    fallback = None
    for u, v in _SPOTS:
        x, y = p.to_table(u * card.width, v * card.height)
        x0, y0, x1, y1 = _text_box(x, -y, CARD_LABEL, p.card)
        box = shapely.box(x0, -y1, x1, -y0)  # back to table coordinates
        if not seen.contains(box) or any(box.intersects(s) for s in stars):
            continue
        if not any(box.intersects(d) for d in discs):
            return x, -y
        fallback = fallback or (x, -y)
    return fallback


def bounds(outlines: Sequence[Polygon]) -> tuple[float, float, float, float]:
    """The box (table coordinates) around some outlines."""
    b = shapely.bounds(np.array(outlines, dtype=object))
    return float(b[:, 0].min()), float(b[:, 1].min()), float(b[:, 2].max()), float(b[:, 3].max())


def key_parts(
    left: float, top: float, width: float, unit: float, choosing: bool = False
) -> tuple[list[str], float]:
    """A key to the symbols, from (left, top) (SVG coordinates) across ``width``; ``unit``
    is the height of one line; ``choosing`` adds the card to place. Returns the parts and
    the height taken."""
    items: list[tuple[str, str]] = [(t, t) for t in COLOURS]
    if choosing:
        items.append(("place", "the card to place"))
    items += [("star", "star: never covered"), ("card", "c17: the card's number")]
    items += [(k, k) for k in LABELS]
    items += [(f"totem:{t}", t.replace("_", " ") + " (totem)") for t in TOTEM_LABELS]
    columns = max(1, int(width // (unit * 8)))
    col_w = width / columns
    r = unit * 0.32
    parts = [
        f'<text x="{left:.1f}" y="{top + unit * 0.8:.1f}" font-size="{unit * 0.7:.0f}" '
        'font-weight="bold">Key (pairs: Fm + Fi fishing, Hu + Bi hunting, Ca + Pa canoes)</text>'
    ]
    for n, (what, name) in enumerate(items):
        x = left + (n % columns) * col_w + r
        y = top + unit * (1.6 + n // columns)
        size = unit * 0.55
        if what in COLOURS:
            parts.append(
                f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" '
                f'fill="{COLOURS[what]}"/>'
            )
        elif what == "place":
            parts.append(
                f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" '
                f'fill="{COLOURS["mainland"]}" fill-opacity="0.6" stroke="#d0021b" '
                f'stroke-width="{r * 0.2:.1f}"/>'
            )
        elif what == "star":
            parts.append(_star(x, -y, r, r * 0.1))
        elif what == "card":
            parts.append(_label(x, y + size * 0.35, size * 0.8, "c17", "#333", ""))
        else:
            label, colour = LABELS.get(what, ("", "#6a1b9a"))
            if what.startswith("totem:"):
                label = TOTEM_LABELS[what[6:]]
            parts.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="white" stroke="{colour}" '
                f'stroke-width="{r * 0.12:.1f}"/>'
            )
            parts.append(_label(x, y + r * 0.35, r, label, colour, ' font-weight="bold"'))
        parts.append(
            f'<text x="{x + r * 1.6:.1f}" y="{y + size * 0.35:.1f}" '
            f'font-size="{size:.0f}">{escape(name)}</text>'
        )
    rows = -(-len(items) // columns)
    return parts, unit * (1.6 + rows)


def render_svg(island: Island, title: str | None = None, scale: float = 0.5) -> str:
    """The island as an SVG document with a key; ``scale``: SVG pixels per tenth of a
    millimetre (0.5: 50 px per cm)."""
    x0, y0, x1, y1 = bounds(island.outlines)
    pad, unit = 80.0, 90.0
    w = max(x1 - x0 + 2 * pad, 2000.0)
    key, key_h = key_parts(x0 - pad + 40, -y0 + pad, w - 80, unit)
    head = 120.0 if title else 0.0
    top, h = -y1 - pad - head, y1 - y0 + 2 * pad + head + key_h + 40
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w * scale:.0f}" '
        f'height="{h * scale:.0f}" viewBox="{x0 - pad:.1f} {top:.1f} {w:.1f} {h:.1f}" '
        'font-family="sans-serif">',
        f'<rect x="{x0 - pad:.1f}" y="{top:.1f}" width="{w:.1f}" height="{h:.1f}" fill="{TABLE}"/>',
    ]
    if title:
        parts.append(f'<text x="{x0:.1f}" y="{top + 90:.1f}" font-size="60">{escape(title)}</text>')
    parts.extend(island_parts(island))
    parts.extend(key)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _card(cid: str, left: float, top: float, caption: str) -> list[str]:
    """One card face up, unturned, its top-left corner at (left, top) in SVG units."""
    card = CARDS[cid]
    cx, cy = left + card.width / 2, -(top + card.height / 2)  # table coordinates
    out = []
    for terrain, region in card.regions:
        out.append(_region(shapely.affinity.translate(region, cx, cy), terrain, cid))
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


def table_cards(view: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The cards on the shared table, each with its caption: the row with its coconuts (or
    the solo game's offer), then the card waiting to be placed."""
    cards: list[tuple[str, str]] = []
    for i, r in enumerate(view["row"]):
        nuts = f", {counted(r['coconuts'], 'coconut')}" if r["coconuts"] else ""
        cards.append((r["card"], f"{i + 1}: {r['card']}{nuts}"))
    if view["solo"]:
        offer = view["solo_game"]["offer"]
        cards += [(c, f"{side}: {c}") for c, side in zip(offer, ("left", "right"), strict=False)]
    if view["holding"]:
        cards.append((view["holding"], f"to place: {view['holding']}"))
    return cards


def render_table_svg(view: Mapping[str, Any], scale: float = 0.5) -> str:
    """The shared table of a view: the row (or the solo offer), the card to place, the fate
    tiles on offer, as an SVG document."""
    gap, line = 120.0, 160.0
    cards = table_cards(view)
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
