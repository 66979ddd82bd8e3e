"""Islands made in a search (``Island.with_card``) are the islands laying the card makes.

A new island lays its mainland, sea and the rules' arrays only when asked, and its beaches
may be measured from what was found of the island it was made from: on the islands of real
games, both must give exactly what laying every card in one go and measuring afresh give.
"""

from __future__ import annotations

import numpy as np
import pytest
import shapely

from vaka.core.registry import load
from vaka.core.rng import Rng
from vaka.games.atua.candidates import candidates
from vaka.games.atua.cards import ISLAND_IDS
from vaka.games.atua.geometry import Island
from vaka.games.atua.measures import beach_cards, beaches, volcano_points
from vaka.games.atua.params import BEACH_JOIN_GROW, BEACH_JOIN_MIN
from vaka.games.atua.state import AtuaState


def reference_beaches(island: Island) -> list[set[str]]:
    """The beaches as measured before joins were kept: every pair of pieces whose boxes
    meet (an STRtree), one grown, the shared area against ``BEACH_JOIN_MIN``."""
    pieces: list[shapely.Geometry] = []
    owner: list[str] = []
    for p, geom in zip(island.placements, island.visible_beach, strict=True):
        for part in shapely.get_parts(geom):
            if part.area > 0:
                pieces.append(part)
                owner.append(p.card)
    if not pieces:
        return []
    parts = np.array(pieces, dtype=object)
    grown = shapely.buffer(parts, BEACH_JOIN_GROW)
    a, b = shapely.STRtree(parts).query(grown, predicate="intersects")
    parent = list(range(len(pieces)))

    def find(i: int) -> int:
        while parent[i] != i:
            i = parent[i]
        return i

    keep = a < b
    a, b = a[keep], b[keep]
    if len(a):
        shared = shapely.area(shapely.intersection(grown[a], parts[b]))
        for i, j, area in zip(a.tolist(), b.tolist(), shared.tolist(), strict=True):
            if area >= BEACH_JOIN_MIN * BEACH_JOIN_GROW:
                parent[find(i)] = find(j)
    groups: dict[int, set[str]] = {}
    for i, card in enumerate(owner):
        groups.setdefault(find(i), set()).add(card)
    return list(groups.values())


def rebuilt(island: Island) -> Island:
    """The same island, every card laid afresh with ``add`` (nothing shared or kept)."""
    fresh = Island(island.placements[0])
    for p in island.placements[1:]:
        fresh.add(p)
    return fresh


def game_islands(players: int, seed: int) -> list[Island]:
    """The islands of a random game, one per card laid, as the game made them."""
    state = load("atua").new_state(players, seed)
    assert isinstance(state, AtuaState)
    rng, seen, found = Rng(seed), set(), []
    while not state.is_over:
        for isl in state.islands:
            if id(isl) not in seen:
                seen.add(id(isl))
                found.append(isl)
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return found


def assert_same_island(got: Island, want: Island) -> None:
    assert got.placements == want.placements
    for terrain, pieces in want.pieces.items():
        for a, b in zip(got.pieces[terrain], pieces, strict=True):
            assert shapely.equals_exact(a, b, tolerance=0)
    for a, b in zip(got.visible_beach, want.visible_beach, strict=True):
        assert shapely.equals_exact(a, b, tolerance=0)
    assert got.symbols == want.symbols
    assert np.array_equal(got.covered, want.covered)
    assert got.stars == want.stars
    for name in ("_sx", "_sy", "_sr", "_tx", "_ty", "_tr", "_shown_idx", "_coverable"):
        assert np.array_equal(getattr(got, name), getattr(want, name)), name


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_islands_laid_later_and_beaches_joined_from_the_last_are_as_laid_at_once(
    players: int,
) -> None:
    """On islands of a random game, and on the islands of some of the candidate placements
    of two cards: the measures first (read before the rest is laid), then the whole island,
    against the island laid card by card and the beaches measured afresh."""
    rng = Rng(players)
    islands = game_islands(players, seed=20 + players)
    for isl in islands[rng.below(3) :: 3]:
        fresh = rebuilt(isl)
        assert beaches(isl) == reference_beaches(fresh)
        assert_same_island(isl, fresh)
        free = [c for c in ISLAND_IDS if c not in isl.card_ids]
        for card in [rng.choice(free) for _ in range(2)]:
            for p in candidates(isl, card)[rng.below(5) :: 5]:
                child = isl.with_card(p)
                want = fresh.copy()
                want.add(p)
                assert beaches(child) == reference_beaches(want)
                assert beach_cards(child) == beach_cards(want)
                assert volcano_points(child) == volcano_points(want)
                assert child.visible_symbols() == want.visible_symbols()
                assert_same_island(child, want)


def test_an_island_made_from_one_that_was_measured_keeps_its_joins_and_their_answer() -> None:
    """Down a chain of islands, each measured before the next is made from it."""
    isl = game_islands(4, seed=5)[-1]
    chain = [Island(isl.placements[0])]
    for p in isl.placements[1:]:
        beaches(chain[-1])
        chain.append(chain[-1].with_card(p))
    for got in chain:
        assert beaches(got) == reference_beaches(rebuilt(got))
