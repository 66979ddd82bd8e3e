"""People in the browser: a rated game's end shows the rating changes, the profile shows
the game, the leaderboard lists the players. The tests share one server, each with people
of its own."""

from __future__ import annotations

from typing import Any

from tests.server.serverproc import Server
from tests.server.test_people import PASSWORD, play_out
from tests.web.conftest import Watched, at_once, shared_web

web = shared_web()


def sign_up(browser: Any, web: Server, name: str) -> tuple[Any, dict[str, Any]]:
    """A browser context signed in as a new account (its cookie kept), and the account."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    at_once(context)
    r = context.request.post(
        f"{web.url}/api/account/signup",
        data={"name": name, "password": PASSWORD},
        headers={"Origin": web.url},
    )
    assert r.status == 201, r.text()
    return context, r.json()


def test_a_rated_games_end_shows_the_rating_change_and_the_profile_shows_it(
    browser: Any, web: Server
) -> None:
    ana_context, ana = sign_up(browser, web, "Ana")
    bea_context, bea = sign_up(browser, web, "Bea")
    made = ana_context.request.post(
        f"{web.url}/api/tables",
        data={"game": "rapa-nui", "players": 2, "seats": ["me", "open"], "rated": True},
        headers={"X-CSRF-Token": ana["csrf"]},
    ).json()
    table = made["table"]["id"]
    joined = bea_context.request.post(
        f"{web.url}/api/tables/{table}/seats/1",
        data={"name": "Bea"},
        headers={"X-CSRF-Token": bea["csrf"]},
    ).json()
    page = Watched(ana_context.new_page())
    p = page.page
    p.goto(f"{web.url}/#/t/{table}")
    p.locator(".table-head .seats").wait_for()
    with web.client() as client:
        end = play_out(client, table, [made["tokens"]["0"], joined["token"]])
    changes = {c["seat"]: c for c in end["table"]["ratings"]}
    sheet = p.locator(".rating-changes")
    sheet.wait_for(timeout=30_000)
    for seat, name in ((0, "Ana"), (1, "Bea")):
        c = changes[seat]
        diff = c["after"] - c["before"]
        line = f"{name} {c['before']:,} → {c['after']:,} ({'+' if diff >= 0 else '−'}{abs(diff):,})"
        assert line in sheet.inner_text(), sheet.inner_text()
    page.shot("rating-changes")
    # Ana's profile lists the game with its change, and links its replay and review
    p.goto(f"{web.url}/#/people/{ana['id']}")
    game = p.locator(f'.recent li[data-table="{table}"]')
    game.wait_for()
    assert f"{changes[0]['after']:,}" in game.inner_text()
    assert game.get_by_role("link", name="Replay").get_attribute("href") == f"#/replay/{table}"
    row = p.locator('tr[data-game="rapa-nui"] .rating-cell')
    assert row.inner_text() == f"{changes[0]['after']:,}"
    page.shot("profile")
    # Bea is on the game's leaderboard, a link to her profile
    p.goto(f"{web.url}/#/leaderboard/rapa-nui")
    p.get_by_role("heading", name="Rapa Nui: leaderboard").wait_for()
    p.get_by_text("Nobody yet.").wait_for()  # five rated games are needed to be listed
    # the lobby's link names no game: the first the server offers is shown
    p.goto(f"{web.url}/#/")
    p.get_by_role("link", name="Leaderboards").click()
    first = p.evaluate("fetch('/api/games').then((r) => r.json())")[0]["name"]
    p.get_by_role("heading", name=f"{first}: leaderboard").wait_for()
    bea_context.close()
    ana_context.close()
    assert page.errors == [], page.errors


def test_friends_see_each_other_online_while_a_page_is_open(browser: Any, web: Server) -> None:
    ana_context, ana = sign_up(browser, web, "Fay")
    bea_context, bea = sign_up(browser, web, "Fin")
    ana_page = Watched(ana_context.new_page())
    p = ana_page.page
    # Ana adds Bea from her profile; Bea adds Ana back over the API
    p.goto(f"{web.url}/#/people/{bea['id']}")
    p.get_by_role("button", name="Add Fin to your friends").click()
    p.get_by_role("button", name="Remove Fin from your friends").wait_for()
    r = bea_context.request.put(
        f"{web.url}/api/friends/{ana['id']}", headers={"X-CSRF-Token": bea["csrf"]}
    )
    assert r.status == 200, r.text()
    # Bea opens vaka: her page says it is open, and Ana sees her online
    bea_page = Watched(bea_context.new_page())
    with bea_page.page.expect_response(lambda r: "/api/presence/" in r.url) as said:
        bea_page.page.goto(f"{web.url}/#/")
    assert said.value.status == 204
    p.goto(f"{web.url}/#/friends")
    friend = p.locator(f'.friends li[data-friend="{bea["id"]}"]')
    friend.locator(".presence", has_text="online").wait_for()
    ana_page.shot("friends")
    # Bea closes the page: it says it is gone, and Ana sees her offline
    bea_page.page.close(run_before_unload=True)
    deadline = 20
    for _ in range(deadline * 2):
        p.reload()
        friend.wait_for()
        if friend.locator(".presence").inner_text() == "offline":
            break
        p.wait_for_timeout(500)
    assert friend.locator(".presence").inner_text() == "offline"
    assert bea_page.errors == [] and ana_page.errors == []
    bea_context.close()
    ana_context.close()
