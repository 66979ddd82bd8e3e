"""Statistics over many games: win rates with honest error bars, and score summaries.

A win rate from a few hundred games is only an estimate, so it always travels with a 95%
interval. The Wilson score interval is used rather than the textbook ``p ± z·se``: it stays
inside [0, 1] and keeps its coverage when a seat almost never (or almost always) wins.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

# One game's win shares are the engine's (environments count returns by them too).
from vaka.core.state import win_shares as win_shares

#: The confidence level of every interval vaka reports unless told otherwise.
CONFIDENCE = 0.95


def z_score(confidence: float = CONFIDENCE) -> float:
    """The two-sided normal quantile for ``confidence`` (1.96 for 95%).

    >>> round(z_score(0.95), 3)
    1.96
    """
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be between 0 and 1, not {confidence!r}")
    return statistics.NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson_interval(
    successes: float, n: int, confidence: float = CONFIDENCE
) -> tuple[float, float]:
    """The Wilson score interval for ``successes`` out of ``n`` trials.

    ``successes`` may be fractional (a win shared by two seats counts one half to each).
    With no trials nothing is known, so the interval is all of [0, 1].

    >>> low, high = wilson_interval(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    >>> wilson_interval(0, 10)[0], wilson_interval(10, 10)[1]
    (0.0, 1.0)
    """
    if n < 0:
        raise ValueError(f"the number of trials cannot be negative, not {n!r}")
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be between 0 and {n}, not {successes!r}")
    if n == 0:
        return (0.0, 1.0)
    z = z_score(confidence)
    p = successes / n
    z2n = z * z / n
    denominator = 1 + z2n
    centre = (p + z2n / 2) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z2n / (4 * n)) / denominator
    # At 0 and n the exact bound is 0 (or 1); rounding would leave a hair above (below).
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return (low, high)


def mean_interval(values: Sequence[float], confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The normal interval of the mean of ``values`` (mean ± z·s/√n); with fewer than two
    values nothing is known of the spread, so it is the whole line.

    >>> low, high = mean_interval([1.0, 2.0, 3.0, 4.0])
    >>> round(low, 3), round(high, 3)
    (1.235, 3.765)
    >>> mean_interval([5.0])
    (-inf, inf)
    """
    if len(values) < 2:
        return (-math.inf, math.inf)
    mean = statistics.fmean(values)
    half = z_score(confidence) * statistics.stdev(values) / math.sqrt(len(values))
    return (mean - half, mean + half)


@dataclass(frozen=True)
class WinRate:
    """Wins out of games, with the rate and its confidence interval."""

    wins: float
    games: int
    low: float
    high: float
    confidence: float = CONFIDENCE

    @classmethod
    def of(cls, wins: float, games: int, confidence: float = CONFIDENCE) -> WinRate:
        """The win rate of ``wins`` (possibly fractional) out of ``games``.

        >>> r = WinRate.of(25, 100)
        >>> r.rate, r.low < 0.25 < r.high
        (0.25, True)
        """
        low, high = wilson_interval(wins, games, confidence)
        return cls(wins=wins, games=games, low=low, high=high, confidence=confidence)

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "wins": self.wins,
            "games": self.games,
            "rate": self.rate,
            "low": self.low,
            "high": self.high,
            "confidence": self.confidence,
        }


@dataclass(frozen=True)
class Summary:
    """The usual description of a list of numbers (scores, game lengths)."""

    n: int
    mean: float
    median: float
    stdev: float
    min: float
    max: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Summary:
        """Summarize ``values`` (at least one). The spread of a single value is 0.

        ``stdev`` is the sample standard deviation (n - 1), since the games played are a
        sample of all the games that could be played.

        >>> Summary.of([1, 2, 3, 10])
        Summary(n=4, mean=4.0, median=2.5, stdev=4.08248290463863, min=1.0, max=10.0)
        """
        if not values:
            raise ValueError("cannot summarize no values")
        data = [float(v) for v in values]
        return cls(
            n=len(data),
            mean=statistics.fmean(data),
            median=float(statistics.median(data)),
            stdev=statistics.stdev(data) if len(data) > 1 else 0.0,
            min=min(data),
            max=max(data),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "mean": self.mean,
            "median": self.median,
            "stdev": self.stdev,
            "min": self.min,
            "max": self.max,
        }
