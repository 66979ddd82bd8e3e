"""Bringing a database's schema up to date with the migrations shipped in the package."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config

from vaka.server.databases import sync_url

MIGRATIONS = Path(__file__).parent / "migrations"


def upgrade(url: str) -> None:
    """Apply every migration the database lacks (creating the tables on a new one)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", sync_url(url).replace("%", "%%"))
    command.upgrade(config, "head")
