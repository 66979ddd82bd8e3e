"""The browser client's files: compressed on the way out, and kept by browsers between
visits (each visit asks whether a file changed, by its ETag, and gets a bodiless 304 if not).

The files are plain ES modules that import each other by fixed paths (no build step), so
their URLs carry no version and cannot be cached as immutable: ``no-cache`` lets a browser
keep a file but check it before use, so an upgraded server is never mixed with old modules.
"""

from __future__ import annotations

import os
from typing import Any

from starlette.middleware.gzip import GZipMiddleware
from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp

CACHE_CONTROL = "no-cache"  # keep, but revalidate (ETag, Last-Modified) before each use
SMALLEST = 500  # bytes: smaller files gain nothing from compression


class _KeptFiles(StaticFiles):
    """Starlette's static files (which answer ``If-None-Match`` with 304) with a
    ``Cache-Control`` header."""

    def file_response(
        self, full_path: str | os.PathLike[str], *args: Any, **kwargs: Any
    ) -> Response:
        response = super().file_response(full_path, *args, **kwargs)
        response.headers["Cache-Control"] = CACHE_CONTROL
        return response


def static_files(directory: str | os.PathLike[str]) -> ASGIApp:
    """The app that serves ``directory``: gzip for clients that take it, cache headers."""
    return GZipMiddleware(_KeptFiles(directory=directory), minimum_size=SMALLEST, compresslevel=6)
