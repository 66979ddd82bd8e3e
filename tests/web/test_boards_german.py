"""The three games' boards in German, in a real browser against a real server: the
board's own words come from the catalog (the rulebooks' German terms, the data's names), a
run in the pseudo-language en_XA finds no board text that skipped the catalog, and the
longer German words still fit the board on common laptop screens (Raiatea: your screen,
your cards and your choices on one screen). The tests share one server."""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page

from tests.cli.pseudo import untranslated
from tests.server.serverproc import Server
from tests.web.conftest import NEWEST, Watched, click_and_follow, hold_seat, shared_web
from tests.web.test_lobby import make_table
from tests.web.test_raiatea_screen import BOXES, inside, play_until

web = shared_web()

# game: (seats, the board's element, what holds the server's words about the move)
BOARDS = {
    "rapa-nui": (["me", "bot:random", "bot:random"], ".rn", ".rn-banner"),
    "raiatea": (["me", "bot:random", "bot:random"], ".rt-board", ".rt-board > svg:first-of-type"),
    "atua": (["me", "bot:random"], ".board.atua", ".atua-prompt .what"),
}
# Words each board shows in German at the start of a game: the rulebooks' terms and the
# data's names as the Python side's catalog holds them.
GERMAN = {
    "rapa-nui": ["Auslage", "Reihe 1", "Nachziehstapel", "Opferstein", "Vorrat", "Holzfäller",
                 "Süßkartoffel", "Opferkarten", "Holz", "Ruhm", "ausgelegt"],
    "raiatea": ["Ihr Sichtschirm", "Insel und Tempel", "Märkte", "Rundenleiste", "Tattoo-Leiste",
                "Priesterleiste", "Vor dem Sichtschirm", "Perlen", "Wald", "Nach Perlen tauchen"],
    "atua": ["Ihre Insel", "Die Auslage", "Legende der Symbole", "Kokosnüsse", "Fischer",
             "Stammesmaske-Totem"],
}  # fmt: skip
# Words no German board shows (its English words, checked where the German ones stand).
ENGLISH = {
    "rapa-nui": ["Display", "Draw pile", "Sacrifice stone", "Supply", "Row 1"],
    "raiatea": ["Your screen", "Island and temple", "Markets", "round track", "In front of"],
    "atua": ["your island", "The row", "Key to the symbols"],
}
# The placing tools' words (a card held over the island), in German.
PLACING = ["Einrasten", "Vorschläge", "Anlegen", "Ziehen Sie die Karte"]
# Every text of the board: its text (SVG <title>s among it), its aria-labels and titles,
# less the element that carries the server's words about the move (checked apart).
WORDS = """([root, skip]) => {
  const el = document.querySelector(root);
  const out = [];
  const skipped = (e) => e && e.closest && e.closest(skip);
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    if (!skipped(walk.currentNode.parentElement)) out.push(walk.currentNode.textContent);
  }
  for (const e of [el, ...el.querySelectorAll('[aria-label], [title]')]) {
    if (!skipped(e)) out.push(e.getAttribute('aria-label') || '', e.getAttribute('title') || '');
  }
  return out.join('\\n');
}"""


def speaking(page: Watched, web: Server, game: str, lang: str) -> tuple[Page, str]:
    """A table of ``game`` made from the lobby, then shown again in ``lang`` (the
    browser's chosen language, as the language switch keeps it); returns the page and
    the table id."""
    seats, root, _ = BOARDS[game]
    page.page.add_init_script(NEWEST)  # for click_and_follow
    table = make_table(page, web, game, seats)
    p = page.page
    p.locator(".choice").first.wait_for(timeout=30_000)
    p.evaluate(f"localStorage.setItem('vaka.lang', '{lang}')")
    p.reload()
    p.locator(root).wait_for(timeout=30_000)
    p.locator(".choice").first.wait_for(timeout=30_000)
    p.wait_for_timeout(300)
    return p, table


def board_text(p: Page, game: str) -> str:
    _, root, skip = BOARDS[game]
    text: str = p.evaluate(WORDS, [root, skip])
    return text


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_the_board_speaks_german(page: Watched, web: Server, game: str) -> None:
    p, _ = speaking(page, web, game, "de")
    if game == "atua":  # the key is folded away until asked for
        p.locator(".atua-key summary").click()
    text = board_text(p, game)
    for word in GERMAN[game]:
        assert word in text, (game, word, text)
    for word in ENGLISH[game]:
        assert not re.search(rf"\b{re.escape(word)}\b", text), (game, word, text)
    assert p.evaluate("document.documentElement.lang") == "de"
    if game == "atua":
        hold_a_card(p)
        text = board_text(p, game)
        assert all(word in text for word in PLACING), text


def hold_a_card(p: Page) -> None:
    """Atua: take the first card of the row, then show its candidates and put it on the
    best one (the laying tools, the candidates' line and the status all drawn)."""
    p.locator('.atua-row [data-action^="take "]').first.click()
    p.wait_for_function(
        "document.querySelector('.choices .choice .action')?.textContent.startsWith('place ')"
    )
    p.locator(".atua-tools button").nth(3).click()  # the candidates, shown
    p.locator(".atua-cands button").last.click()  # the best of them
    p.wait_for_function("document.querySelector('.atua-status')?.dataset.state === 'legal'")


def server_words(p: Page, web: Server, game: str, table: str) -> tuple[str, ...]:
    """The words on the board that come from the server and are its to translate: the
    seats' names, the choices' notes, and the texts the components' data is made of
    there (missions and chart bonuses, fate tiles and residents in words)."""
    with web.client() as client:
        names = client.get(f"/api/tables/{table}").json().get("names") or []
        comps = client.get(f"/api/games/{game}/components").json()
    texts = [*map(str, names), *p.locator(".choice .note").all_inner_texts()]
    texts += p.locator(".choice .action").all_inner_texts()
    if game == "raiatea":
        texts += [t["text"] for t in comps["toos"].values()]
        texts += [bonus for chart in comps["charts"] for bonus in chart]
    if game == "atua":
        texts += [f["text"] for f in comps["fates"].values()]
        texts += [r["text"] for r in comps["residents"].values()]
    words = {w for text in texts for w in re.findall(r"[A-Za-z]{2,}", text)}
    return (*words, "RN")  # RN: the printed back of a Rapa Nui card


def pseudo_findings(p: Page, game: str, kept: tuple[str, ...]) -> list[str]:
    _, root, skip = BOARDS[game]
    found = untranslated(board_text(p, game), kept)
    # the line about the move is the board's own words around the server's
    where = p.locator(f"{root} {skip}" if game != "raiatea" else skip)
    for line in where.evaluate_all("(es) => es.map((e) => e.textContent)"):
        if line.strip():
            assert line.strip().startswith("⟦"), line
    return found


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_no_board_text_skips_the_catalog(page: Watched, web: Server, game: str) -> None:
    p, table = speaking(page, web, game, "en_XA")
    kept = server_words(p, web, game, table)
    found = pseudo_findings(p, game, kept)
    if game == "raiatea":  # every tab of the table, each drawn in its turn
        for i in range(p.locator(".rt-tab").count()):
            p.locator(".rt-tab").nth(i).click()
            p.wait_for_timeout(150)
            found += pseudo_findings(p, game, kept)
    if game != "atua":  # a few moves on: other steps of a turn, other words
        for _ in range(6):
            click_and_follow(p, p.locator(".choice").first)
            p.locator(".choice").first.wait_for(timeout=30_000)
            found += pseudo_findings(p, game, server_words(p, web, game, table))
    if game == "atua":  # a card held over the island: the laying tools and their help
        hold_a_card(p)
        found += pseudo_findings(p, game, server_words(p, web, game, table))
    assert found == [], (game, sorted(set(found)))


def overflows(p: Page, root: str) -> list[dict[str, Any]]:
    """Texts of the board drawn past the picture that holds them (an SVG text beyond its
    <svg> or over another text of it, an HTML box whose text is wider than the box)."""
    found: list[dict[str, Any]] = p.evaluate(
        """(root) => {
          const out = [];
          const el = document.querySelector(root);
          for (const t of el.querySelectorAll('svg text')) {
            const svg = t.ownerSVGElement.getBoundingClientRect();
            const r = t.getBoundingClientRect();
            if (!r.width) continue;
            if (r.left < svg.left - 1 || r.right > svg.right + 1)
              out.push({ text: t.textContent.trim(), left: r.left - svg.left,
                right: r.right - svg.right });
          }
          // two words drawn over each other: the longer one runs into its neighbour
          const texts = [...el.querySelectorAll('svg text')].filter((t) => t.textContent.trim())
            .map((t) => [t, t.getBoundingClientRect()]).filter(([, r]) => r.width);
          texts.forEach(([a, ra], i) => texts.slice(i + 1).forEach(([b, rb]) => {
            const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
            const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
            // (a stack of one card drawn a little apart, as the draw pile's backs, is one)
            if (w > 2 && h > 4 && a.ownerSVGElement === b.ownerSVGElement
                && a.textContent !== b.textContent && !a.contains(b) && !b.contains(a))
              out.push({ text: a.textContent.trim(), over: b.textContent.trim(), w, h });
          }));
          // a Raiatea card's name run under its mana badge
          for (const card of el.querySelectorAll('.rt-panel [data-card]')) {
            const badge = card.querySelector('circle')?.getBoundingClientRect();
            for (const line of card.querySelectorAll('text.rt-light tspan')) {
              const r = line.getBoundingClientRect();
              if (badge && r.right > badge.left + 1 && r.top < badge.bottom && r.bottom > badge.top)
                out.push({ text: line.textContent, over: 'mana badge', w: r.right - badge.left });
            }
          }
          for (const e of el.querySelectorAll('button, h3, dt, dd, figcaption, p, span')) {
            if (e.closest('svg') || e.closest('.sr-only')) continue;  // (read, never seen)
            if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflow !== 'visible')
              out.push({ text: e.textContent.trim(), over: e.scrollWidth - e.clientWidth });
          }
          return out;
        }""",
        root,
    )
    return found


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_the_german_board_fits_common_screens(page: Watched, web: Server, game: str) -> None:
    p, _ = speaking(page, web, game, "de")
    root = BOARDS[game][1]
    for width, height in ((1440, 900), (1366, 768)):
        p.set_viewport_size({"width": width, "height": height})
        p.wait_for_timeout(400)
        page.shot(f"{game}-de-{width}")
        assert overflows(p, root) == [], (game, width)
        wide = p.evaluate("document.documentElement.scrollWidth")
        assert wide <= width, (game, width, wide)  # nothing pushes the page sideways


def test_raiatea_in_german_keeps_screen_cards_and_choices_in_sight(
    page: Watched, web: Server
) -> None:
    make_table(page, web, "raiatea", ["me", "bot:random", "bot:random"])
    p = page.page
    p.wait_for_selector(".rt-panel")
    keeps = play_until(p, "keep ")
    p.evaluate("localStorage.setItem('vaka.lang', 'de')")
    p.reload()
    screen_of = '.rt-board .rt-panel[aria-label^="Ihr Sichtschirm"]'
    p.locator(f'{screen_of} [data-action^="keep "]').first.wait_for(timeout=30_000)
    for width, height in ((1440, 900), (1366, 768)):
        p.set_viewport_size({"width": width, "height": height})
        p.wait_for_timeout(300)
        page.shot(f"raiatea-de-keep-{width}")
        p.evaluate("scrollTo(0, 0)")
        p.wait_for_timeout(100)
        screen = p.evaluate(BOXES, screen_of)[0]
        cards = p.evaluate(BOXES, f'{screen_of} [data-action^="keep "]')
        listed = p.evaluate(BOXES, ".choices")[0]
        shown = p.locator(f'{screen_of} [data-action^="keep "]').evaluate_all(
            "(cards) => cards.map((c) => c.dataset.action)"
        )
        assert set(shown) == set(keeps)
        for box in [screen, listed, *cards]:
            assert inside(box, width, height), (width, height, box)
        assert overflows(p, ".rt-board") == [], width


def test_five_seats_of_raiatea_fit_the_board_in_german(page: Watched, web: Server) -> None:
    """The widest table: five seats' sealed fists, markers and names, in German."""
    make_table(page, web, "raiatea", ["me"] + ["bot:random"] * 4)
    p = page.page
    p.wait_for_selector(".rt-panel")
    play_until(p, "bid ")  # the Mana offering: every seat's fist shown, none's amount
    p.evaluate("localStorage.setItem('vaka.lang', 'de')")
    p.reload()
    p.locator(".rt-sealed").wait_for(timeout=30_000)
    assert p.locator(".rt-sealed [data-seat]").count() == 5
    for width, height in ((1440, 900), (1366, 768)):
        p.set_viewport_size({"width": width, "height": height})
        p.wait_for_timeout(300)
        page.shot(f"raiatea-de-five-{width}")
        assert overflows(p, ".rt-board") == [], width


# game: (its bots, what the end of a game says in German on the board)
ENDS = {
    "rapa-nui": (["bot:random"] * 2, ["Spielende nach", "Ruhm +", "Sieger"]),
    "raiatea": (["bot:random"] * 5, ["Spiel vorbei"]),  # five: the widest rows of seats
    "atua": (["bot:random"] * 2, ["Das Spiel ist vorbei"]),
}


@pytest.mark.parametrize("game", sorted(ENDS))
def test_the_end_of_a_game_speaks_the_catalog(page: Watched, web: Server, game: str) -> None:
    """A table of bots, followed to its end: the board's end-of-game words in German,
    and none of them past the catalog in en_XA."""
    bots, words = ENDS[game]
    table = make_table(page, web, game, bots)
    p = page.page
    root = BOARDS[game][1]
    for lang in ("de", "en_XA"):
        p.evaluate(f"localStorage.setItem('vaka.lang', '{lang}')")
        p.reload()
        p.locator(".final").wait_for(timeout=120_000)
        p.locator(root).wait_for()
        p.wait_for_timeout(300)
        if lang == "de":
            text = p.evaluate(WORDS, [root, ":not(*)"])  # the line about the move too
            assert all(word in text for word in words), (game, text)
            for width, height in ((1440, 900), (1366, 768)):
                p.set_viewport_size({"width": width, "height": height})
                p.wait_for_timeout(300)
                assert overflows(p, root) == [], (game, width)
                assert sheet_in_sight(p), (game, width)
            page.shot(f"{game}-de-end")
        else:
            found = pseudo_findings(p, game, server_words(p, web, game, table))
            assert found == [], (game, sorted(set(found)))


def sheet_in_sight(p: Page) -> bool:
    """Whether every seat's column of the final score sheet can be read: each header,
    scrolled to within the sheet's box, lies inside the box and the window."""
    seen: bool = p.evaluate(
        """() => {
          const box = document.querySelector('.final .sheet-box');
          const heads = [...box.querySelectorAll('thead th')];
          return heads.length > 1 && heads.every((h) => {
            box.scrollLeft = h.offsetLeft + h.offsetWidth - box.clientWidth;
            const b = box.getBoundingClientRect(), r = h.getBoundingClientRect();
            return r.left >= b.left - 1 && r.right <= b.right + 1 && b.right <= innerWidth;
          });
        }"""
    )
    return seen


def test_atua_alone_against_tahuma_in_german_and_en_xa(page: Watched, web: Server) -> None:
    """The solo board: the two cards drawn, Tahuma's hut and pile, in German; none of its
    words past the catalog in en_XA."""
    made = httpx.post(
        f"{web.url}/api/tables", json={"game": "atua", "players": 1, "seats": ["me"]}
    ).json()
    table, token = made["table"]["id"], made["tokens"]["0"]
    p = page.page
    hold_seat(p, web.url, table, "atua", token)
    for lang in ("de", "en_XA"):
        p.evaluate(f"localStorage.setItem('vaka.lang', '{lang}')")
        p.goto(f"{web.url}/#/t/{table}")
        p.reload()
        p.locator(".choice").first.wait_for()
        p.locator(".board.atua .tahuma").wait_for()
        p.wait_for_timeout(300)
        if lang == "de":
            text = p.evaluate(WORDS, [".board.atua", ":not(*)"])
            for word in ("Tahuma", "Gezogen", "links:", "rechts:", "Sein Stapel (0): noch keine"):
                assert word in text, (word, text)
            page.shot("atua-solo-de")
        else:
            kept = server_words(p, web, "atua", table)
            found = pseudo_findings(p, "atua", kept)
            assert found == [], sorted(set(found))
