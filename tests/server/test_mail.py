"""Email notices end to end: a real ``vaka serve --smtp`` hands its mail to a real SMTP
server on loopback (aiosmtpd). Only a confirmed address gets mail; the person whose turn
it becomes at a turn-based table is mailed; chat is gathered; the stop link stops it all;
a relay that hangs holds up no move and loses no mail; nobody sees another's address."""

from __future__ import annotations

import re
import socket
import sqlite3
import time
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest

from tests.server.mailbox import Mailbox, body, link_token, person
from tests.server.serverproc import Server, free_port

TURN = {"kind": "turn", "days": 2}


def mail_server(db_url: str, tmp_path: Path, relay_port: int) -> Server:
    return Server(
        db_url,
        tmp_path / "server.log",
        None,
        "--smtp",
        f"127.0.0.1:{relay_port}",
        "--smtp-from",
        "vaka@example.org",
        "--mail-chat-minutes",
        "0.05",  # three seconds, for the test
    ).start()


def unsent(db_url: str) -> int:
    """Mails in the server's outbox not yet handed to the relay."""
    query = "SELECT count(*) FROM mail_outbox WHERE sent_at IS NULL"
    if db_url.startswith("sqlite:///"):
        with sqlite3.connect(db_url.removeprefix("sqlite:///")) as conn:
            return int(conn.execute(query).fetchone()[0])
    with psycopg.connect(db_url) as pg:
        found = pg.execute(query).fetchone()
        assert found is not None
        return int(found[0])


def sent_all(db_url: str, timeout: float = 30) -> None:
    """Wait until the server has handed every mail in its outbox to the relay (the relay
    has each before the server marks it sent)."""
    deadline = time.monotonic() + timeout
    while unsent(db_url):
        assert time.monotonic() < deadline, "mail was left in the outbox"
        time.sleep(0.05)


def look(client: httpx.Client, table: str) -> dict[str, Any]:
    r = client.get(f"/api/tables/{table}/state")
    assert r.status_code == 200, r.text
    found: dict[str, Any] = r.json()
    return found


def next_turn(table: str, people: dict[int, httpx.Client], seat: int) -> int:
    """Play first choices until it becomes ``seat``'s turn anew (another seat moved
    since its own last move); the version then."""
    other_moved = False
    for _ in range(200):
        now = look(people[0], table)
        assert now["table"]["status"] == "playing", now["table"]["status"]
        to_move = now["table"]["to_move"]
        if seat in to_move and other_moved:
            return int(now["version"])
        mover = seat if seat in to_move else to_move[0]
        mine = look(people[mover], table)
        r = people[mover].post(
            f"/api/tables/{table}/actions",
            json={"action": mine["legal"][0]["action"], "version": mine["version"]},
        )
        assert r.status_code == 200, r.text
        other_moved = other_moved or mover != seat
    raise AssertionError(f"seat {seat} never came to move")


def turn_table(ana: httpx.Client, bo: httpx.Client) -> str:
    """Ana makes a turn-based Rapa Nui table with a seat open, and Bo takes it."""
    r = ana.post(
        "/api/tables",
        json={"game": "rapa-nui", "players": 2, "seats": ["me", "open"], "clock": TURN},
    )
    assert r.status_code == 201, r.text
    table = str(r.json()["table"]["id"])
    assert bo.post(f"/api/tables/{table}/seats/1", json={"name": "Bo"}).status_code == 201
    return table


def two_at_a_turn_table(server: Server) -> tuple[str, dict[int, httpx.Client]]:
    ana, bo = person(server, "Ana"), person(server, "Bo")
    return turn_table(ana, bo), {0: ana, 1: bo}


@pytest.fixture
def mailbox() -> Any:
    box = Mailbox(free_port()).start()
    yield box
    box.stop()


def test_mail_needs_a_confirmed_address_tells_turns_and_chat_and_stops(
    db_url: str, tmp_path: Path, mailbox: Mailbox
) -> None:
    server = mail_server(db_url, tmp_path, mailbox.port)
    try:
        table, people = two_at_a_turn_table(server)
        ana, bo = people[0], people[1]
        r = bo.put("/api/mail", json={"address": "bo@example.org"})
        assert r.status_code == 200, r.text
        assert r.json() == {
            "sending": True,
            "address": "bo@example.org",
            "confirmed": False,
            "stopped": False,
            "turns": True,
            "ends": True,
            "chat": True,
        }
        [confirm] = mailbox.wait_for("bo@example.org", 1)
        assert "confirm your email" in confirm["Subject"]
        assert "List-Unsubscribe" not in confirm  # a confirmation is no notice
        # unconfirmed: Bo's turn comes, and no mail about it
        unconfirmed = next_turn(table, people, 1)
        guest = server.client()  # a link needs no sign-in
        bad = guest.post("/api/mail/confirm", params={"token": "not-a-token"})
        assert bad.status_code == 404 and bad.json()["error"] == "not_found"
        ok = guest.post("/api/mail/confirm", params={"token": link_token(confirm, "confirm")})
        assert ok.status_code == 200 and ok.json() == {"done": True}
        assert bo.get("/api/mail").json()["confirmed"] is True
        # confirmed: Bo's next turn is mailed, with a link to the table and one that stops
        version = next_turn(table, people, 1)
        [_, turn] = mailbox.wait_for("bo@example.org", 2)
        assert version > unconfirmed
        assert turn["Subject"] == "vaka: your turn at Rapa Nui"
        text = body(turn)
        assert f"/#/t/{table}" in text and "Ana" in text
        stop = link_token(turn, "stop")
        assert turn["List-Unsubscribe"].strip() == (
            f"<http://127.0.0.1:{server.port}/api/mail/stop?token={stop}>"
        )
        assert turn["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        # chat: the first line is told soon; the next two wait for the same mail
        for line in ("first", "second", "third"):
            r = ana.post(f"/api/tables/{table}/chat", json={"text": line})
            assert r.status_code == 201, r.text
            if line == "first":
                mailbox.wait_for("bo@example.org", 3)
        mails = mailbox.wait_for("bo@example.org", 4)
        first, rest = body(mails[2]), body(mails[3])
        assert "Ana: first" in first and "second" not in first
        assert "Ana: second" in rest and "Ana: third" in rest
        assert mails[3]["Subject"] == "vaka: Ana wrote at your Rapa Nui table"
        # nobody else's answers show Bo's address
        seen = [
            ana.get("/api/mail").text,
            ana.get(f"/api/tables/{table}").text,
            ana.get(f"/api/tables/{table}/state").text,
            ana.get("/api/tables?status=playing").text,
            ana.get("/api/account").text,
            ana.get("/api/account/tables").text,
            guest.get(f"/api/tables/{table}/state").text,
            ana.post("/api/notices", json={"seats": []}).text,
        ]
        assert all("bo@example.org" not in answer for answer in seen)
        # signed in, a person's notices need no tokens: the server knows their seats
        mine = ana.post("/api/notices", json={"seats": []}).json()["tables"]
        assert [(n["table"], n["seat"]) for n in mine] == [(table, 0)]
        assert ana.get("/api/mail").json()["address"] is None
        # the stop link (as a mail program's one-click unsubscribe posts it) stops it all
        r = guest.post(
            "/api/mail/stop",
            params={"token": stop},
            content=b"List-Unsubscribe=One-Click",
            headers={"content-type": "application/x-www-form-urlencoded"},
        )
        assert r.status_code == 200, r.text
        assert bo.get("/api/mail").json()["stopped"] is True
        r = ana.put("/api/mail", json={"address": "ana@example.org"})
        ana_confirm = mailbox.wait_for("ana@example.org", 1)[0]
        guest.post("/api/mail/confirm", params={"token": link_token(ana_confirm, "confirm")})
        next_turn(table, people, 1)  # Bo's turn: not told
        ana.post(f"/api/tables/{table}/chat", json={"text": "are you there?"})
        next_turn(table, people, 0)  # Ana's turn: told, after Bo's would have been
        mailbox.wait_for("ana@example.org", 2)
        sent_all(db_url)  # whatever was to go has gone
        assert len(mailbox.to("bo@example.org")) == 4
    finally:
        server.stop()


def test_a_relay_that_hangs_holds_up_no_move_and_its_mail_comes_later(
    tmp_path: Path,
) -> None:
    port = free_port()
    hang = socket.socket()  # takes connections and never says a word
    hang.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    hang.bind(("127.0.0.1", port))
    hang.listen(16)
    server = mail_server(f"sqlite:///{tmp_path / 'vaka.db'}", tmp_path, port)
    box = Mailbox(port)
    try:
        table, people = two_at_a_turn_table(server)
        r = people[1].put("/api/mail", json={"address": "bo@example.org"})
        assert r.status_code == 200, r.text
        hang.settimeout(30)
        stuck, _ = hang.accept()  # the sender is stuck at the relay now: it hears nothing
        for client in people.values():
            client.timeout = httpx.Timeout(5.0)  # the relay's own wait is 10 s
        next_turn(table, people, 1)
        next_turn(table, people, 0)
        stuck.close()
        hang.close()
        box.start()  # the relay is back, on the same port
        [confirm] = box.wait_for("bo@example.org", 1)
        assert "confirm your email" in confirm["Subject"]
        assert "failed" in (tmp_path / "server.log").read_text()
    finally:
        hang.close()
        box.stop()
        server.stop()


def test_without_a_relay_an_address_is_refused(server: Server) -> None:
    ana = person(server, "Ana")
    assert ana.get("/api/mail").json()["sending"] is False
    r = ana.put("/api/mail", json={"address": "ana@example.org"})
    assert r.status_code == 409 and r.json()["error"] == "refused"
    for bad in ("not an address", "a@b", "x@y.org, z@w.org", "a@b.org\r\nBcc: c@d.org"):
        r = ana.put("/api/mail", json={"address": bad})
        assert r.status_code == 422, bad
    guest = server.client()
    assert guest.get("/api/mail").status_code == 401
    assert guest.put("/api/mail", json={"address": None}).status_code == 401


def test_the_end_of_a_game_is_mailed_to_its_players_once(tmp_path: Path, mailbox: Mailbox) -> None:
    server = mail_server(f"sqlite:///{tmp_path / 'vaka.db'}", tmp_path, mailbox.port)
    try:
        table, people = two_at_a_turn_table(server)
        # Bo chose German: his mail is written in it, whoever's request made it
        r = people[1].post("/api/account/language", json={"language": "de"})
        assert r.status_code == 204, r.text
        guest = server.client()
        for seat, client in people.items():
            address = f"p{seat}@example.org"
            assert client.put("/api/mail", json={"address": address}).status_code == 200
            [confirm] = mailbox.wait_for(address, 1)
            guest.post("/api/mail/confirm", params={"token": link_token(confirm, "confirm")})
        # both resign: bots play both seats to the end, and each person hears of it
        for client in people.values():
            assert client.post(f"/api/tables/{table}/resign").status_code == 200
        [_, end] = mailbox.wait_for("p0@example.org", 2, timeout=120)
        assert end["Subject"] == "vaka: your game of Rapa Nui is over"
        assert f"/#/t/{table}" in body(end) and re.search(r"\bwon\b|Nobody won", body(end))
        assert "Stop these emails:" in body(end)
        [_, ende] = mailbox.wait_for("p1@example.org", 2, timeout=120)
        assert ende["Subject"] == "vaka: Ihre Partie Rapa Nui ist vorbei"
        german = body(ende)
        assert f"/#/t/{table}" in german and re.search(r"gewonnen|Niemand|Sieg", german)
        assert "Diese E-Mails abbestellen:" in german and "Stop these" not in german
        # chat after the end is still told, and the end is not told again
        people[0].post(f"/api/tables/{table}/chat", json={"text": "good game"})
        [*_, said] = mailbox.wait_for("p1@example.org", 3)
        assert "Ana: good game" in body(said) and "An Ihrem Tisch Rapa Nui" in body(said)
        assert len(mailbox.to("p0@example.org")) == 2
    finally:
        server.stop()


def test_a_deleted_account_leaves_no_address(tmp_path: Path, mailbox: Mailbox) -> None:
    db = tmp_path / "vaka.db"
    server = mail_server(f"sqlite:///{db}", tmp_path, mailbox.port)
    try:
        bo = person(server, "Bo")
        assert bo.put("/api/mail", json={"address": "bo@example.org"}).status_code == 200
        mailbox.wait_for("bo@example.org", 1)
        with sqlite3.connect(db) as conn:
            assert conn.execute("SELECT count(*) FROM mail_addresses").fetchone() == (1,)
        r = bo.post("/api/account/delete", json={"password": "correct horse"})
        assert r.status_code == 204, r.text
        with sqlite3.connect(db) as conn:
            assert conn.execute("SELECT count(*) FROM mail_addresses").fetchone() == (0,)
            unsent = "SELECT count(*) FROM mail_outbox WHERE sent_at IS NULL"
            assert conn.execute(unsent).fetchone() == (0,)
    finally:
        server.stop()


def test_the_first_mover_of_a_table_made_full_is_mailed(tmp_path: Path, mailbox: Mailbox) -> None:
    """A turn-based table waits for a stranger; when the last seat is taken, the game
    starts and whoever is to move first hears of it, even its maker, long gone."""
    server = mail_server(f"sqlite:///{tmp_path / 'vaka.db'}", tmp_path, mailbox.port)
    try:
        ana, bo = person(server, "Ana"), person(server, "Bo")
        for who, address in ((ana, "ana@example.org"), (bo, "bo@example.org")):
            assert who.put("/api/mail", json={"address": address}).status_code == 200
            [confirm] = mailbox.wait_for(address, 1)
            token = link_token(confirm, "confirm")
            assert who.post("/api/mail/confirm", params={"token": token}).status_code == 200
        table = turn_table(ana, bo)
        first = look(ana, table)["table"]["to_move"]
        assert len(first) == 1
        mover = ("ana@example.org", "bo@example.org")[first[0]]
        [_, turn] = mailbox.wait_for(mover, 2)
        assert turn["Subject"] == "vaka: your turn at Rapa Nui"
        assert f"/#/t/{table}" in body(turn)
    finally:
        server.stop()
