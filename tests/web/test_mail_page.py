"""Email notices in a real browser against a real ``vaka serve --smtp`` and a real SMTP
server: a signed-in person keeps an address from the lobby, confirms it from the link
mailed to it, and when their turn comes at a turn-based table they are mailed and their
open page's title says so; the stop link's page stops the mail."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser

from tests.server.mailbox import Mailbox, link_token, person
from tests.server.serverproc import Server, free_port
from tests.server.test_mail import next_turn
from tests.web.conftest import Watched, at_once

SIGN_UP = """async () => {
  const r = await fetch("/api/account/signup", {method: "POST",
    headers: {"content-type": "application/json"},
    body: JSON.stringify({name: "Bo", password: "correct horse"})});
  return (await r.json()).csrf;
}"""
JOIN = """async ([table, csrf]) => {
  const r = await fetch(`/api/tables/${table}/seats/1`, {method: "POST",
    headers: {"content-type": "application/json", "X-CSRF-Token": csrf},
    body: JSON.stringify({name: "Bo"})});
  return r.status;
}"""


def test_a_turn_mails_the_person_and_tells_their_open_page(
    browser: Browser, tmp_path: Path
) -> None:
    box = Mailbox(free_port()).start()
    web = Server(
        f"sqlite:///{tmp_path / 'vaka.db'}",
        tmp_path / "server.log",
        None,
        "--smtp",
        f"127.0.0.1:{box.port}",
        "--smtp-from",
        "vaka@example.org",
    ).start()
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    at_once(context)
    watched = Watched(context.new_page())
    p = watched.page
    try:
        p.goto(web.url + "/")
        csrf = p.evaluate(SIGN_UP)
        ana = person(web, "Ana")
        made = ana.post(
            "/api/tables",
            json={
                "game": "rapa-nui",
                "players": 2,
                "seats": ["me", "open"],
                "clock": {"kind": "turn", "days": 2},
            },
        )
        table = made.json()["table"]["id"]
        assert p.evaluate(JOIN, [table, csrf]) == 201  # Bo's seat: his account's, no token kept
        p.reload()
        settings = p.get_by_role("form", name="Email notices")
        settings.get_by_label("Email address").fill("bo@example.org")
        settings.get_by_role("button", name="Save").click()
        settings.get_by_text("A link to confirm it went to bo@example.org").wait_for()
        [confirm] = box.wait_for("bo@example.org", 1)
        p.goto(f"{web.url}/#/mail/confirm/{link_token(confirm, 'confirm')}")
        p.get_by_role("button", name="Confirm it").click()
        p.get_by_text("Your address is confirmed").wait_for()
        p.goto(web.url + "/")
        p.get_by_role("form", name="Email notices").get_by_text("Confirmed.").wait_for()
        p.wait_for_function("document.title === 'vaka'")
        bo = web.client()
        bo.cookies.update({c["name"]: c["value"] for c in p.context.cookies()})  # Bo, in httpx
        bo.headers["X-CSRF-Token"] = csrf
        next_turn(table, {0: ana, 1: bo}, 1)
        p.wait_for_function("document.title === '(1) Your turn — vaka'")
        [_, turn] = box.wait_for("bo@example.org", 2)
        assert turn["Subject"] == "vaka: your turn at Rapa Nui"
        p.goto(f"{web.url}/#/mail/stop/{link_token(turn, 'stop')}")
        p.get_by_role("button", name="Stop these emails").click()
        p.get_by_text("No more email comes from vaka").wait_for()
        assert bo.get("/api/mail").json()["stopped"] is True
    finally:
        context.close()
        web.stop()
        box.stop()
    assert watched.errors == []
