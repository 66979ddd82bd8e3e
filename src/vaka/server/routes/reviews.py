"""Reviews of finished games (docs/REVIEW.md), asked for and then polled."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from vaka.i18n import _
from vaka.server.deps import MaybeActing, ReviewQueue, Service
from vaka.server.errors import NotFound
from vaka.server.lobby import visible
from vaka.server.messages import ErrorMessage, ReviewRequest, ReviewStatus

router = APIRouter(prefix="/api/tables", tags=["reviews"])


@router.post(
    "/{table_id}/review",
    status_code=202,
    responses={429: {"model": ErrorMessage}},
)
async def review(
    table_id: str, req: ReviewRequest, svc: Service, queue: ReviewQueue, token: MaybeActing
) -> ReviewStatus:
    """Ask for a finished game's review (docs/REVIEW.md): every decision of ``seat``
    (null: of every seat) judged from what its seat could know then. Reviews run one
    at a time and take seconds to a few minutes; poll ``GET .../review`` until ``status`` is
    ``done``. A game not over is refused (409), a full queue too (429 ``busy``)."""
    await visible(svc, table_id, token)  # a private table's: with one of its seats' tokens
    record = await svc.to_review(table_id, req.seat)
    status = await queue.ask(table_id, record, req.seat, req.playouts)
    return await queue.in_language(status, lambda: svc.to_review(table_id, req.seat))


@router.get("/{table_id}/review")
async def review_status(
    table_id: str,
    queue: ReviewQueue,
    svc: Service,
    token: MaybeActing,
    seat: Annotated[int | None, Query(ge=0, le=7)] = None,
    playouts: Annotated[int | None, Query(ge=1, le=24)] = None,
) -> ReviewStatus:
    """Where the review asked for with these ``seat`` and ``playouts`` stands, and
    the review once it is done (404 if nobody asked for it), its words in the reader's
    language."""
    found = await queue.find(table_id, seat, playouts)
    if found is not None:  # a private table's review: for its seats only
        await visible(svc, table_id, token)
    if found is None:
        raise NotFound(
            _("nobody asked for this review of table {table}").format(table=repr(table_id))
        )
    return await queue.in_language(found, lambda: svc.to_review(table_id, seat))
