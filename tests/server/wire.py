"""Small helpers shared by the wire tests: tables made over REST, and what they show."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
from pydantic import TypeAdapter

from tests.server.serverproc import bearer
from vaka.server.messages import Checked, ErrorMessage, TableState

#: Every error code the protocol documents (ErrorMessage's docstring).
CODES = {
    "illegal",
    "malformed",
    "stale",
    "forbidden",
    "unauthorized",
    "not_found",
    "invalid",
    "refused",
    "too_large",
    "rate_limited",
    "busy",
    "full",
    "unavailable",
}
ANSWER: TypeAdapter[TableState | ErrorMessage | Checked] = TypeAdapter(
    TableState | ErrorMessage | Checked
)


def make(client: httpx.Client, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    r = client.post(
        "/api/tables",
        json={"game": game, "players": len(seats), "seats": seats, "name": "Ana", **extra},
    )
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    return made


def state(client: httpx.Client, table: str, token: str | None = None) -> dict[str, Any]:
    r = client.get(f"/api/tables/{table}/state", headers=bearer(token) if token else {})
    assert r.status_code == 200, r.text
    got: dict[str, Any] = r.json()
    return got


def act(client: httpx.Client, table: str, token: str, action: str, version: int) -> httpx.Response:
    return client.post(
        f"/api/tables/{table}/actions",
        headers=bearer(token),
        json={"action": action, "version": version},
    )


def play_first_choices(
    client: httpx.Client, table: str, tokens: dict[int, str], until: float = 120
) -> dict[str, Any]:
    """Every human seat plays its first legal choice until the game is over."""
    deadline = time.monotonic() + until
    while time.monotonic() < deadline:
        for token in tokens.values():
            now = state(client, table, token)
            if now["table"]["status"] == "over":
                return now
            if now["legal"]:
                act(client, table, token, now["legal"][0]["action"], now["version"])
        time.sleep(0.02)
    raise AssertionError("the game did not end in time")


def seat_tokens(made: dict[str, Any]) -> dict[int, str]:
    """Every seat token of a made table (the maker's and the invitations), by seat."""
    both = {**made["tokens"], **made["invitations"]}
    return {int(seat): token for seat, token in both.items()}


def look(client: httpx.Client, table: str, tokens: list[str]) -> str:
    """Everything the seats of ``tokens`` and a spectator see of a table, clocks aside
    (they tick), as one string to compare before and after."""
    seen: list[Any] = []
    for token in [None, *tokens]:
        r = client.get(f"/api/tables/{table}/state", headers=bearer(token) if token else {})
        if r.status_code == 200:
            body = r.json()
            body.pop("clocks")
            seen.append(body)
        else:
            seen.append(r.status_code)
    return json.dumps(seen, sort_keys=True)


def typed(text: str) -> TableState | ErrorMessage | Checked:
    """A server message parsed as one of the types it may send; an error's code is known."""
    msg = ANSWER.validate_json(text)
    if isinstance(msg, ErrorMessage):
        assert msg.error in CODES, text
        assert msg.reason, text
    return msg
