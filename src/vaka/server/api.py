"""The HTTP side of the service: the application, its errors as typed JSON, its limits and
its client's files; the REST routes are in :mod:`vaka.server.routes`, one router a subject.

``create_app(url)`` builds the FastAPI application; ``vaka serve`` runs it under uvicorn.
The OpenAPI schema is at ``/openapi.json`` and its pages at ``/docs``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Coroutine
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from sqlalchemy.exc import DBAPIError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import Receive, Scope, Send

from vaka import i18n
from vaka.core.errors import VakaError
from vaka.i18n import _
from vaka.server import home, ws
from vaka.server.accounts import Accounts
from vaka.server.bots import Bots
from vaka.server.catalogs import catalog_files
from vaka.server.errors import Stale, code_of, first_error
from vaka.server.language import Language, requested
from vaka.server.limits import BodyLimit, Buckets, Full, TooMany, retry_after
from vaka.server.mail.relay import Relay
from vaka.server.mail.running import Mailing
from vaka.server.messages import (
    ErrorMessage,
    TableState,
)
from vaka.server.reviews import DEFAULT, Reviews
from vaka.server.routes import ROUTERS, notices
from vaka.server.schema import upgrade
from vaka.server.service import TableService
from vaka.server.settings import Limits
from vaka.server.static import board_files, static_files
from vaka.server.store import Store
from vaka.sim.review import Budget
from vaka.web import STATIC

log = logging.getLogger(__name__)
MAX_BODY = 64 * 1024  # bytes: every request this API takes is far smaller
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorMessage} for code in (400, 403, 404, 409, 413, 422)
}


class App(FastAPI):
    """FastAPI, answering a table's WebSocket itself before its middleware and routing:
    each layer would keep a coroutine waiting for as long as the socket is open
    (:mod:`vaka.server.ws` says why that matters)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.answer(scope, receive, send)

    def answer(self, scope: Scope, receive: Receive, send: Send) -> Coroutine[Any, Any, None]:
        """The coroutine that answers ``scope``, for a table's WebSocket the endpoint's
        own: a caller that awaits it rather than this app (vaka.server.deflate's protocol)
        keeps no frame of the app's waiting as long as the socket is open."""
        table_id = ws.table_of(scope)
        if table_id is None:
            return super().__call__(scope, receive, send)
        scope["app"] = self  # as Starlette sets it
        # as the Language middleware does, but for the rest of the socket's own task (its
        # context alone): no context manager kept waiting for hours
        i18n.set_language(requested(scope))
        return ws.endpoint(scope, receive, send, table_id)


def create_app(
    url: str,
    bot_workers: int = 1,
    budgets: dict[str, float] | None = None,
    review_workers: int = 1,
    review_budget: Budget = DEFAULT,
    limits: Limits | None = None,
    relay: Relay | None = None,
) -> FastAPI:
    """The application for a database URL (its schema is brought up to date on start);
    with a ``relay``, it mails people about their turn-based tables."""
    limits = limits or Limits()
    makers = (
        Buckets(limits.tables_per_minute / 60, limits.table_burst)
        if (limits.tables_per_minute > 0)
        else None
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(upgrade, url)
        store = Store(url)
        service = TableService(
            store, Bots(bot_workers, budgets), limits.max_tables, limits.shortest_turn
        )
        fanout = None
        if store.is_postgres:  # several processes may share it: tell them of changes
            from vaka.server.notify import Fanout

            fanout = await Fanout.start(store, service)
        app.state.service = service
        app.state.makers = makers
        app.state.accounts = Accounts(store, limits)
        swept = await app.state.accounts.sweep()
        if swept:
            log.info("forgot %d expired sessions", swept)
        app.state.reviews = Reviews(review_workers, review_budget, store=store)
        app.state.mailing = Mailing.start(store, service, relay)
        await service.start()
        try:
            yield
        finally:
            if fanout is not None:
                await fanout.stop()
            await app.state.mailing.stop()
            app.state.reviews.close()
            await service.close()
            await store.close()

    app = App(
        title="vaka",
        summary="Play Rapa Nui, Raiatea and Atua together: tables, seats, bots.",
        version="1",
        lifespan=lifespan,
        responses=ERRORS,
    )

    @app.exception_handler(VakaError)
    async def _refused(request: Request, exc: VakaError) -> JSONResponse:
        code, status = code_of(exc)
        body: dict[str, Any] = ErrorMessage(error=code, reason=str(exc)).model_dump()
        if isinstance(exc, Stale) and isinstance(exc.state, TableState):
            body["version"] = exc.state.version
            body["state"] = exc.state.model_dump(mode="json")
        headers = None
        if isinstance(exc, TooMany | Full):
            headers = {"Retry-After": retry_after(exc.retry_after)}
        return JSONResponse(body, status_code=status, headers=headers)

    @app.exception_handler(DBAPIError)
    async def _storage(request: Request, exc: DBAPIError) -> JSONResponse:
        log.error("storage failed for %s %s: %s", request.method, request.url.path, exc)
        reason = _("the database did not answer in time; nothing was stored, try again")
        return JSONResponse(ErrorMessage(error="unavailable", reason=reason).model_dump(), 503)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse(
            ErrorMessage(error="invalid", reason=first_error(exc)).model_dump(), 422
        )

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "invalid", 413: "too_large"}.get(exc.status_code, "invalid")
        return JSONResponse(
            ErrorMessage(error=code, reason=str(exc.detail)).model_dump(), exc.status_code
        )

    app.add_middleware(BodyLimit, limit=MAX_BODY)
    app.add_middleware(Language)  # outermost: every answer, a refused body's too, in it

    @app.get("/", include_in_schema=False)
    async def _home(request: Request) -> Response:
        return home.home(request)  # index.html in the request's language

    for router in ROUTERS:
        app.include_router(router)
    app.add_api_websocket_route("/ws/notices", notices.endpoint)
    app.mount("/static", static_files(STATIC), name="static")
    app.mount("/boards", board_files(), name="boards")
    app.mount("/i18n", catalog_files(), name="i18n")
    return app
