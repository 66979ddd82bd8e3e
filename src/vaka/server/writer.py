"""The group commit of moves on a thread of its own, with a plain connection of the database.

Through SQLAlchemy's async engine, one transaction of moves cost the event loop a hand-off
per statement (begin, the insert, each table's new status, the note to other processes,
the commit), each waking the loop, and the building of every statement: with PostgreSQL
about a third of the loop's time at 2,000 tables (docs/PERFORMANCE.md). Here a whole batch
is one hand-off: the thread stores it and commits, then wakes the loop once to answer every
caller. A move is still acknowledged only after its commit. The statements are each
database's own (``sqlite_writer``, ``pg_writer``).
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable
from typing import Any, Generic, Protocol, TypeVar

#: one move to store: (table, number, seat, kind, action, revealed, at, the table's new
#: status, the note telling other processes of it: (channel, payload) or None)
Row = tuple[str, int, int, str, str | None, bool, float, str | None, tuple[str, str] | None]
#: what a batch came to: the (table, number) stored, or the error that stored nothing
Outcome = tuple[set[tuple[str, int]], Exception | None]


class Unsent(Exception):
    """A batch that failed before any of it reached the database, its connection found
    broken (raised from the cause): it is tried once more on a new connection."""


class Connection(Protocol):
    def close(self) -> Any: ...


C = TypeVar("C", bound=Connection)


class Writer(Generic[C]):
    """The thread and its connection. ``submit`` hands it a batch and returns a future
    answered on the loop once the batch is committed (or has failed). ``write`` stores a
    batch in one transaction, or raises having stored nothing."""

    def __init__(
        self,
        connect: Callable[[], C],
        write: Callable[[C, list[Row]], set[tuple[str, int]]],
        name: str,
    ) -> None:
        self.connect, self.write, self.name = connect, write, name
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
            self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
            self._thread.start()
        self._jobs.put((rows, answer))
        return done

    def _run(self) -> None:
        """Every batch handed over is answered, whatever happens: a caller waits for it
        with its table locked. A connection that cannot be opened fails the batch and is
        tried again for the next one; one that failed a batch is opened anew (the
        database may have restarted), at once for a batch that never reached it."""
        conn: C | None = None
        try:
            while (job := self._jobs.get()) is not None:
                rows, answer = job
                for _try in range(2):
                    try:
                        if conn is None:
                            conn = self.connect()
                        answer((self.write(conn, rows), None))
                        break
                    except Exception as exc:
                        if conn is not None:
                            with contextlib.suppress(Exception):
                                conn.close()
                            conn = None
                        if not isinstance(exc, Unsent) or _try:
                            cause = exc.__cause__ if isinstance(exc, Unsent) else None
                            answer((set(), cause if isinstance(cause, Exception) else exc))
                            break
        finally:
            if conn is not None:
                conn.close()

    def close(self) -> None:
        """Finish the batches handed over, then stop the thread (blocks until then)."""
        if self._thread is not None:
            self._jobs.put(None)
            self._thread.join()
            self._thread = None
