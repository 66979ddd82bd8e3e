"""Clocks read from the log: live (minutes per player plus an increment) and turn-based."""

from __future__ import annotations

import pytest

from vaka.server.clocks import DAY, read_clock
from vaka.server.store import Move


def act(number: int, seat: int, at: float) -> Move:
    return Move(number, seat, "act", "x", False, at)


# Seats 0 and 1 alternate; the game started at t=0.
MOVES = [act(1, 0, 10.0), act(2, 1, 25.0), act(3, 0, 40.0)]
TO_MOVE = [(0,), (1,), (0,), (1,)]


def test_a_live_clock_counts_each_seats_thinking_and_adds_the_increment() -> None:
    spec = {"kind": "live", "minutes": 1, "increment": 2}
    clock = read_clock(spec, 2, 0.0, MOVES, TO_MOVE, {0, 1}, now=50.0)
    # seat 0 thought 10 s and 15 s (two moves, +4 s); seat 1 thought 15 s (+2 s), and
    # has been thinking 10 s more since t=40.
    assert clock.left == {0: 60 - 25 + 4, 1: 60 - 15 + 2 - 10}
    assert clock.running == (1,) and clock.expired() == []
    assert clock.next_expiry() == pytest.approx(37)


def test_a_live_clock_runs_out() -> None:
    spec = {"kind": "live", "minutes": 0.5, "increment": 0}
    clock = read_clock(spec, 2, 0.0, MOVES, TO_MOVE, {0, 1}, now=100.0)
    assert clock.expired() == [1]


def test_a_turn_based_clock_gives_days_for_each_move() -> None:
    spec = {"kind": "turn", "days": 2}
    clock = read_clock(spec, 2, 0.0, MOVES, TO_MOVE, {0, 1}, now=40.0 + DAY)
    assert clock.left == {1: pytest.approx(DAY)}
    late = read_clock(spec, 2, 0.0, MOVES, TO_MOVE, {0, 1}, now=40.0 + 2 * DAY + 1)
    assert late.expired() == [1]


def test_bots_and_games_without_a_clock_have_no_time() -> None:
    assert read_clock({"kind": "none"}, 2, 0.0, MOVES, TO_MOVE, {0, 1}, 50.0).running == ()
    live = read_clock({"kind": "live", "minutes": 1}, 2, 0.0, MOVES, TO_MOVE, {0}, 50.0)
    assert live.running == ()  # seat 1 is a bot: its time does not run


def test_sealed_choices_run_every_choosing_seats_clock() -> None:
    spec = {"kind": "live", "minutes": 1, "increment": 0}
    clock = read_clock(spec, 3, 0.0, [act(1, 2, 5.0)], [(0, 1, 2), (0, 1)], {0, 1, 2}, 20.0)
    assert clock.running == (0, 1) and clock.left[0] == clock.left[1] == 40
    assert clock.left[2] == 55
