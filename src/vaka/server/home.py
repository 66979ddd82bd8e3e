"""The page at ``/``: index.html with its few words (the title, the line shown while the
scripts load, the note for a browser without JavaScript) in the request's language. The
scripts then speak the language chosen on the browser (i18n.js)."""

from __future__ import annotations

import hashlib
from functools import cache

from starlette.requests import Request
from starlette.responses import Response

from vaka.i18n import N_, _, current, using
from vaka.server.static import CACHE_CONTROL
from vaka.web import STATIC

#: The words of index.html, exactly as written there, each replaced by its translation.
WORDS = (
    N_("vaka — Rapa Nui, Raiatea, Atua"),
    N_("Loading vaka…"),
    N_("vaka's tables need JavaScript."),
)


@cache
def page(lang: str) -> tuple[bytes, str]:
    """index.html in ``lang``, and its ETag."""
    text = (STATIC / "index.html").read_text(encoding="utf-8")
    with using(lang):
        for words in WORDS:
            text = text.replace(f">{words}<", f">{_(words)}<")
        text = text.replace('<html lang="en">', f'<html lang="{lang.split("_")[0]}">')
    body = text.encode()
    return body, '"' + hashlib.sha256(body).hexdigest()[:16] + '"'


def home(request: Request) -> Response:
    body, etag = page(current())
    headers = {"Cache-Control": CACHE_CONTROL, "ETag": etag, "Vary": "Accept-Language"}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="text/html; charset=utf-8", headers=headers)
