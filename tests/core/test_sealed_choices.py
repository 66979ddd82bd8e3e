"""Sealed simultaneous choices, on the test-only sealed-bid game: every seat to move
chooses in any order, and until all have chosen nobody sees another's choice."""

from __future__ import annotations

import json

import pytest

import vaka


def test_all_seats_choose_at_once_in_any_order() -> None:
    state = vaka.load("sealed-bid").new_state(3, seed=4)
    assert state.to_move == (0, 1, 2)
    state.apply(2, "bid 3")
    assert state.to_move == (0, 1)
    with pytest.raises(vaka.NotYourTurn):
        state.apply(2, "bid 1")  # one choice each
    state.apply(0, "bid 1")
    state.apply(1, "bid 0")
    assert state.to_move == (0, 1, 2)  # the next round opens for everybody
    assert state.view(None)["points"][2] > 0


def test_others_see_only_that_a_seat_has_chosen() -> None:
    state = vaka.load("sealed-bid").new_state(3, seed=4)
    before = [json.dumps(state.view(s), sort_keys=True) for s in (None, 0, 1)]
    state.apply(2, "bid 3")
    for viewer in (None, 0, 1):
        view = state.view(viewer)
        assert view["chosen"] == [2]
        assert view["my_bid"] is None
        assert "3" not in " ".join(e["text"] for e in view["log"] if e["seat"] == 2)
    assert state.view(2)["my_bid"] == 3
    other = vaka.load("sealed-bid").new_state(3, seed=4)
    other.apply(2, "bid 0")  # a different sealed bid: the others cannot tell
    for viewer in (None, 0, 1):
        assert state.view(viewer) == other.view(viewer)
    assert before != [json.dumps(state.view(s), sort_keys=True) for s in (None, 0, 1)]


def test_determinize_does_not_keep_others_pending_choices() -> None:
    state = vaka.load("sealed-bid").new_state(2, seed=1)
    state.apply(1, "bid 3")
    guesses = {state.determinize(0, seed=k).pending[1] for k in range(40)}  # type: ignore[attr-defined]
    assert guesses == {0, 1, 2, 3}
