"""A finished table is recorded exactly once: two server processes on one PostgreSQL
database, two recorders racing, and a server stopped before it could record a game."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, text

from tests.server.serverproc import Server
from tests.server.test_people import Person, rated_game
from vaka.server.databases import sync_url
from vaka.server.results import Results
from vaka.server.store import Store
from vaka.server.table import Table


def rows(url: str, sql: str, **params: Any) -> list[tuple[Any, ...]]:
    engine = create_engine(sync_url(url).replace("postgresql:", "postgresql+psycopg:"))
    with engine.begin() as conn:
        found = conn.execute(text(sql), params)
        result = [tuple(r) for r in found.all()] if found.returns_rows else []
    engine.dispose()
    return result


def forget(url: str, table: str) -> None:
    """The database as a crash between a game's last move and its recording leaves it
    (the recording is one transaction): no results, and the ratings as before."""
    rows(url, "DELETE FROM results WHERE table_id = :t", t=table)
    rows(url, "DELETE FROM ratings")


def recorded(url: str, table: str) -> list[tuple[Any, ...]]:
    return rows(
        url,
        "SELECT user_id, seat, before, after FROM results WHERE table_id = :t ORDER BY seat",
        t=table,
    )


def rated_games(url: str) -> list[tuple[Any, ...]]:
    return rows(url, "SELECT user_id, games, shown FROM ratings ORDER BY user_id")


def test_two_processes_record_a_table_once(pg_url: str, tmp_path: Path) -> None:
    one = Server(pg_url, tmp_path / "one.log").start()
    two = Server(pg_url, tmp_path / "two.log").start()
    try:
        ana = Person(one, "Ana")
        bea = Person(one, "Bea")
        for seed in range(2):
            made = ana.make("rapa-nui", ["me", "open"], rated=True)
            table = made["table"]["id"]
            # Bea plays on the other process: each learns of the other's moves by notes
            with httpx.Client(base_url=two.url, cookies=bea.http.cookies, timeout=30) as her:
                her.headers.update({"Origin": two.url, "X-CSRF-Token": bea.csrf})
                r = her.post(f"/api/tables/{table}/seats/1", json={"name": "Bea"})
                assert r.status_code == 201, r.text
                token = r.json()["token"]
                end = play_two(ana.http, her, table, made["tokens"]["0"], token, seed)
                changes = end["table"]["ratings"]
                assert len(changes) == 2
                deadline = time.monotonic() + 20
                while her.get(f"/api/tables/{table}").json()["ratings"] != changes:
                    assert time.monotonic() < deadline, "the other process never showed them"
                    time.sleep(0.1)
        assert [games for _, games, _ in rated_games(pg_url)] == [2, 2]
    finally:
        one.stop()
        two.stop()


def play_two(
    a: httpx.Client, b: httpx.Client, table: str, ta: str, tb: str, seed: int
) -> dict[str, Any]:
    """Seat 0 plays through ``a``, seat 1 through ``b`` (two processes), to the end."""
    import random

    from tests.server.wire import act, state

    rnd = random.Random(seed)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        for client, token in ((a, ta), (b, tb)):
            now = state(client, table, token)
            if now["table"]["status"] == "over":
                return state(a, table, ta)
            if now["legal"]:
                act(client, table, token, rnd.choice(now["legal"])["action"], now["version"])
    raise AssertionError("the game did not end in time")


def test_two_recorders_racing_record_a_table_once(pg_url: str, tmp_path: Path) -> None:
    server = Server(pg_url, tmp_path / "server.log").start()
    try:
        ana, bea = Person(server, "Ana"), Person(server, "Bea")
        end = rated_game(ana, bea)
    finally:
        server.stop()
    table = end["table"]["id"]
    first = recorded(pg_url, table)
    assert len(first) == 2

    async def race() -> None:
        stores = [Store(pg_url) for _ in range(4)]
        try:
            data = await stores[0].load(table)
            assert data is not None
            tables = [Table.build(data) for _ in stores]
            await asyncio.gather(
                *(Results(s).record(t) for s, t in zip(stores, tables, strict=True))
            )
        finally:
            for s in stores:
                await s.close()

    for _ in range(5):
        forget(pg_url, table)
        asyncio.run(race())
        assert recorded(pg_url, table) == first
        assert [games for _, games, _ in rated_games(pg_url)] == [1, 1]


def test_a_game_over_before_a_restart_is_recorded_after_it(db_url: str, tmp_path: Path) -> None:
    server = Server(db_url, tmp_path / "server.log").start()
    ana, bea = Person(server, "Ana"), Person(server, "Bea")
    end = rated_game(ana, bea)
    table = end["table"]["id"]
    server.stop()
    first, ratings = recorded(db_url, table), rated_games(db_url)
    forget(db_url, table)
    server.start()
    try:
        assert recorded(db_url, table) == first  # at start, before anyone asks
        assert rated_games(db_url) == ratings
        with server.client() as client:
            assert client.get(f"/api/tables/{table}").json()["ratings"] == end["table"]["ratings"]
    finally:
        server.stop()
