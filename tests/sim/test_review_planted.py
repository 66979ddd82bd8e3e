"""Labels to trust: positions whose right label is known, each checked by the review.

tests/sim/planted.json is made by scripts/plant_positions.py: in a game of medium bots, a
decision where, played on by hard bots in deals of what the seat could not see (what the
review judges from), one legal action won nearly every time and another nearly never.
Planted, the losing action must be labelled a mistake or a blunder; the winning one must
not be."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.scripts import run_script, script_process
from vaka.sim.planted import BAD, verdict
from vaka.sim.review import Budget

PLANTED = json.loads((Path(__file__).parent / "planted.json").read_text())


def test_the_library_holds_positions() -> None:
    assert len(PLANTED) >= 3
    # most of them labelled right: the known misses are few
    assert sum("known_miss" in e for e in PLANTED) <= len(PLANTED) // 4
    for e in PLANTED:
        assert e["hard_wins"][e["good"]] >= e["plays"] - 1 >= 1 >= e["hard_wins"][e["bad"]]


def _case(entry: dict[str, Any]) -> Any:
    """A position, marked where the review is known to miss it (``known_miss`` says how):
    strict, so that a review that comes to label it right fails until the mark goes."""
    miss = entry.get("known_miss")
    marks = [pytest.mark.xfail(strict=True, reason=miss)] if miss else []
    return pytest.param(entry, marks=marks, id=f"{entry['game']}-{entry['seed']}-{entry['at']}")


@pytest.mark.parametrize("entry", [_case(e) for e in PLANTED])
def test_a_planted_losing_move_is_a_mistake_and_the_winning_one_is_not(
    entry: dict[str, Any],
) -> None:
    found = verdict(entry, Budget(playouts=12), seed=1)
    bad, good = found.bad, found.good
    assert bad.taken == entry["bad"] and bad.seat == entry["seat"]
    assert bad.label in BAD, (bad.label, bad.loss, bad.estimates)
    assert good.label not in BAD, (good.label, good.loss, good.estimates)


def test_the_script_reviews_a_library_and_counts_what_it_labels_right(tmp_path: Path) -> None:
    """scripts/plant_positions.py --review: each position's verdict as the test reaches it,
    written out, and counted in a table by game and by where in the game it lies."""
    entries = [e for e in PLANTED if e["game"] == "rapa-nui" and "known_miss" not in e][:2]
    library, out = tmp_path / "library.json", tmp_path / "verdicts.json"
    library.write_text(json.dumps(entries))
    said = run_script(
        "plant_positions.py", "--review", str(library), "--playouts", "12", "--verdicts", str(out)
    )
    written = json.loads(out.read_text())
    assert [v["entry"] for v in written] == entries
    for v, e in zip(written, entries, strict=True):
        found = verdict(e, Budget(playouts=12), seed=1)
        assert v["bad"][0] == found.bad.label and v["good"][0] == found.good.label
        assert v["bad_found"] == found.bad_found and v["good_kept"] == found.good_kept
    right = sum(v["bad_found"] for v in written)
    kept = sum(v["good_kept"] for v in written)
    assert f"| rapa-nui 2p, end | 2 | {right} ({right / 2:.0%})" in said
    assert said.rstrip().splitlines()[-1].startswith(f"| all | 2 | {right} ")
    assert f"| {kept} ({kept / 2:.0%}) |" in said


@pytest.mark.parametrize(("option", "value"), [("--prefilter", "2"), ("--margin", "0.5")])
def test_the_script_refuses_a_share_out_of_range(option: str, value: str) -> None:
    """The prefilter and the margin are shares of the plays: "2" (meant as 2 of 6) would
    let no decision through to the hard bots and find nothing without a word."""
    done = script_process("plant_positions.py", "raiatea", "--out", "x.json", option, value)
    assert done.returncode == 2
    assert f"{option} is a share of the plays" in done.stderr
