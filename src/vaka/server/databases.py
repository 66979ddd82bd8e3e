"""Which database a URL people write names, the drivers' URLs for it, and SQLite's tuning."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine


def async_url(url: str) -> str:
    """The async driver's URL for a database URL people write."""
    if url.startswith("sqlite:"):
        return "sqlite+aiosqlite:" + url[len("sqlite:") :]
    if url.startswith(("postgresql:", "postgres:")):
        return "postgresql+psycopg:" + url.split(":", 1)[1]
    return url


def sync_url(url: str) -> str:
    """The blocking driver's URL (for migrations)."""
    return url.replace("sqlite+aiosqlite:", "sqlite:").replace(
        "postgresql+psycopg_async:", "postgresql+psycopg:"
    )


def default_url() -> str:
    """SQLite in the user's data folder: ``vaka serve`` needs no other service."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("vaka"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'vaka.db'}"


def tune_sqlite(engine: Engine) -> None:
    """WAL lets readers work beside the writer; FULL sync makes a commit survive a crash
    of the machine, not just of the process; the busy timeout lets processes take turns."""

    @event.listens_for(engine, "connect")
    def _pragmas(conn: Any, _record: Any) -> None:
        cur = conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=FULL")
        cur.execute("PRAGMA busy_timeout=10000")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()
