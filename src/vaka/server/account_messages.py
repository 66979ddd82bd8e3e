"""The wire's messages about accounts: signing up and in, passwords, the language of an
account's pages, the seats a browser's tokens hand over (docs/PROTOCOL.md, "Accounts")."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, Field, StringConstraints, field_validator

from vaka.i18n import LANGUAGES
from vaka.server.messages import Strict, TableSummary, Token

#: A name as typed (the rules are checked by the service: 422 ``invalid`` says which).
AccountName = Annotated[str, StringConstraints(min_length=1, max_length=100)]
Password = Annotated[str, StringConstraints(min_length=1, max_length=200)]
NewPasswordText = Annotated[str, StringConstraints(min_length=8, max_length=200)]


class SeatClaim(Strict):
    """A seat token this browser holds, for the account to take the seat over."""

    table: Annotated[str, StringConstraints(min_length=1, max_length=16)]
    token: Token


Claims = Annotated[list[SeatClaim], Field(max_length=200)]


class SignUp(Strict):
    """A new account: a name (2-24 letters, digits, spaces, ``- _ . '``; unique ignoring
    case) and a password (8-200 characters); ``seats``: tokens whose seats become its own."""

    name: AccountName
    password: NewPasswordText
    seats: Claims = Field(default_factory=list)


class LogIn(Strict):
    name: AccountName
    password: Password
    seats: Claims = Field(default_factory=list)


class NewPassword(Strict):
    old: Password
    new: NewPasswordText


class ChooseLanguage(Strict):
    """The language of the account's pages: one vaka offers, or null for none chosen
    (each browser speaks its own)."""

    language: str | None

    @field_validator("language")
    @classmethod
    def _offered(cls, value: str | None) -> str | None:
        if value is not None and value not in LANGUAGES:
            raise ValueError(f"vaka speaks {', '.join(LANGUAGES)}; there is no {value!r}")
        return value


class DeleteAccount(Strict):
    """Deleting an account asks for its password again."""

    password: Password


class ClaimSeats(Strict):
    seats: Claims


class ClaimedSeat(BaseModel):
    table: str
    seat: int


class Me(BaseModel):
    """The signed-in person. Send ``csrf`` back in the ``X-CSRF-Token`` header of every
    request that changes something and is signed in by the session's cookie."""

    id: str
    name: str
    created_at: float
    csrf: str
    #: the language chosen for the account's pages (null: none, the browser's own)
    language: str | None = None
    #: the seats a sign-up or log-in (or a claim) attached to the account just now
    claimed: list[ClaimedSeat] = []


class Whoami(BaseModel):
    """Who this browser is: ``me`` is null for a guest."""

    me: Me | None


class Claimed(BaseModel):
    claimed: list[ClaimedSeat]


class MyTable(BaseModel):
    """A table where the signed-in person holds seats, and which."""

    table: TableSummary
    seats: list[int]
