"""The review's calibration run (scripts/review_calibration.py): what it saves can be
summed up and labelled again, and labelling again by win chance alone gives back what the
review itself said."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).parents[2] / "scripts" / "review_calibration.py"


def _run(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    return done.stdout


def test_a_saved_run_is_labelled_again_from_its_decisions(tmp_path: Path) -> None:
    out = tmp_path / "cal.json"
    _run(
        "rapa-nui", "-p", "2", "-n", "2", "-a", "medium,random", "--budget", "2", "--out", str(out)
    )
    saved = json.loads(out.read_text())
    assert {r["game"] for r in saved["rows"]} == {0, 1} and len(saved["rows"]) == 4
    judged = {a: 0 for a in ("medium", "random")}
    for d in saved["decisions"]:
        judged[d["agent"]] += 1
        assert d["best"][0] - d["taken"][0] == d["loss"]
    assert all(judged.values())
    # By win chance alone (points beyond any lead): the review's own labels, "only move"
    # (which needs the candidates' gap, not kept) folded into good.
    same = json.loads(_run("--read", str(out), "--points", "1e9"))["labels per agent"]
    first = json.loads(_run("--read", str(out)))["labels per agent"]
    for agent in judged:
        mine = same[agent]
        good = first[agent]["good"]["share"] + first[agent]["only move"]["share"]
        assert abs(mine["good"]["share"] - good) < 1e-9
        for worse in ("inaccuracy", "mistake", "blunder"):
            assert abs(mine[worse]["share"] - first[agent][worse]["share"]) < 1e-9
    # Counting points never makes a decision look better.
    strict = json.loads(_run("--read", str(out), "--points", "1"))["labels per agent"]
    for agent in judged:
        assert strict[agent]["good"]["share"] <= same[agent]["good"]["share"]
