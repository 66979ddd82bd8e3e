"""Mail in SQL: addresses and their tokens, the outbox (claimed by one sender at a time,
however many processes share the database), and the chat waiting to be told of."""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.exc import IntegrityError

from vaka.i18n import SOURCE, known
from vaka.server.mail.rows import AddressRow, ChatWaitRow, OutboxRow
from vaka.server.store import ChatRow, SeatRow, Store, TableRow, UserRow
from vaka.server.tokens import token_hash

#: What a person may hear of: the column of each in ``mail_addresses``.
KINDS = ("turns", "ends", "chat")
#: ``claimed_until`` of a mail given up for good (the relay refused it outright)
NEVER = 1e18


@dataclass(frozen=True)
class Mail:
    """A mail to put in the outbox."""

    user_id: str
    key: str  # what it tells of: one mail per account and key, however often it is asked
    subject: str
    body: str
    address: str | None = None  # a confirmation's address (others: the confirmed one)
    due_at: float = 0.0


class MailStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    def _writing(self) -> Any:
        return self.store.writing()

    # ------------------------------------------------------------ addresses
    async def address(self, user_id: str) -> AddressRow | None:
        async with self.store.sessions() as s:
            return await s.get(AddressRow, user_id)

    async def deliverable(self, user_id: str) -> AddressRow | None:
        """The account's address if mail may go there now: confirmed, not stopped, and
        the account not deleted."""
        async with self.store.sessions() as s:
            found: AddressRow | None = await s.scalar(
                select(AddressRow)
                .join(UserRow, UserRow.id == AddressRow.user_id)
                .where(
                    AddressRow.user_id == user_id,
                    AddressRow.confirmed_at.is_not(None),
                    AddressRow.stopped_at.is_(None),
                    UserRow.deleted_at.is_(None),
                )
            )
            return found

    async def set_address(
        self,
        user_id: str,
        address: str,
        wants: dict[str, bool],
        confirm: Mail | None,
        token: str | None,
    ) -> None:
        """Keep ``address`` for the account, with what it wants (which turns mail on
        again where it was stopped). A new address (or another one) is unconfirmed until
        ``token`` (its hash kept) is sent back; ``confirm``, the mail that carries it, is
        put in the outbox in the same transaction."""
        now = time.time()
        async with self._writing(), self.store.sessions.begin() as s:
            row = await s.get(AddressRow, user_id)
            if row is not None and row.address == address:
                for kind in KINDS:
                    setattr(row, kind, wants[kind])
                row.stopped_at = None
                return
            if token is None:
                raise ValueError("a new address needs its confirmation token")
            if row is None:
                row = AddressRow(user_id=user_id, created_at=now)
                s.add(row)
            row.address, row.confirm_hash, row.confirmed_at = address, token_hash(token), None
            row.stop_token, row.stopped_at = secrets.token_urlsafe(24), None
            for kind in KINDS:
                setattr(row, kind, wants[kind])
            await s.execute(  # a confirmation not yet sent to the old address: not now
                delete(OutboxRow).where(
                    OutboxRow.user_id == user_id,
                    OutboxRow.key.like("confirm:%"),
                    OutboxRow.sent_at.is_(None),
                )
            )
            if confirm is not None:
                await s.flush()
                await self._put(s, [confirm], now)

    async def forget(self, user_id: str) -> None:
        """Drop the account's address, and the mail not yet sent to it."""
        async with self._writing(), self.store.sessions.begin() as s:
            await s.execute(
                delete(OutboxRow).where(OutboxRow.user_id == user_id, OutboxRow.sent_at.is_(None))
            )
            await s.execute(delete(ChatWaitRow).where(ChatWaitRow.user_id == user_id))
            await s.execute(delete(AddressRow).where(AddressRow.user_id == user_id))

    async def forget_deleted(self) -> int:
        """Drop the addresses of deleted accounts (and what waited for them): a deleted
        account keeps its id, but nothing of its person."""
        async with self.store.sessions() as s:
            gone = list(
                (
                    await s.scalars(
                        select(AddressRow.user_id)
                        .join(UserRow, UserRow.id == AddressRow.user_id)
                        .where(UserRow.deleted_at.is_not(None))
                    )
                ).all()
            )
        for user_id in gone:
            await self.forget(user_id)
        return len(gone)

    async def confirm(self, token: str) -> bool:
        """Confirm the address whose confirmation token this is; False if none is."""
        async with self._writing(), self.store.sessions.begin() as s:
            done = await s.execute(
                update(AddressRow)
                .where(AddressRow.confirm_hash == token_hash(token))
                .values(confirmed_at=time.time(), confirm_hash=None)
            )
            return bool(getattr(done, "rowcount", 0))

    async def stop(self, token: str) -> bool:
        """Stop all mail to the address whose stop token this is; False if none is."""
        async with self._writing(), self.store.sessions.begin() as s:
            row = await s.scalar(select(AddressRow).where(AddressRow.stop_token == token))
            if row is None:
                return False
            if row.stopped_at is None:
                row.stopped_at = time.time()
            return True

    async def listening(self, user_ids: set[str], kind: str) -> set[str]:
        """Of these accounts, those with a confirmed address, not stopped, that want to
        hear of ``kind`` (turns, ends, chat)."""
        if not user_ids:
            return set()
        async with self.store.sessions() as s:
            found = await s.scalars(
                select(AddressRow.user_id)
                .join(UserRow, UserRow.id == AddressRow.user_id)
                .where(
                    UserRow.deleted_at.is_(None),
                    AddressRow.user_id.in_(sorted(user_ids)),
                    AddressRow.confirmed_at.is_not(None),
                    AddressRow.stopped_at.is_(None),
                    getattr(AddressRow, kind).is_(True),
                )
            )
            return set(found.all())

    async def languages(self, user_ids: set[str]) -> dict[str, str]:
        """The language each of these accounts chose (English where it chose none): the
        language its mail is written in."""
        found: dict[str, str] = {u: SOURCE for u in user_ids}
        if user_ids:
            async with self.store.sessions() as s:
                rows = await s.execute(
                    select(UserRow.id, UserRow.language).where(UserRow.id.in_(sorted(user_ids)))
                )
                for user_id, language in rows.all():
                    found[user_id] = known(language) or SOURCE
        return found

    # ------------------------------------------------------------ the outbox
    async def put(self, mails: list[Mail]) -> None:
        """Put mail in the outbox; one already there under its key is left as it is."""
        if mails:
            async with self._writing(), self.store.sessions.begin() as s:
                await self._put(s, mails, time.time())

    async def _put(self, s: Any, mails: list[Mail], now: float) -> None:
        insert = pg_insert if self.store.is_postgres else sqlite_insert
        rows = [
            {
                "user_id": m.user_id,
                "key": m.key[:96],
                "address": m.address,
                "subject": m.subject,
                "body": m.body,
                "created_at": now,
                "due_at": m.due_at or now,
                "attempts": 0,
            }
            for m in mails
        ]
        await s.execute(
            insert(OutboxRow).on_conflict_do_nothing(index_elements=["user_id", "key"]), rows
        )

    async def claim(self, now: float, hold: float, limit: int = 20) -> list[OutboxRow]:
        """Mail due now that no sender holds, now held by this one for ``hold`` seconds
        (a sender that dies lets it go when that runs out)."""
        async with self.store.sessions() as s:
            due = (
                await s.scalars(
                    select(OutboxRow)
                    .where(
                        OutboxRow.sent_at.is_(None),
                        OutboxRow.due_at <= now,
                        (OutboxRow.claimed_until.is_(None)) | (OutboxRow.claimed_until < now),
                    )
                    .order_by(OutboxRow.due_at)
                    .limit(limit)
                )
            ).all()
        held = []
        for row in due:
            async with self._writing(), self.store.sessions.begin() as s:
                done = await s.execute(
                    update(OutboxRow)
                    .where(
                        OutboxRow.id == row.id,
                        OutboxRow.sent_at.is_(None),
                        (OutboxRow.claimed_until.is_(None)) | (OutboxRow.claimed_until < now),
                    )
                    .values(claimed_until=now + hold)
                )
            if getattr(done, "rowcount", 0) == 1:
                held.append(row)
        return held

    async def sent(self, mail_id: int) -> None:
        async with self._writing(), self.store.sessions.begin() as s:
            await s.execute(
                update(OutboxRow)
                .where(OutboxRow.id == mail_id)
                .values(sent_at=time.time(), claimed_until=None, last_error=None)
            )

    async def failed(self, mail_id: int, error: str, again_at: float | None) -> None:
        """A try failed: try again at ``again_at`` (None: never; it stays, unsent)."""
        async with self._writing(), self.store.sessions.begin() as s:
            await s.execute(
                update(OutboxRow)
                .where(OutboxRow.id == mail_id)
                .values(
                    attempts=OutboxRow.attempts + 1,
                    claimed_until=None if again_at is not None else NEVER,
                    due_at=again_at if again_at is not None else OutboxRow.due_at,
                    last_error=error[:500],
                )
            )

    async def pending(self, user_id: str) -> list[OutboxRow]:
        """The account's mail not yet sent (for tests and the curious)."""
        async with self.store.sessions() as s:
            rows = await s.scalars(
                select(OutboxRow).where(OutboxRow.user_id == user_id, OutboxRow.sent_at.is_(None))
            )
            return list(rows.all())

    # ------------------------------------------------------------ chat
    async def chat_said(self, user_id: str, table_id: str, at: float, every: float) -> None:
        """Someone wrote (at ``at``) to ``user_id`` at ``table_id``: tell of it once the
        lines have gathered a little, and an ``every`` seconds at least after the last
        mail about this table's chat."""
        now = time.time()
        gather = min(60.0, every / 60)
        try:
            async with self._writing(), self.store.sessions.begin() as s:
                row = await s.get(ChatWaitRow, (user_id, table_id))
                if row is None:
                    s.add(
                        ChatWaitRow(
                            user_id=user_id,
                            table_id=table_id,
                            since=at - 1e-3,
                            due_at=now + gather,
                        )
                    )
                elif row.due_at is None and at > row.since:
                    row.due_at = max(now + gather, (row.mailed_at or 0) + every)
        except IntegrityError:  # another process made the row first: it waits already
            pass

    async def next_chat_due(self) -> float | None:
        """When the soonest gathered chat is due to be mailed (None: none waits)."""
        async with self.store.sessions() as s:
            due: float | None = await s.scalar(select(func.min(ChatWaitRow.due_at)))
            return due

    async def chat_due(self, now: float) -> list[ChatWaitRow]:
        async with self.store.sessions() as s:
            rows = await s.scalars(select(ChatWaitRow).where(ChatWaitRow.due_at <= now).limit(50))
            return list(rows.all())

    async def chat_lines(
        self, wait: ChatWaitRow
    ) -> tuple[str, str | None, list[tuple[str, str, float]]]:
        """A waiting table's game, the account's first seat there, and the lines others
        wrote since (name, text, at)."""
        async with self.store.sessions() as s:
            game = await s.scalar(select(TableRow.game).where(TableRow.id == wait.table_id))
            seats = (
                await s.scalars(
                    select(SeatRow.seat).where(
                        SeatRow.table_id == wait.table_id, SeatRow.user_id == wait.user_id
                    )
                )
            ).all()
            lines = (
                await s.execute(
                    select(ChatRow.seat, ChatRow.name, ChatRow.text, ChatRow.at)
                    .where(ChatRow.table_id == wait.table_id, ChatRow.at > wait.since)
                    .order_by(ChatRow.id)
                )
            ).all()
        said = [(n, t, at) for seat, n, t, at in lines if seat not in seats]
        return game or "", str(min(seats)) if seats else None, said

    async def chat_told(self, wait: ChatWaitRow, upto: float, mail: Mail | None) -> None:
        """The waiting chat told (``mail``, put in the outbox in the same transaction)
        up to the line at ``upto``; nothing waits now."""
        now = time.time()
        async with self._writing(), self.store.sessions.begin() as s:
            await s.execute(
                update(ChatWaitRow)
                .where(ChatWaitRow.user_id == wait.user_id, ChatWaitRow.table_id == wait.table_id)
                .values(
                    since=max(upto, wait.since),
                    due_at=None,
                    mailed_at=now if mail is not None else wait.mailed_at,
                )
            )
            if mail is not None:
                await self._put(s, [mail], now)
