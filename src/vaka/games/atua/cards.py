"""Atua's card faces (data/cards.json) as shapely geometry, in card coordinates.

A card is a ``width`` x ``height`` rectangle (tenths of a millimetre) centred on the origin,
x to the right, y up. Its terrain regions cover it exactly; a beach's ends are the pieces of
the card edge that the beach touches; symbols and stars are discs.

>>> CARDS["c1"].kind, len(ISLAND_IDS), len(VILLAGE_IDS)
('island', 58, 6)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib.resources import files
from typing import Any, Final

from shapely import LineString, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

TERRAINS: Final = ("mainland", "beach", "sea")

#: A straight piece of the card edge: (x1, y1, x2, y2, nx, ny), (nx, ny) the outward normal.
Edge = tuple[int, int, int, int, int, int]


@dataclass(frozen=True, slots=True)
class Symbol:
    """A printed symbol: a disc. ``totem`` names the totem's kind for totems."""

    kind: str
    x: int
    y: int
    r: int
    totem: str | None = None

    @property
    def name(self) -> str:
        return self.totem.replace("_", " ") if self.totem else self.kind


@dataclass(frozen=True, slots=True)
class Star:
    x: int
    y: int
    r: int


@dataclass(frozen=True, eq=False)
class Card:
    id: str
    kind: str  # "island" or "village"
    name: str
    template: str
    width: int
    height: int
    regions: tuple[tuple[str, Polygon], ...]
    beaches: tuple[tuple[Edge, ...], ...]  # per beach region: its ends
    symbols: tuple[Symbol, ...]
    star: Star | None
    edges: dict[str, tuple[Edge, ...]]  # per terrain: the card edge it touches

    @property
    def outline(self) -> Polygon:
        hw, hh = self.width / 2, self.height / 2
        return Polygon([(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)])

    def terrain(self, terrain: str) -> BaseGeometry:
        return unary_union([p for t, p in self.regions if t == terrain])

    @property
    def beach_ends(self) -> tuple[Edge, ...]:
        return tuple(end for ends in self.beaches for end in ends)

    @property
    def is_volcano(self) -> bool:
        return any(s.kind == "volcano" for s in self.symbols)


def _normal(x1: int, y1: int, x2: int, y2: int, hw: int, hh: int) -> tuple[int, int]:
    """The outward normal of the card side a straight edge piece lies on."""
    for nx, ny, on in (
        (1, 0, x1 == x2 == hw),
        (-1, 0, x1 == x2 == -hw),
        (0, 1, y1 == y2 == hh),
        (0, -1, y1 == y2 == -hh),
    ):
        if on:
            return nx, ny
    raise ValueError(f"({x1},{y1})-({x2},{y2}) is not on one side of the card")


def _edge_pieces(poly: Polygon, hw: int, hh: int) -> tuple[Edge, ...]:
    """The straight pieces of the card edge that a region touches."""
    out: list[Edge] = []
    for side in (
        LineString([(hw, -hh), (hw, hh)]),
        LineString([(-hw, hh), (hw, hh)]),
        LineString([(-hw, -hh), (-hw, hh)]),
        LineString([(-hw, -hh), (hw, -hh)]),
    ):
        touch = poly.intersection(side)
        for part in getattr(touch, "geoms", [touch]):
            if isinstance(part, LineString) and part.length > 0:
                (ax, ay), (bx, by) = part.coords[0], part.coords[-1]
                x1, y1, x2, y2 = round(ax), round(ay), round(bx), round(by)
                out.append((x1, y1, x2, y2, *_normal(x1, y1, x2, y2, hw, hh)))
    return tuple(out)


def _card(raw: dict[str, Any], width: int, height: int) -> Card:
    hw, hh = width // 2, height // 2
    regions = tuple((r["terrain"], Polygon(r["polygon"])) for r in raw["regions"])
    beaches = []
    for beach in raw["beaches"]:
        ends = []
        for (x1, y1), (x2, y2) in beach["ends"]:
            ends.append((x1, y1, x2, y2, *_normal(x1, y1, x2, y2, hw, hh)))
        beaches.append(tuple(ends))
    symbols = tuple(
        Symbol(s["kind"], s["at"][0], s["at"][1], s["r"], s.get("totem")) for s in raw["symbols"]
    )
    star = raw["star"]
    edges = {
        t: tuple(e for terrain, poly in regions if terrain == t for e in _edge_pieces(poly, hw, hh))
        for t in TERRAINS
    }
    return Card(
        id=raw["id"],
        kind=raw["kind"],
        name=raw["name"],
        template=raw["template"],
        width=width,
        height=height,
        regions=regions,
        beaches=tuple(beaches),
        symbols=symbols,
        star=Star(star["at"][0], star["at"][1], star["r"]) if star else None,
        edges=edges,
    )


def load_cards(text: str | None = None) -> dict[str, Card]:
    """Every card by id, from ``text`` (JSON) or the packaged data/cards.json."""
    data: dict[str, Any] = json.loads(text) if text is not None else load_raw()
    return _cards(data)


def _cards(data: dict[str, Any]) -> dict[str, Card]:
    width, height = data["card_size"]
    return {raw["id"]: _card(raw, width, height) for raw in data["cards"]}


def load_raw() -> dict[str, Any]:
    """The JSON as it is (for the data tests and documentation)."""
    data: dict[str, Any] = json.loads(
        files("vaka.games.atua").joinpath("data/cards.json").read_text("utf-8")
    )
    return data


_RAW: Final = load_raw()  # read and parsed once
CARDS: Final = _cards(_RAW)
ISLAND_IDS: Final = tuple(c.id for c in CARDS.values() if c.kind == "island")
VILLAGE_IDS: Final = tuple(c.id for c in CARDS.values() if c.kind == "village")
TOTEMS: Final = tuple(_RAW["totems"])
SYMBOL_KINDS: Final = tuple(_RAW["symbol_kinds"])  # the kinds of symbol printed on cards
CARD_WIDTH: Final = CARDS[VILLAGE_IDS[0]].width
CARD_HEIGHT: Final = CARDS[VILLAGE_IDS[0]].height
