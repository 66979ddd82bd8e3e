"""Generate ``cards.json``: Atua's 58 island cards and 6 village cards (reconstructed faces).

The JSON file is the source of truth; this script only records how the faces were designed,
so that a designer can re-balance them and regenerate. Run it from the repository root::

    python src/vaka/games/atua/data/make_cards.py

A card is a 630 x 880 rectangle (tenths of a millimetre, a standard 63 x 88 mm card) with
its origin at the centre, x to the right and y up. Its terrain is cut into strips by
*coastlines*: polylines from one card edge to another, all directed so that the earlier
strip lies to their left. Every vertex is an integer, so the regions are exact.
Symbols are placed by best-candidate sampling (seeded) inside the terrain they belong on.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from shapely import LineString, MultiLineString, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import linemerge, unary_union

W, H = 630, 880
HW, HH = W // 2, H // 2
RECT = Polygon([(-HW, -HH), (HW, -HH), (HW, HH), (-HW, HH)])
R_SYMBOL = 45  # 4.5 mm: fisherman, fish, huntress, bird, canoe, palm, coconut
R_TOTEM = 50
R_VOLCANO = 120
R_STAR = 40
EDGE_MARGIN = 15  # a symbol keeps 1.5 mm from the card edge
GAP = 80  # and 8 mm from the next symbol, so a card edge can pass between them

TOTEMS = ("salamander", "tribal_mask", "moon", "turtle", "shark", "tiki", "manta")
HOME = {  # where a symbol is printed, in order of preference
    "fish": ("sea", "beach"),
    "fisherman": ("beach", "mainland"),
    "canoe": ("beach", "sea"),
    "palm": ("mainland", "beach"),
    "coconut": ("mainland", "beach"),
    "huntress": ("mainland", "beach"),
    "bird": ("mainland", "beach"),
    "totem": ("mainland", "beach"),
}

Line = list[tuple[int, int]]


def _t(p: tuple[float, float]) -> float:
    """Position of a boundary point along the card outline, counter-clockwise from (-HW,-HH)."""
    x, y = p
    if y == -HH:
        return x + HW
    if x == HW:
        return W + y + HH
    if y == HH:
        return W + H + HW - x
    assert x == -HW, p
    return 2 * W + H + HH - y


_CORNERS = [(-HW, -HH), (HW, -HH), (HW, HH), (-HW, HH)]
_PERIM = 2 * (W + H)


def _left(line: Line) -> Polygon:
    """The part of the card to the left of a directed coastline (walk back counter-clockwise)."""
    a, b = line[0], line[-1]
    ta, tb = _t(a), _t(b)
    walk: list[tuple[int, int]] = []
    corners = sorted(_CORNERS, key=lambda c: (_t(c) - tb) % _PERIM)
    for c in corners:
        if 0 < (_t(c) - tb) % _PERIM < (ta - tb) % _PERIM:
            walk.append(c)
    poly = Polygon([*line, *walk])
    assert poly.is_valid and poly.area > 0, line
    return poly


def _clean(geom: BaseGeometry) -> list[list[int]]:
    assert isinstance(geom, Polygon), geom.geom_type
    coords = [[round(x), round(y)] for x, y in geom.exterior.coords[:-1]]
    out: list[list[int]] = []
    for c in coords:  # drop repeated and collinear vertices
        if out and out[-1] == c:
            continue
        out.append(c)
    changed = True
    while changed:
        changed = False
        for i in range(len(out)):
            p, q, r = out[i - 1], out[i], out[(i + 1) % len(out)]
            if (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]) == 0:
                del out[i]
                changed = True
                break
    if Polygon(out).exterior.is_ccw is False:
        out.reverse()
    return out


def strips(lines: list[Line], terrains: list[str]) -> list[tuple[str, list[list[int]]]]:
    assert len(terrains) == len(lines) + 1
    if not lines:
        return [(terrains[0], _clean(RECT))]
    lefts = [_left(line) for line in lines]
    out = []
    for k, terrain in enumerate(terrains):
        geom: BaseGeometry = RECT
        if k < len(lines):
            geom = geom.intersection(lefts[k])
        if k > 0:
            geom = geom.difference(lefts[k - 1])
        out.append((terrain, _clean(geom)))
    return out


def beach_ends(poly: Polygon) -> list[list[list[int]]]:
    """The pieces of the card edge that a beach region touches: its ends."""
    touch = poly.intersection(RECT.exterior)
    merged = linemerge(touch) if isinstance(touch, MultiLineString) else touch
    parts = getattr(merged, "geoms", [merged])
    ends = []
    for part in parts:
        assert isinstance(part, LineString) and len(part.coords) == 2, part
        ends.append([[round(x), round(y)] for x, y in part.coords])
    return ends


# ---------------------------------------------------------------- the terrain templates
def coast(ya: int, yb: int, width: int, kink: int = 0) -> list[Line]:
    """A coast across the card, left edge to right edge: mainland above, sea below."""
    mid = (ya + yb) // 2 + kink
    return [
        [(-HW, ya), (0, mid), (HW, yb)],
        [(-HW, ya - width), (0, mid - width), (HW, yb - width)],
    ]


def strait(xa: int, xb: int, width: int, kink: int = 0) -> list[Line]:
    """A coast along the card, bottom edge to top edge: mainland left, sea right."""
    mid = (xa + xb) // 2 + kink
    return [
        [(xa, -HH), (mid, 0), (xb, HH)],
        [(xa + width, -HH), (mid + width, 0), (xb + width, HH)],
    ]


def corner(y: int, x: int, width: int) -> list[Line]:
    """A coast cutting off the top-left corner: the corner strip first.

    ``width`` is measured across the beach; along the edges it is about 4/3 of that.
    """
    w = width * 4 // 3
    return [[(-HW, y), (x, HH)], [(-HW, y - w), (x + w, HH)]]


# Each island card: (template, coastlines, terrains, symbols). Symbols are listed by kind;
# "totem:<kind>" names a totem. See docs/rules/atua-geometry.md for the design notes.
M, B, S = "mainland", "beach", "sea"
MBS, SBM = [M, B, S], [S, B, M]
ISLAND: list[tuple[str, list[Line], list[str], list[str]]] = [
    # inland: all mainland, the land symbols and half the totems
    ("inland", [], [M], ["huntress", "bird", "coconut"]),
    ("inland", [], [M], ["bird", "bird", "palm"]),
    ("inland", [], [M], ["huntress", "totem:salamander"]),
    ("inland", [], [M], ["coconut", "coconut", "bird"]),
    ("inland", [], [M], ["huntress", "bird", "totem:moon"]),
    ("inland", [], [M], ["palm", "coconut", "huntress"]),
    ("inland", [], [M], ["bird", "totem:tiki"]),
    ("inland", [], [M], ["huntress", "huntress", "bird"]),
    ("inland", [], [M], ["palm", "bird", "coconut"]),
    ("inland", [], [M], ["totem:turtle", "coconut"]),
    # coast: a beach across the card
    ("coast", coast(120, 120, 150), MBS, ["bird", "fisherman", "fish"]),
    ("coast", coast(160, 40, 140), MBS, ["palm", "canoe", "fish"]),
    ("coast", coast(0, 0, 130, 60), MBS, ["huntress", "fisherman", "fish", "coconut"]),
    ("coast", coast(200, 160, 160, -80), MBS, ["coconut", "fisherman", "fish"]),
    ("coast", coast(-60, 60, 140), MBS, ["totem:tribal_mask", "fish"]),
    ("coast", coast(80, 80, 120, 70), MBS, ["bird", "canoe", "fish"]),
    ("coast", coast(260, 200, 150), MBS, ["palm", "fisherman", "fish"]),
    ("coast", coast(-100, -160, 130), MBS, ["huntress", "fisherman", "fish"]),
    ("coast", coast(140, 0, 170, 50), SBM, ["bird", "fisherman", "canoe"]),
    ("coast", coast(40, 100, 140, -60), SBM, ["coconut", "palm", "fish"]),
    ("coast", coast(-120, -80, 150), SBM, ["totem:shark", "fisherman"]),
    ("coast", coast(220, 100, 140), SBM, ["huntress", "bird", "fisherman"]),
    ("coast", coast(60, 60, 160, -90), SBM, ["palm", "fisherman", "fish"]),
    ("coast", coast(-20, 120, 130), SBM, ["bird", "canoe", "fish"]),
    # strait: a beach along the card
    ("strait", strait(-40, -40, 130), MBS, ["huntress", "fisherman", "fish"]),
    ("strait", strait(-100, 20, 140, 40), MBS, ["palm", "canoe", "fish"]),
    ("strait", strait(40, -20, 120), MBS, ["bird", "fisherman", "fish"]),
    ("strait", strait(-160, -120, 130, 60), MBS, ["totem:manta", "fish"]),
    ("strait", strait(-60, 60, 140), SBM, ["coconut", "fisherman", "fish"]),
    ("strait", strait(-90, -90, 150, -50), SBM, ["bird", "palm", "canoe"]),
    ("strait", strait(-20, -140, 130), SBM, ["huntress", "fisherman", "fish"]),
    ("strait", strait(-40, 0, 140, 50), SBM, ["totem:moon", "canoe"]),
    # cove: the sea in a corner, mostly mainland
    ("cove", corner(40, 60, 130), SBM, ["bird", "huntress", "fish"]),
    ("cove", corner(120, -40, 120), SBM, ["palm", "coconut", "fisherman"]),
    ("cove", corner(-40, 100, 130), SBM, ["totem:salamander", "fish"]),
    ("cove", corner(80, 40, 130), SBM, ["bird", "bird", "canoe"]),
    ("cove", corner(0, 100, 120), SBM, ["huntress", "palm", "fish"]),
    ("cove", corner(100, 0, 140), SBM, ["totem:tiki", "fisherman"]),
    ("cove", corner(-80, 120, 120), SBM, ["coconut", "bird", "huntress"]),
    # cape: the mainland in a corner, mostly sea
    ("cape", corner(40, 60, 130), MBS, ["fish", "fisherman", "canoe"]),
    ("cape", corner(-20, 120, 130), MBS, ["canoe", "fish", "palm"]),
    ("cape", corner(100, 20, 120), MBS, ["fish", "fisherman", "bird"]),
    ("cape", corner(0, 80, 140), MBS, ["totem:tribal_mask", "fisherman"]),
    ("cape", corner(60, 40, 130), MBS, ["canoe", "fish", "coconut"]),
    # headland: a tongue of mainland between two beaches, sea on both sides
    (
        "headland",
        [*strait(-190, -170, 110), *strait(110, 90, 100)],
        [S, B, M, B, S],
        ["fisherman", "palm", "fish"],
    ),
    (
        "headland",
        [*strait(-180, -160, 100), *strait(100, 120, 100)],
        [S, B, M, B, S],
        ["fish", "huntress", "canoe"],
    ),
    (
        "headland",
        [*coast(260, 220, 110), *coast(-100, -140, 110)],
        [S, B, M, B, S],
        ["fisherman", "totem:turtle", "fish"],
    ),
    (
        "headland",
        [*coast(240, 280, 100), *coast(-140, -60, 110)],
        [S, B, M, B, S],
        ["fish", "bird", "fisherman"],
    ),
    # sandbar: a beach across open sea
    ("sandbar", coast(70, 50, 150), [S, B, S], ["fish", "fisherman", "palm"]),
    ("sandbar", strait(-80, -60, 150), [S, B, S], ["fish", "canoe", "palm"]),
    # reef: a beach near one long edge, open sea on the other side
    ("reef", strait(-200, -180, 130), [S, B, S], ["fisherman", "fish", "fisherman"]),
    ("reef", strait(110, 150, 120, 30), [S, B, S], ["canoe", "fish"]),
    # volcano: the volcano and its star in the middle
    ("volcano", [], [M], ["volcano", "bird"]),
    ("volcano", [], [M], ["volcano", "huntress"]),
    ("volcano", [], [M], ["volcano", "totem:manta"]),
    ("volcano", corner(60, -40, 110), SBM, ["volcano", "totem:shark"]),
    ("volcano", coast(-230, -250, 120), MBS, ["volcano", "coconut"]),
    ("volcano", coast(-180, -160, 120), MBS, ["volcano", "fisherman"]),
]

VILLAGES: list[tuple[str, list[Line], list[str], list[str]]] = [
    ("Hiva", coast(-170, -190, 140), MBS, ["palm", "fisherman", "fish", "bird"]),
    ("Fenua", corner(60, -20, 130), SBM, ["coconut", "huntress", "fish", "canoe"]),
    ("Motu Iti", strait(50, 60, 120), MBS, ["bird", "fisherman", "fish", "palm"]),
    ("Marae", [], [M], ["huntress", "bird", "coconut", "palm"]),
    (
        "Tahua",
        [*strait(-200, -190, 110), *strait(130, 140, 110)],
        [S, B, M, B, S],
        ["fisherman", "fish", "huntress", "coconut"],
    ),
    (
        "Vaitea",
        [[(-HW, -40), (200, -HH)], [(-HW, -200), (40, -HH)]],
        MBS,
        ["canoe", "palm", "fish", "coconut"],
    ),
]


def place_symbols(
    regions: list[tuple[str, list[list[int]]]], kinds: list[str], seed: int, star: bool
) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    polys = [(t, Polygon(p)) for t, p in regions]
    placed: list[tuple[float, float, int]] = []
    out: list[dict[str, Any]] = []
    if star:
        placed.append((0.0, 0.0, R_VOLCANO if "volcano" in kinds else R_STAR + 40))
    for name in kinds:
        if name == "volcano":
            out.append({"kind": "volcano", "at": [0, 0], "r": R_VOLCANO})
            continue
        kind, _, totem = name.partition(":")
        r = R_TOTEM if totem else R_SYMBOL
        best: tuple[float, int, int] | None = None
        for terrain in HOME[kind]:
            room = [p.buffer(-(r + 5)) for t, p in polys if t == terrain]
            room = [g for g in room if not g.is_empty]
            if not room:
                continue
            x0, y0, x1, y1 = (round(v) for v in unary_union(room).bounds)
            x0, y0 = max(x0, -HW + r + EDGE_MARGIN), max(y0, -HH + r + EDGE_MARGIN)
            x1, y1 = min(x1, HW - r - EDGE_MARGIN), min(y1, HH - r - EDGE_MARGIN)
            if x0 > x1 or y0 > y1:
                continue
            for _ in range(600):
                x, y = rng.randint(x0, x1), rng.randint(y0, y1)
                if not any(g.contains(Point(x, y)) for g in room):
                    continue
                gap = min(
                    [((x - px) ** 2 + (y - py) ** 2) ** 0.5 - pr - r for px, py, pr in placed],
                    default=1e9,
                )
                if gap < GAP:
                    continue
                score = min(gap, 250.0) + rng.random()  # spread out, but not only to corners
                if best is None or score > best[0]:
                    best = (score, x, y)
            if best is not None:
                break
        assert best is not None, (kinds, name)
        _, x, y = best
        placed.append((x, y, r))
        sym: dict[str, Any] = {"kind": "totem" if totem else kind, "at": [x, y], "r": r}
        if totem:
            sym["totem"] = totem
        out.append(sym)
    return out


def card(
    cid: str,
    kind: str,
    name: str,
    template: str,
    lines: list[Line],
    terrains: list[str],
    kinds: list[str],
    seed: int,
    why: str,
) -> dict[str, Any]:
    regions = strips(lines, terrains)
    has_star = kind == "village" or "volcano" in kinds
    beaches = [
        {"region": i, "ends": beach_ends(Polygon(p))} for i, (t, p) in enumerate(regions) if t == B
    ]
    out: dict[str, Any] = {
        "id": cid,
        "kind": kind,
        "name": name,
        "template": template,
        "regions": [{"terrain": t, "polygon": p} for t, p in regions],
        "beaches": beaches,
        "symbols": place_symbols(regions, kinds, seed, has_star),
        "star": {"at": [0, 0], "r": R_STAR} if has_star else None,
        "reconstructed": True,
        "why": why,
    }
    return out


WHY_ISLAND = (
    "Atua's card faces are not published; designed to the rulebook's symbols and rules "
    "(see docs/rules/atua-geometry.md)."
)
WHY_VILLAGE = (
    "Village faces are not published; a mainland centre for the star, a different coast on "
    "each, four symbols to cover on the first turns."
)


def build() -> dict[str, Any]:
    cards = []
    for i, (template, lines, terrains, kinds) in enumerate(VILLAGES, start=1):
        cards.append(
            card(
                f"v{i}",
                "village",
                template,
                "village",
                lines,
                terrains,
                kinds,
                1000 + i,
                WHY_VILLAGE,
            )
        )
    for i, (template, lines, terrains, kinds) in enumerate(ISLAND, start=1):
        name = f"{template} {i}"
        cards.append(card(f"c{i}", "island", name, template, lines, terrains, kinds, i, WHY_ISLAND))
    return {
        "about": (
            "Atua's 6 village cards and 58 island cards. A card is a 630 x 880 rectangle in "
            "tenths of a millimetre, origin at its centre, x right, y up. Regions cover the "
            "card exactly; a beach's ends are the pieces of the card edge it touches; "
            "symbols are discs (centre, radius). Generated by make_cards.py; this file is "
            "the source of truth."
        ),
        "reconstructed": True,
        "why": (
            "No card list is published (FACTS.md). Counts of cards are the rulebook's; the "
            "faces are designed: see docs/rules/atua-geometry.md."
        ),
        "card_size": [W, H],
        "terrains": [M, B, S],
        "symbol_kinds": [
            "fisherman",
            "fish",
            "huntress",
            "bird",
            "canoe",
            "palm",
            "coconut",
            "totem",
            "volcano",
        ],
        "totems": list(TOTEMS),
        "cards": cards,
    }


def _dump(data: dict[str, Any]) -> str:
    """JSON with one region, beach or symbol per line: readable and diff-friendly."""
    lines = ["{"]
    for key in ("about", "reconstructed", "why", "card_size", "terrains", "symbol_kinds", "totems"):
        lines.append(f"  {json.dumps(key)}: {json.dumps(data[key])},")
    lines.append('  "cards": [')
    for n, c in enumerate(data["cards"]):
        lines.append("    {")
        for key in ("id", "kind", "name", "template"):
            lines.append(f"      {json.dumps(key)}: {json.dumps(c[key])},")
        for key in ("regions", "beaches", "symbols"):
            items = [f"        {json.dumps(x)}" for x in c[key]]
            body = ",\n".join(items)
            lines.append(f'      "{key}": [\n{body}\n      ],' if items else f'      "{key}": [],')
        lines.append(f'      "star": {json.dumps(c["star"])},')
        lines.append(f'      "reconstructed": true, "why": {json.dumps(c["why"])}')
        lines.append("    }" + ("," if n < len(data["cards"]) - 1 else ""))
    lines.append("  ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main() -> None:
    data = build()
    text = _dump(data)
    assert json.loads(text) == data
    Path(__file__).with_name("cards.json").write_text(text, encoding="utf-8")
    sys.stdout.write(f"wrote {len(data['cards'])} cards\n")


if __name__ == "__main__":
    main()
