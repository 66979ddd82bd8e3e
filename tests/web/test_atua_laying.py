"""Laying an Atua card in a real browser: the candidates one at a time, best first; the
symbols' letters upright on turned cards; a digit that asks before laying; what a pose
placed by hand would gain; the view that follows the card; what moved since your move.
The tests share one server."""

from __future__ import annotations

import re

from playwright.sync_api import Page

from tests.server.serverproc import Server
from tests.web.conftest import Watched, shared_web
from tests.web.test_atua import STATUS, acted, held, legal, log_size, open_table, pose

web = shared_web()

POINTS = re.compile(r"^([+-]\d+) points? now")
# Each symbol letter's screen transform: upright when it neither turns nor mirrors.
LETTERS = """(sel) => [...document.querySelectorAll(sel)].map((t) => {
  const m = t.getScreenCTM();
  return [m.a, m.b, m.c, m.d]; })"""


def holding(p: Page) -> list[str]:
    """Take a card of the row if need be; the legal placements of the card held."""
    p.locator(".choices .choice").first.wait_for()
    takes = [c for c in legal(p) if c.startswith("take ")]
    if takes:
        p.locator(f'.atua-row [data-action="{takes[0]}"]').click()
    p.locator(STATUS).wait_for()
    p.wait_for_function(
        "document.querySelector('.choices .choice .action')?.textContent.startsWith('place ')"
    )
    return legal(p)


def notes(p: Page) -> list[str]:
    return [
        n.inner_text() if n.count() else ""
        for n in (c.locator(".note") for c in p.locator(".choices .choice").all())
    ]


def test_the_candidates_are_shown_one_at_a_time_best_first(web: Server, page: Watched) -> None:
    p = page.page
    p.set_viewport_size({"width": 1440, "height": 900})
    open_table(page, web, {})
    choices = holding(p)
    said = notes(p)
    best = max(int(POINTS.match(n)[1]) for n in said if POINTS.match(n))  # type: ignore[index]
    p.get_by_role("button", name="Candidates").click()
    # a dot for each, no outline until one is chosen or pointed at
    assert p.locator(".atua-island .cand-dot").count() == len(choices)
    assert p.locator(".atua-island .ghost").count() == 0
    # (force: two candidates may lie so close that one dot covers part of the other)
    p.locator(".atua-island .cand-dot").nth(3).hover(force=True)
    assert p.locator(".atua-island .ghost").count() == 1
    p.mouse.move(5, 5)
    assert p.locator(".atua-island .ghost").count() == 0
    # next: the best first; the card goes there and says what it gains; nothing is laid
    before = log_size(p)
    p.get_by_role("button", name="next candidate").click()
    p.wait_for_function(f"document.querySelector('{STATUS}')?.dataset.state === 'legal'")
    now = p.locator(".atua-cands .cand-now").inner_text()
    assert now.startswith(f"1 of {len(choices)}"), now
    text = p.locator(STATUS).get_attribute("data-pose")
    assert text in choices
    gain = said[choices.index(text)]
    assert int(POINTS.match(gain)[1]) == best  # type: ignore[index]
    assert gain in p.locator(STATUS).inner_text()
    p.keyboard.press("n")
    p.wait_for_function(
        "(n) => document.querySelector('.atua-cands .cand-now').textContent.startsWith(n)",
        arg=f"2 of {len(choices)}",
    )
    assert log_size(p) == before
    for width, height in ((1440, 900), (1366, 768), (390, 844)):
        p.set_viewport_size({"width": width, "height": height})
        p.wait_for_timeout(300)
        p.locator(".atua-mine").scroll_into_view_if_needed()
        page.shot(f"atua-candidates-{width}")
    p.set_viewport_size({"width": 1280, "height": 900})
    p.wait_for_timeout(300)
    p.locator(".atua-mine").scroll_into_view_if_needed()
    page.shot("atua-candidates")


def test_a_digit_asks_before_laying_and_enter_lays(web: Server, page: Watched) -> None:
    p = page.page
    open_table(page, web, {"first_game": True})
    choices = holding(p)
    target = next((c for c in choices if pose(c)[3] % 900), choices[0])
    n = choices.index(target) + 1
    if n > 9:  # a turned one among the first nine, else the first
        target, n = choices[0], 1
    before = log_size(p)
    p.locator("body").press(str(n))
    p.wait_for_function(f"document.querySelector('{STATUS}')?.dataset.state === 'legal'")
    assert p.locator(STATUS).get_attribute("data-pose") == target
    p.wait_for_timeout(300)
    assert log_size(p) == before and legal(p) == choices  # asked, not laid
    assert notes(p)[n - 1] in p.locator(STATUS).inner_text()
    p.keyboard.press("Enter")
    acted(p, before)
    card = pose(target)[0]
    p.locator(f'.atua-mine .laid[data-card="{card}"]').wait_for()
    # every letter on the island stands upright, on turned cards too
    for a, b, c, d in p.evaluate(LETTERS, ".atua-mine .laid .symbol text"):
        assert a > 0 and d > 0 and abs(b) < 1e-6 and abs(c) < 1e-6, (a, b, c, d)
    assert p.locator(".atua-mine .laid .symbol text").count() > 0


def test_a_pose_placed_by_hand_tells_its_gain_and_stays_in_view(web: Server, page: Watched) -> None:
    p = page.page
    open_table(page, web, {"first_game": True})
    choices = holding(p)
    p.locator("body").press("1")
    p.wait_for_function(f"document.querySelector('{STATUS}')?.dataset.state === 'legal'")
    # nudged off the listed pose: the server is asked, and says what it would gain
    for key in ("ArrowRight", "ArrowLeft", "ArrowLeft", "ArrowUp", "ArrowDown", "ArrowDown"):
        p.keyboard.press(key)
        p.wait_for_function(
            f"['legal', 'illegal'].includes(document.querySelector('{STATUS}')?.dataset.state)"
        )
        text = p.locator(STATUS).get_attribute("data-pose")
        if text not in choices and p.locator(STATUS).get_attribute("data-state") == "legal":
            break
    else:
        raise AssertionError("no pose off the list was legal")
    assert POINTS.search(p.locator(f"{STATUS} .gain").inner_text())
    # carried far to the right: the view follows, the whole card stays in sight
    start = held(p)[1]
    for _ in range(40):
        p.keyboard.press("Shift+ArrowRight")
    assert held(p)[1] == start + 4000  # 40 cm: far beyond the view that was fitted
    p.wait_for_timeout(300)
    card = p.locator(".atua-mine .held .held-edge").bounding_box()
    sea = p.locator(".atua-island").bounding_box()
    assert card and sea
    assert sea["x"] - 1 <= card["x"] and card["x"] + card["width"] <= sea["x"] + sea["width"] + 1
    assert sea["y"] - 1 <= card["y"] and card["y"] + card["height"] <= sea["y"] + sea["height"] + 1


def test_what_the_other_seat_did_since_your_move_is_marked(web: Server, page: Watched) -> None:
    p = page.page
    open_table(page, web, {"first_game": True})
    holding(p)
    before = log_size(p)
    p.locator("body").press("1")
    p.wait_for_function(f"document.querySelector('{STATUS}')?.dataset.state === 'legal'")
    p.keyboard.press("Enter")
    acted(p, before)
    # the bot takes a card and lays it: its card is marked on its island, and the row's new
    # card too, until my next move
    p.wait_for_function("document.querySelectorAll('.atua-other .laid[data-moved]').length > 0")
    assert p.locator(".atua-other .laid").count() >= 2
    assert p.locator('.atua-row [data-moved="1"]').count() >= 1
    page.shot("atua-marks")


def test_alone_the_choice_about_tahuma_comes_first_in_the_tab_order(
    web: Server, page: Watched
) -> None:
    p = page.page
    open_table(page, web, {}, seats=("me",))
    for _ in range(30):  # take and lay until the other card is to be given or spared
        p.locator(".choices .choice").first.wait_for()
        if "give" in legal(p):
            break
        before = log_size(p)
        p.locator(".choices .choice").first.click()
        acted(p, before)
    assert "give" in legal(p)
    # the last click was on the list beside the board: the keyboard starts at the buttons
    # that decide, not after that list
    p.wait_for_function("document.activeElement?.dataset.action === 'give'")
    p.keyboard.press("Tab")
    assert p.evaluate("document.activeElement.dataset.action") == "spare"
    p.keyboard.press("Shift+Tab")
    p.keyboard.press("Enter")
    p.wait_for_function("!document.querySelector('.atua-prompt [data-action=\"give\"]')")
