"""Take the README's pictures of the three games' tables: a real ``vaka serve`` on
loopback with a throwaway SQLite database, Chromium driven by Playwright, a table of each
game against bots played some turns into the game by its first choices.

    python scripts/screenshots.py                 # docs/screenshots/{rapa-nui,raiatea,atua}.png
    python scripts/screenshots.py --games atua --out /tmp/shots

Rapa Nui is shot at 1280x900 and Raiatea at 1440x900 (the window as it is), Atua at 1280
wide with the whole page, a card held over the island and snapped to a legal place.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, sync_playwright

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
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
#: game: (seats, my decisions played first, viewport, whole page)
SHOTS: dict[str, tuple[list[str], int, tuple[int, int], bool]] = {
    "rapa-nui": (["me", "bot:medium", "bot:medium"], 14, (1280, 900), False),
    "raiatea": (["me", "bot:medium", "bot:medium"], 12, (1440, 900), False),
    "atua": (["me", "bot:medium"], 18, (1280, 900), True),
}


@contextmanager
def serve() -> Iterator[str]:
    """``vaka serve`` on a free loopback port with a database of its own; its URL."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{Path(tmp) / 'vaka.db'}"
        cmd = [sys.executable, "-m", "vaka", "serve", "--db", db, "--port", str(port)]
        with open(Path(tmp) / "server.log", "wb") as log:
            proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    if httpx.get(url + "/api/games", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise SystemExit((Path(tmp) / "server.log").read_text())
                time.sleep(0.2)
            yield url
        finally:
            proc.terminate()
            proc.wait(timeout=20)


def open_table(page: Page, url: str, game: str, seats: list[str]) -> None:
    """A table of ``game`` made through the API, opened in ``page`` as seat 0."""
    made: dict[str, Any] = httpx.post(
        url + "/api/tables", json={"game": game, "players": len(seats), "seats": seats}
    ).json()
    table, token = made["table"]["id"], made["tokens"]["0"]
    page.goto(url + "/")
    keep = {table: {"game": game, "seats": {"0": token}, "at": 0}}
    page.evaluate("k => localStorage.setItem('vaka.tables', JSON.stringify(k))", keep)
    page.evaluate("localStorage.setItem('vaka.pace', '0')")
    page.goto(f"{url}/#/t/{table}")


def decide(page: Page, times: int) -> None:
    """Take the first choice ``times`` times, each once the page may choose again."""
    words = "(document.querySelector('.log ol') || {}).innerText"
    for _ in range(times):
        page.locator(".choice").first.wait_for(timeout=120_000)
        before = page.evaluate(words)
        page.locator(".choice").first.click()
        # the log says what it did (its last lines change), or the choices go
        page.wait_for_function(
            f"(b) => {words} !== b || !document.querySelector('.choice')",
            arg=before,
            timeout=120_000,
        )


def shoot(url: str, out: Path, games: list[str], moves: int | None = None) -> None:
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for game in games:
            seats, played, (width, height), full = SHOTS[game]
            context = browser.new_context(viewport={"width": width, "height": height})
            page = context.new_page()
            open_table(page, url, game, seats)
            decide(page, played if moves is None else moves)
            page.locator(".choice").first.wait_for(timeout=120_000)
            if game == "atua":  # a card held over the island, snapped to a legal place
                takes = page.locator('.atua-row [data-action^="take "]')
                if takes.count():
                    takes.first.click()
                page.locator(".atua-status").wait_for()
                page.get_by_role("button", name="Snap").click()
            page.wait_for_timeout(800)  # fonts and the last layout settle
            page.evaluate("window.scrollTo(0, 0)")
            path = out / f"{game}.png"
            page.screenshot(path=path, full_page=full)
            print(json.dumps({"game": game, "file": str(path)}))
            context.close()
        browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    parser.add_argument("--games", default=",".join(SHOTS), help="comma-separated game ids")
    parser.add_argument("--moves", type=int, help="decisions played first (default: per game)")
    args = parser.parse_args()
    games = [g for g in args.games.split(",") if g]
    unknown = sorted(set(games) - set(SHOTS))
    if unknown:
        raise SystemExit(f"no pictures are set up for {', '.join(unknown)}")
    args.out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("NO_COLOR", "1")
    with serve() as url:
        shoot(url, args.out, games, args.moves)


if __name__ == "__main__":
    main()
