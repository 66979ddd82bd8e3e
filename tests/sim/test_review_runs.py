"""Reviews attached to a tournament: summed up per agent, the same for any number of jobs."""

from __future__ import annotations

import statistics

import pytest

from vaka.sim.match import MatchResult, SeatReview, play_match
from vaka.sim.review import LABELS, Budget
from vaka.sim.review_runs import agent_reviews, mean_interval
from vaka.sim.runner import SimulationResult, game_seed, simulate
from vaka.sim.stats import wilson_interval

#: As small as a review gets: two candidates, one playout each, no second look.
TINY = Budget(playouts=1, candidates=2, iterations=5, confirm=False)


def counts(**given: int) -> dict[str, int]:
    return {label: given.get(label.replace(" ", "_"), 0) for label in (*LABELS, "forced")}


def match(agents: tuple[str, str], *reviews: SeatReview) -> MatchResult:
    return MatchResult(1, agents, (1.0, 2.0), (1,), 10, (), reviews)


def test_an_agents_reviews_are_summed_up_over_every_seat_it_took() -> None:
    matches = [
        match(
            ("a", "b"),
            SeatReview(0, 90.0, counts(good=8, blunder=2)),
            SeatReview(1, 60.0, counts(good=3, mistake=1, forced=4)),
        ),
        match(
            ("b", "a"),
            SeatReview(0, 70.0, counts(good=5, inaccuracy=1)),
            SeatReview(1, 80.0, counts(good=9, only_move=1)),
        ),
        match(
            ("a", "b"),
            SeatReview(0, None, counts(forced=2)),  # nothing judged
            SeatReview(1, 50.0, counts(blunder=1)),
        ),
    ]
    a, b = agent_reviews(matches, ["a", "b"])
    assert (a.agent, a.seat_games, a.decisions, a.forced) == ("a", 2, 20, 2)
    assert a.accuracy == pytest.approx(85.0)
    half = 1.959964 * statistics.stdev([90.0, 80.0]) / 2**0.5
    assert (a.low, a.high) == pytest.approx((85.0 - half, min(100.0, 85.0 + half)))
    assert a.labels["good"].count == 17 and a.labels["good"].share == pytest.approx(17 / 20)
    assert (a.labels["blunder"].low, a.labels["blunder"].high) == pytest.approx(
        wilson_interval(2, 20)
    )
    assert (b.seat_games, b.decisions, b.forced) == (3, 11, 4)
    assert b.accuracy == pytest.approx(60.0)
    assert sum(s.share for s in b.labels.values()) == pytest.approx(1.0)
    assert mean_interval([70.0]) == (0.0, 100.0)  # one seat-game tells nothing of the spread


def test_a_reviewed_tournament_is_the_same_for_any_jobs_and_plays_the_same_games() -> None:
    one = simulate("rapa-nui", ["medium", "random"], 2, 3, jobs=1, review=TINY)
    two = simulate("rapa-nui", ["medium", "random"], 2, 3, jobs=2, review=TINY)
    assert one.to_json() == two.to_json()
    assert one.matches == two.matches
    data = one.to_json()
    assert data["review_budget"]["playouts"] == 1
    assert [r["agent"] for r in data["reviews"]] == ["medium", "random"]
    plain = play_match("rapa-nui", ("medium", "random"), game_seed(3, 0))
    assert one.matches[0].scores == plain.scores  # reviewing changes no game
    for m in one.matches:
        assert [r.seat for r in m.reviews] == [0, 1]
        judged = sum(sum(r.labels[k] for k in LABELS) + r.labels["forced"] for r in m.reviews)
        assert judged == m.actions  # every decision of every seat was looked at
    unreviewed = SimulationResult.from_matches("rapa-nui", ["medium", "random"], 3, one.matches)
    assert "reviews" not in unreviewed.to_json()
