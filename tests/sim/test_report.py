"""The report page and its folder checks (the plots are drawn by the CLI test)."""

from __future__ import annotations

from pathlib import Path

import pytest

from vaka.sim.match import MatchResult
from vaka.sim.report import PLOTS, RESULTS, ReportError, check_report_dir, page, write_report
from vaka.sim.runner import SimulationResult


def _result() -> SimulationResult:
    matches = [
        MatchResult(
            seed=i,
            agents=agents,
            scores=scores,
            winners=(scores.index(max(scores)),),
            actions=50 + i,
            breakdown=tuple({"fame": s - 1, "moai": 1.0, "total": s} for s in scores),
        )
        for i, (agents, scores) in enumerate(
            [
                (("<b>", "random"), (9.0, 4.0)),
                (("random", "<b>"), (3.0, 8.0)),
                (("<b>", "random"), (5.0, 6.0)),
            ]
        )
    ]
    return SimulationResult.from_matches("g", ["<b>", "random"], 7, matches, rotate=True)


def test_the_page_holds_parameters_tables_and_every_plot() -> None:
    html = page(_result(), "Test & Game")
    assert html.startswith("<!DOCTYPE html>")
    assert "<title>Test &amp; Game: 3 games, 2 players, seed 7</title>" in html
    assert "&lt;b&gt;" in html and "<b>" not in html  # names are escaped
    for text in ("Parameters", "Per agent", "Per seat", "rotated", "openskill", "ordinal"):
        assert text in html
    for name in PLOTS:
        assert f'<img src="{name}"' in html
    assert f'href="{RESULTS}"' in html
    assert "66.7%" in html  # <b> won 2 of 3
    assert "fame" in html and "moai" in html


def test_a_file_is_no_report_folder(tmp_path: Path) -> None:
    a_file = tmp_path / "taken"
    a_file.write_text("")
    with pytest.raises(ReportError, match="is a file"):
        check_report_dir(a_file)
    with pytest.raises(ReportError, match="is a file"):
        check_report_dir(a_file / "inside")
    with pytest.raises(ReportError):
        write_report(_result(), a_file)
    check_report_dir(tmp_path)  # an existing folder is fine
    check_report_dir(tmp_path / "new" / "deeper")  # so is one still to be made
    assert not (tmp_path / "new").exists()  # checking makes nothing
