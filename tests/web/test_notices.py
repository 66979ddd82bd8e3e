"""Notices in a real browser: the tab's title and badges when it becomes your turn at a
table you are not looking at, a browser notification while the page is hidden, and the
count of new chat lines at a table whose chat is out of view. The tests share one server."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Browser, Page

from tests.server.serverproc import Server, bearer
from tests.server.wire import make, state
from tests.web.conftest import Watched, at_once, shared_web

web = shared_web()

#: A stand-in for the browser's notifications that records them (a headless browser shows
#: none), and a page that can be told it is hidden.
STUBS = """
window.__told = [];
window.__hidden = false;
Object.defineProperty(document, "visibilityState",
  { get: () => (window.__hidden ? "hidden" : "visible") });
class Recorded {
  constructor(title, options) { window.__told.push(title); this.options = options; }
  static requestPermission() { Recorded.permission = "granted"; return Promise.resolve("granted"); }
}
Recorded.permission = "default";
window.Notification = Recorded;
"""


def _hold(page: Page, web: Server, seats: dict[str, dict[str, Any]]) -> None:
    """Open the lobby holding these seats ({table: {seat: token}}), as if made here."""
    page.goto(web.url + "/")
    held = {t: {"game": "rapa-nui", "seats": s, "at": 1} for t, s in seats.items()}
    page.evaluate("(v) => localStorage.setItem('vaka.tables', v)", json.dumps(held))
    page.reload()


def _move_until(web: Server, table: str, tokens: dict[int, str], seat: int) -> None:
    """Others play their first choices until ``seat`` is to move."""
    with web.client() as http:
        for _ in range(50):
            now = state(http, table, tokens[seat])
            if seat in now["table"]["to_move"] and now["version"] > 0:
                return
            mover = now["table"]["to_move"][0]
            look = state(http, table, tokens[mover])
            http.post(
                f"/api/tables/{table}/actions",
                headers=bearer(tokens[mover]),
                json={"action": look["legal"][0]["action"], "version": look["version"]},
            )
    raise AssertionError(f"seat {seat} never came to move")


def _turn_table(web: Server) -> tuple[str, dict[int, str], int]:
    """A turn-based table of two people; the seat not to move first."""
    with web.client() as http:
        made = make(http, "rapa-nui", ["me", "me"], clock={"kind": "turn", "days": 2})
        table = made["table"]["id"]
        tokens = {int(s): t for s, t in made["tokens"].items()}
        first = state(http, table, tokens[0])["table"]["to_move"]
    return table, tokens, 1 if 0 in first else 0


def test_your_turn_shows_in_the_title_badges_and_a_notification(
    browser: Browser, web: Server
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    at_once(context)
    context.add_init_script(STUBS)
    watched = Watched(context.new_page())
    p = watched.page
    table, tokens, mine = _turn_table(web)
    _hold(p, web, {table: {str(mine): tokens[mine]}})
    mine_list = p.get_by_role("region", name="Your games")
    mine_list.wait_for()
    p.get_by_role("button", name="Tell me when it is my turn").click()
    p.get_by_text("Notifications on").wait_for()
    p.wait_for_function("document.title === 'vaka'")  # nothing new yet
    p.evaluate("window.__hidden = true")
    _move_until(web, table, tokens, mine)
    p.wait_for_function("document.title === '(1) Your turn — vaka'")
    assert mine_list.locator(".notice-badge").inner_text() == "1"
    assert mine_list.locator(".notice-mark").inner_text() == "your turn"
    assert p.locator(".top .notice-badge").inner_text() == "1"
    p.wait_for_function("window.__told.length === 1")
    assert p.evaluate("window.__told") == ["Your turn at Rapa Nui"]
    # seen at its table, the notice clears (in every tab: the title and the badges)
    p.evaluate("window.__hidden = false")
    p.goto(f"{web.url}/#/t/{table}")
    p.locator(".choice").first.wait_for()
    p.wait_for_function("document.title.startsWith('Your move')")
    p.goto(web.url + "/")
    mine_list.wait_for()
    p.wait_for_function("document.title === 'vaka'")
    assert mine_list.locator(".notice-badge").count() == 0
    context.close()
    assert watched.errors == []


def test_new_chat_lines_are_counted_while_the_chat_is_out_of_view(
    browser: Browser, web: Server
) -> None:
    context = browser.new_context(viewport={"width": 600, "height": 700})
    at_once(context)
    watched = Watched(context.new_page())
    p = watched.page
    table, tokens, mine = _turn_table(web)
    other = 1 - mine
    _hold(p, web, {table: {str(mine): tokens[mine]}})
    p.goto(f"{web.url}/#/t/{table}")
    chat = p.get_by_role("region", name="chat")
    chat.wait_for()
    p.evaluate("window.scrollTo(0, 0)")
    with web.client() as http:
        for text in ("hello", "your move?"):
            r = http.post(
                f"/api/tables/{table}/chat", headers=bearer(tokens[other]), json={"text": text}
            )
            assert r.status_code == 201
    jump = p.get_by_role("button", name="2 new messages in the chat")
    jump.wait_for()
    assert chat.locator(".unread").inner_text() == "2 new"
    assert chat.locator("li.new").count() == 2
    p.wait_for_function("document.title.startsWith('(1) ')")  # news at this very table
    jump.click()  # brings the chat into view: read
    chat.locator(".unread").wait_for(state="detached")
    assert jump.count() == 0
    p.wait_for_function("!document.title.startsWith('(')")
    # your own line is never news
    chat.get_by_label("say something").fill("soon")
    chat.get_by_label("say something").press("Enter")
    chat.get_by_text("soon").wait_for()
    p.evaluate("window.scrollTo(0, 0)")
    assert chat.locator(".unread").count() == 0
    context.close()
    assert watched.errors == []
