"""The heuristic agent: tries each legal action on a determinized copy of the game and
keeps the one that leaves it furthest ahead by the game's value estimate."""

from __future__ import annotations

from typing import TYPE_CHECKING

from vaka.agents.values import Values, advantage
from vaka.core.rng import Rng

if TYPE_CHECKING:
    from collections.abc import Sequence

    from vaka.agents.base import Observation
    from vaka.core.game import Action
    from vaka.core.state import State


def look_ahead(values: Values, obs: Observation, seed: int) -> list[tuple[float, Action]]:
    """Each legal action, in legal order, with the advantage it leaves the seat one step
    ahead, all tried on one determinization (``seed``)."""
    return leads(values, obs.sample(seed), obs.seat, obs.legal_actions)


def leads(
    values: Values, state: State, seat: int, actions: Sequence[Action]
) -> list[tuple[float, Action]]:
    """Each of ``actions`` with the advantage it leaves ``seat``, tried on copies of
    ``state`` (a determinization: the seat's view of the true game)."""
    found = []
    for action in actions:
        after = state.clone()
        after.apply(seat, action)
        found.append((advantage(values(after), seat), action))
    return found


class HeuristicAgent:
    """One-step lookahead with a value estimate; ``noise`` is the share of random moves
    (an easier opponent)."""

    def __init__(self, values: Values, seed: int = 0, noise: float = 0.0, name: str = "medium"):
        self.values = values
        self.rng = Rng(seed)
        self.noise = noise
        self.name = name
        #: The last decision's weighing, best first; None when it was not weighed (the
        #: only choice, or a random one). For saying why it chose (``agents.reasons``).
        self.last_scored: list[tuple[float, Action]] | None = None

    def scored(self, obs: Observation) -> list[tuple[float, Action]]:
        """Each legal action with the advantage it leaves, best first."""
        found = look_ahead(self.values, obs, self.rng.next64() >> 1)
        found.sort(key=lambda pair: -pair[0])
        return found

    def act(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        self.last_scored = None
        if len(legal) == 1 or (self.noise and self.rng.below(1_000_000) < self.noise * 1e6):
            return self.rng.choice(legal)
        scored = self.last_scored = self.scored(obs)
        best = scored[0][0]
        return self.rng.choice([a for v, a in scored if v >= best - 1e-9])
