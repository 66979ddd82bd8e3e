"""The service's refusals in the reader's language (Accept-Language, or ``lang``), through
a real ``vaka serve`` process; the error codes that clients key on never change."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from tests.server.serverproc import Server, bearer
from tests.server.wire import make


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder: Path = tmp_path_factory.mktemp("language")
    srv = Server(f"sqlite:///{folder / 'vaka.db'}", folder / "server.log").start()
    yield srv
    srv.stop()


def test_a_refusal_is_in_german_for_accept_language_de_with_its_code_unchanged(
    server: Server,
) -> None:
    with server.client() as client:
        english = client.get("/api/tables/nosuchtable/state")
        german = client.get(
            "/api/tables/nosuchtable/state",
            headers={"Accept-Language": "fr-CH, fr;q=0.9, de;q=0.8, en;q=0.7"},
        )
    assert english.status_code == german.status_code == 404
    assert english.json()["error"] == german.json()["error"] == "not_found"
    assert english.json()["reason"] == "there is no table 'nosuchtable'"
    assert german.json()["reason"] == "es gibt keinen Tisch 'nosuchtable'"


def test_lang_in_the_address_wins_over_the_header(server: Server) -> None:
    with server.client() as client:
        made = make(client, "rapa-nui", ["me", "bot:random"])
        table, token = made["table"]["id"], made["tokens"]["0"]
        asked = client.post(
            f"/api/tables/{table}/undo?lang=de",
            json={"version": 999},
            headers={**bearer(token), "Accept-Language": "en"},
        )
        body = client.post(
            "/api/tables?lang=de", content=b"x" * 70_000, headers={"Content-Type": "text/plain"}
        )
    assert asked.status_code == 409 and asked.json()["error"] == "stale"
    assert asked.json()["reason"].startswith("der Tisch ist bei Version")
    assert body.status_code == 413 and body.json()["error"] == "too_large"
    assert body.json()["reason"] == "Anfragen sind höchstens 65536 Bytes lang"


def test_a_websocket_opened_with_lang_de_is_refused_in_german(server: Server) -> None:
    with server.client() as client:
        made = make(client, "rapa-nui", ["me", "bot:random"])
    table = made["table"]["id"]
    address = f"ws://127.0.0.1:{server.port}/ws/tables/{table}?lang=de"
    with connect(address, open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "token": "not-a-token"}))
        answer = json.loads(ws.recv(timeout=30))
    assert answer["type"] == "error" and answer["error"] == "forbidden"
    assert answer["reason"] == "dieses Token gilt für keinen Platz an diesem Tisch"


def test_the_games_words_on_the_wire_stay_english_for_a_german_reader(server: Server) -> None:
    with server.client() as client:
        made = make(client, "rapa-nui", ["me", "bot:random"])
        table, token = made["table"]["id"], made["tokens"]["0"]
        german = client.get(
            f"/api/tables/{table}/state", headers={**bearer(token), "Accept-Language": "de"}
        )
    assert german.status_code == 200
    state = german.json()
    assert {c["note"] for c in state["legal"]} <= {"free", "costs 1 wood", "costs 2 wood"}
    texts = [e["text"] for e in state["view"]["log"]]
    assert "Turn 1: your turn" in texts, texts
    assert state["view"]["decision"]["prompt"] == "lay out a card from your hand"


def test_the_lobbys_the_accounts_and_the_messages_refusals_are_in_german(
    server: Server,
) -> None:
    german = {"Accept-Language": "de"}

    def said(r: httpx.Response, status: int, code: str) -> str:
        assert r.status_code == status and r.json()["error"] == code, r.text
        reason: str = r.json()["reason"]
        return reason

    with server.client() as client:
        r = client.post("/api/account/signup", json={"name": "A", "password": "correct horse"},
                        headers=german)  # fmt: skip
        assert said(r, 422, "invalid") == "Name: 2 bis 24 Zeichen, nicht 1"
        r = client.post("/api/account/signup", json={"name": "Ana", "password": "short"},
                        headers=german)  # fmt: skip
        assert said(r, 422, "invalid") == "body.password: Text muss mindestens 8 Zeichen haben"
        r = client.post("/api/account/login", json={"name": "Nobody", "password": "whatever1"},
                        headers=german)  # fmt: skip
        assert said(r, 401, "unauthorized") == "falscher Name oder falsches Passwort"
        r = client.get("/api/account/tables", headers=german)
        assert said(r, 401, "unauthorized") == "melden Sie sich zuerst an"
        r = client.post("/api/tables/play-now", json={"game": "raiatea", "players": 2},
                        headers=german)  # fmt: skip
        assert said(r, 422, "invalid") == "Spieler: Raiatea ist für 3 bis 5 Spieler, nicht 2"
        r = client.post(
            "/api/tables",
            json={"game": "rapa-nui", "players": 2, "seats": ["me", "open"],
                  "clock": {"kind": "turn", "days": 0.01}},
            headers=german,
        )  # fmt: skip
        assert said(r, 422, "invalid") == (
            "ein Tisch mit Zugzeit gibt jedem Zug mindestens 1 Stunde, nicht 14,4 Minuten"
        )
        r = client.post(
            "/api/tables",
            json={"game": "rapa-nui", "players": 2, "seats": ["me", "bot:random"],
                  "name": "A\u202eB"},
            headers=german,
        )  # fmt: skip
        assert said(r, 422, "invalid").endswith(
            "Steuer- und Richtungszeichen wie U+202E sind nicht erlaubt: andere sehen diesen Text"
        )
        # the same refusals in English, word for word as before
        r = client.post("/api/account/signup", json={"name": "A", "password": "correct horse"})
        assert said(r, 422, "invalid") == "name: 2 to 24 characters, not 1"
        r = client.post("/api/account/signup", json={"name": "Ana", "password": "short"})
        assert said(r, 422, "invalid") == "body.password: String should have at least 8 characters"
