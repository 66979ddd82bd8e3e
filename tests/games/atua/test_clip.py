"""The array clipper measures what shapely measures: the length of a line on a polygon."""

from __future__ import annotations

import numpy as np
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely import Polygon, box

from vaka.core import Rng
from vaka.games.atua import GAME
from vaka.games.atua import candidates as C
from vaka.games.atua.cards import CARDS
from vaka.games.atua.clip import Edges, lengths_inside
from vaka.games.atua.probes import OFFSETS, probe_lines

coord = st.integers(-60, 60)
segment = st.tuples(coord, coord, coord, coord).filter(lambda s: s[:2] != s[2:])


def shapes() -> list[Polygon]:
    """Polygons with holes, notches and collinear edges, like visible terrain pieces."""
    frame = box(-40, -40, 40, 40)
    holed = frame.difference(box(-10, -10, 10, 10))
    notched = box(0, 0, 50, 20).difference(shapely.affinity.rotate(box(20, -5, 30, 30), 30))
    parts = [holed, *shapely.get_parts(notched), box(45, -50, 55, -30)]
    return [p for p in parts if isinstance(p, Polygon) and p.area > 0]


def expected(lines: list[tuple[int, int, int, int]], polygons: list[Polygon]) -> list[float]:
    return [
        sum(shapely.intersection(shapely.LineString([(a, b), (c, d)]), p).length for p in polygons)
        for a, b, c, d in lines
    ]


@settings(max_examples=60, deadline=None)
@given(lines=st.lists(segment, min_size=1, max_size=12))
def test_lengths_match_shapely(lines: list[tuple[int, int, int, int]]) -> None:
    polygons = shapes()
    coords = np.array([[[a, b], [c, d]] for a, b, c, d in lines], dtype=np.float64)
    got = lengths_inside(coords, Edges.of(np.array(polygons, dtype=object)))
    assert np.allclose(got, expected(lines, polygons), atol=1e-7)


def test_lines_along_edges_and_through_holes() -> None:
    polygons = shapes()
    lines = [
        (-40, -40, 40, -40),  # along the frame's bottom edge: the boundary counts
        (-50, 0, 50, 0),  # in, across the hole, out, into the notched piece
        (-10, -20, -10, 20),  # along the hole's left edge, then inside the frame
        (-5, -5, -5, 0),  # inside the hole only
        (100, 100, 120, 120),  # far from everything
    ]
    coords = np.array([[[a, b], [c, d]] for a, b, c, d in lines], dtype=np.float64)
    got = lengths_inside(coords, Edges.of(np.array(polygons, dtype=object)))
    want = expected(lines, polygons)
    assert np.allclose(got, want, atol=1e-7)
    assert got[0] == 80 and got[3] == 0 and got[4] == 0 and got[1] > 60


def test_island_probes_match_shapely() -> None:
    """On islands of a real game, every probe of every raw candidate measures the same."""
    state = GAME.new_state(3, seed=4)
    rng = Rng(5)
    checked = 0
    while not state.is_over and checked < 6:
        seat = state.to_move[0]
        if state.held is not None:
            island, card = state.islands[seat], CARDS[state.held]
            px, py, pa = C.raw_candidates(island, card)
            pieces = card.edges["sea"] or card.beach_ends
            probes = [probe_lines(pieces, px * 1.0, py * 1.0, pa, d) for d in OFFSETS]
            flat = np.concatenate(probes).reshape(-1, 2, 2)[::7]  # far and near probes
            for terrain in ("mainland", "sea"):
                edges = island.terrain_edges(terrain)
                got = lengths_inside(flat, edges)
                lines = shapely.linestrings(flat)
                want = [
                    sum(shapely.intersection(line, p).length for p in edges.polygons)
                    for line in lines
                ]
                assert np.allclose(got, want, atol=1e-6)
            checked += 1
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked == 6
