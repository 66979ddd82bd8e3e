"""The browser in the reader's language, in a real Chromium against a real server.

In the pseudo-language en_XA every text of the catalogs comes in look-alike letters, so a
plain ASCII word left on a page is a text that never went through the catalog (as
tests/cli/pseudo.py finds for the terminal). A German browser speaks German by itself; the
switch changes the page, is remembered, and is kept with the account; the server's
refusals come in the page's language. The pseudo-language test, which reads the names of
every table there is, has a server of its own; the others share one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.cli.pseudo import untranslated
from tests.server.serverproc import Server
from tests.web.conftest import Watched, at_once, shared_web
from tests.web.test_table import finished_bot_game

PW = "correct horse"

# What a page shows that is not its own words: the games' boards (drawn by each game's
# own module), action strings as typed, the language switch (each language's name in
# itself), and what a person typed.
NOT_WORDS = ".board-area, .choice .action, .language-switch, input, textarea, .hints button"

# Every text a person reads outside NOT_WORDS: text, and the labels read aloud or shown
# on hover; the tab's title.
SHOWN = """(skip) => {
  const out = [document.title];
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) { out.push(node.textContent); return; }
    if (node.nodeType !== Node.ELEMENT_NODE || node.matches(skip)) return;
    if (["SCRIPT", "STYLE", "NOSCRIPT"].includes(node.tagName)) return;
    for (const a of ["aria-label", "title", "placeholder"]) {
      if (node.hasAttribute(a)) out.push(node.getAttribute(a));
    }
    for (const child of node.childNodes) walk(child);
  };
  walk(document.body);
  return out.join("\\n");
}"""


web = shared_web()


@pytest.fixture
def reviewing_web(tmp_path: Path) -> Iterator[Server]:
    """A server of its own that reviews in seconds (1 playout per candidate, 5 search
    iterations)."""
    tiny = ("--review-playouts", "1", "--review-iterations", "5")
    srv = Server(f"sqlite:///{tmp_path / 'vaka.db'}", tmp_path / "server.log", None, *tiny)
    yield srv.start()
    srv.stop()


def context(browser: Browser, lang: str | None = None, locale: str = "en-US") -> BrowserContext:
    made = browser.new_context(viewport={"width": 1280, "height": 900}, locale=locale)
    at_once(made)
    if lang is not None:  # chosen on this browser before the page opens
        made.add_init_script(
            f"try {{ localStorage.getItem('vaka.lang') === null"
            f" && localStorage.setItem('vaka.lang', '{lang}'); }} catch (e) {{}}"
        )
    return made


def names(p: Page) -> set[str]:
    """The words of every name the server shows (people's, bots', games'): data."""
    found: list[Any] = p.evaluate(
        """async () => {
          const lists = await Promise.all(["open", "playing", "over"].map((s) =>
            fetch(`/api/tables?status=${s}`).then((r) => r.json())));
          const games = await fetch("/api/games").then((r) => r.json());
          return lists.flat()
            .flatMap((t) => [...t.names, ...t.seats.map((s) => s.name || ""), t.game_name])
            .concat(games.map((g) => g.name));
        }"""
    )
    return {w for name in found for w in re.findall(r"[A-Za-z]{2,}", name)}


def plain_words(p: Page, kept: set[str]) -> list[str]:
    """The lines of the page's text with words that never went through the catalog."""
    # dates come from date(), formatted as English in the pseudo-language: data
    text = re.sub(r"\b[A-Z][a-z]{2} \d{1,2}, \d{4}\b", "", p.evaluate(SHOWN, NOT_WORDS))
    allowed = tuple(kept | {"vaka", "Tia", "Moana"})  # the name signed up with: data
    return [line for line in text.splitlines() if untranslated(line, allowed)]


def test_every_page_in_the_pseudo_language_has_no_word_outside_the_catalog(
    browser: Browser, reviewing_web: Server
) -> None:
    web = reviewing_web
    ctx = context(browser, "en_XA")
    page = Watched(ctx.new_page())
    p = page.page
    try:
        p.goto(web.url + "/")
        p.locator("form.new-table").wait_for()
        p.locator("section.find").wait_for()
        assert p.evaluate("document.documentElement.lang") == "en"
        assert plain_words(p, names(p)) == []

        # a table with a bot, made from the lobby's form: two seats, me and a random bot
        p.locator("form.new-table select").nth(0).select_option("rapa-nui")
        p.locator("form.new-table select").nth(1).select_option("2")
        p.locator("form.new-table .seat-pick select").nth(1).select_option("bot:random")
        p.locator("form.new-table button[type=submit]").click()
        p.locator(".table-head").wait_for()
        p.locator(".choice").first.wait_for()
        before = p.locator(".log li").count()
        p.locator(".choice").first.click()  # a move: the bot answers, the log grows
        p.wait_for_function(f"document.querySelectorAll('.log li').length > {before}")
        p.locator(".choice").first.wait_for()
        assert p.locator(".choice .note").count() > 0  # the server's notes, said in en_XA
        found = plain_words(p, names(p))
        page.shot("language-pseudo-table")
        assert found == [], found

        # the account area: signing up, then signed in
        p.goto(web.url + "/#/")
        p.locator(".account button").nth(1).click()  # the second: sign up
        form = p.locator(".account-form")
        form.locator("input[name=name]").fill("Tia Moana")
        form.locator("input[name=password]").fill(PW)
        assert plain_words(p, names(p)) == []
        form.locator("button[type=submit]").click()
        p.locator(".who-am-i strong").wait_for()
        p.locator("section.tables").first.wait_for()
        assert plain_words(p, names(p)) == []

        me = p.evaluate("fetch('/api/account').then((r) => r.json())")["me"]["id"]
        p.goto(f"{web.url}/#/people/{me}")
        p.locator("main.people section").first.wait_for()
        assert plain_words(p, names(p) | {"Tia", "Moana"}) == []

        p.goto(f"{web.url}/#/leaderboard")
        p.locator(".games-nav a").first.wait_for()
        p.locator("main.people .note").wait_for()
        assert plain_words(p, names(p)) == []

        # a finished game's replay and its review
        table = finished_bot_game(web)
        p.goto(f"{web.url}/#/replay/{table}/review")
        p.locator(".review-graph svg").first.wait_for(timeout=120_000)
        p.locator(".replay-controls button").nth(3).click()  # forward: a move and its verdict
        p.locator(".last-event .review-label").wait_for()
        # the review's own words about moves (kept with the review as it was made, in
        # English: docs/PROTOCOL.md) and its turning points are data here
        review = p.evaluate(f"fetch('/api/tables/{table}/review').then((r) => r.json())")["review"]
        said = [
            w for d in review["decisions"] for w in [d["taken"], *(d.get("words") or {}).values()]
        ]
        kept = names(p) | set(
            re.findall(r"[A-Za-z]{2,}", " ".join(said + review["turning_points"]))
        )
        found = plain_words(p, kept)
        page.shot("language-pseudo-review")
        assert found == [], found
    finally:
        ctx.close()
    assert page.errors == [], page.errors


def test_a_german_browser_speaks_german_and_the_switch_is_remembered_and_kept(
    browser: Browser, web: Server
) -> None:
    ctx = context(browser, locale="de-DE")
    page = Watched(ctx.new_page())
    p = page.page
    try:
        p.goto(web.url + "/")
        p.get_by_role("heading", name="Einen Tisch eröffnen").wait_for()
        assert p.evaluate("document.documentElement.lang") == "de"
        assert p.title() == "vaka"
        page.shot("language-german-lobby")
        # the switch: English, remembered after a reload
        p.locator(".language-switch button[data-lang=en]").click()
        p.get_by_role("heading", name="Make a table").wait_for()
        p.reload()
        p.get_by_role("heading", name="Make a table").wait_for()
        assert p.evaluate("localStorage.getItem('vaka.lang')") == "en"
        # signed in, the switch keeps the choice with the account
        p.get_by_role("group", name="Account").get_by_role("button", name="Sign up").click()
        form = p.get_by_role("form", name="Sign up")
        form.get_by_label("Name", exact=True).fill("Tia Moana")
        form.get_by_label("Password", exact=True).fill(PW)
        form.get_by_role("button", name="Sign up").click()
        p.get_by_text("Signed in as").wait_for()
        p.locator(".language-switch button[data-lang=de]").click()
        p.get_by_text("Angemeldet als").wait_for()
        account = p.evaluate("fetch('/api/account').then((r) => r.json())")
        assert account["me"]["language"] == "de"
    finally:
        ctx.close()
    assert page.errors == [], page.errors

    # another browser that has chosen nothing (an English one) takes the account's on login
    ctx = context(browser, locale="en-US")
    page = Watched(ctx.new_page())
    q = page.page
    try:
        q.goto(web.url + "/")
        q.get_by_role("heading", name="Make a table").wait_for()
        q.get_by_role("group", name="Account").get_by_role("button", name="Log in").click()
        form = q.get_by_role("form", name="Log in")
        form.get_by_label("Name", exact=True).fill("tia moana")
        form.get_by_label("Password", exact=True).fill(PW)
        form.get_by_role("button", name="Log in").click()
        q.get_by_role("heading", name="Einen Tisch eröffnen").wait_for()
        q.get_by_text("Angemeldet als").wait_for()
    finally:
        ctx.close()
    assert page.errors == [], page.errors


def test_a_refusal_reaches_a_german_page_in_german(browser: Browser, web: Server) -> None:
    ctx = context(browser, locale="de-DE")
    page = Watched(ctx.new_page())
    p = page.page
    page.page.on("console", lambda m: None)
    try:
        p.goto(f"{web.url}/#/join/nosuchtable/1/not-a-token")
        error = p.locator("[role=alert]")
        error.wait_for()
        assert "es gibt keinen Tisch" in error.inner_text()
        assert p.get_by_role("button", name="Meinen Platz einnehmen").is_disabled()
        # signing in with a wrong password: the server's answer, in German
        p.goto(f"{web.url}/#/")
        p.get_by_role("group", name="Konto").get_by_role("button", name="Anmelden").click()
        form = p.get_by_role("form", name="Anmelden")
        form.get_by_label("Name", exact=True).fill("Niemand")
        form.get_by_label("Passwort", exact=True).fill("falsch-falsch")
        form.get_by_role("button", name="Anmelden").click()
        refused = form.locator("[role=alert]")
        refused.wait_for()
        assert refused.inner_text() == "falscher Name oder falsches Passwort"
    finally:
        ctx.close()
    # the refused requests themselves are the console's only complaints
    assert all("404" in e or "401" in e for e in page.errors), page.errors


def test_a_browser_with_no_language_of_its_own_stays_english(browser: Browser, web: Server) -> None:
    ctx = context(browser, locale="fr-FR")
    page = Watched(ctx.new_page())
    p = page.page
    try:
        p.goto(web.url + "/")
        p.get_by_role("heading", name="Make a table").wait_for()
        assert p.evaluate("document.documentElement.lang") == "en"
    finally:
        ctx.close()
    assert page.errors == [], page.errors
