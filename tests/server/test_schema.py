"""The schema: migrations make exactly what the models describe; `vaka db upgrade`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, inspect

from vaka.server.databases import sync_url
from vaka.server.models import Base
from vaka.server.schema import upgrade


def test_the_migrations_build_the_models_schema(db_url: str) -> None:
    upgrade(db_url)
    upgrade(db_url)  # a second run finds nothing to do
    engine = create_engine(sync_url(db_url).replace("postgresql:", "postgresql+psycopg:"))
    with engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
        tables = set(inspect(conn).get_table_names())
    engine.dispose()
    assert diff == []
    assert {"tables", "seats", "moves", "chat", "reviews", "mail_outbox"} <= tables
    assert "alembic_version" in tables


def test_db_upgrade_makes_a_database_in_the_users_data_folder(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "COLUMNS": "200", "NO_COLOR": "1"}
    env.pop("VAKA_DB", None)
    done = subprocess.run(
        [sys.executable, "-m", "vaka", "db", "upgrade"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "vaka" / "vaka.db").exists()
    assert "up to date" in done.stdout
