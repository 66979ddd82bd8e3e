"""Rapa Nui's table in a real browser: whole games played by pointing at the board, on a
desktop and a phone, and two people at one table who never see each other's hand. The
tests share one server."""

from __future__ import annotations

import json
import random
from typing import Any

from playwright.sync_api import Page

import vaka
from tests.server.serverproc import Server, bearer
from tests.web.conftest import Watched, at_once, shared_web
from tests.web.test_lobby import accept_invitation, make_table
from vaka.cli.wire import whole_log
from vaka.core.words import name_seats

web = shared_web()

KINDS = ("fish", "grain", "mulberry", "potato", "woodcutter", "priest", "moai")
POINTABLE = ".rn-board [data-action]"
# One look at the page, all at once: the version drawn, every seat's hand as drawn (face-up
# cards, or the backs' words), what can be pointed at, the choice list and the final sheet.
LOOK = """() => {
  const rn = document.querySelector('.rn');
  const seats = {};
  for (const g of document.querySelectorAll('.rn-seat')) {
    const hand = g.querySelector('.rn-hand');
    const backs = g.querySelector('.rn-backs');
    seats[g.dataset.seat] = {
      hand: hand ? [...hand.querySelectorAll('[data-kind]')].map((c) => c.dataset.kind) : null,
      backs: backs ? backs.textContent + ' ' + backs.getAttribute('aria-label') : null,
      cardsInBacks: backs ? backs.querySelectorAll('[data-kind]').length : 0,
    };
  }
  return {
    version: rn ? Number(rn.dataset.version) : null,
    seats,
    board: [...document.querySelectorAll('.rn-board [data-action]')].map(
      (e) => e.dataset.action),
    choices: [...document.querySelectorAll('.choice .action')].map((e) => e.textContent),
    over: !!document.querySelector('.final'),
  };
}"""


def look(p: Page) -> dict[str, Any]:
    result: dict[str, Any] = p.evaluate(LOOK)
    return result


def wait_for_turn_or_end(p: Page) -> dict[str, Any]:
    p.wait_for_selector(".choice, .final", timeout=30_000)
    return look(p)


def point(p: Page, action: str, keyboard: bool) -> None:
    """Play an action by pointing at the board (or focusing it and pressing Enter), then
    wait until the page draws a newer version of the table."""
    version = look(p)["version"]
    target = p.locator(f'{POINTABLE}[data-action="{action}"]').first
    if keyboard:
        target.focus()
        p.keyboard.press("Enter")
    else:
        target.click()
    p.wait_for_function(
        "v => Number(document.querySelector('.rn')?.dataset.version) > v", arg=version
    )


def record_of(web: Server, table: str) -> dict[str, Any]:
    with web.client() as client:
        response = client.get(f"/api/tables/{table}/record")
        assert response.status_code == 200, response.text
        record: dict[str, Any] = response.json()
        return record


def test_a_whole_game_against_two_bots_played_on_the_board(page: Watched, web: Server) -> None:
    table = make_table(page, web, "rapa-nui", ["me", "bot:random", "bot:random"])
    p = page.page
    rng = random.Random(7)
    seen = wait_for_turn_or_end(p)
    page.shot("rapa-nui-start")
    clicks = 0
    verbs: set[str] = set()
    phone_checked = False
    while not seen["over"]:
        # The board offers exactly the legal actions, nothing more and nothing left out, so
        # every move is made on the board and the choice list is never needed.
        assert seen["choices"] and set(seen["board"]) == set(seen["choices"]), seen
        action = rng.choice(seen["board"])
        point(p, action, keyboard=clicks % 5 == 4)  # every fifth by keyboard
        clicks += 1
        verbs.add(action.split()[0])
        seen = wait_for_turn_or_end(p)
        if not seen["over"] and not phone_checked and pile(p) <= 22:  # about half-way
            phone_checked = True
            p.mouse.move(0, 0)
            page.shot("rapa-nui-mid")
            check_phone(page)
            check_log(p, web, table)
    assert phone_checked and clicks >= 8, clicks
    assert {"lay", "draw"} <= verbs
    page.shot("rapa-nui-end")
    # The final sheet and the board agree with the engine replaying the stored record.
    final = replay_scores(record_of(web, table))
    sheet = p.locator(".final .sheet .total td").all_inner_texts()
    assert [float(t) for t in sheet] == final
    for seat, score in enumerate(final):
        panel = p.locator(f'.rn-seat[data-seat="{seat}"] .rn-score')
        assert panel.text_content() == f"{score:g} points"
    # At the end every hand is shown, face up.
    assert all(s["hand"] is not None for s in look(p)["seats"].values())
    p.goto("about:blank")  # leave the table before the server stops: no reconnect errors


def check_log(p: Page, web: Server, table: str) -> None:
    """The page's log, put together from pushes that carry only new entries, is the
    seat's whole log as the server tells it (nobody moves while it is this seat's turn)."""
    token = p.evaluate(f"JSON.parse(localStorage.getItem('vaka.tables'))['{table}'].seats[0]")
    with web.client() as client:
        truth = client.get(f"/api/tables/{table}/state", headers=bearer(token)).json()
    shown = p.locator(".log li").all_inner_texts()
    assert len(truth["view"]["log"]) > 20
    names = truth["table"]["names"]  # the page names the seats as the header does
    assert shown == [name_seats(e["text"], names) for e in truth["view"]["log"]][-200:]


def pile(p: Page) -> int:
    label = p.locator(".rn-board [aria-label^='draw pile']").get_attribute("aria-label")
    return int((label or "").split()[2])


def replay_scores(record: dict[str, Any]) -> list[float]:
    state = vaka.replay(record)
    assert state.is_over
    return [float(s) for s in state.scores()]


def check_phone(page: Watched) -> None:
    """At a phone's size the board is one column as wide as the screen, nothing sideways."""
    p = page.page
    p.set_viewport_size({"width": 390, "height": 844})
    p.wait_for_function("document.querySelector('.rn-board').viewBox.baseVal.width < 500")
    assert p.evaluate("document.documentElement.scrollWidth") <= 390
    drawn = p.locator(".rn-board").bounding_box()
    assert drawn is not None and drawn["width"] >= 360  # the board takes the width
    page.shot("rapa-nui-phone")
    p.set_viewport_size({"width": 1280, "height": 900})
    p.wait_for_function("document.querySelector('.rn-board').viewBox.baseVal.width > 500")


def test_two_people_at_one_table_never_see_each_others_hand(page: Watched, web: Server) -> None:
    """Seat 0 here, seat 1 invited into another browser: each page's text and every frame
    its WebSocket receives are checked against the hands the engine says each seat holds."""
    frames: dict[int, list[str]] = {0: [], 1: []}
    looks: dict[int, list[dict[str, Any]]] = {0: [], 1: []}

    def listen(p: Page, seat: int) -> None:
        p.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames[seat].append(f)))

    mine = page.page
    listen(mine, 0)
    table = make_table(page, web, "rapa-nui", ["me", "invite:Friend 1"], go=False)
    link = mine.get_by_label("invitation link for Friend 1").input_value()
    assert mine.context.browser is not None
    friend_context = mine.context.browser.new_context(viewport={"width": 1280, "height": 900})
    at_once(friend_context)
    friend = Watched(friend_context.new_page())
    listen(friend.page, 1)
    accept_invitation(friend.page, link)
    mine.get_by_role("link", name="Go to the table").click()
    pages = {0: mine, 1: friend.page}
    for p in pages.values():
        p.wait_for_selector(".rn-board")
    rng = random.Random(11)
    while True:
        states = {s: look(p) for s, p in pages.items()}
        for s, st in states.items():
            looks[s].append(st)
        if all(st["over"] for st in states.values()):
            break
        to_move = [s for s, st in states.items() if st["board"] and not st["over"]]
        if not to_move:
            pages[0].wait_for_timeout(30)  # a push is on its way
            continue
        s = to_move[0]
        point(pages[s], rng.choice(states[s]["board"]), keyboard=False)
    friend.shot("rapa-nui-friend-end")
    friend_context.close()
    mine.goto("about:blank")  # leave the table before the server stops: no reconnect errors
    assert friend.errors == []

    truth = true_hands(record_of(web, table))
    for seat in (0, 1):
        other = 1 - seat
        checked = 0
        log: list[Any] | None = None  # put together across pushes, as the page does
        for raw in frames[seat]:
            msg = json.loads(raw)
            if msg.get("type") != "state":
                continue
            msg["view"]["log"] = log = whole_log(log, msg)
            checked += 1
            hands, sacrifice, view = truth[msg["version"]]
            assert msg["seat"] == seat
            assert msg["view"] == view[seat]  # exactly what the engine shows this seat
            assert msg["view"]["seats"][seat]["hand"] == hands[seat]
            if msg["view"]["is_over"]:
                continue
            theirs = msg["view"]["seats"][other]
            assert theirs["hand_size"] == len(hands[other])
            # Anywhere in the frame, the only hand and sacrifice cards spelt out are yours.
            # (the table's summary names a "sacrifice" option, not cards: it is left out)
            cards = {k: v for k, v in msg.items() if k != "table"}
            assert found(cards, "hand") == [hands[seat]] and found(msg["table"], "hand") == []
            assert found(cards, "sacrifice") == [sacrifice[seat]]
            hidden_kinds = view[seat]["seats"][seat]["face_down_cards"]
            assert found(cards, "face_down_cards") == [hidden_kinds]
        assert checked >= len(truth) // 2, (checked, len(truth))  # pushes may coalesce
        for st in looks[seat]:
            hands, _, _ = truth[st["version"]]
            shown = st["seats"]
            assert shown[str(seat)]["hand"] == hands[seat]  # your own hand, face up
            if st["over"]:
                continue
            assert shown[str(other)]["hand"] is None  # theirs: only backs and a count
            assert shown[str(other)]["cardsInBacks"] == 0
            words = shown[str(other)]["backs"]
            assert f"{len(hands[other])} cards in hand" in words
            assert not any(kind in words for kind in KINDS), words


def found(data: Any, key: str) -> list[Any]:
    """Every value stored under ``key`` anywhere in a JSON message."""
    if isinstance(data, dict):
        here = [data[key]] if key in data else []
        return here + [x for v in data.values() for x in found(v, key)]
    if isinstance(data, list):
        return [x for v in data for x in found(v, key)]
    return []


def true_hands(
    record: dict[str, Any],
) -> dict[int, tuple[list[list[str]], list[dict[str, int]], list[dict[str, Any]]]]:
    """For each version (actions applied): each seat's hand and sacrifice cards as the
    engine holds them, and each seat's view, from the stored record replayed."""
    out = {}
    actions = record["actions"]
    state = vaka.replay({**record, "actions": []})
    for k in range(len(actions) + 1):
        if k:
            state.apply(*actions[k - 1])
        full = state.view(None) if state.is_over else None
        views = [json.loads(json.dumps(state.view(s))) for s in range(record["players"])]
        hands = [v["seats"][s]["hand"] for s, v in enumerate(views)]
        sacrifice = [v["seats"][s]["sacrifice"] for s, v in enumerate(views)]
        assert full is None or all("hand" in e for e in full["seats"])
        out[k] = (hands, sacrifice, views)
    return out
