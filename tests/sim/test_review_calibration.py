"""The review's calibration run (scripts/review_calibration.py): what it saves can be
summed up and labelled again, and labelling again by win chance alone gives back what the
review itself said."""

from __future__ import annotations

import json
from pathlib import Path

from tests.scripts import run_script
from vaka.core.registry import load
from vaka.sim.review_labels import INACCURACY


def _run(*args: str) -> str:
    return run_script("review_calibration.py", *args)


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
    # Every candidate is kept: labelled again by win chance alone (Rapa Nui's own
    # yardstick), the run gives back the review's own labels, "only move" included.
    again = json.loads(_run("--read", str(out), "--points", "0"))["labels per agent"]
    assert again == json.loads(_run("--read", str(out)))["labels per agent"]


def test_a_game_that_counts_the_lead_is_labelled_again_as_its_review_labelled_it(
    tmp_path: Path,
) -> None:
    """Raiatea counts the final lead given up as well (``review_points``): labelled again
    with its points the run gives back the review's labels, and some of random play's
    errors are there only because the lead counts."""
    out = tmp_path / "cal.json"
    _run(
        "raiatea", "-p", "3", "-n", "1", "-a", "medium,random,random", "--budget", "1",
        "--horizon", "0", "--out", str(out),
    )  # fmt: skip
    saved = json.loads(out.read_text())
    points = str(load("raiatea").review_points)
    again = json.loads(_run("--read", str(out), "--points", points))["labels per agent"]
    assert again == saved["summary"]["labels per agent"]
    by_lead_only = [
        d
        for d in saved["decisions"]
        if d["label"] in ("inaccuracy", "mistake", "blunder")
        and max(c[0] for c in d["candidates"]) - d["candidates"][d["taken_at"]][0] < INACCURACY
    ]
    assert by_lead_only and all(d["agent"] == "random" for d in by_lead_only)
