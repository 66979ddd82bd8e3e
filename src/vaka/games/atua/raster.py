"""Atua's table as an RGB array (PettingZoo's ``render_mode="rgb_array"``).

The SVG pictures (:mod:`vaka.games.atua.svg`) need a rasteriser to become pixels, and none
is a dependency; matplotlib is, and its Agg canvas draws the same geometry from the same
data without a display: each card's visible terrain (``Island.pieces``), the visible card
edges, the symbols as discs with their two letters, the stars, in the SVG's colours.

The frame shows the whole table as a spectator sees it (the view of no seat): a strip
across the top with the piles, the row of cards with their coconuts (or the solo game's two
offered cards) and the card waiting to be placed; under it one panel per seat, its island
scaled to fit under a title (coconuts, whether it is to move). The fate tiles on offer are
left to the text and SVG pictures. The frame's size depends only on the number of players
(a video recorder wants every frame alike): see :func:`frame_shape`.

Drawing is deterministic. It is kept cheap by drawing each piece once: an island again
only when a card was laid on it, a card of the row once per caption; the artists go
straight on a figure (no axes) through one transform, and each kind of thing is one path
(all the mainland of an island, all its discs of one colour...).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np
import shapely
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.patches import PathPatch
from matplotlib.path import Path
from matplotlib.textpath import TextPath
from matplotlib.transforms import Affine2D
from numpy.typing import NDArray
from shapely import Polygon
from shapely.geometry.base import BaseGeometry

from vaka.core.words import counted
from vaka.games.atua.cards import CARDS, Symbol
from vaka.games.atua.render import island_from_view
from vaka.games.atua.svg import COLOURS, LABELS, STAR, TABLE, TOTEM_LABELS, table_cards

WIDTH = 960  # every frame's width in pixels
COLUMNS = 3  # island panels per row
PANEL = 360  # an island panel's height, its title included
HEAD = 28  # a panel's title
STRIP = 200  # the shared table across the top
SLOTS = 5  # the row's four cards and the one to place (the solo game shows three)
CARD_PX = 150  # a card's height in the strip
DPI = 100
INK = "#222222"
EDGE = "#3b3b3b"
TOTEM = "#6a1b9a"
Frame = NDArray[np.uint8]


def frame_shape(players: int) -> tuple[int, int, int]:
    """The (height, width, 3) of every frame for ``players`` seats: 560 x 960 for up to
    three, 920 x 960 for four to six."""
    rows = -(-players // COLUMNS)
    return STRIP + rows * PANEL, WIDTH, 3


def table_array(view: Mapping[str, Any]) -> Frame:
    """The table of ``view`` (see the module's docstring) as an (H, W, 3) uint8 array."""
    seats = view["seats"]
    height, width, _ = frame_shape(len(seats))
    frame = np.empty((height, width, 3), dtype=np.uint8)
    frame[:] = _rgb(TABLE)
    _strip(frame, view)
    columns = min(len(seats), COLUMNS)
    panel_w = width // columns
    for i, seat in enumerate(seats):
        top, left = STRIP + (i // COLUMNS) * PANEL, (i % columns) * panel_w
        title = f"seat {seat['seat']}: {counted(seat['coconuts'], 'coconut')}"
        if seat["seat"] in view["to_move"] and not view["is_over"]:
            title += ", to move"
        frame[top : top + HEAD, left : left + panel_w] = _text(title, panel_w, HEAD)
        frame[top + HEAD : top + PANEL, left : left + panel_w] = _island(
            seat["village"], tuple(seat["placements"]), panel_w
        )
    return frame


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


class _Canvas:
    """A figure of exactly ``width`` x ``height`` pixels showing the box (x0, y0, x1, y1)
    of table coordinates (y up) whole and undistorted, centred."""

    def __init__(
        self, width: int, height: int, box: tuple[float, float, float, float] | None = None
    ) -> None:
        self.fig = Figure(figsize=(width / DPI, height / DPI), dpi=DPI, facecolor=TABLE)
        x0, y0, x1, y1 = box or (0.0, 0.0, float(width), float(height))
        self.scale = min(width / max(x1 - x0, 1.0), height / max(y1 - y0, 1.0))
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        self.to_px = Affine2D().translate(-cx, -cy).scale(self.scale)
        self.to_px.translate(width / 2, height / 2)

    def path(self, path: Path | None, **style: Any) -> None:
        if path is not None:
            self.fig.add_artist(PathPatch(path, transform=self.to_px, **style))

    def lines(self, lines: Sequence[NDArray[np.float64]], **style: Any) -> None:
        if lines:
            self.fig.add_artist(LineCollection(lines, transform=self.to_px, **style))

    def points(self, units: float) -> float:
        """A length of table units as points (line widths are given in points)."""
        return units * self.scale * 72 / DPI

    def pixels(self) -> Frame:
        canvas = FigureCanvasAgg(self.fig)
        canvas.draw()  # type: ignore[no-untyped-call]
        rgba = np.asarray(canvas.buffer_rgba())  # type: ignore[no-untyped-call]
        frame: Frame = rgba[:, :, :3].copy()
        frame.flags.writeable = False  # cached: nobody changes what the next caller gets
        return frame


def _compound(paths: Iterable[Path | None]) -> Path | None:
    kept = [p for p in paths if p is not None]
    return Path.make_compound_path(*kept) if kept else None


def _shape(geom: BaseGeometry) -> Path | None:
    """One path for (multi)polygons, each hole wound against its exterior (the nonzero
    rule then leaves it empty)."""
    rings: list[NDArray[np.float64]] = []
    for poly in shapely.get_parts(shapely.orient_polygons(geom)):
        if isinstance(poly, Polygon) and not poly.is_empty:
            rings.extend(np.asarray(r.coords) for r in (poly.exterior, *poly.interiors))
    return _compound(Path(r, closed=True) for r in rings)


@lru_cache(maxsize=32)
def _letters(label: str) -> Path:
    """A label's outline at font size 1, centred on (0, 0)."""
    path = TextPath((0, 0), label, size=1, prop=FontProperties(family="sans-serif", weight="bold"))
    box = path.get_extents()
    return path.transformed(Affine2D().translate(-box.x0 - box.width / 2, -box.y0 - box.height / 2))


def _star_path(x: float, y: float, r: float) -> Path:
    pts = []
    for k in range(10):
        a, rr = math.pi / 2 + k * math.pi / 5, r if k % 2 == 0 else r * 0.45
        pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    return Path([*pts, pts[0]], closed=True)


def _draw(
    canvas: _Canvas,
    terrain: Mapping[str, Sequence[BaseGeometry]],
    edges: Sequence[NDArray[np.float64]],
    symbols: Sequence[tuple[Symbol, float, float]],
    stars: Sequence[tuple[float, float, float]],
) -> None:
    """Terrain, card edges, symbols (a disc and two letters, grouped by colour) and stars,
    as the SVG draws them."""
    for kind, colour in COLOURS.items():
        shape = _compound(_shape(g) for g in terrain.get(kind, ()) if not g.is_empty)
        canvas.path(shape, facecolor=colour, edgecolor=colour, linewidth=0.3)
    canvas.lines(edges, colors=EDGE, linewidths=max(0.4, canvas.points(5)))
    discs: dict[str, list[Path]] = {}
    letters: dict[str, list[Path]] = {}
    for sym, x, y in symbols:
        label, colour = LABELS.get(sym.kind, ("?", "#000000"))
        if sym.totem:
            label, colour = TOTEM_LABELS.get(sym.totem, "To"), TOTEM
        discs.setdefault(colour, []).append(Path.circle((x, y), sym.r))
        size, base = sym.r * 0.9, y  # a font size, as the SVG's
        if sym.kind == "volcano":  # its star sits in the middle: the letters go below it
            size, base = sym.r * 0.42, y - sym.r * 0.6
        if size * canvas.scale >= 4:  # letters under 3 pixels high: not legible, left out
            shape = _letters(label).transformed(Affine2D().scale(size).translate(x, base))
            letters.setdefault(colour, []).append(shape)
    for colour, paths in sorted(discs.items()):
        width = max(1.0, canvas.points(6))  # at least 1.4 pixels: the colour tells the kind
        canvas.path(_compound(paths), facecolor="white", edgecolor=colour, linewidth=width)
    for colour, paths in sorted(letters.items()):
        canvas.path(_compound(paths), facecolor=colour, edgecolor="none")
    width = max(0.3, canvas.points(4))
    star_paths = (_star_path(x, y, r) for x, y, r in stars)
    canvas.path(_compound(star_paths), facecolor=STAR, edgecolor="#7a5c00", linewidth=width)


@lru_cache(maxsize=64)
def _island(village: str, placements: tuple[str, ...], width: int) -> Frame:
    """One seat's island, as the SVG draws it, scaled to fit the panel under its title."""
    island = island_from_view({"village": village, "placements": placements})
    b = shapely.bounds(shapely.union_all(island.outlines))
    pad = 60.0
    canvas = _Canvas(width, PANEL - HEAD, (b[0] - pad, b[1] - pad, b[2] + pad, b[3] + pad))
    edges = []
    for i, outline in enumerate(island.outlines):
        later = island.outlines[i + 1 :]
        edge = outline.exterior.difference(shapely.union_all(later)) if later else outline.exterior
        for line in shapely.get_parts(edge):
            coords = np.asarray(getattr(line, "coords", []))
            if len(coords) >= 2:
                edges.append(coords)
    symbols = [(s.symbol, s.x, s.y) for s in island.visible_symbols()]
    stars = [(x, y, r) for _, x, y, r in island.stars]
    _draw(canvas, island.pieces, edges, symbols, stars)
    return canvas.pixels()


@lru_cache(maxsize=256)
def _text(text: str, width: int, height: int, size: float = 11) -> Frame:
    canvas = _Canvas(width, height)
    canvas.fig.text(6 / width, 0.5, text, fontsize=size, va="center", color=INK)
    return canvas.pixels()


@lru_cache(maxsize=128)
def _card(cid: str, caption: str) -> Frame:
    """A card of the strip, face up and unturned, with its caption under it."""
    card = CARDS[cid]
    slot_w, slot_h = WIDTH // SLOTS, STRIP - HEAD
    scale = CARD_PX / card.height
    hw, hh = slot_w / scale / 2, slot_h / scale / 2
    top = hh - 6 / scale  # the card's top edge, 6 pixels below the slot's
    canvas = _Canvas(slot_w, slot_h, (-hw, -hh, hw, hh))
    cy = top - card.height / 2
    terrain: dict[str, list[BaseGeometry]] = {}
    for kind, region in card.regions:
        terrain.setdefault(kind, []).append(shapely.affinity.translate(region, 0, cy))
    x0, x1, y0, y1 = -card.width / 2, card.width / 2, cy - card.height / 2, top
    border = np.array([(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)], dtype=float)
    symbols = [(s, float(s.x), s.y + cy) for s in card.symbols]
    star = card.star
    stars = [] if star is None else [(float(star.x), star.y + cy, float(star.r))]
    _draw(canvas, terrain, [border], symbols, stars)
    canvas.fig.text(0.5, 2 / slot_h, caption, fontsize=9, ha="center", va="bottom", color=INK)
    return canvas.pixels()


def _strip(frame: Frame, view: Mapping[str, Any]) -> None:
    """The shared table across the top of ``frame``: the piles, then the row (or the solo
    offer) and the card to place, with captions."""
    cards = table_cards(view)
    piles = ", ".join(f"pile {k} {n}" for k, n in view["piles"].items())
    over = ", the game is over" if view["is_over"] else ""
    frame[:HEAD] = _text(f"Atua, turn {view['turn']}{over}; {piles}", WIDTH, HEAD)
    slot_w = WIDTH // SLOTS
    for i, (cid, caption) in enumerate(cards[:SLOTS]):
        frame[HEAD:STRIP, i * slot_w : (i + 1) * slot_w] = _card(cid, caption)
