"""Agents: they see one seat's view and legal actions, never the true state.

Levels people understand, for ``vaka play --bots`` and ``vaka simulate --agents``:

=========  ==============================================================
random     any legal action
easy       the heuristic agent, but a third of its moves are random
medium     the heuristic agent: one step ahead with the game's value estimate
hard       information-set MCTS, 300 searches per decision; where the learned win
           chance measured stronger at equal time (Rapa Nui at two and three
           players, Raiatea at three), it judges by that, with the searches that fit
           in the same time (182, 158 and 152; ``vaka.agents.hard``)
expert     the hard bot searching four times as long (four times its searches)
=========  ==============================================================

``heuristic`` and ``ismcts`` name medium and hard.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from vaka.agents.base import Agent, Observation
from vaka.agents.hard import HardAgent, expert_agent, hard_agent
from vaka.agents.heuristic import HeuristicAgent
from vaka.agents.ismcts import IsmctsAgent
from vaka.agents.random import RandomAgent
from vaka.agents.values import score_so_far, search_settings, values_for
from vaka.core.errors import VakaError
from vaka.i18n import _


class UnknownAgent(VakaError, LookupError):
    """An agent name that no agent kind answers to (for this game)."""

    def __str__(self) -> str:
        return str(self.args[0])


def _heuristic(noise: float, name: str) -> Callable[[str, int], Agent]:
    def make(game_id: str, seed: int) -> Agent:
        # A game without an estimate of its own still gets a greedy bot: the score so far.
        values = values_for(game_id) or score_so_far
        return HeuristicAgent(values, seed, noise=noise, name=name)

    return make


def search_agent(game_id: str, seed: int, **settings: Any) -> IsmctsAgent:
    """The search with a game's value estimate and search settings
    (``Game.search_settings``), judging its leaves by the hand-written estimate, with any
    other settings of :class:`IsmctsAgent` given. The hard bot (:func:`hard_agent`) is
    this search, set up for the player count where the learned judge measured stronger."""
    return IsmctsAgent(values_for(game_id), seed, **{**search_settings(game_id), **settings})


def _hard(game_id: str, seed: int) -> Agent:
    return hard_agent(game_id, seed)


#: Agent kinds by name; each factory takes the game id and a seed.
AGENTS: dict[str, Callable[[str, int], Agent]] = {
    "random": lambda game_id, seed: RandomAgent(seed),
    "easy": _heuristic(1 / 3, "easy"),
    "medium": _heuristic(0.0, "medium"),
    "hard": _hard,
    "expert": expert_agent,
    "heuristic": _heuristic(0.0, "heuristic"),
    "ismcts": _hard,
}


#: Other names agents answer to, by the level they play (a server seat takes the level).
ALIASES = {"heuristic": "medium", "ismcts": "hard"}


def level_of(name: str) -> str:
    """The level an agent name plays: ``ismcts`` is hard, ``heuristic`` medium."""
    name = name.strip().lower()
    return ALIASES.get(name, name)


def default_level(game_id: str) -> str:
    """The level bots play at unless told otherwise: medium where the game has the
    knowledge for it, else random."""
    return "medium" if values_for(game_id) is not None else "random"


def make_agent(name: str, game_id: str, seed: int = 0) -> Agent:
    """A new agent of the named kind for a game, seeded."""
    factory = AGENTS.get(name.strip().lower())
    if factory is None:
        raise UnknownAgent(
            _("unknown agent {name}; agents: {agents}").format(
                name=repr(name), agents=", ".join(AGENTS)
            )
        )
    return factory(game_id, seed)


__all__ = [
    "AGENTS",
    "ALIASES",
    "Agent",
    "HardAgent",
    "HeuristicAgent",
    "IsmctsAgent",
    "Observation",
    "RandomAgent",
    "UnknownAgent",
    "default_level",
    "hard_agent",
    "level_of",
    "make_agent",
    "search_agent",
]
