"""A client of the game service's protocol (docs/PROTOCOL.md): REST calls over httpx and a
seat's WebSocket, read by a thread of its own so that nothing the server pushes waits on
the person at the keyboard.

A refusal from the server becomes a :class:`ServerError` carrying the wire's error code,
so ``vaka play --server`` reports it in one line like any other vaka error.
"""

from __future__ import annotations

import contextlib
import json
import queue
import threading
import time
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

from vaka import i18n
from vaka.core.errors import VakaError
from vaka.i18n import _

TIMEOUT = 30.0  # seconds for one request or one answer
RETRIES = (0.5, 1.0, 2.0, 3.0, 5.0, 8.0, 10.0)  # pauses between attempts to connect again


class ServerError(VakaError):
    """The server refused a request (``code`` is the wire's error code), or could not be
    reached (``code`` is ``unreachable``)."""

    def __init__(self, reason: str, code: str = "unreachable") -> None:
        super().__init__(reason)
        self.code = code


class Link:
    """The REST side of one server."""

    def __init__(self, url: str) -> None:
        self.url = url.rstrip("/")
        # the server answers (its refusals) in the terminal's language
        self.http = httpx.Client(
            base_url=self.url, timeout=TIMEOUT, headers={"Accept-Language": i18n.current()}
        )

    def call(self, method: str, path: str, token: str | None = None, body: Any = None) -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        try:
            r = self.http.request(method, path, json=body, headers=headers)
        except httpx.HTTPError as exc:
            raise ServerError(
                _("cannot reach the server at {url}: {error}").format(url=self.url, error=exc)
            ) from None
        try:
            answer = r.json()
        except ValueError:
            answer = None
        if r.status_code >= 400:
            if isinstance(answer, dict) and "reason" in answer:
                raise ServerError(str(answer["reason"]), str(answer.get("error", "refused")))
            said = _("the server at {url} answered {status}")
            raise ServerError(said.format(url=self.url, status=r.status_code), "refused")
        if answer is None:
            raise ServerError(
                _("{url} does not look like a vaka server").format(url=self.url), "refused"
            )
        return answer

    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        made: dict[str, Any] = self.call("POST", "/api/tables", body=body)
        return made

    def take_seat(self, table: str, seat: int, name: str) -> str:
        joined = self.call("POST", f"/api/tables/{_safe(table)}/seats/{seat}", body={"name": name})
        return str(joined["token"])

    def state(self, table: str, token: str | None) -> dict[str, Any]:
        state: dict[str, Any] = self.call("GET", f"/api/tables/{_safe(table)}/state", token)
        return state

    def record(self, table: str, token: str | None = None) -> dict[str, Any]:
        """The finished game's record (a private table's: with one of its seats' tokens)."""
        record: dict[str, Any] = self.call("GET", f"/api/tables/{_safe(table)}/record", token)
        return record

    def record_url(self, table: str) -> str:
        return f"{self.url}/api/tables/{table}/record"

    def close(self) -> None:
        self.http.close()


def _safe(table: str) -> str:
    """A table id as one path segment (ids are URL-safe; anything else is quoted)."""
    from urllib.parse import quote

    return quote(table, safe="")


class Gap(ValueError):
    """A pushed state's log starts after entries this connection never received."""


def whole_log(kept: list[Any] | None, msg: dict[str, Any]) -> list[Any]:
    """The whole log of a pushed ``state``: the entries ``kept`` from this connection's
    earlier pushes up to ``log_from``, then the ones the push carries (docs/PROTOCOL.md).
    The caller keeps the result for the next push (a new list: ``kept`` is not changed)."""
    start = msg.get("log_from", 0)
    log: list[Any] = msg["view"]["log"]
    if not start:
        return log
    if kept is None or len(kept) < start:
        raise Gap(f"a push's log starts at entry {start}, after entries never received")
    return kept[:start] + log


class Socket:
    """A seat's WebSocket. Messages arrive in :attr:`events` as parsed JSON, each state's
    log whole again; a lost connection arrives as ``{"type": "closed"}``."""

    def __init__(self, url: str, table: str, token: str | None) -> None:
        base = url.rstrip("/")
        scheme = "wss" if base.startswith("https:") else "ws"
        self.url = (
            f"{scheme}:{base.split(':', 1)[1]}/ws/tables/{_safe(table)}?lang={i18n.current()}"
        )
        self.token = token
        self.events: queue.Queue[dict[str, Any]] = queue.Queue()
        self.ws: ClientConnection | None = None

    def open(self) -> None:
        """Connect and say hello; the server answers with the table's latest state."""
        try:
            self.ws = connect(self.url, open_timeout=TIMEOUT, max_size=2**24)
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as exc:
            raise ServerError(
                _("cannot open {url}: {error}").format(url=self.url, error=exc)
            ) from None
        self.send({"type": "hello", "token": self.token})
        threading.Thread(target=self._read, args=(self.ws,), daemon=True).start()

    def _read(self, ws: ClientConnection) -> None:
        log: list[Any] | None = None  # this connection's log so far
        try:
            for text in ws:
                msg = json.loads(text)
                if msg.get("type") == "state":
                    msg["view"]["log"] = log = whole_log(log, msg)
                    msg["log_from"] = 0
                self.events.put(msg)
        except (ConnectionClosed, OSError, ValueError):  # Gap too: connect again, all anew
            pass
        if ws is self.ws:
            self.events.put({"type": "closed"})

    def send(self, msg: dict[str, Any]) -> None:
        # A lost connection is reported by the reader; the caller then connects again.
        with contextlib.suppress(ConnectionClosed, OSError, AttributeError):
            self.ws.send(json.dumps(msg))  # type: ignore[union-attr]

    def next(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next message, or None if none came within ``timeout`` seconds."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            wait = 1.0 if deadline is None else min(1.0, deadline - time.monotonic())
            if wait <= 0:
                return None
            try:  # short waits: Ctrl-C is felt at once
                return self.events.get(timeout=wait)
            except queue.Empty:
                continue

    def reopen(self) -> bool:
        """Connect again after a lost connection, a few times with growing pauses."""
        self.close()
        for pause in RETRIES:
            time.sleep(pause)
            try:
                self.open()
                return True
            except ServerError:
                continue
        return False

    def close(self) -> None:
        ws, self.ws = self.ws, None
        if ws is not None:
            ws.close()
