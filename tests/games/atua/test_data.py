"""The card faces: counts, regions covering each card, beaches, symbols, stars, totems."""

from __future__ import annotations

from collections import Counter

import pytest
import shapely
from shapely import LineString, Point

from vaka.games.atua.cards import (
    CARDS,
    ISLAND_IDS,
    SYMBOL_KINDS,
    TERRAINS,
    TOTEMS,
    VILLAGE_IDS,
    load_raw,
)

ALL = list(CARDS)


def test_counts() -> None:
    assert len(ISLAND_IDS) == 58
    assert len(VILLAGE_IDS) == 6
    assert len(set(ALL)) == 64
    assert all(card["reconstructed"] and card["why"] for card in load_raw()["cards"])


@pytest.mark.parametrize("cid", ALL)
def test_regions_cover_the_card_exactly(cid: str) -> None:
    card = CARDS[cid]
    polys = [p for _, p in card.regions]
    assert all(p.is_valid and p.area > 0 for p in polys)
    assert {t for t, _ in card.regions} <= set(TERRAINS)
    assert sum(p.area for p in polys) == pytest.approx(card.outline.area)
    union = shapely.union_all(polys)
    assert union.symmetric_difference(card.outline).area == pytest.approx(0, abs=1e-6)


@pytest.mark.parametrize("cid", ALL)
def test_sea_never_touches_mainland_on_a_card(cid: str) -> None:
    card = CARDS[cid]
    sea, land = card.terrain("sea"), card.terrain("mainland")
    if not (sea.is_empty or land.is_empty):
        assert sea.distance(land) > 50


@pytest.mark.parametrize("cid", ALL)
def test_beach_ends_lie_on_the_edge(cid: str) -> None:
    card = CARDS[cid]
    for i, ends in zip(
        (i for i, (t, _) in enumerate(card.regions) if t == "beach"), card.beaches, strict=True
    ):
        beach = card.regions[i][1]
        assert len(ends) == 2
        for x1, y1, x2, y2, nx, ny in ends:
            end = LineString([(x1, y1), (x2, y2)])
            assert end.length > 50
            assert card.outline.exterior.contains(end)
            assert beach.boundary.contains(end)
            # the outward normal points away from the card
            assert not card.outline.contains(Point((x1 + x2) / 2 + nx, (y1 + y2) / 2 + ny))


@pytest.mark.parametrize("cid", ALL)
def test_symbols_inside_the_card_and_apart(cid: str) -> None:
    card = CARDS[cid]
    discs = [Point(s.x, s.y).buffer(s.r) for s in card.symbols]
    for s, disc in zip(card.symbols, discs, strict=True):
        assert s.kind in SYMBOL_KINDS
        assert card.outline.contains(disc)
        assert (s.totem in TOTEMS) is (s.kind == "totem")
    for i, a in enumerate(discs):
        for b in discs[i + 1 :]:
            assert a.distance(b) > 40


@pytest.mark.parametrize("cid", ALL)
def test_stars_on_villages_and_volcanoes(cid: str) -> None:
    card = CARDS[cid]
    wants_star = card.kind == "village" or card.is_volcano
    assert (card.star is not None) is wants_star
    if card.star is not None:
        assert (card.star.x, card.star.y) == (0, 0)
        assert card.terrain("mainland").contains(Point(0, 0).buffer(card.star.r))
    for s in card.symbols:
        if s.kind == "volcano":
            assert (s.x, s.y) == (0, 0) and card.star is not None and s.r > card.star.r


def test_symbol_mix() -> None:
    count = Counter(s.kind for cid in ISLAND_IDS for s in CARDS[cid].symbols)
    assert set(count) == set(SYMBOL_KINDS)
    # the second of each pair is the commoner, so "more A than B scores 0" is a real risk,
    # not a certainty
    for a, b in (("fisherman", "fish"), ("huntress", "bird"), ("canoe", "palm")):
        assert count[b] >= count[a] > count[b] // 2
    assert count["volcano"] == 6
    totems = Counter(s.totem for cid in ISLAND_IDS for s in CARDS[cid].symbols if s.totem)
    assert len(TOTEMS) == 7 and set(totems) == set(TOTEMS)
    assert set(totems.values()) == {2}  # scarce: a duplicate is a real loss
    per_card = Counter(len(CARDS[cid].symbols) for cid in ISLAND_IDS)
    assert min(per_card) >= 2 and max(per_card) <= 4


def test_faces_vary() -> None:
    templates = Counter(CARDS[cid].template for cid in ISLAND_IDS)
    assert len(templates) >= 7
    with_beach = sum(1 for cid in ISLAND_IDS if CARDS[cid].beaches)
    assert 30 <= with_beach <= 50
    # no two island cards print the same terrain
    shapes = {
        tuple((t, tuple(p.exterior.coords)) for t, p in CARDS[cid].regions)
        for cid in ISLAND_IDS
        if len(CARDS[cid].regions) > 1
    }
    assert len(shapes) == sum(1 for cid in ISLAND_IDS if len(CARDS[cid].regions) > 1)
