"""Per-message compression that keeps only the last window a socket sent: what it sends
reads back exactly through a client's ordinary decompressor, kept across messages as
every client keeps it, and is as small as with a compressor kept whole."""

from __future__ import annotations

import json
import random
import time
import zlib
from pathlib import Path

from websockets.extensions.permessage_deflate import PerMessageDeflate
from websockets.frames import Frame, Opcode
from websockets.server import ServerProtocol
from websockets.sync.client import connect

from tests.server.serverproc import Server
from vaka.server.deflate import WindowDeflate, WindowDeflateFactory, _parse_frames_alone

EMPTY = b"\x00\x00\xff\xff"


def _pushes(n: int, seed: int = 1) -> list[bytes]:
    """Messages like a table's pushes: each much like the one before, some longer than
    the window, one empty."""
    rng = random.Random(seed)
    log: list[dict[str, object]] = []
    out = [b""]
    for version in range(n):
        log.append({"seat": rng.randrange(2), "text": f"Seat 1 takes card {rng.randrange(40)}"})
        start = rng.randrange(len(log))
        out.append(json.dumps({"version": version, "log": log[start:]}).encode())
    return out


def test_each_message_reads_back_through_a_kept_decompressor() -> None:
    deflate = WindowDeflate(True, False, 15, 12)
    client = zlib.decompressobj(wbits=-12)  # the smallest window a client may keep
    for message in _pushes(120):
        frame = deflate.encode(Frame(Opcode.TEXT, message))
        assert frame.rsv1
        assert client.decompress(frame.data + EMPTY) == message
        assert len(deflate.window) <= 4096
        assert not hasattr(deflate, "encoder")  # nothing kept but the window


def test_a_fragmented_message_reads_back() -> None:
    deflate = WindowDeflate(True, False, 15, 12)
    client = zlib.decompressobj(wbits=-12)
    for message in _pushes(30, seed=2):
        parts = [message[:100], message[100:3000], message[3000:]]
        frames = [
            Frame(Opcode.TEXT if i == 0 else Opcode.CONT, part, fin=i == len(parts) - 1)
            for i, part in enumerate(parts)
        ]
        encoded = [deflate.encode(f) for f in frames]
        assert [f.rsv1 for f in encoded] == [True, False, False]
        data = b"".join(f.data for f in encoded) + EMPTY
        assert client.decompress(data) == message


def test_as_small_as_a_kept_compressor_and_far_smaller_than_each_alone() -> None:
    ours = WindowDeflate(True, False, 15, 12)
    kept = PerMessageDeflate(True, False, 15, 12, {"memLevel": 5})
    alone = PerMessageDeflate(True, True, 15, 12, {"memLevel": 5})
    sizes = {"ours": 0, "kept": 0, "alone": 0}
    for message in _pushes(120, seed=3):
        for name, ext in (("ours", ours), ("kept", kept), ("alone", alone)):
            sizes[name] += len(ext.encode(Frame(Opcode.TEXT, message)).data)
    assert sizes["ours"] <= 1.1 * sizes["kept"], sizes
    assert sizes["ours"] < sizes["alone"] / 3, sizes


def test_a_client_that_asks_for_no_server_context_gets_each_message_alone() -> None:
    params, deflate = WindowDeflateFactory().process_request_params(
        [("server_no_context_takeover", None), ("client_max_window_bits", None)], []
    )
    assert ("server_no_context_takeover", None) in params
    assert ("client_no_context_takeover", None) in params
    for message in _pushes(5):
        frame = deflate.encode(Frame(Opcode.TEXT, message))
        assert zlib.decompressobj(wbits=-12).decompress(frame.data + EMPTY) == message
    assert isinstance(deflate, WindowDeflate) and deflate.window == b""


def test_the_server_negotiates_it_and_a_client_plays_through_it(tmp_path: Path) -> None:
    srv = Server(f"sqlite:///{tmp_path / 'vaka.db'}", tmp_path / "server.log").start()
    try:
        with srv.client() as http:
            made = http.post(
                "/api/tables", json={"game": "rapa-nui", "players": 2, "seats": ["me", "me"]}
            ).json()
        table, tokens = made["table"]["id"], made["tokens"]
        url = f"ws://127.0.0.1:{srv.port}/ws/tables/{table}"
        with connect(url) as a, connect(url) as b:
            agreed = a.response.headers["Sec-WebSocket-Extensions"]
            assert "permessage-deflate" in agreed
            assert "server_max_window_bits=12" in agreed
            assert "client_no_context_takeover" in agreed
            sockets = {0: a, 1: b}
            for seat, ws in sockets.items():
                ws.send(json.dumps({"type": "hello", "token": tokens[str(seat)]}))
            rng = random.Random(4)
            version, deadline = 0, time.monotonic() + 60
            while version < 20:
                assert time.monotonic() < deadline, "the game stopped"
                for ws in sockets.values():
                    try:
                        msg = json.loads(ws.recv(timeout=0.2))  # decompressed by the client
                    except TimeoutError:
                        continue
                    if msg["type"] != "state":
                        continue
                    version = max(version, msg["version"])
                    if msg["legal"]:
                        action = rng.choice(msg["legal"])["action"]
                        ws.send(
                            json.dumps({"type": "act", "action": action, "version": msg["version"]})
                        )
    finally:
        srv.stop()


def _frame(text: str) -> bytes:
    """A client's masked text frame."""
    data, mask = text.encode(), bytes([1, 2, 3, 4])
    return (
        bytes([0x81, 0x80 | len(data)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))
    )


def test_frames_are_parsed_alone_once_the_handshake_is_done() -> None:
    """Once the handshake is answered a socket's frames are parsed by a parser of their
    own (the handshake's kept its request), unless a frame sent early (against the
    protocol) is being read: then the handshake's parser reads it on, its request emptied."""
    for early in (b"", _frame("hi")[:2]):
        conn = ServerProtocol(extensions=[WindowDeflateFactory()])
        conn.receive_data(
            b"GET /ws/tables/t HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
            b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            b"Sec-WebSocket-Version: 13\r\n\r\n" + early
        )
        [request] = conn.events_received()
        conn.send_response(conn.accept(request))
        handshake = conn.parser
        _parse_frames_alone(conn, request)
        assert (conn.parser is handshake) == bool(early)
        assert (request.path == "" and not request.headers) or not early
        conn.receive_data(_frame("hi")[len(early) :] + _frame("ka pai"))
        assert [f.data for f in conn.events_received()] == [b"hi", b"ka pai"]
