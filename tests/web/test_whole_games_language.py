"""Whole games played on the page by a reader of another language, in a real Chromium
(a German browser, de-DE) against a real server: the first choice each time, bots in the
other seats, to the end. In the pseudo-language en_XA every word the page shows, the
boards' and the server's alike (bots' names, notes, the log, the components' words),
went through a catalog: a plain ASCII word left is one that did not. The games share one
server."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Page

from tests.cli.pseudo import untranslated
from tests.server.serverproc import Server
from tests.web.conftest import NEWEST, Watched, click_and_follow, hold_seat, shared_web
from tests.web.test_language import SHOWN, context

web = shared_web()

# game: (players, seats, the board's element)
GAMES = {
    "rapa-nui": (2, ["me", "bot:random"], ".rn"),
    "raiatea": (3, ["me", "bot:random", "bot:random"], ".rt-board"),  # 3 players at least
    "atua": (2, ["me", "bot:random"], ".board.atua"),
    "atua-solo": (1, ["me"], ".board.atua"),
}
# What the page shows that is typed, not said: the action strings (the choices' own
# text), the language switch (each language's name in itself), inputs, hint buttons.
TYPED = ".choice .action, .language-switch, input, textarea, .hints button"
# Actions as typed where the page quotes them (the log's "You: place c13 at 1586,491
# angle 1350", Atua's row offering "take left", "take 2").
ACTIONS = re.compile(r"\bplace c\d+ at -?\d+,-?\d+ angle \d+|\btake (?:left|right|\d+)\b")
NAME = "Tia"  # the name the seat was taken under: data
MOVES = 400  # a bound on the reader's own decisions in one game


@pytest.fixture
def browser_page(browser: Browser) -> Iterator[Watched]:
    ctx = context(browser, "en_XA", locale="de-DE")
    ctx.add_init_script(NEWEST)
    page = Watched(ctx.new_page())
    yield page
    ctx.close()


def plain_words(p: Page, names: tuple[str, ...] = (), skip: str = TYPED) -> list[str]:
    """The lines of the whole page (boards included, ``skip`` left out) with words no
    catalog said; ``names``: the game's own names (Atua's residents)."""
    # dates come from date(), written as English in the pseudo-language: data
    text = re.sub(r"\b[A-Z][a-z]{2} \d{1,2}, \d{4}\b", "", p.evaluate(SHOWN, skip))
    text = ACTIONS.sub("", text)
    # the games' and the site's names; RN: the printed back of a Rapa Nui card
    kept = (NAME, "RN", "vaka", "Rapa", "Nui", "Raiatea", "Atua", "Tahuma", *names)
    return [line for line in text.splitlines() if untranslated(line, kept)]


def play_one(p: Page) -> None:
    """The first choice, then the page's next decision (or the end): once the page has
    been pushed a newer state than the one it showed, its choices or the end."""
    click_and_follow(p, p.locator(".choice").first)
    p.locator(".final, .choice").first.wait_for(timeout=60_000)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_whole_game_played_in_another_language_shows_no_word_past_the_catalog(
    browser_page: Watched, web: Server, game: str
) -> None:
    players, seats, board = GAMES[game]
    made = httpx.post(
        f"{web.url}/api/tables",
        json={"game": game.removesuffix("-solo"), "players": players, "seats": seats,
              "name": NAME},
    ).json()  # fmt: skip
    table, token = made["table"]["id"], made["tokens"]["0"]
    p = browser_page.page
    hold_seat(p, web.url, table, game.removesuffix("-solo"), token)
    p.goto(f"{web.url}/#/t/{table}")
    p.locator(board).wait_for(timeout=30_000)
    p.locator(".choice").first.wait_for(timeout=30_000)
    assert p.evaluate("navigator.language") == "de-DE"
    comps = httpx.get(f"{web.url}/api/games/{game.removesuffix('-solo')}/components").json()
    names = tuple(r["name"] for r in comps.get("residents", {}).values())
    found = plain_words(p, names, TYPED)
    for move in range(MOVES):
        if p.locator(".final").count():
            break
        play_one(p)
        if move % 25 == 24:  # a few points on the way: other phases, other words
            found += plain_words(p, names, TYPED)
    else:
        raise AssertionError(f"{game}: no end after {MOVES} decisions")
    p.locator(".final").wait_for()
    p.wait_for_timeout(300)
    found += plain_words(p, names, TYPED)
    browser_page.shot(f"{game}-whole-game-en_XA")
    assert sorted(set(found)) == [], "\n".join([game, *sorted(set(found))])
    assert browser_page.errors == [], browser_page.errors
