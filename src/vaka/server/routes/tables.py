"""Tables: making, listing and joining them, and everything a seat does at one."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query, Request

from vaka.server import lobby
from vaka.server.deps import Acting, MaybeActing, MaybeToken, MaybeUser, Service, Token
from vaka.server.limits import Buckets, TooMany, retry_after
from vaka.server.lobby_rules import Filters
from vaka.server.messages import (
    Act,
    ChatLine,
    Check,
    Checked,
    ClockKind,
    CreatedTable,
    CreateTable,
    ErrorMessage,
    Hint,
    Joined,
    JoinSeat,
    PlayedNow,
    PlayNow,
    Say,
    SeatName,
    TableState,
    TableSummary,
    Undo,
)

router = APIRouter(prefix="/api/tables", tags=["tables"])


@router.post(
    "",
    status_code=201,
    responses={429: {"model": ErrorMessage}, 503: {"model": ErrorMessage}},
)
async def create(req: CreateTable, svc: Service, request: Request, user: MaybeUser) -> CreatedTable:
    """Make a table. Keep the returned tokens: each acts for one seat. One address
    may make so many tables a minute (429 ``rate_limited``, with Retry-After), and a
    server holds so many open and playing tables (503 ``full``). Signed in, your seats
    (``me``) are your account's, under its name."""
    _may_make(request)
    return await svc.create(req, user)


def _may_make(request: Request) -> None:
    """Refuse a table made from an address that has made too many just now."""
    makers: Buckets | None = request.app.state.makers
    address = request.client.host if request.client else ""
    wait = makers.take(address) if makers is not None else 0.0
    if wait:
        raise TooMany(
            f"too many tables made from your address; try again in {retry_after(wait)} s",
            wait,
        )


@router.get("")
async def tables(
    svc: Service,
    status: Literal["open", "playing", "over"] = "open",
    game: Annotated[str | None, Query(max_length=32)] = None,
    players: Annotated[int | None, Query(ge=1, le=8)] = None,
    clock: ClockKind | None = None,
    rated: bool | None = None,
) -> list[TableSummary]:
    """Tables by status (never a private one): ``open`` ones wait for players to join,
    fullest first; the others newest first. Each filter left out lets every table
    through: ``game`` (an offered game's id), ``players``, ``clock`` (its kind: none,
    live or turn) and ``rated``. A game the server lacks, or a player count the game
    lacks, is refused (422)."""
    return await lobby.listing(svc, status, Filters(game, players, clock, rated))


@router.post(
    "/play-now",
    status_code=201,
    responses={429: {"model": ErrorMessage}, 503: {"model": ErrorMessage}},
)
async def play_now(req: PlayNow, svc: Service, request: Request, user: MaybeUser) -> PlayedNow:
    """Join the fullest open table that fits, or have one made (``made``) if none does.
    Of two people racing for a table's last seat one gets it; the other is seated at
    the next table that fits, or at a new one. With no ``game`` and nothing fitting, 409.
    Signed in, the seat is your account's, under its name."""
    return await lobby.play_now(svc, req, lambda: _may_make(request), user)


@router.get("/{table_id}")
async def table(table_id: str, svc: Service, token: MaybeToken) -> TableSummary:
    """A table's summary: anyone's to read, but a private table's only with a token of
    one of its seats (else 404, as for no table at all)."""
    return svc.summary(await lobby.visible(svc, table_id, token))


@router.post("/{table_id}/seats/{seat}", status_code=201)
async def join(table_id: str, seat: int, req: JoinSeat, svc: Service, user: MaybeUser) -> Joined:
    """Take an open seat; the answer's token acts for it from now on. Signed in, the
    seat is your account's, under its name."""
    lobby.not_listed(await svc.table(table_id))
    if user is None:
        token = await svc.join(table_id, seat, req.name)
    else:
        token = await svc.join(table_id, seat, user.name, user.id)
    return Joined(table=table_id, seat=seat, token=token)


@router.post("/{table_id}/name")
async def name(table_id: str, req: SeatName, token: Token, svc: Service) -> TableSummary:
    """Give your seat the name you chose (an invitation's seat comes with the one its
    maker wrote), before its first move (409 after)."""
    return await lobby.name_seat(svc, table_id, token, req.name)


@router.get("/{table_id}/state")
async def state(table_id: str, svc: Service, token: MaybeActing) -> TableState:
    """What the token's seat may see now (no token: what a spectator sees; signed in:
    what your seat there sees, if you hold one)."""
    seat = await svc.seat_of(table_id, token, watch=True)
    return svc.snapshot(await svc.table(table_id), seat)


@router.post("/{table_id}/actions")
async def act(table_id: str, req: Act, token: Acting, svc: Service) -> TableState:
    """Play an action (its text) from the version you saw."""
    return await svc.act(table_id, token, req.action, req.version)


@router.post("/{table_id}/check")
async def check(table_id: str, req: Check, token: Acting, svc: Service) -> Checked:
    """Would this action be legal now? Nothing is played."""
    return await svc.check(table_id, token, req.action)


@router.post("/{table_id}/undo")
async def undo(table_id: str, req: Undo, token: Acting, svc: Service) -> TableState:
    return await svc.undo(table_id, token, req.version)


@router.post("/{table_id}/resign")
async def resign(table_id: str, token: Acting, svc: Service) -> TableState:
    return await svc.resign(table_id, token)


@router.post("/{table_id}/chat", status_code=201)
async def chat(table_id: str, req: Say, token: Acting, svc: Service) -> ChatLine:
    return await svc.chat(table_id, token, req.text)


@router.post("/{table_id}/hint")
async def hint(table_id: str, token: Acting, svc: Service) -> list[Hint]:
    """The hard bot's top choices for your seat (it thinks about two seconds)."""
    return await svc.hint(table_id, token)
