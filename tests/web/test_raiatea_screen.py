"""Raiatea on one screen, in a real browser: your screen, your cards and your choices in
sight together on common laptop screens; choices that lead with what they are; cards that
stay where they are when one is kept; what moved since your last move marked. The tests
share one server."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import Page

from tests.server.serverproc import Server
from tests.web.conftest import SHOTS, Watched, shared_web
from tests.web.test_lobby import make_table

web = shared_web()

SCREEN = '.rt-board .rt-panel[aria-label^="Your screen"]'
# The box of each element a selector finds, in the viewport's pixels.
BOXES = """(sel) => [...document.querySelectorAll(sel)].map((e) => {
  const r = e.getBoundingClientRect();
  return {card: e.dataset.card || null, x: r.x, y: r.y, w: r.width, h: r.height}; })"""


def choices(p: Page) -> list[str]:
    return p.locator(".choice .action").all_inner_texts()


def choose(p: Page, action: str) -> None:
    """Click a choice in the list and wait for the table to answer (the log shows its last
    200 entries, so an answer changes their words, not always their number)."""
    log = p.locator(".log li")
    before = log.all_inner_texts()
    p.locator(".choice .action").get_by_text(action, exact=True).first.click()
    end = time.monotonic() + 15
    while time.monotonic() < end:
        if log.all_inner_texts() != before:
            return
        p.wait_for_timeout(25)
    raise AssertionError(f"{action!r} changed nothing")


def play_until(p: Page, want: str, prefer: tuple[str, ...] = ("claim marae",)) -> list[str]:
    """Play from the choice list (the preferred actions first, never passing where
    something else may be done) until a choice starts with ``want``."""
    for _ in range(120):
        p.locator(".choice .action").first.wait_for()
        now = choices(p)
        if any(a.startswith(want) for a in now):
            return now
        pick = next((a for a in prefer if a in now), None)
        pick = pick or next((a for a in now if a != "pass"), now[0])
        choose(p, pick)
        p.wait_for_timeout(50)
    raise AssertionError(f"no {want!r} came")


def inside(box: dict[str, Any], w: int, h: int) -> bool:
    return (
        box["x"] >= -1
        and box["y"] >= -1
        and box["x"] + box["w"] <= w + 1
        and (box["y"] + box["h"] <= h + 1)
    )


def test_your_screen_your_cards_and_your_choices_are_in_sight_together(
    page: Watched, web: Server
) -> None:
    make_table(page, web, "raiatea", ["me", "bot:random", "bot:random"])
    p = page.page
    p.wait_for_selector(".rt-panel")
    keeps = play_until(p, "keep ")
    for width, height in ((1440, 900), (1366, 768)):
        p.set_viewport_size({"width": width, "height": height})
        p.wait_for_timeout(300)
        page.shot(f"raiatea-keep-{width}")
        SHOTS.mkdir(parents=True, exist_ok=True)
        p.screenshot(path=SHOTS / f"raiatea-keep-{width}-screen.png")  # what the window shows
        for scroll in (0, 400):  # the choices follow the page down
            p.evaluate(f"scrollTo(0, {scroll})")
            p.wait_for_timeout(100)
            if scroll:
                p.locator(SCREEN).scroll_into_view_if_needed()
            screen = p.evaluate(BOXES, SCREEN)[0]
            cards = p.evaluate(BOXES, f'{SCREEN} [data-action^="keep "]')
            listed = p.evaluate(BOXES, ".choices")[0]
            # a ritual drawn twice is two cards of one choice
            shown = p.locator(f'{SCREEN} [data-action^="keep "]').evaluate_all(
                "(cards) => cards.map((c) => c.dataset.action)"
            )
            assert set(shown) == set(keeps) and len(cards) == len(shown)
            for box in [screen, listed, *cards]:
                assert inside(box, width, height), (width, height, scroll, box)
        p.evaluate("scrollTo(0, 0)")
    comps = p.evaluate("fetch('/api/games/raiatea/components').then((r) => r.json())")
    # The choices lead with what they are: the ritual's name and cost, the id after it.
    first = p.locator(".choice").first
    label = first.locator(".label").inner_text()
    card = comps["rituals"][keeps[0].split()[1]]
    assert label == f"Keep {card['name']} ({card['mana']} mana)", label
    assert first.inner_text().split("\n")[1].strip() == label
    p.set_viewport_size({"width": 390, "height": 844})
    p.wait_for_timeout(300)
    page.shot("raiatea-keep-phone")
    p.goto("about:blank")


def test_keeping_a_ritual_moves_no_card_under_the_pointer(page: Watched, web: Server) -> None:
    make_table(page, web, "raiatea", ["me", "bot:random", "bot:random"])
    p = page.page
    p.set_viewport_size({"width": 1440, "height": 900})
    p.wait_for_selector(".rt-panel")
    keeps = play_until(p, "keep ")
    before = p.evaluate(BOXES, f"{SCREEN} [data-card]")
    # the last card drawn: before, keeping it sent it up to the cards in hand
    # (a ritual has up to three copies: two drawn at once offer the same action)
    spot = p.locator(f'{SCREEN} [data-action="{keeps[-1]}"]').last
    box = spot.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    log = p.locator(".log li").count()
    offered = "(a) => document.querySelectorAll(`[data-action='${a}']`).length"
    copies = p.evaluate(offered, keeps[-1])
    p.mouse.click(x, y)
    p.wait_for_function(f"document.querySelectorAll('.log li').length > {log}")
    # that copy is kept: one offer fewer (another copy drawn with it may still be offered)
    p.wait_for_function(f"(a) => ({offered})(a) < {copies}", arg=keeps[-1])
    under = p.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).closest('[data-card]')?.dataset.card",
        [x, y],
    )
    assert under == keeps[-1].split()[1]
    after = p.evaluate(BOXES, f"{SCREEN} [data-card]")
    # every card still there stands where it stood
    spots = {(b["card"], round(b["x"]), round(b["y"])) for b in after}
    assert all(
        (b["card"], round(b["x"]), round(b["y"])) in spots
        for b in before
        if any(a["card"] == b["card"] for a in after)
    ), (before, after)
    p.goto("about:blank")


def test_what_others_did_since_your_move_is_marked(page: Watched, web: Server) -> None:
    make_table(page, web, "raiatea", ["me", "bot:random", "bot:random"])
    p = page.page
    p.wait_for_selector(".rt-panel")
    claimed: list[str] = []
    for _ in range(60):  # until another seat claims a location after a move of mine
        p.locator(".choice .action").first.wait_for()
        now = choices(p)
        log = p.locator(".log li").count()
        choose(p, next((a for a in now if a != "pass"), now[0]))
        p.locator(".choice .action").first.wait_for()
        news = p.locator(".log li").all_inner_texts()[log:]
        claimed = [m[1] for t in news if (m := re.match(r"^Random bot \d claims the (.+), its", t))]
        if claimed:
            break
    assert claimed, "nobody claimed a location after a move of mine"
    p.get_by_role("tab", name=re.compile("^Island and temple")).click()
    marked = p.evaluate(
        "[...document.querySelectorAll('.rt-panel [data-moved=\"1\"]')].map((e) => e.textContent)"
    )
    for name in claimed:
        assert any(t.startswith(name) for t in marked), (name, marked)
    page.shot("raiatea-marks")
    p.goto("about:blank")
