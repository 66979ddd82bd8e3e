"""The random agent: a uniform choice among the legal actions, from its own seeded stream."""

from __future__ import annotations

from typing import TYPE_CHECKING

from vaka.core.rng import Rng

if TYPE_CHECKING:
    from vaka.agents.base import Observation
    from vaka.core.game import Action


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, obs: Observation) -> Action:
        return self.rng.choice(obs.legal_actions)
