"""Accounts in a real browser: a guest signs up in the page, keeps the seats this browser
held, and plays on from another browser after logging in there."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.server.serverproc import Server
from tests.web.conftest import Watched, at_once
from tests.web.test_lobby import make_table

PW = "correct horse"


def account_form(p: Page, which: str, **fields: str) -> None:
    """Open one of the header's account forms, fill it in and send it."""
    p.get_by_role("group", name="Account").get_by_role("button", name=which).click()
    form = p.get_by_role("form", name=which)
    for label, value in fields.items():
        form.get_by_label(label, exact=True).fill(value)
    form.get_by_role("button", name=which).click()


def play_a_choice(p: Page) -> None:
    first = p.locator(".choice").first
    first.wait_for()
    before = p.locator(".log li").count()
    first.click()
    p.wait_for_function(f"document.querySelectorAll('.log li').length > {before}")


def test_a_guest_signs_up_in_the_page_and_plays_on_in_another_browser(
    page: Watched, web: Server
) -> None:
    table = make_table(page, web, "rapa-nui", ["me", "bot:random"])
    p = page.page
    play_a_choice(p)
    p.goto(web.url + "/")
    assert "Playing as a guest" in p.get_by_role("group", name="Account").inner_text()
    account_form(p, "Sign up", Name="Tia Moana", Password=PW)
    p.get_by_text("Signed in as").wait_for()
    assert "Tia Moana" in p.get_by_role("group", name="Account").inner_text()
    page.shot("account-signed-up")
    # another browser: nothing of this one's storage, only the account
    assert p.context.browser is not None
    other = p.context.browser.new_context(viewport={"width": 1280, "height": 900})
    at_once(other)
    elsewhere = Watched(other.new_page())
    q = elsewhere.page
    q.goto(web.url + "/")
    account_form(q, "Log in", Name="tia moana", Password=PW)
    q.get_by_text("Signed in as").wait_for()
    mine = q.get_by_role("region", name="Your games")
    mine.wait_for()
    link = mine.locator(f"a[href='#/t/{table}']")
    link.click()
    q.wait_for_selector(".table-head")
    assert "(you)" in q.locator(".seats").inner_text()
    play_a_choice(q)
    # a table made while signed in is under the account's name
    q.goto(web.url + "/")
    expect(q.get_by_label("Your name")).to_have_value("Tia Moana")
    # and signing out leaves a guest
    q.get_by_role("button", name="Log out").click()
    q.get_by_text("Playing as a guest").wait_for()
    other.close()
    assert elsewhere.errors == [], f"console errors: {elsewhere.errors}"
