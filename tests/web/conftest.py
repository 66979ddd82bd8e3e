"""A real browser (Debian's Chromium, driven by Playwright) against a real ``vaka serve``.

Every page fails its test on any console error or uncaught exception. Screenshots go to
``$VAKA_SCREENSHOTS`` (default ``reports/screenshots``) for people to look at.

``web`` starts a fresh server for each test; a module whose tests need no server of their
own (each makes its own tables, in a browser context of its own) shares one with
``web = shared_web()``, and a test there that does need one (it restarts the server, or
reads every open table) takes ``fresh_web`` and ``fresh_page`` instead.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.serverproc import Server, shared_server

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
# Without these, Chromium reaches for the network at start and is refused.
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SHOTS = Path(os.environ.get("VAKA_SCREENSHOTS", "reports/screenshots"))

try:
    from playwright.sync_api import Browser, Page, sync_playwright
except ImportError:  # pragma: no cover - the dev extra installs it
    sync_playwright = None


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if sync_playwright is None or not Path(CHROMIUM).exists():
        pytest.skip("no Chromium here (apt-get install chromium)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def web(tmp_path: Path) -> Iterator[Server]:
    srv = Server(f"sqlite:///{tmp_path / 'vaka.db'}", tmp_path / "server.log").start()
    yield srv
    srv.stop()


@pytest.fixture
def fresh_web(tmp_path: Path) -> Iterator[Server]:
    """``web`` by another name, for a test whose module shares its ``web``."""
    srv = Server(f"sqlite:///{tmp_path / 'vaka.db'}", tmp_path / "server.log").start()
    yield srv
    srv.stop()


def shared_web(*args: str) -> Any:
    """A module's ``web`` fixture: one server for all of the module's tests (``web =
    shared_web()`` at the module's top; a browser context's own storage is its own)."""
    return shared_server(*args)


class Watched:
    """A page whose console errors and uncaught exceptions are collected."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.errors: list[str] = []
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def shot(self, name: str) -> Path:
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / f"{name}.png"
        self.page.screenshot(path=path, full_page=True)
        return path


def hold_seat(page: object, url: str, table: str, game: str, token: str) -> None:
    """Open the server's home page and keep seat 0's ``token`` of ``table`` there, as a
    browser that made the table does: the table then opens as that seat."""
    keep = {table: {"game": game, "seats": {"0": token}, "at": 0}}
    page.goto(url + "/")  # type: ignore[attr-defined]
    page.evaluate(  # type: ignore[attr-defined]
        "k => localStorage.setItem('vaka.tables', JSON.stringify(k))", keep
    )


#: Keeps in ``window.__version`` the newest version of its table that the page's socket
#: was pushed (-1 before any). It runs before the page's own handler, which draws the state
#: before the next animation frame: a wait on it is a wait for the page's next state.
NEWEST = """(() => {
  window.__version = -1;
  const Socket = window.WebSocket;
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => {
        const m = typeof e.data === "string" ? JSON.parse(e.data) : null;
        if (m && m.type === "state") window.__version = Math.max(window.__version, m.version);
      });
    }
  };
})();"""


def click_and_follow(page: Any, target: Any, timeout: float = 60_000) -> None:
    """Click ``target`` (a choice, say) on a page that runs ``NEWEST`` (an init script of
    its own or of its context) and wait until the page has been pushed a newer state of its
    table than it had, instead of a fixed pause."""
    before = page.evaluate("window.__version")
    target.click()
    page.wait_for_function(f"window.__version > {before}", timeout=timeout)


def at_once(context: object) -> None:
    """Other seats' moves shown at once (a person's pages pace them; a test that plays a
    whole game need not wait): a page that chose a pace keeps it."""
    context.add_init_script(  # type: ignore[attr-defined]
        "try { localStorage.getItem('vaka.pace') === null"
        " && localStorage.setItem('vaka.pace', '0'); } catch (e) {}"  # about:blank has none
    )


def _page(browser: Browser) -> Iterator[Watched]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    at_once(context)
    watched = Watched(context.new_page())
    yield watched
    context.close()
    assert watched.errors == [], f"console errors: {watched.errors}"


@pytest.fixture
def page(browser: Browser, web: Server) -> Iterator[Watched]:
    """A page in its own browser context; it is closed before the server stops (it
    needs ``web``), so a table left open does not see its server vanish."""
    yield from _page(browser)


@pytest.fixture
def fresh_page(browser: Browser, fresh_web: Server) -> Iterator[Watched]:
    """``page``, closed before ``fresh_web`` stops."""
    yield from _page(browser)
