"""The HTTP side of the service: REST for the lobby and for acting, errors as typed JSON.

``create_app(url)`` builds the FastAPI application; ``vaka serve`` runs it under uvicorn.
The OpenAPI schema is at ``/openapi.json`` and its pages at ``/docs``.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any, Literal

from fastapi import Depends, FastAPI, Header, Path, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from sqlalchemy.exc import DBAPIError
from starlette.exceptions import HTTPException as StarletteHTTPException

from vaka.core.errors import UnknownGame, VakaError
from vaka.core.registry import game_ids, load
from vaka.server import ws
from vaka.server.bots import Bots, levels
from vaka.server.errors import Forbidden, NotFound, Refused, Stale, code_of, first_error
from vaka.server.limits import BodyLimit, Buckets, Full, TooMany, retry_after
from vaka.server.messages import (
    Act,
    ChatLine,
    Check,
    Checked,
    CreatedTable,
    CreateTable,
    ErrorMessage,
    GameInfo,
    Hint,
    Joined,
    JoinSeat,
    ReviewRequest,
    ReviewStatus,
    Say,
    TableState,
    TableSummary,
    Undo,
)
from vaka.server.reviews import DEFAULT, Reviews
from vaka.server.schema import upgrade
from vaka.server.service import TableService
from vaka.server.settings import Limits
from vaka.server.static import CACHE_CONTROL, static_files
from vaka.server.store import Store
from vaka.sim.review import Budget
from vaka.web import STATIC

log = logging.getLogger(__name__)
MAX_BODY = 64 * 1024  # bytes: every request this API takes is far smaller
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorMessage} for code in (400, 403, 404, 409, 413, 422)
}


def offered_games() -> list[str]:
    """The installed games the server offers in its lobby (each says so: ``Game.offered``)."""
    return [g for g in game_ids() if load(g).offered]


def service(request: Request) -> TableService:
    svc: TableService = request.app.state.service
    return svc


Service = Annotated[TableService, Depends(service)]


def bearer(authorization: Annotated[str | None, Header(max_length=120)] = None) -> str:
    if not authorization or not authorization.startswith("Bearer "):
        raise Forbidden("send the seat's token as 'Authorization: Bearer TOKEN'")
    return authorization[len("Bearer ") :]


Token = Annotated[str, Depends(bearer)]


def maybe_bearer(
    authorization: Annotated[str | None, Header(max_length=120)] = None,
) -> str | None:
    return bearer(authorization) if authorization else None


def reviews(request: Request) -> Reviews:
    found: Reviews = request.app.state.reviews
    return found


ReviewQueue = Annotated[Reviews, Depends(reviews)]


def create_app(
    url: str,
    bot_workers: int = 1,
    budgets: dict[str, float] | None = None,
    review_workers: int = 1,
    review_budget: Budget = DEFAULT,
    limits: Limits | None = None,
) -> FastAPI:
    """The application for a database URL (its schema is brought up to date on start)."""
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
        service = TableService(store, Bots(bot_workers, budgets), limits.max_tables)
        fanout = None
        if store.is_postgres:  # several processes may share it: tell them of changes
            from vaka.server.notify import Fanout

            fanout = await Fanout.start(store, service)
        app.state.service = service
        app.state.reviews = Reviews(review_workers, review_budget)
        await service.start()
        try:
            yield
        finally:
            if fanout is not None:
                await fanout.stop()
            app.state.reviews.close()
            await service.close()
            await store.close()

    app = FastAPI(
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
        reason = "the database did not answer in time; nothing was stored, try again"
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

    @app.get("/", include_in_schema=False)
    async def home() -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": CACHE_CONTROL})

    @app.get("/api/games")
    async def games() -> list[GameInfo]:
        """The games, their player counts, options and bot levels."""
        infos = []
        for gid in offered_games():
            game = load(gid)
            every = range(game.min_players, game.max_players + 1)
            infos.append(
                GameInfo(
                    id=gid,
                    name=game.name,
                    min_players=game.min_players,
                    max_players=game.max_players,
                    options={
                        name: {
                            "default": opt.default,
                            "help": opt.describe(),
                            "choices": list(opt.choices),
                            "players": list(opt.players or every),
                        }
                        for name, opt in game.options.items()
                    },
                    levels=levels(gid),
                )
            )
        return infos

    @app.get("/api/games/{game_id}/components")
    async def components(game_id: str) -> dict[str, Any]:
        """A game's printed components (card faces and the like) for drawing the table."""
        if game_id not in offered_games():
            raise UnknownGame(game_id, offered_games())
        return load(game_id).components()

    @app.post(
        "/api/tables",
        status_code=201,
        responses={429: {"model": ErrorMessage}, 503: {"model": ErrorMessage}},
    )
    async def create(req: CreateTable, svc: Service, request: Request) -> CreatedTable:
        """Make a table. Keep the returned tokens: each acts for one seat. One address
        may make so many tables a minute (429 ``rate_limited``, with Retry-After), and a
        server holds so many open and playing tables (503 ``full``)."""
        address = request.client.host if request.client else ""
        wait = makers.take(address) if makers is not None else 0.0
        if wait:
            raise TooMany(
                f"too many tables made from your address; try again in {retry_after(wait)} s",
                wait,
            )
        return await svc.create(req)

    @app.get("/api/tables")
    async def tables(
        svc: Service, status: Literal["open", "playing", "over"] = "open"
    ) -> list[TableSummary]:
        """Tables by status: ``open`` ones wait for players to join."""
        return await svc.summaries(status)

    @app.get("/api/tables/{table_id}")
    async def table(table_id: str, svc: Service) -> TableSummary:
        return svc.summary(await svc.table(table_id))

    @app.post("/api/tables/{table_id}/seats/{seat}", status_code=201)
    async def join(table_id: str, seat: int, req: JoinSeat, svc: Service) -> Joined:
        """Take an open seat; the answer's token acts for it from now on."""
        token = await svc.join(table_id, seat, req.name)
        return Joined(table=table_id, seat=seat, token=token)

    @app.get("/api/tables/{table_id}/state")
    async def state(
        table_id: str, svc: Service, token: Annotated[str | None, Depends(maybe_bearer)]
    ) -> TableState:
        """What the token's seat may see now (no token: what a spectator sees)."""
        seat = await svc.seat_of(table_id, token)
        return svc.snapshot(await svc.table(table_id), seat)

    @app.post("/api/tables/{table_id}/actions")
    async def act(table_id: str, req: Act, token: Token, svc: Service) -> TableState:
        """Play an action (its text) from the version you saw."""
        return await svc.act(table_id, token, req.action, req.version)

    @app.post("/api/tables/{table_id}/check")
    async def check(table_id: str, req: Check, token: Token, svc: Service) -> Checked:
        """Would this action be legal now? Nothing is played."""
        return await svc.check(table_id, token, req.action)

    @app.post("/api/tables/{table_id}/undo")
    async def undo(table_id: str, req: Undo, token: Token, svc: Service) -> TableState:
        return await svc.undo(table_id, token, req.version)

    @app.post("/api/tables/{table_id}/resign")
    async def resign(table_id: str, token: Token, svc: Service) -> TableState:
        return await svc.resign(table_id, token)

    @app.post("/api/tables/{table_id}/chat", status_code=201)
    async def chat(table_id: str, req: Say, token: Token, svc: Service) -> ChatLine:
        return await svc.chat(table_id, token, req.text)

    @app.post("/api/tables/{table_id}/hint")
    async def hint(table_id: str, token: Token, svc: Service) -> list[Hint]:
        """The hard bot's top choices for your seat (it thinks about two seconds)."""
        return await svc.hint(table_id, token)

    @app.get("/api/tables/{table_id}/replay/{step}")
    async def replay_step(
        table_id: str,
        step: Annotated[int, Path(ge=0, le=100_000)],
        svc: Service,
        seat: Annotated[int | None, Query(ge=0, le=7)] = None,
    ) -> dict[str, Any]:
        """A finished game after ``step`` actions, as a seat (or a spectator) saw it."""
        return await svc.replay(table_id, step, seat)

    @app.post(
        "/api/tables/{table_id}/review",
        status_code=202,
        responses={429: {"model": ErrorMessage}},
    )
    async def review(
        table_id: str, req: ReviewRequest, svc: Service, queue: ReviewQueue
    ) -> ReviewStatus:
        """Ask for a finished game's review (docs/REVIEW.md): every decision of ``seat``
        (null: of every seat) judged from what its seat could know then. Reviews run one
        at a time and take seconds to a few minutes; poll ``GET .../review`` until ``status`` is
        ``done``. A game not over is refused (409), a full queue too (429 ``busy``)."""
        table = await svc.table(table_id)
        if not table.state.is_over:
            raise Refused("a game is reviewed once it is over")
        if req.seat is not None and req.seat >= table.data.players:
            raise NotFound(f"table {table_id} has no seat {req.seat}")
        return queue.ask(table_id, table.state.record(), req.seat, req.playouts)

    @app.get("/api/tables/{table_id}/review")
    async def review_status(
        table_id: str,
        queue: ReviewQueue,
        seat: Annotated[int | None, Query(ge=0, le=7)] = None,
        playouts: Annotated[int | None, Query(ge=1, le=24)] = None,
    ) -> ReviewStatus:
        """Where the review asked for with these ``seat`` and ``playouts`` stands, and
        the review once it is done (404 if nobody asked for it)."""
        found = queue.find(table_id, seat, playouts)
        if found is None:
            raise NotFound(f"nobody asked for this review of table {table_id!r}")
        return found

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str, svc: Service) -> Response:
        """The finished game's record, for ``vaka replay``."""
        return Response(json.dumps(await svc.record(table_id)), media_type="application/json")

    app.add_api_websocket_route("/ws/tables/{table_id}", ws.endpoint)
    app.mount("/static", static_files(STATIC), name="static")
    return app
