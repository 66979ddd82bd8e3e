"""Atua in a real browser: cards dragged, turned and dropped on the island, refusals
explained, a whole game played by pointing at the board. The tests share one server."""

from __future__ import annotations

import json
import random
import re
import time
import urllib.request
from typing import Any

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

from tests.server.serverproc import Server
from tests.web.conftest import Watched, hold_seat, shared_web
from tests.web.test_lobby import make_table
from vaka.games.atua.cards import load_raw
from vaka.games.atua.game import GAME
from vaka.games.atua.tiles import FATES, RESIDENTS

web = shared_web()

PLACE = re.compile(r"^place (\S+) at (-?\d+),(-?\d+) angle (\d+)$")
STATUS = ".atua-mine .atua-status"
# Counts the check messages the page sends (window.__checks).
COUNT_CHECKS = """
window.__checks = 0;
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  if (typeof data === "string" && data.includes('"type":"check"')) window.__checks += 1;
  return send.call(this, data);
};
"""


def pose(text: str) -> tuple[str, int, int, int]:
    m = PLACE.match(text)
    assert m, text
    return m[1], int(m[2]), int(m[3]), int(m[4])


def post(web: Server, path: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(
        web.url + path, json.dumps(body).encode(), {"content-type": "application/json"}
    )
    with urllib.request.urlopen(req) as r:
        return json.load(r)


def open_table(
    page: Watched,
    web: Server,
    options: dict[str, Any],
    seats: tuple[str, ...] = ("me", "bot:random"),
) -> str:
    """A table for me and a random bot (or ``seats``), made through the API (for its
    options)."""
    made = post(
        web,
        "/api/tables",
        {"game": "atua", "players": len(seats), "seats": list(seats), "options": options},
    )
    table = made["table"]["id"] if isinstance(made["table"], dict) else made["table"]
    p = page.page
    p.add_init_script(COUNT_CHECKS)
    hold_seat(p, web.url, table, "atua", made["tokens"]["0"])
    p.goto(web.url + f"/#/t/{table}")
    p.wait_for_selector(".atua-row svg")
    return str(table)


def legal(p: Page) -> list[str]:
    return p.locator(".choices .choice .action").all_inner_texts()


def log_size(p: Page) -> int:
    return p.locator(".log li:not(.end)").count()


def acted(p: Page, before: int) -> None:
    p.wait_for_function(f"document.querySelectorAll('.log li:not(.end)').length > {before}")


def to_screen(p: Page, x: int, y: int) -> tuple[float, float]:
    """A table point (y up) on the screen, through the island SVG's screen transform."""
    sx, sy = p.evaluate(
        """([x, y]) => { const m = document.querySelector('.atua-island').getScreenCTM();
            return [m.a * x + m.c * -y + m.e, m.b * x + m.d * -y + m.f]; }""",
        [x, y],
    )
    return float(sx), float(sy)


def held(p: Page) -> tuple[str, int, int, int]:
    return pose(p.locator(STATUS).get_attribute("data-pose") or "")


def drag_to(p: Page, x: int, y: int, angle: int, turn_with: str = "keys") -> None:
    """Press on the held card, move it half way, turn it while holding it, carry it on to
    (x, y); the button stays down."""
    p.locator(".atua-island").scroll_into_view_if_needed()
    _, hx, hy, now = held(p)
    sx, sy = to_screen(p, hx, hy)
    tx, ty = to_screen(p, x, y)
    p.mouse.move(sx, sy)
    p.mouse.down()
    p.mouse.move((sx + tx) / 2, (sy + ty) / 2, steps=4)
    turn = (angle - now) % 3600
    steps = turn // 150  # 15° a press (Q or wheel up: counter-clockwise)
    assert steps * 150 == turn
    for _ in range(steps if steps <= 12 else 24 - steps):
        if turn_with == "wheel":
            p.mouse.wheel(0, -100 if steps <= 12 else 100)
        else:
            p.keyboard.press("q" if steps <= 12 else "e")
    try:
        p.wait_for_function(
            f"document.querySelector('{STATUS}').dataset.pose.endsWith(' {angle}')",
            timeout=5000,
        )
    except PlaywrightError:
        raise AssertionError(f"not turned to {angle}: {held(p)}") from None
    p.mouse.move(tx, ty, steps=4)


def wait_state(p: Page, state: str) -> None:
    p.wait_for_function(f"document.querySelector('{STATUS}')?.dataset.state === '{state}'")


def lay(p: Page, target: str, turn_with: str = "keys") -> None:
    """Drag the held card to a legal placement, turn it, wait for the server's yes, drop."""
    _, x, y, angle = pose(target)
    before = log_size(p)
    drag_to(p, x, y, angle, turn_with)
    wait_state(p, "legal")
    assert p.locator(STATUS).get_attribute("data-pose") == target  # the magnet's pose
    p.mouse.up()
    acted(p, before)


def test_components_ship_every_card_face() -> None:
    got = json.loads(json.dumps(GAME.components()))  # as the endpoint sends it
    raw = load_raw()
    assert set(got["cards"]) == {c["id"] for c in raw["cards"]}
    for c in raw["cards"]:
        face = got["cards"][c["id"]]
        assert (face["kind"], face["regions"], face["symbols"], face["star"]) == (
            c["kind"],
            c["regions"],
            c["symbols"],
            c["star"],
        )
    assert got["card_size"] == raw["card_size"] == [630, 880]
    assert set(got["fates"]) == set(FATES) and set(got["residents"]) == set(RESIDENTS)
    assert got["residents"]["r1"]["text"] == RESIDENTS["r1"].describe()


def test_a_card_dropped_on_the_star_is_refused_then_turned_and_laid(
    web: Server, page: Watched
) -> None:
    # (web before page: the page closes before the server stops, so no reconnect errors)
    p = page.page
    open_table(page, web, {"first_game": True})
    served = p.evaluate("fetch('/api/games/atua/components').then((r) => r.json())")
    assert served == json.loads(json.dumps(GAME.components()))
    p.locator(".choices .choice").first.wait_for()
    # a card of the row (one that fits: now and then the table's deal leaves a single card
    # that fits, taken at once, and the card is already held)
    takes = [c for c in legal(p) if c.startswith("take ")]
    if takes:
        p.locator(f'.atua-row [data-action="{takes[0]}"]').click()
    p.locator(STATUS).wait_for()
    card, *_ = held(p)
    choices = legal(p)
    assert choices and all(c.startswith(f"place {card} ") for c in choices)

    # a drag of many small moves, off the island, asks about few of the poses: at most one
    # question in flight and one each 80 ms (however long a busy machine makes the drag)
    sent = p.evaluate("window.__checks")
    _, hx, hy, _ = held(p)
    sx, sy = to_screen(p, hx, hy)
    p.mouse.move(sx, sy)
    p.mouse.down()
    began = time.monotonic()
    p.mouse.move(sx + 40, sy + 30, steps=60)
    elapsed = time.monotonic() - began
    p.mouse.up()
    wait_state(p, "illegal")
    asked = p.evaluate("window.__checks") - sent
    assert 1 <= asked <= min(60, elapsed / 0.08 + 2), (asked, elapsed)

    # onto the village's star: the server refuses it and says which rule forbids it
    before = log_size(p)
    drag_to(p, 0, 0, 0)
    p.mouse.up()
    wait_state(p, "illegal")
    reasons = p.locator(f"{STATUS} .reasons").inner_text()
    assert "covers the star" in reasons and "never be covered" in reasons
    assert log_size(p) == before and legal(p) == choices  # nothing was laid
    assert p.locator(".atua-mine .held").count() == 1
    # the key names every symbol and totem the printed cards carry
    p.locator(".atua-key summary").click()
    key = p.locator(".atua-key").inner_text()
    comps = GAME.components()
    kinds = [k for k in comps["symbol_kinds"] if k != "totem"]
    totems = [f"{t.replace('_', ' ')} totem" for t in comps["totems"]]
    assert all(name in key for name in kinds + totems), key
    p.set_viewport_size({"width": 390, "height": 844})
    p.wait_for_timeout(300)
    p.locator(".atua-mine").scroll_into_view_if_needed()
    page.shot("atua-phone")
    p.set_viewport_size({"width": 1280, "height": 900})
    p.wait_for_timeout(300)

    # the candidates as dots, toggled by G
    p.keyboard.press("g")
    assert p.locator(".atua-island .cand-dot").count() == len(choices)
    p.keyboard.press("g")
    assert p.locator(".atua-island .cand-dot").count() == 0

    # Snap finds the nearest legal placement by position and angle; it is not laid yet
    p.get_by_role("button", name="Snap").click()
    wait_state(p, "legal")
    assert p.locator(STATUS).get_attribute("data-pose") in choices
    assert log_size(p) == before

    # dragged to a candidate, turned with the wheel while held, dropped: laid there
    target = next((c for c in choices if 0 < pose(c)[3] <= 1800), choices[0])
    lay(p, target, turn_with="wheel")
    _, x, y, angle = pose(target)
    laid = p.locator(f'.atua-mine .laid[data-card="{card}"]')
    laid.wait_for()
    assert laid.get_attribute("transform") == f"translate({x} {-y}) rotate({-angle / 10:g})"
    assert target in p.locator(".log").inner_text()
    assert p.locator(".atua-mine .held").count() == 0


def test_a_refusal_names_the_rule_in_the_pages_language(web: Server, page: Watched) -> None:
    """The server says the rule a dragged card breaks in the socket's language: a German
    page lists it in German."""
    p = page.page
    table = open_table(page, web, {"first_game": True})
    p.evaluate("localStorage.setItem('vaka.lang', 'de')")
    p.goto(web.url + f"/#/t/{table}")
    p.reload()
    p.locator(".choices .choice").first.wait_for()
    takes = [c for c in legal(p) if c.startswith("take ")]
    if takes:
        p.locator(f'.atua-row [data-action="{takes[0]}"]').click()
    p.locator(STATUS).wait_for()
    drag_to(p, 0, 0, 0)  # onto the village's star
    p.mouse.up()
    wait_state(p, "illegal")
    reasons = p.locator(f"{STATUS} .reasons").inner_text()
    assert "sie überdeckt den Stern auf v" in reasons, reasons
    assert "ein Stern darf nie überdeckt werden" in reasons and "covers" not in reasons
    page.shot("atua-refusal-de")


def test_a_whole_game_by_pointing_and_dragging_on_the_board(web: Server, page: Watched) -> None:
    p = page.page
    rng = random.Random(7)
    make_table(page, web, "atua", ["me", "bot:random"])
    p.wait_for_selector(".atua-row svg")
    page.shot("atua-start")
    placed = bought = 0
    while True:
        p.wait_for_function(
            "document.querySelector('.final') || document.querySelector('.choices')"
        )
        if p.locator(".final").count():
            break
        choices = legal(p)
        before = log_size(p)
        places = [c for c in choices if c.startswith("place ")]
        if places:
            placed += 1
            if placed == 4:  # a picture of a card held over a legal place
                drag_to(p, *pose(rng.choice(places))[1:])
                wait_state(p, "legal")
                page.shot("atua-middle")
                p.mouse.up()
                acted(p, before)
            else:
                lay(p, rng.choice(places), turn_with="wheel" if placed % 2 else "keys")
            continue
        takes = [c for c in choices if c.startswith("take ")]
        buys = [c for c in choices if c.startswith("buy ")]
        scores = [c for c in choices if c.startswith("score ")]
        if takes:
            p.locator(f'.atua-row [data-action="{rng.choice(takes)}"]').click()
        elif buys and not bought:
            bought += 1
            p.locator(f'.fate[data-action="{buys[0]}"]').click()
        elif "reveal" in choices:
            p.locator('.resident[data-action="reveal"]').click()
        elif scores:
            p.locator(f'.atua-prompt [data-action="{scores[0]}"]').click()
        elif "set aside" in choices:
            p.locator('[data-action="set aside"]').click()
        else:
            assert "pass" in choices, choices
            p.locator('.atua-prompt [data-action="pass"]').click()
        acted(p, before)
    sheet = p.locator(".final .sheet")
    assert "total" in sheet.inner_text()
    assert placed >= 8
    assert p.locator(".atua-mine .laid").count() == 1 + placed
    page.shot("atua-end")
    # the replay draws the same board: as a spectator, both islands
    p.get_by_role("link", name="Replay this game").click()
    p.get_by_role("button", name="last").click()
    p.wait_for_function("document.querySelectorAll('.atua-other svg .laid').length > 10")
    assert p.locator(".atua-other").count() == 2


# Mounts the real island component in the page (the lobby's import map), holding a card
# whose only legal action is to set it aside, and records what it sends.
MOUNT_SET_ASIDE = """
async () => {
  const { h, render } = await import("preact");
  const { MyIsland } = await import("/boards/atua/place.js");
  const faces = await (await fetch("/api/games/atua/components")).json();
  const root = document.createElement("div");
  root.id = "mounted";
  document.body.append(root);
  window.__acted = [];
  render(h(MyIsland, {
    faces, seat: { seat: 0, village: "v1", placements: [] }, holding: "c12",
    legal: [{ action: "set aside" }], act: (a) => window.__acted.push(a),
    check: () => {}, onChecked: () => {}, label: "your island",
  }), root);
}
"""


def test_a_card_that_fits_nowhere_is_set_aside_from_the_board(web: Server, page: Watched) -> None:
    """With no place for the held card, "set aside" is the only action: the board offers it
    (it was shown only among the tools for laying a card, which a card that fits nowhere
    never opens)."""
    p = page.page
    p.goto(web.url + "/")
    p.evaluate(MOUNT_SET_ASIDE)
    button = p.locator('#mounted [data-action="set aside"]')
    button.wait_for()
    assert "fits nowhere" in p.locator("#mounted").inner_text()
    assert p.locator("#mounted .lay").count() == 0  # nothing to lay
    button.click()
    assert p.evaluate("window.__acted") == ["set aside"]
