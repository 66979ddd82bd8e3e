"""The browser client's files: compressed on the way out, and kept by browsers between
visits (each visit asks whether a file changed, by its ETag, and gets a bodiless 304 if not).
Each game's board comes from the folder the game names (``Game.board``), at
``/boards/<game id>/``; a game that names none gets the generic table's there.

The files are plain ES modules that import each other by fixed paths (no build step), so
their URLs carry no version and cannot be cached as immutable: ``no-cache`` lets a browser
keep a file but check it before use, so an upgraded server is never mixed with old modules.
"""

from __future__ import annotations

import os
from typing import Any

from starlette.exceptions import HTTPException
from starlette.middleware.gzip import GZipMiddleware
from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from vaka.core.errors import UnknownGame
from vaka.core.registry import load
from vaka.web import PLAIN

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


def board_files() -> ASGIApp:
    """The app that serves ``/<game id>/<file>`` from that game's board folder (mounted
    at ``/boards``), compressed and cached as :func:`static_files`."""
    return GZipMiddleware(_Boards(), minimum_size=SMALLEST, compresslevel=6)


class _Boards:
    """Hands each request to the files of the game its first path segment names; the
    games are looked up per request, so a game registered after start is served too."""

    def __init__(self) -> None:
        self._folders: dict[str, _KeptFiles] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        root = scope.get("root_path", "")
        path: str = scope["path"]
        rest = path[len(root) :] if path.startswith(root) else path
        game_id, _, file = rest.lstrip("/").partition("/")
        try:
            folder = load(game_id).board_folder() or PLAIN
        except UnknownGame:
            folder = None
        if folder is None or not file:
            raise HTTPException(404, f"no board file {rest!r}")
        key = str(folder)
        if key not in self._folders:
            self._folders[key] = _KeptFiles(directory=folder)
        inner = {**scope, "root_path": f"{root}/{game_id}"}
        await self._folders[key](inner, receive, send)
