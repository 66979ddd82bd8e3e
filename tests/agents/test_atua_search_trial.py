"""The search-settings trial (scripts/atua_search_trial.py): with no settings it plays the
games ``vaka simulate atua --agents hard,medium`` plays, and its table compares runs game by
game."""

from __future__ import annotations

import json
from pathlib import Path

from tests.scripts import run_script
from vaka.agents import search_agent
from vaka.core.registry import load
from vaka.core.rng import derive_seed
from vaka.games.atua.scoring import tahuma_breakdown
from vaka.games.atua.state import AtuaState
from vaka.sim.match import play, play_match
from vaka.sim.runner import game_seed


def _run(*args: str) -> str:
    return run_script("atua_search_trial.py", *args)


def test_default_settings_play_the_hard_bots_games(tmp_path: Path) -> None:
    out = tmp_path / "hard.jsonl"
    _run("-p", "2", "-n", "1", "--first", "1", "--seed", "12", "--out", str(out))
    (row,) = [json.loads(line) for line in out.read_text().splitlines()]
    # game 1 of the run seats the agents rotated: medium first, the search second
    match = play_match("atua", ("medium", "hard"), game_seed(12, 1))
    assert row["seat"] == 1 and row["index"] == 1
    assert row["score"] == match.scores[1] and row["rivals"] == [match.scores[0]]
    assert row["win"] == (1.0 if match.winners == (1,) else 0.5 if 1 in match.winners else 0.0)
    assert row["decisions"] > 10 and row["cpu"] > 0


def test_the_table_compares_runs_on_the_same_games(tmp_path: Path) -> None:
    few, more = tmp_path / "few.jsonl", tmp_path / "more.jsonl"
    for path, n in ((few, 5), (more, 10)):
        _run("-n", "2", "--seed", "3", "--set", f"iterations={n}", "--out", str(path))
    text = _run("--table", str(few), str(more))
    leads = {}
    for path in (few, more):
        rows = [json.loads(line) for line in path.read_text().splitlines()]
        assert [r["index"] for r in rows] == [0, 1]
        leads[path] = [r["score"] - max(r["rivals"]) for r in rows]
    lines = text.splitlines()
    assert lines[2].startswith("| few | 2 |") and lines[3].startswith("| more | 2 |")
    gain = sum(b - a for a, b in zip(leads[few], leads[more], strict=True)) / 2
    assert f"| {gain:+.2f} [" in lines[3]


def test_alone_the_rival_is_tahuma(tmp_path: Path) -> None:
    out = tmp_path / "solo.jsonl"
    _run("-p", "1", "-n", "1", "--seed", "11", "--set", "iterations=5", "--out", str(out))
    (row,) = [json.loads(line) for line in out.read_text().splitlines()]
    seed = game_seed(11, 0)
    state = load("atua").new_state(1, seed)
    play(state, [search_agent("atua", derive_seed(seed, "agent", 0), iterations=5)])
    assert isinstance(state, AtuaState)
    assert row["score"] == state.scores()[0]
    assert row["rivals"] == [tahuma_breakdown(state)["total"]]
    assert row["win"] == (1.0 if 0 in state.winners() else 0.0)
