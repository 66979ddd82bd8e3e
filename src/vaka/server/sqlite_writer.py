"""SQLite's group commit of moves, on a thread of its own with a plain ``sqlite3`` connection.

Through SQLAlchemy and aiosqlite, one transaction of moves cost the event loop three or
four hand-offs to aiosqlite's thread (begin, the statement, each table's new status, the
commit), each waking the loop, and building the statement. Here a whole batch is one
hand-off: the thread inserts the moves, sets the tables' new status and commits (WAL,
synchronous FULL: durable once the commit returns), then wakes the loop once to answer
every caller. A move is still acknowledged only after its commit.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import sqlite3
import threading
from collections.abc import Callable, Sequence
from typing import Any

#: one move to store: (table, number, seat, kind, action, revealed, at, the table's new status)
Row = tuple[str, int, int, str, str | None, bool, float, str | None]
#: what a batch came to: the (table, number) stored, or the error that stored nothing
Outcome = tuple[set[tuple[str, int]], Exception | None]

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
    """A connection tuned as the store's others are (see ``store.tune_sqlite``); it begins
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
        for table_id, number, seat, kind, action, revealed, at, status in rows:
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


class Writer:
    """The thread and its connection. ``submit`` hands it a batch and returns a future
    answered on the loop once the batch is committed (or has failed)."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._jobs: queue.SimpleQueue[tuple[list[Row], Callable[[Outcome], None]] | None] = (
            queue.SimpleQueue()
        )
        self._thread: threading.Thread | None = None

    def submit(self, rows: list[Row]) -> asyncio.Future[Outcome]:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[Outcome] = loop.create_future()

        def answer(outcome: Outcome) -> None:
            def settle() -> None:
                if not done.done():
                    done.set_result(outcome)

            with contextlib.suppress(RuntimeError):  # the loop closed: nobody is waiting
                loop.call_soon_threadsafe(settle)

        if self._thread is None:
            self._thread = threading.Thread(
                target=self._run, name="vaka-sqlite-writer", daemon=True
            )
            self._thread.start()
        self._jobs.put((rows, answer))
        return done

    def _run(self) -> None:
        """Every batch handed over is answered, whatever happens: a caller waits for it
        with its table locked. A connection that cannot be opened fails the batch and is
        tried again for the next one."""
        conn: sqlite3.Connection | None = None
        try:
            while (job := self._jobs.get()) is not None:
                rows, answer = job
                if conn is None:
                    try:
                        conn = connect(self.path)
                    except Exception as exc:
                        answer((set(), exc))
                        continue
                answer(self._commit(conn, rows))
        finally:
            if conn is not None:
                conn.close()

    @staticmethod
    def _commit(conn: sqlite3.Connection, rows: list[Row]) -> Outcome:
        try:
            return write(conn, rows), None
        except Exception as exc:
            return set(), exc

    def close(self) -> None:
        """Finish the batches handed over, then stop the thread (blocks until then)."""
        if self._thread is not None:
            self._jobs.put(None)
            self._thread.join()
            self._thread = None


def file_path(database: str | None, query: dict[str, Any]) -> str | None:
    """The file a SQLite URL names, or None where a plain connection could not share it
    with the store's others (in memory, URI options)."""
    if not database or database == ":memory:" or query or database.startswith("file:"):
        return None
    return database
