"""The service's refusals in the reader's language (Accept-Language, or ``lang``), through
a real ``vaka serve`` process; the error codes that clients key on never change."""

from __future__ import annotations

import json
import re

import httpx
from websockets.sync.client import connect

from tests.server.serverproc import Server, bearer, shared_server
from tests.server.wire import make

server = shared_server()


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


def test_a_table_state_comes_in_its_readers_language_its_actions_unchanged(
    server: Server,
) -> None:
    with server.client() as client:
        made = make(client, "rapa-nui", ["me", "bot:random"])
        table, token = made["table"]["id"], made["tokens"]["0"]
        path = f"/api/tables/{table}/state"
        english = client.get(path, headers=bearer(token)).json()
        german = client.get(path, headers={**bearer(token), "Accept-Language": "de"}).json()
        again = client.get(path, headers=bearer(token)).json()
    assert english == again  # the English state is the same before and after
    assert {c["note"] for c in english["legal"]} <= {"free", "costs 1 wood", "costs 2 wood"}
    assert "Turn 1: your turn" in [e["text"] for e in english["view"]["log"]]
    # the same actions, seats and numbers; the words German
    assert [c["action"] for c in german["legal"]] == [c["action"] for c in english["legal"]]
    assert [e["seat"] for e in german["view"]["log"]] == [e["seat"] for e in english["view"]["log"]]
    assert german["version"] == english["version"]
    assert {**german["table"], "names": None} == {**english["table"], "names": None}
    texts = [e["text"] for e in german["view"]["log"]]
    assert "Turn 1: your turn" not in texts and any("Zug 1" in t for t in texts), texts
    assert not {c["note"] for c in german["legal"]} & {"costs 1 wood", "costs 2 wood"}
    notes = [c["note"] for c in german["legal"]]
    assert "free" not in notes and all(
        n in ("kostenlos", "kostet 1 Holz", "kostet 2 Holz") for n in notes
    ), notes


def test_a_bots_name_is_shown_in_the_readers_language_and_stored_in_english(
    server: Server,
) -> None:
    with server.client() as client:
        made = make(client, "rapa-nui", ["me", "bot:medium", "bot:medium"])
        table, token = made["table"]["id"], made["tokens"]["0"]
        path = f"/api/tables/{table}/state"
        english = client.get(path, headers=bearer(token)).json()["table"]
        german = client.get(path, headers={**bearer(token), "Accept-Language": "de"}).json()
    assert english["names"][1:] == ["medium bot 1", "medium bot 2"]
    assert german["table"]["names"][1:] == ["mittlerer Bot 1", "mittlerer Bot 2"]
    # what the table keeps, and what other seats' clients key on, stays as stored
    assert [s["name"] for s in german["table"]["seats"]][1:] == ["medium bot", "medium bot"]
    assert any("mittlerer Bot" in e["text"] for e in german["view"]["log"]) or all(
        "medium bot" not in e["text"] for e in german["view"]["log"]
    )


def test_a_games_components_come_with_their_words_in_the_readers_language(
    server: Server,
) -> None:
    with server.client() as client:
        raiatea = [
            client.get("/api/games/raiatea/components", headers={"Accept-Language": lang})
            for lang in ("en", "de")
        ]
        atua = [
            client.get("/api/games/atua/components", headers={"Accept-Language": lang}).json()
            for lang in ("en", "de")
        ]
    assert raiatea[1].headers["vary"] == "Accept-Language"
    english, german = (r.json() for r in raiatea)
    assert english["toos"]["T1-01"]["text"] == "pay 3 pearls"
    assert german["toos"]["T1-01"]["text"] == "3 Perlen zahlen"
    assert english["charts"][0][0] == "+2 pearls" and german["charts"][0][0] == "+2 Perlen"
    assert english["rituals"] == german["rituals"]  # data-file words: the boards say them
    assert atua[0]["fates"]["f1"]["text"] == "most palm: +8, else -5 (costs 3)"
    assert atua[1]["fates"]["f1"]["text"] == "Mehrheit bei Palme: +8, sonst -5 (kostet 3)"
    assert atua[1]["residents"]["r1"]["text"].startswith("Akroa: fügt 2 ")
    assert atua[0]["cards"] == atua[1]["cards"]


def test_the_games_options_are_named_in_the_readers_language(server: Server) -> None:
    """The lobby names each option and its choices as the game declares them, in the
    request's language; keys, defaults and choices stay as typed."""
    with server.client() as client:
        english, german = (
            client.get("/api/games", headers={"Accept-Language": lang}) for lang in ("en", "de")
        )
    assert german.headers["vary"] == "Accept-Language"
    en = {g["id"]: g["options"] for g in english.json()}
    de = {g["id"]: g["options"] for g in german.json()}
    assert en["atua"]["first_game"]["name"] == "first game"
    assert de["atua"]["first_game"]["name"] == "erste Partie"
    assert de["atua"]["tahuma"]["name"] == "Tahumas Tabelle"
    assert en["atua"]["level"]["choices"] == de["atua"]["level"]["choices"]
    level = de["atua"]["level"]
    levels = dict(zip(level["choices"], level["choice_names"], strict=True))
    assert levels["hard"] == "schwer" and levels["legendary"] == "legendär"
    assert de["atua"]["first_game"]["choice_names"] == ["nein", "ja"]
    rows = de["rapa-nui"]["rows"]
    assert rows["name"] == "Reihen" and rows["choice_names"] == ["aufgefächert", "nur die oberste"]
    assert en["rapa-nui"]["rows"]["choice_names"] == ["fanned", "top only"]
    assert de["rapa-nui"]["rows"]["default"] == "fanned"


def test_a_socket_gets_its_pushes_in_its_own_language(server: Server) -> None:
    with server.client() as client:
        made = make(client, "rapa-nui", ["me", "bot:random"])
    table, token = made["table"]["id"], made["tokens"]["0"]
    base = f"ws://127.0.0.1:{server.port}/ws/tables/{table}"
    heard = {}
    for lang in ("de", "en"):
        with connect(f"{base}?lang={lang}", open_timeout=10) as ws:
            ws.send(json.dumps({"type": "hello", "token": token}))
            heard[lang] = json.loads(ws.recv(timeout=30))
    assert heard["de"]["type"] == heard["en"]["type"] == "state"
    de_log = [e["text"] for e in heard["de"]["view"]["log"]]
    en_log = [e["text"] for e in heard["en"]["view"]["log"]]
    assert len(de_log) == len(en_log) and de_log != en_log
    assert "Turn 1: your turn" in en_log


def test_the_home_page_comes_with_its_words_in_the_readers_language(server: Server) -> None:
    from vaka.web import STATIC

    with server.client() as client:
        english = client.get("/")
        german = client.get("/", headers={"Accept-Language": "de-DE,de;q=0.9"})
        again = client.get(
            "/", headers={"Accept-Language": "de", "If-None-Match": german.headers["etag"]}
        )
    assert english.text == (STATIC / "index.html").read_text(encoding="utf-8")
    assert (
        english.headers["cache-control"] == "no-cache"
        and "Accept-Language" in english.headers["vary"]
    )
    assert '<html lang="de">' in german.text and "vaka wird geladen…" in german.text
    assert "Loading vaka" not in german.text and german.headers["etag"] != english.headers["etag"]
    assert again.status_code == 304


def test_a_finished_tables_result_comes_in_its_readers_language(server: Server) -> None:
    import time

    with server.client() as client:
        made = client.post(
            "/api/tables",
            json={"game": "rapa-nui", "players": 2, "seats": ["bot:random", "bot:random"]},
        ).json()
        path = f"/api/tables/{made['table']['id']}"
        deadline = time.monotonic() + 120
        while client.get(path).json()["status"] != "over":
            assert time.monotonic() < deadline, "the bots did not finish"
            time.sleep(0.2)
        english = client.get(path).json()
        german = client.get(path, headers={"Accept-Language": "de"}).json()
    assert re.search(r"\bwon\b|Nobody won|shared the win", english["result"]), english["result"]
    assert re.search(r"gewonnen|Niemand|Sieg", german["result"]), german["result"]
    assert german["scores"] == english["scores"] and german["winners"] == english["winners"]
    assert all(
        name in german["result"]
        for name in english["result"].split(":")[0].split(" and ")
        if name in english["names"]
    )
    # the score sheet's rows as the game names them; the breakdown's keys stay as they are
    assert german["breakdown"] == english["breakdown"]
    assert english["categories"] == {
        "fame": "fame", "moai": "Moai", "wood": "wood", "sacrifice": "sacrifice", "total": "total"
    }  # fmt: skip
    assert german["categories"]["fame"] == "Ruhm" and german["categories"]["total"] == "gesamt"
    assert german["categories"]["sacrifice"] == "Opfer"


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
