"""A table a person can follow: other seats' moves shown one at a time with the changed
places marked, the table's names in the log, a running score for every seat, clocks that
tick, a plain end (solo: against Tahuma), and no serious accessibility violation. The
tests share one server."""

from __future__ import annotations

import json
import re
from itertools import pairwise
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page

from tests.server.serverproc import Server, bearer
from tests.web.conftest import NEWEST, Watched, click_and_follow, hold_seat, shared_web
from tests.web.test_lobby import make_table

web = shared_web()

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
# Records every version the Rapa Nui board draws, when, and how many places it marks.
RECORD = """() => {
  window.__seen = [];
  const look = () => {
    const rn = document.querySelector('.rn');
    const v = rn ? Number(rn.dataset.version) : null;
    const last = window.__seen[window.__seen.length - 1];
    if (v !== null && (!last || last.v !== v)) {
      window.__seen.push({ v, t: performance.now(),
        marks: document.querySelectorAll('[data-moved="1"]').length });
    }
    requestAnimationFrame(look);
  };
  look();
}"""


def axe_violations(p: Page) -> list[dict[str, Any]]:
    """The serious and critical violations axe-core finds on the page as it is now."""
    if not p.evaluate("() => !!window.axe"):
        p.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = p.evaluate(
        """async () => (await axe.run(document,
            { resultTypes: ['violations'] })).violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => ({ id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }))"""
    )
    return found


VERSION = "Number(document.querySelector('.rn').dataset.version)"


def end_turn(p: Page) -> int:
    """Play the first choice until the page's turn is over (a Rapa Nui turn may take
    several actions); returns the version drawn then."""
    p.locator(".choice").first.wait_for()
    for _ in range(10):
        mine = p.evaluate(VERSION)
        p.locator(".choice").first.click()
        p.wait_for_function(f"{VERSION} > {mine}")
        if p.locator(".choice").count() == 0:
            break
    return int(p.evaluate(VERSION))


def test_bots_moves_are_shown_one_at_a_time_with_the_changed_places_marked(
    page: Watched, web: Server
) -> None:
    p = page.page
    p.goto(web.url + "/")
    p.evaluate("localStorage.setItem('vaka.pace', '500')")
    make_table(page, web, "rapa-nui", ["me", "bot:random", "bot:random"])
    mine = end_turn(p)
    p.evaluate(RECORD)
    p.wait_for_selector(".pacing", timeout=10_000)
    page.shot("follow-pacing")
    p.wait_for_selector(".choice", timeout=30_000)
    seen = p.evaluate("window.__seen")
    others = [s for s in seen if s["v"] > mine]
    versions = [s["v"] for s in others]
    # Until the page's turn comes again, the bots' moves come one version at a time...
    assert len(versions) >= 2 and versions == sorted(versions), seen
    assert sum(b - a == 1 for a, b in pairwise(versions)) >= 1, seen
    # ...at the pace asked for, each after the last,
    gaps = [b["t"] - a["t"] for a, b in pairwise(others)]
    assert gaps and all(g >= 400 for g in gaps), gaps
    # ...and every step marks what changed since the page's move; the marks stay.
    assert all(s["marks"] > 0 for s in others), seen
    assert p.locator('[data-moved="1"]').count() > 0
    since = p.locator(".since li")
    assert since.count() > 0
    # The table's names, never "seat N", in the log and in the summary.
    names = p.evaluate("[...document.querySelectorAll('.seat .name')].map(e => e.textContent)")
    assert any("random bot 1" in n for n in names), names
    log = p.locator(".log").inner_text()
    assert not re.search(r"\bseat [0-9]", log, re.IGNORECASE), log
    # The summary may fold the earliest lines away, so any bot's name will do there.
    assert "andom bot 1" in log and "andom bot" in p.locator(".since").inner_text()
    assert p.title().startswith("Your move")
    page.shot("follow-marks")


def test_show_all_now_skips_the_wait(page: Watched, web: Server) -> None:
    p = page.page
    p.goto(web.url + "/")
    p.evaluate("localStorage.setItem('vaka.pace', '1500')")
    make_table(page, web, "rapa-nui", ["me", "bot:random", "bot:random"])
    end_turn(p)
    p.get_by_role("button", name="Show all now").click()
    p.wait_for_selector(".choice", timeout=5_000)


def seats_scores(p: Page) -> list[str]:
    found: list[str] = p.evaluate(
        "[...document.querySelectorAll('.seats .score')].map(e => e.textContent)"
    )
    return found


def test_every_games_table_shows_a_score_per_seat_and_passes_axe(
    page: Watched, web: Server
) -> None:
    p = page.page
    p.goto(web.url + "/")
    p.locator(".new-table").wait_for()
    assert axe_violations(p) == []
    for game, seats, rivals in [
        ("rapa-nui", ["me", "bot:random", "bot:random"], 0),
        ("raiatea", ["me", "bot:random", "bot:random"], 0),
        ("atua", ["me", "bot:random"], 0),
        ("atua", ["me"], 1),
    ]:
        make_table(page, web, game, seats)
        p.locator(".choice").first.wait_for()
        scores = seats_scores(p)
        assert len(scores) == len(seats) + rivals, (game, scores)
        assert all(re.fullmatch(r"score: -?\d+(\.\d)?", s) for s in scores), scores
        if rivals:
            assert p.locator('[data-rival="Tahuma"] .score').count() == 1
        assert p.locator(".score-note").inner_text().startswith("Scores: ")
        bad = axe_violations(p)
        assert bad == [], (game, json.dumps(bad, indent=1))
        page.shot(f"follow-scores-{game}-{len(seats)}")


def test_a_live_clock_counts_down_with_nobody_moving(page: Watched, web: Server) -> None:
    made = httpx.post(
        f"{web.url}/api/tables",
        json={
            "game": "rapa-nui",
            "players": 2,
            "seats": ["me", "bot:random"],
            "clock": {"kind": "live", "minutes": 0.5, "increment": 0},
        },
    ).json()
    table = made["table"]["id"]
    p = page.page
    p.goto(f"{web.url}/#/t/{table}")  # watching: seat 0's time runs
    clock = p.locator('.seat[data-seat="0"] .clock')
    clock.wait_for()
    first = clock.inner_text()
    p.wait_for_function(
        "t => document.querySelector('.seat[data-seat=\"0\"] .clock').innerText !== t",
        arg=first,
        timeout=3_000,
    )
    # Little time left: the clock says so.
    p.wait_for_selector(".clock.low", timeout=10_000)


def test_the_solo_game_says_whether_you_beat_tahuma(page: Watched, web: Server) -> None:
    made = httpx.post(
        f"{web.url}/api/tables", json={"game": "atua", "players": 1, "seats": ["me"]}
    ).json()
    table, token = made["table"]["id"], made["tokens"]["0"]
    p = page.page
    hold_seat(p, web.url, table, "atua", token)
    p.goto(f"{web.url}/#/t/{table}")
    p.locator(".choice").first.wait_for()
    # Resigning lets a bot play the seat to the end.
    httpx.post(f"{web.url}/api/tables/{table}/resign", headers=bearer(token)).raise_for_status()
    p.wait_for_selector(".final", timeout=90_000)
    verdict = p.locator(".verdict").inner_text()
    assert verdict in ("You beat Tahuma!", "Tahuma beat you."), verdict
    result = p.locator(".final .result").inner_text()
    assert "Nobody won" not in result and re.search(r"\d+ to \d+", result), result
    page.shot("follow-solo-end")
    # The lobby's list of this browser's games shows the result.
    p.goto(web.url + "/")
    p.get_by_text(re.compile("beat")).first.wait_for()


@pytest.mark.parametrize("game", ["rapa-nui", "raiatea", "atua"])
def test_the_boards_pass_axe_and_call_the_seats_by_name(
    page: Watched, web: Server, game: str
) -> None:
    """Every pointable place of the boards is a button named by what it shows, and no
    button sits in another; checked at the start and then after each of a few moves (Atua:
    with a card held over the island, its candidates shown)."""
    seats = ["me", "bot:random"] if game == "atua" else ["me", "bot:random", "bot:random"]
    page.page.add_init_script(NEWEST)  # for click_and_follow
    make_table(page, web, game, seats)
    p = page.page
    for move in range(4):
        p.locator(".choice").first.wait_for(timeout=30_000)
        bad = axe_violations(p)
        assert bad == [], (game, move, json.dumps(bad, indent=1))
        click_and_follow(p, p.locator(".choice").first)
    # the summary beside the board says how many lines it leaves to the log, in words
    for note in p.locator(".since .note").all_inner_texts():
        assert re.fullmatch(r"…\d+ earlier lines? in the log", note), note
    # seats go by the names the table shows, in the words drawn and in the labels
    words = p.evaluate(
        """() => { const b = document.querySelector('.board-area');
          return [b.innerText, ...[...b.querySelectorAll('[aria-label], title')]
            .map((e) => e.getAttribute('aria-label') || e.textContent)].join('\\n'); }"""
    )
    assert not re.search(r"\bseat \d", words, re.IGNORECASE), words
    # the drawn places are buttons named by what they offer (an SVG part by its <title>)
    offer = p.locator(".board-area g[role=button]").first
    offer.wait_for(timeout=30_000)
    verb = (offer.get_attribute("data-action") or "").split(" ")[0]
    assert verb and p.get_by_role("button", name=re.compile("^" + re.escape(verb))).count() >= 1
