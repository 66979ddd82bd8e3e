"""One match: agents play a state to the end."""

from __future__ import annotations

from typing import Any

import vaka
from vaka.agents import Observation, RandomAgent
from vaka.sim.match import play


class Watcher(RandomAgent):
    """A random agent that notes how much had been played each time it was asked."""

    def __init__(self, seed: int, seen: list[tuple[int, int]]) -> None:
        super().__init__(seed)
        self.seen = seen

    def act(self, obs: Observation) -> Any:
        self.seen.append((obs.seat, len(obs.view["log"])))
        return super().act(obs)


def test_seats_that_move_together_decide_on_the_same_state() -> None:
    """In a sealed step no seat answers last with the others' bids already in the state
    (its look-ahead would see the step resolve; the earlier seats' would not)."""
    state = vaka.load("sealed-bid").new_state(3, seed=2)
    seen: list[tuple[int, int]] = []
    play(state, [Watcher(s, seen) for s in range(3)])
    assert state.is_over
    rounds = [seen[i : i + 3] for i in range(0, len(seen), 3)]
    assert len(rounds) == 3  # three sealed rounds, each answered by all three seats
    for answers in rounds:
        assert sorted(seat for seat, _ in answers) == [0, 1, 2]
        assert len({moment for _, moment in answers}) == 1, answers
