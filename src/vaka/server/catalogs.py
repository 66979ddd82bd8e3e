"""The message catalogs for the browser: ``/i18n/<lang>.json`` holds the compiled catalog
of a language (the same one the Python side reads) as ``{"lang", "messages"}``, keyed by
the English text (``context\\u0004text`` for a text with a context; a list of forms for a
text with a plural). The browser's ``i18n.js`` reads it.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from babel.messages.mofile import read_mo
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Receive, Scope, Send

from vaka import i18n
from vaka.server.static import CACHE_CONTROL, SMALLEST


@cache
def catalog(lang: str) -> tuple[bytes, str]:
    """The JSON of ``lang``'s compiled catalog and its ETag; raises KeyError for a
    language vaka does not ship."""
    if lang == i18n.SOURCE or i18n.known(lang) != lang:
        raise KeyError(lang)
    path = Path(i18n.locale_dir()) / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"
    with path.open("rb") as f:
        mo = read_mo(f)
    messages: dict[str, str | list[str]] = {}
    for message in mo:
        if not message.id or not message.string:
            continue
        key = message.id[0] if isinstance(message.id, tuple | list) else message.id
        if message.context:  # Babel's read_mo leaves a context as bytes
            context = message.context
            context = context.decode() if isinstance(context, bytes) else context
            key = f"{context}\u0004{key}"
        string = message.string
        messages[key] = list(string) if isinstance(string, tuple | list) else string
    body = json.dumps({"lang": lang, "messages": messages}, ensure_ascii=False).encode()
    return body, '"' + hashlib.sha256(body).hexdigest()[:16] + '"'


async def _answer(scope: Scope, receive: Receive, send: Send) -> None:
    request = Request(scope, receive)
    name = request.url.path.rsplit("/", 1)[-1]
    lang = name.removesuffix(".json")
    try:
        if not name.endswith(".json"):
            raise KeyError(name)
        body, etag = catalog(lang)
    except (KeyError, OSError):
        answer: Response = JSONResponse(
            {"error": "not_found", "reason": f"no catalog {name!r}"}, status_code=404
        )
    else:
        headers = {"ETag": etag, "Cache-Control": CACHE_CONTROL}
        if request.headers.get("if-none-match") == etag:
            answer = Response(status_code=304, headers=headers)
        else:
            answer = Response(body, media_type="application/json", headers=headers)
    await answer(scope, receive, send)


def catalog_files() -> ASGIApp:
    """The app mounted at ``/i18n``: each language's catalog, compressed, cached."""
    return GZipMiddleware(_answer, minimum_size=SMALLEST, compresslevel=6)
