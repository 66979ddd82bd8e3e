"""Notices over REST (``POST /api/notices``) and pushed on a WebSocket (``/ws/notices``):
every table of a person's, whether it is their turn, whether it ended, who last wrote."""

from __future__ import annotations

import asyncio
import contextlib
import time

from fastapi import APIRouter
from pydantic import ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect

from vaka.server.accounts import Accounts
from vaka.server.deps import SESSION_COOKIE, MaybeUser, Service
from vaka.server.errors import first_error
from vaka.server.messages import ErrorMessage
from vaka.server.notices import Notices, Watch, gather, held_by, resolve
from vaka.server.service import TableService
from vaka.server.ws import HELLO_WAIT, MAX_MESSAGE, RATE, Bucket

router = APIRouter(prefix="/api/notices", tags=["notices"])
#: Seconds between two watches followed on one socket at the least.
WATCH_EVERY = 1.0


async def _known(service: TableService, user_id: str | None) -> dict[str, int]:
    return await held_by(service, user_id, time.time())


@router.post("")
async def notices(req: Watch, svc: Service, user: MaybeUser) -> Notices:
    """The notices of the seats named (a table and its seat's token each, at most 100)
    and of a signed-in person's, as they stand now; ``/ws/notices`` pushes them after
    every change."""
    seats, refused = await resolve(svc, req, await _known(svc, user.id if user else None))
    return await gather(svc, seats, refused)


async def _user_id(socket: WebSocket) -> str | None:
    """The signed-in person of the socket's cookie, from this server's own pages only
    (the Origin header is checked, as on a table's socket)."""
    secret = socket.cookies.get(SESSION_COOKIE)
    origin = socket.headers.get("origin")
    if not secret or len(secret) > 100:
        return None
    if origin is not None and origin.split("://", 1)[-1] != socket.headers.get("host"):
        return None
    accounts: Accounts = socket.app.state.accounts
    session = await accounts.session(secret)
    return session.user.id if session is not None else None


async def _error(socket: WebSocket, code: str, reason: str) -> None:
    await socket.send_text(ErrorMessage(error=code, reason=reason).model_dump_json())


async def _watch(socket: WebSocket, bucket: Bucket) -> Watch | None:
    """The next well-formed ``watch``; anything else is answered here and gives None."""
    frame = await socket.receive()
    if frame["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(frame.get("code", 1000), frame.get("reason"))
    text = frame.get("text")
    if not bucket.take():
        await _error(socket, "rate_limited", f"at most {RATE:.0f} messages a second")
    elif text is None:
        await _error(socket, "malformed", "messages are JSON in text frames")
    elif len(text) > MAX_MESSAGE:
        await _error(socket, "too_large", f"messages are at most {MAX_MESSAGE} characters")
    else:
        try:
            return Watch.model_validate_json(text)
        except ValidationError as exc:
            await _error(socket, "malformed", first_error(exc))
    return None


async def endpoint(socket: WebSocket) -> None:
    """``/ws/notices``: ``watch`` first (within 15 seconds), then notices after every
    change of the tables followed (those named, and a signed-in person's); a later
    ``watch`` replaces the seats followed."""
    service: TableService = socket.app.state.service
    await socket.accept()
    bucket = Bucket()
    try:
        first = await asyncio.wait_for(_watch(socket, bucket), HELLO_WAIT)
    except (TimeoutError, WebSocketDisconnect):
        return
    if first is None:
        await socket.close(4400)
        return
    user_id = await _user_id(socket)
    dirty = asyncio.Event()
    last = 0.0  # when the last watch was followed
    followed: dict[str, int] = {}
    refused: list[str] = []

    def mark(_: str) -> None:
        dirty.set()

    async def follow(watch: Watch) -> None:
        nonlocal followed, refused, last
        # each watch may look up a hundred tables: one a second, the latest kept waiting
        await asyncio.sleep(max(0.0, last + WATCH_EVERY - time.monotonic()))
        last = time.monotonic()
        seats, refused = await resolve(service, watch, await _known(service, user_id))
        for table_id in set(followed) - set(seats):
            service.unsubscribe(table_id, mark)
        for table_id in set(seats) - set(followed):
            service.subscribe(table_id, mark)
        followed = seats
        dirty.set()

    async def pusher() -> None:
        while True:
            await dirty.wait()
            dirty.clear()
            found = await gather(service, followed, refused)
            await socket.send_text(found.model_dump_json())

    push = asyncio.create_task(pusher())
    try:
        await follow(first)
        while True:
            watch = await _watch(socket, bucket)
            if watch is not None:
                await follow(watch)
    except WebSocketDisconnect:
        pass
    finally:
        push.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await push
        for table_id in followed:
            service.unsubscribe(table_id, mark)
