"""The golden playthroughs still play out exactly as recorded."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from vaka.sim.playthrough import GOLDEN, filename, playthrough

FOLDER = Path(__file__).parent / "playthroughs"


@pytest.mark.parametrize(("game_id", "players", "seed"), GOLDEN)
def test_playthrough_matches_its_golden_file(game_id: str, players: int, seed: int) -> None:
    expected = (FOLDER / filename(game_id, players, seed)).read_text(encoding="utf-8")
    actual = playthrough(game_id, players, seed)
    if actual != expected:
        diff = "".join(
            list(
                difflib.unified_diff(
                    expected.splitlines(True), actual.splitlines(True), "golden", "now"
                )
            )[:60]
        )
        pytest.fail(
            "the game plays differently now; if that is intended, run "
            f"'python scripts/regen_playthroughs.py' and commit the files.\n{diff}"
        )
