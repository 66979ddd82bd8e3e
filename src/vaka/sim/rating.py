"""Skill ratings for agents from multiplayer games, by the openskill library.

Each agent name gets one rating on the Weng–Lin Plackett–Luce model (openskill's
``PlackettLuce`` with its default parameters: mu 25, sigma 25/3, beta 25/6, tau 25/300).
The games are rated one after another in game order; in each, the seats are ranked by final
score (higher is better) and equal scores are ties, so the rulebook's tie-breaks, which
decide who *wins*, do not enter the rating.

When one agent name sits in several seats of a game (``medium,random,random``), every seat
is rated as its own entry from the agent's rating before the game, and the agent's rating
then takes all of those updates together: the changes of mu are added up, and so are the
variance reductions (the factors by which sigma² shrinks are multiplied). That is what
rating the entries one after another would give when each update is small, and it keeps the
result independent of the seats' order.

The result is deterministic: the same games in the same order give the same numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from importlib.metadata import version
from typing import Any

from openskill.models import PlackettLuce

from vaka.sim.match import MatchResult

#: Standard deviations taken off mu for the conservative ``ordinal`` (mu - 3 sigma).
ORDINAL_Z = 3.0


@dataclass(frozen=True)
class Rating:
    """One agent's skill estimate: mean, uncertainty, and the conservative ``ordinal``."""

    agent: str
    mu: float
    sigma: float
    #: Seat-games rated (an agent in two seats of a game counts twice).
    entries: int

    @property
    def ordinal(self) -> float:
        """``mu - 3 sigma``: the skill the agent very likely has at least."""
        return self.mu - ORDINAL_Z * self.sigma

    def to_json(self) -> dict[str, Any]:
        return {
            "agent": self.agent,
            "mu": self.mu,
            "sigma": self.sigma,
            "ordinal": self.ordinal,
            "entries": self.entries,
        }


def model() -> PlackettLuce:
    """The rating model, with openskill's default parameters."""
    return PlackettLuce()


def model_json() -> dict[str, Any]:
    """What produced the ratings: library, version, model and its parameters."""
    m = model()
    return {
        "library": "openskill",
        "version": version("openskill"),
        "model": "PlackettLuce",
        "mu": m.mu,
        "sigma": m.sigma,
        "beta": float(m.beta),
        "tau": m.tau,
        "ordinal": f"mu - {ORDINAL_Z:g} sigma",
    }


def ranks(scores: Sequence[float]) -> list[int]:
    """Competition ranks from scores: 1 for the best, equal scores share a rank.

    >>> ranks([10, 30, 10, 20])
    [3, 1, 3, 2]
    """
    return [1 + sum(other > score for other in scores) for score in scores]


def rate(matches: Sequence[MatchResult], agents: Sequence[str] = ()) -> tuple[Rating, ...]:
    """Rate every agent name of ``matches`` from the games in order.

    The ratings come in the order of ``agents`` (names not in ``matches`` are left out),
    then any other name in the order it first sat down.
    """
    pl = model()
    state: dict[str, tuple[float, float]] = {}
    entries: dict[str, int] = {}
    order = [name for name in dict.fromkeys(agents)]
    for match in matches:
        for name in match.agents:
            if name not in state:
                state[name] = (pl.mu, pl.sigma)
                entries[name] = 0
                if name not in order:
                    order.append(name)
        if len(match.agents) < 2:
            continue
        # A fresh rating object per seat: openskill updates the objects it is given.
        teams = [[pl.rating(*state[name])] for name in match.agents]
        new = pl.rate(teams, ranks=[float(r) for r in ranks(match.scores)])
        mu_change: dict[str, float] = {}
        shrink: dict[str, float] = {}
        for seat, name in enumerate(match.agents):
            mu, sigma = state[name]
            # openskill first widens sigma by tau, then narrows it by the game.
            widened = sigma * sigma + pl.tau * pl.tau
            after = new[seat][0]
            mu_change[name] = mu_change.get(name, 0.0) + (after.mu - mu)
            shrink[name] = shrink.get(name, 1.0) * (after.sigma * after.sigma / widened)
            entries[name] += 1
        for name, change in mu_change.items():
            mu, sigma = state[name]
            state[name] = (mu + change, ((sigma * sigma + pl.tau * pl.tau) * shrink[name]) ** 0.5)
    return tuple(
        Rating(agent=name, mu=state[name][0], sigma=state[name][1], entries=entries[name])
        for name in order
        if name in state
    )
