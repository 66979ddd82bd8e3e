"""What the routes ask of each request: the service, the review queue, a seat's token,
the signed-in person (a session's cookie, with its CSRF header on every change)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header, Query, Request

from vaka.i18n import _
from vaka.server.accounts import Accounts, Session, SessionSeat, User, Who
from vaka.server.errors import Forbidden, Unauthorized
from vaka.server.reviews import Reviews
from vaka.server.service import TableService

#: The session's cookie (HttpOnly, SameSite=Strict; Secure over https).
SESSION_COOKIE = "vaka_session"
#: The header that must carry the session's CSRF token on a cookie-authorised change.
CSRF_HEADER = "X-CSRF-Token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def service(request: Request) -> TableService:
    svc: TableService = request.app.state.service
    return svc


Service = Annotated[TableService, Depends(service)]


def accounts(request: Request) -> Accounts:
    found: Accounts = request.app.state.accounts
    return found


AccountBook = Annotated[Accounts, Depends(accounts)]


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


async def maybe_session(request: Request) -> Session | None:
    """The live session the request's cookie names, if any. A request that changes
    something (any method but GET, HEAD, OPTIONS) with a live session's cookie must send
    the session's CSRF token in the ``X-CSRF-Token`` header: 403 ``forbidden`` if not."""
    secret = request.cookies.get(SESSION_COOKIE)
    if not secret or len(secret) > 100:
        return None
    book: Accounts = request.app.state.accounts
    found = await book.session(secret)
    if found is None:
        return None
    if request.method not in SAFE_METHODS and not book.csrf_ok(
        found, request.headers.get(CSRF_HEADER)
    ):
        raise Forbidden(
            _(
                "a change asked with the session's cookie must send its CSRF token in the "
                "{header} header"
            ).format(header=CSRF_HEADER)
        )
    return found


MaybeSession = Annotated[Session | None, Depends(maybe_session)]


def current_session(session: MaybeSession) -> Session:
    if session is None:
        raise Unauthorized(_("sign in first"))
    return session


CurrentSession = Annotated[Session, Depends(current_session)]


def maybe_user(session: MaybeSession) -> User | None:
    return session.user if session is not None else None


#: The signed-in person, or None for a guest.
MaybeUser = Annotated[User | None, Depends(maybe_user)]


def current_user(session: CurrentSession) -> User:
    return session.user


#: The signed-in person; 401 ``unauthorized`` for a guest.
CurrentUser = Annotated[User, Depends(current_user)]


#: Which of a signed-in person's seats at a table acts (unused with a bearer token).
SeatAsked = Annotated[
    int | None,
    Query(ge=0, le=7, description="signed in: which of your seats (default: your first)"),
]


async def acting(
    request: Request,
    authorization: Annotated[str | None, Header(max_length=120)] = None,
    seat: SeatAsked = None,
) -> Who:
    """Who acts: the seat of a bearer token (as always), else the signed-in person for
    their seat at the table (``seat``: which, where they hold several)."""
    if authorization:
        return bearer(authorization)
    session = await maybe_session(request)
    if session is None:
        raise Forbidden(
            _(
                "send the seat's token as 'Authorization: Bearer TOKEN', or sign in to act "
                "for the seats of your account"
            )
        )
    return SessionSeat(session.user.id, seat)


Acting = Annotated[Who, Depends(acting)]


async def maybe_acting(
    request: Request,
    authorization: Annotated[str | None, Header(max_length=120)] = None,
    seat: SeatAsked = None,
) -> Who | None:
    """As :func:`acting`, but a guest with no token watches (None); so does a signed-in
    person with no seat at the table, unless ``seat`` names one."""
    if authorization:
        return bearer(authorization)
    session = await maybe_session(request)
    if session is None:
        return None
    return SessionSeat(session.user.id, seat)


MaybeActing = Annotated[Who | None, Depends(maybe_acting)]


def reviews(request: Request) -> Reviews:
    found: Reviews = request.app.state.reviews
    return found


ReviewQueue = Annotated[Reviews, Depends(reviews)]
