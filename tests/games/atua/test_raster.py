"""Atua's table as pixels (the PettingZoo rgb_array frame), without PettingZoo."""

from __future__ import annotations

import numpy as np

from vaka.core import load
from vaka.games.atua.raster import HEAD, STRIP, WIDTH, frame_shape, table_array
from vaka.games.atua.svg import TABLE

SLOT = WIDTH // 5


def _blank(part: np.ndarray) -> bool:
    colour = [int(TABLE[i : i + 2], 16) for i in (1, 3, 5)]
    return bool((part == colour).all())


def test_frame_shape_depends_only_on_the_players() -> None:
    assert [frame_shape(n) for n in range(1, 7)] == [(560, 960, 3)] * 3 + [(920, 960, 3)] * 3


def test_solo_frame_shows_the_offer_and_is_the_same_for_the_same_view() -> None:
    state = load("atua").new_state(1, 4)
    view = state.view(None)
    frame = table_array(view)
    assert frame.shape == frame_shape(1) and frame.dtype == np.uint8
    assert np.array_equal(table_array(state.view(None)), frame)
    offered = len(view["solo_game"]["offer"]) + bool(view["holding"])
    assert offered >= 2
    slots = [frame[HEAD:STRIP, i * SLOT : (i + 1) * SLOT] for i in range(5)]
    assert not any(_blank(s) for s in slots[:offered])  # a card in each slot used
    assert all(_blank(s) for s in slots[offered:])  # and nothing in the others
    assert not _blank(frame[STRIP:])  # the island
