"""Accounts: signing up, in and out, the password, deleting, and the seats that follow a
signed-in person (docs/PROTOCOL.md, "Accounts")."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response

from vaka.i18n import _
from vaka.server import finished
from vaka.server.account_messages import (
    ChooseLanguage,
    Claimed,
    ClaimedSeat,
    ClaimSeats,
    DeleteAccount,
    LogIn,
    Me,
    MyTable,
    NewPassword,
    SeatClaim,
    SignUp,
    Whoami,
)
from vaka.server.accounts import SESSION_DAYS, Accounts, Session, User
from vaka.server.deps import (
    SESSION_COOKIE,
    AccountBook,
    CurrentSession,
    CurrentUser,
    MaybeSession,
    Service,
)
from vaka.server.errors import Forbidden
from vaka.server.messages import ErrorMessage
from vaka.server.service import TableService

router = APIRouter(prefix="/api/account", tags=["accounts"])
REFUSALS: dict[int | str, dict[str, Any]] = {code: {"model": ErrorMessage} for code in (401, 429)}


def _address(request: Request) -> str:
    return request.client.host if request.client else ""


def _same_origin(request: Request) -> None:
    """A browser says where a request comes from: signing in from another site's page
    is refused (it would sign this browser in to someone else's account)."""
    origin = request.headers.get("origin")
    if origin is not None and origin.split("://", 1)[-1] != request.headers.get("host"):
        raise Forbidden(_("sign up and log in from this server's own pages"))


def _me(session: Session, claimed: list[tuple[str, int]] | None = None) -> Me:
    user = session.user
    return Me(
        id=user.id,
        name=user.name,
        created_at=user.created_at,
        csrf=session.csrf,
        language=user.language,
        claimed=[ClaimedSeat(table=t, seat=s) for t, s in claimed or []],
    )


def _set_cookie(request: Request, response: Response, secret: str) -> None:
    """HttpOnly (scripts cannot read it), SameSite=Strict (other sites' pages do not send
    it), Secure where the request came over https (a proxy in front says so with
    X-Forwarded-Proto); over loopback http, as in development, it cannot be Secure."""
    response.set_cookie(
        SESSION_COOKIE,
        secret,
        max_age=SESSION_DAYS * 86400,
        path="/",
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
    )


def _clear_cookie(request: Request, response: Response) -> None:
    response.delete_cookie(
        SESSION_COOKIE,
        path="/",
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
    )


async def _replace(request: Request, book: Accounts) -> None:
    """End the session the request's cookie names, if any (a new one replaces it)."""
    secret = request.cookies.get(SESSION_COOKIE)
    old = await book.session(secret) if secret and len(secret) <= 100 else None
    if old is not None:
        await book.log_out(old)


async def _claim(
    book: Accounts, user: User, seats: list[SeatClaim], svc: TableService
) -> list[tuple[str, int]]:
    return await book.attach(user, [(c.table, c.token) for c in seats], svc)


@router.get("")
async def whoami(session: MaybeSession) -> Whoami:
    """Who this browser is signed in as (``me`` null: a guest), with the CSRF token."""
    return Whoami(me=_me(session) if session is not None else None)


@router.post("/signup", status_code=201, responses=REFUSALS)
async def sign_up(
    req: SignUp, request: Request, response: Response, book: AccountBook, svc: Service
) -> Me:
    """Make an account and sign in (the answer sets the session's cookie). The seats of
    the tokens sent in ``seats`` become the account's. A name already taken (ignoring
    case) is refused (409 ``refused``); too many tries are 429 ``rate_limited``."""
    _same_origin(request)
    user, secret, session = await book.sign_up(req.name, req.password, _address(request))
    await _replace(request, book)
    _set_cookie(request, response, secret)
    return _me(session, await _claim(book, user, req.seats, svc))


@router.post("/login", responses=REFUSALS)
async def log_in(
    req: LogIn, request: Request, response: Response, book: AccountBook, svc: Service
) -> Me:
    """Sign in (the answer sets the session's cookie); a wrong name or password is 401
    ``unauthorized``, the same either way. The seats of the tokens sent in ``seats``
    become the account's."""
    _same_origin(request)
    user, secret, session = await book.log_in(req.name, req.password, _address(request))
    await _replace(request, book)
    _set_cookie(request, response, secret)
    return _me(session, await _claim(book, user, req.seats, svc))


@router.post("/logout", status_code=204, responses=REFUSALS)
async def log_out(
    request: Request, response: Response, session: MaybeSession, book: AccountBook
) -> None:
    """Sign out: the session ends and its cookie is cleared (signed out already: so be it)."""
    if session is not None:
        await book.log_out(session)
    _clear_cookie(request, response)


@router.post("/password", status_code=204, responses=REFUSALS)
async def change_password(
    req: NewPassword, request: Request, session: CurrentSession, book: AccountBook
) -> None:
    """A new password, given the current one (403 ``forbidden`` if wrong). The account's
    other sessions end; this one goes on."""
    await book.change_password(session, req.old, req.new, _address(request))


@router.post("/language", status_code=204, responses=REFUSALS)
async def choose_language(req: ChooseLanguage, session: CurrentSession, book: AccountBook) -> None:
    """The language of the account's pages (null: none chosen): a browser that has
    chosen none speaks it once signed in."""
    await book.set_language(session, req.language)


@router.post("/delete", status_code=204, responses=REFUSALS)
async def delete(
    req: DeleteAccount,
    request: Request,
    response: Response,
    session: CurrentSession,
    book: AccountBook,
    svc: Service,
) -> None:
    """Delete the account, given its password (403 ``forbidden`` if wrong). Its games
    stay; its name shows as "a former player" wherever it was shown; its email address
    and the mail not yet sent to it are gone."""
    await book.delete(session, req.password, _address(request), svc)
    await request.app.state.mailing.store.forget(session.user.id)  # its email address too
    _clear_cookie(request, response)


@router.post("/seats", responses=REFUSALS)
async def claim(req: ClaimSeats, user: CurrentUser, book: AccountBook, svc: Service) -> Claimed:
    """Make the seats of these tokens the account's (a guest's seats, kept in this
    browser): from now on your sessions act for them anywhere. Seats of another account
    and tokens of no seat are left out of the answer."""
    done = await _claim(book, user, req.seats, svc)
    return Claimed(claimed=[ClaimedSeat(table=t, seat=s) for t, s in done])


@router.get("/tables", responses=REFUSALS)
async def tables(user: CurrentUser, book: AccountBook, svc: Service) -> list[MyTable]:
    """The tables where you hold seats, newest first (at most 200), with your seats."""
    held = await book.users.tables_of(user.id)
    seats = dict(held)
    return [
        MyTable(table=shown, seats=seats[shown.id])
        for shown in await finished.summaries(svc, [table_id for table_id, _ in held])
    ]
