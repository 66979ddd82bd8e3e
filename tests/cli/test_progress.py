"""Progress of long runs off a terminal (a log file, CI): a line at each tenth of the way,
none for a short run, none at the end (the results say it)."""

from __future__ import annotations

import pytest

from vaka.cli import common
from vaka.cli.common import errors, progress


def _lines(total: int) -> list[str]:
    with errors.capture() as captured, progress("simulating", total, "games") as tell:
        for done in range(1, total + 1):
            tell(done)
    return captured.get().splitlines()


@pytest.fixture(autouse=True)
def _a_log_file(monkeypatch: pytest.MonkeyPatch) -> None:
    """Standard error is a file here (a log, CI), whatever runs the tests."""
    monkeypatch.setattr(type(errors), "is_terminal", property(lambda _: False))


def test_a_long_run_says_how_far_it_is_at_each_tenth(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "QUIET_FOR", 0.0)
    lines = _lines(40)
    assert [line.split(",")[0] for line in lines] == [
        f"simulating: {n}/40 games" for n in range(4, 40, 4)
    ]
    assert all("so far, about" in line and line.endswith(" left") for line in lines)


def test_a_short_run_says_nothing() -> None:
    assert _lines(40) == []  # done in far less than QUIET_FOR
