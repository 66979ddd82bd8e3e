"""``vaka simulate`` run as a user would: a real process, its output and exit status."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.cli.process import vaka
from vaka.cli.main import app


def simulate_json(*args: str) -> dict[str, Any]:
    done = vaka("simulate", *args, "--json")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""  # no progress bar when stderr is not a terminal
    data: dict[str, Any] = json.loads(done.stdout)  # stdout holds nothing but the JSON
    return data


@pytest.fixture(scope="module")
def three_players() -> dict[str, Any]:
    return simulate_json("rapa-nui", "--players", "3", "--games", "20", "--seed", "1")


def test_json_output(three_players: dict[str, Any]) -> None:
    data = three_players
    assert data["game"] == "rapa-nui"
    assert data["players"] == 3 and data["games"] == 20 and data["seed"] == 1
    assert data["agents"] == ["random"] * 3
    assert [seat["seat"] for seat in data["seats"]] == [0, 1, 2]
    assert sum(seat["wins"] for seat in data["seats"]) == pytest.approx(20)
    for seat in data["seats"]:
        rate = seat["win_rate"]
        assert rate["low"] <= rate["rate"] <= rate["high"]
        assert rate["confidence"] == 0.95
        assert seat["score"]["n"] == 20
        assert "total" in seat["categories"]
    assert data["length"]["n"] == 20 and data["length"]["min"] > 0


def test_jobs_do_not_change_the_results(three_players: dict[str, Any]) -> None:
    parallel = simulate_json(
        "rapa-nui", "--players", "3", "--games", "20", "--seed", "1", "--jobs", "2"
    )
    assert parallel == three_players


def test_another_seed_gives_other_games(three_players: dict[str, Any]) -> None:
    other = simulate_json("rapa-nui", "--players", "3", "--games", "20", "--seed", "2")
    assert other["seats"] != three_players["seats"]


def test_players_default_to_the_most_the_game_allows() -> None:
    assert simulate_json("rapa-nui", "--games", "2")["players"] == 4


def test_an_agent_list_sets_the_players() -> None:
    data = simulate_json("rapa-nui", "--games", "2", "--agents", "random,random")
    assert data["players"] == 2 and data["agents"] == ["random", "random"]


def test_table_output() -> None:
    done = vaka("simulate", "rapa-nui", "-p", "2", "-n", "10")
    assert done.returncode == 0, done.stderr
    for text in ("Rapa Nui: 10 games, 2 players, seed 1", "win rate", "95% CI", "median"):
        assert text in done.stdout
    assert "Game length: mean" in done.stdout and "actions" in done.stdout


def test_unknown_game_exits_2_naming_the_known_games() -> None:
    done = vaka("simulate", "monopoly", "--games", "1")
    assert done.returncode == 2
    assert "unknown game 'monopoly'" in done.stderr
    assert "rapa-nui" in done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout == ""


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "0"], "--games"),
        (["--jobs", "0"], "--jobs"),
        (["--players", "9"], "2-4 players"),
        (["--players", "0"], "--players"),
        (["--agents", "random,nobody"], "unknown agent 'nobody'"),
        (["--agents", "random,random", "--players", "3"], "--agents"),
    ],
)
def test_bad_input_exits_2(args: list[str], message: str) -> None:
    # In-process (a real process costs a second each): same app, same exit status.
    done = CliRunner().invoke(app, ["simulate", "rapa-nui", "--games", "1", *args])
    assert done.exit_code == 2
    assert message in done.stderr
    assert done.exception is None or isinstance(done.exception, SystemExit)
    assert done.stdout == ""


def test_help_teaches_by_example() -> None:
    done = CliRunner().invoke(app, ["simulate", "--help"], env={"COLUMNS": "120"})
    assert done.exit_code == 0
    assert "Examples" in done.stdout
    assert "vaka simulate rapa-nui --json" in done.stdout
