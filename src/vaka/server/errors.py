"""The service's refusals, each with the code the wire carries (``ErrorMessage.error``)."""

from __future__ import annotations

from typing import Any

from fastapi.exceptions import RequestValidationError
from pydantic import ValidationError

from vaka.core.errors import (
    IllegalAction,
    InvalidOptions,
    MalformedAction,
    UnknownGame,
    VakaError,
)


class ServiceError(VakaError):
    code = "refused"
    status = 409


class NotFound(ServiceError):
    code = "not_found"
    status = 404


class Forbidden(ServiceError):
    """A token that acts for no seat of the table (or none given where one is needed)."""

    code = "forbidden"
    status = 403


class Unauthorized(ServiceError):
    """Not signed in (or a wrong name or password), where an account is needed."""

    code = "unauthorized"
    status = 401


class Invalid(ServiceError):
    """Input against the service's rules (a name, a password): nothing was changed."""

    code = "invalid"
    status = 422


class Refused(ServiceError):
    """Not possible now: undo with nothing to take back, a seat already taken, ..."""


class Stale(ServiceError):
    """The client acted on an old version; ``state`` is what it should look at now."""

    code = "stale"

    def __init__(self, reason: str, state: Any = None) -> None:
        super().__init__(reason)
        self.state = state


def first_error(exc: ValidationError | RequestValidationError) -> str:
    """The first thing wrong with a message, in one line (where: what)."""
    errors = list(exc.errors())
    if not errors:
        return "invalid message"
    where = ".".join(str(p) for p in errors[0].get("loc", ()))
    msg = str(errors[0].get("msg", "invalid"))
    return f"{where}: {msg}" if where else msg


def code_of(exc: VakaError) -> tuple[str, int]:
    """The wire's error code and HTTP status for any error vaka raises on purpose."""
    if isinstance(exc, ServiceError):
        return exc.code, exc.status
    if isinstance(exc, MalformedAction):
        return "malformed", 422
    if isinstance(exc, IllegalAction):
        return "illegal", 409
    if isinstance(exc, UnknownGame):
        return "not_found", 404
    if isinstance(exc, InvalidOptions):
        return "invalid", 422
    return "invalid", 400
