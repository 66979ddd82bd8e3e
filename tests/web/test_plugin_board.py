"""A game from outside vaka at the browser's table (tests/plugin_game, Pig, installed apart):
without a board of its own it is played to the end on the generic table; with one
(``Game.board``) its board and stylesheet come from its own package."""

from __future__ import annotations

import time
from pathlib import Path

import httpx
from playwright.sync_api import Browser

from tests.plugins import install_plugin
from tests.server.serverproc import Server
from tests.web.conftest import Watched, at_once
from tests.web.test_lobby import make_table
from vaka.web import PLAIN

LOG = "document.querySelectorAll('.log li').length"


def serve(tmp: Path, board: bool) -> Server:
    env = install_plugin(tmp / "plugin", board=board)
    return Server(f"sqlite:///{tmp / 'vaka.db'}", tmp / "server.log", env=env).start()


def test_pig_is_played_to_the_end_against_a_bot_on_the_generic_table(
    browser: Browser, tmp_path: Path
) -> None:
    server = serve(tmp_path, board=False)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    at_once(context)
    page = Watched(context.new_page())
    try:
        served = httpx.get(server.url + "/boards/pig/board.js")
        assert served.status_code == 200 and served.content == (PLAIN / "board.js").read_bytes()
        make_table(page, server, "pig", ["me", "bot:medium"])
        p = page.page
        p.locator(".plain-view").wait_for()
        assert '"banked"' in p.locator(".plain-view").inner_text()
        assert p.locator("link[data-board]").count() == 0  # the generic table has no styles
        deadline = time.monotonic() + 120
        while p.locator(".final").count() == 0:
            assert time.monotonic() < deadline, "the game did not end"
            p.wait_for_selector(".choice, .final", timeout=30_000)
            if p.locator(".final").count():
                break
            # roll once a turn, then bank what it brought
            hold = p.locator(".choice", has_text="hold")
            move = hold if hold.count() else p.locator(".choice", has_text="roll")
            before = p.evaluate(LOG)
            move.first.click()
            p.wait_for_function(f"{LOG} > {before} || !!document.querySelector('.final')")
        assert p.locator(".final .verdict").inner_text() in ("You won!", "You lost.")
        log = p.locator(".log").inner_text()
        assert "banks" in log and "rolls" in log and "medium bot" in log
        assert "seat " not in log.lower()  # the table's names
        page.shot("pig-plain-end")
    finally:
        context.close()
        server.stop()
    assert page.errors == [], f"console errors: {page.errors}"
    assert "Traceback" not in (tmp_path / "server.log").read_text()


def test_pigs_own_board_loads_from_its_package(browser: Browser, tmp_path: Path) -> None:
    server = serve(tmp_path, board=True)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    at_once(context)
    page = Watched(context.new_page())
    try:
        site = tmp_path / "plugin" / "site"  # where install_plugin put it
        board = httpx.get(server.url + "/boards/pig/board.js", headers={"Accept-Encoding": "gzip"})
        assert board.status_code == 200
        assert board.content == (site / "vaka_pig" / "web" / "board.js").read_bytes()
        assert board.headers["cache-control"] == "no-cache" and board.headers["etag"]
        # the lobby names its option as the game does (/api/games), not by its key
        page.page.goto(server.url + "/")
        page.page.get_by_label("Game", exact=True).select_option("pig")
        options = page.page.locator("fieldset", has_text="Options").inner_text()
        assert "winning score" in options and "goal" not in options, options
        make_table(page, server, "pig", ["me", "bot:random"])
        p = page.page
        p.locator(".pig-board").wait_for()
        assert p.locator(".plain-view").count() == 0
        # its stylesheet, from its folder, is linked and applied
        link = p.locator('link[data-board="pig"]')
        assert link.count() == 1
        assert link.get_attribute("href") == server.url + "/boards/pig/board.css"
        border = p.evaluate("getComputedStyle(document.querySelector('.pig-board')).borderTopColor")
        assert border == "rgb(120, 60, 20)"
        # the board's names are the table's, and its buttons play
        banks = p.locator(".pig-banks").inner_text()
        assert "random bot: 0 of 20" in banks and "seat" not in banks.lower(), banks
        before = p.evaluate(LOG)
        p.locator('.pig-move[data-action="roll"]').click()
        p.wait_for_function(f"{LOG} > {before}")
        assert "rolls" in p.locator(".log").inner_text()
        page.shot("pig-own-board")
    finally:
        context.close()
        server.stop()
    assert page.errors == [], f"console errors: {page.errors}"
