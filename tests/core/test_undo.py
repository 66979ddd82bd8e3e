"""The undo policy that online tables and games against bots share (``vaka.core.undo``),
and ``State.reveals`` seen from another seat, which marks how far it may go back."""

from __future__ import annotations

import pytest

import vaka
from vaka.core.undo import CannotUndo, takeback


def test_the_own_last_action_is_taken_back_while_it_showed_nothing() -> None:
    assert takeback([(1, False), (0, False)], seat=0) == 1
    assert takeback([(0, False), (0, False)], seat=0) == 1  # one at a time


def test_online_another_seats_action_since_blocks_it() -> None:
    with pytest.raises(CannotUndo, match="seat 1 has acted since your last action"):
        takeback([(0, False), (1, False)], seat=0)


def test_against_bots_their_actions_after_it_go_with_it() -> None:
    steps = [(1, True), (0, False), (1, False), (2, False)]
    assert takeback(steps, seat=0, along={1, 2}) == 3
    with pytest.raises(CannotUndo, match="seat 2 has acted"):
        takeback(steps, seat=0, along={1})


def test_nothing_goes_back_past_something_that_came_to_light() -> None:
    with pytest.raises(CannotUndo, match="your last action showed something hidden or random"):
        takeback([(0, True)], seat=0)
    with pytest.raises(CannotUndo, match="seat 1's action after yours showed something hidden"):
        takeback([(0, False), (1, True), (2, False)], seat=0, along={1, 2})


def test_with_no_action_of_ones_own_there_is_nothing_to_take_back() -> None:
    for steps in ([], [(1, False)]):
        with pytest.raises(CannotUndo, match="you have taken no action"):
            takeback(steps, seat=0, along={1})


def test_reveals_from_another_seat_sees_what_that_seat_sees() -> None:
    state = vaka.load("sealed-bid").new_state(3, seed=4)
    assert not state.reveals(0, "bid 2", viewer=1)  # seat 1 learns only that 0 has bid
    state.apply(0, "bid 2")
    state.apply(1, "bid 1")
    assert state.reveals(2, "bid 0", viewer=0)  # the bids open for everyone
    with pytest.raises(vaka.InvalidSeat):
        state.reveals(2, "bid 0", viewer=3)


def test_a_card_played_from_a_hidden_hand_is_a_reveal_for_the_others() -> None:
    """Raiatea: whatever a seat plays from its own hand is no news to itself, but the
    others did not know it held it: whenever some deal the viewer cannot rule out makes
    the action impossible, the viewer learns something from it."""
    state = vaka.load("raiatea").new_state(3, seed=2)
    found = 0
    rng = vaka.core.Rng(5)
    for _ in range(60):
        if state.is_over:
            break
        seat = state.to_move[0]
        action = rng.choice(state.legal_actions(seat))
        viewer = (seat + 1) % 3
        impossible = any(
            action not in state.determinize(viewer, k).legal_actions(seat) for k in range(40)
        )
        if impossible:
            assert state.reveals(seat, action, viewer=viewer), action
            found += not state.reveals(seat, action)
        state.apply(seat, action)
    assert found  # some of them were news to others only
