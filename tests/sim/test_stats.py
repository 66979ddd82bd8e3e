"""Win-rate intervals and summaries, checked against values worked out by hand."""

from __future__ import annotations

import statistics

import pytest

from vaka.core.state import win_shares
from vaka.sim.stats import Summary, WinRate, wilson_interval, z_score


def test_z_for_95_percent_is_1_96() -> None:
    assert z_score(0.95) == pytest.approx(1.959964, abs=1e-6)
    assert z_score(0.99) == pytest.approx(2.575829, abs=1e-6)


@pytest.mark.parametrize(
    ("successes", "n", "low", "high"),
    [
        # Wilson score interval at 95%, computed independently of this code.
        (50, 100, 0.40383, 0.59617),
        (1, 10, 0.01788, 0.40415),
        (0, 10, 0.0, 0.27753),  # upper bound z²/(n+z²)
        (10, 10, 0.72247, 1.0),
        (5, 10, 0.23659, 0.76341),
        (250, 1000, 0.22415, 0.27776),
    ],
)
def test_wilson_known_values(successes: float, n: int, low: float, high: float) -> None:
    got = wilson_interval(successes, n)
    assert got == pytest.approx((low, high), abs=1e-5)


def test_wilson_edges_are_exact() -> None:
    assert wilson_interval(0, 7)[0] == 0.0
    assert wilson_interval(7, 7)[1] == 1.0
    assert 0.0 < wilson_interval(0, 7)[1] < 1.0
    assert 0.0 < wilson_interval(7, 7)[0] < 1.0


@pytest.mark.parametrize("n", [1, 2, 3, 7, 20, 101])
def test_wilson_contains_the_rate_and_stays_in_unit_interval(n: int) -> None:
    for half_wins in range(2 * n + 1):
        successes = half_wins / 2  # shared wins make fractional counts
        low, high = wilson_interval(successes, n)
        assert 0.0 <= low <= successes / n <= high <= 1.0
        assert low < high


def test_wilson_is_symmetric() -> None:
    low, high = wilson_interval(13, 40)
    mirror_low, mirror_high = wilson_interval(27, 40)
    assert low == pytest.approx(1 - mirror_high)
    assert high == pytest.approx(1 - mirror_low)


def test_wilson_narrows_with_more_games_and_widens_with_confidence() -> None:
    def width(interval: tuple[float, float]) -> float:
        return interval[1] - interval[0]

    assert width(wilson_interval(500, 1000)) < width(wilson_interval(50, 100))
    assert width(wilson_interval(50, 100, 0.99)) > width(wilson_interval(50, 100, 0.95))


def test_wilson_without_games_knows_nothing() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(("successes", "n"), [(-1, 10), (11, 10), (0, -1)])
def test_wilson_refuses_impossible_counts(successes: float, n: int) -> None:
    with pytest.raises(ValueError):
        wilson_interval(successes, n)


@pytest.mark.parametrize("confidence", [0.0, 1.0, -0.5, 95])
def test_confidence_must_be_a_probability(confidence: float) -> None:
    with pytest.raises(ValueError):
        z_score(confidence)


def test_win_shares_split_a_shared_win() -> None:
    assert win_shares([1], 3) == [0.0, 1.0, 0.0]
    assert win_shares([0, 1, 3], 4) == pytest.approx([1 / 3, 1 / 3, 0.0, 1 / 3])
    assert sum(win_shares([0, 1, 2], 3)) == pytest.approx(1.0)
    assert win_shares([], 2) == [0.0, 0.0]


def test_win_rate() -> None:
    rate = WinRate.of(12.5, 50)
    assert rate.rate == 0.25
    assert (rate.low, rate.high) == wilson_interval(12.5, 50)
    assert rate.low < rate.rate < rate.high
    data = rate.to_json()
    assert data["wins"] == 12.5 and data["games"] == 50 and data["rate"] == 0.25
    assert data["confidence"] == 0.95


def test_summary_matches_the_statistics_module() -> None:
    values = [3.0, 9.0, 1.0, 4.0, 4.0, 12.5]
    summary = Summary.of(values)
    assert summary.n == 6
    assert summary.mean == pytest.approx(statistics.mean(values))
    assert summary.median == 4.0
    assert summary.stdev == pytest.approx(statistics.stdev(values))
    assert (summary.min, summary.max) == (1.0, 12.5)
    assert summary.to_json() == {
        "n": 6,
        "mean": summary.mean,
        "median": 4.0,
        "stdev": summary.stdev,
        "min": 1.0,
        "max": 12.5,
    }


def test_summary_of_one_value_has_no_spread() -> None:
    assert Summary.of([7]) == Summary(n=1, mean=7.0, median=7.0, stdev=0.0, min=7.0, max=7.0)


def test_summary_of_nothing_is_refused() -> None:
    with pytest.raises(ValueError):
        Summary.of([])
