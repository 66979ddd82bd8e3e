"""Alembic's entry point: runs the migrations on the URL the caller set."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from vaka.server.databases import sync_url, tune_sqlite
from vaka.server.models import Base

url = sync_url(context.config.get_main_option("sqlalchemy.url") or "")
engine = create_engine(url)
if url.startswith("sqlite"):
    tune_sqlite(engine)
with engine.connect() as connection:
    context.configure(connection=connection, target_metadata=Base.metadata)
    with context.begin_transaction():
        context.run_migrations()
engine.dispose()
