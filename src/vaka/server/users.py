"""Storage of accounts: users, their sessions, and which seats belong to whom, in SQL.

Kept beside :mod:`vaka.server.store` (the tables' storage) and sharing its engine: the
rules (names, passwords, throttling) are in :mod:`vaka.server.accounts`.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sqlalchemy import and_, delete, or_, select, update
from sqlalchemy.exc import IntegrityError

from vaka.server.store import ChatRow, SeatRow, SessionRow, Store, TableRow, UserRow

#: What a deleted account's name becomes wherever it was shown.
FORMER = "a former player"


class Users:
    """Async access to accounts; one per process, on the process's :class:`Store`."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def create(self, row: UserRow) -> bool:
        """Store a new account; False (and nothing stored) if its name's key is taken."""
        try:
            async with self.store.writing(), self.store.sessions.begin() as s:
                s.add(row)
        except IntegrityError:
            return False
        return True

    async def by_key(self, name_key: str) -> UserRow | None:
        async with self.store.sessions() as s:
            found: UserRow | None = await s.scalar(
                select(UserRow).where(UserRow.name_key == name_key)
            )
            return found

    async def by_id(self, user_id: str) -> UserRow | None:
        async with self.store.sessions() as s:
            return await s.get(UserRow, user_id)

    async def set_language(self, user_id: str, language: str | None) -> None:
        async with self.store.writing(), self.store.sessions.begin() as s:
            await s.execute(update(UserRow).where(UserRow.id == user_id).values(language=language))

    async def set_password(self, user_id: str, password_hash: str, keep: str | None) -> None:
        """A new password hash; every session but ``keep`` (an id hash) ends (None: the
        same password hashed anew, and every session goes on)."""
        async with self.store.writing(), self.store.sessions.begin() as s:
            await s.execute(
                update(UserRow).where(UserRow.id == user_id).values(password_hash=password_hash)
            )
            if keep is not None:
                await s.execute(
                    delete(SessionRow).where(
                        SessionRow.user_id == user_id, SessionRow.id_hash != keep
                    )
                )

    async def add_session(self, row: SessionRow) -> None:
        """Store a new session (the account's expired ones go meanwhile)."""
        async with self.store.writing(), self.store.sessions.begin() as s:
            await s.execute(
                delete(SessionRow).where(
                    SessionRow.user_id == row.user_id, SessionRow.expires_at <= row.created_at
                )
            )
            s.add(row)

    async def sweep_sessions(self, now: float) -> int:
        """Delete every session expired by ``now`` (the account's own go at its next
        sign-in; this takes those of accounts that never come back): how many."""
        async with self.store.writing(), self.store.sessions.begin() as s:
            done = await s.execute(delete(SessionRow).where(SessionRow.expires_at <= now))
        return int(getattr(done, "rowcount", 0) or 0)

    async def session(self, id_hash: str, now: float) -> tuple[UserRow, SessionRow] | None:
        """The live session with this id hash and its account (not deleted), if any."""
        async with self.store.sessions() as s:
            found = (
                await s.execute(
                    select(UserRow, SessionRow)
                    .join(SessionRow, SessionRow.user_id == UserRow.id)
                    .where(
                        SessionRow.id_hash == id_hash,
                        SessionRow.expires_at > now,
                        UserRow.deleted_at.is_(None),
                    )
                )
            ).first()
        return (found[0], found[1]) if found is not None else None

    async def end_session(self, id_hash: str) -> None:
        async with self.store.writing(), self.store.sessions.begin() as s:
            await s.execute(delete(SessionRow).where(SessionRow.id_hash == id_hash))

    async def delete(self, user_id: str, now: float) -> list[str]:
        """Delete an account in one transaction: its name, password and sessions go, its
        seats and chat lines show :data:`FORMER`; its games stay. The tables it sat at."""
        async with self.store.writing(), self.store.sessions.begin() as s:
            seats = (
                await s.execute(
                    select(SeatRow.table_id, SeatRow.seat).where(SeatRow.user_id == user_id)
                )
            ).all()
            await s.execute(delete(SessionRow).where(SessionRow.user_id == user_id))
            await s.execute(
                update(UserRow)
                .where(UserRow.id == user_id)
                .values(
                    name=FORMER,
                    name_key=f"#{user_id}",
                    password_hash="",
                    deleted_at=now,
                    language=None,
                )
            )
            await s.execute(update(SeatRow).where(SeatRow.user_id == user_id).values(name=FORMER))
            said = [and_(ChatRow.table_id == t, ChatRow.seat == n) for t, n in seats]
            for start in range(0, len(said), 200):  # a bounded statement per batch
                await s.execute(
                    update(ChatRow).where(or_(*said[start : start + 200])).values(name=FORMER)
                )
        return sorted({t for t, _ in seats})

    async def attach(self, user_id: str, claims: list[tuple[str, str]]) -> list[tuple[str, int]]:
        """Attach to the account each seat whose token hash a claim (table, hash) names,
        unless it belongs to another account; the (table, seat) now attached."""
        done: list[tuple[str, int]] = []
        if not claims:
            return done
        async with self.store.writing(), self.store.sessions.begin() as s:
            for table_id, token_hash in claims:
                seats = (
                    await s.scalars(
                        select(SeatRow.seat).where(
                            SeatRow.table_id == table_id,
                            SeatRow.token_hash == token_hash,
                            or_(SeatRow.user_id.is_(None), SeatRow.user_id == user_id),
                        )
                    )
                ).all()
                for seat in seats:
                    await s.execute(
                        update(SeatRow)
                        .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                        .values(user_id=user_id)
                    )
                    done.append((table_id, seat))
        return done

    async def seat_users(self, table_id: str) -> dict[int, str | None]:
        """Each seat of a table and the account it belongs to, as stored now."""
        async with self.store.sessions() as s:
            rows = (
                await s.execute(
                    select(SeatRow.seat, SeatRow.user_id).where(SeatRow.table_id == table_id)
                )
            ).all()
        return {seat: user for seat, user in rows}

    async def tables_of(self, user_id: str, limit: int = 200) -> list[tuple[str, list[int]]]:
        """The tables where the account holds seats, newest first, with its seats there."""
        async with self.store.sessions() as s:
            rows: Any = (
                await s.execute(
                    select(SeatRow.table_id, SeatRow.seat)
                    .join(TableRow, TableRow.id == SeatRow.table_id)
                    .where(SeatRow.user_id == user_id)
                    .order_by(TableRow.created_at.desc(), SeatRow.seat)
                )
            ).all()
        seats: dict[str, list[int]] = defaultdict(list)
        for table_id, seat in rows:
            if table_id in seats or len(seats) < limit:
                seats[table_id].append(seat)
        return list(seats.items())
