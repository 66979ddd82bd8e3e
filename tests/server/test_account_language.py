"""An account keeps the language chosen for its pages: a database of the release before
(schema "0006") upgrades with its accounts kept and none chosen, and the choice is set
through the account's API (SQLite and PostgreSQL)."""

from __future__ import annotations

import time
from pathlib import Path

from alembic import command
from alembic.config import Config
from argon2 import PasswordHasher
from sqlalchemy import create_engine, inspect, text

from tests.server.serverproc import Server
from vaka.server.accounts import name_key
from vaka.server.databases import sync_url
from vaka.server.schema import MIGRATIONS, upgrade

PASSWORD = "correct horse"


def _config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", sync_url(url).replace("%", "%%"))
    return config


def _engine(url: str):  # type: ignore[no-untyped-def]
    return create_engine(sync_url(url).replace("postgresql:", "postgresql+psycopg:"))


def test_accounts_of_the_release_before_upgrade_and_keep_a_language(
    db_url: str, tmp_path: Path
) -> None:
    command.upgrade(_config(db_url), "0006")
    engine = _engine(db_url)
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO users (id, name, name_key, password_hash, created_at)"
                " VALUES ('u0000000000001', 'Ana', :key, :hash, :now)"
            ),
            {"key": name_key("Ana"), "hash": PasswordHasher().hash(PASSWORD), "now": time.time()},
        )
    upgrade(db_url)
    with engine.connect() as conn:
        assert "language" in {c["name"] for c in inspect(conn).get_columns("users")}
        assert conn.execute(text("SELECT name, language FROM users")).all() == [("Ana", None)]
    engine.dispose()
    server = Server(db_url, tmp_path / "server.log").start()
    try:
        with server.client() as client:
            me = client.post("/api/account/login", json={"name": "Ana", "password": PASSWORD})
            assert me.status_code == 200, me.text
            assert me.json()["language"] is None
            csrf = {"X-CSRF-Token": me.json()["csrf"]}
            r = client.post("/api/account/language", json={"language": "de"}, headers=csrf)
            assert r.status_code == 204, r.text
            assert client.get("/api/account").json()["me"]["language"] == "de"
            # a language vaka does not speak is refused and changes nothing
            r = client.post("/api/account/language", json={"language": "fr"}, headers=csrf)
            assert r.status_code in (400, 422) and r.json()["error"]
            r = client.post("/api/account/language", json={"language": "en"})
            assert r.status_code == 403  # no CSRF header: refused
            assert client.get("/api/account").json()["me"]["language"] == "de"
            # kept with the account: a new session (another browser) finds it
            client.cookies.clear()
            again = client.post("/api/account/login", json={"name": "Ana", "password": PASSWORD})
            assert again.json()["language"] == "de"
            r = client.post(
                "/api/account/language",
                json={"language": None},
                headers={"X-CSRF-Token": again.json()["csrf"]},
            )
            assert r.status_code == 204
            assert client.get("/api/account").json()["me"]["language"] is None
            # a guest has no account's language to set
            client.cookies.clear()
            assert client.post("/api/account/language", json={"language": "de"}).status_code == 401
    finally:
        server.stop()


def test_the_language_column_goes_on_downgrade(db_url: str) -> None:
    upgrade(db_url)
    command.downgrade(_config(db_url), "0006")
    engine = _engine(db_url)
    with engine.connect() as conn:
        assert "language" not in {c["name"] for c in inspect(conn).get_columns("users")}
    engine.dispose()
