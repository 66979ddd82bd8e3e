"""Accounts against a real server (SQLite and PostgreSQL): signing up, in and out,
passwords, deleting, name rules, CSRF, and a guest's seats following the person.

The tests share one server; each signs up names of its own. Together they try more
sign-ins from the one address than a server allows it in a minute, so the shared server
allows a larger burst (tests/server/test_account_limits.py tests the limit itself)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.server.conftest import shared_server
from tests.server.serverproc import Server, bearer
from tests.server.wire import make, state

server = shared_server("--tries-burst", "1000")

PW = "correct horse"
CSRF = "X-CSRF-Token"


def sign_up(client: httpx.Client, name: str = "Ana Lu", **extra: Any) -> dict[str, Any]:
    r = client.post("/api/account/signup", json={"name": name, "password": PW, **extra})
    assert r.status_code == 201, r.text
    me: dict[str, Any] = r.json()
    client.headers[CSRF] = me["csrf"]
    return me


def log_in(client: httpx.Client, name: str, password: str = PW, **extra: Any) -> httpx.Response:
    r = client.post("/api/account/login", json={"name": name, "password": password, **extra})
    if r.status_code == 200:
        client.headers[CSRF] = r.json()["csrf"]
    return r


def me(client: httpx.Client) -> dict[str, Any] | None:
    r = client.get("/api/account")
    assert r.status_code == 200, r.text
    found: dict[str, Any] | None = r.json()["me"]
    return found


def first_move(client: httpx.Client, table: str, **auth: Any) -> httpx.Response:
    now = client.get(f"/api/tables/{table}/state", **auth).json()
    return client.post(
        f"/api/tables/{table}/actions",
        json={"action": now["legal"][0]["action"], "version": now["version"]},
        **auth,
    )


def test_sign_up_log_out_and_log_in_again(server: Server) -> None:
    with server.client() as client:
        assert me(client) is None
        made = sign_up(client, "Ana Lu")
        cookie = client.cookies.get("vaka_session")
        assert cookie and me(client) == {**made, "claimed": []}
        header = client.post("/api/account/logout").headers["set-cookie"]
        assert "vaka_session=" in header and "HttpOnly" in header
        assert me(client) is None
        # the old cookie names no session any more
        with server.client() as old:
            old.cookies.set("vaka_session", cookie)
            assert me(old) is None
        r = log_in(client, "  ANA lu ")  # the name ignoring case and spaces around it
        assert r.status_code == 200, r.text
        again = me(client)
        assert again is not None and again["id"] == made["id"] and again["name"] == "Ana Lu"
        set_cookie = r.headers["set-cookie"].lower()
        assert "httponly" in set_cookie and "samesite=strict" in set_cookie
        assert "secure" not in set_cookie  # loopback http (docs/PROTOCOL.md)


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer(server: Server) -> None:
    with server.client() as client:
        sign_up(client, "Bo")
        client.post("/api/account/logout")
        wrong = log_in(client, "Bo", "not the password")
        unknown = log_in(client, "Nobody here", "not the password")
        for r in (wrong, unknown):
            assert r.status_code == 401
            assert r.json() == {
                "type": "error",
                "error": "unauthorized",
                "reason": "wrong name or password",
                "version": None,
            }
            assert "set-cookie" not in r.headers
        assert me(client) is None


def test_a_new_password_ends_the_other_sessions(server: Server) -> None:
    with server.client() as one, server.client() as two:
        sign_up(one, "Cai")
        assert log_in(two, "Cai").status_code == 200
        r = one.post("/api/account/password", json={"old": "wrong one", "new": "a new secret"})
        assert r.status_code == 403 and r.json()["error"] == "forbidden"
        r = one.post("/api/account/password", json={"old": PW, "new": "short"})
        assert r.status_code == 422 and r.json()["error"] == "invalid"
        assert log_in(two, "Cai").status_code == 200  # nothing changed so far
        r = one.post("/api/account/password", json={"old": PW, "new": "a new secret"})
        assert r.status_code == 204, r.text
        assert me(one) is not None  # this session goes on
        assert me(two) is None  # the other one ended
        assert log_in(two, "Cai").status_code == 401
        assert log_in(two, "Cai", "a new secret").status_code == 200


def test_a_deleted_account_leaves_its_games_to_a_former_player(server: Server) -> None:
    with server.client() as client, server.client() as other:
        mine = sign_up(client, "Dora")
        made = client.post(
            "/api/tables",
            json={"game": "rapa-nui", "players": 2, "seats": ["me", "open"], "name": "x"},
        ).json()
        table = made["table"]["id"]
        assert made["table"]["seats"][0]["name"] == "Dora"
        joined = other.post(f"/api/tables/{table}/seats/1", json={"name": "Eli"}).json()
        r = client.post(f"/api/tables/{table}/chat", json={"text": "hello from Dora"})
        assert r.status_code == 201 and r.json()["name"] == "Dora"
        assert first_move(client, table).status_code == 200
        before = state(other, table, joined["token"])
        r = client.post("/api/account/delete", json={"password": "not it"})
        assert r.status_code == 403 and me(client) is not None
        r = client.post("/api/account/delete", json={"password": PW})
        assert r.status_code == 204, r.text
        assert me(client) is None
        after = state(other, table, joined["token"])
        assert after["version"] == before["version"]  # the game stays as it was
        assert after["table"]["seats"][0]["name"] == "a former player"
        assert after["table"]["names"] == ["a former player", "Eli"]
        assert [(c["name"], c["text"]) for c in after["chat"]] == [
            ("a former player", "hello from Dora")
        ]
        # the seat's token still acts; the account is gone, its name free again
        assert first_move(other, table, headers=bearer(made["tokens"]["0"])).status_code == 200
        assert log_in(client, "Dora").status_code == 401
        again = sign_up(client, "dora")
        assert again["id"] != mine["id"]
        assert client.get("/api/account/tables").json() == []


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("A", "2 to 24 characters"),
        ("x" * 25, "2 to 24 characters"),
        ("Ana\u202eLu", "U+202E"),
        ("Ana\x1b[31m", "U+001B"),
        ("Ana\nLu", "U+000A"),
        ("Ana\u200bLu", "U+200B"),
        ("Ana<b>", "'<'"),
        ("Ana  Lu", "one space"),
        ("-Ana", "begin with"),
        ("A Former Player", "cannot be taken"),
    ],
)
def test_names_follow_the_rules_and_bad_ones_change_nothing(
    server: Server, name: str, why: str
) -> None:
    with server.client() as client:
        r = client.post("/api/account/signup", json={"name": name, "password": PW})
        assert r.status_code == 422, r.text
        assert r.json()["error"] == "invalid" and why in r.json()["reason"], r.text
        assert "set-cookie" not in r.headers and me(client) is None
        assert log_in(client, name).status_code == 401


def test_names_are_unique_ignoring_case(server: Server) -> None:
    with server.client() as one, server.client() as two:
        sign_up(one, "Émile Zola")
        for taken in ("ÉMILE ZOLA", "émile zola", "E\u0301mile Zola"):
            r = two.post("/api/account/signup", json={"name": taken, "password": PW})
            assert r.status_code == 409 and r.json()["error"] == "refused", r.text
        assert me(two) is None
        assert log_in(two, "e\u0301MILE zola").status_code == 200  # the same person
        assert sign_up(two, "Émile Zola 2")["name"] == "Émile Zola 2"


def test_a_cookie_change_without_the_csrf_header_is_refused(server: Server) -> None:
    with server.client() as client:
        made = make(client, "rapa-nui", ["me", "me"])
        table, tokens = made["table"]["id"], made["tokens"]
        sign_up(client, "Fia", seats=[{"table": table, "token": tokens["0"]}])
        csrf = client.headers.pop(CSRF)
        look = state(client, table)
        assert look["seat"] == 0  # reading needs no header
        assert first_move(client, table).status_code == 403
        assert first_move(client, table, headers={CSRF: "not the token"}).status_code == 403
        refused = client.post("/api/account/logout")
        assert refused.status_code == 403 and refused.json()["error"] == "forbidden"
        assert "CSRF" in refused.json()["reason"]
        assert state(client, table)["version"] == look["version"]  # nothing was played
        assert me(client) is not None  # nor signed out
        # a seat's bearer token needs no header, cookie or not
        assert first_move(client, table, headers=bearer(tokens["0"])).status_code == 200
        said = client.post(f"/api/tables/{table}/chat", json={"text": "hi"}, headers={CSRF: csrf})
        assert said.status_code == 201 and said.json()["seat"] == 0  # the name it had kept
        assert client.post("/api/account/logout", headers={CSRF: csrf}).status_code == 204


def socket_state(url: str, table: str, headers: dict[str, str], hello: dict[str, Any]) -> Any:
    """The first message a socket gets after its hello; a seat with something to do acts
    (its first choice) and the state after is returned instead."""
    with connect(url + f"/ws/tables/{table}", additional_headers=headers, open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", **hello}))
        msg = json.loads(ws.recv(timeout=30))
        if msg["type"] != "state" or msg["seat"] is None or not msg["legal"]:
            return msg
        act = {"type": "act", "action": msg["legal"][0]["action"], "version": msg["version"]}
        ws.send(json.dumps(act))
        while True:
            after = json.loads(ws.recv(timeout=30))
            if after["type"] != "state" or after["version"] > msg["version"]:
                return after


def test_a_guests_seats_follow_them_after_signing_up(server: Server) -> None:
    with server.client() as guest, server.client() as elsewhere:
        mine = make(guest, "rapa-nui", ["me", "open"])
        theirs = make(guest, "raiatea", ["bot:random", "open", "bot:random"])
        joined = guest.post(f"/api/tables/{theirs['table']['id']}/seats/1", json={"name": "G"})
        claims = [
            {"table": mine["table"]["id"], "token": mine["tokens"]["0"]},
            {"table": theirs["table"]["id"], "token": joined.json()["token"]},
            {"table": mine["table"]["id"], "token": "not a token"},
        ]
        signed = sign_up(guest, "Gus", seats=claims)
        assert sorted((c["table"], c["seat"]) for c in signed["claimed"]) == sorted(
            [(mine["table"]["id"], 0), (theirs["table"]["id"], 1)]
        )
        # another browser: log in, find the games, act for the seats
        assert log_in(elsewhere, "gus").status_code == 200
        listed = elsewhere.get("/api/account/tables").json()
        assert {(t["table"]["id"], tuple(t["seats"])) for t in listed} == {
            (mine["table"]["id"], (0,)),
            (theirs["table"]["id"], (1,)),
        }
        assert listed[0]["table"]["id"] == theirs["table"]["id"]  # newest first
        table = theirs["table"]["id"]
        assert state(elsewhere, table)["seat"] == 1
        ws_url = server.url.replace("http:", "ws:")
        cookie = {"Cookie": f"vaka_session={elsewhere.cookies['vaka_session']}"}
        host = server.url.split("://")[1]
        acted = socket_state(ws_url, table, {**cookie, "Origin": f"http://{host}"}, {})
        assert acted["type"] == "state" and acted["seat"] == 1
        # another site's page cannot act with the cookie: it watches, or is refused a seat
        foreign = {**cookie, "Origin": "http://elsewhere.example"}
        assert socket_state(ws_url, table, foreign, {})["seat"] is None
        assert socket_state(ws_url, table, foreign, {"seat": 1})["error"] == "forbidden"
        assert socket_state(ws_url, table, cookie, {"seat": 0})["error"] == "forbidden"
        # a seat of another account is not taken over by its token
        with server.client() as third:
            sign_up(third, "Hana")
            r = third.post("/api/account/seats", json={"seats": claims[:2]})
            assert r.status_code == 200 and r.json() == {"claimed": []}
            assert third.get(f"/api/tables/{table}/state").json()["seat"] is None


def test_seats_taken_while_signed_in_are_the_accounts_at_once(server: Server) -> None:
    with server.client() as client, server.client() as guest:
        open_table = make(guest, "rapa-nui", ["me", "open"])["table"]["id"]
        sign_up(client, "Ivo")
        r = client.post(
            "/api/tables",
            json={"game": "rapa-nui", "players": 2, "seats": ["me", "invite:Friend 1"]},
        )
        assert r.status_code == 201, r.text
        made = r.json()["table"]
        assert [s["name"] for s in made["seats"]] == ["Ivo", "Friend 1"]
        r = client.post(f"/api/tables/{open_table}/seats/1", json={"name": "someone else"})
        assert r.status_code == 201, r.text
        assert client.get(f"/api/tables/{open_table}").json()["names"] == ["Ana", "Ivo"]
        listed = client.get("/api/account/tables").json()
        assert [(t["table"]["id"], t["seats"]) for t in listed] == [
            (made["id"], [0]),  # the newest table first
            (open_table, [1]),
        ]
        assert first_move(client, made["id"]).status_code == 200
        # signed out, the same browser is a guest again
        client.post("/api/account/logout")
        assert client.get("/api/account/tables").status_code == 401
        assert state(client, made["id"])["seat"] is None
        r = client.post(f"/api/tables/{made['id']}/chat", json={"text": "hi"})
        assert r.status_code == 403 and r.json()["error"] == "forbidden"


def test_two_processes_on_one_database_agree_on_accounts(pg_url: str, tmp_path: Path) -> None:
    """A seat attached in one process acts through the other, which had the table in
    memory from before; a deletion in one renames the seat in the other's pushes."""
    a = Server(pg_url, tmp_path / "a.log").start()
    b = Server(pg_url, tmp_path / "b.log").start()
    try:
        with a.client() as on_a, b.client() as on_b, b.client() as guest_b:
            made = make(on_a, "rapa-nui", ["me", "invite:Bo"])
            table, token = made["table"]["id"], made["tokens"]["0"]
            assert state(on_b, table)["seat"] is None  # b holds the table now
            with b.socket(table, made["invitations"]["1"]) as bo:
                bo.state()
                sign_up(on_a, "Jo", seats=[{"table": table, "token": token}])
                assert log_in(on_b, "Jo").status_code == 200
                assert state(on_b, table)["seat"] == 0  # found in storage by b
                assert first_move(on_b, table).status_code == 200
                r = on_a.post("/api/account/delete", json={"password": PW})
                assert r.status_code == 204, r.text
                pushed = bo.state(timeout=10, until=lambda m: m["table"]["names"][0] != "Ana")
                assert pushed["table"]["names"] == ["a former player", "Bo"]
            assert state(guest_b, table)["table"]["seats"][0]["name"] == "a former player"
    finally:
        a.stop()
        b.stop()
