"""Every Rapa Nui state a rule test builds must still hold all its cards when the test ends."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.games.rapanui import helpers


@pytest.fixture(autouse=True)
def _check_card_conservation() -> Iterator[None]:
    helpers.MADE.clear()
    yield
    for state in helpers.MADE:
        state.check()
    helpers.MADE.clear()
