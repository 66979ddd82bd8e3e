"""Per-message compression (RFC 7692) that keeps 4 KB per socket rather than about 45 KB.

A table's pushes are nearly alike, so compressing each against the ones before (context
takeover) sends a fifth of the bytes that compressing each alone does (docs/PERFORMANCE.md).
Keeping zlib's compressor between messages for that costs its whole state, about 38 KB at
a 4 KB window, and the decompressor for the client's messages about 11 KB more, for every
socket however quiet its table.

What the browser's decompressor needs to read a message compressed against the earlier
ones is only that the message refer to no more than the window it keeps: the last 4 KB it
received (``server_max_window_bits=12``). So each message gets a new compressor primed with
those 4 KB as its dictionary, and the compressor is dropped once the message is sent; the
socket keeps only the 4 KB. The bytes on the wire are a valid continuation of the stream
for any client keeping its window, as RFC 7692 asks of every client. The client is asked
not to keep its own context (``client_no_context_takeover``, which every client must
accept), so that each of its messages, a few dozen bytes, is decompressed alone with no
state kept between them.

The same protocol class reads a client's messages with less work for the event loop (see
:class:`WebSockets`).
"""

from __future__ import annotations

import asyncio
import logging
import zlib
from collections.abc import Sequence
from typing import Any

from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.datastructures import Headers
from websockets.extensions.base import Extension, ServerExtensionFactory
from websockets.extensions.permessage_deflate import (
    PerMessageDeflate,
    ServerPerMessageDeflateFactory,
)
from websockets.frames import CONT, CTRL_OPCODES, Frame
from websockets.http11 import Request
from websockets.protocol import Protocol
from websockets.server import ServerProtocol
from websockets.streams import StreamReader
from websockets.typing import ExtensionParameter

WINDOW_BITS = 12  # the server's window: what clients must keep of what they received
CLIENT_WINDOW_BITS = 12
#: zlib's settings for the compressor made for each message (only while it compresses)
COMPRESS = {"memLevel": 8}
_TAIL = b"\x00\x00\xff\xff"  # what a sync flush ends with, left off on the wire


class WindowDeflate(PerMessageDeflate):
    """permessage-deflate whose compressor lives only while a message is compressed,
    primed with the last window of what the socket sent (see the module's text)."""

    def __init__(
        self,
        remote_no_context_takeover: bool,
        local_no_context_takeover: bool,
        remote_max_window_bits: int,
        local_max_window_bits: int,
    ) -> None:
        # The base keeps no compressor when told not to take the context over: this
        # class does that itself, from the window it keeps.
        super().__init__(
            remote_no_context_takeover,
            True,
            remote_max_window_bits,
            local_max_window_bits,
            COMPRESS,  # read only: one for every socket
        )
        self.keep_context = not local_no_context_takeover
        self.window = b""  # the last bytes sent, at most the window's size

    def encode(self, frame: Frame) -> Frame:
        if frame.opcode in CTRL_OPCODES:
            return frame
        bits = self.local_max_window_bits
        if frame.opcode is not CONT:  # a new message: a new compressor
            settings: dict[str, Any] = {"wbits": -bits, **self.compress_settings}
            if self.window:
                settings["zdict"] = self.window
            self.encoder = zlib.compressobj(**settings)
        data = self.encoder.compress(frame.data) + self.encoder.flush(zlib.Z_SYNC_FLUSH)
        if self.keep_context:
            self.window = (self.window + bytes(frame.data))[-(1 << bits) :]
        if frame.fin:
            assert data[-4:] == _TAIL
            data = data[:-4]
            del self.encoder
        return Frame(
            frame.opcode, data, frame.fin, frame.opcode is not CONT, frame.rsv2, frame.rsv3
        )


class WindowDeflateFactory(ServerPerMessageDeflateFactory):
    """Negotiates permessage-deflate as ``ServerPerMessageDeflateFactory`` does (a 4 KB
    window each way, the client asked to keep no context) and makes a
    :class:`WindowDeflate`."""

    def __init__(self) -> None:
        super().__init__(
            client_no_context_takeover=True,
            server_max_window_bits=WINDOW_BITS,
            client_max_window_bits=CLIENT_WINDOW_BITS,
        )

    def process_request_params(
        self, params: Sequence[ExtensionParameter], accepted_extensions: Sequence[Extension]
    ) -> tuple[list[ExtensionParameter], PerMessageDeflate]:
        response, agreed = super().process_request_params(params, accepted_extensions)
        return response, WindowDeflate(
            agreed.remote_no_context_takeover,
            agreed.local_no_context_takeover,
            agreed.remote_max_window_bits,
            agreed.local_max_window_bits,
        )


#: What every socket's handshake offers (read only there: one list for all of them).
_EXTENSIONS: list[ServerExtensionFactory] = [WindowDeflateFactory()]

#: Messages a socket may have waiting for the app before it stops reading from the client
#: (uvicorn's own protocol stops after each one).
WAITING = 2


class Inbox:
    """What uvicorn's protocol uses of an ``asyncio.Queue`` (``put_nowait``, ``get``,
    ``qsize``, ``empty``) for the messages waiting for the app, in one object (and a list
    while some wait) rather than a queue's six (a deque alone is 760 bytes): a socket
    stays open for hours, and every object it keeps is walked by each full garbage
    collection (docs/PERFORMANCE.md). Only the socket's own task reads it, and at most
    ``WAITING`` messages and a goodbye wait in it."""

    __slots__ = ("items", "waiter")

    def __init__(self) -> None:
        self.items: list[Any] | None = None  # made while messages wait
        self.waiter: asyncio.Future[Any] | None = None

    def put_nowait(self, item: Any) -> None:
        waiter, self.waiter = self.waiter, None
        if waiter is not None and not waiter.done():  # done: cancelled with its reader
            waiter.set_result(item)
        elif self.items is None:
            self.items = [item]
        else:
            self.items.append(item)

    def get(self) -> asyncio.Future[Any]:
        """The next message, as a future (done at once if one waits) rather than a
        coroutine: one frame fewer kept for as long as a quiet socket waits."""
        future = asyncio.get_running_loop().create_future()
        if self.items:
            future.set_result(self.items.pop(0))
            if not self.items:
                self.items = None
        else:
            self.waiter = future
        return future

    def qsize(self) -> int:
        return len(self.items) if self.items else 0

    def empty(self) -> bool:
        return not self.items


class Gate:
    """What uvicorn's protocol uses of an ``asyncio.Event`` (``set``, ``clear``,
    ``is_set``, ``wait``) to hold sends back while the transport's buffer is full: its
    waiters are a list made only while a send waits, rather than an event's deque kept
    for the socket's life."""

    __slots__ = ("open", "waiters")

    def __init__(self) -> None:
        self.open = True
        self.waiters: list[asyncio.Future[None]] | None = None

    def set(self) -> None:
        self.open = True
        waiters, self.waiters = self.waiters, None
        for waiter in waiters or ():
            if not waiter.done():
                waiter.set_result(None)

    def clear(self) -> None:
        self.open = False

    def is_set(self) -> bool:
        return self.open

    async def wait(self) -> bool:
        if self.open:
            return True
        waiter = asyncio.get_running_loop().create_future()
        if self.waiters is None:
            self.waiters = []
        self.waiters.append(waiter)
        try:
            await waiter
        finally:
            if self.waiters is not None and waiter in self.waiters:
                self.waiters.remove(waiter)
        return True


_NO_HEADERS = Headers()  # a handshake's once it is done (never changed)


def _parse_frames_alone(conn: ServerProtocol, request: Request) -> None:
    """Once ``conn``'s handshake (of ``request``) is done, parse its frames with
    websockets' parser of frames alone: the handshake's parser goes on parsing them,
    keeping the request as a local for as long as the socket is open (0.5 KB, its
    headers 2.5 KB more). Swapped only between frames (a client sends none before the
    handshake's answer), as websockets itself swaps parsers (``discard``); else what the
    request holds is dropped in place."""
    frames = getattr(conn.parser, "gi_yieldfrom", None)
    waiting = getattr(frames, "gi_yieldfrom", None)
    if (
        getattr(frames, "gi_code", None) is Protocol.parse.__code__
        and getattr(waiting, "gi_code", None) is StreamReader.at_eof.__code__
    ):
        conn.parser = Protocol.parse(conn)
        next(conn.parser)
        return
    request.path, request.headers = "", _NO_HEADERS
    request.method, request.protocol = "GET", "HTTP/1.1"  # constants, not its own


#: What uvicorn's protocol (0.54) reads of itself only until the handshake is done.
_HANDSHAKE = (
    "app",
    "app_state",
    "asgi_version",
    "config",
    "default_headers",
    "handshake_initiated",
    "root_path",
    "scheme",
    "server",
)
#: What it reads later that every connection of a server has alike.
_ALIKE = (
    "close_timeout",
    "connections",
    "logger",
    "loop",
    "ping_interval",
    "ping_timeout",
    "tasks",
)


class WebSockets(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol (websockets' sans-I/O implementation) with
    :class:`WindowDeflateFactory` for compression instead of its own settings, and which
    stops reading from a client only once ``WAITING`` of its messages wait for the app.
    It keeps less for as long as a socket is open: an :class:`Inbox` for a queue, a
    :class:`Gate` for an event, neither the handshake's request nor its response once
    it is done, and a dictionary of its own attributes alone (see
    :meth:`start_keepalive`). A socket skips uvicorn's proxy-headers layer and awaits the
    coroutine the app gives for it (``App.answer``), each of which would wait as long as
    the socket is open: the sockets' endpoints read neither the client's address nor the
    scheme.

    uvicorn's stops reading after every message and reads again when the app takes it:
    two changes to the event loop's selector (system calls, and a new callback handle)
    per message, about 4% of a busy server's time (docs/PERFORMANCE.md). A client that
    sends faster than the app reads still meets the same back-pressure, a message later
    (at most ``ws_max_size`` bytes each)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if isinstance(self.app, ProxyHeadersMiddleware):
            self.app = self.app.app
        # an app that gives the coroutine answering a socket (vaka.server.api.App)
        self.app = getattr(self.app, "answer", self.app)
        self.queue = Inbox()  # type: ignore[assignment]
        self.writable = Gate()  # type: ignore[assignment]
        if self.config.ws_per_message_deflate:
            self.conn = ServerProtocol(
                extensions=_EXTENSIONS,
                max_size=self.config.ws_max_size,
                logger=logging.getLogger("uvicorn.error"),
            )

    def start_keepalive(self) -> None:
        # uvicorn calls this once the handshake's response is sent, and reads neither
        # the request nor the response again
        _parse_frames_alone(self.conn, self.request)
        del self.request, self.response
        self.client = None  # read by uvicorn for trace-level logs only
        # Its 35 attributes are a dictionary of 1.6 KB: what it reads only until now
        # goes, what every connection of the server has alike is read from the class (as
        # the server's first connection set it: another server's keeps its own), and
        # what is left is put in a dictionary its size (0.5 KB).
        mine = self.__dict__
        for name in _HANDSHAKE:
            del mine[name]
        alike = type(self).__dict__
        for name in _ALIKE:
            if name not in alike:
                setattr(type(self), name, mine[name])
            if alike[name] is mine[name]:
                del mine[name]
        self.__dict__ = dict(mine)
        super().start_keepalive()

    def send_receive_event_to_app(self) -> None:
        if self.read_paused or self.queue.qsize() + 1 >= WAITING:
            super().send_receive_event_to_app()  # and stops reading
            return
        # uvicorn's queues the message and stops reading unless it has stopped already:
        # let it think it has
        self.read_paused = True
        try:
            super().send_receive_event_to_app()
        finally:
            self.read_paused = False
