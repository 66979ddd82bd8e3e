"""scripts/learn_values.py on a small sample: bot games' positions made, then the shipped
model measured on them (Brier score, calibration per tenth, the reliability plot), and a
model recalibrated on games of another seed."""

from __future__ import annotations

import json
import subprocess
from importlib import resources
from pathlib import Path

import numpy as np
import pytest

from tests.scripts import run_script
from vaka.agents.learned import from_json

MODELS = resources.files("vaka.agents").joinpath("models")


def make_data(out: Path, games: int, seed: int, *more: str) -> str:
    """Two-player Rapa Nui positions of ``games`` bot games of ``seed`` into ``out``."""
    return run_script(
        "learn_values.py",
        "data",
        "rapa-nui",
        "-p",
        "2",
        "-n",
        str(games),
        "--seed",
        str(seed),
        *more,
        "--out",
        str(out),
    )


def test_data_then_calibration_on_a_few_games(tmp_path: Path) -> None:
    data = tmp_path / "rn.npz"
    said = make_data(data, 4, 77, "--keep", "0.2")
    assert "4 games" in said
    made = np.load(data)
    x, win, game = made["x"], made["win"], made["game"]
    assert len(x) == len(win) == len(game) > 0 and set(np.unique(game)) <= set(range(4))
    assert set(np.unique(win)) <= {0.0, 0.5, 1.0}
    # each position is read from both seats' sides: their shares add up to 1
    seats = made["seat"].astype(int)
    assert np.all(win[seats == 0] + win[seats == 1] == 1.0)
    plot, out = tmp_path / "r.png", tmp_path / "r.json"
    said = run_script(
        "learn_values.py", "calibrate", str(data), "--plot", str(plot), "--json", str(out)
    )
    assert "learned: Brier" in said and "hand-written: Brier" in said
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    result = json.loads(out.read_text())
    assert result["model"] == "rapa-nui-2p.1"
    for name in ("learned", "hand-written"):
        m = result[name]
        assert 0.0 <= m["brier"] <= 1.0 and m["rows"] == len(x) and m["games"] == 4
        tenths = [t for t in m["tenths"] if t["rows"]]
        assert sum(t["rows"] for t in tenths) == len(x)
        for t in tenths:
            assert t["tenth"] / 10 <= t["predicted"] <= (t["tenth"] + 1) / 10
            assert t["interval"][0] <= t["won"] <= t["interval"][1]


def test_recalibrate_writes_platt_scaling_into_a_model_and_refuses_its_own_games(
    tmp_path: Path,
) -> None:
    """Fitted on games of another seed, the calibration goes into the file with where it was
    fitted, and the file reads back with it; games the model was fitted on are refused and
    leave the file as it was."""
    data = tmp_path / "rn.npz"
    make_data(data, 6, 78)
    model = tmp_path / "rapa-nui-2p.json"
    shipped_text = (MODELS / "rapa-nui-2p.json").read_text()
    model.write_text(shipped_text)
    said = run_script("learn_values.py", "recalibrate", str(data), "--model", str(model))
    assert "before Brier" in said and "after  Brier" in said
    written = json.loads(model.read_text())
    assert written["calibration"]["fitted_on"] == "seed 78, 6 games"
    fitted = from_json(written)
    assert fitted.slope > 0 and (fitted.slope, fitted.shift) != (1.0, 0.0)
    # everything but the calibration and the model's name is the shipped model's
    assert written["model"] == "rapa-nui-2p.1+platt"
    kept = {k: v for k, v in written.items() if k not in ("calibration", "model")}
    assert kept == {k: v for k, v in json.loads(shipped_text).items() if k != "model"}
    trained = tmp_path / "rn1.npz"
    make_data(trained, 2, 1)
    before = model.read_text()
    with pytest.raises(subprocess.CalledProcessError) as refused:
        run_script("learn_values.py", "recalibrate", str(trained), "--model", str(model))
    assert "seed 1" in refused.value.stderr
    assert model.read_text() == before


def test_recalibrate_pools_games_of_several_seeds(tmp_path: Path) -> None:
    """Several seeds' games make one fit, named by all of them; a seed given twice is
    refused."""
    a, b = tmp_path / "a.npz", tmp_path / "b.npz"
    make_data(a, 4, 78)
    make_data(b, 3, 79)
    model = tmp_path / "rapa-nui-2p.json"
    model.write_text((MODELS / "rapa-nui-2p.json").read_text())
    with pytest.raises(subprocess.CalledProcessError) as twice:
        run_script("learn_values.py", "recalibrate", str(a), str(a), "--model", str(model))
    assert "one seed" in twice.value.stderr
    run_script("learn_values.py", "recalibrate", str(a), str(b), "--model", str(model))
    written = json.loads(model.read_text())
    assert written["calibration"]["fitted_on"] == "seeds 78, 79; 7 games"
    fitted = from_json(written)
    assert fitted.slope > 0 and (fitted.slope, fitted.shift) != (1.0, 0.0)
