"""One WebSocket per seat (or spectator) per table: the server pushes the seat's state
after every change; the client sends actions, undo, resign, chat and legality checks.

The first message must be ``hello`` (with a seat token, or none to watch). Pushes are
coalesced: a slow client gets the latest state, not a backlog. Each socket remembers the
log it was last sent (``show.Sent``, not the state), so a push carries only the log
entries it has not had (``TableState.log_from``); the first push, and the one after a
stale action, carry all.

A socket may stay open for hours, and whatever waits on it meanwhile is kept, and walked by
every full collection of Python's garbage collector, for every socket of every table
(docs/PERFORMANCE.md, "Fewer objects per socket"). So the application answers a table's
socket before FastAPI's middleware and routing (:class:`vaka.server.api.App`), which
would otherwise keep two dozen coroutines waiting per socket; one :class:`TableSocket`
holds a socket's state, and it reads in the connection's own task: a push runs in a task
of its own only while there is something to send.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time

from pydantic import TypeAdapter, ValidationError
from sqlalchemy.exc import DBAPIError
from starlette.requests import HTTPConnection
from starlette.types import Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

from vaka import i18n
from vaka.core.errors import VakaError
from vaka.i18n import _
from vaka.server.accounts import Accounts, SessionSeat, Who
from vaka.server.deps import SESSION_COOKIE
from vaka.server.errors import Forbidden, Stale, code_of, first_error
from vaka.server.messages import (
    Act,
    Check,
    ClientMessage,
    ErrorMessage,
    Hello,
    Resign,
    Say,
    TableState,
    Undo,
)
from vaka.server.service import TableService
from vaka.server.show import Sent, settled
from vaka.server.table import Table

MAX_MESSAGE = 8 * 1024  # characters
RATE = 20.0  # messages a second, on average
BURST = 40.0
HELLO_WAIT = 15.0  # seconds
PATH = "/ws/tables/"  # + the table's id
log = logging.getLogger(__name__)
PARSE: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)


class Bucket:
    """A token bucket: ``RATE`` messages a second with bursts up to ``BURST``."""

    __slots__ = ("at", "tokens")

    def __init__(self) -> None:
        self.tokens, self.at = BURST, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.at) * RATE)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def text(data: str) -> Message:
    """The ASGI message that sends ``data`` as a text frame."""
    return {"type": "websocket.send", "text": data}


async def _error(send: Send, code: str, reason: str, version: int | None = None) -> None:
    message = ErrorMessage(error=code, reason=reason, version=version)
    await send(text(message.model_dump_json()))


def parse(frame: Message, bucket: Bucket) -> ClientMessage | str:
    """A client's message from its frame, or why it is refused (said to the client as
    ``rate_limited``, ``malformed`` or ``too_large``: the code, a colon, the reason)."""
    if frame["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(frame.get("code", 1000), frame.get("reason"))
    data = frame.get("text")
    if not bucket.take():
        return "rate_limited:" + _("at most {n} messages a second").format(n=f"{RATE:.0f}")
    if data is None:  # a binary frame
        return "malformed:" + _("messages are JSON in text frames")
    if len(data) > MAX_MESSAGE:
        return f"too_large:messages are at most {MAX_MESSAGE} characters"
    try:
        return PARSE.validate_json(data)
    except ValidationError as exc:
        return "malformed:" + first_error(exc)


async def read(receive: Receive, send: Send, bucket: Bucket) -> ClientMessage | None:
    """The next well-formed message; errors are answered here and give None."""
    return await _checked(parse(await receive(), bucket), send)


async def _checked(found: ClientMessage | str, send: Send) -> ClientMessage | None:
    """``found`` if it is a message; else its refusal is answered and it gives None."""
    if isinstance(found, str):
        code, _sep, reason = found.partition(":")
        await _error(send, code, reason)
        return None
    return found


async def _who(scope: Scope, hello: Hello) -> Who | None:
    """Who the socket acts for: the hello's seat token, else the signed-in person (the
    session's cookie, only from this server's own pages: the Origin header is checked,
    so another site's page cannot act with it), else nobody (a spectator)."""
    if hello.token is not None:
        return hello.token
    connection = HTTPConnection(scope)
    secret = connection.cookies.get(SESSION_COOKIE)
    origin = connection.headers.get("origin")
    session = None
    if (
        secret
        and len(secret) <= 100
        and (origin is None or origin.split("://", 1)[-1] == connection.headers.get("host"))
    ):
        accounts: Accounts = scope["app"].state.accounts
        session = await accounts.session(secret)
    if session is None:
        if hello.seat is not None:
            raise Forbidden(_("send the seat's token, or sign in to act for your seats"))
        return None
    return SessionSeat(session.user.id, hello.seat)


class TableSocket:
    """An open socket at a table: whom it is for, what it was last sent, its rate limit;
    called by the service after each change of the table (its listener), it pushes."""

    __slots__ = (
        "bucket",
        "dirty",
        "had",
        "lang",
        "pushing",
        "seat",
        "send",
        "service",
        "table",
        "whole",
    )

    def __init__(
        self, service: TableService, table: Table, seat: int | None, send: Send, bucket: Bucket
    ) -> None:
        self.service, self.table, self.seat, self.send = service, table, seat, send
        self.bucket = bucket
        self.lang = i18n.current()
        self.had: Sent | None = None  # what was last sent here: its log is the client's
        self.whole = False  # send the whole log next (after a stale action)
        self.dirty = True  # something to push
        self.pushing: asyncio.Task[None] | None = None

    def __call__(self, _table_id: str) -> None:
        """The table changed: push it, unless a push is under way (which then sends the
        latest state once more when it is done)."""
        self.dirty = True
        if self.pushing is None:
            self.pushing = asyncio.get_running_loop().create_task(self.push())
            self.table.pushing += 1
            self.pushing.add_done_callback(self.pushed)

    def pushed(self, _task: asyncio.Task[None]) -> None:
        """A push ended (or was cancelled, even before it began): once none is under way
        at the table, every socket has the latest and the pieces it was built from go."""
        table = self.table
        table.pushing -= 1
        if not table.pushing:
            settled(table)

    async def push(self) -> None:
        """Send the table's latest state until nothing new is left to send."""
        service, table_id = self.service, self.table.id
        try:
            with i18n.using(self.lang):
                while self.dirty:
                    self.dirty = False
                    if self.whole:
                        self.had, self.whole = None, False
                    # the service's copy: a finished table may have been dropped and read
                    # again since this socket's hello
                    table = service.tables.get(table_id, self.table)
                    data, self.had = service.pushed(table, self.seat, self.had)
                    await self.send(text(data))
        except OSError:  # the client is gone; the socket's own task ends it
            pass
        finally:
            self.pushing = None


def table_of(scope: Scope) -> str | None:
    """The table a WebSocket's address names (``/ws/tables/{id}``), else None."""
    if scope["type"] != "websocket":
        return None
    path: str = scope["path"]
    table_id = path[len(PATH) :]
    return table_id if path.startswith(PATH) and table_id and "/" not in table_id else None


async def endpoint(scope: Scope, receive: Receive, send: Send, table_id: str) -> None:
    """``/ws/tables/{table_id}``, in the socket's own task, from hello to goodbye (in the
    reader's language: the caller sets it, see :mod:`vaka.server.api`). Its frame waits
    for as long as the socket is open: the hello and each message are locals of the
    calls below, not of it."""
    service: TableService = scope["app"].state.service
    if (await receive())["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    bucket = Bucket()
    met = await _met(scope, receive, send, service, table_id, bucket)
    if met is None:
        return
    table, who, seat = met
    del met  # not kept while the socket waits
    socket = TableSocket(service, table, seat, send, bucket)
    service.subscribe(table_id, socket)
    socket(table_id)  # the first push
    if seat is not None:  # the others see this seat come in
        table.present[seat] = table.present.get(seat, 0) + 1
        await service.tell(table_id)
    try:
        while True:
            # not read(): one coroutine fewer kept waiting on each quiet socket
            await _answer(socket, who, await _checked(parse(await receive(), bucket), send))
    except (WebSocketDisconnect, OSError):
        pass
    finally:
        service.unsubscribe(table_id, socket)
        if socket.pushing is not None:
            socket.pushing.cancel()
        if seat is not None:  # and go
            table.present[seat] -= 1
            await service.tell(table_id)


async def _met(
    scope: Scope,
    receive: Receive,
    send: Send,
    service: TableService,
    table_id: str,
    bucket: Bucket,
) -> tuple[Table, Who | None, int | None] | None:
    """The table, who the socket acts for and its seat, from the client's hello; None
    once a refusal is answered (or the client left)."""
    try:
        hello = await asyncio.wait_for(read(receive, send, bucket), HELLO_WAIT)
        if not isinstance(hello, Hello):
            await _error(send, "malformed", "say hello first (with a seat token, or none)")
            await send({"type": "websocket.close", "code": 4400})
            return None
        table = await service.table(table_id)
        who = await _who(scope, hello)
        # read for the last time (uvicorn reads it only until the handshake): its headers,
        # path, client and extensions are not kept for hours (1.3 KB a socket)
        scope.clear()
        seat = await service.seat_of(table_id, who, watch=True)
    except (TimeoutError, WebSocketDisconnect):
        return None
    except VakaError as exc:
        code, _status = code_of(exc)
        await _error(send, code, str(exc))
        await send({"type": "websocket.close", "code": 4403 if code == "forbidden" else 4404})
        return None
    return table, who, seat


async def _answer(socket: TableSocket, who: Who | None, msg: ClientMessage | None) -> None:
    """Do what a client's message asks (None: a refusal answered already), answering
    errors on its socket."""
    if msg is None or isinstance(msg, Hello):
        return
    send, table = socket.send, socket.table
    try:
        if socket.seat is None:
            await _error(send, "forbidden", "spectators watch; they do not play")
            return
        assert who is not None
        await _handle(socket.service, send, table.id, who, msg)
    except Stale as exc:
        state = exc.state if isinstance(exc.state, TableState) else None
        await _error(send, "stale", str(exc), state.version if state else None)
        socket.whole = True  # the client acted on a state it may not have had
        socket(table.id)
    except VakaError as exc:
        await _error(send, code_of(exc)[0], str(exc), table.version)
    except DBAPIError:  # e.g. the database busy for too long: nothing was stored
        log.exception("storage failed at table %s", table.id)
        await _error(send, "unavailable", "the table could not be saved; try again")


async def _handle(
    service: TableService, send: Send, table_id: str, token: Who, msg: ClientMessage
) -> None:
    if isinstance(msg, Act):
        await service.play(table_id, token, msg.action, msg.version)
    elif isinstance(msg, Undo):
        await service.undo(table_id, token, msg.version)
    elif isinstance(msg, Resign):
        await service.resign(table_id, token)
    elif isinstance(msg, Say):
        await service.chat(table_id, token, msg.text)
    elif isinstance(msg, Check):
        answer = await service.check(table_id, token, msg.action)
        await send(text(json.dumps(answer.model_dump())))
