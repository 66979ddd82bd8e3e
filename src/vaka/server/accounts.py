"""Accounts: people who sign up with a name and a password, their sessions, and the seats
that belong to them.

A guest plays by the seat tokens a browser holds; an account gathers those seats
(``seats.user_id``) so that its sessions act for them in any browser. Passwords are hashed
with argon2id; a session's cookie holds a random secret of which only the hash is stored,
and each session has a CSRF token that cookie-authorised changes must send back in a header
(docs/PROTOCOL.md, "Accounts"). Sign-ups, log-ins and password checks are throttled per
address and per name, and a log-in's answer and timing are the same whether or not the
name has an account.
"""

from __future__ import annotations

import asyncio
import hmac
import secrets
import time
import unicodedata
from dataclasses import dataclass
from typing import TYPE_CHECKING

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from vaka.i18n import N_, _
from vaka.server import tokens
from vaka.server.errors import Forbidden, Invalid, Refused, Unauthorized
from vaka.server.limits import Buckets, TooMany, retry_after
from vaka.server.messages import shown_as_written
from vaka.server.settings import Limits
from vaka.server.store import SessionRow, Store, UserRow
from vaka.server.users import FORMER, Users

if TYPE_CHECKING:
    from vaka.server.service import TableService
    from vaka.server.table import Table

NAME_MIN, NAME_MAX = 2, 24  # characters
KEY_MAX = 128  # characters of a name's key (NFKC may lengthen a few characters)
PASSWORD_MIN, PASSWORD_MAX = 8, 200  # characters
#: Besides letters (with their accents) and digits, names may hold these.
PUNCTUATION = frozenset(" -_.'’")
SESSION_DAYS = 30
WRONG = N_("wrong name or password")
#: argon2id with the library's defaults (RFC 9106's second choice: 64 MiB, 3 passes).
HASHER = PasswordHasher()


@dataclass(frozen=True)
class User:
    """A signed-in person (an account not deleted)."""

    id: str
    name: str
    created_at: float
    language: str | None = None  # chosen for its pages; None: the browser's own


@dataclass(frozen=True)
class Session:
    """A signed-in browser: whose it is, the hash that names it, its CSRF token."""

    user: User
    id_hash: str
    csrf: str
    expires_at: float


@dataclass(frozen=True)
class SessionSeat:
    """A signed-in person acting at a table: for ``seat``, or (None) for the lowest of
    the seats that belong to them there."""

    user_id: str
    seat: int | None = None


#: Who acts at a table: a seat's bearer token, or a session acting for its person's seat.
Who = str | SessionSeat


def name_key(name: str) -> str:
    """The key two names share when they differ only in case or in how they are written
    (NFKC, casefolded): at most one account has each."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name.strip()).casefold())
    return folded


def check_name(text: str) -> tuple[str, str]:
    """A name as it will be shown (NFC) and its key; :class:`Invalid` saying what is
    wrong with it otherwise."""
    try:
        shown_as_written(text)
    except ValueError as exc:
        raise Invalid(_("name: {why}").format(why=exc)) from None
    name = unicodedata.normalize("NFC", text.strip())
    if not NAME_MIN <= len(name) <= NAME_MAX:
        raise Invalid(
            _("name: {low} to {high} characters, not {n}").format(
                low=NAME_MIN, high=NAME_MAX, n=len(name)
            )
        )
    for char in name:
        kind = unicodedata.category(char)
        if not (kind[0] in "LM" or kind == "Nd" or char in PUNCTUATION):
            raise Invalid(
                _("name: {char} is not allowed: letters, digits, spaces and - _ . ' only").format(
                    char=f"{char!r} (U+{ord(char):04X})"
                )
            )
    if unicodedata.category(name[0])[0] not in "LN":
        raise Invalid(_("name: begin with a letter or a digit"))
    if "  " in name:
        raise Invalid(_("name: one space between words"))
    key = name_key(name)
    if key == name_key(FORMER) or len(key) > KEY_MAX:
        raise Invalid(_("name: {name} cannot be taken").format(name=repr(name)))
    return name, key


def check_password(password: str) -> str:
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise Invalid(
            _("password: {low} to {high} characters").format(low=PASSWORD_MIN, high=PASSWORD_MAX)
        )
    return password


def _verify(password_hash: str, password: str) -> bool:
    try:
        return HASHER.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


class Accounts:
    """Signing up, in and out, passwords, deleting, and the seats that follow a person.
    One per process, beside the :class:`~vaka.server.service.TableService`."""

    def __init__(self, store: Store, limits: Limits | None = None) -> None:
        limits = limits or Limits()
        self.users = Users(store)
        self.by_address = (
            Buckets(limits.tries_per_minute / 60, limits.tries_burst)
            if limits.tries_per_minute > 0
            else None
        )
        self.by_name = (
            Buckets(limits.name_tries_per_minute / 60, limits.name_tries_burst)
            if limits.name_tries_per_minute > 0
            else None
        )
        self._dummy: str | None = None

    # ------------------------------------------------------------ throttling
    def throttle(self, key: str, address: str) -> None:
        """Take a try for this name's key and this address; :class:`TooMany` if either
        has had too many lately (a refused address does not spend the name's tries)."""
        for buckets, said, on in (
            (
                self.by_address,
                N_("too many tries to sign in from your address; try again in {n} s"),
                address,
            ),
            (self.by_name, N_("too many tries to sign in for this name; try again in {n} s"), key),
        ):
            wait = buckets.take(on) if buckets is not None else 0.0
            if wait:
                raise TooMany(_(said).format(n=retry_after(wait)), wait)

    async def _hash(self, password: str) -> str:
        return await asyncio.to_thread(HASHER.hash, password)

    async def _check(self, row: UserRow | None, password: str) -> bool:
        """Whether ``password`` is the account's; without an account (or a deleted one)
        a dummy hash is checked all the same, so the time taken tells nothing."""
        if row is None or row.deleted_at is not None or not row.password_hash:
            if self._dummy is None:
                self._dummy = await self._hash(secrets.token_urlsafe(16))
            await asyncio.to_thread(_verify, self._dummy, password)
            return False
        return await asyncio.to_thread(_verify, row.password_hash, password)

    # ------------------------------------------------------------ signing up and in
    async def sign_up(self, name: str, password: str, address: str) -> tuple[User, str, Session]:
        """A new account and a session for it: (user, the cookie's secret, session)."""
        name, key = check_name(name)
        check_password(password)
        self.throttle(key, address)
        row = UserRow(
            id=tokens.new_table_id(),
            name=name,
            name_key=key,
            password_hash=await self._hash(password),
            created_at=time.time(),
        )
        if not await self.users.create(row):
            raise Refused(_("the name {name} is taken; choose another").format(name=repr(name)))
        return await self._start(row)

    async def log_in(self, name: str, password: str, address: str) -> tuple[User, str, Session]:
        """A session for the account with this name and password; :class:`Unauthorized`
        with the same words whether the name or the password is wrong."""
        key = name_key(name)[:KEY_MAX]
        self.throttle(key, address)
        row = await self.users.by_key(key)
        if not await self._check(row, password):
            raise Unauthorized(_(WRONG))
        assert row is not None
        if HASHER.check_needs_rehash(row.password_hash):
            await self.users.set_password(row.id, await self._hash(password), keep=None)
        return await self._start(row)

    async def _start(self, row: UserRow) -> tuple[User, str, Session]:
        secret = tokens.new_token()
        now = time.time()
        session = SessionRow(
            id_hash=tokens.token_hash(secret),
            user_id=row.id,
            csrf=secrets.token_urlsafe(24),
            created_at=now,
            expires_at=now + SESSION_DAYS * 86400,
        )
        await self.users.add_session(session)
        user = User(row.id, row.name, row.created_at, row.language)
        return user, secret, Session(user, session.id_hash, session.csrf, session.expires_at)

    async def sweep(self) -> int:
        """Forget the sessions that have expired (at each start of the service)."""
        return await self.users.sweep_sessions(time.time())

    async def session(self, secret: str) -> Session | None:
        """The live session whose cookie holds ``secret``, if any."""
        found = await self.users.session(tokens.token_hash(secret), time.time())
        if found is None:
            return None
        row, session = found
        user = User(row.id, row.name, row.created_at, row.language)
        return Session(user, session.id_hash, session.csrf, session.expires_at)

    @staticmethod
    def csrf_ok(session: Session, sent: str | None) -> bool:
        return sent is not None and hmac.compare_digest(sent.encode(), session.csrf.encode())

    async def log_out(self, session: Session) -> None:
        await self.users.end_session(session.id_hash)

    # ------------------------------------------------------------ changing and deleting
    async def _confirm(self, session: Session, password: str, address: str) -> UserRow:
        """The account's row once ``password`` is confirmed as its own (throttled as a
        log-in: a session left open must not become a way to guess the password)."""
        self.throttle(name_key(session.user.name), address)
        row = await self.users.by_id(session.user.id)
        if not await self._check(row, password):
            raise Forbidden(_("that is not your current password"))
        assert row is not None
        return row

    async def change_password(self, session: Session, old: str, new: str, address: str) -> None:
        """A new password; the account's other sessions end (this one goes on)."""
        check_password(new)
        row = await self._confirm(session, old, address)
        await self.users.set_password(row.id, await self._hash(new), keep=session.id_hash)

    async def delete(
        self, session: Session, password: str, address: str, service: TableService
    ) -> None:
        """Delete the account: its games stay, its name shows as "a former player"."""
        await self._confirm(session, password, address)
        for table_id in await self.users.delete(session.user.id, time.time()):
            await service.refresh(table_id)  # this process's listeners see the new names
            if service.on_change is not None:
                await service.on_change(table_id)  # and other processes'

    async def set_language(self, session: Session, language: str | None) -> None:
        """The language the account's pages speak (None: each browser's own)."""
        await self.users.set_language(session.user.id, language)

    # ------------------------------------------------------------ seats
    async def attach(
        self, user: User, claims: list[tuple[str, str]], service: TableService
    ) -> list[tuple[str, int]]:
        """Attach to ``user`` the seats whose tokens (table, token) a browser held: from
        now on the person's sessions act for them too. Seats of another account, and
        tokens that act for no seat, are left out of the answer."""
        hashed = [(t, tokens.token_hash(k)) for t, k in claims]
        done = await self.users.attach(user.id, hashed)
        for table_id, seat in done:
            table = service.tables.get(table_id)
            if table is not None:
                table.data.seats[seat].user_id = user.id
        return done


async def seat_for(table: Table, who: SessionSeat, users: Users, watch: bool = False) -> int | None:
    """The seat a signed-in person acts for at ``table``; :class:`Forbidden` if none of
    its seats is theirs (or not the one asked for), or with ``watch`` None (a spectator)
    where none was asked for. A seat attached by another process since this one read
    the table is found in storage."""

    def theirs() -> list[int]:
        return [s.seat for s in table.data.seats if s.user_id == who.user_id]

    seats = theirs()
    if not seats or (who.seat is not None and who.seat not in seats):
        stored = await users.seat_users(table.id)
        for info in table.data.seats:
            info.user_id = stored.get(info.seat, info.user_id)
        seats = theirs()
    if who.seat is None and seats:
        return min(seats)
    if who.seat in seats:
        return who.seat
    if who.seat is None:
        if watch:
            return None
        raise Forbidden(_("no seat of this table is yours"))
    raise Forbidden(_("seat {seat} of this table is not yours").format(seat=who.seat))
