"""A real ``vaka serve`` process on a loopback port, and small clients for it."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from vaka.cli.wire import whole_log


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``python -m vaka serve`` on 127.0.0.1; ``kill()`` is a ``kill -9``."""

    def __init__(
        self,
        db: str,
        log: Path,
        port: int | None = None,
        *args: str,
        env: dict[str, str] | None = None,
    ) -> None:
        self.db, self.log_path, self.args, self.env = db, log, args, env or {}
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        env = {**os.environ, "COLUMNS": "120", "NO_COLOR": "1", **self.env}
        with open(self.log_path, "ab") as log:
            self.proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "vaka",
                    "serve",
                    "--db",
                    self.db,
                    "--port",
                    str(self.port),
                    "--hard-seconds",
                    "0.2",
                    *self.args,
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
                env=env,
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server stopped: {self.log_path.read_text()[-2000:]}")
            try:
                if httpx.get(self.url + "/api/games", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not answer within a minute")

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=30)

    @contextmanager
    def socket(self, table: str, token: str | None) -> Iterator[Socket]:
        with connect(f"ws://127.0.0.1:{self.port}/ws/tables/{table}", open_timeout=10) as ws:
            ws.send(json.dumps({"type": "hello", "token": token}))
            yield Socket(ws)


def shared_server(*args: str) -> Any:
    """A module's fixture that starts one server (SQLite; ``args`` for ``vaka serve``) for
    all of the module's tests: ``server = shared_server()`` at the module's top names it.
    Its tests must not depend on each other or on their order: each makes its own tables
    and reads only those."""

    @pytest.fixture(scope="module")
    def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
        folder = tmp_path_factory.mktemp("server")
        srv = Server(f"sqlite:///{folder / 'vaka.db'}", folder / "server.log", None, *args)
        yield srv.start()
        srv.stop()

    return shared


class Socket:
    """A seat's WebSocket: every message received is kept in ``seen`` as sent; a state
    is handed on with its log whole (``log_from`` 0), as a client keeps it."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.seen: list[str] = []
        self.log: list[Any] | None = None

    def send(self, **msg: Any) -> None:
        self.ws.send(json.dumps(msg))

    def next(self, timeout: float = 30) -> dict[str, Any]:
        text = self.ws.recv(timeout=timeout)
        assert isinstance(text, str)
        self.seen.append(text)
        msg: dict[str, Any] = json.loads(text)
        if msg["type"] == "state":
            msg["view"]["log"] = self.log = whole_log(self.log, msg)
            msg["log_from"] = 0
        return msg

    def state(self, timeout: float = 30, until: Any = None) -> dict[str, Any]:
        """The next pushed state (skipping other messages) that satisfies ``until``."""
        deadline = time.monotonic() + timeout
        while True:
            msg = self.next(max(0.1, deadline - time.monotonic()))
            if msg["type"] == "state" and (until is None or until(msg)):
                return msg


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
