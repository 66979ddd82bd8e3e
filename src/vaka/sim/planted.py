"""Positions whose right label is known, and the review's verdict on them.

A planted position is a decision of a game of medium bots where, played on by hard bots in
deals of what the seat could not see, one legal action (``good``) won nearly every time
and another (``bad``) nearly never (``scripts/plant_positions.py`` finds them). Planted,
the losing action must be labelled a mistake or a blunder and the winning one must not.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from vaka.agents import make_agent
from vaka.core.record import replay
from vaka.core.rng import derive_seed
from vaka.core.state import State
from vaka.sim.match import play, play_game
from vaka.sim.review import Budget, Decision, review_decision

#: The labels a planted losing move must get.
BAD = ("mistake", "blunder")


def before(entry: Mapping[str, Any]) -> State:
    """The medium bots' game of ``entry`` just before its planted decision."""
    game, players, seed = entry["game"], entry["players"], entry["seed"]
    return replay(play_game(game, ["medium"] * players, seed).record(), upto=entry["at"])


def planted_record(entry: Mapping[str, Any], action: str) -> dict[str, Any]:
    """The medium bots' game up to the decision, ``action`` there, and medium bots to the
    end (a review reads finished games)."""
    game, players, seed = entry["game"], entry["players"], entry["seed"]
    state = before(entry)
    state.apply(entry["seat"], action)
    play(state, [make_agent("medium", game, derive_seed(seed, "end", s)) for s in range(players)])
    return state.record()


@dataclass(frozen=True)
class Verdict:
    """The review of a planted position: its losing and its winning action."""

    bad: Decision
    good: Decision

    @property
    def bad_found(self) -> bool:
        """The losing action was labelled a mistake or a blunder."""
        return self.bad.label in BAD

    @property
    def good_kept(self) -> bool:
        """The winning action was not."""
        return self.good.label not in BAD


def verdict(entry: Mapping[str, Any], budget: Budget | None = None, seed: int = 1) -> Verdict:
    """Review ``entry``'s losing and winning action, each planted, at ``budget``."""
    budget = budget or Budget()
    at = entry["at"]
    bad = review_decision(planted_record(entry, entry["bad"]), at, budget, seed)
    good = review_decision(planted_record(entry, entry["good"]), at, budget, seed)
    return Verdict(bad, good)
