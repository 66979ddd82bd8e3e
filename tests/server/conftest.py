"""Databases for the service's tests: SQLite always, PostgreSQL where one is given.

``VAKA_TEST_PG`` names a PostgreSQL server (``scripts/throwaway-postgres start`` makes
one); each test gets a fresh database on it. Under CI a missing server is an error, not
a skip (tests/conftest.py), so the PostgreSQL half cannot silently stop running.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from tests.server.serverproc import Server

PG = os.environ.get("VAKA_TEST_PG")


def _pg_database() -> Iterator[str]:
    if not PG:
        pytest.skip("no PostgreSQL server (set VAKA_TEST_PG; see scripts/throwaway-postgres)")
    name = f"vaka_test_{secrets.token_hex(6)}"
    with psycopg.connect(PG, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    base = PG.rsplit("/", 1)[0]
    yield f"{base}/{name}"
    with psycopg.connect(PG, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'vaka.db'}"
    else:
        yield from _pg_database()


@pytest.fixture
def pg_url() -> Iterator[str]:
    yield from _pg_database()


@pytest.fixture
def server(db_url: str, tmp_path: Path) -> Iterator[Server]:
    srv = Server(db_url, tmp_path / "server.log").start()
    yield srv
    srv.stop()


#: A server that reviews with 1 playout per candidate and 5 search iterations.
TINY = ("--review-playouts", "1", "--review-iterations", "5")


@pytest.fixture
def reviewer(tmp_path: Path) -> Iterator[Server]:
    srv = Server(f"sqlite:///{tmp_path / 'vaka.db'}", tmp_path / "server.log", None, *TINY)
    srv.start()
    yield srv
    srv.stop()
