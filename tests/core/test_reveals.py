"""``State.reveals``: which actions show something hidden or random (what limits undo).

Each game is checked against facts seen independently of the method: a face-down card
coming to light for everyone or for the acting seat, the random stream moving.
"""

from __future__ import annotations

from typing import Any

import pytest

import vaka
from vaka.core import Rng, State


def _walk(state: State, steps: int, seed: int) -> list[tuple[State, int, Any]]:
    """(state before, seat, action) along a random game."""
    rng = Rng(seed)
    seen = []
    for _ in range(steps):
        if state.is_over:
            break
        seat = state.to_move[0]
        action = rng.choice(state.legal_actions(seat))
        seen.append((state.clone(), seat, action))
        state.apply(seat, action)
    return seen


def test_sealed_choices_reveal_when_the_last_one_opens_them() -> None:
    state = vaka.load("sealed-bid").new_state(3, seed=4)
    assert not state.reveals(0, "bid 2")  # the others' bids stay sealed
    state.apply(0, "bid 2")
    state.apply(1, "bid 1")
    assert state.reveals(2, "bid 0")  # the last bid opens all three (and rolls the die)


def test_reveals_changes_nothing() -> None:
    state = vaka.load("rapa-nui").new_state(3, seed=2)
    before = state.record(), state.view(0), state.rng.state
    seat = state.to_move[0]
    state.reveals(seat, state.legal_actions(seat)[0])
    assert (state.record(), state.view(0), state.rng.state) == before


def test_an_illegal_action_is_refused() -> None:
    state = vaka.load("rapa-nui").new_state(3, seed=2)
    with pytest.raises(vaka.IllegalAction):
        state.reveals(1, state.legal_actions(0)[0])


def _drew(before: State, after: State, seat: int) -> bool:
    """Whether a face-down card came to light for everyone or for the acting seat."""
    b, a = before.view(None), after.view(None)
    if b["game"] == "rapa-nui":  # the pile refills the rows, face up
        return bool(a["pile"] < b["pile"])
    if b["game"] == "atua":  # the piles refill the row, face up
        return sum(a["piles"].values()) < sum(b["piles"].values())
    new = after.view(seat)["log"][len(before.view(seat)["log"]) :]
    into_hand = sum(a["ritual_piles"].values()) < sum(b["ritual_piles"].values()) and any(
        e["seat"] == seat and " draws " in e["text"] for e in new
    )
    return bool(a["forest_pile"] < b["forest_pile"] or into_hand)


@pytest.mark.parametrize(("game_id", "players"), [("rapa-nui", 3), ("raiatea", 3), ("atua", 3)])
def test_every_draw_and_every_roll_is_a_reveal(game_id: str, players: int) -> None:
    state = vaka.load(game_id).new_state(players, seed=11)
    flagged = quiet = 0
    for before, seat, action in _walk(state, 80, seed=3):
        after = before.clone()
        after.apply(seat, action)
        drew = _drew(before, after, seat)
        rolled = after.rng.state != before.rng.state
        revealed = before.reveals(seat, action)
        if drew or rolled:
            assert revealed, f"{action} by seat {seat} uncovers something"
        flagged += revealed
        quiet += not revealed
    assert flagged and quiet  # the walk met both kinds


def test_a_copy_already_played_gives_the_same_answer_and_stays_as_it_was() -> None:
    state = vaka.load("rapa-nui").new_state(2, seed=5)
    for before, seat, action in _walk(state, 60, seed=8):
        played = before.clone()
        played.apply(seat, action)
        kept = played.record(), played.view(seat)
        assert before.reveals(seat, action, played=played) == before.reveals(seat, action)
        assert (played.record(), played.view(seat)) == kept
