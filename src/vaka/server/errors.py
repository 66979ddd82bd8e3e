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
from vaka.i18n import N_, NN_, SOURCE, _, current, ngettext


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


#: Pydantic's kinds of error, said in the reader's language (Pydantic's own sentences are
#: English), with the field of the error's context that fills {n}; a kind not named here
#: keeps Pydantic's words.
PYDANTIC: dict[str, tuple[str | tuple[str, str], str | None]] = {
    "missing": (N_("Field required"), None),
    "string_too_short": (
        NN_(
            "String should have at least {n} character",
            "String should have at least {n} characters",
        ),
        "min_length",
    ),
    "string_too_long": (
        NN_(
            "String should have at most {n} character", "String should have at most {n} characters"
        ),
        "max_length",
    ),
    "too_short": (
        NN_("List should have at least {n} item", "List should have at least {n} items"),
        "min_length",
    ),
    "too_long": (
        NN_("List should have at most {n} item", "List should have at most {n} items"),
        "max_length",
    ),
    "string_type": (N_("Input should be a valid string"), None),
    "int_type": (N_("Input should be a valid integer"), None),
    "int_parsing": (
        N_("Input should be a valid integer, unable to parse string as an integer"),
        None,
    ),
    "float_type": (N_("Input should be a valid number"), None),
    "float_parsing": (N_("Input should be a valid number"), None),
    "bool_type": (N_("Input should be a valid boolean"), None),
    "bool_parsing": (N_("Input should be a valid boolean"), None),
    "list_type": (N_("Input should be a valid list"), None),
    "dict_type": (N_("Input should be a valid dictionary"), None),
    "model_type": (N_("Input should be an object"), None),
    "model_attributes_type": (N_("Input should be an object"), None),
    "greater_than_equal": (N_("Input should be greater than or equal to {n}"), "ge"),
    "less_than_equal": (N_("Input should be less than or equal to {n}"), "le"),
    "greater_than": (N_("Input should be greater than {n}"), "gt"),
    "less_than": (N_("Input should be less than {n}"), "lt"),
    "literal_error": (N_("Input should be {n}"), "expected"),
    "enum": (N_("Input should be {n}"), "expected"),
    "extra_forbidden": (N_("Extra inputs are not permitted"), None),
    "json_invalid": (N_("Invalid JSON"), None),
}


def _said(error: Any) -> str:
    """One Pydantic error's words in the current language; a ``ValueError`` raised by
    vaka's own checks carries words already said in it."""
    kind = str(error.get("type", ""))
    context = error.get("ctx") or {}
    if kind == "value_error" and "error" in context:
        return str(context["error"])
    if kind not in PYDANTIC or current() == SOURCE:
        return str(error.get("msg", "invalid"))
    forms, field = PYDANTIC[kind]
    value = context.get(field) if field else None
    if isinstance(forms, tuple):
        return ngettext(*forms, value if isinstance(value, int) else 2).format(n=value)
    return _(forms).format(n=value)


def first_error(exc: ValidationError | RequestValidationError) -> str:
    """The first thing wrong with a message, in one line (where: what)."""
    errors = list(exc.errors())
    if not errors:
        return _("invalid message")
    where = ".".join(str(p) for p in errors[0].get("loc", ()))
    msg = _said(errors[0])
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
