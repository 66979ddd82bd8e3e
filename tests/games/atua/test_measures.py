"""The volcano ruler and the longest beach."""

from __future__ import annotations

import math

import pytest

from tests.games.atua.helpers import island
from vaka.games.atua.cards import CARDS
from vaka.games.atua.measures import (
    beach_cards,
    beaches,
    longest_beach,
    ruler_points,
    volcano_points,
    volcanoes,
)
from vaka.games.atua.params import VOLCANO_BANDS
from vaka.games.atua.placement import Placement

V1 = Placement("v1", 0, 0, 0)
V4 = Placement("v4", 0, 0, 0)
C11 = Placement("c11", 400, -295, 0)  # continues v1's beach to the right
C25 = Placement("c25", 1000, -220, 2700)  # its beach (turned level) continues c11's


@pytest.mark.parametrize(
    ("distance", "points"),
    [
        (0, 0),
        (699, 0),
        (700, 1),
        (1299, 2),
        (1300, 3),
        (1899, 4),
        (1900, 5),
        (2299, 5),
        (2300, 2),
        (2599, 2),
        (2600, 0),
        (9000, 0),
    ],
)
def test_ruler_bands(distance: int, points: int) -> None:
    assert ruler_points(distance) == points


def test_ruler_peaks_far_but_not_too_far() -> None:
    best = max(p for _, p in VOLCANO_BANDS)
    assert best == 5
    assert VOLCANO_BANDS[-1][1] < best  # beyond the sweet spot it drops again


@pytest.mark.parametrize("turn", [0, 450, 1350])
def test_volcano_distance(turn: int) -> None:
    isl = island(V4, Placement("c53", 1500, 800, 0), Placement("c54", 0, -900, 300), angle=turn)
    got = {v.card: v for v in volcanoes(isl)}
    assert got["c53"].distance == pytest.approx(math.hypot(1500, 800), abs=1)
    assert got["c53"].points == 4  # 17 cm
    assert got["c54"].points == 1  # 9 cm
    assert volcano_points(isl) == 5


@pytest.mark.parametrize("turn", [0, 450, 300])
def test_beach_across_cards(turn: int) -> None:
    assert longest_beach(island(V1, angle=turn)) == 0  # the village is not an island card
    assert longest_beach(island(V1, C11, angle=turn)) == 1
    isl = island(V1, C11, C25, angle=turn)
    assert {"v1", "c11", "c25"} in beaches(isl)
    assert longest_beach(isl) == 2


@pytest.mark.parametrize("turn", [0, 450])
def test_a_card_across_the_join_cuts_the_beach(turn: int) -> None:
    cut = island(V1, C11, C25, Placement("c1", 640, -250, 0), angle=turn)
    assert longest_beach(cut) == 1


def test_beaches_apart_do_not_join() -> None:
    isl = island(V1, C11, Placement("c25", 1000, 1500, 2700))
    assert longest_beach(isl) == 1


@pytest.mark.parametrize("turn", [0, 450, 300])
def test_beach_cards_and_the_longest_beach_read_the_village_alike(turn: int) -> None:
    """ "Determine your longest beach (the one consisting of the most island cards)" and the
    fate tile's "the most beach cards" count the same cards: island cards showing beach,
    never the village card (its beach joins beaches but is not counted)."""
    assert CARDS["v1"].beaches
    alone = island(V1, angle=turn)
    assert beach_cards(alone) == longest_beach(alone) == 0
    isl = island(V1, C11, C25, angle=turn)
    assert {"v1", "c11", "c25"} in beaches(isl)  # one beach, over the village too
    assert beach_cards(isl) == longest_beach(isl) == 2
    apart = island(V1, C11, Placement("c25", 1000, 1500, 2700), angle=turn)
    assert (beach_cards(apart), longest_beach(apart)) == (2, 1)  # two beaches of one card
