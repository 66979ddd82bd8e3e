"""Ratings by openskill's Plackett–Luce model: ranks from scores, ties, repeated agents."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from vaka.sim.match import MatchResult
from vaka.sim.rating import model_json, ranks, rate


def _match(agents: tuple[str, ...], scores: tuple[float, ...]) -> MatchResult:
    best = max(scores)
    winners = tuple(s for s, score in enumerate(scores) if score == best)
    return MatchResult(seed=0, agents=agents, scores=scores, winners=winners, actions=1)


def test_ranks_put_the_highest_score_first_and_ties_together() -> None:
    assert ranks([10, 30, 10, 20]) == [3, 1, 3, 2]
    assert ranks([5, 5]) == [1, 1]
    assert ranks([1.5, 2.5, 0.5]) == [2, 1, 3]


def test_distinct_agents_are_rated_exactly_as_openskill_rates_the_games_in_order() -> None:
    games = [
        _match(("a", "b", "c"), (30, 20, 10)),
        _match(("b", "c", "a"), (25, 25, 5)),  # b and c tie
        _match(("c", "a", "b"), (40, 10, 20)),
    ]
    model = PlackettLuce()
    players = {name: model.rating(name=name) for name in "abc"}
    for game in games:
        teams = [[players[name]] for name in game.agents]
        rated = model.rate(teams, ranks=[float(r) for r in ranks(game.scores)])
        for name, [new] in zip(game.agents, rated, strict=True):
            players[name] = new
    got = {r.agent: r for r in rate(games)}
    for name, expected in players.items():
        assert got[name].mu == pytest.approx(expected.mu, rel=1e-12)
        assert got[name].sigma == pytest.approx(expected.sigma, rel=1e-12)
        assert got[name].ordinal == pytest.approx(expected.ordinal(), rel=1e-12)


def test_a_constant_winner_rises_and_a_constant_loser_falls() -> None:
    games = [_match(("a", "b"), (2, 1)) for _ in range(10)]
    a, b = rate(games, ["a", "b"])
    assert a.agent == "a" and b.agent == "b"
    assert a.mu > 25 > b.mu
    assert a.sigma < 25 / 3 and b.sigma < 25 / 3
    assert a.ordinal > b.ordinal
    assert (a.entries, b.entries) == (10, 10)


def test_ties_move_no_mean() -> None:
    a, b = rate([_match(("a", "b"), (3, 3)) for _ in range(5)])
    assert a.mu == pytest.approx(25) and b.mu == pytest.approx(25)
    assert a.sigma < 25 / 3


def test_a_repeated_agent_gets_every_seat_and_seat_order_does_not_matter() -> None:
    one = rate([_match(("a", "b", "b"), (9, 5, 1)), _match(("b", "a", "b"), (2, 6, 4))])
    two = rate([_match(("b", "b", "a"), (1, 5, 9)), _match(("b", "b", "a"), (4, 2, 6))])
    by_name = {r.agent: r for r in two}
    for rating in one:
        assert rating.mu == pytest.approx(by_name[rating.agent].mu, rel=1e-12)
        assert rating.sigma == pytest.approx(by_name[rating.agent].sigma, rel=1e-12)
    a, b = one
    assert (a.entries, b.entries) == (2, 4)
    assert a.mu > 25 > b.mu


def test_an_agent_against_itself_keeps_its_mean() -> None:
    [only] = rate([_match(("x", "x", "x"), (3, 2, 1)) for _ in range(4)])
    assert only.mu == pytest.approx(25.0)
    assert only.entries == 12


def test_ratings_are_deterministic_and_ordered_by_the_list_given() -> None:
    games = [_match(("a", "b", "c"), (i % 3, (i + 1) % 3, 5)) for i in range(12)]
    assert rate(games, ["c", "a", "b"]) == rate(games, ["c", "a", "b"])
    assert [r.agent for r in rate(games, ["c", "a", "b"])] == ["c", "a", "b"]
    assert [r.agent for r in rate(games)] == ["a", "b", "c"]
    assert [r.agent for r in rate(games, ["z", "b"])] == ["b", "a", "c"]


def test_the_model_is_described() -> None:
    data = model_json()
    assert data["library"] == "openskill" and data["model"] == "PlackettLuce"
    assert data["mu"] == 25.0 and data["sigma"] == pytest.approx(25 / 3)
