"""A finished game's review in the browser: asked for from the table, shown in the replay."""

from __future__ import annotations

import re

from playwright.sync_api import Browser

from tests.server.serverproc import Server
from tests.web.conftest import Watched, shared_web
from tests.web.test_language import context
from tests.web.test_table import finished_bot_game
from tests.web.test_whole_games_language import plain_words

LABELS = {"only move", "good", "inaccuracy", "mistake", "blunder", "forced"}


#: One server for the module's tests, each with a game of its own; it reviews with 1
#: playout per candidate and 5 search iterations: seconds.
web = shared_web("--review-playouts", "1", "--review-iterations", "5")


def test_a_finished_game_is_reviewed_and_its_labels_and_graph_shown(
    page: Watched, web: Server
) -> None:
    table = finished_bot_game(web)
    p = page.page
    p.goto(f"{web.url}/#/t/{table}")
    p.get_by_role("link", name="Review this game").click()  # a spectator: every seat
    p.wait_for_url(re.compile(f"#/replay/{table}/review$"))
    graphs = p.locator(".review-graph svg")
    graphs.first.wait_for(timeout=120_000)
    assert graphs.count() == 2
    assert p.get_by_role("img", name=re.compile("Seat 1 .*win chance")).count() == 1
    for polyline in p.locator(".review-graph polyline.taken").all():
        assert len(polyline.get_attribute("points").split()) > 5  # a line through the game
    counter = p.locator(".replay-controls span")
    total = int(counter.inner_text().split("/")[1])
    p.get_by_role("button", name="forward").click()
    counter.filter(has_text=f"1 / {total}").wait_for()
    beside = p.locator(".last-event .review-label")  # the first move's label, beside it
    assert beside.inner_text() in LABELS
    page.shot("review-replay")

    moves = p.locator(".review-move")  # one random bot's blunders, at least, are found
    moves.first.wait_for()  # the list may come a moment after the graphs
    first = moves.first.inner_text()
    step = int(re.search(r"#(\d+)", first).group(1))  # type: ignore[union-attr]
    moves.first.click()
    counter.filter(has_text=f"{step} / {total}").wait_for()
    assert beside.inner_text() in first  # the same label beside the move now shown
    marks = p.locator(".review-graph .mark")
    assert marks.count() >= moves.count()  # every labelled decision is marked, and only moves
    marks.last.click()
    label = marks.last.get_attribute("aria-label") or ""
    mark_step = re.match(r"action (\d+):", label).group(1)  # type: ignore[union-attr]
    counter.filter(has_text=f"{mark_step} / {total}").wait_for()


def test_a_player_reviews_their_own_seat_from_the_replay(page: Watched, web: Server) -> None:
    table = finished_bot_game(web)
    p = page.page
    p.goto(f"{web.url}/#/replay/{table}")
    p.get_by_label("Decisions of").select_option("0")
    p.get_by_role("button", name="Review this game").click()
    p.locator(".review-graph svg").first.wait_for(timeout=120_000)
    assert p.locator(".review-graph svg").count() == 1
    assert p.locator(".review-seats tbody tr").count() == 1


def test_a_review_reads_in_the_readers_language(browser: Browser, web: Server) -> None:
    """In the pseudo-language every word of the review (the actions said by the game, the
    turning points, the labels) came through a catalog: the server makes the review's
    words in the page's language."""
    table = finished_bot_game(web)
    ctx = context(browser, "en_XA")
    try:
        page = Watched(ctx.new_page())
        p = page.page
        p.goto(f"{web.url}/#/replay/{table}")
        p.locator(".review-ask button[type=submit]").click()  # every seat
        p.locator(".review-graph svg").first.wait_for(timeout=120_000)
        moves = p.locator(".review-move")
        moves.first.wait_for()  # one random bot's blunders, at least, are found
        moves.first.click()
        p.locator(".last-event .review-label").wait_for()
        said = [*moves.all_inner_texts(), *p.locator(".turning li").all_inner_texts()]
        assert said and all("⟦" in text for text in said), said
        # a labelled move's title is the action as typed ("draw 2"): not said
        typed = set(moves.evaluate_all("(all) => all.map((b) => b.title)"))
        found = [line for line in plain_words(p) if line.strip() not in typed]
        assert found == [], "\n".join(found)
        page.shot("review-pseudo")
    finally:
        ctx.close()
