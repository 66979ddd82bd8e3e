"""What the routes ask of each request: the service, the review queue, a seat's token."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, Request

from vaka.i18n import _
from vaka.server.errors import Forbidden
from vaka.server.reviews import Reviews
from vaka.server.service import TableService


def service(request: Request) -> TableService:
    svc: TableService = request.app.state.service
    return svc


Service = Annotated[TableService, Depends(service)]


def bearer(authorization: Annotated[str | None, Header(max_length=120)] = None) -> str:
    if not authorization or not authorization.startswith("Bearer "):
        raise Forbidden(_("send the seat's token as 'Authorization: Bearer TOKEN'"))
    return authorization[len("Bearer ") :]


Token = Annotated[str, Depends(bearer)]


def maybe_bearer(
    authorization: Annotated[str | None, Header(max_length=120)] = None,
) -> str | None:
    return bearer(authorization) if authorization else None


MaybeToken = Annotated[str | None, Depends(maybe_bearer)]


def reviews(request: Request) -> Reviews:
    found: Reviews = request.app.state.reviews
    return found


ReviewQueue = Annotated[Reviews, Depends(reviews)]
