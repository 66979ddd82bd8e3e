"""Log-ins and sign-ups are throttled per name and per address, and the answers tell
nothing of whether a name has an account."""

from __future__ import annotations

from pathlib import Path

import httpx

from tests.server.serverproc import Server

PW = "correct horse"


def try_log_in(client: httpx.Client, name: str, password: str = "a wrong one") -> httpx.Response:
    return client.post("/api/account/login", json={"name": name, "password": password})


def refused(r: httpx.Response, what: str) -> None:
    assert r.status_code == 429, r.text
    assert r.json()["error"] == "rate_limited" and what in r.json()["reason"], r.text
    assert 1 <= int(r.headers["Retry-After"]) <= 120


def test_log_ins_are_throttled_per_name_then_per_address(tmp_path: Path) -> None:
    server = Server(
        f"sqlite:///{tmp_path / 'vaka.db'}",
        tmp_path / "log",
        None,
        "--name-tries-per-minute",
        "1",
        "--name-tries-burst",
        "3",
        "--tries-per-minute",
        "1",
        "--tries-burst",
        "8",
    ).start()
    try:
        with server.client() as client:
            made = client.post("/api/account/signup", json={"name": "Ana", "password": PW})
            assert made.status_code == 201  # one try of the name and of the address
            client.cookies.clear()
            # the name's tries: a wrong password, then even the right one is refused
            assert try_log_in(client, "ana").status_code == 401
            assert try_log_in(client, "ANA").status_code == 401
            refused(try_log_in(client, "Ana", PW), "for this name")
            assert "vaka_session" not in client.cookies
            # a name without an account is throttled the same way
            tries = [try_log_in(client, "Nobody") for _ in range(4)]
            assert [r.status_code for r in tries[:3]] == [401] * 3
            refused(tries[3], "for this name")
            # then the address's: its burst of 8 is spent (one sign-up, seven log-ins), so
            # every name is refused, sign-ups too
            refused(try_log_in(client, "Someone else"), "from your address")
            r = client.post("/api/account/signup", json={"name": "Bo", "password": PW})
            refused(r, "from your address")
    finally:
        server.stop()


def test_sign_ups_are_throttled_per_name(tmp_path: Path) -> None:
    server = Server(
        f"sqlite:///{tmp_path / 'vaka.db'}",
        tmp_path / "log",
        None,
        "--name-tries-per-minute",
        "1",
        "--name-tries-burst",
        "2",
    ).start()
    try:
        with server.client() as client:
            body = {"name": "Cai", "password": PW}
            assert client.post("/api/account/signup", json=body).status_code == 201
            assert client.post("/api/account/signup", json=body).status_code == 409  # taken
            refused(client.post("/api/account/signup", json=body), "for this name")
            refused(try_log_in(client, "cai", PW), "for this name")
            # another name is free to try
            r = client.post("/api/account/signup", json={"name": "Dan", "password": PW})
            assert r.status_code == 201, r.text
    finally:
        server.stop()
