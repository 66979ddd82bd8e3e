"""Databases for the service's tests: SQLite always, PostgreSQL where one is given.

``VAKA_TEST_PG`` names a PostgreSQL server (``scripts/throwaway-postgres start`` makes
one); each test gets a fresh database on it. Under CI a missing server is an error, not
a skip (tests/conftest.py), so the PostgreSQL half cannot silently stop running.

``server`` starts a fresh ``vaka serve`` for each test. A module whose tests need no
server of their own (each makes its own tables and accounts, and looks only at them)
shares one instead, with ``server = shared_server()`` (see there): starting a server is
most of what such a test costs.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

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


@contextmanager
def _database(kind: str, folder: Path) -> Iterator[str]:
    """A fresh database of ``kind`` ("sqlite": a file in ``folder``), dropped after."""
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'vaka.db'}"
    else:
        yield from _pg_database()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with _database(request.param, tmp_path) as url:
        yield url


@pytest.fixture
def pg_url() -> Iterator[str]:
    yield from _pg_database()


@pytest.fixture
def server(db_url: str, tmp_path: Path) -> Iterator[Server]:
    srv = Server(db_url, tmp_path / "server.log").start()
    yield srv
    srv.stop()


@pytest.fixture
def fresh_server(db_url: str, tmp_path: Path) -> Iterator[Server]:
    """``server`` by another name, for a test whose module shares its ``server``."""
    srv = Server(db_url, tmp_path / "server.log").start()
    yield srv
    srv.stop()


def shared_server(*args: str) -> Any:
    """A module's ``server`` fixture that starts one ``vaka serve`` (with ``args``) on a
    fresh database for all of the module's tests, SQLite and PostgreSQL in turn (the test
    ids are those of ``server``): ``server = shared_server()`` at the module's top.

    Its tests must not depend on each other or on their order: each makes its own
    tables and accounts (names of its own) and reads only those. All of them come from
    one address, so a module whose tests together sign in more often than a fresh
    server's limits allow one address raises those limits in ``args`` (the limits have
    tests of their own, each on a server of its own). With xdist each worker that runs
    some of the module's tests starts its own."""

    @pytest.fixture(scope="module", params=["sqlite", "postgresql"])
    def server(
        request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
    ) -> Iterator[Server]:
        folder = tmp_path_factory.mktemp(f"shared-{request.param}")
        with _database(request.param, folder) as url:
            srv = Server(url, folder / "server.log", None, *args).start()
            yield srv
            srv.stop()

    return server


#: A server that reviews with 1 playout per candidate and 5 search iterations.
TINY = ("--review-playouts", "1", "--review-iterations", "5")


@pytest.fixture
def reviewer(tmp_path: Path) -> Iterator[Server]:
    srv = Server(f"sqlite:///{tmp_path / 'vaka.db'}", tmp_path / "server.log", None, *TINY)
    srv.start()
    yield srv
    srv.stop()
