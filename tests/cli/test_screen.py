"""How the terminal lists choices: one a line with their notes, side by side when there
are many with nothing to say (a bid of 0 to 31 mana), so the board stays on the screen."""

from __future__ import annotations

import re

from vaka.cli.common import console
from vaka.cli.screen import COLUMNS_FROM, show_choices


def _shown(choices: list[tuple[str, str | None]]) -> list[str]:
    width = console.width
    console.width = 80
    try:
        with console.capture() as captured:
            show_choices(choices)
    finally:
        console.width = width
    return [line.rstrip() for line in captured.get().splitlines() if line.strip()]


def test_many_bare_choices_go_side_by_side_and_each_keeps_its_number() -> None:
    bids = [(f"bid {n}", None) for n in range(32)]
    lines = _shown(bids)
    assert len(lines) <= 8 and max(map(len, lines)) <= 80
    found = dict(re.findall(r"(\d+) (bid \d+)", " ".join(lines)))
    assert found == {str(i): action for i, (action, _) in enumerate(bids, 1)}


def test_choices_with_notes_or_few_stay_one_a_line() -> None:
    noted = [(f"bid {n}", "keeps 3 mana" if n == 0 else None) for n in range(32)]
    assert len(_shown(noted)) == 32
    few = [(f"bid {n}", None) for n in range(COLUMNS_FROM)]
    lines = _shown(few)
    assert len(lines) == COLUMNS_FROM and lines[-1].split() == [str(COLUMNS_FROM), "bid", "9"]
