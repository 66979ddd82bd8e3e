"""What a placement gains, for the notes on the choices and the picture of the choices.

Everything is measured with the rules' own code (``scoring.island_points``, the volcano
ruler, the longest beach) on the island as it is and as it would be with the card laid, so
a note never disagrees with the score the card later brings.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from vaka.games.atua.geometry import Island, covered_by
from vaka.games.atua.measures import beaches, longest_beach, volcanoes
from vaka.games.atua.params import PAIRS, SOURCES
from vaka.games.atua.placement import Placement
from vaka.games.atua.scoring import island_points, symbols_of_resident
from vaka.games.atua.words import symbol
from vaka.i18n import _, ngettext, number, pgettext

#: The sources a placement can change (coconuts come from taking cards, not laying them).
ISLAND_SOURCES = tuple(s for s in SOURCES if s != "coconuts")


@dataclass(frozen=True, slots=True)
class Gain:
    """What laying one card changes on its island."""

    points: int  # the sources not yet scored, together: after minus before
    pairs: tuple[tuple[str, int], ...]  # (source, change in its pairs), changes only
    totems: tuple[str, ...]  # totems the card shows
    volcano: tuple[float, int] | None  # the card's volcano: cm from the village, ruler points
    beach: tuple[int, int]  # the longest beach (in cards), before and after
    joins: int  # how many beaches the card's beach joins into one (0: none of them)
    covers: tuple[str, ...]  # the symbols the card hides

    @property
    def worth(self) -> str:
        """The points now, in words: "+1 point", "-8 points" (in the reader's language)."""
        n = abs(self.points)
        return ngettext("{n} point", "{n} points", n).format(n=f"{self.points:+d}")

    def gains(self) -> list[str]:
        """The gains in a few words each, biggest things first (in the reader's language)."""
        out = []
        for source, n in self.pairs:
            pairs = ngettext("{n} {source} pair", "{n} {source} pairs", abs(n))
            out.append(pairs.format(n=f"{n:+d}", source=pgettext("atua", source)))
        if self.totems:
            out.append(_("totem {totems}").format(totems=", ".join(map(symbol, self.totems))))
        if self.volcano is not None:
            cm, points = self.volcano
            out.append(
                _("volcano {cm} cm from the village ({points} on the ruler)").format(
                    cm=number(cm, 1), points=points
                )
            )
        if self.joins >= 2:
            out.append(_("joins {n} beaches").format(n=self.joins))
        before, after = self.beach
        if after != before:
            out.append(_("longest beach {before}→{after} cards").format(before=before, after=after))
        return out

    def note(self) -> str:
        """One line for the list of choices (in the reader's language)."""
        words = [_("{points} now").format(points=self.worth), *self.gains()]
        covers = ", ".join(map(symbol, self.covers)) or _("nothing")
        return "; ".join([*words, _("covers {symbols}").format(symbols=covers)])


@dataclass(frozen=True, slots=True)
class _Before:
    points: dict[str, int]
    pairs: dict[str, int]
    beach: int
    groups: list[set[str]]


def seat_extra(seat_view: Mapping[str, Any]) -> Counter[str]:
    """The symbols a seat's revealed resident adds (what the scorings add too)."""
    res = seat_view["resident"]
    return symbols_of_resident(res) if res and seat_view["resident_revealed"] else Counter()


def _pairs(island: Island, extra: Counter[str]) -> dict[str, int]:
    """The pairs each pair source counts (its points over the points per pair)."""
    return {s: island_points(island, s, extra, False) // per for s, (_, _, per) in PAIRS.items()}


@lru_cache(maxsize=16)
def _before(island: Island, extra: tuple[tuple[str, int], ...], solo: bool) -> _Before:
    more = Counter(dict(extra))
    points = {s: island_points(island, s, more, solo) for s in ISLAND_SOURCES}
    return _Before(points, _pairs(island, more), longest_beach(island), beaches(island))


def gain(
    island: Island, p: Placement, extra: Counter[str], solo: bool, scored: Mapping[str, int]
) -> Gain:
    """What laying ``p`` on ``island`` gains; ``scored``: the sources already scored
    (they bring nothing more, so their change is left out of ``points``)."""
    before = _before(island, tuple(sorted(extra.items())), solo)
    after = island.with_card(p)
    points = sum(
        island_points(after, s, extra, solo) - before.points[s]
        for s in ISLAND_SOURCES
        if s not in scored
    )
    pairs_after = _pairs(after, extra)
    pairs = tuple(
        (s, pairs_after[s] - before.pairs[s]) for s in PAIRS if pairs_after[s] != before.pairs[s]
    )
    laid = after.symbols_by_card()[-1]
    totems = tuple(s.symbol.name for s in laid if s.kind == "totem")
    volcano = next(
        ((v.distance / 100, v.points) for v in volcanoes(after) if v.card == p.card), None
    )
    mine = next((g for g in beaches(after) if p.card in g), set())
    joins = sum(1 for g in before.groups if g & mine)
    return Gain(
        points=points,
        pairs=pairs,
        totems=totems,
        volcano=volcano,
        beach=(before.beach, longest_beach(after)),
        joins=joins,
        covers=tuple(s.symbol.name for s in covered_by(island, p)),
    )
