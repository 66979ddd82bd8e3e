"""Finished games: their records (for ``vaka replay``) and their steps as a seat saw them."""

from __future__ import annotations

import json
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query
from fastapi.responses import Response

from vaka.server.deps import MaybeToken, Service
from vaka.server.lobby import visible

router = APIRouter(prefix="/api/tables", tags=["records"])


@router.get("/{table_id}/replay/{step}")
async def replay_step(
    table_id: str,
    step: Annotated[int, Path(ge=0, le=100_000)],
    svc: Service,
    token: MaybeToken,
    seat: Annotated[int | None, Query(ge=0, le=7)] = None,
) -> dict[str, Any]:
    """A finished game after ``step`` actions, as a seat (or a spectator) saw it (a
    private table's: with a token of one of its seats)."""
    await visible(svc, table_id, token)
    return await svc.replay(table_id, step, seat)


@router.get("/{table_id}/record")
async def record(table_id: str, svc: Service, token: MaybeToken) -> Response:
    """The finished game's record, for ``vaka replay`` (a private table's: with a token
    of one of its seats)."""
    await visible(svc, table_id, token)
    return Response(json.dumps(await svc.record(table_id)), media_type="application/json")
