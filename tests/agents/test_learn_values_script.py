"""scripts/learn_values.py on a small sample: bot games' positions made, then the shipped
model measured on them (Brier score, calibration per tenth, the reliability plot)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from tests.scripts import run_script


def test_data_then_calibration_on_a_few_games(tmp_path: Path) -> None:
    data = tmp_path / "rn.npz"
    said = run_script(
        "learn_values.py",
        "data",
        "rapa-nui",
        "-p",
        "2",
        "-n",
        "4",
        "--seed",
        "77",
        "--keep",
        "0.2",
        "--out",
        str(data),
    )
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
