"""Shared test set-up: the test-only game joins the registry for the whole run."""

from __future__ import annotations

import vaka
from tests.core.sealedbid import GAME as SEALED_BID

vaka.register(SEALED_BID)
