"""The lobby and the table's frame, in a real browser."""

from __future__ import annotations

from tests.server.serverproc import Server
from tests.web.conftest import Watched


def make_table(
    page: Watched, web: Server, game: str, seats: list[str] | None = None, go: bool = True
) -> str:
    """Make a table from the lobby's form (and go to it); returns the table id."""
    p = page.page
    p.goto(web.url + "/")
    p.get_by_label("Game", exact=True).select_option(game)
    if seats:
        p.get_by_label("Players", exact=True).select_option(str(len(seats)))
        for i, spec in enumerate(seats):
            p.get_by_label(f"who plays seat {i}").select_option(spec)
    p.get_by_role("button", name="Make the table").click()
    p.wait_for_selector(".table-head, .invitations")
    if p.locator(".invitations").count() == 0:  # nobody to invite: straight to the table
        return p.url.rsplit("/", 1)[-1]
    to_table = p.get_by_role("link", name="Go to the table")
    table = (to_table.get_attribute("href") or "").rsplit("/", 1)[-1]
    if go:
        to_table.click()
        p.wait_for_selector(".table-head")
    return table


def test_a_table_made_in_the_lobby_is_found_again_and_plays(page: Watched, web: Server) -> None:
    table = make_table(page, web, "rapa-nui", ["me", "bot:random", "bot:random"])
    p = page.page
    first = p.locator(".choice").first
    first.wait_for()
    log_before = p.locator(".log li").count()
    first.click()
    p.wait_for_function(f"document.querySelectorAll('.log li').length > {log_before}")
    p.goto(web.url + "/")
    mine = p.get_by_role("region", name="Your games")
    mine.wait_for()
    assert table in mine.locator("a").first.get_attribute("href")
    details = mine.locator(".details").first.inner_text()
    assert details.startswith("made just now · ") and "move" in details


def test_an_invited_friend_opens_their_seat_from_the_link(page: Watched, web: Server) -> None:
    make_table(page, web, "raiatea", ["me", "invite:Friend 1", "bot:random"], go=False)
    p = page.page
    link = p.get_by_label("invitation link for Friend 1").input_value()
    assert p.context.browser is not None
    friend = p.context.browser.new_context().new_page()  # another person, another browser
    friend.goto(link)
    friend.wait_for_selector(".table-head")
    assert "Friend 1 (you)" in friend.locator(".seats").inner_text()
    friend.context.close()


def test_the_lobby_offers_only_the_options_of_the_chosen_player_count(
    page: Watched, web: Server
) -> None:
    p = page.page
    p.goto(web.url + "/")
    p.get_by_label("Game", exact=True).select_option("atua")
    options = p.locator("fieldset", has_text="Options")
    p.get_by_label("Players", exact=True).select_option("3")
    assert "first game" in options.inner_text() and "level" not in options.inner_text()
    p.get_by_label("Players", exact=True).select_option("1")
    assert "level" in options.inner_text() and "first game" not in options.inner_text()
