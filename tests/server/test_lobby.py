"""Finding a game through a real server: the listing's filters, play now (and two people
racing for one seat, across two server processes), private and rated tables, a seat's own
name. On SQLite and PostgreSQL.

Most tests share one server and look only at tables of their own in its listing (every
table listed, the other tests' too, must fit the filters asked for); play now's tests
start a server of their own, as its choice depends on every open table there is."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from tests.server.conftest import shared_server
from tests.server.serverproc import Server, bearer
from tests.server.wire import act, make, state

server = shared_server()

TURN = {"kind": "turn", "days": 1}
LIVE = {"kind": "live", "minutes": 10, "increment": 5}


def listed(client: httpx.Client, **query: Any) -> list[str]:
    """The ids the listing shows for ``query``, in its order; each of them fits it."""
    r = client.get("/api/tables", params=query)
    assert r.status_code == 200, r.text
    for t in r.json():
        assert not t["private"], t
        assert query.get("game", t["game"]) == t["game"], (query, t)
        assert query.get("players", t["players"]) == t["players"], (query, t)
        assert query.get("clock", t["clock"]["kind"]) == t["clock"]["kind"], (query, t)
        assert query.get("rated", str(t["rated"]).lower()) == str(t["rated"]).lower(), (query, t)
    return [t["id"] for t in r.json()]


def own(ids: list[str], mine: set[str]) -> list[str]:
    """Those of ``ids`` that are ``mine``, in their order."""
    return [i for i in ids if i in mine]


def play_now(client: httpx.Client, **body: Any) -> dict[str, Any]:
    r = client.post("/api/tables/play-now", json={"name": "Cy"} | body)
    assert r.status_code == 201, r.text
    got: dict[str, Any] = r.json()
    return got


def test_the_listing_filters_by_game_players_clock_and_rated(server: Server) -> None:
    with server.client() as client:
        a = make(client, "rapa-nui", ["me", "open"], clock=TURN, rated=True)["table"]["id"]
        b = make(client, "rapa-nui", ["me", "open", "open"], clock=LIVE)["table"]["id"]
        c = make(client, "raiatea", ["me", "open", "bot:random"])["table"]["id"]
        playing = make(client, "rapa-nui", ["me", "bot:random"])["table"]["id"]
        mine = {a, b, c, playing}
        assert set(own(listed(client), mine)) == {a, b, c}
        assert set(own(listed(client, status="open"), mine)) == {a, b, c}
        assert set(own(listed(client, game="rapa-nui"), mine)) == {a, b}
        assert own(listed(client, game="rapa-nui", players=3), mine) == [b]
        assert own(listed(client, players=2), mine) == [a]
        assert own(listed(client, clock="turn"), mine) == [a]
        assert own(listed(client, clock="live"), mine) == [b]
        assert own(listed(client, clock="none"), mine) == [c]
        assert own(listed(client, rated="true"), mine) == [a]
        assert set(own(listed(client, rated="false"), mine)) == {b, c}
        assert own(listed(client, game="raiatea", rated="true"), mine) == []
        # fullest first: a and c have one seat open, b two; then the oldest
        assert own(listed(client), mine) == [a, c, b]
        rated = client.get("/api/tables", params={"rated": "true"}).json()
        shown = next(t for t in rated if t["id"] == a)
        assert shown["rated"] is True and shown["clock"]["kind"] == "turn"
        assert own(listed(client, status="playing"), mine) == [playing]


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ({"game": "chess"}, "game"),
        ({"game": "rapa-nui", "players": 7}, "players: Rapa Nui is for"),
        ({"players": 0}, "players"),
        ({"players": "two"}, "players"),
        ({"clock": "slow"}, "clock"),
        ({"rated": "maybe"}, "rated"),
        ({"status": "waiting"}, "status"),
    ],
)
def test_a_bad_filter_gets_a_clear_422(server: Server, query: dict[str, Any], says: str) -> None:
    with server.client() as client:
        r = client.get("/api/tables", params=query)
        assert r.status_code == 422, r.text
        assert r.json()["error"] == "invalid" and says in r.json()["reason"]
        r = client.post("/api/tables/play-now", json={**query, "name": "Cy"})
        if "status" not in query:
            assert r.status_code == 422 and says in r.json()["reason"], r.text


def test_play_now_joins_the_fullest_fitting_table_or_makes_one(fresh_server: Server) -> None:
    with fresh_server.client() as client:
        roomy = make(client, "rapa-nui", ["me", "open", "open", "open"])["table"]["id"]
        fuller = make(client, "rapa-nui", ["me", "invite:Bo", "open", "open"])["table"]["id"]
        turn = make(client, "rapa-nui", ["me", "open"], clock=TURN)["table"]["id"]
        got = play_now(client, game="rapa-nui", players=4)
        assert got["table"]["id"] == fuller and got["seat"] == 2 and not got["made"]
        assert got["table"]["seats"][2]["name"] == "Cy"
        assert state(client, fuller, got["token"])["seat"] == 2
        got = play_now(client, game="rapa-nui", players=4)  # its last seat: it starts
        assert got["table"]["id"] == fuller and got["table"]["status"] == "playing"
        assert play_now(client, game="rapa-nui", players=4)["table"]["id"] == roomy
        assert play_now(client, clock="turn")["table"]["id"] == turn  # any game
        # nothing fits: a table is made, the asker's seat and the rest open for others
        got = play_now(client, game="raiatea", clock="live", rated=True)
        made = got["table"]
        assert got["made"] and got["seat"] == 0 and made["game"] == "raiatea"
        assert made["rated"] and made["clock"]["kind"] == "live" and made["status"] == "open"
        assert [s["kind"] for s in made["seats"]] == ["human"] + ["open"] * (made["players"] - 1)
        assert made["id"] in listed(client, game="raiatea", rated="true")
        # no game named and nothing fits: a clear answer, and nothing made
        r = client.post("/api/tables/play-now", json={"name": "Cy", "clock": "turn"})
        assert r.status_code == 409 and "choose a game" in r.json()["reason"]


def race(urls: list[str], body: dict[str, Any]) -> list[dict[str, Any]]:
    """Both askers' play now at once, each at its own server, released together."""
    start = threading.Barrier(len(urls))
    got: list[dict[str, Any]] = [{} for _ in urls]

    def ask(i: int) -> None:
        with httpx.Client(base_url=urls[i], timeout=30) as client:
            start.wait()
            got[i] = play_now(client, **body, name=f"Racer {i}")

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(len(urls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return got


def test_two_people_racing_for_the_last_seat_each_get_a_seat(db_url: str, tmp_path: Path) -> None:
    """Two server processes on one database, each asked at the same moment: the table's
    last seat goes to one, the other is seated at a table made for them; the last two
    seats taken at once start the game (read back from storage, by a third process)."""
    one = Server(db_url, tmp_path / "one.log").start()
    two = Server(db_url, tmp_path / "two.log").start()
    try:
        with one.client() as client:
            for _ in range(3):
                table = make(client, "atua", ["me", "open"])["table"]["id"]
                got = race([one.url, two.url], {"game": "atua", "players": 2})
                winners = [g for g in got if g["table"]["id"] == table]
                assert len(winners) == 1, got
                (loser,) = [g for g in got if g["table"]["id"] != table]
                assert loser["made"] and loser["seat"] == 0
                assert len({g["token"] for g in got}) == 2
                # someone else fills the table made for the loser: it is no candidate next
                r = client.post(f"/api/tables/{loser['table']['id']}/seats/1", json={"name": "Di"})
                assert r.status_code == 201, r.text
            both = make(client, "raiatea", ["me", "open", "open"])["table"]["id"]
            got = race([one.url, two.url], {"game": "raiatea", "players": 3})
            assert {g["table"]["id"] for g in got} == {both}
            assert {g["seat"] for g in got} == {1, 2}
    finally:
        one.stop()
        two.stop()
    third = Server(db_url, tmp_path / "three.log").start()
    try:
        with third.client() as client:
            summary = client.get(f"/api/tables/{both}").json()
            assert summary["status"] == "playing"
            assert {s["name"] for s in summary["seats"]} == {"Ana", "Racer 0", "Racer 1"}
    finally:
        third.stop()


def test_a_private_table_is_invisible_and_unwatchable_for_strangers(server: Server) -> None:
    with server.client() as client:
        made = make(client, "rapa-nui", ["me", "invite:Bo", "bot:random"], private=True)
        table, mine, invite = made["table"]["id"], made["tokens"]["0"], made["invitations"]["1"]
        other = make(client, "rapa-nui", ["me", "open"])["tokens"]["0"]
        assert made["table"]["private"] is True
        for status in ("open", "playing", "over"):
            assert table not in listed(client, status=status)
        # a stranger, with no token or another table's, learns nothing: not even that it is
        for headers in ({}, bearer(other), bearer("x" * 32)):
            for path in ("", "/state", "/record", "/replay/0", "/review"):
                r = client.get(f"/api/tables/{table}{path}", headers=headers)
                assert r.status_code == 404 and r.json()["error"] == "not_found", (path, r.text)
                assert "Bo" not in r.text and "Ana" not in r.text
            r = client.post(f"/api/tables/{table}/review", json={}, headers=headers)
            assert r.status_code == 404, r.text
        r = client.post(f"/api/tables/{table}/seats/1", json={"name": "Eve"})
        assert r.status_code == 404, r.text
        r = client.post(f"/api/tables/{table}/chat", json={"text": "hi"}, headers=bearer(other))
        assert r.status_code == 404, r.text
        for token in (None, other):
            with server.socket(table, token) as ws:
                msg = ws.next()
                assert msg["type"] == "error" and msg["error"] == "not_found", msg
                with pytest.raises(ConnectionClosed):
                    ws.next()
        # its seats see it: the invitation's token (the link's secret) and the maker's
        for token in (invite, mine):
            r = client.get(f"/api/tables/{table}", headers=bearer(token))
            assert r.status_code == 200 and r.json()["private"] is True
        assert state(client, table, invite)["seat"] == 1
        with server.socket(table, invite) as ws:
            assert ws.state()["seat"] == 1
        assert play_now(client, game="rapa-nui", players=3)["table"]["id"] != table
        # a private table waits for nobody: it has no open seats
        r = client.post(
            "/api/tables",
            json={"game": "rapa-nui", "players": 2, "seats": ["me", "open"], "private": True},
        )
        assert r.status_code == 422 and "invite" in r.json()["reason"], r.text


def test_a_rated_table_needs_two_seats_for_people(server: Server) -> None:
    with server.client() as client:
        body = {"game": "raiatea", "players": 3, "rated": True}
        before = set(listed(client, status="playing"))
        r = client.post("/api/tables", json={**body, "seats": ["me", "bot:random", "bot"]})
        assert r.status_code == 422 and r.json()["error"] == "invalid"
        assert "rated table needs at least two seats for people" in r.json()["reason"]
        assert set(listed(client, status="playing")) <= before  # nothing was made
        for seats in (["me", "open", "bot"], ["me", "invite:Bo", "bot"]):
            made = make(client, "raiatea", seats, rated=True)["table"]
            assert made["rated"] is True
            assert client.get(f"/api/tables/{made['id']}").json()["rated"] is True
        unrated = make(client, "raiatea", ["me", "bot", "bot"])["table"]
        assert unrated["rated"] is False
        r = client.post("/api/tables/play-now", json={"game": "atua", "players": 1, "rated": True})
        assert r.status_code == 422 and "rated" in r.json()["reason"]


def test_a_seat_holder_names_their_seat_before_its_first_move(server: Server) -> None:
    with server.client() as client:
        made = make(client, "rapa-nui", ["me", "invite:Friend 1"])
        table, mine, invite = made["table"]["id"], made["tokens"]["0"], made["invitations"]["1"]
        r = client.post(f"/api/tables/{table}/name", json={"name": "Bo"}, headers=bearer(invite))
        assert r.status_code == 200 and r.json()["seats"][1]["name"] == "Bo", r.text
        assert r.json()["names"][1] == "Bo"
        r = client.post(
            f"/api/tables/{table}/name", json={"name": "\u202eoB"}, headers=bearer(invite)
        )
        assert r.status_code == 422, r.text
        r = client.post(f"/api/tables/{table}/name", json={"name": "Eve"}, headers=bearer("x" * 20))
        assert r.status_code == 403, r.text
        now = state(client, table, mine)
        moved = act(client, table, mine, now["legal"][0]["action"], now["version"])
        assert moved.status_code == 200, moved.text
        r = client.post(f"/api/tables/{table}/name", json={"name": "Ana2"}, headers=bearer(mine))
        assert r.status_code == 409 and "before its first move" in r.json()["reason"]
        assert client.get(f"/api/tables/{table}").json()["seats"][0]["name"] == "Ana"


def test_a_turn_based_table_gives_days_a_move_and_times_out(db_url: str, tmp_path: Path) -> None:
    """Days a move, and what a move's time running out does: the real server and its real
    clock, told by its own setting (``--shortest-turn``) to allow a turn of 3 seconds."""
    server = Server(db_url, tmp_path / "server.log", None, "--shortest-turn", "1").start()
    try:
        with server.client() as client:
            days = make(client, "rapa-nui", ["me", "invite:Bo"], clock={"kind": "turn", "days": 3})
            seen = state(client, days["table"]["id"], days["tokens"]["0"])
            assert seen["clocks"]["kind"] == "turn" and seen["clocks"]["running"] == [0]
            assert 3 * 86400 - 60 < seen["clocks"]["left"]["0"] <= 3 * 86400
            assert seen["table"]["clock"] == {**seen["table"]["clock"], "kind": "turn", "days": 3}
            short = {"kind": "turn", "days": 3 / 86400}
            made = make(client, "rapa-nui", ["me", "invite:Bo"], clock=short)
            table, mine = made["table"]["id"], made["tokens"]["0"]
            with server.socket(table, made["invitations"]["1"]) as ws:
                first = ws.state()
                assert first["clocks"]["running"] == [0] and first["clocks"]["left"]["0"] <= 3
                gone = ws.state(timeout=30, until=lambda m: m["table"]["seats"][0]["left"])
            assert gone["table"]["seats"][0]["left"] == "timeout"  # a bot plays on for it
            r = act(client, table, mine, "anything", gone["version"])
            assert r.status_code == 409 and "bot plays your seat" in r.json()["reason"]
    finally:
        server.stop()


def test_a_turn_shorter_than_the_server_allows_is_refused(server: Server) -> None:
    with server.client() as client:
        r = client.post(
            "/api/tables",
            json={
                "game": "rapa-nui",
                "players": 2,
                "seats": ["me", "invite:Bo"],
                "clock": {"kind": "turn", "days": 0.01},
            },
        )
        assert r.status_code == 422, r.text
        assert r.json()["reason"] == (
            "a turn-based table gives each move 1 hour at the least, not 14.4 minutes"
        )
        hours = make(client, "rapa-nui", ["me", "invite:Bo"], clock={"kind": "turn", "days": 0.5})
        assert hours["table"]["clock"]["days"] == 0.5


def test_a_signed_in_person_plays_under_their_name_and_sees_their_private_table(
    fresh_server: Server,
) -> None:
    with fresh_server.client() as moana, fresh_server.client() as stranger:
        r = moana.post("/api/account/signup", json={"name": "Moana", "password": "a long one"})
        assert r.status_code == 201, r.text
        moana.headers["X-CSRF-Token"] = r.json()["csrf"]
        waiting = make(stranger, "rapa-nui", ["me", "open"])["table"]["id"]
        got = play_now(moana, game="rapa-nui", name="Not me")
        assert got["table"]["id"] == waiting and got["table"]["seats"][1]["name"] == "Moana"
        made = moana.post(
            "/api/tables",
            json={"game": "atua", "players": 2, "seats": ["me", "invite:Bo"], "private": True},
        )
        assert made.status_code == 201, made.text
        table = made.json()["table"]["id"]
        # the account's seat: seen with the session alone, no token sent
        r = moana.get(f"/api/tables/{table}")
        assert r.status_code == 200 and r.json()["seats"][0]["name"] == "Moana"
        assert moana.get(f"/api/tables/{table}/state").json()["seat"] == 0
        assert stranger.get(f"/api/tables/{table}").status_code == 404
        r = stranger.post("/api/account/signup", json={"name": "Eve", "password": "a long one"})
        stranger.headers["X-CSRF-Token"] = r.json()["csrf"]
        for path in ("", "/state"):  # signed in, but holding no seat there: a stranger
            r = stranger.get(f"/api/tables/{table}{path}")
            assert r.status_code == 404 and r.json()["error"] == "not_found", r.text
