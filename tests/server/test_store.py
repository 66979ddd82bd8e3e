"""The move log's group commit: moves of many tables share a transaction, and each caller
still hears about its own move only (stored, or its number already taken)."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from pathlib import Path
from typing import Any

import psycopg
import pytest

from vaka.server import pg_writer
from vaka.server.schema import upgrade
from vaka.server.store import Move, MoveTaken, Seat, Store, TableData, note, read_note


def _table(table_id: str) -> TableData:
    return TableData(
        id=table_id,
        game="rapa-nui",
        players=2,
        options={},
        seed=7,
        clock={"kind": "none"},
        policy="bot",
        status="playing",
        created_at=time.time(),
        seats=[Seat(0, "human", "A"), Seat(1, "human", "B")],
    )


def _move(number: int, action: str) -> Move:
    return Move(number, 0, "act", action, False, time.time())


async def _outcome(store: Store, table_id: str, move: Move, status: str | None = None) -> str:
    try:
        await store.append(table_id, move, status)
    except MoveTaken:
        return "taken"
    return "stored"


def test_moves_of_many_tables_share_a_commit_and_each_caller_hears_its_own(
    db_url: str,
) -> None:
    upgrade(db_url)

    async def go() -> None:
        store = Store(db_url)
        ids = [f"t{i}" for i in range(12)]
        for table_id in ids:
            await store.create(_table(table_id))
        await store.append("t3", _move(1, "first"))  # t3's move 1 is taken already
        before = store.move_transactions
        got = await asyncio.gather(
            *(_outcome(store, t, _move(1, f"mine {t}")) for t in ids),
            _outcome(store, "t5", _move(2, "last"), status="over"),
        )
        assert got[3] == "taken"
        assert got.count("stored") == 12
        assert 1 <= store.move_transactions - before <= 2  # not one commit per move
        for table_id in ids:
            data = await store.load(table_id)
            assert data is not None
            want = "first" if table_id == "t3" else f"mine {table_id}"
            assert data.moves[0].action == want
        over = await store.load("t5")
        assert over is not None and over.status == "over" and len(over.moves) == 2
        await store.close()

    asyncio.run(go())


def test_a_move_that_cannot_be_stored_fails_only_its_caller(db_url: str) -> None:
    upgrade(db_url)

    async def go() -> None:
        store = Store(db_url)
        await store.create(_table("real"))
        got = await asyncio.gather(
            _outcome(store, "real", _move(1, "fine")),
            _outcome(store, "nowhere", _move(1, "no such table")),  # a foreign key fails
            return_exceptions=True,
        )
        assert got[0] == "stored"
        assert isinstance(got[1], Exception) and not isinstance(got[1], MoveTaken)
        data = await store.load("real")
        assert data is not None and [m.action for m in data.moves] == ["fine"]
        await store.close()

    asyncio.run(go())


def test_postgres_hears_of_a_stored_move_from_its_own_transaction(pg_url: str) -> None:
    upgrade(pg_url)

    async def go() -> None:
        store = Store(pg_url)
        store.notify = ("vaka_test", "me")
        for table_id in ("a", "b"):
            await store.create(_table(table_id))
        await store.append("b", _move(1, "first"))
        listener = await psycopg.AsyncConnection.connect(pg_url, autocommit=True)
        await listener.execute("LISTEN vaka_test")
        mine = _move(1, "x")
        got = await asyncio.gather(_outcome(store, "a", mine), _outcome(store, "b", _move(1, "y")))
        assert got == ["stored", "taken"]
        heard: list[Any] = []

        async def hear() -> None:
            async for got_note in listener.notifies():
                heard.append(got_note.payload)

        with contextlib.suppress(TimeoutError):  # a second to hear everything sent
            await asyncio.wait_for(hear(), 1.0)
        # the move itself, which the others follow without a query; nothing for b
        assert [read_note(n) for n in heard] == [("me", "a", mine)]
        assert read_note(note("me", "a")) == ("me", "a", None)  # a change that is no move
        await listener.close()
        await store.close()

    asyncio.run(go())


def test_postgres_moves_go_on_after_the_writers_connection_is_cut(pg_url: str) -> None:
    """The writer's connection may break (the database restarted, a proxy cut it): the
    batch on it fails, the moves are tried again on a new connection, and nothing stored
    is lost or stored twice."""
    upgrade(pg_url)

    async def go() -> None:
        store = Store(pg_url)
        await store.create(_table("t"))
        await store.append("t", _move(1, "before"))
        with psycopg.connect(pg_url, autocommit=True) as admin:
            cut = admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE application_name = %s",
                (pg_writer.NAME,),
            ).fetchall()
        assert cut == [(True,)]
        assert await _outcome(store, "t", _move(2, "after")) == "stored"
        assert await _outcome(store, "t", _move(2, "again")) == "taken"
        data = await store.load("t")
        assert data is not None and [m.action for m in data.moves] == ["before", "after"]
        await store.close()

    asyncio.run(go())


def test_a_move_whose_database_cannot_be_opened_fails_rather_than_waits(tmp_path: Path) -> None:
    """SQLite's moves are committed on a thread of its own: when it cannot even open the
    database, the caller hears so (an error, nothing stored) instead of waiting for ever
    with its table locked."""
    store = Store(f"sqlite:///{tmp_path / 'no such folder' / 'vaka.db'}")

    async def go() -> None:
        for number in (1, 2):  # and again: the thread is still there to answer
            with pytest.raises(sqlite3.OperationalError):
                await asyncio.wait_for(store.append("t", _move(number, "lost")), 20)
        await store.close()

    asyncio.run(go())
