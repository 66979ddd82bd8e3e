"""Limits on what one client may ask of the service: the size of a request's body, counted
on the bytes read (a chunked body declares no length), and how fast tables are made.
"""

from __future__ import annotations

import math
import time
from typing import Any

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from vaka.i18n import _
from vaka.server.errors import ServiceError
from vaka.server.messages import ErrorMessage


class BodyLimit:
    """ASGI middleware: a request whose body passes ``limit`` bytes is answered 413
    ``too_large`` as soon as that many have arrived, before any route reads it; a body
    within the limit is handed on whole (the API's bodies are small)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(scope, receive, send)
            return
        chunks: list[bytes] = []
        size, more = 0, True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return  # the client is gone: nobody to answer
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._refuse(scope, receive, send)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body, handed = b"".join(chunks), False

        async def replay() -> Message:
            nonlocal handed
            if handed:
                return await receive()  # waits for the client to go
            handed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        reason = _("requests are at most {n} bytes").format(n=self.limit)
        answer = ErrorMessage(error="too_large", reason=reason).model_dump()
        await JSONResponse(answer, 413)(scope, receive, send)


class TooMany(ServiceError):
    """Too many requests of one kind from one client for now; try again after
    ``retry_after`` seconds."""

    code = "rate_limited"
    status = 429

    def __init__(self, reason: str, retry_after: float) -> None:
        super().__init__(reason)
        self.retry_after = retry_after


class Full(ServiceError):
    """The server holds as many open and playing tables as its settings allow."""

    code = "full"
    status = 503
    retry_after = 60.0


class Buckets:
    """Token buckets by key (a client's address): ``rate`` a second on average, bursts up
    to ``burst``. Full buckets are forgotten, so the map stays as small as the set of
    clients seen lately."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.buckets: dict[Any, tuple[float, float]] = {}  # key -> (tokens, when)

    def take(self, key: Any) -> float:
        """Take one token for ``key``: 0 if there was one, else the seconds until there
        will be."""
        now = time.monotonic()
        if len(self.buckets) > 10_000:
            self._forget(now)
        tokens, at = self.buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - at) * self.rate)
        if tokens < 1:
            self.buckets[key] = (tokens, now)
            return (1 - tokens) / self.rate
        self.buckets[key] = (tokens - 1, now)
        return 0.0

    def _forget(self, now: float) -> None:
        full = [
            k for k, (t, at) in self.buckets.items() if t + (now - at) * self.rate >= self.burst
        ]
        for key in full:
            del self.buckets[key]


def retry_after(seconds: float) -> str:
    """A Retry-After header's value: whole seconds, at least one."""
    return str(max(1, math.ceil(seconds)))
