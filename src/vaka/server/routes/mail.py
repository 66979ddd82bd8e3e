"""Email notices: a signed-in person's address (confirmed by a link sent to it) and what
they want to hear of; the confirmation and the stop link, which need no sign-in.

An address is shown to nobody but its person: only ``GET /api/mail`` (theirs) says it.
"""

from __future__ import annotations

from email.utils import parseaddr
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from pydantic import AfterValidator, BaseModel, StringConstraints

from vaka.i18n import _
from vaka.server.deps import CurrentUser
from vaka.server.errors import NotFound, Refused
from vaka.server.mail import texts
from vaka.server.mail.running import Mailing
from vaka.server.mail.store import KINDS
from vaka.server.messages import ErrorMessage, Strict
from vaka.server.tokens import new_token

router = APIRouter(prefix="/api/mail", tags=["mail"])
REFUSALS: dict[int | str, dict[str, Any]] = {401: {"model": ErrorMessage}}
MailToken = Annotated[str, StringConstraints(min_length=1, max_length=100)]


def _address(text: str) -> str:
    """One plain address, ``name@domain.tld``: nothing a header could be made of."""
    _name, found = parseaddr(text)
    local, at, domain = text.rpartition("@")
    if (
        found != text
        or not at
        or not local
        or "." not in domain.strip(".")
        or any(c.isspace() or c in '<>,;:"()[]\\' or ord(c) < 32 or ord(c) == 127 for c in text)
    ):
        raise ValueError(_("give one email address, such as ana@example.org"))
    return text


Address = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=3, max_length=254),
    AfterValidator(_address),
]


class MailSettings(BaseModel):
    """The signed-in person's email notices. ``sending``: whether this server sends mail
    at all; ``address`` (theirs alone) gets mail once ``confirmed`` and while not
    ``stopped`` (its stop link was used: saving these settings again starts it); mail
    comes for turn-based tables only, about what is true here: ``turns`` (your turn),
    ``ends`` (a game of yours ended), ``chat`` (someone wrote at your table: one mail a
    table an hour at most)."""

    sending: bool
    address: str | None = None
    confirmed: bool = False
    stopped: bool = False
    turns: bool = True
    ends: bool = True
    chat: bool = True


class MailChange(Strict):
    """Keep this address (null: forget it) and what to hear of. A new address gets a
    confirmation link and nothing else until it is confirmed."""

    address: Address | None
    turns: bool = True
    ends: bool = True
    chat: bool = True


class MailDone(BaseModel):
    """A confirmation or a stop that worked."""

    done: bool = True


def _mailing(request: Request) -> Mailing:
    found: Mailing = request.app.state.mailing
    return found


async def _settings(mailing: Mailing, user_id: str) -> MailSettings:
    row = await mailing.store.address(user_id)
    if row is None:
        return MailSettings(sending=mailing.relay is not None)
    return MailSettings(
        sending=mailing.relay is not None,
        address=row.address,
        confirmed=row.confirmed_at is not None,
        stopped=row.stopped_at is not None,
        turns=row.turns,
        ends=row.ends,
        chat=row.chat,
    )


@router.get("", responses=REFUSALS)
async def settings(user: CurrentUser, request: Request) -> MailSettings:
    """Your email notices (signed in)."""
    return await _settings(_mailing(request), user.id)


@router.put("", responses=REFUSALS)
async def change(req: MailChange, user: CurrentUser, request: Request) -> MailSettings:
    """Keep an address and what to hear of (signed in; the CSRF header too). A new
    address is sent a confirmation link; a server without a relay refuses one (409
    ``refused``)."""
    mailing = _mailing(request)
    if req.address is None:
        await mailing.store.forget(user.id)
        return await _settings(mailing, user.id)
    wants = {kind: getattr(req, kind) for kind in KINDS}
    relay = mailing.relay
    kept = await mailing.store.address(user.id)
    if relay is None and (kept is None or kept.address != req.address):
        raise Refused(_("this server sends no email (it was started without --smtp)"))
    confirm = None
    if relay is not None and (kept is None or kept.address != req.address):
        token = new_token()
        confirm = texts.confirmation(relay.public_url, user.id, user.name, req.address, token)
        await mailing.store.set_address(user.id, req.address, wants, confirm, token)
        if mailing.mailer is not None:
            mailing.mailer.poke()
    else:
        await mailing.store.set_address(user.id, req.address, wants, None, None)
    return await _settings(mailing, user.id)


@router.post("/confirm")
async def confirm(request: Request, token: Annotated[MailToken, Query()]) -> MailDone:
    """Confirm an address with the token its confirmation link carries (no sign-in
    needed); 404 ``not_found`` for a token that confirms nothing (used, or replaced)."""
    if not await _mailing(request).store.confirm(token):
        raise NotFound(_("that link confirms nothing: it was used, or the address changed since"))
    return MailDone()


@router.post("/stop")
async def stop(request: Request, token: Annotated[MailToken, Query()]) -> MailDone:
    """Stop all mail to the address whose mail carried this token (no sign-in needed;
    mail programs' one-click unsubscribe posts here); 404 ``not_found`` if none did."""
    if not await _mailing(request).store.stop(token):
        raise NotFound(_("that link stops nothing: the address changed since, or was removed"))
    return MailDone()
