"""What one client may ask of a server: bodies no larger than the limit however they are
sent, tables made at a bounded rate from one address, and so many tables in all."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from pathlib import Path

from tests.server.serverproc import Server, bearer, shared_server
from tests.server.wire import make

MAX_BODY = 64 * 1024


server = shared_server()


def chunks(total: int, size: int = 64 * 1024) -> Iterator[bytes]:
    """A JSON chat body of ``total`` bytes, sent in chunks (no Content-Length)."""
    yield b'{"text": "'
    left = total - 12
    while left > 0:
        yield b"x" * min(size, left)
        left -= size
    yield b'"}'


def test_a_chunked_body_past_the_limit_is_refused_as_too_large(server: Server) -> None:
    with server.client() as client:
        made = make(client, "rapa-nui", ["me", "me"])
        table, token = made["table"]["id"], made["tokens"]["0"]
        for path, auth in (
            (f"/api/tables/{table}/chat", bearer(token)),
            ("/api/tables", {}),
            (f"/api/tables/{table}/seats/1", {}),
        ):
            r = client.post(path, headers=auth, content=chunks(50 * 1024 * 1024))
            assert r.status_code == 413, (path, r.status_code, r.text[:200])
            assert r.json()["error"] == "too_large"
        # Nothing was said; a chunked body within the limit is read as any other.
        r = client.post(
            f"/api/tables/{table}/chat",
            headers={**bearer(token), "Content-Type": "application/json"},
            content=iter([b'{"text": ', b'"hello"}']),
        )
        assert r.status_code == 201, r.text
        said = client.get(f"/api/tables/{table}/state", headers=bearer(token)).json()
        assert [line["text"] for line in said["chat"]] == ["hello"]


def test_the_server_answers_413_before_reading_a_huge_chunked_body(server: Server) -> None:
    """The answer comes once the limit is passed, while the client still sends."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as raw:
        raw.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
        )
        for _ in range(3):  # 96 KiB of a body promised to go on
            raw.sendall(b"8000\r\n" + b" " * 0x8000 + b"\r\n")
        answer = b""
        while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
            part = raw.recv(4096)  # the head and the body may come in two packets
            if not part:
                break
            answer += part
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b'"too_large"' in answer


def test_one_address_makes_tables_at_a_bounded_rate(tmp_path: Path) -> None:
    server = Server(
        f"sqlite:///{tmp_path / 'vaka.db'}",
        tmp_path / "log",
        None,
        "--table-burst",
        "5",
        "--tables-per-minute",
        "6",
    ).start()
    try:
        with server.client() as client:
            body = {"game": "rapa-nui", "players": 2, "seats": ["me", "open"]}
            answers = [client.post("/api/tables", json=body) for _ in range(8)]
            assert [r.status_code for r in answers] == [201] * 5 + [429] * 3
            refused = answers[-1]
            assert refused.json()["error"] == "rate_limited"
            assert 1 <= int(refused.headers["Retry-After"]) <= 10
            assert len(client.get("/api/tables").json()) == 5
    finally:
        server.stop()


def test_a_full_server_refuses_new_tables_until_games_end(tmp_path: Path) -> None:
    server = Server(
        f"sqlite:///{tmp_path / 'vaka.db'}", tmp_path / "log", None, "--max-tables", "3"
    ).start()
    body = {"game": "rapa-nui", "players": 2, "seats": ["me", "me"]}
    try:
        with server.client() as client:
            made = [make(client, "rapa-nui", ["me", "me"]) for _ in range(3)]
            r = client.post("/api/tables", json=body)
            assert r.status_code == 503, r.text
            assert r.json()["error"] == "full"
            assert int(r.headers["Retry-After"]) >= 1
            # A game that ends makes room: both seats resign, bots play it to the end.
            table = made[0]["table"]["id"]
            for token in made[0]["tokens"].values():
                assert client.post(f"/api/tables/{table}/resign", headers=bearer(token)).is_success
            deadline = time.monotonic() + 60
            while client.get(f"/api/tables/{table}").json()["status"] != "over":
                assert time.monotonic() < deadline, "the bots did not finish the game"
                time.sleep(0.2)
            assert client.post("/api/tables", json=body).status_code == 201
    finally:
        server.stop()
