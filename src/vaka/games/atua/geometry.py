"""The island and the placement rules of Atua ("2. Expand the Island"), for placements
of cards (vaka.games.atua.placement).

An :class:`Island` holds the placed cards in order, each covering those below, and keeps the
visible geometry of each terrain, the visible symbols and the stars. Each placement rule is
a function ``rule(island, placement) -> str | None``: ``None`` when the placement obeys it,
otherwise the reason in words, in the current language (vaka.i18n: a refusal is said to
whoever asked, English where no language is chosen). :func:`candidates` proposes legal
placements for a card.
docs/rules/atua-geometry.md explains how each rule is read geometrically.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

import numpy as np
import numpy.typing as npt
import shapely
from shapely import Polygon
from shapely.geometry.base import BaseGeometry

from vaka.games.atua import words
from vaka.games.atua.cards import TERRAINS, Card, Symbol
from vaka.games.atua.clip import Edges
from vaka.games.atua.laying import cut, laid
from vaka.games.atua.masks import Terrains
from vaka.games.atua.masks import legal_mask as legal_mask
from vaka.games.atua.masks import reference_mask as reference_mask
from vaka.games.atua.params import (
    BORDER_MIN,
    CANDIDATE_LIMIT,
)
from vaka.games.atua.placement import (
    IllegalPlacement,
    Placement,
    card_of,
)
from vaka.games.atua.probes import border_lengths, cover_arrays
from vaka.i18n import _

if TYPE_CHECKING:
    from vaka.games.atua.candidates import _Search

Floats = npt.NDArray[np.float64]
Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]

#: Islands made from one island that it keeps for reuse (``Island.with_card``): every
#: candidate placement of a card and then some.
CHILDREN_KEPT: Final = 2 * CANDIDATE_LIMIT
#: What an island from ``with_card`` lays when first asked (``Island._finish``).
DEFERRED: Final = frozenset(
    {"pieces", "_sx", "_sy", "_sr", "_tx", "_ty", "_tr", "_shown_idx", "_shown", "_coverable"}
)


@dataclass(frozen=True, slots=True)
class VisibleSymbol:
    """A symbol as the island shows it: where it lies on the table, and on which card."""

    symbol: Symbol
    card: str
    x: float
    y: float

    @property
    def kind(self) -> str:
        return self.symbol.kind

    @property
    def r(self) -> int:
        return self.symbol.r


class Island:
    """The cards laid so far, bottom first, and what of them can still be seen."""

    def __init__(self, village: str | Placement) -> None:
        p = village if isinstance(village, Placement) else Placement(village, 0, 0, 0)
        if card_of(p).kind != "village":
            raise IllegalPlacement(
                _("an island starts with a village card, not {card}").format(card=p.card)
            )
        self.placements: list[Placement] = []
        self.outlines: list[Polygon] = []
        # per terrain, per placed card: the part of that card's terrain still visible
        self.pieces: dict[str, list[BaseGeometry]] = {t: [] for t in TERRAINS}
        self._edges: dict[str, Edges] = {}
        self._visible: dict[str, BaseGeometry] = {}
        self._kernel: Terrains | None = None
        # the candidate searches made so far, by (card, angles): an island is never changed
        # once a game holds it (a new card makes a new island), so asking again, as clones,
        # guesses and bots do, costs a lookup
        self._searches: dict[tuple[str, tuple[int, ...]], _Search] = {}
        self._raw: dict[tuple[int, int, tuple[int, ...]], tuple[Ints, Ints, Ints]] = {}
        # the islands made from this one by laying one more card (see ``with_card``)
        self._children: dict[Placement, Island] = {}
        self.visible_beach: list[BaseGeometry] = []  # per placed card
        # what ``measures`` found of the visible beach; kept by the islands made from this one,
        # for it checks which pieces are still the same (``measures.Joins``)
        self.beach_joins: object = None
        self.symbols: list[VisibleSymbol] = []  # every printed symbol on the island...
        self.covered: Bools = np.zeros(0, dtype=bool)  # ...and whether a card now hides it
        self.stars: list[tuple[str, float, float, int]] = []  # (card, x, y, r)
        self._sx: Floats = np.zeros(0)
        self._sy: Floats = np.zeros(0)
        self._sr: Floats = np.zeros(0)
        self._tx: Floats = np.zeros(0)
        self._ty: Floats = np.zeros(0)
        self._tr: Floats = np.zeros(0)
        self.add(p)

    # ------------------------------------------------------------------ reading
    @property
    def village(self) -> Placement:
        return self.placements[0]

    @property
    def card_ids(self) -> list[str]:
        return [p.card for p in self.placements]

    @property
    def footprint(self) -> BaseGeometry:
        """The ground the cards cover, as one geometry."""
        return shapely.union_all(self.outlines)

    def visible_symbols(self) -> list[VisibleSymbol]:
        return [s for s, hidden in zip(self.symbols, self.covered, strict=True) if not hidden]

    def symbols_by_card(self) -> list[list[VisibleSymbol]]:
        """The visible symbols of each placed card, in the order the cards were laid."""
        out: dict[str, list[VisibleSymbol]] = {p.card: [] for p in self.placements}
        for s in self.visible_symbols():
            out[s.card].append(s)
        return list(out.values())

    def visible_terrain(self, terrain: str) -> BaseGeometry:
        """All of one terrain that can be seen, as one geometry."""
        if terrain not in self._visible:
            self._visible[terrain] = shapely.union_all(self.pieces[terrain])
        return self._visible[terrain]

    def terrain_edges(self, terrain: str) -> Edges:
        """The visible polygons of one terrain, as edge arrays for clipping probe lines."""
        if terrain not in self._edges:
            parts = shapely.get_parts(np.array(self.pieces[terrain], dtype=object))
            parts = parts[~shapely.is_empty(parts) & (shapely.area(parts) > 0)]
            self._edges[terrain] = Edges.of(parts)
        return self._edges[terrain]

    def kernel_arrays(self) -> Terrains:
        """The symbols, stars and probed terrains as the compiled placement test reads them."""
        if self._kernel is None:
            self._kernel = Terrains.of(self)
        return self._kernel

    def copy(self) -> Island:
        self._finish()
        twin = copy.copy(self)
        twin.placements = list(self.placements)
        twin.outlines = list(self.outlines)
        twin.pieces = {t: list(v) for t, v in self.pieces.items()}
        twin._visible = dict(self._visible)
        twin._edges = dict(self._edges)
        twin._searches, twin._raw = {}, {}
        twin._children = {}
        twin.visible_beach = list(self.visible_beach)
        twin.symbols = list(self.symbols)
        twin.covered = self.covered.copy()
        twin.stars = list(self.stars)
        return twin

    # ------------------------------------------------------------------ changing
    def with_card(self, p: Placement) -> Island:
        """A new island: this one with ``p`` laid on top, without checking the rules.

        An island a game holds never changes, so the same card laid the same way on the same
        island makes the same island, and it is shared: a search lays each placement it
        tries in many clones and guesses, and the shared island measures its geometry and
        finds its candidates once. It keeps the ``CHILDREN_KEPT`` it made last.

        The new island lays only what its measures read (symbols, beach, outline) at once;
        the mainland and the sea pieces are cut, and the rules' arrays made, when first
        asked for (``DEFERRED``), by the same operations: a search judges many placements
        that it never plays further.
        """
        child = self._children.get(p)
        if child is None:
            child = self.copy()
            child._lay(p)
            if len(self._children) >= CHILDREN_KEPT:
                del self._children[next(iter(self._children))]
            self._children[p] = child
        return child

    def place(self, p: Placement) -> None:
        """Lays the card if every rule allows it; else raises :class:`IllegalPlacement`."""
        reason = check(self, p)
        if reason is not None:
            raise IllegalPlacement(reason)
        self.add(p)

    def add(self, p: Placement) -> None:
        """Lays the card on top, without checking the rules."""
        self._finish()
        self._lay(p)
        self._finish()

    def _lay(self, p: Placement) -> None:
        """Lays the card's outline, symbols and beach; the rest waits for ``_finish``. The
        card's mainland and sea are moved now, with the rest: one call costs what it costs
        to move two shapes or four."""
        card = card_of(p)
        outline, beach, mainland, sea = laid(card, p, ("outline", "beach", "mainland", "sea"))
        assert isinstance(outline, Polygon)
        if self.placements:
            full, _clear = _cover(p, card, self._sx, self._sy, self._sr)
            self.covered = self.covered.copy()
            self.covered[self._shown_idx[full[0]]] = True
        # every visible piece the new card lies on loses what it covers (the same operation
        # piece by piece, whichever pieces are cut together)
        self.visible_beach = [*cut(self.visible_beach, outline), beach]
        self._below = (outline, mainland, sea, self.pieces)
        for name in DEFERRED:
            self.__dict__.pop(name, None)
        self._visible = {}
        self._edges = {}
        self._kernel = None
        self._searches, self._raw = {}, {}
        self._children = {}
        self.placements.append(p)
        self.outlines.append(outline)
        for s in card.symbols:
            x, y = p.to_table(s.x, s.y)
            self.symbols.append(VisibleSymbol(s, p.card, x, y))
        self.covered = np.concatenate([self.covered, np.zeros(len(card.symbols), dtype=bool)])
        if card.star is not None:
            x, y = p.to_table(card.star.x, card.star.y)
            self.stars.append((p.card, x, y, card.star.r))

    def _finish(self) -> None:
        """Lays what ``_lay`` left of the last card: the mainland and sea pieces (cut in one
        call, piece by piece), and the arrays of the visible symbols and stars. ``_below``
        goes last: whoever asks before that lays the same again, so two threads asking at
        once get the same island."""
        below = self.__dict__.get("_below")
        if below is None:
            return
        outline, mainland, sea, pieces = below
        n = len(pieces["mainland"])
        both = cut([*pieces["mainland"], *pieces["sea"]], outline)  # piece by piece
        self.pieces = {
            "mainland": [*both[:n], mainland],
            "beach": list(self.visible_beach),
            "sea": [*both[n:], sea],
        }
        self._refresh_arrays()
        self.__dict__.pop("_below", None)

    if not TYPE_CHECKING:  # typed as the attributes they are

        def __getattr__(self, name: str) -> Any:
            """Called only for attributes not set: those that ``_lay`` left for later."""
            if name in DEFERRED:
                self._finish()
                if name in self.__dict__:
                    return self.__dict__[name]
            raise AttributeError(name)

    def _refresh_arrays(self) -> None:
        self._shown_idx: Ints = np.flatnonzero(~self.covered).astype(np.int64)
        shown = [self.symbols[i] for i in self._shown_idx]
        self._shown = shown
        self._sx = np.array([s.x for s in shown], dtype=np.float64)
        self._sy = np.array([s.y for s in shown], dtype=np.float64)
        self._sr = np.array([s.r for s in shown], dtype=np.float64)
        self._tx = np.array([t[1] for t in self.stars], dtype=np.float64)
        self._ty = np.array([t[2] for t in self.stars], dtype=np.float64)
        self._tr = np.array([t[3] for t in self.stars], dtype=np.float64)
        # the indices (into the shown symbols) of those whose disc holds no star: a box
        # around each disc finds the few stars to measure exactly
        near = (np.abs(self._sx[:, None] - self._tx[None, :]) <= self._sr[:, None] + 1) & (
            np.abs(self._sy[:, None] - self._ty[None, :]) <= self._sr[:, None] + 1
        )
        holds = [
            i
            for i, j in zip(*np.nonzero(near), strict=True)
            if (shown[i].x - self.stars[j][1]) ** 2 + (shown[i].y - self.stars[j][2]) ** 2
            < shown[i].r ** 2
        ]
        free = np.ones(len(shown), dtype=bool)
        free[holds] = False
        self._coverable = np.flatnonzero(free).astype(np.int64)


# ---------------------------------------------------------------------- one placement
def _cover(p: Placement, card: Card, xs: Floats, ys: Floats, rs: Floats) -> tuple[Bools, Bools]:
    return cover_arrays(card, *_one(p), xs, ys, rs)


# ---------------------------------------------------------------------- the rules
def _one(p: Placement) -> tuple[Floats, Floats, Ints]:
    return (
        np.array([p.x], dtype=np.float64),
        np.array([p.y], dtype=np.float64),
        np.array([p.angle], dtype=np.int64),
    )


def _where(s: VisibleSymbol) -> str:
    return _("the {symbol} on {card}").format(symbol=words.symbol(s.symbol.name), card=s.card)


def covers_a_symbol(island: Island, p: Placement) -> str | None:
    """Rule (a): the new card covers at least one visible symbol completely."""
    full, _clear = _cover(p, card_of(p), island._sx, island._sy, island._sr)
    if full.any():
        return None
    return _("it covers no symbol completely (it must cover at least one)")


def symbols_whole(island: Island, p: Placement) -> str | None:
    """Rule (b): afterwards every symbol is completely visible or completely covered."""
    full, clear = _cover(p, card_of(p), island._sx, island._sy, island._sr)
    part = ~(full | clear)[0]
    if not part.any():
        return None
    names = ", ".join(_where(island._shown[i]) for i in np.flatnonzero(part))
    return _(
        "it covers only part of {symbols} (a symbol is covered completely or not at all)"
    ).format(symbols=names)


def stars_free(island: Island, p: Placement) -> str | None:
    """Rule (c): no star (village, volcano) is covered, not even in part."""
    _full, clear = _cover(p, card_of(p), island._tx, island._ty, island._tr)
    hit = ~clear[0]
    if not hit.any():
        return None
    names = ", ".join(island.stars[i][0] for i in np.flatnonzero(hit))
    return _("it covers the star on {cards} (a star must never be covered)").format(cards=names)


def beach_ends_open(island: Island, p: Placement) -> str | None:
    """Rule (d): each end of the new card's beach borders neither mainland nor sea."""
    card = card_of(p)
    ends = card.beach_ends
    if not ends:
        return None
    for name in ("mainland", "sea"):
        if (border_lengths(ends, *_one(p), island.terrain_edges(name)) >= BORDER_MIN).any():
            return _(
                "an end of its beach runs into {terrain} (a beach end must stick out of the "
                "island or join a beach)"
            ).format(terrain=words.terrain(name))
    return None


def sea_apart_from_mainland(island: Island, p: Placement) -> str | None:
    """Rule (e): the new card's sea borders no mainland (nor its mainland any sea)."""
    card = card_of(p)
    for mine, theirs in (("sea", "mainland"), ("mainland", "sea")):
        edges = card.edges[mine]
        # along all the edges together, by either probe
        if (
            edges
            and (
                border_lengths(edges, *_one(p), island.terrain_edges(theirs)).sum(axis=2)
                >= BORDER_MIN
            ).any()
        ):
            return _(
                "its {mine} would border the island's {theirs} (sea and mainland must be "
                "separated by beach)"
            ).format(mine=words.terrain(mine), theirs=words.terrain(theirs))
    return None


def covered_by(island: Island, p: Placement) -> list[VisibleSymbol]:
    """The visible symbols the placement would cover completely."""
    full, _clear = _cover(p, card_of(p), island._sx, island._sy, island._sr)
    return [island._shown[i] for i in np.flatnonzero(full[0])]


Rule = Callable[[Island, Placement], "str | None"]
RULES: Final[tuple[Rule, ...]] = (
    covers_a_symbol,
    symbols_whole,
    stars_free,
    beach_ends_open,
    sea_apart_from_mainland,
)


def _preconditions(island: Island, p: Placement) -> str | None:
    card = card_of(p)
    if card.kind != "island":
        return _("{card} is a village card; only island cards expand the island").format(
            card=p.card
        )
    if p.card in island.card_ids:
        return _("{card} is already on the island").format(card=p.card)
    return None


def explain(island: Island, p: Placement) -> list[str]:
    """Every reason the placement is illegal, in rule order (empty when it is legal)."""
    first = _preconditions(island, p)
    if first is not None:
        return [first]
    return [r for rule in RULES if (r := rule(island, p)) is not None]


def check(island: Island, p: Placement) -> str | None:
    """The first reason the placement is illegal, or ``None``."""
    first = _preconditions(island, p)
    if first is not None:
        return first
    for rule in RULES:
        reason = rule(island, p)
        if reason is not None:
            return reason
    return None


def is_legal(island: Island, p: Placement) -> bool:
    return check(island, p) is None
