"""SQLite's group commit of moves (``writer``), with a plain ``sqlite3`` connection: WAL,
synchronous FULL, so a move is durable once its commit returns."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any

from vaka.server.writer import Row, Writer

INSERT = (
    "INSERT INTO moves (table_id, number, seat, kind, action, revealed, at) "
    "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, number) DO NOTHING"
)
STATUS = {
    "playing": "UPDATE tables SET status = ?, started_at = ? WHERE id = ?",
    "over": "UPDATE tables SET status = ?, finished_at = ? WHERE id = ?",
}
OTHER_STATUS = "UPDATE tables SET status = ? WHERE id = ?"


def connect(path: str) -> sqlite3.Connection:
    """A connection tuned as the store's others are (see ``databases.tune_sqlite``); it begins
    and commits its transactions itself. The busy timeout comes first, with the opening:
    switching to WAL takes a lock that another process may hold for a moment."""
    conn = sqlite3.connect(path, timeout=10.0, isolation_level=None, check_same_thread=False)
    try:
        conn.execute("PRAGMA busy_timeout=10000")
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
    except BaseException:
        conn.close()
        raise
    return conn


def write(conn: sqlite3.Connection, rows: Sequence[Row]) -> set[tuple[str, int]]:
    """One transaction: the moves whose numbers are free and their tables' new status;
    the (table, number) stored. Raises, having stored nothing, if any row fails."""
    stored: set[tuple[str, int]] = set()
    conn.execute("BEGIN IMMEDIATE")
    try:
        for table_id, number, seat, kind, action, revealed, at, status, _note in rows:
            if conn.execute(INSERT, (table_id, number, seat, kind, action, revealed, at)).rowcount:
                stored.add((table_id, number))
                if status in STATUS:
                    conn.execute(STATUS[status], (status, at, table_id))
                elif status is not None:
                    conn.execute(OTHER_STATUS, (status, table_id))
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return stored


def writer(path: str) -> Writer[sqlite3.Connection]:
    """The thread committing moves to the SQLite file at ``path``."""
    return Writer(lambda: connect(path), write, "vaka-sqlite-writer")


def file_path(database: str | None, query: dict[str, Any]) -> str | None:
    """The file a SQLite URL names, or None where a plain connection could not share it
    with the store's others (in memory, URI options)."""
    if not database or database == ":memory:" or query or database.startswith("file:"):
        return None
    return database
