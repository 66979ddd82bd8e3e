"""Running many games: reproducible whatever the number of jobs, and summed up right."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from vaka.agents import UnknownAgent
from vaka.core.errors import InvalidOptions, UnknownGame
from vaka.sim.match import MatchResult, play_match
from vaka.sim.runner import MIXED, SimulationResult, game_seed, seating, simulate

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
    assert set(data["seats"][0]) == {
        "seat",
        "agent",
        "agents",
        "wins",
        "win_rate",
        "score",
        "categories",
    }
    assert set(data["length"]) == {"n", "mean", "median", "stdev", "min", "max"}
    assert data["rotate"] is False  # one agent in every seat: nothing to rotate
    assert [a["agent"] for a in data["by_agent"]] == ["random"]
    assert set(data["by_agent"][0]) == {
        "agent",
        "games",
        "wins",
        "win_rate",
        "fair_share",
        "score",
        "categories",
        "seats",
    }
    assert set(data["ratings"][0]) == {"agent", "mu", "sigma", "ordinal", "entries"}
    assert data["rating_model"]["library"] == "openskill"
    assert data["rating_model"]["model"] == "PlackettLuce"


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
        simulate(GAME, ["random"] * 2, games=1, seed=1, options={"no_such_option": 1})
    with pytest.raises(ValueError, match="games"):
        simulate(GAME, ["random"] * 2, games=0, seed=1)
    with pytest.raises(ValueError, match="jobs"):
        simulate(GAME, ["random"] * 2, games=1, seed=1, jobs=0)


# --- seat rotation -------------------------------------------------------------------------


def test_seating_rotates_the_list_by_the_game_index() -> None:
    names = ["a", "b", "c"]
    assert [seating(names, i) for i in range(4)] == [
        ("a", "b", "c"),
        ("b", "c", "a"),
        ("c", "a", "b"),
        ("a", "b", "c"),
    ]
    assert seating(names, 2, rotate=False) == ("a", "b", "c")


@pytest.mark.parametrize(
    "agents",
    [["medium", "random"], ["medium", "random", "random"], ["easy", "random", "medium", "random"]],
)
def test_rotation_puts_each_agent_in_each_seat_equally(agents: list[str]) -> None:
    players = len(agents)
    games = 2 * players
    result = simulate(GAME, agents, games=games, seed=4)
    assert result.rotate
    assert [m.agents for m in result.matches] == [seating(agents, i) for i in range(games)]
    assert [m.seed for m in result.matches] == [game_seed(4, i) for i in range(games)]
    listed = Counter(agents)  # how often each name is in the list
    for seat in range(players):
        sat = Counter(m.agents[seat] for m in result.matches)
        assert sat == {name: 2 * k for name, k in listed.items()}
        assert result.seats[seat].agents == sat
        assert result.seats[seat].agent == MIXED
    for stats in result.by_agent:
        assert stats.seats == (2 * listed[stats.agent],) * players
        assert stats.games == games * listed[stats.agent]


def test_no_rotation_keeps_agent_i_in_seat_i() -> None:
    agents = ["medium", "random", "random"]
    result = simulate(GAME, agents, games=5, seed=4, rotate=False)
    assert not result.rotate
    assert all(m.agents == tuple(agents) for m in result.matches)
    assert [s.agent for s in result.seats] == agents
    assert result.seats[0].agents == {"medium": 5}
    assert result.agent("medium").seats == (5, 0, 0)
    assert result.agent("random").seats == (0, 5, 5)


def test_rotated_runs_are_the_same_whatever_the_jobs() -> None:
    agents = ["medium", "random", "random"]
    one = simulate(GAME, agents, games=24, seed=8, jobs=1)
    two = simulate(GAME, agents, games=24, seed=8, jobs=2)
    assert one.matches == two.matches
    assert one.by_agent == two.by_agent
    assert one.ratings == two.ratings
    assert one.to_json() == two.to_json()
    assert json.dumps(one.to_json()) == json.dumps(two.to_json())  # to the last digit


# --- per agent -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def medium_vs_random() -> SimulationResult:
    return simulate(GAME, ["medium", "random", "random"], games=60, seed=1)


def test_per_agent_wins_add_up_to_the_number_of_games(medium_vs_random: SimulationResult) -> None:
    result = medium_vs_random
    assert [a.agent for a in result.by_agent] == ["medium", "random"]
    assert sum(a.wins for a in result.by_agent) == pytest.approx(60)
    assert sum(a.wins for a in result.by_agent) == pytest.approx(sum(s.wins for s in result.seats))
    medium, rand = result.agent("medium"), result.agent("random")
    assert medium.games == 60 and rand.games == 120  # random plays two seats a game
    assert rand.score.n == 120
    assert medium.fair_share == rand.fair_share == pytest.approx(1 / 3)
    for stats in result.by_agent:
        assert stats.win_rate.low <= stats.win_rate.rate <= stats.win_rate.high
        assert stats.categories["total"] == pytest.approx(stats.score.mean)
    # the entries of all agents are all the seat-games of the run
    all_scores = [s for m in result.matches for s in m.scores]
    assert medium.score.mean * 60 + rand.score.mean * 120 == pytest.approx(sum(all_scores))


def test_the_stronger_agent_is_rated_higher_and_wins_more_than_its_share(
    medium_vs_random: SimulationResult,
) -> None:
    result = medium_vs_random
    medium, rand = result.rating("medium"), result.rating("random")
    assert medium.mu > rand.mu
    assert medium.ordinal > rand.ordinal
    assert medium.ordinal == pytest.approx(medium.mu - 3 * medium.sigma)
    assert (medium.entries, rand.entries) == (60, 120)
    assert result.agent("medium").win_rate.low > result.fair_share
    assert result.agent("random").win_rate.high < result.fair_share


def test_per_agent_counts_each_seat_as_an_entry() -> None:
    matches = [
        MatchResult(0, ("a", "b", "b"), (9, 5, 1), (0,), 10, _breakdowns((9, 5, 1))),
        MatchResult(0, ("b", "a", "b"), (7, 7, 2), (0, 1), 10, _breakdowns((7, 7, 2))),
    ]
    result = SimulationResult.from_matches("g", ["a", "b", "b"], 1, matches)
    a, b = result.agent("a"), result.agent("b")
    assert (a.games, b.games) == (2, 4)
    assert (a.wins, b.wins) == (1.5, 0.5)
    assert a.win_rate.rate == 0.75 and b.win_rate.rate == 0.125
    assert a.score.mean == 8.0 and b.score.mean == pytest.approx(15 / 4)
    assert a.categories == pytest.approx({"x": 7.0, "y": 1.0, "total": 8.0})
    assert a.seats == (1, 1, 0) and b.seats == (1, 1, 2)
    assert result.seats[0].agents == {"a": 1, "b": 1}
    assert result.seats[2].agent == "b"
    with pytest.raises(KeyError):
        result.agent("c")


def _breakdowns(scores: tuple[float, ...]) -> tuple[dict[str, float], ...]:
    return tuple({"x": s - 1, "y": 1.0, "total": s} for s in scores)
