"""The hard bot: the search, set up as measured best for a game at a player count.

The search judges the end of each rollout by the game's hand-written estimate
(``0.5 + 0.5 tanh(lead / 5)``) unless :data:`LEARNED_JUDGE` names the game at that player
count: there it reads the shipped learned win chance instead (:mod:`vaka.agents.learned`),
at as many iterations as take the CPU time that the hand-written search takes at its 300,
because a duel at equal CPU time per decision (``scripts/learned_search_duel.py``;
docs/AGENTS.md, "The hard bot with the learned judge") found it stronger there. Each entry
names the model the duel played: a model fitted anew is not used until it is measured again.

An agent factory knows the game, not the player count: the bot learns the count from each
observation and sets its judge and iterations for it (:class:`HardAgent`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vaka.agents.ismcts import ITERATIONS, IsmctsAgent
from vaka.agents.values import search_settings, values_for

if TYPE_CHECKING:
    from vaka.agents.base import Observation
    from vaka.agents.ismcts import Choice
    from vaka.core.state import State


@dataclass(frozen=True)
class Measured:
    """A game and player count where the learned judge made the search stronger at equal
    CPU time per decision."""

    model: str  #: the shipped model's version that the duel played
    iterations: int  #: the learned search's iterations in the CPU time of the hand-written 300
    duel: str  #: what the duel found, in words (docs/AGENTS.md has the commands)


#: Where the hard bot judges its leaves by the learned win chance, by game and player count.
LEARNED_JUDGE: dict[tuple[str, int], Measured] = {
    ("rapa-nui", 2): Measured(
        "rapa-nui-2p.1",
        182,
        "won 60.0% [53.1%, 66.5%] of 200 games against the hand-written judge at 300 "
        "iterations (fair 50%), 2026-12-05",
    ),
    ("rapa-nui", 3): Measured(
        "rapa-nui-3p.1",
        158,
        "won 41.0% [34.4%, 47.9%] of 200 games against two hand-written judges at 300 "
        "iterations (fair 33.3%), 2026-12-05",
    ),
    ("raiatea", 3): Measured(
        "raiatea-3p.1",
        152,
        "won 65.0% [55.3%, 73.6%] of 100 games against two hand-written judges at 300 "
        "iterations (fair 33.3%), 2026-12-05",
    ),
}


#: The expert bot searches this many times as long as the hard bot: its iterations, with its
#: judge (docs/AGENTS.md, "The expert bot": more time bought strength in two-player Rapa Nui).
EXPERT_TIMES = 4


def hard_settings(game_id: str, players: int) -> dict[str, Any]:
    """The hard bot's search settings for a game at a player count (``IsmctsAgent``'s
    arguments): the game's own (``Game.search_settings``), with the learned judge and its
    iterations where :data:`LEARNED_JUDGE` names the game at that count and the model it
    measured is the one shipped."""
    settings = search_settings(game_id)
    measured = LEARNED_JUDGE.get((game_id, players))
    if measured is None:
        return settings
    from vaka.agents.learned import shipped  # numpy, only where it is needed

    model = shipped(game_id, players)
    if model is None or model.version != measured.model:
        return settings
    return {**settings, "iterations": measured.iterations, "judge": model.win_chances}


class HardAgent(IsmctsAgent):
    """The hard bot of a game: the search with :func:`hard_settings` for the player count
    of each observation. ``times`` multiplies its iterations (a longer search of the same
    kind). Iterations or a judge given, here or by setting the attribute, win over the
    measured ones. With ``seconds``, the search runs to the deadline whatever its judge:
    where the learned judge is used, it searches less in the same time, as in the duel."""

    def __init__(
        self, game_id: str, seed: int = 0, times: float = 1.0, name: str = "hard", **given: Any
    ) -> None:
        self.game_id = game_id
        self.times = times
        self.players = 0  # the player count it is set up for (0: none yet)
        self._measured = search_settings(game_id)
        super().__init__(
            values_for(game_id), seed, name=name, **{**search_settings(game_id), **given}
        )
        # the search's own defaults came in through the setters: only what was given stays
        self._given = {k: given[k] for k in ("iterations", "judge") if k in given}

    @property
    def iterations(self) -> int:
        if "iterations" in self._given:
            return int(self._given["iterations"])
        measured: int = self._measured.get("iterations", ITERATIONS)
        return round(measured * self.times)

    @iterations.setter
    def iterations(self, value: int) -> None:
        self._given = {**getattr(self, "_given", {}), "iterations": value}

    @property
    def judge(self) -> Callable[[State], list[float]] | None:
        if "judge" in self._given:
            return self._given["judge"]  # type: ignore[no-any-return]
        return self._measured.get("judge")

    @judge.setter
    def judge(self, value: Callable[[State], list[float]] | None) -> None:
        self._given = {**getattr(self, "_given", {}), "judge": value}

    def setup(self, players: int) -> None:
        """Take the judge and iterations measured for a game of ``players`` seats."""
        if players != self.players:
            self._measured = hard_settings(self.game_id, players)
            self.players = players

    def analyse(self, obs: Observation) -> list[Choice]:
        self.setup(obs.players)
        return super().analyse(obs)


def hard_agent(game_id: str, seed: int = 0, **settings: Any) -> HardAgent:
    """The hard bot for a game, seeded (see :class:`HardAgent` for the settings)."""
    return HardAgent(game_id, seed, **settings)


def expert_agent(game_id: str, seed: int = 0) -> HardAgent:
    """The expert bot for a game, seeded: the hard bot searching :data:`EXPERT_TIMES` as
    long."""
    return HardAgent(game_id, seed, times=EXPERT_TIMES, name="expert")


__all__ = [
    "EXPERT_TIMES",
    "LEARNED_JUDGE",
    "HardAgent",
    "Measured",
    "expert_agent",
    "hard_agent",
    "hard_settings",
]
