"""The placements to choose from, as one SVG: a small picture of the island per choice, the
card laid there faintly (its own mainland, beach and sea, its symbols, a red edge), the
choice's number above the picture (never on the island, so numbers neither collide nor hide
a star), what it gains below, the few best by points at the top and a key at the bottom.

Every small picture shows the same stretch of table at the same scale, so two choices can
be compared at a glance. The island is drawn once and reused by every picture.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from textwrap import wrap

from shapely.affinity import affine_transform

from vaka.games.atua.cards import CARDS
from vaka.games.atua.gains import Gain
from vaka.games.atua.geometry import Island
from vaka.games.atua.placement import Placement, laid_outline
from vaka.games.atua.svg import (
    TABLE,
    _label,
    _region,
    _star,
    _symbol,
    bounds,
    island_parts,
    key_parts,
)

COLUMNS = 3
TILE = 400.0  # px: the width of one small picture
HEAD = 40.0  # px: the strip above it, with the number
LINE = 16.0  # px: one line of the words below it
LINES = 4  # lines of words below each picture
GAP = 20.0
BEST = 5  # the best choices listed at the top
RED = "#d0021b"
FAINT = "0.6"


def best(gains: Sequence[Gain], n: int = BEST) -> list[int]:
    """The 0-based indices of the ``n`` choices worth the most points now (ties: the lower
    number first)."""
    return sorted(range(len(gains)), key=lambda i: (-gains[i].points, i))[:n]


def candidate_parts(p: Placement) -> list[str]:
    """The card laid at ``p``, faint (table coordinates, y negated)."""
    card = CARDS[p.card]
    out = [f'<g opacity="{FAINT}">']
    for terrain, region in card.regions:
        out.append(_region(affine_transform(region, p.matrix), terrain, p.card))
    out.append("</g>")
    for sym in card.symbols:
        out.extend(_symbol(sym, *p.to_table(sym.x, sym.y), f"{sym.name} on {p.card}"))
    if card.star is not None:
        out.append(_star(*p.to_table(card.star.x, card.star.y), card.star.r))
    pts = " ".join(f"{x:.1f},{-y:.1f}" for x, y in laid_outline(p).exterior.coords[:-1])
    out.append(f'<polygon points="{pts}" fill="none" stroke="{RED}" stroke-width="18"/>')
    return out


def _lines(g: Gain) -> list[str]:
    """What a choice gains, wrapped for the space below its picture."""
    words = "; ".join(g.gains()) or "no other gain"
    lines = wrap(words, 58)
    covers = "covers " + (", ".join(g.covers) or "nothing")
    lines = [*lines[: LINES - 1], *wrap(covers, 58)][:LINES]
    return lines


def render_choices_svg(
    island: Island, choices: Sequence[Placement], gains: Sequence[Gain], title: str
) -> str:
    """The choices, numbered from 1 as in the list of choices."""
    # one scale for all: the widest and the tallest of island-and-card, with a margin
    boxes = [bounds([*island.outlines, laid_outline(p)]) for p in choices]
    pad = 60.0
    span_w = max(b[2] - b[0] for b in boxes) + 2 * pad
    span_h = max(b[3] - b[1] for b in boxes) + 2 * pad
    k = TILE / span_w
    draw_h = span_h * k
    tile_h = HEAD + draw_h + LINES * LINE + 8
    top_words = [title, "The best by points now (the sources not yet scored):"]
    top_list = [
        f"{i + 1}: {g.worth}; " + ("; ".join(g.gains()) or "no other gain")
        for i in best(gains)
        for g in (gains[i],)
    ]
    header = GAP + 30 + LINE * 1.4 * (len(top_words) - 1 + len(top_list)) + GAP
    rows = -(-len(choices) // COLUMNS)
    width = GAP + COLUMNS * (TILE + GAP)
    key, key_h = key_parts(
        GAP, header + rows * (tile_h + GAP), width - 2 * GAP, 26.0, choosing=True
    )
    height = header + rows * (tile_h + GAP) + key_h + GAP
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" '
        'xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'width="{width:.0f}" height="{height:.0f}" viewBox="0 0 {width:.1f} {height:.1f}" '
        'font-family="sans-serif">',
        f'<rect x="0" y="0" width="{width:.1f}" height="{height:.1f}" fill="{TABLE}"/>',
        '<defs><g id="island">',
        *island_parts(island),
        "</g></defs>",
        f'<text x="{GAP}" y="{GAP + 22}" font-size="24" font-weight="bold">{escape(title)}</text>',
    ]
    y = GAP + 30 + LINE * 1.4
    for text in [*top_words[1:], *top_list]:
        parts.append(f'<text x="{GAP}" y="{y:.1f}" font-size="15">{escape(text)}</text>')
        y += LINE * 1.4
    top_n = set(best(gains))
    for i, (p, g) in enumerate(zip(choices, gains, strict=True)):
        tx = GAP + (i % COLUMNS) * (TILE + GAP)
        ty = header + (i // COLUMNS) * (tile_h + GAP)
        frame = "#b8860b" if i in top_n else "#999"
        x0, y0, x1, y1 = boxes[i]  # centred in its frame
        ox = TILE / 2 - (x0 + x1) / 2 * k
        oy = HEAD + draw_h / 2 + (y0 + y1) / 2 * k
        parts += [
            f'<g class="choice" data-choice="{i + 1}" transform="translate({tx:.1f},{ty:.1f})">',
            f'<rect x="0" y="0" width="{TILE:.0f}" height="{tile_h:.1f}" fill="white" '
            f'stroke="{frame}" stroke-width="{3 if i in top_n else 1}"/>',
            _label(24, 30, 28, str(i + 1), RED, ' font-weight="bold" class="number"'),
            f'<text x="{TILE - 8:.0f}" y="28" font-size="18" text-anchor="end" '
            f'font-weight="bold">{g.worth}{" ★ best" * (i in top_n)}</text>',
            f'<g class="drawing" transform="translate({ox:.3f},{oy:.3f}) scale({k:.5f})">',
            '<use href="#island" xlink:href="#island"/>',
            *candidate_parts(p),
            "</g>",
        ]
        for n, line in enumerate(_lines(g)):
            base = HEAD + draw_h + LINE * (n + 1)
            parts.append(
                f'<text x="8" y="{base:.1f}" font-size="13" fill="#222">{escape(line)}</text>'
            )
        parts.append("</g>")
    parts.extend(key)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
