"""The training example and the OpenSpiel cross-check run end to end with tiny budgets."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "crosscheck_ismcts.py"


def test_the_rapa_nui_training_example_trains_and_reports_win_rates() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "examples" / "train_rapanui.py"),
            "--games",
            "6",
            "--batch",
            "3",
            "--eval-games",
            "4",
            "--hidden",
            "8",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "trained on 6 games" in done.stdout
    for bot in ("random", "medium"):
        row = re.search(rf"^{bot}\s+4\s+([0-9.]+)\s+\[([0-9.]+), ([0-9.]+)\]$", done.stdout, re.M)
        assert row, done.stdout
        rate, low, high = map(float, row.groups())
        assert 0 <= low <= rate <= high <= 1


@pytest.mark.parametrize(
    ("game", "options", "bots"),
    [
        ("rapa-nui", [], ("hard", "medium")),
        ("rapa-nui", ["--bot", "pimc", "--determinizations", "2"], ("hard", "medium")),
        ("raiatea", ["--players", "3", "--opponents", "medium"], ("medium",)),
    ],
)
def test_the_openspiel_cross_check_runs_and_reports_intervals(
    game: str, options: list[str], bots: tuple[str, ...]
) -> None:
    pytest.importorskip("pyspiel")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [
            sys.executable,
            str(SCRIPT),
            game,
            "--games",
            "1",
            "--seconds",
            "0.002",
            *options,
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    players = int(options[options.index("--players") + 1]) if "--players" in options else 2
    assert f"fair share {1 / players:.3f}" in done.stdout
    for bot in bots:
        row = re.search(rf"^{bot}\s+1\s+([0-9.]+)\s+\[([0-9.]+), ([0-9.]+)\]", done.stdout, re.M)
        assert row, done.stdout
        rate, low, high = map(float, row.groups())
        assert any(abs(rate - v) < 1e-3 for v in (0, 1 / 3, 1 / 2, 1)) and low <= rate <= high


def test_pimc_searches_each_determinization_for_its_share_of_the_time() -> None:
    pytest.importorskip("pyspiel")
    spec = importlib.util.spec_from_file_location("crosscheck", SCRIPT)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    from vaka.core.rng import Rng
    from vaka.envs import openspiel as ops

    game = ops.load_game("rapa-nui", 2)
    state = game.new_initial_state()
    ops.resolve_chance(state, Rng(5))
    while len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    bot = script.Pimc(game, 0.2, 4, seed=1)
    started = time.perf_counter()
    action = bot.step(state)
    took = time.perf_counter() - started
    assert action in state.legal_actions()
    assert 0.2 <= took < 2.0  # its deadline, and not much past it on a busy machine
    assert bot.searches == 1 and bot.simulations >= 4 * 2  # at least two per guess
