"""The compiled placement test gives the array reference's answers, and both measure what
shapely measures: on random segments over awkward polygons, and on real islands."""

from __future__ import annotations

import numpy as np
import shapely
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from vaka.core import Rng
from vaka.games.atua import GAME, masks
from vaka.games.atua import candidates as C
from vaka.games.atua import geometry as G
from vaka.games.atua.cards import CARDS, ISLAND_IDS, Card
from vaka.games.atua.clip import Edges, lengths_inside
from vaka.games.atua.kernels import (
    ILLEGAL,
    LEGAL,
    UNDECIDED,
    _length_on,
    legal_poses,
    raw_poses,
)
from vaka.games.atua.laying import laid
from vaka.games.atua.masks import legal_mask, reference_mask
from vaka.games.atua.params import CANDIDATE_ANGLES, CANDIDATE_MARGIN
from vaka.games.atua.placement import laid_outline, laid_terrain
from vaka.games.atua.probes import COS, SIN

from .test_clip import expected, segment, shapes


def kernel_lengths(coords: np.ndarray, edges: Edges) -> tuple[list[float], list[bool]]:
    ts = np.empty(2 * len(edges.x0) + 2)
    got = [
        _length_on(
            *map(float, (a[0], a[1], b[0], b[1])),
            edges.bounds[None],
            edges.x0,
            edges.y0,
            edges.x1,
            edges.y1,
            edges.start[None],
            edges.count[None],
            ts,
            np.arange(len(edges.count))[None],
            len(edges.count),
            0,
        )
        for a, b in coords
    ]
    return [length for length, _ in got], [sure for _, sure in got]


@settings(max_examples=80, deadline=None)
@given(
    lines=st.lists(segment, min_size=1, max_size=12),
    shift=st.sampled_from([0.0, 1e-3, 0.5]),
)
def test_kernel_lengths_match_the_reference_and_shapely(
    lines: list[tuple[int, int, int, int]], shift: float
) -> None:
    """Where the kernel is sure, it measures exactly what the reference measures; where a
    piece runs along an edge (integer lines over integer polygons), it says it is unsure."""
    polygons = shapes()
    edges = Edges.of(np.array(polygons, dtype=object))
    coords = np.array([[[a, b + shift], [c, d + shift]] for a, b, c, d in lines])
    lengths, sure = kernel_lengths(coords, edges)
    reference = lengths_inside(coords, edges)
    for got, is_sure, want in zip(lengths, sure, reference, strict=True):
        if is_sure:
            assert got == want
    moved = [(a, b + shift, c, d + shift) for a, b, c, d in lines]
    assert np.allclose(reference, expected(moved, polygons), atol=1e-7)


def test_a_line_along_an_edge_is_left_to_the_reference() -> None:
    edges = Edges.of(np.array(shapes(), dtype=object))
    lengths, sure = kernel_lengths(np.array([[[-40.0, -40.0], [40.0, -40.0]]]), edges)
    assert sure == [False]
    lengths, sure = kernel_lengths(np.array([[[-40.0, -39.0], [40.0, -39.0]]]), edges)
    assert sure == [True] and lengths == [80.0]


def islands(seed: int, players: int, steps: int) -> list[G.Island]:
    state = GAME.new_state(players, seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return list(state.islands)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(1, 6),
    steps=st.integers(0, 120),
    card_pick=st.integers(0, 1000),
    jitter=st.sampled_from([0, 1, 3, 40]),
)
def test_kernel_agrees_with_the_reference_on_real_islands(
    seed: int, players: int, steps: int, card_pick: int, jitter: int
) -> None:
    """Every raw candidate (moved by a few tenths of a mm, to meet edges and symbols at
    odd distances) is legal to the kernel exactly when it is to the reference."""
    island = islands(seed, players, steps)[seed % players]
    free = [c for c in ISLAND_IDS if c not in island.card_ids]
    card = CARDS[free[card_pick % len(free)]]
    px, py, pa = C.raw_candidates(island, card)
    moves = np.random.default_rng(seed).integers(-jitter, jitter + 1, size=(2, len(px)))
    px, py = px + moves[0], py + moves[1]
    fast = legal_mask(island, card, px, py, pa)
    assert np.array_equal(fast, reference_mask(island, card, px, py, pa))


def test_kernel_verdicts_on_a_real_island() -> None:
    """Both kinds of verdict come out of the kernel on a real island."""
    island = islands(7, 4, 80)[0]
    card = CARDS[next(c for c in ISLAND_IDS if c not in island.card_ids)]
    px, py, pa = C.raw_candidates(island, card)
    assert set(np.unique(legal_mask(island, card, px, py, pa))) == {False, True}


def test_a_probe_along_an_older_edge_is_left_to_the_reference() -> None:
    """A card laid so that its probe runs exactly along the village's edge: the kernel
    cannot tell on which side the probe's pieces lie, and says so."""
    village = G.Island("v1")
    hw = CARDS["v1"].width / 2
    x = int(2 * hw + 3)  # the new card's left probe, 3 outside it, lies on x = hw
    arrays = village.kernel_arrays()
    one = np.array([1.0])
    args = dict(
        cos=COS,
        sin=SIN,
        hw=hw,
        hh=CARDS["v1"].height / 2,
        sx=one * x,  # one symbol, well under the new card
        sy=one * 0,
        sneed=one,
        tx=np.zeros(0),
        ty=np.zeros(0),
        tneed=np.zeros(0),
        ends=0,
        **dict(
            zip(("bounds", "x0", "y0", "x1", "y1", "start", "count"), arrays.polygons, strict=True)
        ),
        limit=10.0,
        want=1,
    )
    along = np.zeros((2, 2, 1, 4)) + np.array([-hw - 3, -100, -hw - 3, 100])
    beside = np.zeros((2, 2, 1, 4)) + np.array([-hw - 3.5, -100, -hw - 3.5, 100])
    pose = [np.array([v], dtype=np.int64) for v in (x, 0, 0)]
    assert legal_poses(*pose, probes=along, **args)[0] == UNDECIDED
    assert legal_poses(*pose, probes=beside, **args)[0] in (ILLEGAL, LEGAL)


@settings(max_examples=30, deadline=None)
@given(
    card=st.sampled_from(sorted(CARDS)),
    x=st.integers(-20000, 20000),
    y=st.integers(-20000, 20000),
    angle=st.integers(0, 3599),
)
def test_cards_are_laid_as_affine_transform_lays_them(
    card: str, x: int, y: int, angle: int
) -> None:
    """The island lays a card's outline and terrains in one transform: the same points."""
    p = G.Placement(card, x, y, angle)
    outline, *terrains = laid(CARDS[card], p)
    assert shapely.equals_exact(outline, laid_outline(p), tolerance=0)
    for got, terrain in zip(terrains, ("mainland", "beach", "sea"), strict=True):
        assert shapely.equals_exact(got, laid_terrain(p, terrain), tolerance=0)


def array_raw_poses(island: G.Island, card: Card) -> tuple[np.ndarray, np.ndarray]:
    """The raw candidates' positions as array arithmetic (the kernel's reference)."""
    targets = island._coverable
    hw, hh = card.width / 2, card.height / 2
    sx, sy = island._sx[targets], island._sy[targets]
    m = island._sr[targets] + CANDIDATE_MARGIN
    spots = [(a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a, b) != (0, 0)]
    u = np.array([a for a, _ in spots], dtype=np.float64)[None, :] * (hw - m[:, None])
    v = np.array([b for _, b in spots], dtype=np.float64)[None, :] * (hh - m[:, None])
    ang = np.array(CANDIDATE_ANGLES, dtype=np.int64)
    c, s = COS[ang][None, :, None], SIN[ang][None, :, None]
    x = sx[:, None, None] - (c * u[:, None, :] - s * v[:, None, :])
    y = sy[:, None, None] - (s * u[:, None, :] + c * v[:, None, :])
    return np.rint(x).astype(np.int64).ravel(), np.rint(y).astype(np.int64).ravel()


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120), card_pick=st.integers(0, 1000))
def test_raw_poses_are_the_array_arithmetic(seed: int, steps: int, card_pick: int) -> None:
    island = islands(seed, 3, steps)[seed % 3]
    card = CARDS[ISLAND_IDS[card_pick % len(ISLAND_IDS)]]
    targets = island._coverable
    assume(len(targets) > 0)
    px, py, pa, _ = raw_poses(
        island._sx[targets],
        island._sy[targets],
        island._sr[targets] + CANDIDATE_MARGIN,
        card.width / 2,
        card.height / 2,
        np.array(CANDIDATE_ANGLES, dtype=np.int64),
    )
    want_x, want_y = array_raw_poses(island, card)
    assert np.array_equal(px, want_x) and np.array_equal(py, want_y)
    assert np.array_equal(pa.reshape(len(targets), -1, 8)[0, :, 0], CANDIDATE_ANGLES)


def test_an_undecided_pose_of_a_real_game_is_decided_by_the_reference() -> None:
    """A pose from a random game whose probe runs along an older card's edge: the kernel
    leaves it undecided, and ``legal_mask`` answers as the rules do."""
    island = G.Island("v1")
    for text in ("c34 at 643,568 angle 3300", "c37 at -651,330 angle 600"):
        island.add(G.Placement.parse(f"place {text}"))
    island.add(G.Placement.parse("place c36 at -236,-622 angle 2700"))
    card = CARDS["c22"]
    pose = [np.array([v], dtype=np.int64) for v in (225, -410, 2700)]
    arrays = island.kernel_arrays()
    verdict = legal_poses(
        *pose,
        COS,
        SIN,
        card.width / 2,
        card.height / 2,
        *arrays.symbols,
        *arrays.stars,
        masks._probes(card.id),
        len(card.beach_ends),
        *arrays.polygons,
        10.0,
        1,
    )
    assert list(verdict) == [UNDECIDED]
    legal = G.is_legal(island, G.Placement("c22", 225, -410, 2700))
    assert legal_mask(island, card, *pose)[0] == legal
    assert reference_mask(island, card, *pose)[0] == legal


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(1, 6), steps=st.integers(0, 150))
def test_kernel_arrays_join_each_terrains_edges(seed: int, players: int, steps: int) -> None:
    """The kernel's polygons, measured for both terrains in one pass, are the edge arrays
    of each terrain (``terrain_edges``, the reference's) joined in order."""
    for island in islands(seed, players, steps):
        edges = [island.terrain_edges(t) for t, _ in masks.PROBED]
        bounds, x0, y0, x1, y1, start, count = island.kernel_arrays().polygons
        assert bounds.shape[1] == max(1, *(len(e.count) for e in edges))
        for t, e in enumerate(edges):
            n = len(e.count)
            assert np.array_equal(bounds[t, :n], e.bounds) and np.isnan(bounds[t, n:]).all()
            assert np.array_equal(count[t, :n], e.count) and not count[t, n:].any()
            offset = sum(len(f.x0) for f in edges[:t])
            assert np.array_equal(start[t, :n], e.start + offset) and not start[t, n:].any()
        for got, name in ((x0, "x0"), (y0, "y0"), (x1, "x1"), (y1, "y1")):
            assert np.array_equal(got, np.concatenate([getattr(e, name) for e in edges]))
