"""Every game state a rule test builds through its game's helpers must still hold all its
cards when the test ends (``state.check()``): a scenario cannot lose or invent a card."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from vaka.core.state import State

#: States built by the rule-test helpers of every game during the current test.
MADE: list[State] = []


@pytest.fixture(autouse=True)
def _check_card_conservation() -> Iterator[None]:
    MADE.clear()
    yield
    for state in MADE:
        state.check()
    MADE.clear()
