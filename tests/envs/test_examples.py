"""The training example runs end to end with a tiny budget."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

ROOT = Path(__file__).resolve().parents[2]


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


def test_the_openspiel_ismcts_cross_check_runs_and_reports_intervals() -> None:
    pytest.importorskip("pyspiel")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts" / "crosscheck_ismcts.py"),
            "rapa-nui",
            "--games",
            "1",
            "--seconds",
            "0.002",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    for bot in ("hard", "medium"):
        row = re.search(rf"^{bot}\s+1\s+([0-9.]+)\s+\[([0-9.]+), ([0-9.]+)\]", done.stdout, re.M)
        assert row, done.stdout
        rate, low, high = map(float, row.groups())
        assert rate in (0.0, 0.5, 1.0) and low <= rate <= high
