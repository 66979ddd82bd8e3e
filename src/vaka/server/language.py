"""Each request answered in its reader's language: the ``lang`` a client sends (a query
parameter, as ``?lang=de``, also on the WebSocket's address), else the best language of
the ``Accept-Language`` header that vaka speaks, else English.

The language is set in vaka.i18n's context for the whole request (or the whole WebSocket
connection), so every ``_()`` reached while answering it, an error's reason first of all,
speaks it. Error codes, and everything else a client keys on, stay as they are; the words
of games (log entries, choices) on the wire stay English too, since clients read them.
"""

from __future__ import annotations

from urllib.parse import parse_qs

from starlette.types import ASGIApp, Receive, Scope, Send

from vaka import i18n


def accepted(header: str) -> str | None:
    """The language vaka speaks that an ``Accept-Language`` header likes best, or None.

    >>> accepted("fr-CH, fr;q=0.9, de;q=0.8, en;q=0.7"), accepted("en-GB,de;q=0.5")
    ('de', 'en')
    >>> accepted("fr, *;q=0.5"), accepted("de;q=0, en;q=0.1"), accepted("")
    (None, 'en', None)
    """
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(header.split(",")):
        tag, _sep, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            name, _eq, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if tag and quality > 0:
            ranked.append((-quality, i, tag))
    for _quality, _i, tag in sorted(ranked):
        found = i18n.known(tag)
        if found is not None:
            return found
    return None


def requested(scope: Scope) -> str:
    """The language to answer ``scope``'s request in."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    for lang in query.get("lang", []):
        found = i18n.known(lang)
        if found is not None:
            return found
    for name, value in scope.get("headers", []):
        if name == b"accept-language":
            found = accepted(value.decode("latin-1"))
            if found is not None:
                return found
    return i18n.SOURCE


class Language:
    """ASGI middleware: the request's language in vaka.i18n's context while it is answered
    (a plain ASGI layer, so the context reaches the route in the same task)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        with i18n.using(requested(scope)):
            await self.app(scope, receive, send)
