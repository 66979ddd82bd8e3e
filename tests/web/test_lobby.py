"""The lobby and the table's frame, in a real browser. The tests share one server, save
the one that reads the lobby's list of every open table."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.server.serverproc import Server
from tests.server.wire import make
from tests.web.conftest import Watched, shared_web

web = shared_web()


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


def accept_invitation(page: Page, link: str, name: str = "Friend 1") -> None:
    """Open an invitation link in a fresh browser: say a name, take the seat."""
    page.goto(link)
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Take my seat").click()
    page.wait_for_selector(".table-head")


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


def test_an_invitation_asks_for_a_name_and_remembers_it(page: Watched, web: Server) -> None:
    make_table(page, web, "raiatea", ["me", "invite:Friend 1", "invite:Friend 2"], go=False)
    p = page.page
    links = [p.get_by_label(f"invitation link for Friend {i}").input_value() for i in (1, 2)]
    assert p.context.browser is not None
    context = p.context.browser.new_context()  # another person, another browser
    friend = Watched(context.new_page())
    friend.page.goto(links[0])
    form = friend.page.get_by_role("form", name="Your invitation")
    form.wait_for()
    # the game's name comes with the table's summary, asked for after the form shows
    form.get_by_text("invited to Raiatea").wait_for()
    assert "invited to Raiatea" in form.inner_text()
    asked = friend.page.get_by_label("Your name")
    assert asked.input_value() == ""  # a first visit: nothing to remember yet
    asked.fill("Bo")
    friend.page.get_by_role("button", name="Take my seat").click()
    friend.page.wait_for_selector(".table-head")
    assert "Bo (you)" in friend.page.locator(".seats").inner_text()
    # the next invitation in this browser comes with the name filled in
    friend.page.goto(links[1])
    friend.page.get_by_role("form", name="Your invitation").wait_for()
    assert friend.page.get_by_label("Your name").input_value() == "Bo"
    # the seat already taken here goes straight to the table, asking nothing
    friend.page.goto(links[0])
    friend.page.wait_for_selector(".table-head")
    assert "Bo (you)" in friend.page.locator(".seats").inner_text()
    # and the maker sees the name the friend chose
    p.get_by_role("link", name="Go to the table").click()
    p.wait_for_function("document.querySelector('.seats')?.innerText.includes('Bo')")
    context.close()
    assert friend.errors == []


def test_an_invitation_offers_a_signed_in_persons_account_name(page: Watched, web: Server) -> None:
    make_table(page, web, "rapa-nui", ["me", "invite:Friend 1"], go=False)
    link = page.page.get_by_label("invitation link for Friend 1").input_value()
    assert page.page.context.browser is not None
    context = page.page.context.browser.new_context()
    signed = context.request.post(
        web.url + "/api/account/signup", data={"name": "Moana", "password": "a long password"}
    )
    assert signed.status == 201, signed.text()
    friend = Watched(context.new_page())
    friend.page.goto(link)
    friend.page.get_by_role("form", name="Your invitation").wait_for()
    asked = friend.page.get_by_label("Your name")
    friend.page.wait_for_function("document.querySelector('.invited input').value === 'Moana'")
    assert asked.input_value() == "Moana"
    friend.page.get_by_role("button", name="Take my seat").click()  # with the CSRF header
    friend.page.wait_for_selector(".table-head")
    assert "Moana (you)" in friend.page.locator(".seats").inner_text()
    context.close()
    assert friend.errors == []


def test_the_lobby_filters_open_tables_and_plays_now(
    fresh_page: Watched, fresh_web: Server
) -> None:
    page, web = fresh_page, fresh_web
    with web.client() as client:
        turn = make(client, "rapa-nui", ["me", "open"], clock={"kind": "turn", "days": 2})
        rated = make(client, "raiatea", ["me", "open", "open"], rated=True)
    turn_id, rated_id = turn["table"]["id"], rated["table"]["id"]
    p = page.page
    p.goto(web.url + "/")
    found = p.get_by_role("region", name="Find a game")
    rows = found.locator("li[data-table]")
    rows.first.wait_for()
    assert rows.count() == 2

    def listed() -> list[str | None]:
        return [rows.nth(i).get_attribute("data-table") for i in range(rows.count())]

    def shown(expected: list[str]) -> bool:
        """Whether the listing, asked for again on each change, comes to `expected`."""
        for _ in range(50):
            p.wait_for_timeout(100)
            if listed() == expected:
                p.wait_for_timeout(300)  # and stays so: no late answer replaces it
                return listed() == expected
        return False

    p.get_by_label("Find: game").select_option("raiatea")
    assert shown([rated_id])
    p.get_by_label("Find: game").select_option("")
    p.get_by_label("Find: clock").select_option("turn")
    assert shown([turn_id])
    assert "turn-based, 2 days a move" in rows.first.inner_text()
    p.get_by_label("Find: clock").select_option("")
    p.get_by_label("Find: rated").select_option("true")
    assert shown([rated_id])
    p.get_by_label("Find: players").select_option("2")
    assert shown([])
    assert "No open table fits" in found.inner_text()
    p.get_by_label("Find: rated").select_option("")
    p.get_by_label("Find: players").select_option("")
    p.get_by_label("Find: game").select_option("rapa-nui")
    assert shown([turn_id])
    page.shot("lobby-find")
    # play now: the fitting table's open seat
    p.get_by_label("Play as").fill("Cy")
    p.get_by_role("button", name="Play now").click()
    p.wait_for_selector(".table-head")
    assert p.url.endswith(f"#/t/{turn_id}")
    assert "Cy (you)" in p.locator(".seats").inner_text()
    # nothing fits: a table is made, waiting for others
    p.goto(web.url + "/")
    p.get_by_label("Find: game").select_option("atua")
    p.get_by_label("Find: clock").select_option("live")
    assert shown([])
    assert p.get_by_label("Play as").input_value() == "Cy"  # remembered
    p.get_by_role("button", name="Play now").click()
    p.wait_for_selector(".table-head")
    made = p.url.rsplit("/", 1)[-1]
    assert made not in (turn_id, rated_id)
    with web.client() as client:
        summary = client.get(f"/api/tables/{made}").json()
    assert summary["game"] == "atua" and summary["clock"]["kind"] == "live"
    assert summary["status"] == "open" and summary["seats"][1]["kind"] == "open"


def test_a_private_turn_based_rated_table_made_in_the_lobby(page: Watched, web: Server) -> None:
    p = page.page
    p.goto(web.url + "/")
    p.get_by_label("Game", exact=True).select_option("rapa-nui")
    p.get_by_label("Players", exact=True).select_option("2")
    p.get_by_label("who plays seat 1").select_option("open")
    p.get_by_label("Speed").select_option("turn")
    p.get_by_label("Time per move").select_option(label="3 days")
    p.get_by_label("Rated table").check()
    p.get_by_label("Private table").check()  # its open seat becomes an invitation
    assert p.get_by_label("who plays seat 1").input_value() == "invite:Friend 1"
    p.get_by_role("button", name="Make the table").click()
    p.get_by_role("link", name="Go to the table").click()
    clock = p.locator('.seat[data-seat="0"] .clock')
    clock.wait_for()
    assert clock.inner_text() in ("3 days to move", "2 days 23 h to move")
    table = p.url.rsplit("/", 1)[-1]
    with web.client() as client:
        summary = client.get(f"/api/tables/{table}")
        assert summary.status_code == 404  # a stranger's view: no such table
        assert table not in [t["id"] for t in client.get("/api/tables?status=playing").json()]
    # this browser holds a seat: its own games list it, with its details
    p.goto(web.url + "/")
    mine = p.get_by_role("region", name="Your games")
    mine.wait_for()
    details = mine.locator(".details").first.inner_text()
    assert "turn-based, 3 days a move" in details and "rated" in details
    assert "private" in details


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
