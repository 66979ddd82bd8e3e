"""Agents: they see one seat's view and legal actions, never the true state."""

from __future__ import annotations

from collections.abc import Callable

from vaka.agents.base import Agent, Observation
from vaka.agents.random import RandomAgent
from vaka.core.errors import VakaError

#: Agent kinds by name; each factory takes a seed.
AGENTS: dict[str, Callable[[int], Agent]] = {"random": RandomAgent}


class UnknownAgent(VakaError, LookupError):
    """An agent name that no agent kind answers to."""

    def __str__(self) -> str:
        return str(self.args[0])


def make_agent(name: str, seed: int = 0) -> Agent:
    """A new agent of the named kind, seeded."""
    factory = AGENTS.get(name.strip().lower())
    if factory is None:
        raise UnknownAgent(f"unknown agent {name!r}; agents: {', '.join(sorted(AGENTS))}")
    return factory(seed)


__all__ = ["AGENTS", "Agent", "Observation", "RandomAgent", "UnknownAgent", "make_agent"]
