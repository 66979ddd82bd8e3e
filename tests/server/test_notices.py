"""Notices over REST and on ``/ws/notices``, against a real server: a seat hears of its
turn, of chat by others and of the end at every table it names, and of nobody else's.
One server for the module's tests, each with tables of its own."""

from __future__ import annotations

import json
from typing import Any

from websockets.sync.client import connect

from tests.server.conftest import shared_server
from tests.server.serverproc import Server, bearer
from tests.server.wire import make, state

server = shared_server()


def _watch(seats: list[dict[str, str]]) -> str:
    return json.dumps({"type": "watch", "seats": seats})


def _next(ws: Any, until: Any, timeout: float = 30) -> dict[str, Any]:
    while True:
        msg: dict[str, Any] = json.loads(ws.recv(timeout=timeout))
        assert msg["type"] == "notices", msg
        if until(msg):
            return msg


def test_rest_notices_name_the_turn_and_refuse_a_token_of_another_table(
    server: Server,
) -> None:
    with server.client() as http:
        one = make(http, "rapa-nui", ["me", "me"], clock={"kind": "turn", "days": 2})
        two = make(http, "rapa-nui", ["me", "bot:random"])
        t1, t2 = one["table"]["id"], two["table"]["id"]
        first = state(http, t1, one["tokens"]["0"])
        to_move = first["table"]["to_move"]
        seats = [
            {"table": t1, "token": one["tokens"][str(s)]} for s in (0, 1)
        ]  # the same table twice: its first seat counts
        r = http.post(
            "/api/notices",
            json={"seats": [*seats, {"table": t2, "token": one["tokens"]["1"]}]},
        )
        assert r.status_code == 200, r.text
        body = r.json()
        assert body["refused"] == [t2]
        [n] = body["tables"]
        assert n["table"] == t1 and n["seat"] == 0 and n["turn_based"] is True
        assert n["your_turn"] is (0 in to_move)
        assert n["status"] == "playing" and n["chat_at"] is None
        # nothing but seats: a malformed watch is refused whole
        bad = http.post("/api/notices", json={"seats": [{"table": t1}]})
        assert bad.status_code == 422 and bad.json()["error"] == "invalid"


def test_the_socket_pushes_a_turn_chat_and_the_end(server: Server) -> None:
    with server.client() as http:
        made = make(http, "rapa-nui", ["me", "me"], clock={"kind": "turn", "days": 2})
        table = made["table"]["id"]
        tokens = {int(s): t for s, t in made["tokens"].items()}
        with connect(f"ws://127.0.0.1:{server.port}/ws/notices", open_timeout=10) as ws:
            ws.send(_watch([{"table": table, "token": tokens[1]}]))
            first = _next(ws, lambda m: True)
            [n] = first["tables"]
            assert n["seat"] == 1
            # seat 0 writes: seat 1 hears who wrote and when
            r = http.post(
                f"/api/tables/{table}/chat", headers=bearer(tokens[0]), json={"text": "hi"}
            )
            assert r.status_code == 201
            said = _next(ws, lambda m: m["tables"][0]["chat_at"] is not None)
            assert said["tables"][0]["chat_from"] == "Ana"
            # seat 1's own line is not news for seat 1
            http.post(f"/api/tables/{table}/chat", headers=bearer(tokens[1]), json={"text": "yo"})
            # whoever is to move moves until seat 1 is to move
            for _ in range(50):
                now = state(http, table, tokens[0])
                if 1 in now["table"]["to_move"] and now["version"] > 0:
                    break
                mover = now["table"]["to_move"][0]
                look = state(http, table, tokens[mover])
                http.post(
                    f"/api/tables/{table}/actions",
                    headers=bearer(tokens[mover]),
                    json={"action": look["legal"][0]["action"], "version": look["version"]},
                )
            turn = _next(ws, lambda m: m["tables"][0]["your_turn"])
            assert turn["tables"][0]["chat_from"] == "Ana"  # still seat 0's line
            # seat 0 resigns and seat 1... the game goes on with a bot; seat 1 resigns too
            for token in (tokens[0], tokens[1]):
                http.post(f"/api/tables/{table}/resign", headers=bearer(token))
            over = _next(ws, lambda m: m["tables"][0]["status"] == "over", timeout=120)
            assert over["tables"][0]["won"] in (True, False)


def test_a_socket_that_does_not_watch_first_is_closed(server: Server) -> None:
    with connect(f"ws://127.0.0.1:{server.port}/ws/notices", open_timeout=10) as ws:
        ws.send(json.dumps({"type": "hello", "token": None}))
        msg = json.loads(ws.recv(timeout=10))
        assert msg["type"] == "error" and msg["error"] == "malformed"


def test_junk_after_a_watch_is_answered_and_the_socket_stays(server: Server) -> None:
    with server.client() as http:
        made = make(http, "rapa-nui", ["me", "bot:random"])
        table, token = made["table"]["id"], made["tokens"]["0"]
    with connect(f"ws://127.0.0.1:{server.port}/ws/notices", open_timeout=10) as ws:
        ws.send(_watch([]))
        assert _next(ws, lambda m: True)["tables"] == []
        for junk, code in (
            (b"\x00\x01", "malformed"),
            ("{", "malformed"),
            (
                json.dumps({"type": "watch", "seats": [{"table": "x" * 17, "token": "t"}]}),
                "malformed",
            ),
            ("x" * 9000, "too_large"),
        ):
            ws.send(junk)
            msg = json.loads(ws.recv(timeout=10))
            assert msg["type"] == "error" and msg["error"] == code, (junk[:20], msg)
        ws.send(_watch([{"table": table, "token": token}]))
        assert _next(ws, lambda m: bool(m["tables"]))["tables"][0]["seat"] == 0
