"""Raiatea's table in a real browser: a whole game played by pointing at the board, and a
sealed bid that another person's page (text and every WebSocket frame) never shows before
the reveal. The tests share one server."""

from __future__ import annotations

import json
import random
import re
import time
from typing import Any

from playwright.sync_api import Page

from tests.server.serverproc import Server
from tests.web.conftest import Watched, at_once, shared_web
from tests.web.test_lobby import accept_invitation, make_table
from vaka.cli.wire import whole_log

web = shared_web()


class Player:
    """One person's page at a table: the state frames its WebSocket receives, and moves
    made by pointing at the board where it offers the action (else the choice list)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.frames: list[str] = []
        self.states: list[dict[str, Any]] = []
        self.log: list[Any] | None = None
        self.on_board = 0
        self.on_list = 0
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, payload: str | bytes) -> None:
        text = payload if isinstance(payload, str) else payload.decode()
        self.frames.append(text)
        msg = json.loads(text)
        if msg.get("type") == "state":  # its log put together, as the page does
            msg["view"]["log"] = self.log = whole_log(self.log, msg)
            self.states.append(msg)

    @property
    def last(self) -> dict[str, Any]:
        return self.states[-1]

    def wait_state(self, seconds: float = 30) -> dict[str, Any]:
        """The newest state once it is over or offers this seat a move, drawn on the page."""
        end = time.monotonic() + seconds
        while not self.states or not (self.last["legal"] or self.last["table"]["status"] == "over"):
            assert time.monotonic() < end, "the table stopped moving"
            self.page.wait_for_timeout(25)
        msg = self.last
        shown = [c["action"] for c in msg["legal"]]
        self.page.wait_for_function(
            "want => [...document.querySelectorAll('.choice .action')].map(e => e.textContent)"
            ".join('|') === want",
            arg="|".join(shown),
        )
        return msg

    def play(self, action: str) -> None:
        """Point at the board where it offers ``action``; otherwise use the choice list."""
        before = self.last
        for _ in range(3):  # a push may redraw the board under the pointer: point again
            spot = self.page.locator(f'.rt-board [data-action="{action}"]')
            if spot.count():
                spot.first.click()
                self.on_board += 1
            else:
                self.page.locator(".choice .action").get_by_text(action, exact=True).click()
                self.on_list += 1
            end = time.monotonic() + 15
            while not self._moved_on(before) and time.monotonic() < end:
                self.page.wait_for_timeout(20)
            if self._moved_on(before):
                return
        raise AssertionError(f"{action!r} changed nothing")

    def _moved_on(self, before: dict[str, Any]) -> bool:
        """Whether the newest state answers this seat's move (other seats' sealed choices
        push states too, and they leave this seat's choices as they were)."""
        now = self.last
        if now["version"] == before["version"]:
            return False
        seat = now["seat"]
        mine = [sum(e["seat"] == seat for e in m["view"]["log"]) for m in (before, now)]
        return (
            now["table"]["status"] == "over"
            or seat not in now["table"]["to_move"]
            or now["legal"] != before["legal"]
            or mine[1] > mine[0]
        )


def test_a_whole_game_is_played_by_pointing_at_the_board(page: Watched, web: Server) -> None:
    me = Player(page.page)
    make_table(page, web, "raiatea", ["me", "bot:random", "bot:random"])
    p = page.page
    p.wait_for_selector(".rt-panel")
    page.shot("raiatea-start")
    rng = random.Random(7)
    moves = 0
    seen_phases: set[str] = set()
    middle = False
    shots: set[str] = set()
    while True:
        msg = me.wait_state(60)
        if msg["table"]["status"] == "over":
            break
        view = msg["view"]
        phase = (view["decision"] or {}).get("phase", "")
        seen_phases.add(phase)
        if view["round"] == {"kind": "ceremony", "number": 2, "ceremony": 2} and not middle:
            page.shot("raiatea-middle")
            p.set_viewport_size({"width": 390, "height": 844})
            page.shot("raiatea-middle-phone")
            p.set_viewport_size({"width": 1280, "height": 900})
            middle = True
        if phase == "offer" and "raiatea-offer" not in shots:
            shots.add("raiatea-offer")
            page.shot("raiatea-offer")
        legal = [c["action"] for c in msg["legal"]]
        # Prefer doing something to passing, so that the game shows most of what it has.
        doing = [a for a in legal if a not in ("pass", "done")] or legal
        me.play(rng.choice(doing if rng.random() < 0.8 else legal))
        moves += 1
    p.locator(".final").wait_for()
    page.shot("raiatea-end")
    assert middle, "the second ceremony was never drawn"
    assert {"claim", "keep", "prep", "offer", "mission"} <= seen_phases
    # Every screen is open at the end; the final sheet has a row per scoring category.
    p.get_by_role("tab", name="Other screens").click()
    assert p.locator(".rt-panel", has_text="Behind the screen (revealed)").count() == 2
    sheet = p.locator(".final .sheet").inner_text()
    for row in ("rank", "rituals", "missions", "masks", "total"):
        assert row in sheet
    assert moves == me.on_board + me.on_list
    assert me.on_board >= 0.8 * moves, (me.on_board, me.on_list)
    p.goto("about:blank")  # close the table's socket before the server stops


# seat 0 in the engine's words (the frames) and by its name on the page
FORBIDDEN_BEFORE_REVEAL = re.compile(r"(?:Seat 0|Player) bids|Mana offered")


def test_a_sealed_offering_stays_hidden_from_the_other_page_until_all_have_chosen(
    page: Watched, web: Server
) -> None:
    make_table(page, web, "raiatea", ["me", "invite:Friend 1", "bot:random"], go=False)
    p = page.page
    link = p.get_by_label("invitation link for Friend 1").input_value()
    me = Player(p)
    p.get_by_role("link", name="Go to the table").click()
    assert p.context.browser is not None
    other = p.context.browser.new_context(viewport={"width": 1280, "height": 900})
    at_once(other)
    friend = Player(other.new_page())
    accept_invitation(friend.page, link)
    friend.page.wait_for_selector(".rt-panel")
    rng = random.Random(3)
    end = time.monotonic() + 90
    # Both play (quickly: passing where they may) until the Mana offering asks "me" to bid.
    while True:
        assert time.monotonic() < end, "no offering came"
        mine = me.last["legal"] if me.states else []
        if any(c["action"].startswith("bid ") for c in mine):
            break
        for who in (me, friend):
            if not who.states or not who.last["legal"]:
                continue
            legal = [c["action"] for c in who.last["legal"]]
            if any(a.startswith("bid ") for a in legal):
                continue  # the friend waits with its bid until "me" has bid
            who.wait_state()
            legal = [c["action"] for c in who.last["legal"]]
            quick = [a for a in legal if a in ("pass", "done")]
            who.play(quick[0] if quick else rng.choice(legal))
        p.wait_for_timeout(20)
    me.wait_state()
    bids = [int(c["action"].split()[1]) for c in me.last["legal"]]
    amount = max(bids)
    assert amount >= 1  # every seat starts with 5 mana
    me.play(f"bid {amount}")
    # The friend's page shows that seat 0 has chosen, and nothing of the amount.
    friend.page.locator('.rt-sealed [data-seat="0"].rt-chosen').wait_for()
    pill = friend.page.locator('.rt-sealed [data-seat="0"]').text_content() or ""
    assert re.fullmatch(r"0\s*Player ✓ chosen", pill.strip()), pill
    mine = p.locator('.rt-sealed [data-seat="0"]').text_content() or ""
    assert f"({amount})" in mine  # "me" sees its own bid on its board
    label = friend.page.locator(".rt-sealed").get_attribute("aria-label") or ""
    assert "Player has chosen" in label and "Friend 1 is choosing" in label  # by name
    friend_text = friend.page.locator("body").inner_text()
    assert "Player has chosen a bid" in friend_text  # seat 0, by its name
    assert not FORBIDDEN_BEFORE_REVEAL.search(friend_text)
    hidden = list(friend.frames)
    for frame in hidden:
        assert not FORBIDDEN_BEFORE_REVEAL.search(frame), frame[:300]
        msg = json.loads(frame)
        if msg.get("type") == "state":
            # Seat 0's entry never holds its mana or its bid (the friend's own may).
            assert not {"mana", "my_bid"} & set(msg["view"]["seats"][0])
    # "me" sees its own bid; the friend bids, and only then the offering is revealed.
    assert f"You bid {amount} mana" in p.locator(".log").inner_text()
    friend.wait_state()
    friend.play("bid 0")
    friend.page.get_by_text("Mana offered (revealed)").wait_for()
    revealed = "".join(friend.frames[len(hidden) :])
    assert f"Mana offered: seat 0: {amount}," in revealed
    other.close()
    p.goto("about:blank")  # close the table's socket before the server stops


def test_the_components_name_every_card_a_view_can_show() -> None:
    import vaka
    from vaka.games.raiatea.params import COMMODITIES, MASK_IDS, RITUAL_IDS, TOOS

    comps = json.loads(json.dumps(vaka.load("raiatea").components()))
    assert set(comps["rituals"]) == set(RITUAL_IDS)
    assert all(r["name"] and r["text"] and r["mana"] >= 0 for r in comps["rituals"].values())
    assert set(comps["masks"]) == set(MASK_IDS)
    assert set(comps["toos"]) == set(TOOS)
    assert [c["id"] for c in comps["commodities"]] == list(COMMODITIES)
    assert len(comps["charts"]) == len(COMMODITIES)
    assert {loc["id"] for loc in comps["locations"]} == {
        "forest",
        "marae",
        "reef",
        "path",
        "neighbourhood",
        "market",
    }


SMALLEST_TEXT = """() => Math.min(...[...document.querySelectorAll('.rt-panel text')]
  .filter((t) => t.getBBox().width > 0)
  .map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a))"""


def test_the_boards_small_print_stays_readable_on_common_screens(
    page: Watched, web: Server
) -> None:
    make_table(page, web, "raiatea", ["me", "bot:random", "bot:random", "bot:random"])
    p = page.page
    p.wait_for_selector(".rt-panel")
    for width in (1024, 1280, 1440, 1640, 1920):
        p.set_viewport_size({"width": width, "height": 900})
        p.wait_for_timeout(100)  # the layout settles after the resize
        smallest = p.evaluate(SMALLEST_TEXT)
        assert smallest >= 8.5, f"text of {smallest:.1f}px at a {width}px wide window"
