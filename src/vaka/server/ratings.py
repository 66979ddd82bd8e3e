"""People's ratings: one openskill rating per person and game, and how a finished table
moves them (docs/RATINGS.md says why it is done this way).

The model is the tournaments' (:func:`vaka.sim.rating.model`: Weng–Lin Plackett–Luce with
openskill's defaults). Only people with accounts are rated; a bot's or a guest's seat is
left out, and the people are ranked among themselves. The number shown is conservative:
``1000 + 50 × (μ − 3σ)``, the skill a person very likely has at least, on a friendlier
scale; it starts at 1000 and rises as the server grows sure of someone's strength.

Nothing here touches storage: :mod:`vaka.server.results` stores what this computes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from vaka.sim.rating import model

#: The conservative display number: ``BASE + SCALE × (μ − Z σ)``.
Z, SCALE, BASE = 3.0, 50.0, 1000.0
MU, SIGMA = model().mu, model().sigma  # a newcomer's rating


def shown(mu: float, sigma: float) -> int:
    """The number people see for a rating (``1000 + 50 × (μ − 3σ)``, rounded)."""
    return round(model().rating(mu, sigma).ordinal(Z, SCALE, BASE))


@dataclass(frozen=True)
class Outcome:
    """How one seat ended a game."""

    seat: int
    score: float
    won: bool
    #: resigned or ran out of time: a bot played the seat on, and its score is not the
    #: person's (it ranks below every seat that played on)
    left: bool = False

    @property
    def key(self) -> tuple[bool, bool, float]:
        return (not self.left, self.won, self.score)


def places(outcomes: Sequence[Outcome]) -> list[int]:
    """Competition places (1 is best; equals share a place): the seats that played on
    before those that left, the game's winners (its tie-breaks included) before the rest,
    then the higher score. Seats alike in all three tie.

    >>> places([Outcome(0, 30, True), Outcome(1, 30, False), Outcome(2, 10, False)])
    [1, 2, 3]
    >>> places([Outcome(0, 30, True), Outcome(1, 30, True), Outcome(2, 50, False, left=True)])
    [1, 1, 3]
    """
    keys = [o.key for o in outcomes]
    return [1 + sum(other > key for other in keys) for key in keys]


def rate(before: Sequence[tuple[float, float]], ranks: Sequence[int]) -> list[tuple[float, float]]:
    """The ratings (μ, σ) after one game of the people rated ``before``, in that order,
    finishing at ``ranks`` among themselves (1 is best; equal ranks tie)."""
    if len(before) < 2:
        return list(before)
    pl = model()
    teams = [[pl.rating(mu, sigma)] for mu, sigma in before]
    after = pl.rate(teams, ranks=[float(r) for r in ranks])
    return [(team[0].mu, team[0].sigma) for team in after]
