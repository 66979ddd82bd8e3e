"""Storage: tables, seats (token hashes), the move log and chat, in SQL.

A table's truth is its stored log: the service rebuilds the game by replaying it. A move is
acknowledged only once its row is committed, and the key (table, number) lets exactly one
writer store a given move number, however many processes share the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine

from vaka.core.errors import VakaError
from vaka.server import sqlite_writer
from vaka.server.databases import async_url, tune_sqlite

# the rows, named here too: other modules import them from the store
from vaka.server.rows import Base as Base
from vaka.server.rows import ChatRow as ChatRow
from vaka.server.rows import MoveRow as MoveRow
from vaka.server.rows import SeatRow as SeatRow
from vaka.server.rows import SessionRow as SessionRow
from vaka.server.rows import TableRow as TableRow
from vaka.server.rows import UserRow as UserRow
from vaka.server.writer import Writer

_NO_LOCK = contextlib.nullcontext()  # PostgreSQL: its writers need no turns


class MoveTaken(VakaError):
    """Another writer stored this move number first: the caller's copy is stale."""


@dataclass(slots=True)
class Seat:
    seat: int
    kind: str
    name: str | None = None
    level: str | None = None
    token_hash: str | None = None
    user_id: str | None = None  # the account it belongs to, if any


@dataclass(slots=True)  # a table keeps one per event, for as long as it is in memory
class Move:
    number: int
    seat: int
    kind: str
    action: str | None
    revealed: bool
    at: float


@dataclass
class Chat:
    seat: int | None
    name: str
    text: str
    at: float


@dataclass(slots=True)
class TableData:
    """Everything stored about one table."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    clock: dict[str, Any]
    policy: str
    status: str
    created_at: float
    started_at: float | None = None
    finished_at: float | None = None
    seats: list[Seat] = field(default_factory=list)
    rated: bool = False
    #: listed nowhere; seen only with a token of one of its seats
    private: bool = False
    moves: Sequence[Move] = field(default_factory=list)  # a table's: vaka.server.moves
    chat: list[Chat] = field(default_factory=list)
    #: once over and kept: how it ended (JSON, vaka.server.endings)
    ending: str | None = None


#: A move waiting to be committed: table, move, the table's new status, the caller's answer.
Pending = tuple[str, Move, str | None, "asyncio.Future[bool]"]
BATCH = 500  # moves in one transaction at most
NOTE_MAX = 7000  # characters: PostgreSQL's NOTIFY takes under 8000 bytes


def note(sender: str, table_id: str, move: Move | None = None) -> str:
    """A note to other processes, ``sender:table[:move]``: the move itself where it fits
    (they follow it without reading the database), else only that the table changed."""
    head = f"{sender}:{table_id}"
    if move is None:
        return head
    body = json.dumps([move.number, move.seat, move.kind, move.action, move.revealed, move.at])
    return f"{head}:{body}" if len(head) + len(body) < NOTE_MAX else head


def read_note(payload: str) -> tuple[str, str, Move | None]:
    """(sender, table, the move if the note carries one)."""
    sender, _, rest = payload.partition(":")
    table_id, _, body = rest.partition(":")
    return sender, table_id, Move(*json.loads(body)) if body else None


class Store:
    """Async access to the tables. One per process; safe to share between tasks."""

    def __init__(self, url: str) -> None:
        self.url = async_url(url)
        self.engine: AsyncEngine = create_async_engine(self.url)
        if self.url.startswith("sqlite"):
            tune_sqlite(self.engine.sync_engine)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        #: moves are committed on a thread of their own (vaka.server.writer), except to
        #: SQLite in memory, which only the engine's own connection can share
        self._writer: Writer[Any] | None = None
        if self.url.startswith("sqlite"):
            path = sqlite_writer.file_path(self.engine.url.database, dict(self.engine.url.query))
            self._writer = sqlite_writer.writer(path) if path else None
        elif self.is_postgres:
            from vaka.server import pg_writer

            self._writer = pg_writer.writer(self.engine.url)
        self._write_lock = asyncio.Lock() if self.url.startswith("sqlite") else None
        self._pending: list[Pending] = []  # moves waiting for the next group commit
        self._committer: asyncio.Task[None] | None = None
        #: transactions of moves tried so far (how well the group commit groups them)
        self.move_transactions = 0
        #: (channel, sender): a PostgreSQL NOTIFY sent in each move's own transaction
        self.notify: tuple[str, str] | None = None

    def _writing(self) -> contextlib.AbstractAsyncContextManager[Any]:
        """SQLite has one writer at a time: this process's writers queue here, in order,
        rather than race for the file's lock and time out under load. (The lock itself,
        not a generator around it: every move's commit goes through here.)"""
        return self._write_lock if self._write_lock is not None else _NO_LOCK

    #: for modules that keep their own rows beside the tables (accounts, reviews)
    writing = _writing

    @property
    def is_postgres(self) -> bool:
        return self.engine.dialect.name == "postgresql"

    async def close(self) -> None:
        if self._committer is not None:
            await asyncio.wait([self._committer])
        if self._writer is not None:
            await asyncio.to_thread(self._writer.close)
        await self.engine.dispose()

    async def create(self, data: TableData) -> None:
        async with self._writing(), self.sessions.begin() as s:
            s.add(
                TableRow(
                    id=data.id,
                    game=data.game,
                    players=data.players,
                    options=json.dumps(data.options),
                    seed=data.seed,
                    clock=json.dumps(data.clock),
                    policy=data.policy,
                    status=data.status,
                    created_at=data.created_at,
                    started_at=data.started_at,
                    rated=data.rated,
                    private=data.private,
                )
            )
            await s.flush()
            s.add_all(
                SeatRow(
                    table_id=data.id,
                    seat=seat.seat,
                    kind=seat.kind,
                    name=seat.name,
                    level=seat.level,
                    token_hash=seat.token_hash,
                    user_id=seat.user_id,
                )
                for seat in data.seats
            )

    async def load(self, table_id: str, after: int = 0) -> TableData | None:
        """A table as stored, with its moves numbered above ``after`` (all by default: a
        process catching up asks only for what it has not seen)."""
        async with self.sessions() as s:
            row = await s.get(TableRow, table_id)
            if row is None:
                return None
            seats = (
                await s.scalars(
                    select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
                )
            ).all()
            moves = await self._moves(s, table_id, after)
            chat = (
                await s.scalars(
                    select(ChatRow).where(ChatRow.table_id == table_id).order_by(ChatRow.id)
                )
            ).all()
        data = _data(row, seats)
        data.moves = moves
        data.chat = [Chat(c.seat, c.name, c.text, c.at) for c in chat]
        return data

    async def headers(self, table_ids: Sequence[str]) -> list[TableData]:
        """These tables as stored, without their moves and chat (two queries for all:
        enough to list finished games by their endings); ids not found are left out."""
        if not table_ids:
            return []
        async with self.sessions() as s:
            rows = (await s.scalars(select(TableRow).where(TableRow.id.in_(table_ids)))).all()
            seats: dict[str, list[SeatRow]] = {}
            query = select(SeatRow).where(SeatRow.table_id.in_(table_ids)).order_by(SeatRow.seat)
            for seat in (await s.scalars(query)).all():
                seats.setdefault(seat.table_id, []).append(seat)
        return [_data(row, seats.get(row.id, [])) for row in rows]

    async def keep_ending(self, table_id: str, ending: str) -> None:
        """Keep a finished table's ending (the first one written stays: all are alike)."""
        async with self._writing(), self.sessions.begin() as s:
            await s.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.ending.is_(None))
                .values(ending=ending)
            )

    @staticmethod
    async def _moves(s: Any, table_id: str, after: int) -> list[Move]:
        rows = (
            await s.scalars(
                select(MoveRow)
                .where(MoveRow.table_id == table_id, MoveRow.number > after)
                .order_by(MoveRow.number)
            )
        ).all()
        return [Move(r.number, r.seat, r.kind, r.action, r.revealed, r.at) for r in rows]

    async def append(self, table_id: str, move: Move, status: str | None = None) -> None:
        """Store one move (and the table's new status); :class:`MoveTaken` if that number
        is already stored. Returns only once committed.

        Moves of different tables that arrive while a commit is under way are committed
        together in the next transaction (group commit): each caller still returns only
        after its own move is committed, but the many tables of a busy server share one
        transaction's round trips and one disk sync."""
        done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._pending.append((table_id, move, status, done))
        if self._committer is None or self._committer.done():
            self._committer = asyncio.create_task(self._commit_pending())
        if not await done:
            raise MoveTaken(f"move {move.number} of table {table_id} is already stored")

    async def _commit_pending(self) -> None:
        while self._pending:
            batch, self._pending = self._pending[:BATCH], self._pending[BATCH:]
            try:
                await self._commit(batch)
            except BaseException:  # cancelled (shutting down): nobody is left waiting
                for *_, done in batch + self._pending:
                    done.cancel()
                raise

    async def _commit(self, batch: list[Pending]) -> None:
        """Commit a batch and answer its callers. If the transaction fails (nothing of it
        is stored), each move is tried again alone, so one bad move fails only its caller."""
        failed: Exception | None = None
        try:
            stored = await self._insert(batch)
        except Exception as exc:
            if len(batch) > 1:
                for one in batch:
                    await self._commit([one])
                return
            stored, failed = set(), exc
        for table_id, move, _, done in batch:
            if done.done():
                continue
            if failed is not None:
                done.set_exception(failed)
            else:
                done.set_result((table_id, move.number) in stored)

    async def _insert(self, batch: list[Pending]) -> set[tuple[str, int]]:
        """One transaction: the moves whose numbers are free, their tables' new status,
        and (with PostgreSQL) the note to other processes; the (table, number) stored."""
        self.move_transactions += 1
        if self._writer is not None:
            notify = self.notify
            async with self._writing():
                stored, failed = await self._writer.submit(
                    [
                        (
                            t,
                            m.number,
                            m.seat,
                            m.kind,
                            m.action,
                            m.revealed,
                            m.at,
                            st,
                            None if notify is None else (notify[0], note(notify[1], t, m)),
                        )
                        for t, m, st, _ in batch
                    ]
                )
            if failed is not None:
                raise failed
            return stored
        # SQLite in memory (tests, trials): through the engine's own connection
        rows = [
            {
                "table_id": table_id,
                "number": m.number,
                "seat": m.seat,
                "kind": m.kind,
                "action": m.action,
                "revealed": m.revealed,
                "at": m.at,
            }
            for table_id, m, _, _ in batch
        ]
        statement = (
            sqlite_insert(MoveRow)
            .on_conflict_do_nothing(index_elements=["table_id", "number"])
            .returning(MoveRow.table_id, MoveRow.number)
        )
        async with self._writing(), self.engine.begin() as conn:
            stored = {(t, n) for t, n in (await conn.execute(statement, rows)).all()}
            for table_id, move, status, _ in batch:
                if status is not None and (table_id, move.number) in stored:
                    await self._set_status(conn, table_id, status, move.at)
        return stored

    async def set_status(self, table_id: str, status: str) -> None:
        async with self._writing(), self.sessions.begin() as s:
            await self._set_status(s, table_id, status, time.time())

    @staticmethod
    async def _set_status(s: Any, table_id: str, status: str, at: float) -> None:
        values: dict[str, Any] = {"status": status}
        if status == "playing":
            values["started_at"] = at
        elif status == "over":
            values["finished_at"] = at
        await s.execute(update(TableRow).where(TableRow.id == table_id).values(**values))

    async def take_seat(self, table_id: str, seat: Seat) -> tuple[bool, bool]:
        """Fill an open seat: (taken, and with it the last open seat, so the game starts).
        False if someone else took it first. The seat and the table's start are one
        transaction, the table's row locked first: of two processes filling a table's last
        two seats at once, the second to commit sees the first's seat and starts the game."""
        async with self._writing(), self.sessions.begin() as s:
            if self.is_postgres:
                await s.execute(
                    select(TableRow.id).where(TableRow.id == table_id).with_for_update()
                )
            result = await s.execute(
                update(SeatRow)
                .where(
                    SeatRow.table_id == table_id, SeatRow.seat == seat.seat, SeatRow.kind == "open"
                )
                .values(
                    kind=seat.kind,
                    name=seat.name,
                    level=seat.level,
                    token_hash=seat.token_hash,
                    user_id=seat.user_id,
                )
            )
            if getattr(result, "rowcount", 0) != 1:
                return False, False
            still_open = await s.scalar(
                select(func.count())
                .select_from(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.kind == "open")
            )
            if still_open:
                return True, False
            await self._set_status(s, table_id, "playing", time.time())
            return True, True

    async def rename_seat(self, table_id: str, seat: int, name: str) -> None:
        async with self._writing(), self.sessions.begin() as s:
            await s.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                .values(name=name)
            )

    async def add_chat(self, table_id: str, chat: Chat) -> None:
        async with self._writing(), self.sessions.begin() as s:
            s.add(
                ChatRow(
                    table_id=table_id, seat=chat.seat, name=chat.name, text=chat.text, at=chat.at
                )
            )

    async def table_ids(self, statuses: Sequence[str], limit: int = 200) -> list[str]:
        async with self.sessions() as s:
            rows = await s.scalars(
                select(TableRow.id)
                .where(TableRow.status.in_(list(statuses)))
                .order_by(TableRow.created_at.desc())
                .limit(limit)
            )
            return list(rows.all())

    async def count(self, statuses: Sequence[str]) -> int:
        """How many tables have one of these statuses."""
        async with self.sessions() as s:
            found = await s.scalar(
                select(func.count()).select_from(TableRow).where(TableRow.status.in_(statuses))
            )
            return int(found or 0)

    async def listed(
        self,
        status: str,
        game: str | None = None,
        players: int | None = None,
        rated: bool | None = None,
        limit: int = 200,
    ) -> list[str]:
        """The ids of the tables any visitor may see listed (never a private one), newest
        first, narrowed to a game, a player count, rated or not."""
        query = select(TableRow.id).where(TableRow.status == status, TableRow.private.is_(False))
        if game is not None:
            query = query.where(TableRow.game == game)
        if players is not None:
            query = query.where(TableRow.players == players)
        if rated is not None:
            query = query.where(TableRow.rated.is_(rated))
        async with self.sessions() as s:
            rows = await s.scalars(query.order_by(TableRow.created_at.desc()).limit(limit))
            return list(rows.all())


def _data(row: TableRow, seats: Sequence[SeatRow]) -> TableData:
    """A table's stored data from its row and its seats' rows (no moves, no chat)."""
    return TableData(
        id=row.id,
        game=row.game,
        players=row.players,
        options=json.loads(row.options),
        seed=row.seed,
        clock=json.loads(row.clock),
        policy=row.policy,
        status=row.status,
        created_at=row.created_at,
        started_at=row.started_at,
        finished_at=row.finished_at,
        seats=[Seat(r.seat, r.kind, r.name, r.level, r.token_hash, r.user_id) for r in seats],
        rated=row.rated,
        private=row.private,
        ending=row.ending,
    )
