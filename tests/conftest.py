"""Shared test set-up: the test-only game joins the registry for the whole run, and under
CI no test may be skipped."""

from __future__ import annotations

import os

import pytest

import vaka
from tests.core.sealedbid import GAME as SEALED_BID

vaka.register(SEALED_BID)


def pytest_sessionstart(session: pytest.Session) -> None:
    """Compile Atua's placement kernels once, before any test (or, with xdist, any worker)
    starts: the first use after an install compiles them for 10-20 s (then they load from
    numba's cache in a second or two), which would otherwise fall inside the time limits of
    whichever tests come first, servers and browsers included."""
    if hasattr(session.config, "workerinput"):  # an xdist worker: the controller did it
        return
    state = vaka.load("atua").new_state(2, 0)
    seat = state.to_move[0]
    state.apply(seat, state.legal_actions(seat)[0])  # take a card...
    assert state.legal_actions(seat)  # ...and its placements are searched


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser tests run last, however the run was asked for: their session-wide
    browser keeps an event loop running in the process, where a later ``asyncio.run``
    would fail. (xdist hands tests out in this order, so each worker meets them last.)"""
    items.sort(key=lambda item: item.path.parent.name == "web")


def _no_skips_under_ci(report: pytest.CollectReport | pytest.TestReport) -> None:
    """Away from CI a missing component (Chromium, Node.js, PostgreSQL, an optional extra)
    skips the tests that need it, so a newcomer can run the rest. Under CI (``CI`` set, as
    ``.ci/run`` does) every skip is a failure: a run that silently stopped testing a part
    must not pass."""
    if os.environ.get("CI") and report.skipped and not hasattr(report, "wasxfail"):
        why = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        report.outcome = "failed"
        report.longrepr = f"skipped, which CI does not allow: {why}"


@pytest.hookimpl(tryfirst=True)
def pytest_collectreport(report: pytest.CollectReport) -> None:
    _no_skips_under_ci(report)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    _no_skips_under_ci(report)
