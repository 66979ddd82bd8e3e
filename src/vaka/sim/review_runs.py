"""Reviews attached to a tournament (``vaka simulate --review``): which decisions separate
the bots.

Each game of a run is reviewed for every seat right after it is played, in the worker that
played it (:func:`reviewed_match`), seeded by the game's seed: the reviews, like the
games, depend on the run's seed and never on ``--jobs``. Per agent the seat-games' review
accuracies are summed up as a mean with a 95% interval, and the labels of all its judged
decisions as shares with Wilson intervals (:func:`agent_reviews`).
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from vaka.core.rng import derive_seed
from vaka.sim import stats
from vaka.sim.match import MatchResult, SeatReview, match_result, play_game
from vaka.sim.review import LABELS, Budget, review_game
from vaka.sim.stats import CONFIDENCE, wilson_interval


def reviewed_match(
    game_id: str,
    agent_names: Sequence[str],
    seed: int,
    budget: Budget,
    options: Mapping[str, Any],
) -> MatchResult:
    """One game, as :func:`~vaka.sim.match.play_match` plays it, with every seat's review
    (seeded ``derive_seed(seed, "review")``)."""
    state = play_game(game_id, agent_names, seed, **options)
    review = review_game(state.record(), budget=budget, seed=derive_seed(seed, "review"))
    reviews = tuple(SeatReview(r.seat, r.accuracy, dict(r.labels)) for r in review.seat_reports())
    result = match_result(state, agent_names, seed)
    return replace(result, reviews=reviews)


@dataclass(frozen=True)
class Share:
    """A label's share of an agent's judged decisions, with its interval."""

    count: int
    share: float
    low: float
    high: float

    def to_json(self) -> dict[str, Any]:
        return {"count": self.count, "share": self.share, "ci95": [self.low, self.high]}


@dataclass(frozen=True)
class AgentReview:
    """What the reviews said of one agent over a run."""

    agent: str
    seat_games: int  # its seat-games with at least one judged decision
    accuracy: float | None  # the mean of their accuracies (0-100)
    low: float  # its 95% interval (normal; 0-100 with fewer than two seat-games)
    high: float
    decisions: int  # decisions judged (forced ones are not)
    forced: int
    labels: dict[str, Share]

    def to_json(self) -> dict[str, Any]:
        return {
            "agent": self.agent,
            "seat_games": self.seat_games,
            "accuracy": self.accuracy,
            "accuracy_ci95": [self.low, self.high],
            "decisions": self.decisions,
            "forced": self.forced,
            "labels": {name: share.to_json() for name, share in self.labels.items()},
        }


def mean_interval(values: Sequence[float], confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The normal interval of a mean of 0-100 values, clipped to 0-100 (all of it with
    fewer than two values: nothing is known of the spread)."""
    low, high = stats.mean_interval(values, confidence)
    return (max(0.0, low), min(100.0, high))


def agent_reviews(
    matches: Sequence[MatchResult], names: Sequence[str], confidence: float = CONFIDENCE
) -> tuple[AgentReview, ...]:
    """Per agent name (in ``names``' order), over every seat it took in a reviewed game."""
    found = []
    for name in names:
        mine = [
            review
            for match in matches
            for review in match.reviews
            if match.agents[review.seat] == name
        ]
        rated = [r.accuracy for r in mine if r.accuracy is not None]
        counts = {label: sum(r.labels.get(label, 0) for r in mine) for label in LABELS}
        judged = sum(counts.values())
        low, high = mean_interval(rated, confidence)
        found.append(
            AgentReview(
                agent=name,
                seat_games=len(rated),
                accuracy=statistics.fmean(rated) if rated else None,
                low=low,
                high=high,
                decisions=judged,
                forced=sum(r.labels.get("forced", 0) for r in mine),
                labels={
                    label: Share(
                        count,
                        count / judged if judged else 0.0,
                        *wilson_interval(count, judged, confidence),
                    )
                    for label, count in counts.items()
                },
            )
        )
    return tuple(found)
