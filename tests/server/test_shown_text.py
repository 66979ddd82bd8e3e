"""Names and chat are shown to other people: text with control or bidirectional
characters is refused on the way in (REST and WebSocket), and the terminal client shows
any that a server sends (stored before, say) as escapes, never obeying them."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.server.serverproc import Server, bearer, shared_server
from tests.server.wire import make

BAD_NAMES = ["A\x00n\x1b[31ma\x07", "\u202eanA", "Ana\r\nSet-Cookie: x=1", "Ana\u2066x"]
BAD_CHAT = ["hi\x00\x1b[2J\x07", "\u202ehi", "one\nline"]


server = shared_server()


@pytest.mark.parametrize("name", BAD_NAMES)
def test_a_name_with_control_or_bidi_characters_is_refused(server: Server, name: str) -> None:
    with server.client() as client:
        before = len(client.get("/api/tables").json())
        for seats, body in (
            (["me", "open"], {"name": name}),
            (["me", f"invite:{name}"], {}),
        ):
            r = client.post(
                "/api/tables",
                json={"game": "rapa-nui", "players": 2, "seats": seats, **body},
            )
            assert r.status_code == 422, r.text
            assert r.json()["error"] == "invalid"
            assert "control and bidirectional characters" in r.json()["reason"]
        assert len(client.get("/api/tables").json()) == before  # nothing was made
        table = make(client, "rapa-nui", ["me", "open"])["table"]["id"]
        r = client.post(f"/api/tables/{table}/seats/1", json={"name": name})
        assert r.status_code == 422, r.text
        assert r.json()["error"] == "invalid"
        assert client.get(f"/api/tables/{table}").json()["seats"][1]["kind"] == "open"


def test_chat_with_control_or_bidi_characters_is_refused(server: Server) -> None:
    with server.client() as client:
        made = make(client, "rapa-nui", ["me", "me"])
        table, token = made["table"]["id"], made["tokens"]["0"]
        for text in BAD_CHAT:
            r = client.post(f"/api/tables/{table}/chat", headers=bearer(token), json={"text": text})
            assert r.status_code == 422, r.text
            assert r.json()["error"] == "invalid"
        with server.socket(table, token) as sock:
            sock.state()
            for text in BAD_CHAT:
                sock.send(type="chat", text=text)
                answer = sock.next()
                assert answer["type"] == "error" and answer["error"] == "malformed", answer
        # Letters of any script, emoji and their joiners are fine.
        fine = "ia ora \u00e9\u0101 \u05e9\u05dc\u05d5\u05dd \U0001f469\u200d\U0001f33e"
        r = client.post(f"/api/tables/{table}/chat", headers=bearer(token), json={"text": fine})
        assert r.status_code == 201, r.text
        chat = client.get(f"/api/tables/{table}/state", headers=bearer(token)).json()["chat"]
        assert [line["text"] for line in chat] == [fine]


def test_the_terminal_shows_another_persons_escapes_without_obeying_them(
    tmp_path: Path,
) -> None:
    """A name and a chat line stored before the server refused such text reach a player
    in the terminal: they are printed as visible escapes."""
    db = tmp_path / "vaka.db"
    server = Server(f"sqlite:///{db}", tmp_path / "server.log").start()
    try:
        with server.client() as client:
            made = make(client, "rapa-nui", ["me", "invite:Bo"])
        table, token = made["table"]["id"], made["tokens"]["0"]
        server.stop()
        with sqlite3.connect(db) as conn:
            conn.execute(
                "UPDATE seats SET name = ? WHERE table_id = ? AND seat = 1",
                ("B\x1b[31mo\u202e", table),
            )
            conn.execute(
                "INSERT INTO chat (table_id, seat, name, text, at) VALUES (?, 1, ?, ?, 1.0)",
                (table, "B\x1b[31mo\u202e", "hi\x00\x1b[2J\x07 [bold]x[/bold]"),
            )
        server.start()
        done = subprocess.run(
            [sys.executable, "-m", "vaka", "play", "--server", server.url,
             "--join", table, "--token", token],
            input="quit\n", capture_output=True, text=True, timeout=60,
            env={**os.environ, "COLUMNS": "120", "NO_COLOR": "1"},
        )  # fmt: skip
    finally:
        server.stop()
    out = done.stdout
    assert done.returncode == 0, out[-2000:] + done.stderr
    assert "says:" in out, out[-2000:]
    for char in "\x00\x1b\x07\u202e":
        assert char not in out, json.dumps(out[-2000:])
    assert "B\\x1b[31mo\\u202e (seat 1) says: hi\\x00\\x1b[2J\\x07 [bold]x[/bold]" in out
