"""The WebSocket fuzzed with hypothesis against a real server.

Random JSON, messages of every type with fields of the wrong type or size, binary frames,
deep nesting, stale versions and tokens of other seats or tables: every answer must be a
typed error, a state or a legality check's answer; the connection must go on answering;
and the table must be as it was unless a well-formed action, undo or chat was accepted.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.server.serverproc import Server
from tests.server.wire import look, make, seat_tokens, typed
from vaka.server.messages import (
    Act,
    Checked,
    ErrorMessage,
    Hello,
    Resign,
    Say,
    TableState,
    Undo,
)
from vaka.server.ws import BURST, MAX_MESSAGE, PARSE

TYPES = ["act", "undo", "resign", "chat", "check", "hello", "state", "error", "", "ACT"]
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
TEXT = st.text(max_size=40) | st.sampled_from(["x" * 201, "y" * 501, " ", "\x00", "é" * 300])
VERSION = st.integers(-3, 12) | st.sampled_from([10**9 + 1, 2**63, -(2**63)]) | JSON
FIELDS = st.fixed_dictionaries(
    {"type": st.sampled_from(TYPES) | JSON},
    optional={"action": TEXT | JSON, "version": VERSION, "text": TEXT | JSON, "token": TEXT},
)
#: What one frame may be (a "legal" draw becomes one of the seat's legal actions now).
FRAME = st.one_of(
    FIELDS.map(json.dumps),
    FIELDS.map(json.dumps),
    JSON.map(json.dumps),
    st.text(max_size=60),
    st.binary(max_size=40),
    st.integers(1, 3000).map(lambda n: "[" * n + "]" * n),
    st.integers(MAX_MESSAGE + 1, MAX_MESSAGE + 2000).map(
        lambda n: json.dumps({"type": "chat", "text": "z" * n})
    ),
    st.just("legal"),
    st.just("legal"),
)
WHO = st.sampled_from(
    ["seat0", "seat0", "seat1", "seat1", "spectator", "other table", "junk", "no hello"]
)


class Live:
    def __init__(self, server: Server) -> None:
        self.server = server
        self.http = server.client()
        made = make(self.http, "rapa-nui", ["me", "invite:Bo"])
        self.table = made["table"]["id"]
        self.tokens = seat_tokens(made)
        self.other = make(self.http, "rapa-nui", ["me", "me"])["tokens"]["0"]

    def look(self) -> str:
        return look(self.http, self.table, list(self.tokens.values()))

    def socket(self) -> ClientConnection:
        return connect(f"ws://127.0.0.1:{self.server.port}/ws/tables/{self.table}")


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    folder = tmp_path_factory.mktemp("wsfuzz")
    server = Server(f"sqlite:///{folder / 'vaka.db'}", folder / "server.log").start()
    try:
        yield Live(server)
    finally:
        server.stop()


def answers_until(ws: ClientConnection, mark: str) -> list[Any]:
    """Every message up to the answer to the marker frame (a malformed ``type``)."""
    got = []
    while True:
        raw = ws.recv(timeout=10)
        assert isinstance(raw, str)
        msg = typed(raw)
        if isinstance(msg, ErrorMessage) and mark in msg.reason:
            return got
        got.append(msg)


def may_change(frame: str | bytes, seat: int | None, answers: list[Any]) -> bool:
    """Whether a frame was a well-formed action, undo or chat of a seat, and not refused."""
    if (
        seat is None
        or isinstance(frame, bytes)
        or any(isinstance(a, ErrorMessage) for a in answers)
    ):
        return False
    try:
        return isinstance(PARSE.validate_json(frame), Act | Undo | Say)
    except ValidationError:
        return False


@given(who=WHO, frames=st.lists(FRAME, min_size=1, max_size=4), pick=st.integers(0, 99))
@settings(
    max_examples=150, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True
)
def test_every_frame_gets_a_typed_answer_and_refused_ones_change_nothing(
    live: Live, who: str, frames: list[str | bytes], pick: int
) -> None:
    token = {
        "seat0": live.tokens[0],
        "seat1": live.tokens[1],
        "spectator": None,
        "other table": live.other,
        "junk": "x" * 32,
    }.get(who)
    seat = {"seat0": 0, "seat1": 1}.get(who)
    before = live.look()
    with live.socket() as ws:
        if who == "no hello":  # the first frame is not a hello: refused, then closed
            first = frames[0] if frames[0] != "legal" else '{"type":"act"}'
            ws.send(first)
            if _is_hello(first):
                return  # the fuzz happened upon a real hello: nothing to check here
            assert _closed_after_errors(ws) == 4400
            assert live.look() == before
            return
        else:
            ws.send(json.dumps({"type": "hello", "token": token}))
        first_answer = typed(str(ws.recv(timeout=10)))
        if who in ("other table", "junk"):
            assert isinstance(first_answer, ErrorMessage) and first_answer.error == "forbidden"
            assert _closed_after_errors(ws) == 4403
            assert live.look() == before
            return
        assert isinstance(first_answer, TableState) and first_answer.seat == seat
        changed = False
        for k, frame in enumerate(frames):
            frame = _legal(live, seat, pick) if frame == "legal" else frame
            if seat is not None and isinstance(frame, str) and _is_resign(frame):
                frame = json.dumps({"type": "resign", "extra": k})  # resigning hands over
            ws.send(frame)
            mark = f"mark-{k}-{pick}"
            ws.send(json.dumps({"type": mark}))
            answers = answers_until(ws, mark)
            changed |= may_change(frame, seat, answers)
            if isinstance(frame, str) and len(frame) > MAX_MESSAGE:
                assert any(getattr(a, "error", "") == "too_large" for a in answers)
            for a in answers:
                if isinstance(a, ErrorMessage) and seat is None:
                    assert a.error in ("forbidden", "malformed", "too_large"), a
    event("accepted a change" if changed else "changed nothing")
    if not changed:
        assert live.look() == before


def _legal(live: Live, seat: int | None, pick: int) -> str:
    """One of the seat's legal actions now, with the current version (it may be played)."""
    now = live.http.get(
        f"/api/tables/{live.table}/state",
        headers={"Authorization": f"Bearer {live.tokens[seat or 0]}"},
    ).json()
    if not now["legal"]:
        return json.dumps({"type": "act", "action": "pass", "version": now["version"]})
    action = now["legal"][pick % len(now["legal"])]["action"]
    return json.dumps({"type": "act", "action": action, "version": now["version"]})


def _is_resign(frame: str) -> bool:
    try:
        return isinstance(PARSE.validate_json(frame), Resign)
    except ValidationError:
        return False


def _is_hello(frame: str | bytes) -> bool:
    if isinstance(frame, bytes) or len(frame) > MAX_MESSAGE:
        return False
    try:
        return isinstance(PARSE.validate_json(frame), Hello)
    except ValidationError:
        return False


def _closed_after_errors(ws: ClientConnection) -> int | None:
    """Read typed errors until the server closes; the close code."""
    try:
        while True:
            msg = typed(str(ws.recv(timeout=10)))
            assert isinstance(msg, ErrorMessage)
    except ConnectionClosed as closed:
        return closed.rcvd.code if closed.rcvd else None


def test_messages_over_the_limit_are_refused_and_the_socket_goes_on(live: Live) -> None:
    before = live.look()
    with live.socket() as ws:
        ws.send(json.dumps({"type": "hello", "token": live.tokens[1]}))
        assert isinstance(typed(str(ws.recv(timeout=10))), TableState)
        ws.send(json.dumps({"type": "chat", "text": "z" * MAX_MESSAGE}))
        msg = typed(str(ws.recv(timeout=10)))
        assert isinstance(msg, ErrorMessage) and msg.error == "too_large"
        ws.send(json.dumps({"type": "check", "action": "pass"}))
        assert isinstance(typed(str(ws.recv(timeout=10))), Checked)
    assert live.look() == before
    with live.socket() as ws:  # past the transport's limit the socket is closed (1009)
        ws.send(json.dumps({"type": "hello", "token": live.tokens[1]}))
        typed(str(ws.recv(timeout=10)))
        ws.send("w" * 4 * MAX_MESSAGE)
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    assert live.look() == before
    assert httpx.get(live.server.url + "/api/games").status_code == 200


def test_a_binary_frame_is_refused_and_the_socket_goes_on(live: Live) -> None:
    with live.socket() as ws:
        ws.send(json.dumps({"type": "hello", "token": live.tokens[0]}))
        assert isinstance(typed(str(ws.recv(timeout=10))), TableState)
        ws.send(b'{"type": "check", "action": "pass"}')
        msg = typed(str(ws.recv(timeout=10)))
        assert isinstance(msg, ErrorMessage) and msg.error == "malformed"
        ws.send(json.dumps({"type": "check", "action": "pass"}))
        assert isinstance(typed(str(ws.recv(timeout=10))), Checked)


def test_a_flood_is_rate_limited_and_the_socket_goes_on(live: Live) -> None:
    """A flood of cheap checks empties the bucket whatever the machine's speed, so the
    chats sent right after it are mostly refused; every message is accounted for: answered,
    said, or refused, and nothing refused changes the table."""
    before = live.look()
    checks, chats = int(BURST) + 60, 10
    with live.socket() as ws:
        ws.send(json.dumps({"type": "hello", "token": live.tokens[0]}))
        assert isinstance(typed(str(ws.recv(timeout=10))), TableState)
        for _ in range(checks):
            ws.send(json.dumps({"type": "check", "action": "pass"}))
        for _ in range(chats):
            ws.send(json.dumps({"type": "chat", "text": "spam"}))
        answers, asked = _until_quiet(ws)
        limited = [a for a in answers if getattr(a, "error", "") == "rate_limited"]
        checked = [a for a in answers if isinstance(a, Checked) and a.action == "pass"]
        assert len(checked) >= BURST - 1  # the burst went through ...
        assert len(limited) >= 10  # ... the rest of the flood did not
    after = json.loads(live.look())
    spoken = [line for line in after[1]["chat"] if line["text"] == "spam"]
    assert len(checked) + len(spoken) + len(limited) == checks + chats + asked - 1
    assert json.loads(before)[1]["version"] == after[1]["version"]


def _until_quiet(ws: ClientConnection) -> tuple[list[Any], int]:
    """Every answer to what was sent, and how many last checks that took: once the socket
    is quiet for a while, a check of "sentinel" is sent (again, if refused); the server
    answers one socket's messages in order, so when it answers that, it has answered
    everything sent before."""
    answers: list[Any] = []
    asked = 0
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            msg = typed(str(ws.recv(timeout=5)))
        except TimeoutError:
            ws.send(json.dumps({"type": "check", "action": "sentinel"}))
            asked += 1
            continue
        if isinstance(msg, Checked) and msg.action == "sentinel":
            return answers, asked
        answers.append(msg)
    raise AssertionError("the server never answered the last check")


def test_the_server_took_the_fuzz_without_a_traceback(live: Live) -> None:
    assert live.server.proc is not None and live.server.proc.poll() is None
    assert "Traceback" not in Path(live.server.log_path).read_text()
