"""PostgreSQL's group commit of moves (``writer``), with a plain blocking psycopg connection.

A batch is three statements in one transaction, whatever its size: the moves (one insert of
arrays, answering which numbers were free), the new status of tables whose game started or
ended, and the notes to other processes (``vaka.server.notify``), sent only for the moves
stored and only once the transaction commits, so no process hears of a move that is lost.
"""

from __future__ import annotations

from collections.abc import Sequence

import psycopg
from sqlalchemy.engine import URL

from vaka.server.writer import Row, Unsent, Writer

NAME = "vaka moves"  # the writer's connection, as PostgreSQL lists it

INSERT = (
    "INSERT INTO moves (table_id, number, seat, kind, action, revealed, at) "
    "SELECT * FROM unnest(%s::varchar[], %s::int[], %s::int[], %s::varchar[], %s::text[], "
    "%s::bool[], %s::float8[]) "
    "ON CONFLICT (table_id, number) DO NOTHING RETURNING table_id, number"
)
STATUS = (
    "UPDATE tables SET status = s.status, "
    "started_at = CASE WHEN s.status = 'playing' THEN s.at ELSE started_at END, "
    "finished_at = CASE WHEN s.status = 'over' THEN s.at ELSE finished_at END "
    "FROM unnest(%s::varchar[], %s::varchar[], %s::float8[]) AS s(id, status, at) "
    "WHERE tables.id = s.id"
)
NOTIFY = (
    "SELECT pg_notify(n.channel, n.payload) "
    "FROM unnest(%s::text[], %s::text[]) AS n(channel, payload)"
)


def dsn(url: URL) -> str:
    """A libpq connection string for the database a SQLAlchemy URL names."""
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


def write(conn: psycopg.Connection, rows: Sequence[Row]) -> set[tuple[str, int]]:
    """One transaction: the moves whose numbers are free, their tables' new status and the
    notes of them; the (table, number) stored. Raises, having stored nothing, if it fails."""
    columns = [list(column) for column in zip(*(row[:7] for row in rows), strict=True)]
    try:
        try:  # the transaction begins with this statement
            inserted = conn.execute(INSERT, columns).fetchall()
        except psycopg.OperationalError as exc:
            if conn.broken:  # found so by the batch's first statement: nothing was stored
                raise Unsent from exc
            raise
        stored = {(t, n) for t, n in inserted}
        kept = [row for row in rows if (row[0], row[1]) in stored]
        changed = [(row[0], row[7], row[6]) for row in kept if row[7] is not None]
        if changed:
            conn.execute(STATUS, [list(column) for column in zip(*changed, strict=True)])
        notes = [row[8] for row in kept if row[8] is not None]
        if notes:
            conn.execute(NOTIFY, [list(column) for column in zip(*notes, strict=True)])
        conn.commit()
    except BaseException:
        if not conn.broken:
            conn.rollback()
        raise
    return stored


def writer(url: URL) -> Writer[psycopg.Connection]:
    """The thread committing moves to the PostgreSQL database ``url`` names."""
    address = dsn(url)
    return Writer(
        lambda: psycopg.connect(address, application_name=NAME), write, "vaka-postgres-writer"
    )
