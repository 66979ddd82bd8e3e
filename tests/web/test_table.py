"""The table page through real life: a server killed and restarted, a phone, a keyboard.
The tests share one server, save the one that kills and restarts a server of its own."""

from __future__ import annotations

from tests.server.serverproc import Server
from tests.web.conftest import Watched, shared_web
from tests.web.test_lobby import make_table

web = shared_web()


def test_the_page_reconnects_after_a_restart_and_the_game_goes_on(
    fresh_page: Watched, fresh_web: Server
) -> None:
    page, web = fresh_page, fresh_web
    make_table(page, web, "rapa-nui", ["me", "bot:random"])
    p = page.page
    p.locator(".choice").first.wait_for()
    web.kill()
    p.get_by_role("status").filter(has_text="Reconnecting").wait_for()
    web.start()  # same database, same port
    p.get_by_role("status").wait_for(state="detached", timeout=20_000)
    before = p.locator(".log li").count()
    p.locator(".choice").first.click()
    p.wait_for_function(f"document.querySelectorAll('.log li').length > {before}")
    # A dropped connection is not an error worth a console line in the page's own code.
    page.errors = [e for e in page.errors if "WebSocket" not in e and "ERR_CONNECTION" not in e]


def test_choices_can_be_played_with_the_keyboard(page: Watched, web: Server) -> None:
    make_table(page, web, "raiatea", ["me", "bot:random", "bot:random"])
    p = page.page
    p.locator(".choice").first.wait_for()
    before = p.locator(".log li").count()
    p.locator("body").press("1")
    p.wait_for_function(f"document.querySelectorAll('.log li').length > {before}")


def test_the_table_fits_a_phone(browser: object, web: Server) -> None:
    from playwright.sync_api import Browser

    assert isinstance(browser, Browser)
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    phone = Watched(context.new_page())
    make_table(phone, web, "atua", ["me", "bot:random"])
    phone.page.locator(".choice").first.wait_for()
    width = phone.page.evaluate("document.documentElement.scrollWidth")
    phone.shot("phone-atua")
    context.close()
    assert width <= 390 and phone.errors == []


def finished_bot_game(web: Server, game: str = "rapa-nui") -> str:
    """A table of two random bots, played to its end; returns its id."""
    import time

    with web.client() as client:
        made = client.post(
            "/api/tables", json={"game": game, "players": 2, "seats": ["bot:random", "bot:random"]}
        ).json()
        table = made["table"]["id"]
        deadline = time.monotonic() + 120
        while client.get(f"/api/tables/{table}").json()["status"] != "over":
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.2)
    return str(table)


def test_a_finished_game_is_replayed_step_by_step_and_scrubbed(page: Watched, web: Server) -> None:
    table = finished_bot_game(web)
    p = page.page
    p.goto(f"{web.url}/#/replay/{table}")
    counter = p.locator(".replay-controls span")
    counter.filter(has_text="0 /").wait_for()
    total = int(counter.inner_text().split("/")[1])
    at_start = p.locator(".last-event").inner_text()
    p.get_by_role("button", name="forward").click()
    counter.filter(has_text=f"1 / {total}").wait_for()
    p.wait_for_function("t => document.querySelector('.last-event').innerText !== t", arg=at_start)
    p.get_by_role("slider", name="step").fill(str(total))
    counter.filter(has_text=f"{total} / {total}").wait_for()
    p.get_by_role("button", name="back").click()
    counter.filter(has_text=f"{total - 1} / {total}").wait_for()
    p.get_by_label("Seen by").select_option("0")  # as a player saw it: their hand shows
    counter.filter(has_text=f"{total - 1} / {total}").wait_for()


def test_a_spectator_watches_without_choices(page: Watched, web: Server) -> None:
    table = finished_bot_game(web)
    p = page.page
    p.goto(f"{web.url}/#/t/{table}")
    p.get_by_role("region", name="final scores").wait_for()
    assert p.locator(".choice").count() == 0
    assert "Game over" in p.locator(".final").inner_text()
    page.shot("rapa-nui-final-sheet")
