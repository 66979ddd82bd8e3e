"""Expired sessions are forgotten when the service starts, also those of accounts that
never sign in again (a real server on SQLite, its database read directly)."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

from tests.server.serverproc import Server

PW = "correct horse"


def _sessions(db: Path) -> dict[str, int]:
    """Each account's name and how many sessions it holds."""
    with sqlite3.connect(db) as con:
        rows = con.execute(
            "SELECT users.name, count(sessions.id_hash) FROM users"
            " LEFT JOIN sessions ON sessions.user_id = users.id GROUP BY users.name"
        ).fetchall()
    return {name: count for name, count in rows}


def test_a_restart_forgets_expired_sessions_and_keeps_live_ones(tmp_path: Path) -> None:
    db = tmp_path / "vaka.db"
    server = Server(f"sqlite:///{db}", tmp_path / "server.log").start()
    try:
        with server.client() as ana, server.client() as bo:
            for client, name in ((ana, "Ana"), (bo, "Bo")):
                r = client.post("/api/account/signup", json={"name": name, "password": PW})
                assert r.status_code == 201, r.text
            cookie = dict(ana.cookies)
    finally:
        server.stop()
    assert _sessions(db) == {"Ana": 1, "Bo": 1}
    with sqlite3.connect(db) as con:  # Bo's session ran out a day ago
        con.execute(
            "UPDATE sessions SET expires_at = ? WHERE user_id ="
            " (SELECT id FROM users WHERE name = 'Bo')",
            (time.time() - 86400,),
        )
    server.start()
    try:
        assert _sessions(db) == {"Ana": 1, "Bo": 0}
        with server.client() as ana:
            ana.cookies.update(cookie)
            assert ana.get("/api/account").json()["me"]["name"] == "Ana"
    finally:
        server.stop()
