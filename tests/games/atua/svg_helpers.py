"""Reading back the SVG pictures Atua writes: terrain areas, text boxes, stars, transforms."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import shapely
from shapely import Polygon
from shapely.geometry.base import BaseGeometry

NS = "{http://www.w3.org/2000/svg}"
_NUMBER = r"-?[0-9.]+"


def path_area(d: str) -> float:
    """The area a path's even-odd fill paints: its rings combined by symmetric difference
    (what even-odd means), so no union of separate pieces is involved."""
    painted: BaseGeometry = Polygon()
    for ring in re.findall(r"M([^Z]*)Z", d):
        pts = [tuple(map(float, p.split(","))) for p in ring.replace("L", " ").split()]
        painted = shapely.symmetric_difference(painted, Polygon(pts))
    return float(painted.area)


def terrain_areas(svg: str) -> dict[str, float]:
    """The area each terrain is drawn with, piece by piece (pieces never overlap)."""
    out: dict[str, float] = {}
    for path in ET.fromstring(svg).iter(f"{NS}path"):
        terrain = path.get("data-terrain")
        if terrain:
            out[terrain] = out.get(terrain, 0.0) + path_area(path.get("d", ""))
    return out


def text_box(el: ET.Element, dx: float = 0.0, dy: float = 0.0) -> Polygon:
    """A generous box around a text element (0.62 em per character, centred), moved by
    (dx, dy)."""
    size = float(el.get("font-size", "0"))
    x, y = float(el.get("x", "0")) + dx, float(el.get("y", "0")) + dy
    half = 0.31 * size * len(el.text or "")
    if el.get("text-anchor") != "middle":
        return shapely.box(x, y - 0.8 * size, x + 2 * half, y + 0.25 * size)
    return shapely.box(x - half, y - 0.8 * size, x + half, y + 0.25 * size)


def star_discs(root: ET.Element, k: float = 1.0, dx: float = 0.0, dy: float = 0.0) -> list[Polygon]:
    """The discs of the stars drawn under ``root``, scaled by ``k`` and moved by (dx, dy)."""
    out = []
    for el in root.iter(f"{NS}polygon"):
        if el.get("class") == "star":
            x, y, r = (float(el.get(f"data-{a}", "0")) for a in "xyr")
            out.append(shapely.Point(x * k + dx, y * k + dy).buffer(r * k))
    return out


def transform(el: ET.Element) -> tuple[float, float, float]:
    """(dx, dy, k) of a ``translate(dx,dy) scale(k)`` transform (k = 1 when absent)."""
    text = el.get("transform", "")
    move = re.search(rf"translate\(({_NUMBER}),({_NUMBER})\)", text)
    scale = re.search(rf"scale\(({_NUMBER})\)", text)
    dx, dy = (float(move[1]), float(move[2])) if move else (0.0, 0.0)
    return dx, dy, float(scale[1]) if scale else 1.0
