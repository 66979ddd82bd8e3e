"""Fan-out between server processes sharing PostgreSQL: LISTEN/NOTIFY.

A process that stored a change says so on a channel; every other process catches the
table up and pushes it to its own clients. A stored move is told in its own transaction
and carries the move, which the others follow without reading the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets

import psycopg
from sqlalchemy import text

from vaka.server.pg_writer import dsn
from vaka.server.service import TableService
from vaka.server.store import Store, note, read_note

CHANNEL = "vaka_tables"


class Fanout:
    def __init__(self, store: Store, service: TableService, conn: psycopg.AsyncConnection) -> None:
        self.store = store
        self.service = service
        self.conn = conn
        self.me = secrets.token_hex(6)  # to skip our own notes
        self.task: asyncio.Task[None] | None = None

    @classmethod
    async def start(cls, store: Store, service: TableService) -> Fanout:
        conn = await psycopg.AsyncConnection.connect(dsn(store.engine.url), autocommit=True)
        await conn.execute(f"LISTEN {CHANNEL}")
        fanout = cls(store, service, conn)
        fanout.task = asyncio.create_task(fanout._listen())
        service.on_change = fanout.tell  # seats, chat: moves are told in their transaction
        store.notify = (CHANNEL, fanout.me)
        return fanout

    async def tell(self, table_id: str) -> None:
        """Tell the other processes that ``table_id`` changed."""
        async with self.store.engine.begin() as conn:
            await conn.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": note(self.me, table_id)},
            )

    async def _listen(self) -> None:
        async for heard in self.conn.notifies():
            sender, table_id, move = read_note(heard.payload)
            if sender != self.me:
                await self.service.refresh(table_id, move)

    async def stop(self) -> None:
        self.store.notify = None
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        await self.conn.close()
