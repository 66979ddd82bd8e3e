"""One WebSocket per seat (or spectator) per table: the server pushes the seat's state
after every change; the client sends actions, undo, resign, chat and legality checks.

The first message must be ``hello`` (with a seat token, or none to watch). Pushes are
coalesced: a slow client gets the latest state, not a backlog. Each socket remembers the
log it was last sent (``show.Sent``, not the state), so a push carries only the log
entries it has not had (``TableState.log_from``); the first push, and the one after a
stale action, carry all.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time

from pydantic import TypeAdapter, ValidationError
from sqlalchemy.exc import DBAPIError
from starlette.websockets import WebSocket, WebSocketDisconnect

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
from vaka.server.show import Sent

MAX_MESSAGE = 8 * 1024  # characters
RATE = 20.0  # messages a second, on average
BURST = 40.0
HELLO_WAIT = 15.0  # seconds
log = logging.getLogger(__name__)
PARSE: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)


class Bucket:
    """A token bucket: ``RATE`` messages a second with bursts up to ``BURST``."""

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


async def _error(socket: WebSocket, code: str, reason: str, version: int | None = None) -> None:
    await socket.send_text(
        ErrorMessage(error=code, reason=reason, version=version).model_dump_json()
    )


async def _read(socket: WebSocket, bucket: Bucket) -> ClientMessage | None:
    """The next well-formed message; errors are answered here and give None."""
    frame = await socket.receive()
    if frame["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(frame.get("code", 1000), frame.get("reason"))
    text = frame.get("text")
    if not bucket.take():
        said = _("at most {n} messages a second").format(n=f"{RATE:.0f}")
        await _error(socket, "rate_limited", said)
        return None
    if text is None:  # a binary frame
        await _error(socket, "malformed", _("messages are JSON in text frames"))
        return None
    if len(text) > MAX_MESSAGE:
        await _error(socket, "too_large", f"messages are at most {MAX_MESSAGE} characters")
        return None
    try:
        return PARSE.validate_json(text)
    except ValidationError as exc:
        await _error(socket, "malformed", first_error(exc))
        return None


async def _who(socket: WebSocket, hello: Hello) -> Who | None:
    """Who the socket acts for: the hello's seat token, else the signed-in person (the
    session's cookie, only from this server's own pages: the Origin header is checked,
    so another site's page cannot act with it), else nobody (a spectator)."""
    if hello.token is not None:
        return hello.token
    secret = socket.cookies.get(SESSION_COOKIE)
    origin = socket.headers.get("origin")
    session = None
    if (
        secret
        and len(secret) <= 100
        and (origin is None or origin.split("://", 1)[-1] == socket.headers.get("host"))
    ):
        accounts: Accounts = socket.app.state.accounts
        session = await accounts.session(secret)
    if session is None:
        if hello.seat is not None:
            raise Forbidden(_("send the seat's token, or sign in to act for your seats"))
        return None
    return SessionSeat(session.user.id, hello.seat)


async def endpoint(socket: WebSocket, table_id: str) -> None:
    service: TableService = socket.app.state.service
    await socket.accept()
    bucket = Bucket()
    try:
        hello = await asyncio.wait_for(_read(socket, bucket), HELLO_WAIT)
        if not isinstance(hello, Hello):
            await _error(socket, "malformed", "say hello first (with a seat token, or none)")
            await socket.close(4400)
            return
        table = await service.table(table_id)
        who = await _who(socket, hello)
        seat = await service.seat_of(table_id, who, watch=True)
    except (TimeoutError, WebSocketDisconnect):
        return
    except VakaError as exc:
        code, _ = code_of(exc)
        await _error(socket, code, str(exc))
        await socket.close(4403 if code == "forbidden" else 4404)
        return
    dirty = asyncio.Event()
    dirty.set()
    had: Sent | None = None  # what was last sent here: its log is the client's
    whole = False  # send the whole log next (after a stale action)

    async def mark(_: str) -> None:
        dirty.set()

    async def pusher() -> None:
        nonlocal had, whole
        while True:
            await dirty.wait()
            dirty.clear()
            if whole:
                had, whole = None, False
            # the service's copy: a finished table may have been dropped and read again
            # between this socket's hello and its subscribing
            text, had = service.pushed(service.tables.get(table_id, table), seat, had)
            await socket.send_text(text)
            del text  # not kept while waiting for the next change (3 KB a socket)

    service.subscribe(table_id, mark)
    push = asyncio.create_task(pusher())
    if seat is not None:  # the others see this seat come in
        table.present[seat] = table.present.get(seat, 0) + 1
        await service.tell(table_id)
    try:
        while True:
            msg = await _read(socket, bucket)
            if msg is None or isinstance(msg, Hello):
                continue
            try:
                if seat is None:
                    await _error(socket, "forbidden", "spectators watch; they do not play")
                    continue
                assert who is not None
                await _handle(service, socket, table_id, who, msg)
            except Stale as exc:
                state = exc.state if isinstance(exc.state, TableState) else None
                await _error(socket, "stale", str(exc), state.version if state else None)
                whole = True  # the client acted on a state it may not have had: all again
                dirty.set()
            except VakaError as exc:
                await _error(socket, code_of(exc)[0], str(exc), table.version)
            except DBAPIError:  # e.g. the database busy for too long: nothing was stored
                log.exception("storage failed at table %s", table_id)
                await _error(socket, "unavailable", "the table could not be saved; try again")
    except WebSocketDisconnect:
        pass
    finally:
        service.unsubscribe(table_id, mark)
        push.cancel()
        if seat is not None:  # and go
            table.present[seat] -= 1
            await service.tell(table_id)


async def _handle(
    service: TableService, socket: WebSocket, table_id: str, token: Who, msg: ClientMessage
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
        await socket.send_text(json.dumps(answer.model_dump()))
