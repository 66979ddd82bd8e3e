"""Running many games: reproducible whatever the number of jobs, and summed up right."""

from __future__ import annotations

import json

import pytest

from vaka.agents import UnknownAgent
from vaka.core.errors import InvalidOptions, UnknownGame
from vaka.sim.match import MatchResult, play_match
from vaka.sim.runner import SimulationResult, game_seed, simulate

GAME = "rapa-nui"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_seed_same_results_whatever_the_jobs(players: int) -> None:
    one = simulate(GAME, ["random"] * players, games=20, seed=5, jobs=1)
    two = simulate(GAME, ["random"] * players, games=20, seed=5, jobs=2)
    assert one.matches == two.matches
    assert one.to_json() == two.to_json()
    assert one.games == 20 and one.players == players


def test_game_i_is_seeded_from_the_run_seed_and_i() -> None:
    result = simulate(GAME, ["random"] * 3, games=5, seed=9)
    assert [m.seed for m in result.matches] == [game_seed(9, i) for i in range(5)]
    assert result.matches[3] == play_match(GAME, ["random"] * 3, game_seed(9, 3))


def test_different_seeds_give_different_games() -> None:
    a = simulate(GAME, ["random"] * 3, games=10, seed=1)
    b = simulate(GAME, ["random"] * 3, games=10, seed=2)
    assert [m.seed for m in a.matches] != [m.seed for m in b.matches]
    assert [m.scores for m in a.matches] != [m.scores for m in b.matches]


@pytest.mark.parametrize("players", [2, 4])
def test_wins_add_up_to_the_number_of_games(players: int) -> None:
    result = simulate(GAME, ["random"] * players, games=20, seed=3)
    assert sum(seat.wins for seat in result.seats) == pytest.approx(20)
    for seat in result.seats:
        assert seat.win_rate.games == 20
        assert seat.win_rate.low <= seat.win_rate.rate <= seat.win_rate.high
        assert seat.score.n == 20
        assert seat.score.min <= seat.score.median <= seat.score.max
        assert seat.categories["total"] == pytest.approx(seat.score.mean)
    assert result.length.mean == pytest.approx(sum(m.actions for m in result.matches) / 20)


@pytest.mark.parametrize("jobs", [1, 2])
def test_progress_counts_up_to_the_number_of_games(jobs: int) -> None:
    seen: list[int] = []
    simulate(GAME, ["random"] * 2, games=30, seed=1, jobs=jobs, progress=seen.append)
    assert seen == sorted(seen)
    assert seen[-1] == 30
    assert all(0 < n <= 30 for n in seen)


def test_agent_names_are_normalized() -> None:
    result = simulate(GAME, [" Random", "RANDOM "], games=2, seed=1)
    assert result.agents == ("random", "random")


def test_to_json_is_json() -> None:
    result = simulate(GAME, ["random"] * 2, games=4, seed=1)
    data = json.loads(json.dumps(result.to_json()))
    assert data["game"] == GAME and data["games"] == 4 and data["players"] == 2
    assert data["agents"] == ["random", "random"]
    assert [s["seat"] for s in data["seats"]] == [0, 1]
    assert set(data["seats"][0]) == {"seat", "agent", "wins", "win_rate", "score", "categories"}
    assert set(data["length"]) == {"n", "mean", "median", "stdev", "min", "max"}


def _match(scores: tuple[float, ...], winners: tuple[int, ...], actions: int) -> MatchResult:
    return MatchResult(
        seed=0,
        agents=("a", "b"),
        scores=scores,
        winners=winners,
        actions=actions,
        breakdown=tuple({"x": s - 1, "y": 1.0, "total": s} for s in scores),
    )


def test_from_matches_counts_a_shared_win_as_a_half() -> None:
    matches = [_match((5, 5), (0, 1), 10), _match((7, 3), (0,), 20), _match((2, 9), (1,), 30)]
    result = SimulationResult.from_matches("g", ["a", "b"], 1, matches)
    assert [s.wins for s in result.seats] == [1.5, 1.5]
    assert result.seats[0].win_rate.rate == 0.5
    assert result.seats[0].score.mean == pytest.approx(14 / 3)
    assert result.seats[1].score.median == 5.0
    assert result.seats[0].categories == pytest.approx({"x": 11 / 3, "y": 1.0, "total": 14 / 3})
    assert (result.length.mean, result.length.median) == (20.0, 20.0)


def test_from_matches_needs_a_game() -> None:
    with pytest.raises(ValueError):
        SimulationResult.from_matches("g", ["a", "b"], 1, [])


def test_bad_input_is_refused_before_playing() -> None:
    with pytest.raises(UnknownGame, match=GAME):
        simulate("no-such-game", ["random"] * 2, games=1, seed=1)
    with pytest.raises(UnknownAgent):
        simulate(GAME, ["random", "nobody"], games=1, seed=1)
    with pytest.raises(InvalidOptions):
        simulate(GAME, ["random"] * 9, games=1, seed=1)
    with pytest.raises(InvalidOptions):
        simulate(GAME, ["random"] * 2, games=1, seed=1, no_such_option=1)
    with pytest.raises(ValueError, match="games"):
        simulate(GAME, ["random"] * 2, games=0, seed=1)
    with pytest.raises(ValueError, match="jobs"):
        simulate(GAME, ["random"] * 2, games=1, seed=1, jobs=0)
