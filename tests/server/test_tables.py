"""The service through a real ``vaka serve`` process, on SQLite and on PostgreSQL: one
server shared by the module's tests (each makes tables of its own), save those that start
their own."""

from __future__ import annotations

import hashlib
import sqlite3
import time
from typing import Any

import httpx
import pytest

import vaka
from tests.server.conftest import shared_server
from tests.server.serverproc import Server, bearer
from tests.server.wire import act, make, play_first_choices, state

server = shared_server()


def test_a_whole_game_with_bots_over_the_websocket(server: Server) -> None:
    with server.client() as client:
        made = make(client, "rapa-nui", ["me", "bot:medium", "bot:random"])
        table, token = made["table"]["id"], made["tokens"]["0"]
        assert made["table"]["status"] == "playing"
        r = client.get(f"/api/tables/{table}/record")
        assert r.status_code == 409 and r.json()["error"] == "refused"  # seed stays secret
        with server.socket(table, token) as ws:
            msg = ws.state()
            while msg["table"]["status"] != "over":
                if msg["legal"]:
                    sent = {"action": msg["legal"][-1]["action"], "version": msg["version"]}
                    ws.send(type="act", **sent)
                msg = ws.next()
                while msg["type"] != "state":
                    # The bots answer in milliseconds, so this client can outrun the rate
                    # limit; told so, it waits and sends again, as a client must.
                    if msg["error"] == "rate_limited":
                        time.sleep(0.1)
                        ws.send(type="act", **sent)
                    msg = ws.next()
        record = client.get(f"/api/tables/{table}/record").json()
    final = vaka.replay(record)
    assert final.is_over and final.winners() == msg["table"]["winners"]
    assert len(record["actions"]) == msg["version"]  # no undo or resign: one move per action


def test_tokens_act_for_their_own_seat_of_their_own_table_only(server: Server) -> None:
    with server.client() as client:
        one = make(client, "rapa-nui", ["me", "invite:Bo", "bot:random"])
        two = make(client, "rapa-nui", ["me", "bot:random"])
        table = one["table"]["id"]
        mine, friend = one["tokens"]["0"], one["invitations"]["1"]
        now = state(client, table, mine)
        first = now["legal"][0]["action"]
        for token in (friend, two["tokens"]["0"], "x" * 32):
            r = act(client, table, token, first, now["version"])
            assert r.status_code in (403, 409), r.text
            assert r.json()["error"] in ("forbidden", "illegal")
        assert state(client, table, mine)["version"] == 0  # nothing was played
        r = client.post(f"/api/tables/{table}/actions", json={"action": first, "version": 0})
        assert r.status_code == 403 and r.json()["error"] == "forbidden"
        assert state(client, table, friend)["seat"] == 1
        assert state(client, table)["seat"] is None and state(client, table)["legal"] == []


def test_only_token_hashes_are_stored(tmp_path: Any) -> None:
    db = tmp_path / "vaka.db"
    server = Server(f"sqlite:///{db}", tmp_path / "log").start()
    try:
        with server.client() as client:
            made = make(client, "raiatea", ["me", "invite:Bo", "bot:random"])
    finally:
        server.stop()
    tokens = [made["tokens"]["0"], made["invitations"]["1"]]
    raw = b"".join(p.read_bytes() for p in tmp_path.glob("vaka.db*"))
    assert all(t.encode() not in raw for t in tokens)
    with sqlite3.connect(db) as conn:
        stored = {h for (h,) in conn.execute("SELECT token_hash FROM seats") if h}
    assert stored == {hashlib.sha256(t.encode()).hexdigest() for t in tokens}


def test_a_stale_version_is_refused_and_nothing_is_applied_twice(server: Server) -> None:
    with server.client() as client:
        made = make(client, "rapa-nui", ["me", "invite:Bo"])
        table, token = made["table"]["id"], made["tokens"]["0"]
        now = state(client, table, token)
        first = now["legal"][0]["action"]
        assert act(client, table, token, first, 0).status_code == 200
        again = act(client, table, token, first, 0)
        assert again.status_code == 409 and again.json()["error"] == "stale"
        assert again.json()["state"]["version"] == 1  # the refusal carries the current state
        assert state(client, table, token)["version"] == 1


def test_undo_takes_back_only_own_actions_that_showed_nothing(server: Server) -> None:
    with server.client() as client:
        made = make(client, "rapa-nui", ["me", "invite:Bo"])
        table, ana, bo = made["table"]["id"], made["tokens"]["0"], made["invitations"]["1"]
        start = state(client, table, ana)
        lay = next(c["action"] for c in start["legal"] if c["action"].startswith("lay"))
        after = act(client, table, ana, lay, 0).json()
        assert after["can_undo"]  # laying a card from the hand shows nothing hidden
        undone = client.post(f"/api/tables/{table}/undo", headers=bearer(ana), json={"version": 1})
        assert undone.status_code == 200, undone.text
        back = undone.json()
        assert back["version"] == 2 and back["view"] == start["view"]
        assert not back["can_undo"]
        # Bo may not take back Ana's action, and after Bo acts Ana may not either.
        play_until_other_seat(client, table, {0: ana, 1: bo})
        r = client.post(
            f"/api/tables/{table}/undo",
            headers=bearer(ana),
            json={"version": state(client, table, ana)["version"]},
        )
        assert r.status_code == 409 and r.json()["error"] == "refused"


def play_until_other_seat(client: httpx.Client, table: str, tokens: dict[int, str]) -> None:
    """Seat 0 plays until seat 1 has made a move."""
    while True:
        now = state(client, table, tokens[0])
        mover = now["table"]["to_move"][0]
        action = state(client, table, tokens[mover])["legal"][0]["action"]
        act(client, table, tokens[mover], action, now["version"])
        if mover == 1:
            return


def test_an_action_that_draws_cannot_be_taken_back(server: Server) -> None:
    with server.client() as client:
        made = make(client, "atua", ["me", "invite:Bo"])
        table, ana = made["table"]["id"], made["tokens"]["0"]
        seen = []
        for _ in range(6):
            now = state(client, table, ana)
            if 0 not in now["table"]["to_move"]:
                break
            choice = now["legal"][0]["action"]
            after = act(client, table, ana, choice, now["version"]).json()
            seen.append((choice.split()[0], after["can_undo"]))
    # Placing a card refills the row from a face-down pile: no undo after it.
    assert ("place", False) in seen
    assert ("take", True) in seen


def test_an_open_seat_is_joined_and_the_game_starts(server: Server) -> None:
    with server.client() as client:
        made = make(client, "raiatea", ["me", "open", "bot:random"])
        table = made["table"]["id"]
        assert made["table"]["status"] == "open"
        listed = [t["id"] for t in client.get("/api/tables", params={"status": "open"}).json()]
        assert table in listed
        r = client.post(f"/api/tables/{table}/seats/1", json={"name": "Bo"})
        assert r.status_code == 201
        bo = r.json()["token"]
        assert state(client, table, bo)["table"]["status"] == "playing"
        taken = client.post(f"/api/tables/{table}/seats/1", json={"name": "Cy"})
        assert taken.status_code == 409 and taken.json()["error"] == "refused"


def test_chat_is_stored_and_spectators_read_it(server: Server) -> None:
    with server.client() as client:
        made = make(client, "rapa-nui", ["me", "bot:random"])
        table, token = made["table"]["id"], made["tokens"]["0"]
        r = client.post(f"/api/tables/{table}/chat", headers=bearer(token), json={"text": "ia ora"})
        assert r.status_code == 201
        assert client.post(f"/api/tables/{table}/chat", json={"text": "hi"}).status_code == 403
        too_long = client.post(
            f"/api/tables/{table}/chat", headers=bearer(token), json={"text": "x" * 501}
        )
        assert too_long.status_code == 422 and too_long.json()["error"] == "invalid"
        lines = state(client, table)["chat"]
    assert [(c["name"], c["text"]) for c in lines] == [("Ana", "ia ora")]


def test_running_out_of_time_hands_the_seat_to_a_bot(server: Server) -> None:
    with server.client() as client:
        made = make(
            client,
            "rapa-nui",
            ["me", "bot:random"],
            policy="lose",
            clock={"kind": "live", "minutes": 0.02, "increment": 0},
        )
        table = made["table"]["id"]
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            summary = client.get(f"/api/tables/{table}").json()
            if summary["status"] == "over":
                break
            time.sleep(0.2)
    assert summary["status"] == "over"
    assert summary["seats"][0]["left"] == "timeout" and summary["lost"] == [0]
    assert 0 not in summary["winners"]


def test_bad_requests_get_typed_errors(server: Server) -> None:
    with server.client() as client:
        cases = [
            client.post("/api/tables", json={"game": "chess", "players": 2, "seats": ["me", "me"]}),
            client.post("/api/tables", json={"game": "atua", "players": 2, "seats": ["me"]}),
            client.post(
                "/api/tables", json={"game": "atua", "players": 2, "seats": ["me", "bot:genius"]}
            ),
            client.post(
                "/api/tables", content=b"{not json", headers={"content-type": "application/json"}
            ),
            client.get("/api/tables/nope"),
            client.post("/api/tables", content=b"x" * 70_000),
        ]
    assert [r.status_code for r in cases] == [422, 422, 422, 422, 404, 413]
    for r in cases:
        body = r.json()
        assert body["type"] == "error" and body["error"] and body["reason"]


@pytest.mark.parametrize("game", ["rapa-nui", "raiatea", "atua"])
def test_four_people_play_each_game_to_the_end(tmp_path: Any, game: str) -> None:
    players = 4
    server = Server(f"sqlite:///{tmp_path / 'v.db'}", tmp_path / "log").start()
    try:
        with server.client() as client:
            made = make(client, game, ["me"] + [f"invite:P{i}" for i in range(1, players)])
            tokens = {0: made["tokens"]["0"]} | {int(s): t for s, t in made["invitations"].items()}
            final = play_first_choices(client, made["table"]["id"], tokens, until=400)
    finally:
        server.stop()
    assert final["view"]["is_over"] and final["table"]["winners"]


def test_a_reconnecting_client_resumes_at_the_latest_version(server: Server) -> None:
    with server.client() as client:
        made = make(client, "rapa-nui", ["me", "invite:Bo"])
        table, ana = made["table"]["id"], made["tokens"]["0"]
        with server.socket(table, ana) as ws:
            assert ws.state()["version"] == 0
        now = state(client, table, ana)
        assert act(client, table, ana, now["legal"][0]["action"], 0).status_code == 200
        with server.socket(table, ana) as ws:
            again = ws.state()
        assert again["version"] == 1 and again["view"] == state(client, table, ana)["view"]


def test_a_check_tells_what_a_legal_action_would_bring_and_a_choice_what_it_is(
    server: Server,
) -> None:
    with server.client() as client:
        made = make(client, "raiatea", ["me", "bot:random", "bot:random"])
        table, token = made["table"]["id"], made["tokens"]["0"]
        end = time.monotonic() + 10
        while not (now := state(client, table, token))["legal"]:  # the bots keep first
            assert time.monotonic() < end, "seat 0 was never asked to keep a ritual"
            time.sleep(0.05)
        keep = next(c for c in now["legal"] if c["action"].startswith("keep "))
        assert keep["label"].startswith("Keep ") and keep["action"] not in keep["label"]
        r = client.post(
            f"/api/tables/{table}/check", headers=bearer(token), json={"action": keep["action"]}
        )
        assert r.json() == {
            "type": "checked",
            "action": keep["action"],
            "legal": True,
            "reason": None,
            "note": keep["note"],
        }
        r = client.post(
            f"/api/tables/{table}/check", headers=bearer(token), json={"action": "claim reef"}
        )
        assert r.json()["legal"] is False and r.json()["note"] is None
        assert state(client, table, token)["version"] == now["version"]  # nothing played
